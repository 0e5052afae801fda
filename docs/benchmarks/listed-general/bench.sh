#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/listed-general/bench.sh path/to/loopsub.jar path/to/classes.zip
# A plain uniform level's general half over the records its regular half lists
# (-Dloopsub.gl.listGeneral=true) against the sweep over every record (false), the same classes
# (branch listed-general) put first on the jar; warm processes in alternation, two rounds; verify.
set -u
J=$1
Z=$2
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
b() { local list=$1; shift
  echo "list=$list $* | $(java -Dloopsub.gl.listGeneral=$list -cp $Z:$J org.loopsub.samples.cli.LoopsubCommand bench "$@" \
    --backend gl --warmup 3 --reps 10 2>&1 | grep -E '^(kernel time|[0-9] +[0-9.]+ +[0-9.]+%)' | awk '{print $1, $2, $3}' | tr '\n' '|')"; }
for c in "$M/bigguyT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6" \
         "$G/bigguy_holes.obj --levels 7" "$M/monsterfrogT.obj --levels 7" "$M/bigguyT.obj --levels 7 --limit" \
         "$G/bigguy_charts.obj --levels 6 --uv smooth"; do
  b false $c > /dev/null
  for round in 1 2; do b false $c; b true $c; done
done
for c in "$M/rookT.obj --levels 5 --limit" "$G/highvalence.obj --levels 5" "$G/bigguy_charts.obj --levels 4 --uv smooth --limit" \
         "$G/bigguy_holes.obj --levels 5"; do
  echo "verify list=true $c: $(java -Dloopsub.gl.listGeneral=true -cp $Z:$J org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep -E '^result' | cut -c1-70)"
done
