#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/h100-2026-11-24-features/bench.sh [path/to/loopsub.jar]
# Writes under $OUT. What creases, the limit surface and uvs cost (uniform, kernels region), and the
# renderer's per-frame path now that shading normals are the limit normals the passes carry (no
# separate normal passes): `loopsub demo` at 1 px and 4 px, with and without --limit, and a
# close-up through `bench --adaptive`. `verify` for every case reported.
set -u
JAR=${1:-samples/target/loopsub.jar}
J="java -jar $JAR"
M=testdata/meshes
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/device.txt
date -u | tee -a $OUT/device.txt
# bigguyT with a planar uv per vertex (u = x/20 + 1/2, v = y/20 + 1/2), faces f v/vt
awk '/^v /{print; n++; x[n]=$2; y[n]=$3; next}
     /^f /{o="f"; for(i=2;i<=NF;i++){split($i,a,"/"); o=o" "a[1]"/"a[1]} f[++nf]=o; next} {print}
     END{for(i=1;i<=n;i++) printf "vt %.6f %.6f\n", x[i]/20+0.5, y[i]/20+0.5; for(i=1;i<=nf;i++) print f[i]}' \
    $M/bigguyT.obj > $OUT/bigguyT_uv.obj
EYE=0.536435,1.05354,41.9797; TGT=0.536435,1.05354,0.0729135   # bigguyT: +z axis, sphere fills the view
NEAR=0.536435,1.05354,10.5496                                   # a quarter of the distance
SCREEN="--target $TGT --fov 45 --viewport 1920x1080"
# The GPU's clocks ramp up over the first half minute of work: every figure of a first pass over
# the cases came out 3x slow once, for old and new code alike. Warm up on purpose.
for i in 1 2 3 4; do $J bench $M/bigguyT.obj --levels 7 --backend gl --reps 20 --warmup 5 > /dev/null 2>&1; done
{
$J verify $M/bigguyT.obj --levels 5 --limit
$J verify $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 --eye $EYE $SCREEN --limit
$J verify $M/rookT.obj --levels 5
$J verify $M/rookT.obj --levels 5 --limit
$J verify $OUT/bigguyT_uv.obj --levels 5
$J verify $M/monsterfrogT.obj --levels 5 --limit
} > $OUT/bench.txt 2>&1
grep -E "^result|identical|differ|error" $OUT/bench.txt | head -20
B="bench --backend gl --reps 15 --warmup 5 --copy-bandwidth-gbs 2700"
{
for c in "bigguyT.obj:7:" "bigguyT.obj:7:--limit" "monsterfrogT.obj:7:" "monsterfrogT.obj:7:--limit" \
         "rookT.obj:7:" "rookT.obj:7:--ignore-creases" "rookT.obj:7:--limit"; do
  f=${c%%:*}; r=${c#*:}; l=${r%%:*}; o=${r#*:}
  echo "== $f --levels $l $o"
  $J $B $M/$f --levels $l $o
done
echo "== bigguyT_uv.obj --levels 7"
$J $B $OUT/bigguyT_uv.obj --levels 7
echo "== bigguyT adaptive close-up 1 px"
$J $B $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 --eye $NEAR $SCREEN
echo "== bigguyT adaptive close-up 1 px --limit"
$J $B $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 --eye $NEAR $SCREEN --limit
} >> $OUT/bench.txt 2>&1
grep -E "^== |^kernel time|^end to end|throughput" $OUT/bench.txt | cut -c1-160
{
for px in 1 4; do
  for lim in "" "--limit"; do
    shot=""; [ $px = 1 ] && [ -n "$lim" ] && shot="--screenshot $OUT/demo-bigguy-limit-h100.png"
    echo "== demo --screen-px $px $lim"
    timeout 120 java -Dloopsub.gl.frameStats=true -jar $JAR demo --headless --sample bigguy --frames 600 --orbit 0.6 \
        --size 1920x1080 --screen-px $px $lim --stats-json $OUT/demo-px$px${lim:+-limit}.json $shot
    echo "exit $?"
  done
done
} >> $OUT/bench.txt 2>&1
grep -E "^== demo|^frames|exit|loopsub: gl" $OUT/bench.txt
for f in $OUT/demo-px*.json; do
  echo "$(basename $f): $(grep -o '"refine_gpu_ms_median" *: *[0-9.]*' $f) $(grep -o '"refine_host_ms_median" *: *[0-9.]*' $f) $(grep -o '"frame_ms_median" *: *[0-9.]*' $f) $(grep -o '"frame_ms_p95" *: *[0-9.]*' $f)"
done
rm -f $OUT/bigguyT_uv.obj
