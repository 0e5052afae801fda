#!/bin/bash
# Level 0 through the arena: loop_tile reading the arena over the bus (main's jar; cf.zip as built) against
# a copy into device memory first (-Dloopsub.gl.copyFirst=true, this experiment's build), each with the
# copy into the arena spread over threads from 8 MiB (cf.zip's default) or from 1 MiB
# (-Dloopsub.gl.spreadFrom=1048576); end to end. Then linear uvs with a split group of 64.
set -u
J=.device/bin/loopsub.jar
Z=.device/cz/cf.zip:$J
G=/tmp/benchmeshes
M=testdata/meshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
L() { java -cp "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep -A1 -e '^kernel time' -e '^end to end' | cut -c1-240; }
K() { java -cp "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60; }
for c in "$G/highvalence.obj --levels 6" "$G/open_grid.obj --levels 7" "$M/bigguyT.obj --levels 7"; do
  for r in 1 2; do
    echo "== main $c"; L $J org.loopsub.samples.cli.LoopsubCommand bench $c
    echo "== spread8 $c"; L $Z org.loopsub.samples.cli.LoopsubCommand bench $c
    echo "== copyfirst spread8 $c"; L $Z -Dloopsub.gl.copyFirst=true org.loopsub.samples.cli.LoopsubCommand bench $c
    echo "== copyfirst spread1 $c"; L $Z -Dloopsub.gl.copyFirst=true -Dloopsub.gl.spreadFrom=1048576 org.loopsub.samples.cli.LoopsubCommand bench $c
  done
done
for r in 1 2; do
  for c in "$G/charts_novt.obj --levels 7" "$G/bigguy_charts.obj --levels 7 --uv linear"; do
    for t in "-Dloopsub.gl.splitGroup=128" "-Dloopsub.gl.splitGroup=64"; do
      echo "$c [$t]: $(K $J $t org.loopsub.samples.cli.LoopsubCommand bench $c)"
    done
  done
done
for c in "$G/highvalence.obj --levels 5" "$G/open_grid.obj --levels 5"; do
  echo "verify copyfirst $c: $(java -Dloopsub.gl.copyFirst=true -cp $Z org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep '^result')"
done
