#!/bin/bash
# Table "Features against plain": --limit, linear and smooth uvs at depth 7 against the same surface
# without them (bigguy_charts; charts_novt is it without its vt lines). A warm-up process per case,
# then kernels and end to end of a steady one (--warmup 3 --reps 10, medians); verify --levels 5 of each.
# Run: . .device/on-device.sh; bash docs/benchmarks/scripts/features.sh
. "$(dirname "$0")/common.sh"
header
meshes
k() { java -jar $J bench "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep "^kernel time\|^end to end" | cut -c1-60 | tr "\n" " "; }
for c in "$G/charts_novt.obj --levels 7" "$G/charts_novt.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 7 --uv linear" \
         "$G/bigguy_charts.obj --levels 7 --uv smooth"; do
  java -jar $J bench $c --backend gl --warmup 1 --reps 1 > /dev/null 2>&1
  echo "$c: $(k $c)"
done
for c in "$G/charts_novt.obj --limit" "$G/bigguy_charts.obj --uv linear" "$G/bigguy_charts.obj --uv smooth"; do
  echo "verify $c --levels 5: $(java -jar $J verify $c --levels 5 2>&1 | grep '^result')"
done
