#!/bin/bash
# lanes 1 vs 4: features (limit, linear uvs) and a renderer's frames (demo headless), same call
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
L1=-Dloopsub.gl.generalLanes=1
k() { java "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60; }
# warm each program set once
for c in "$M/bigguyT.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 7 --uv linear" "$M/rookT.obj --levels 7 --limit" "$M/bigguyT.obj --levels 7"; do
  for p in "$L1" "-Dx=1"; do java $p -jar $J bench $c --backend gl --warmup 1 --reps 1 > /dev/null 2>&1; done
done
for round in 1 2; do
  for c in "$M/bigguyT.obj --levels 7" "$M/bigguyT.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 7" "$G/bigguy_charts.obj --levels 7 --uv linear" "$M/rookT.obj --levels 7 --limit"; do
    for p in "$L1" "-Dx=1"; do echo "r$round [$p] $c: $(k $p -jar $J bench $c)"; done
  done
done
demo() {  # props, name, then demo arguments
  local p=$1 name=$2; shift 2
  echo "== [$p] $name: $(timeout 120 java $p -cp $J org.loopsub.samples.cli.LoopsubCommand demo --headless --orbit 0.6 \
      --size 1920x1080 --max-depth 8 --frames 300 "$@" --stats-json /tmp/f.json > /dev/null 2>&1; \
      grep -oE '"(refine_gpu_ms_median|frame_ms_median|triangles_median)" : [0-9.]+' /tmp/f.json | tr '\n' ' ')"
}
for round in 1 2; do
  for p in "$L1" "-Dx=1"; do
    demo "$p" bigguy-px1 --sample bigguy --screen-px 1
    demo "$p" bigguy-px4 --sample bigguy --screen-px 4
    demo "$p" holes-px1 $G/bigguy_holes.obj --screen-px 1
    demo "$p" rook-px1 $M/rookT.obj --screen-px 1
  done
done
for c in "$M/bigguyT.obj --levels 5 --limit" "$G/bigguy_charts.obj --levels 5 --uv linear" "$M/rookT.obj --levels 5 --limit" "$M/rookT.obj --adaptive --max-edge 0.02 --max-depth 6" "$G/bigguy_holes.obj --adaptive --max-edge 0.05 --max-depth 6 --limit"; do
  echo "verify $c: $(java -jar $J verify $c 2>&1 | grep '^result')"
done
