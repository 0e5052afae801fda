#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/h100-2026-11-24-frames/bench.sh [path/to/loopsub.jar]
# Writes under $OUT. Measures the renderer's per-frame path (GpuMesh.refine through `loopsub demo`)
# with the frame's sizes kept on the GPU (one host wait per frame, the default) and level by level
# (-Dloopsub.gl.resident=false, one wait per level), plus `verify` for the cases reported.
set -u
JAR=${1:-samples/target/loopsub.jar}
J="java -jar $JAR"
M=testdata/meshes
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/device.txt
EYE=0.536435,1.05354,41.9797; TGT=0.536435,1.05354,0.0729135   # bigguyT: +z axis, sphere fills the view
SCREEN="--eye $EYE --target $TGT --fov 45 --viewport 1920x1080"
# A first process on a fresh machine ran up to 2x slower (clocks ramping): one untimed run first.
$J bench $M/bigguyT.obj --levels 7 --backend gl --reps 3 --warmup 1 > /dev/null 2>&1
{
$J verify $M/bigguyT.obj --levels 5
$J verify $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 $SCREEN
$J verify $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 4 $SCREEN
$J verify $M/mesh_with_border.obj --adaptive --max-depth 6 --max-edge 0.2
$J verify $M/monsterfrogT.obj --levels 4
} > $OUT/verify.txt 2>&1
grep -E "^result|identical|differ" $OUT/verify.txt | head -20
{
for px in 1 4; do
  for mode in resident levels; do
    opt=""; frames=600
    [ $mode = levels ] && { opt="-Dloopsub.gl.resident=false"; frames=300; }
    shot=""; [ $px = 1 ] && [ $mode = resident ] && shot="--screenshot $OUT/demo-bigguy-h100.png"
    echo "== demo --screen-px $px ($mode)"
    timeout 200 java $opt -jar $JAR demo --headless --sample bigguy --frames $frames --orbit 0.6 --size 1920x1080 \
        --screen-px $px --stats-json $OUT/demo-px$px-$mode.json $shot
    echo "exit $?"
  done
done
} > $OUT/demo.txt 2>&1
grep -E "^==|^frames|exit" $OUT/demo.txt
for f in $OUT/demo-px*.json; do
  echo "$(basename $f): $(grep -o '"refine_host_ms_median" *: *[0-9.]*' $f) $(grep -o '"refine_gpu_ms_median" *: *[0-9.]*' $f)"
done
