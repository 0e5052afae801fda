#!/bin/bash
# session 10 call 3: where --uv linear loses (variants: A = general half's direct stores scalar, D = no general half, timing only)
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
B=testdata/meshes/bigguyT.obj
for rev in new varA varD; do run $rev $C --levels 6 --warmup 0 --reps 1 >/dev/null; run $rev $B --levels 6 --warmup 0 --reps 1 >/dev/null; done
for round in 1 2; do
 for rev in new varA varD; do
  echo "== r$round $rev charts d6: $(run $rev $C --levels 6 --warmup 3 --reps 15)"
  echo "== r$round $rev charts d7: $(run $rev $C --levels 7 --warmup 3 --reps 15)"
 done
 for rev in new varD; do
  echo "== r$round $rev bigguyT d6: $(run $rev $B --levels 6 --warmup 3 --reps 15)"
  echo "== r$round $rev bigguyT d7: $(run $rev $B --levels 7 --warmup 3 --reps 15)"
 done
done
echo "== verify varA charts d6: $(java -cp .device/bin/c-varA.zip:$J org.loopsub.samples.cli.LoopsubCommand verify $C --levels 6 2>&1 | grep -E '^result' | cut -c1-70)"
run new $B --levels 6 --limit --warmup 0 --reps 1 >/dev/null
echo "== new bigguyT d6 limit: $(run new $B --levels 6 --limit --warmup 3 --reps 15)"
run new $C --levels 6 --uv smooth --warmup 0 --reps 1 >/dev/null
echo "== new charts d6 smooth: $(run new $C --levels 6 --uv smooth --warmup 3 --reps 15)"
