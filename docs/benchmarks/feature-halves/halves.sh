#!/bin/bash
set -u
J=.device/bin/loopsub.jar
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
for c in "$G/charts_novt.obj --levels 7" "$G/bigguy_charts.obj --levels 7 --uv linear" "$G/charts_novt.obj --levels 7 --limit"; do
  echo "=== $c"
  java -Dloopsub.gl.timeHalves=true -jar $J bench $c --backend gl --warmup 3 --reps 10 2>&1 | sed -n '/^GPU kernels/,/^kernel time/p'
done
