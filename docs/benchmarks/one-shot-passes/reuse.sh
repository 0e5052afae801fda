#!/bin/bash
# A one-shot tessellator keeping its passes across refinements (GlStreamEngine.Passes) against main:
# end to end and where it goes, warm processes in alternation.
set -u
J=.device/bin/loopsub.jar
Z=.device/cz/reuse.zip
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
b() { local label=$1 cp=$2; shift 2
  echo "$label $* | $(java -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 20 2>&1 \
    | grep -E '^(kernel time|end to end|  of it)' | cut -c1-150 | tr '\n' '|')"; }
for c in "$M/bigguyT.obj --levels 7" "$M/monsterfrogT.obj --levels 7" "$M/rookT.obj --levels 7" \
         "$G/bigguy_holes.obj --levels 7" "$G/highvalence.obj --levels 6"; do
  b warm $J $c > /dev/null
  for round in 1 2; do b main $J $c; b reuse $Z:$J $c; done
done
echo "verify: $(java -cp $Z:$J org.loopsub.samples.cli.LoopsubCommand verify $M/rookT.obj --levels 5 --limit 2>&1 | grep -E '^result' | cut -c1-70)"
