#!/bin/bash
# main after the review commit (312feef): the three kinds the lanes moved most, and verify.
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
for c in "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6" "$M/bigguyT.obj --levels 7" "$G/bigguy_charts.obj --levels 7 --uv smooth"; do
  java -jar $J bench $c --backend gl --warmup 1 --reps 1 > /dev/null 2>&1
  echo "$c: $(java -jar $J bench $c --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60)"
done
for c in "$M/rookT.obj --levels 5" "$G/highvalence.obj --levels 5" "$G/bigguy_charts.obj --levels 4 --uv smooth"; do
  echo "verify $c: $(java -jar $J verify $c 2>&1 | grep '^result')"
done
