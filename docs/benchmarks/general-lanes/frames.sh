#!/bin/bash
# adaptive lanes: off (generalLanes=1), up to 262144 records (default), always; and --uv linear against the same mesh without vt
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
L1=-Dloopsub.gl.generalLanes=1
ALL=-Dloopsub.gl.lanesUpTo=2000000000
DEF=-Dx=1
demo() {  # props, name, then demo arguments
  local p=$1 name=$2; shift 2
  echo "== [$p] $name: $(timeout 120 java $p -cp $J org.loopsub.samples.cli.LoopsubCommand demo --headless --orbit 0.6 \
      --size 1920x1080 --max-depth 8 --frames 300 "$@" --stats-json /tmp/f.json > /dev/null 2>&1; \
      grep -oE '"(refine_gpu_ms_median|frame_ms_median|triangles_median)" : [0-9.]+' /tmp/f.json | tr '\n' ' ')"
}
demo "$DEF" warm --sample bigguy --screen-px 4 > /dev/null
demo "$L1" warm --sample bigguy --screen-px 4 > /dev/null
for round in 1 2; do
  for p in "$L1" "$DEF" "$ALL"; do
    demo "$p" bigguy-px1 --sample bigguy --screen-px 1
    demo "$p" bigguy-px4 --sample bigguy --screen-px 4
    demo "$p" holes-px1 $G/bigguy_holes.obj --screen-px 1
    demo "$p" rook-px1 $M/rookT.obj --screen-px 1
    demo "$p" rook-px4 $M/rookT.obj --screen-px 4
  done
done
k() { java -jar $J bench "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60; }
java -jar $J bench $G/charts_novt.obj --levels 7 --backend gl --warmup 1 --reps 1 > /dev/null 2>&1
for round in 1 2; do
  echo "r$round charts_novt d7: $(k $G/charts_novt.obj --levels 7)"
  echo "r$round charts --uv linear d7: $(k $G/bigguy_charts.obj --levels 7 --uv linear)"
  echo "r$round charts_novt d7 --limit: $(k $G/charts_novt.obj --levels 7 --limit)"
done
echo "verify charts_novt d5: $(java -jar $J verify $G/charts_novt.obj --levels 5 2>&1 | grep '^result')"
echo "verify rookT adaptive: $(java -Dloopsub.gl.lanesUpTo=1000 -jar $J verify $M/rookT.obj --adaptive --max-edge 0.01 --max-depth 6 2>&1 | grep '^result')"
