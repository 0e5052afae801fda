#!/bin/bash
# Diagnostic (not a report): when the GPU reaches each level's end against when the host issued it.
set -u
J=.device/bin/loopsub.jar
G=/tmp/benchmeshes
L=org.loopsub.samples.cli.LoopsubCommand
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
for c in "$G/highvalence.obj --levels 6" "testdata/meshes/bigguyT.obj --levels 7"; do
  echo "=== $c"
  java -Dloopsub.probe=true -cp .device/cz/dbg.zip:$J $L bench $c --backend gl --warmup 3 --reps 4 2>&1 | grep "probe\|^end to end\|of it:\|timed runs:" | tail -11
done
