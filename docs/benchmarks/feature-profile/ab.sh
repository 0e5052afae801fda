#!/bin/bash
# A build against another in the same call: NEW (a zip of changed classes, first on the class path)
# against the jar (or OLD, a zip first on the jar's class path), alternating, kernels and end to end
# (median of 10 after 3 warm-ups).
set -u
J=.device/bin/loopsub.jar
NEW=${NEW:-.device/cz/new.zip}
OLD=${OLD:+$OLD:}
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
k() { java -cp "$1" org.loopsub.samples.cli.LoopsubCommand bench "${@:2}" --backend gl --warmup 3 --reps 10 2>&1 | grep "^kernel time\|^end to end" | cut -c1-40 | tr "\n" " "; }
while read -r c; do
  [ -z "$c" ] && continue
  java -cp $NEW:$J org.loopsub.samples.cli.LoopsubCommand bench $c --backend gl --warmup 0 --reps 1 > /dev/null 2>&1
  java -cp $OLD$J org.loopsub.samples.cli.LoopsubCommand bench $c --backend gl --warmup 0 --reps 1 > /dev/null 2>&1
  for round in $(seq ${ROUNDS:-2}); do
    echo "$c | old: $(k $OLD$J $c)"
    echo "$c | new: $(k $NEW:$J $c)"
  done
done <<< "${CASES:-$G/bigguy_charts.obj --levels 7 --uv smooth
$G/bigguy_charts.obj --levels 6 --uv smooth
$G/charts_novt.obj --levels 7 --limit
$G/charts_novt.obj --levels 7
$M/bigguyT.obj --levels 7 --limit
$G/highvalence.obj --levels 6 --limit}"
while read -r c; do
  [ -z "$c" ] && continue
  echo "verify new $c --levels 5: $(java -cp $NEW:$J org.loopsub.samples.cli.LoopsubCommand verify $c --levels 5 2>&1 | grep '^result')"
done <<< "${VERIFY:-$G/bigguy_charts.obj --uv smooth
$G/charts_novt.obj --limit
$G/highvalence.obj --limit}"
