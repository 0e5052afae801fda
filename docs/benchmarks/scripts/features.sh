#!/bin/bash
# Table "Features against plain": --limit, linear and smooth uvs at depth 7 against the same surface
# without them (bigguy_charts; charts_novt is it without its vt lines), and displacement (a height map
# along the limit normal, testdata/maps/bumps.png) against --limit with the same uvs. A warm-up process
# per case, then kernels and end to end of a steady one (--warmup 3 --reps 10, medians); verify
# --levels 5 of each. $JAR may be a class path (jars of the build's classes and of the libraries).
# Run: . .device/on-device.sh; bash docs/benchmarks/scripts/features.sh
. "$(dirname "$0")/common.sh"
header
meshes
L="java -cp $J org.loopsub.samples.cli.LoopsubCommand"
DISPLACE="--displace testdata/maps/bumps.png --displace-scale 0.05"
k() { $L bench "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep "^kernel time\|^end to end" | cut -c1-60 | tr "\n" " "; }
for c in "$G/charts_novt.obj --levels 7" "$G/charts_novt.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 7 --uv linear" \
         "$G/bigguy_charts.obj --levels 7 --uv smooth" "$G/bigguy_charts.obj --levels 7 --uv linear --limit" \
         "$G/bigguy_charts.obj --levels 7 --uv linear $DISPLACE"; do
  $L bench $c --backend gl --warmup 1 --reps 1 > /dev/null 2>&1
  echo "$c: $(k $c)"
done
for c in "$G/charts_novt.obj --limit" "$G/bigguy_charts.obj --uv linear" "$G/bigguy_charts.obj --uv smooth" \
         "$G/bigguy_charts.obj --uv linear $DISPLACE"; do
  echo "verify $c --levels 5: $($L verify $c --levels 5 2>&1 | grep '^result')"
done
