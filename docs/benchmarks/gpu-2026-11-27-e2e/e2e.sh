#!/bin/bash
# session 10 call 2: fused linear uvs; end to end after flush/deferred checks/staged upload (base = before)
set -u
J=.device/bin/loopsub.jar
G=/tmp/benchmeshes
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
export __GL_SHADER_DISK_CACHE_PATH=/tmp/dc; mkdir -p /tmp/dc
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # rev args...
  local rev=$1; shift
  if [ $rev = new ]; then cp=$J; else cp=.device/bin/c-$rev.zip:$J; fi
  java -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl 2>&1 | grep -E "^refine time|^kernel time|^end to end|^  of it" | tr '\n' ' ' | tr -s ' ' | cut -c1-800; echo
}
for rev in base new; do run $rev $G/bigguy_charts.obj --levels 6 --warmup 0 --reps 1 >/dev/null; run $rev $G/bigguy_charts.obj --levels 6 --uv smooth --warmup 0 --reps 1 >/dev/null; done
for round in 1 2; do
 for rev in base new; do
  echo "== r$round $rev charts linear d6: $(run $rev $G/bigguy_charts.obj --levels 6 --uv linear --warmup 3 --reps 15)"
  echo "== r$round $rev charts linear d7: $(run $rev $G/bigguy_charts.obj --levels 7 --uv linear --warmup 3 --reps 15)"
 done
done
for c in testdata/meshes/bigguyT.obj:6 testdata/meshes/bigguyT.obj:7 testdata/meshes/monsterfrogT.obj:7 testdata/meshes/rookT.obj:7 $G/bigguy_holes.obj:7 $G/bigguy_slits.obj:7 $G/bigguy_corners.obj:7 $G/highvalence.obj:6 $G/open_grid.obj:7; do
  f=${c%%:*}; l=${c##*:}
  run new $f --levels $l --warmup 0 --reps 1 > /dev/null
  for rev in base new; do
    echo "== $rev $(basename $f) $l: $(run $rev $f --levels $l --warmup 3 --reps 20)"
  done
done
for f in testdata/meshes/bigguyT.obj testdata/meshes/rookT.obj $G/bigguy_charts.obj $G/bigguy_holes.obj $G/highvalence.obj $G/open_grid.obj; do
  echo "== verify $(basename $f) 5: $(java -jar $J verify $f --levels 5 2>&1 | grep -E '^result' | cut -c1-70)"
done
echo "== verify charts linear 6: $(java -jar $J verify $G/bigguy_charts.obj --levels 6 --uv linear 2>&1 | grep -E '^result' | cut -c1-70)"
echo "== verify charts linear adaptive: $(java -jar $J verify $G/bigguy_charts.obj --adaptive --max-edge 0.02 --max-depth 5 --uv linear 2>&1 | grep -E '^result' | cut -c1-70)"
for rev in 210a4cf e56271e; do
  echo "== full $rev charts linear d6"
  java -cp .device/bin/c-$rev.zip:$J org.loopsub.samples.cli.LoopsubCommand bench $G/bigguy_charts.obj --levels 6 --uv linear --backend gl --warmup 3 --reps 15 2>&1 | sed -n '/^level/,$p' | head -30
done
