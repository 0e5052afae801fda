#!/bin/bash
# Table "A moved cage": a renderer's animated cage through `loopsub demo --headless` (1280 x 720,
# 2 px, $FRAMES frames, default 200): still, --animate (a wave through the cage computed on the GPU,
# GpuMesh.updatePositions(glBuffer, ...) every frame) and the same with the cage computed on the host
# (-Dloopsub.demo.cageOnHost=true: updatePositions(float[])), two rounds after a short warm-up run per mesh. Frame ms is the host's time per frame (input,
# the move, the refinement, drawing), refine gpu ms the passes' GPU time.
# Run: . .device/on-device.sh; bash docs/benchmarks/scripts/moved-cage.sh
. "$(dirname "$0")/common.sh"
header
meshes
FRAMES=${FRAMES:-200}
d() { java -jar $J demo --headless "$@" 2>/dev/null | grep "^frames"; }
for m in "--sample bigguy" "$G/highvalence.obj"; do
  java -jar $J demo --headless $m --frames 5 > /dev/null 2>&1
  for round in 1 2; do
    echo "$m | still:    $(d $m --frames $FRAMES --screen-px 2)"
    echo "$m | animated: $(d $m --frames $FRAMES --screen-px 2 --animate)"
    echo "$m | animated, cage on the host: $(java -Dloopsub.demo.cageOnHost=true -jar $J demo --headless $m \
        --frames $FRAMES --screen-px 2 --animate 2>/dev/null | grep "^frames")"
  done
done
