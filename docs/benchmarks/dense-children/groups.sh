#!/bin/bash
# The general half's group size (loopsub.gl.generalGroup), with and without gathering.
set -u
J=.device/bin/loopsub.jar
Z=.device/cz/gather.zip
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
b() { # label, class path, java options..., -- bench args
  local label=$1 cp=$2; shift 2
  local opts=(); while [ "$1" != "--" ]; do opts+=("$1"); shift; done; shift
  echo "$label $* | $(java "${opts[@]}" -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 10 2>&1 \
    | grep -E '^(kernel time|[0-9] +[0-9.]+ +[0-9.]+%)' | awk '{print $1, $2}' | tr '\n' '|')"
}
for c in "$M/bigguyT.obj --levels 7" "$G/bigguy_holes.obj --levels 7" "$G/bigguy_corners.obj --levels 7" \
         "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6" "$M/bigguyT.obj --levels 7 --limit" \
         "$G/bigguy_charts.obj --levels 6 --uv smooth"; do
  b warm $J -- $c > /dev/null
  b main $J -- $c
  for g in 32 64 128; do b main-gg$g $J -Dloopsub.gl.generalGroup=$g -Dloopsub.gl.generalGroupLimit=$g -- $c; done
  b main-lim16 $J -Dloopsub.gl.generalGroupLimit=16 -- $c
  for g in 32 64; do for m in 4 16; do
    b gather-gg$g-m$m $Z:$J -Dloopsub.gl.generalGroup=$g -Dloopsub.gl.generalGroupLimit=$g -Dloopsub.gl.gatherMax=$m -- $c
  done; done
  b main $J -- $c
done
