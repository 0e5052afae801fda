#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/h100-2026-11-24/bench.sh
# Needs samples/target/loopsub.jar (mvn -B -DskipTests package) and writes under $OUT.
set -u
J="java -jar samples/target/loopsub.jar"
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
B="bench --backend gl --reps 20 --warmup 10 --copy-bandwidth-gbs 2700"
{
$J $B $M/bigguyT.obj --levels 7 --json $OUT/bigguy7.json
$J $B $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 $SCREEN
$J $B $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 4 $SCREEN
} > $OUT/bench.txt 2>&1
grep -E "^refinement|^kernel time|^end to end" $OUT/bench.txt | cut -c1-140
# The live demo, headless: 600 frames orbiting 0.6 degrees a frame at 1920x1080.
{
for px in 1 4; do
  shot=""; [ $px = 1 ] && shot="--screenshot $OUT/demo-bigguy-h100.png"
  echo "== demo --screen-px $px"
  timeout 300 $J demo --headless --sample bigguy --frames 600 --orbit 0.6 --size 1920x1080 --screen-px $px \
      --stats-json $OUT/demo-px$px.json $shot
  echo "exit $?"
done
} > $OUT/demo.txt 2>&1
cat $OUT/demo.txt | tail -20
