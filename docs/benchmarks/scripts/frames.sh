#!/bin/bash
# Table "A renderer's adaptive frames": GpuMesh.refine every frame through `loopsub demo --headless`,
# the demo's orbiting camera at 1920 x 1080, depth 8, $FRAMES frames (default 400), medians: the host
# time of the refine call, the GPU time of its passes, the whole frame and its triangles; bigguy at
# 1 and 4 px, bigguy_holes at 1 px, bigguy within a 2 M triangle budget, rookT at 1 and 4 px,
# highvalence (vertices of valence up to 40) at 1 px. $JAR may be a class path. Then
# where a frame's GPU time goes pass by pass (bench, bigguyT at 1 px, the whole figure in view) and
# verify of the cases. Per-frame JSON (--stats-json) under $OUT (else a temporary folder).
# Run: . .device/on-device.sh; bash docs/benchmarks/scripts/frames.sh
. "$(dirname "$0")/common.sh"
header
meshes
FRAMES=${FRAMES:-400}
JSON=${OUT:-$T}/frames-json
mkdir -p $JSON
L="java -cp $J org.loopsub.samples.cli.LoopsubCommand"
run() {  # name, then demo arguments
  local name=$1; shift
  timeout 150 java -Dloopsub.gl.frameStats=true -cp $J org.loopsub.samples.cli.LoopsubCommand demo --headless --orbit 0.6 --size 1920x1080 --max-depth 8 \
      --frames $FRAMES "$@" --stats-json $JSON/$name.json > $T/$name.txt 2>&1
  local rc=$?
  echo "$name (exit $rc): $(grep -oE '"(refine_host_ms_median|refine_gpu_ms_median|frame_ms_median|frame_ms_p95|triangles_median)" *: *[0-9.]+' $JSON/$name.json | tr '\n' ' ')"
  grep "^loopsub: gl:" $T/$name.txt | sed 's/^/  /'   # the mesh's own figures (loopsub.gl.frameStats)
}
# A first process on a fresh machine runs slower (clocks, shader cache): one short run first.
$L demo --headless --sample bigguy --frames 5 > /dev/null 2>&1
run bigguy-px1 --sample bigguy --screen-px 1
run bigguy-px4 --sample bigguy --screen-px 4
run holes-px1 $G/bigguy_holes.obj --screen-px 1
run bigguy-px1-budget2M --sample bigguy --screen-px 1 --max-triangles 2000000
run rook-px1 $M/rookT.obj --screen-px 1
run rook-px4 $M/rookT.obj --screen-px 4
run highvalence-px1 $G/highvalence.obj --screen-px 1
echo "== where the GPU time goes: bench bigguyT --adaptive --max-depth 8 --screen-px 1"
$L bench $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 $SCREEN --backend gl --reps 5 2>&1
for c in "$M/bigguyT.obj --screen-px 1" "$M/bigguyT.obj --screen-px 4" "$G/bigguy_holes.obj --screen-px 1" \
         "$M/bigguyT.obj --screen-px 1 --max-triangles 2000000" "$M/rookT.obj --screen-px 1" \
         "$G/highvalence.obj --screen-px 1"; do
  echo "verify $c: $($L verify $c --adaptive --max-depth 8 $SCREEN 2>&1 | grep '^result')"
done
