#!/bin/bash
# The direct pass's regular half staged (STAGED_APART) against straight stores, one build, switched
# by -Dloopsub.gl.stageDirect; linear uvs and --limit, whose dense pair doubled (feature-halves).
set -u
J=.device/bin/loopsub.jar
NEW=.device/cz/new.zip
G=/tmp/benchmeshes
L=org.loopsub.samples.cli.LoopsubCommand
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
k() { java "${@:2}" -cp $NEW:$J $L bench $1 --backend gl --warmup 3 --reps 10 2>&1 | grep "^kernel time\|^end to end" | cut -c1-40 | tr "\n" " "; }
while read -r c; do
  java -cp $NEW:$J $L bench $c --backend gl --warmup 0 --reps 1 > /dev/null 2>&1
  java -Dloopsub.gl.stageDirect=false -cp $NEW:$J $L bench $c --backend gl --warmup 0 --reps 1 > /dev/null 2>&1
  for round in 1 2; do
    echo "$c | straight: $(k "$c" -Dloopsub.gl.stageDirect=false)"
    echo "$c | staged:   $(k "$c")"
  done
done <<< "$G/bigguy_charts.obj --levels 7 --uv linear
$G/charts_novt.obj --levels 7 --limit
$G/charts_novt.obj --levels 7"
java -Dloopsub.gl.timeHalves=true -cp $NEW:$J $L bench $G/bigguy_charts.obj --levels 7 --uv linear --backend gl --warmup 3 --reps 10 2>&1 | sed -n '/^GPU kernels/,/^kernel time/p'
for c in "$G/bigguy_charts.obj --uv linear" "$G/charts_novt.obj --limit" "$G/bigguy_charts.obj --uv linear --limit" "testdata/meshes/rookT.obj --limit"; do
  echo "verify staged $c --levels 5: $(java -cp $NEW:$J $L verify $c --levels 5 2>&1 | grep '^result' | cut -c1-80)"
done
