#!/bin/bash
# Table "View culling", per frame: the renderer's frames (`loopsub demo --headless`, the demo's
# orbiting camera at 1920 x 1080, depth 8, $FRAMES frames, default 400, medians) with view culling
# off and on: bigguy at 1 and 4 px, bigguy at 1 px on the limit surface, bigguy_holes (open: frustum
# culling alone too); verify of every culled case. Per-frame JSON (--stats-json) under $OUT (else a temporary folder).
# Run: . .device/on-device.sh; bash docs/benchmarks/scripts/culling.sh
. "$(dirname "$0")/common.sh"
header
meshes
CLOSE="--eye 6,4,14 --target 0.5,1,0 --fov 45 --viewport 1920x1080"   # a close-up: much outside the view
FRAMES=${FRAMES:-400}
JSON=${OUT:-$T}/culling-json
mkdir -p $JSON
run() {  # name, then demo arguments
  local name=$1; shift
  timeout 150 java -jar $J demo --headless --orbit 0.6 --size 1920x1080 --max-depth 8 --frames $FRAMES "$@" \
      --stats-json $JSON/$name.json > /dev/null 2>&1
  local rc=$?
  echo "$name (exit $rc): $(grep -oE '"(refine_gpu_ms_median|refine_host_ms_median|frame_ms_median|frame_ms_p95|triangles_median)" *: *[0-9.]+' $JSON/$name.json | tr '\n' ' ')"
}
# A first process on a fresh machine runs slower (clocks, shader cache): one untimed run first.
java -jar $J bench $M/bigguyT.obj --levels 7 --backend gl --reps 3 --warmup 1 > /dev/null 2>&1
for px in 1 4; do
  for cull in none all; do
    run bigguy-px$px-$cull --sample bigguy --screen-px $px --cull $cull
  done
done
for cull in none all; do
  run bigguy-px1-$cull-limit --sample bigguy --screen-px 1 --cull $cull --limit
done
for cull in none frustum all; do
  run holes-px1-$cull $G/bigguy_holes.obj --screen-px 1 --cull $cull
done
for c in "$M/bigguyT.obj --max-depth 8 --screen-px 1 $SCREEN" "$M/bigguyT.obj --max-depth 8 --screen-px 1 $SCREEN --limit" \
         "$M/bigguyT.obj --max-depth 7 --screen-px 2 $CLOSE" "$G/bigguy_holes.obj --max-depth 8 --screen-px 1 $SCREEN --cull frustum" \
         "$G/bigguy_holes.obj --max-depth 8 --screen-px 1 $SCREEN --cull all"; do
  echo "verify $c: $(java -jar $J verify $c --adaptive 2>&1 | grep '^result')"
done
