#!/bin/bash
# The session's final code on the H200 (strict uniform lookups, the modules split): verify on every
# shader variant family and GPU frames through the demo. Run: . .device/on-device.sh; bash docs/benchmarks/gpu-2026-11-27-async/check-final.sh
J="java -cp .device/bin/loopsub.jar org.loopsub.samples.cli.LoopsubCommand"
M=testdata/meshes
EYE=0.536435,1.05354,41.9797; TGT=0.536435,1.05354,0.0729135
S="--eye $EYE --target $TGT --viewport 1920x1080"
set -x
$J verify $M/bigguyT.obj --levels 4
$J verify $M/rookT.obj --levels 3 --limit
$J verify $M/rookT.obj --levels 3 --creasing chaikin
$J verify $M/cylinder_uv.obj --levels 3 --uv smooth --limit
$J verify $M/cylinder_uv.obj --adaptive --max-depth 5 --max-edge 0.05 --uv smooth
$J verify $M/bigguyT.obj --adaptive --max-depth 7 --screen-px 2 $S --limit
$J verify $M/bigguyT.obj --adaptive --max-depth 7 --flatness 0.001 --cull none --screen-px 3 $S
$J verify $M/teapot.obj --weld none --levels 3
$J demo --headless --frames 40 --sample bigguy --screen-px 1 --orbit 1 --size 1920x1080 --max-depth 8
$J demo --headless --frames 40 --sample rook --screen-px 2 --orbit 1 --limit
$J demo --headless --frames 40 --sample cylinder --screen-px 2 --orbit 1 --uv smooth --max-triangles 50000
$J subdivide --sample cylinder --levels 3 -o /tmp/c.glb
