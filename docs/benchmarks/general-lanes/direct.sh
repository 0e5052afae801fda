#!/bin/bash
# The direct split on lanes or not: main against the commit before (684ac97: GlPasses and the shaders,
# first on the class path), a renderer's frames and uniform kernels, alternating, same call.
set -u
J=.device/bin/loopsub.jar
OLD=.device/cz/nodirect.zip:$J
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
C=org.loopsub.samples.cli.LoopsubCommand
demo() {  # classpath name, name, then demo arguments
  local v=$1 name=$2; shift 2; local cp=$J; [ $v = before ] && cp=$OLD
  echo "== $v $name: $(timeout 120 java -cp $cp $C demo --headless --orbit 0.6 \
      --size 1920x1080 --max-depth 8 --frames 300 "$@" --stats-json /tmp/f.json > /dev/null 2>&1; \
      grep -oE '"(refine_gpu_ms_median|triangles_median)" : [0-9.]+' /tmp/f.json | tr '\n' ' ')"
}
demo before warm --sample bigguy --screen-px 4 > /dev/null
demo main warm --sample bigguy --screen-px 4 > /dev/null
for round in 1 2; do
  for v in before main; do
    demo $v bigguy-px4 --sample bigguy --screen-px 4
    demo $v rook-px4 $M/rookT.obj --screen-px 4
    demo $v holes-px1 $G/bigguy_holes.obj --screen-px 1
    demo $v bigguy-px1 --sample bigguy --screen-px 1
  done
done
for c in "$G/highvalence.obj --levels 6" "$M/rookT.obj --levels 7" "$M/bigguyT.obj --levels 7 --limit"; do
  for v in before main; do
    cp=$J; [ $v = before ] && cp=$OLD
    java -cp $cp $C bench $c --backend gl --warmup 1 --reps 1 > /dev/null 2>&1
    echo "$v $c: $(java -cp $cp $C bench $c --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60)"
  done
done
