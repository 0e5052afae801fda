#!/bin/bash
# session 10 call 4: the general half in batches of 4 (new) against one record per invocation (base2); features
set -u
J=.device/bin/loopsub.jar
G=/tmp/benchmeshes
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
export __GL_SHADER_DISK_CACHE_PATH=/tmp/dc; mkdir -p /tmp/dc
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # rev args...
  local rev=$1; shift
  if [ $rev = new ]; then cp=$J; else cp=.device/bin/c-$rev.zip:$J; fi
  java -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl 2>&1 | grep -E "^kernel time|^end to end|^  of it|^[0-9] +[0-9.]+ +[0-9.]+%" | tr '\n' ' ' | tr -s ' ' | cut -c1-900; echo
}
C=$G/bigguy_charts.obj
for c in testdata/meshes/bigguyT.obj:7 testdata/meshes/monsterfrogT.obj:7 testdata/meshes/rookT.obj:7 $G/bigguy_holes.obj:7 $G/bigguy_slits.obj:7 $G/bigguy_corners.obj:7 $G/highvalence.obj:6 $G/open_grid.obj:7; do
  f=${c%%:*}; l=${c##*:}
  for rev in base2 new; do run $rev $f --levels $l --warmup 0 --reps 1 > /dev/null; done
  for rev in base2 new base2 new; do
    echo "== $rev $(basename $f) $l: $(run $rev $f --levels $l --warmup 3 --reps 15)"
  done
done
for rev in base2 new; do
  for o in "testdata/meshes/bigguyT.obj --levels 6" "testdata/meshes/bigguyT.obj --levels 6 --limit" "$C --levels 6 --uv linear" "$C --levels 6 --uv smooth" "$C --levels 7 --uv linear" "testdata/meshes/bigguyT.obj --levels 7 --limit"; do
    run $rev $o --warmup 0 --reps 1 > /dev/null
    echo "== $rev features $o: $(run $rev $o --warmup 3 --reps 15)"
  done
done
for f in testdata/meshes/bigguyT.obj testdata/meshes/rookT.obj $G/bigguy_holes.obj $G/bigguy_corners.obj $G/highvalence.obj $G/open_grid.obj; do
  echo "== verify $(basename $f) 5: $(java -jar $J verify $f --levels 5 2>&1 | grep -E '^result' | cut -c1-70)"
done
echo "== verify charts smooth limit 4: $(java -jar $J verify $C --levels 4 --uv smooth --limit 2>&1 | grep -E '^result' | cut -c1-70)"
echo "== verify charts adaptive: $(java -jar $J verify $C --adaptive --max-edge 0.02 --max-depth 5 2>&1 | grep -E '^result' | cut -c1-70)"
