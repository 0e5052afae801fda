#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/gpu-2026-11-27-async/bench.sh NEW_JAR OLD_CLASSES_ZIP MESHES
# NEW_JAR: loopsub.jar of this commit; OLD_CLASSES_ZIP: org/loopsub/** of the commit before frames
# stopped waiting (de37565), run on NEW_JAR's dependencies. Same call, same card: before and after.
# The renderer's per-frame path (GpuMesh.refine through `loopsub demo`), `bench` for the passes'
# GPU time, and `verify` for every case reported. Writes under $OUT.
set -u
NEW=${1:-.device/bin/loopsub.jar}
OLD=${2:-.device/bin/old-classes.zip}
MESHES=${3:-.device/meshes}
MAIN=org.loopsub.samples.cli.LoopsubCommand
CP_new=$NEW
CP_old=$OLD:$NEW
new() { java -Dloopsub.gl.frameStats=true -cp $CP_new $MAIN "$@"; }
old() { java -Dloopsub.gl.frameStats=true -cp $CP_old $MAIN "$@"; }
PART=${PART:-all}   # all, or demo: the per-frame runs only
M=testdata/meshes
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/device.txt
EYE=0.536435,1.05354,41.9797; TGT=0.536435,1.05354,0.0729135   # bigguyT: +z axis, the whole figure in view
SCREEN="--eye $EYE --target $TGT --fov 45 --viewport 1920x1080"
if [ "$PART" = all ]; then
# A first process on a fresh machine runs slower (clocks, shader cache): one untimed run of each first.
new bench $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 $SCREEN --backend gl --reps 2 > /dev/null 2>&1
old bench $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 $SCREEN --backend gl --reps 2 > /dev/null 2>&1
{
new verify $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 $SCREEN
new verify $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 4 $SCREEN
new verify $MESHES/bigguy_holes.obj --adaptive --max-depth 8 --screen-px 1 $SCREEN
new verify $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 $SCREEN --max-triangles 2000000
} > $OUT/verify.txt 2>&1
new bench $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 $SCREEN --backend gl --reps 5 > $OUT/bench-passes.txt 2>&1
fi
mkdir -p $OUT/json
run() {  # which (new|old), name, then demo arguments
  local which=$1 name=$2; shift 2
  local cp=CP_$which
  echo "== $which $name: demo $*"
  timeout 120 java -Dloopsub.gl.frameStats=true -cp ${!cp} $MAIN demo --headless --orbit 0.6 --size 1920x1080 --max-depth 8 "$@" \
      --stats-json $OUT/json/demo-$name-$which.json
  echo "exit $?"
}
{
for which in old new; do
  run $which bigguy-px1 --sample bigguy --frames 400 --screen-px 1
  run $which bigguy-px4 --sample bigguy --frames 400 --screen-px 4
  run $which holes-px1 $MESHES/bigguy_holes.obj --frames 400 --screen-px 1
  run $which bigguy-px1-budget2M --sample bigguy --frames 400 --screen-px 1 --max-triangles 2000000
done
run new bigguy-px1-budget2M-shot --sample bigguy --frames 60 --screen-px 1 --max-triangles 2000000 --no-hud --screenshot $OUT/bigguy-px1-budget2M.png
} > $OUT/demo.txt 2>&1
for f in $OUT/json/demo-*.json; do
  echo "$(basename $f .json): $(grep -o '"refine_gpu_ms_median" *: *[0-9.]*' $f) $(grep -o '"refine_host_ms_median" *: *[0-9.]*' $f) $(grep -o '"frame_ms_median" *: *[0-9.]*' $f) $(grep -o '"frame_ms_p95" *: *[0-9.]*' $f) $(grep -o '"triangles_median" *: *[0-9]*' $f)"
done | tee $OUT/summary.txt
grep -E "^==|loopsub: gl:|exit" $OUT/demo.txt
[ "$PART" = all ] && { grep -c identical $OUT/verify.txt; grep -E "differ" $OUT/verify.txt | head -5; }
tar czf $OUT/json.tgz -C $OUT json && rm -r $OUT/json   # at most 8 files come back
