#!/bin/bash
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
for c in "$M/bigguyT.obj --levels 5" "$M/rookT.obj --levels 5" "$G/bigguy_holes.obj --levels 5 --limit" "$G/highvalence.obj --levels 5" "$G/bigguy_charts.obj --levels 4 --uv smooth --limit"; do
  echo "verify $c: $(java -jar $J verify $c 2>&1 | grep '^result')"
done
for c in "$M/bigguyT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6"; do
  echo "$c: $(java -jar $J bench $c --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60)"
done
