#!/bin/bash
# The fused pass carrying smooth uvs (fz.zip: main's classes with the fused smooth uvs and the parallel
# level-0 copy, first on the class path) against main's jar; the level-0 copy on one thread against
# several (-Dloopsub.gl.parallelUpload=false), end to end. Alternating builds, two rounds.
set -u
J=.device/bin/loopsub.jar
Z=.device/cz/fz.zip:$J
G=/tmp/benchmeshes
M=testdata/meshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
L() { java -cp "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep -A1 -e '^kernel time' -e '^end to end' | cut -c1-240; }
for c in "$G/bigguy_charts.obj --levels 6 --uv smooth" "$G/bigguy_charts.obj --levels 7 --uv smooth"; do
  for r in 1 2; do
    echo "== main $c"; L $J org.loopsub.samples.cli.LoopsubCommand bench $c
    echo "== fused $c"; L $Z org.loopsub.samples.cli.LoopsubCommand bench $c
  done
done
for c in "$G/highvalence.obj --levels 6" "$M/bigguyT.obj --levels 7"; do
  for r in 1 2; do
    echo "== one thread $c"; L $Z -Dloopsub.gl.parallelUpload=false org.loopsub.samples.cli.LoopsubCommand bench $c
    echo "== parallel $c"; L $Z org.loopsub.samples.cli.LoopsubCommand bench $c
  done
done
for c in "$G/bigguy_charts.obj --uv smooth --levels 5" "$G/bigguy_charts.obj --uv smooth --levels 6" "$G/highvalence.obj --levels 5" "$M/bigguyT.obj --levels 5"; do
  echo "verify fz $c: $(java -cp $Z org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep '^result')"
done
