#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/gpu-2026-11-27-first-run/wake.sh [path/to/loopsub.jar]
# The first process with nothing cached (fresh driver cache folder, fresh loopsub program cache),
# with the clocks woken after the compile (the default) and without (-Dloopsub.gl.wakeClocks=false).
set -u
JAR=${1:-samples/target/loopsub.jar}
M=testdata/meshes
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,utilization.gpu --format=csv,noheader -lms 250 > $OUT/clocks.csv 2>&1 &
WATCH=$!
n=0
fresh() { n=$((n+1)); rm -rf /tmp/dc$n /tmp/pc$n; mkdir -p /tmp/dc$n; export __GL_SHADER_DISK_CACHE_PATH=/tmp/dc$n; PC=/tmp/pc$n; }
for wake in true false; do
  for c in rookT.obj:7 bigguyT.obj:7 teapot.obj:7; do
    f=${c%%:*}; l=${c##*:}; fresh
    w=; [ $f = teapot.obj ] && w="--weld none"
    echo "== $f --levels $l, first process, nothing cached, wakeClocks=$wake $(date +%T.%N)"
    java -Dloopsub.gl.programCache=$PC -Dloopsub.gl.wakeClocks=$wake -jar $JAR bench $M/$f --levels $l $w \
      --backend gl --warmup 0 --reps 20 2>&1 | grep -E "^refine time|^kernel time|^end to end"
  done
  fresh
  echo "== demo bigguy 1 px, first process, nothing cached, wakeClocks=$wake $(date +%T.%N)"
  timeout 120 java -Dloopsub.gl.programCache=$PC -Dloopsub.gl.wakeClocks=$wake -jar $JAR demo --headless --orbit 0.6 \
    --size 1920x1080 --max-depth 8 --sample bigguy --frames 400 --screen-px 1 --stats-json $OUT/demo-$wake.json > /dev/null 2>&1
  echo "$(grep -o '"refine_gpu_ms_median" *: *[0-9.]*' $OUT/demo-$wake.json) $(grep -o '"refine_host_ms_median" *: *[0-9.]*' $OUT/demo-$wake.json) $(grep -o '"triangles_median" *: *[0-9]*' $OUT/demo-$wake.json)"
done
kill $WATCH
