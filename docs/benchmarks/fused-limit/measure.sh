#!/bin/bash
# To run on the GPU machine before merging branch fused-limit (from the repository root, after
# `. .device/on-device.sh`):
#   bash docs/benchmarks/fused-limit/measure.sh BRANCH.jar MAIN-classes.zip
# MAIN-classes.zip: the org.loopsub classes and shaders of main's merge base, put first on the class
# path of the branch's jar. Each case twice in alternation, warm processes; then verify.
set -u
J=$1
MAIN=$2
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
run() { # class path, bench arguments
  local cp=$1; shift
  java -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 15 2>&1 \
    | grep -E "^kernel time|^end to end|^[0-9] +[0-9.]+ +[0-9.]+%" | tr '\n' ' ' | tr -s ' ' | cut -c1-700; echo
}
for c in "$M/bigguyT.obj --levels 6 --limit" "$M/bigguyT.obj --levels 7 --limit" "$M/rookT.obj --levels 7 --limit" \
         "$G/bigguy_holes.obj --levels 7 --limit" "$G/highvalence.obj --levels 6 --limit" "$M/bigguyT.obj --levels 7"; do
  run $MAIN:$J $c > /dev/null; run $J $c > /dev/null
  for round in 1 2; do
    echo "== main $c: $(run $MAIN:$J $c)"
    echo "== fused-limit $c: $(run $J $c)"
  done
done
for f in $M/bigguyT.obj $M/rookT.obj $G/bigguy_holes.obj $G/highvalence.obj; do
  echo "== verify $(basename $f) --levels 5 --limit: $(java -jar $J verify $f --levels 5 --limit 2>&1 | grep -E '^result' | cut -c1-70)"
done
