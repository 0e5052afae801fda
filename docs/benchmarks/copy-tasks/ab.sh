#!/bin/bash
# Level 0's spread copy into the arena in tasks of about 64 KiB (t64) and 16 KiB (t16) of whole
# records instead of 512 records (the jar, 9798ccc: 258 KB a task on highvalence); alternating,
# highvalence d6 (the only kind whose copy is spread: 4.6 MB of points), kernels and end to end.
set -u
J=.device/bin/loopsub.jar
G=/tmp/benchmeshes
L=org.loopsub.samples.cli.LoopsubCommand
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
declare -A CP=([base]=$J [t64]=.device/cz/t64.zip:$J [t16]=.device/cz/t16.zip:$J)
c="$G/highvalence.obj --levels 6"
for v in base t64 t16; do java -cp ${CP[$v]} $L bench $c --backend gl --warmup 0 --reps 1 > /dev/null 2>&1; done
for round in 1 2; do
  for v in base t64 t16; do
    echo "$v: $(java -cp ${CP[$v]} $L bench $c --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time\|^end to end\|of it:' | cut -c1-90 | tr '\n' ' ')"
  done
done
echo "verify t64 highvalence --levels 5: $(java -cp ${CP[t64]} $L verify $G/highvalence.obj --levels 5 2>&1 | grep '^result' | cut -c1-60)"
