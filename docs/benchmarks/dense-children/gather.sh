#!/bin/bash
# Gathered halves (loop_split GATHER) against main: each case one warm process of main, then main,
# gather (gatherMax 16, 4, 1) and the gather build with each half timed apart.
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
    | grep -E '^(splitR|splitG|fusedR|fusedG|directR|directG|kernel time|[0-9] +[0-9.]+ +[0-9.]+%)' | awk '{print $1, $2, $3}' | tr '\n' '|')"
}
for c in "$M/bigguyT.obj --levels 7" "$G/bigguy_holes.obj --levels 7" "$G/bigguy_corners.obj --levels 7" \
         "$G/bigguy_slits.obj --levels 7" "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6" \
         "$M/monsterfrogT.obj --levels 7" "$G/open_grid.obj --levels 7" "$M/bigguyT.obj --levels 7 --limit" \
         "$G/bigguy_charts.obj --levels 7 --uv linear" "$G/bigguy_charts.obj --levels 6 --uv smooth"; do
  b warm $J -- $c > /dev/null
  b main $J -- $c
  b g16 $Z:$J -- $c
  b g4 $Z:$J -Dloopsub.gl.gatherMax=4 -- $c
  b g1 $Z:$J -Dloopsub.gl.gatherMax=1 -- $c
  b main $J -- $c
  b g16 $Z:$J -- $c
  b gdiag .device/cz/gatherdiag.zip:$J -- $c
done
for c in "$M/bigguyT.obj --levels 5" "$G/bigguy_holes.obj --levels 5 --limit" "$G/highvalence.obj --levels 5" \
         "$M/rookT.obj --levels 5 --limit" "$G/bigguy_corners.obj --levels 5" "$G/bigguy_charts.obj --levels 4 --uv smooth --limit"; do
  echo "verify $c: $(java -cp $Z:$J org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep -E '^result' | cut -c1-70)"
done
