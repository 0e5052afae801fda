#!/bin/bash
# The build to land (new.zip: the copy into the arena spread over threads from 8 MiB for a stream used
# once, the split group of 64 with linear uvs) against main's jar (5d5eea7), alternating, two rounds.
set -u
J=.device/bin/loopsub.jar
Z=.device/cz/new.zip:$J
G=/tmp/benchmeshes
M=testdata/meshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
L() { java -cp "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep -A1 -e '^kernel time' -e '^end to end' | cut -c1-240; }
for r in 1 2; do
  for c in "$G/charts_novt.obj --levels 7" "$G/bigguy_charts.obj --levels 7 --uv linear" "$G/highvalence.obj --levels 6"; do
    echo "== main $c"; L $J org.loopsub.samples.cli.LoopsubCommand bench $c
    echo "== new $c"; L $Z org.loopsub.samples.cli.LoopsubCommand bench $c
  done
done
for c in "$G/bigguy_charts.obj --uv linear --levels 5" "$G/bigguy_charts.obj --uv linear --levels 6" "$G/highvalence.obj --levels 5" "$G/charts_novt.obj --limit --levels 5"; do
  echo "verify new $c: $(java -cp $Z org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep '^result')"
done
