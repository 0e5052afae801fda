#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/gpu-2026-11-27-first-run/bench.sh [path/to/loopsub.jar]
# Issue 19's first-run effect: each line is a fresh process with no warm-up (`--warmup 0`), so its
# "first timed run" is the process's first refinement; the driver's shader disk cache on, then off.
set -u
JAR=${1:-samples/target/loopsub.jar}
M=testdata/meshes
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
one() {  # label, then bench arguments
  local label=$1; shift
  echo "== $label: bench $*"
  java -jar $JAR bench "$@" --backend gl --reps 5 --warmup 0 2>&1 | grep -E "^kernel time|^refine time"
}
export __GL_SHADER_DISK_CACHE_PATH=/tmp/glcache; rm -rf /tmp/glcache
for i in 1 2 3; do one "cache on, process $i" $M/monsterfrogT.obj --levels 7; done
for i in 1 2 3; do one "cache on, process $i" $M/rookT.obj --levels 7; done
export __GL_SHADER_DISK_CACHE=0
for i in 1 2; do one "cache off, process $i" $M/monsterfrogT.obj --levels 7; done
