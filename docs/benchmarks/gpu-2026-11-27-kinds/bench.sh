#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/gpu-2026-11-27-kinds/bench.sh [path/to/loopsub.jar]
# Issue 19: uniform refinement of every kind of mesh, each kind met by a process with nothing
# cached (the driver's shader cache and loopsub's program binaries both empty: a user's first run),
# then by the next process (both caches filled by the first), then by one with the driver's cache
# off (__GL_SHADER_DISK_CACHE=0: loopsub's binaries only). `bench --warmup 0`: its "first timed run"
# is the process's first refinement. The GPU's SM clock is logged every 250 ms (clocks.csv).
set -u
JAR=${1:-samples/target/loopsub.jar}
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/device.txt
mkdir -p $OUT/raw   # JSON and logs, packed into raw.tgz at the end (few files come back from the machine)
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,utilization.gpu --format=csv,noheader -lms 250 > $OUT/raw/clocks.csv 2>&1 &
WATCH=$!
java -cp $JAR org.loopsub.samples.meshes.BenchMeshes $G > $OUT/raw/meshes.txt 2>&1
CASES="$M/bigguyT.obj:7 $M/monsterfrogT.obj:7 $M/rookT.obj:7 $G/bigguy_holes.obj:7 $G/bigguy_slits.obj:7
 $G/bigguy_corners.obj:7 $G/highvalence.obj:6 $G/open_grid.obj:7"
one() {  # label, cache tag, then java options and bench arguments
  local label=$1 tag=$2; shift 2
  echo "== $label $(date +%T.%N): $*"
  java -Dloopsub.gl.programCache=/tmp/pc-$tag "$@" --backend gl --warmup 0 --reps 20 2>&1 \
    | grep -E "^refine time|^kernel time|^end to end|^output|^programs"
}
for c in $CASES; do
  f=${c%%:*}; l=${c##*:}; k=$(basename $f .obj)-$l
  rm -rf /tmp/dc-$k /tmp/pc-$k; mkdir -p /tmp/dc-$k
  export __GL_SHADER_DISK_CACHE_PATH=/tmp/dc-$k
  one "$k first process (nothing cached)" $k -jar $JAR bench $f --levels $l
  one "$k next process" $k -jar $JAR bench $f --levels $l --json $OUT/raw/$k.json
  __GL_SHADER_DISK_CACHE=0 one "$k driver cache off" $k -jar $JAR bench $f --levels $l
done > $OUT/bench.txt 2>&1
# the features' cost on one mesh, each a warm process (after a first that fills the caches):
# bigguyT without uvs, and bigguy_charts (the same triangles with uv charts) for the uv rules
F=$G/bigguy_charts.obj
for c in "$M/bigguyT.obj:" "$M/bigguyT.obj:--limit" "$F:--uv linear" "$F:--uv smooth" "$F:--uv smooth --limit"; do
  f=${c%%:*}; opts=${c#*:}
  k=feat$(basename $f .obj)$(echo "$opts" | tr -d ' -')
  mkdir -p /tmp/dc-$k; export __GL_SHADER_DISK_CACHE_PATH=/tmp/dc-$k
  java -Dloopsub.gl.programCache=/tmp/pc-$k -jar $JAR bench $f --levels 6 $opts --backend gl --reps 1 --warmup 0 > /dev/null 2>&1
  one "$(basename $f .obj)-6 $opts (warm process)" $k -jar $JAR bench $f --levels 6 $opts
done > $OUT/features.txt 2>&1
unset __GL_SHADER_DISK_CACHE_PATH
for c in $CASES $F:5; do
  f=${c%%:*}
  echo "== verify $(basename $f) --levels 5"
  java -jar $JAR verify $f --levels 5 2>&1 | grep -E "^result"
done > $OUT/verify.txt 2>&1
java -jar $JAR verify $F --levels 4 --uv smooth --limit 2>&1 | grep -E "^result" | sed 's/^/bigguy_charts --uv smooth --limit: /' >> $OUT/verify.txt
kill $WATCH
tar czf $OUT/raw.tgz -C $OUT raw && rm -r $OUT/raw
grep -E "^== |^kernel time|^refine time" $OUT/bench.txt | cut -c1-160
grep -E "^== |^kernel time" $OUT/features.txt | cut -c1-160
cat $OUT/verify.txt
