#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/adaptive-split-group/bench.sh path/to/loopsub.jar
# A renderer's adaptive frames (GpuMesh through `loopsub demo --headless`) with loop_split's regular
# half in groups of 64 (the default before 2026-11-27) and of 128 (the default since, measured on
# uniform runs only), in alternation.
set -u
JAR=$1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $JAR org.loopsub.samples.meshes.BenchMeshes /tmp/benchmeshes > /dev/null 2>&1
java -jar $JAR bench testdata/meshes/bigguyT.obj --levels 7 --backend gl --reps 3 --warmup 1 > /dev/null 2>&1
run() {  # group, name, then demo arguments
  local g=$1 name=$2; shift 2
  echo "== group $g $name: $(timeout 120 java -Dloopsub.gl.splitGroup=$g -jar $JAR demo --headless --orbit 0.6 \
      --size 1920x1080 --max-depth 8 --frames 300 "$@" --stats-json /tmp/f.json > /dev/null 2>&1; \
      grep -oE '"(refine_gpu_ms_median|frame_ms_median|triangles_median)" : [0-9.]+' /tmp/f.json | tr '\n' ' ')"
}
for round in 1 2; do
  for g in 64 128; do
    run $g bigguy-px1 --sample bigguy --screen-px 1
    run $g bigguy-px4 --sample bigguy --screen-px 4
    run $g holes-px1 /tmp/benchmeshes/bigguy_holes.obj --screen-px 1
  done
done
