#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/gpu-2026-11-27-culling/bench.sh [path/to/loopsub.jar] [folder of BenchMeshes' meshes]
# Writes under $OUT. The renderer's per-frame path (GpuMesh.refine through `loopsub demo`) with and
# without view culling, on bigguy (closed) and bigguy_holes (100 boundary loops), plus `verify` for
# every culled case reported.
set -u
JAR=${1:-samples/target/loopsub.jar}
MESHES=${2:-.device/meshes}
J="java -jar $JAR"
M=testdata/meshes
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/device.txt
EYE=0.536435,1.05354,41.9797; TGT=0.536435,1.05354,0.0729135   # bigguyT: +z axis, the whole figure in view
SCREEN="--eye $EYE --target $TGT --fov 45 --viewport 1920x1080"
CLOSE="--eye 6,4,14 --target 0.5,1,0 --fov 45 --viewport 1920x1080"   # a close-up: much outside the view
# A first process on a fresh machine runs slower (clocks ramping, shader cache): one untimed run first.
$J bench $M/bigguyT.obj --levels 7 --backend gl --reps 3 --warmup 1 > /dev/null 2>&1
{
$J verify $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 $SCREEN
$J verify $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 $SCREEN --limit
$J verify $M/bigguyT.obj --adaptive --max-depth 7 --screen-px 2 $CLOSE
$J verify $MESHES/bigguy_holes.obj --adaptive --max-depth 8 --screen-px 1 $SCREEN --cull frustum
$J verify $MESHES/bigguy_holes.obj --adaptive --max-depth 8 --screen-px 1 $SCREEN --cull all
} > $OUT/verify.txt 2>&1
grep -cE "identical" $OUT/verify.txt; grep -E "differ" $OUT/verify.txt | head -5
mkdir -p $OUT/json
run() {  # name, then demo arguments
  local name=$1; shift
  echo "== $name: demo $*"
  timeout 150 $J demo --headless --orbit 0.6 --size 1920x1080 --max-depth 8 "$@" \
      --stats-json $OUT/json/demo-$name.json
  echo "exit $?"
}
{
for px in 1 4; do
  for cull in none all; do
    run bigguy-px$px-$cull --sample bigguy --frames 400 --screen-px $px --cull $cull
  done
done
for cull in none all; do
  run bigguy-px1-$cull-limit --sample bigguy --frames 400 --screen-px 1 --cull $cull --limit
done
for cull in none frustum all; do
  run holes-px1-$cull $MESHES/bigguy_holes.obj --frames 400 --screen-px 1 --cull $cull
done
run bigguy-px1-all-shot --sample bigguy --screen-px 1 --cull all --no-hud --frames 60 --screenshot $OUT/bigguy-px1-culled.png
} > $OUT/demo.txt 2>&1
grep -E "^==|^frames|exit" $OUT/demo.txt
for f in $OUT/json/demo-*.json; do
  echo "$(basename $f .json): $(grep -o '"refine_gpu_ms_median" *: *[0-9.]*' $f) $(grep -o '"refine_host_ms_median" *: *[0-9.]*' $f) $(grep -o '"frame_ms_median" *: *[0-9.]*' $f) $(grep -o '"triangles_median" *: *[0-9]*' $f)"
done | tee $OUT/summary.txt
tar czf $OUT/json.tgz -C $OUT json && rm -r $OUT/json   # at most 8 files come back
