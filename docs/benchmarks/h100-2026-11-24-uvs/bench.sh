#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/h100-2026-11-24-uvs/bench.sh [path/to/loopsub.jar]
# Writes under $OUT. What the smooth uv rule (--uv smooth) costs against the linear one, uniform
# depth 7, kernels region, on bigguy_charts.obj (bigguyT with two planar uv charts, a seam along the
# silhouette; written by BenchMeshes), with and without --limit; bigguyT without uvs as the
# baseline. `verify` (both back ends, every scan strategy) for every case reported, uniform and
# adaptive.
set -u
JAR=${1:-samples/target/loopsub.jar}
J="java -jar $JAR"
M=testdata/meshes
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/device.txt
date -u | tee -a $OUT/device.txt
java -cp $JAR org.loopsub.samples.meshes.BenchMeshes $OUT/meshes > /dev/null
C=$OUT/meshes/bigguy_charts.obj
EYE=0.536435,1.05354,41.9797; TGT=0.536435,1.05354,0.0729135
SCREEN="--target $TGT --fov 45 --viewport 1920x1080"
# The GPU's clocks ramp up over the first half minute of work (h100-2026-11-24-features): warm up.
for i in 1 2 3 4; do $J bench $M/bigguyT.obj --levels 7 --backend gl --reps 20 --warmup 5 > /dev/null 2>&1; done
{
$J verify $C --levels 5
$J verify $C --levels 5 --uv smooth
$J verify $C --levels 5 --uv smooth --limit
$J verify $C --adaptive --max-depth 8 --screen-px 1 --eye $EYE $SCREEN --uv smooth
$J verify $C --adaptive --max-depth 8 --screen-px 1 --eye $EYE $SCREEN --uv smooth --limit
} > $OUT/verify.txt 2>&1
grep -E "^result|identical|differ|error" $OUT/verify.txt | head -20
B="bench --backend gl --reps 15 --warmup 5 --copy-bandwidth-gbs 2700"
for pass in 1 2; do
{
echo "== pass $pass"
for c in "$M/bigguyT.obj:" "$C:" "$C:--uv smooth" "$C:--limit" "$C:--uv smooth --limit"; do
  f=${c%%:*}; o=${c#*:}
  echo "== $(basename $f) --levels 7 $o"
  $J $B $f --levels 7 $o
done
echo "== $(basename $C) adaptive 1 px --uv smooth"
$J $B $C --adaptive --max-depth 8 --screen-px 1 --eye $EYE $SCREEN --uv smooth
} >> $OUT/bench.txt 2>&1
done
grep -E "^== |^kernel time|^end to end|throughput" $OUT/bench.txt | cut -c1-160
