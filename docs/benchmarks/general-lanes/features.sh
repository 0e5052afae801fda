#!/bin/bash
# Features against the same mesh without them, a renderer's frames, and verify for every reported case.
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
k() { java -jar $J bench "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60; }
for c in "$G/charts_novt.obj --levels 7" "$G/charts_novt.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 7 --uv linear" \
         "$G/charts_novt.obj --levels 6" "$G/bigguy_charts.obj --levels 6 --uv smooth"; do
  java -jar $J bench $c --backend gl --warmup 1 --reps 1 > /dev/null 2>&1
  echo "$c: $(k $c)"
done
demo() {  # name, then demo arguments
  local name=$1; shift
  echo "== $name: $(timeout 120 java -cp $J org.loopsub.samples.cli.LoopsubCommand demo --headless --orbit 0.6 \
      --size 1920x1080 --max-depth 8 --frames 300 "$@" --stats-json /tmp/f.json > /dev/null 2>&1; \
      grep -oE '"(refine_gpu_ms_median|frame_ms_median|triangles_median)" : [0-9.]+' /tmp/f.json | tr '\n' ' ')"
}
demo bigguy-px1 --sample bigguy --screen-px 1
demo bigguy-px4 --sample bigguy --screen-px 4
demo holes-px1 $G/bigguy_holes.obj --screen-px 1
demo rook-px1 $M/rookT.obj --screen-px 1
demo rook-px4 $M/rookT.obj --screen-px 4
for c in "$M/bigguyT.obj" "$M/monsterfrogT.obj" "$M/rookT.obj" "$G/bigguy_holes.obj" "$G/bigguy_slits.obj" "$G/bigguy_corners.obj" "$G/highvalence.obj" "$G/open_grid.obj" \
         "$G/charts_novt.obj --limit" "$G/bigguy_charts.obj --uv linear" "$G/bigguy_charts.obj --uv smooth"; do
  echo "verify $c --levels 5: $(java -jar $J verify $c --levels 5 2>&1 | grep '^result')"
done
echo "verify rookT adaptive: $(java -jar $J verify $M/rookT.obj --adaptive --max-edge 0.01 --max-depth 6 --limit 2>&1 | grep '^result')"
for c in "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6"; do
  java -Dloopsub.gl.timeHalves=true -jar $J bench $c --backend gl --warmup 3 --reps 10 > /tmp/h.txt 2>&1
  echo "== halves $c: $(grep '^kernel time' /tmp/h.txt | cut -c1-40)"
  sed -n '/^pass  *kernel ms/,/^kernel time/p' /tmp/h.txt | awk '{print $1, $2}' | tr '\n' '|'; echo
done
