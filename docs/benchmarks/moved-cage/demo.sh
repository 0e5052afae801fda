#!/bin/bash
# A renderer's animated cage: loopsub demo --headless --animate (GpuMesh.updatePositions every
# frame), the moves through the per-vertex table (default) against through every record's slots
# (-Dloopsub.noTable=true, a switch of the build measured only), and the still mesh; frame ms is the
# host's time per frame (input, the move, the refinement, drawing), refine gpu ms the passes'.
set -u
J=.device/bin/loopsub.jar
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
d() { java "$@" 2>/dev/null | grep "^frames"; }
for m in "--sample bigguy" "$G/highvalence.obj"; do
  java -jar $J demo --headless $m --frames 5 > /dev/null 2>&1
  for round in 1 2; do
    echo "$m | still:  $(d -jar $J demo --headless $m --frames 200 --screen-px 2)"
    echo "$m | slots:  $(d -Dloopsub.noTable=true -jar $J demo --headless $m --frames 200 --screen-px 2 --animate)"
    echo "$m | table:  $(d -jar $J demo --headless $m --frames 200 --screen-px 2 --animate)"
  done
done
