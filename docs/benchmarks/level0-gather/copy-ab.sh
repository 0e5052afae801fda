#!/bin/bash
# Level 0's upload: loop_tile reading the host-memory arena over the bus (main) against the arena
# first copied to device memory (glCopyNamedBufferSubData, then loop_tile in VRAM), with and without
# the gathered points. .device/cz/dbg.zip: the branch's classes with both switches as properties.
set -u
J=.device/bin/loopsub.jar
D=.device/cz/dbg.zip
G=/tmp/benchmeshes
M=testdata/meshes
L=org.loopsub.samples.cli.LoopsubCommand
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
k() { java "${@:2}" $L bench $1 --backend gl --warmup 3 --reps 10 2>&1 | grep "^kernel time\|^end to end\|of it:" | cut -c1-60 | tr "\n" " "; }
while read -r c; do
  java -cp $D:$J $L bench $c --backend gl --warmup 0 --reps 1 > /dev/null 2>&1
  echo "$c | main:           $(k "$c" -cp $J)"
  echo "$c | bus, whole:     $(k "$c" -Dloopsub.gl.copyUpload=false -Dloopsub.gl.gather=false -cp $D:$J)"
  echo "$c | bus, gathered:  $(k "$c" -Dloopsub.gl.copyUpload=false -cp $D:$J)"
  echo "$c | copy, whole:    $(k "$c" -Dloopsub.gl.gather=false -cp $D:$J)"
  echo "$c | copy, gathered: $(k "$c" -cp $D:$J)"
  echo "$c | main:           $(k "$c" -cp $J)"
  echo "$c | copy, gathered: $(k "$c" -cp $D:$J)"
done <<< "$G/highvalence.obj --levels 6
$M/bigguyT.obj --levels 7
$M/rookT.obj --levels 7
$G/open_grid.obj --levels 7
$G/charts_novt.obj --levels 7 --limit
$G/bigguy_charts.obj --levels 7 --uv smooth"
for c in "$G/highvalence.obj --levels 6" "$M/bigguyT.obj --levels 7"; do
  for v in "-Dloopsub.gl.copyUpload=false" "-Dloopsub.gl.copyUpload=true"; do
    echo "probe $c $v"
    java -Dloopsub.probe=true $v -cp $D:$J $L bench $c --backend gl --warmup 3 --reps 4 2>&1 | grep "^probe" | tail -4
  done
done
for c in "$G/highvalence.obj" "$M/rookT.obj" "$G/charts_novt.obj --limit" "$G/bigguy_charts.obj --uv smooth --limit" "$G/open_grid.obj"; do
  echo "verify copy, gathered $c --levels 5: $(java -cp $D:$J $L verify $c --levels 5 2>&1 | grep '^result' | cut -c1-80)"
done
