#!/bin/bash
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
b() { local label=$1 cp=$2; shift 2
  echo "$label $* | $(java -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 10 2>&1 \
    | grep -E '^(splitR|splitG|fusedR|fusedG|directR|directG|kernel time|[0-9] +[0-9.]+ +[0-9.]+%)' | awk '{print $1, $2, $3}' | tr '\n' '|')"; }
for c in "$M/bigguyT.obj" "$G/bigguy_holes.obj" "$M/rookT.obj"; do
  b warm $J $c --levels 7 > /dev/null
  for d in 7 6 5; do b diagA .device/cz/diagA.zip:$J $c --levels $d; done
  b diagD .device/cz/diagD.zip:$J $c --levels 7
  b diagD .device/cz/diagD.zip:$J $c --levels 6
done
