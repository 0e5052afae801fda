#!/bin/bash
# Diagnostic: each half of each split timed apart (diagA), the after-fused direct pass reduced to its
# sweep (diagB: both halves return after reading the metadata; diagC: the general half only).
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
for c in "$M/bigguyT.obj --levels 7" "$G/bigguy_holes.obj --levels 7" "$G/bigguy_corners.obj --levels 7" \
         "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6" "$M/monsterfrogT.obj --levels 7"; do
  name=$(basename $(echo $c | cut -d' ' -f1) .obj)
  for v in A B C A; do
    echo "$name $v $(java -cp .device/cz/diag$v.zip:$J org.loopsub.samples.cli.LoopsubCommand bench $c --backend gl --warmup 3 --reps 10 \
      --json $OUT/$name-$v.json 2>&1 | grep -E '^(splitR|splitG|fusedR|fusedG|directR|directG|kernel time|[0-9] +[0-9.]+ +[0-9.]+%)' \
      | awk '{print $1, $2, $3}' | tr '\n' '|')"
  done
done
