#!/bin/bash
# To run on the GPU machine before merging branch per-parent-direct (from the repository root, after
# `. .device/on-device.sh`):
#   bash docs/benchmarks/per-parent-direct/measure.sh MAIN.jar BRANCH-classes.zip
# BRANCH-classes.zip: the org.loopsub classes and shaders of the branch, put first on the class path
# of main's jar (the branch's base). Each case: one warm process of each, then two rounds in alternation;
# kernel time and the per-level lines (level 6 of depth 7 is the direct pass after the fused one).
set -u
J=$1
B=$2
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
run() { # class path, bench arguments
  local cp=$1; shift
  java -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 15 2>&1 \
    | grep -E "^kernel time|^[0-9] +[0-9.]+ +[0-9.]+%" | sed -E 's/ +/ /g; s/(read\+written|GB\/s).*//' | tr '\n' '|' | cut -c1-400; echo
}
for c in "$M/bigguyT.obj --levels 7" "$G/bigguy_holes.obj --levels 7" "$G/highvalence.obj --levels 6" \
         "$M/rookT.obj --levels 7" "$G/bigguy_corners.obj --levels 7" "$M/bigguyT.obj --levels 7 --limit"; do
  run $J $c > /dev/null; run $B:$J $c > /dev/null
  for round in 1 2; do
    echo "== main $c: $(run $J $c)"
    echo "== per-parent $c: $(run $B:$J $c)"
  done
done
for c in "$M/bigguyT.obj --levels 5" "$G/bigguy_holes.obj --levels 5 --limit" "$G/highvalence.obj --levels 5"; do
  echo "== verify $c: $(java -cp $B:$J org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep -E '^result' | cut -c1-70)"
done
