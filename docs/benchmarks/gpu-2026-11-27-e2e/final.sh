#!/bin/bash
# Runs on the GPU machine from the repository root, after `. .device/on-device.sh`:
#   bash docs/benchmarks/gpu-2026-11-27-e2e/final.sh path/to/loopsub.jar [path/to/base-classes.zip]
# Every kind met by a process with nothing cached (driver shader cache and loopsub's program
# binaries empty) and by the next one; `bench --warmup 0 --reps 20` (its first timed run is the
# process's first refinement). With a base zip (classes of an earlier commit, put first on the class
# path), the next process of three kinds is run with it too, for the end-to-end comparison.
set -u
JAR=$1
BASE=${2:-}
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/device.txt
mkdir -p $OUT/raw
java -cp $JAR org.loopsub.samples.meshes.BenchMeshes $G > $OUT/raw/meshes.txt 2>&1
CASES="$M/bigguyT.obj:7 $M/monsterfrogT.obj:7 $M/rookT.obj:7 $G/bigguy_holes.obj:7 $G/bigguy_slits.obj:7
 $G/bigguy_corners.obj:7 $G/highvalence.obj:6 $G/open_grid.obj:7"
one() {  # label, cache tag, class path, then bench arguments
  local label=$1 tag=$2 cp=$3; shift 3
  echo "== $label: $*"
  java -Dloopsub.gl.programCache=/tmp/pc-$tag -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" \
    --backend gl --warmup 0 --reps 20 2>&1 | grep -E "^refine time|^kernel time|^end to end|^  of it|^programs"
}
for c in $CASES; do
  f=${c%%:*}; l=${c##*:}; k=$(basename $f .obj)-$l
  rm -rf /tmp/dc-$k /tmp/pc-$k; mkdir -p /tmp/dc-$k
  export __GL_SHADER_DISK_CACHE_PATH=/tmp/dc-$k
  one "$k first process (nothing cached)" $k $JAR $f --levels $l
  one "$k next process" $k $JAR $f --levels $l --json $OUT/raw/$k.json
  if [ -n "$BASE" ] && [[ $k == bigguyT-7 || $k == rookT-7 || $k == highvalence-6 ]]; then
    one "$k next process, base" base-$k $BASE:$JAR $f --levels $l > /dev/null
    one "$k next process, base" base-$k $BASE:$JAR $f --levels $l
  fi
done > $OUT/bench.txt 2>&1
F=$G/bigguy_charts.obj
for c in "$M/bigguyT.obj:" "$M/bigguyT.obj:--limit" "$F:--uv linear" "$F:--uv smooth"; do
  f=${c%%:*}; opts=${c#*:}
  k=feat$(basename $f .obj)$(echo "$opts" | tr -d ' -')
  mkdir -p /tmp/dc-$k; export __GL_SHADER_DISK_CACHE_PATH=/tmp/dc-$k
  java -Dloopsub.gl.programCache=/tmp/pc-$k -jar $JAR bench $f --levels 6 $opts --backend gl --reps 1 --warmup 0 > /dev/null 2>&1
  one "$(basename $f .obj)-6 $opts (warm process)" $k $JAR $f --levels 6 $opts
done > $OUT/features.txt 2>&1
unset __GL_SHADER_DISK_CACHE_PATH
for c in $CASES $F:5; do
  f=${c%%:*}
  echo "== verify $(basename $f) --levels 5: $(java -jar $JAR verify $f --levels 5 2>&1 | grep -E '^result')"
done > $OUT/verify.txt 2>&1
echo "== verify bigguy_charts --levels 6 --uv linear: $(java -jar $JAR verify $F --levels 6 --uv linear 2>&1 | grep -E '^result')" >> $OUT/verify.txt
echo "== verify bigguy_charts --levels 4 --uv smooth --limit: $(java -jar $JAR verify $F --levels 4 --uv smooth --limit 2>&1 | grep -E '^result')" >> $OUT/verify.txt
tar czf $OUT/raw.tgz -C $OUT raw && rm -r $OUT/raw
grep -E "^== |^kernel time|^end to end|^  of it|^refine time" $OUT/bench.txt | cut -c1-200
grep -E "^== |^kernel time|^end to end" $OUT/features.txt | cut -c1-200
cut -c1-120 $OUT/verify.txt
