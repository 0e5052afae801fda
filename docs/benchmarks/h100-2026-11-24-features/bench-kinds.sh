#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/h100-2026-11-24-features/bench-kinds.sh [path/to/loopsub.jar]
# The per-kind table of ../h100-2026-11-24-kinds again, plain and with --limit (uniform, kernels
# region), after the births stopped sorting their rings; `verify --limit` at depth 4 for each.
set -u
JAR=${1:-samples/target/loopsub.jar}
J="java -jar $JAR"
M=testdata/meshes
G=$OUT/meshes
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/device-kinds.txt
date -u | tee -a $OUT/device-kinds.txt
java -cp $JAR org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
for i in 1 2 3 4; do $J bench $M/bigguyT.obj --levels 7 --backend gl --reps 20 --warmup 5 > /dev/null 2>&1; done
CASES="$M/bigguyT.obj:7 $M/monsterfrogT.obj:7 $M/rookT.obj:7 $G/bigguy_holes.obj:7 $G/bigguy_slits.obj:7
 $G/bigguy_corners.obj:7 $G/highvalence.obj:6 $G/open_grid.obj:6"
{
[ "${SKIP_VERIFY:-}" = 1 ] || for c in $CASES; do
  f=${c%%:*}
  echo "== verify $(basename $f) --levels 4 --limit"
  $J verify $f --levels 4 --limit 2>&1 | grep -E "^result"
done
# Each case twice in a row, the second reported: a first run after a pause (the verify above, JVM
# start-up) sometimes found the GPU's clocks down and came out 3x slow (bench-kinds-first.txt).
B="bench --backend gl --reps 15 --warmup 5 --copy-bandwidth-gbs 2700"
for c in $CASES; do
  f=${c%%:*}; l=${c##*:}
  for o in "" "--limit"; do
    $J $B $f --levels $l $o > /dev/null 2>&1
    echo "== $(basename $f) --levels $l $o"
    $J $B $f --levels $l $o
  done
done
} > $OUT/bench-kinds.txt 2>&1
grep -E "^== |^result|^kernel time|^end to end" $OUT/bench-kinds.txt | cut -c1-140
rm -rf $G
