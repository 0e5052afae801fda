#!/bin/bash
# Table "On an H100": kernels alone of the kinds whose general records weigh most (rookT, highvalence)
# beside bigguyT and smooth uvs, a warm-up process each, then --warmup 3 --reps 10 (median); verify
# at a smaller depth. A quick comparison between cards.
# Run: . .device/on-device.sh; bash docs/benchmarks/scripts/kinds-short.sh
. "$(dirname "$0")/common.sh"
header
meshes
for c in "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6" "$M/bigguyT.obj --levels 7" "$G/bigguy_charts.obj --levels 7 --uv smooth"; do
  java -jar $J bench $c --backend gl --warmup 1 --reps 1 > /dev/null 2>&1
  echo "$c: $(java -jar $J bench $c --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60)"
done
for c in "$M/rookT.obj --levels 5" "$G/highvalence.obj --levels 5" "$G/bigguy_charts.obj --levels 4 --uv smooth"; do
  echo "verify $c: $(java -jar $J verify $c 2>&1 | grep '^result')"
done
