#!/bin/bash
# base = main with GlPasses$SplitPair of the regular-half-first order first on the class path
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
java -jar $J bench $M/bigguyT.obj --levels 7 --backend gl --reps 3 --warmup 1 > /dev/null 2>&1
demo() {  # variant, name, then demo arguments
  local v=$1 name=$2; shift 2; local cp=$J; [ $v = base ] && cp=.device/cz/regfirst.zip:$J
  echo "== $v $name: $(timeout 120 java -cp $cp org.loopsub.samples.cli.LoopsubCommand demo --headless --orbit 0.6 \
      --size 1920x1080 --max-depth 8 --frames 300 "$@" --stats-json /tmp/f.json > /dev/null 2>&1; \
      grep -oE '"(refine_gpu_ms_median|frame_ms_median|triangles_median)" : [0-9.]+' /tmp/f.json | tr '\n' ' ')"
}
for round in 1 2; do
  for v in base main; do
    demo $v bigguy-px1 --sample bigguy --screen-px 1
    demo $v bigguy-px4 --sample bigguy --screen-px 4
    demo $v holes-px1 $G/bigguy_holes.obj --screen-px 1
    demo $v rook-px1 $M/rookT.obj --screen-px 1
  done
done
for c in "$M/bigguyT.obj --levels 7" "$M/monsterfrogT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/bigguy_holes.obj --levels 7" "$G/bigguy_slits.obj --levels 7" "$G/bigguy_corners.obj --levels 7" "$G/highvalence.obj --levels 6" "$G/open_grid.obj --levels 7"; do
  echo "main $c: $(java -jar $J bench $c --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60)"
done
for c in "$M/rookT.obj --levels 5" "$G/highvalence.obj --levels 5" "$G/bigguy_holes.obj --levels 5 --limit"; do
  echo "verify main $c: $(java -jar $J verify $c 2>&1 | grep '^result')"
done
