#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/h100-2026-11-24-kinds/bench.sh [path/to/loopsub.jar]
# Uniform refinement of every kind of mesh: the two closed meshes and the generated kinds
# (org.loopsub.samples.meshes.BenchMeshes: holes, slits, valence-2 corners, valence 12-16, an open
# grid with 220 holes). `verify` at depth 5 for each, then `bench` (kernels region, median of 20).
set -u
JAR=${1:-samples/target/loopsub.jar}
J="java -jar $JAR"
M=testdata/meshes
G=$OUT/meshes
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/device.txt
java -cp $JAR org.loopsub.samples.meshes.BenchMeshes $G > $OUT/meshes.txt 2>&1
for f in $G/*.obj; do $J info $f; done > $OUT/info.txt 2>&1
# A first process on a fresh machine ran up to 2x slower (clocks ramping): one untimed run first.
$J bench $M/bigguyT.obj --levels 7 --backend gl --reps 3 --warmup 1 > /dev/null 2>&1
CASES="$M/bigguyT.obj:7 $M/monsterfrogT.obj:7 $G/bigguy_holes.obj:7 $G/bigguy_slits.obj:7 $G/bigguy_corners.obj:7
 $G/highvalence.obj:6 $G/open_grid.obj:6 $G/open_grid.obj:7"
for c in $CASES; do
  f=${c%%:*}
  echo "== verify $(basename $f) --levels 5"
  $J verify $f --levels 5 2>&1 | grep -E "^result"
done > $OUT/verify.txt 2>&1
cat $OUT/verify.txt
B="bench --backend gl --reps 20 --warmup 10 --copy-bandwidth-gbs 2700"
for c in $CASES; do
  f=${c%%:*}; l=${c##*:}
  echo "== $(basename $f) --levels $l"
  $J $B $f --levels $l --json $OUT/$(basename $f .obj)-$l.json
done > $OUT/bench.txt 2>&1
grep -E "^== |^kernel time|^end to end|^refine time|throughput" $OUT/bench.txt | cut -c1-150
