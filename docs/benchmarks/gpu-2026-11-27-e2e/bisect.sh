#!/bin/bash
# session 10 call 1: bisect --uv linear regression; end-to-end phases
set -u
J=.device/bin/loopsub.jar
G=/tmp/benchmeshes
M=main=org.loopsub.samples.cli.LoopsubCommand
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
export __GL_SHADER_DISK_CACHE_PATH=/tmp/dc; mkdir -p /tmp/dc
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # rev args...
  local rev=$1; shift
  if [ $rev = HEAD ]; then cp=$J; else cp=.device/bin/c-$rev.zip:$J; fi
  java -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl 2>&1 | grep -E "^refine time|^kernel time|^end to end|^  of it" | tr '\n' ' ' | tr -s ' ' | cut -c1-700; echo
}
for rev in 210a4cf e56271e 5bb5451 HEAD; do run $rev $G/bigguy_charts.obj --levels 6 --uv linear --warmup 0 --reps 1 >/dev/null; done
for round in 1 2; do
 for rev in 210a4cf e56271e 5bb5451 HEAD; do
  echo "== r$round $rev uvlinear: $(run $rev $G/bigguy_charts.obj --levels 6 --uv linear --warmup 3 --reps 15)"
 done
done
for rev in 210a4cf HEAD; do
  echo "== $rev plain charts: $(run $rev $G/bigguy_charts.obj --levels 6 --warmup 3 --reps 15)"
  echo "== $rev smooth charts: $(run $rev $G/bigguy_charts.obj --levels 6 --uv smooth --warmup 2 --reps 9)"
done
for c in testdata/meshes/bigguyT.obj:7 testdata/meshes/rookT.obj:7 $G/bigguy_holes.obj:7 $G/highvalence.obj:6 $G/open_grid.obj:7; do
  f=${c%%:*}; l=${c##*:}
  run HEAD $f --levels $l --warmup 0 --reps 1 > /dev/null
  echo "== e2e $(basename $f) $l: $(run HEAD $f --levels $l --warmup 3 --reps 20)"
done
echo "== verify charts linear: $(java -jar $J verify $G/bigguy_charts.obj --levels 4 --uv linear 2>&1 | grep -E '^result' | cut -c1-60)"
