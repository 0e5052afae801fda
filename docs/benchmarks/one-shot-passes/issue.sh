#!/bin/bash
# Where the host's issue time goes (throw-away build: time buckets around UniformLevels' GL calls).
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
for c in "$M/bigguyT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6" "$G/bigguy_holes.obj --levels 7"; do
  echo "== $c"
  java -cp .device/cz/issue.zip:$J org.loopsub.samples.cli.LoopsubCommand bench $c --backend gl --warmup 3 --reps 10 2>&1 \
    | grep -E "ISSUE|^end to end|^  of it|^kernel time" | tail -8
done
