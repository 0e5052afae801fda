#!/bin/bash
# The regular and general halves apart (loopsub.gl.timeHalves), smooth uvs against plain without the
# fused pass, bigguy_charts depth 7.
set -u
J=${J:-.device/bin/loopsub.jar}
G=/tmp/benchmeshes
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
for c in "-Dloopsub.gl.fuse=false $G/charts_novt.obj --levels 7" "-Dloopsub.gl.fuse=false $G/bigguy_charts.obj --levels 7 --uv linear" \
         "-Dx=1 $G/bigguy_charts.obj --levels 7 --uv smooth"; do
  echo "=== $c"
  set -- $c
  p="$1"; shift
  java -Dloopsub.gl.timeHalves=true $p -jar $J bench "$@" --backend gl --warmup 3 --reps 10 2>&1 | sed -n '/^GPU kernels/,/^kernel time/p'
done
