#!/bin/bash
# Branch level0-gather against main: level 0 used once uploaded as a per-vertex table plus each
# point slot's entry (GlLevel0.uploadGathered, loop_tile's gathered()); outputs ab1.txt (the first
# build) and ab2.txt (the words after the slots packed once, a flush after the upload, and whole
# reports of highvalence at the end). Before the call: main's jar in .device/bin/loopsub.jar, the
# branch's core, gl and shaders classes in .device/cz/new.zip.
set -u
J=.device/bin/loopsub.jar
NEW=.device/cz/new.zip
G=/tmp/benchmeshes
M=testdata/meshes
L=org.loopsub.samples.cli.LoopsubCommand
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
k() { java -cp "$1" $L bench "${@:2}" --backend gl --warmup 3 --reps 10 2>&1 | grep "^kernel time\|^end to end\|of it:" | cut -c1-90 | tr "\n" " "; }
while read -r c; do
  java -cp $NEW:$J $L bench $c --backend gl --warmup 0 --reps 1 > /dev/null 2>&1
  java -cp $J $L bench $c --backend gl --warmup 0 --reps 1 > /dev/null 2>&1
  for round in 1 2; do
    echo "$c | main: $(k $J $c)"
    echo "$c | gather: $(k $NEW:$J $c)"
  done
done <<< "$G/highvalence.obj --levels 6
$M/bigguyT.obj --levels 7
$M/rookT.obj --levels 7
$G/charts_novt.obj --levels 7 --limit
$G/bigguy_charts.obj --levels 7 --uv smooth"
for c in "$G/highvalence.obj" "$M/rookT.obj" "$G/charts_novt.obj --limit" "$G/bigguy_charts.obj --uv smooth --limit"; do
  echo "verify gather $c --levels 5: $(java -cp $NEW:$J $L verify $c --levels 5 2>&1 | grep '^result' | cut -c1-80)"
done
for cp in $J $NEW:$J; do
  echo "=== highvalence d6 whole report: $cp"
  java -cp $cp $L bench $G/highvalence.obj --levels 6 --backend gl --warmup 3 --reps 10 2>&1 | sed -n '/^levels of/,$p'
done
