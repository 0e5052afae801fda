#!/bin/bash
# Output uvs as (u, v) instead of (u, v, 0): main before (.device/bin/loopsub.jar, 50a7482) against
# the build of bf1e57d (.device/cz/uvpairs.zip: the shaders' and gl modules' classes first on the class path, the only modules whose code the change touches for bench and verify), alternating, in one call; then a first process of
# the new build with no caches, and verify for every case.
set -u
OLD=.device/bin/loopsub.jar
NEW=.device/cz/uvpairs.zip:$OLD
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
date -u
java -cp $OLD org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
B() { timeout 60 java -cp "$1" org.loopsub.samples.cli.LoopsubCommand "${@:2}" --backend gl --warmup 3 --reps 10 > /tmp/b.txt 2>&1
      echo "$(grep '^kernel time' /tmp/b.txt | cut -c1-48) | $(grep '^end to end' /tmp/b.txt | cut -c1-26)"; }
for j in $OLD $NEW; do java -cp $j org.loopsub.samples.cli.LoopsubCommand bench $G/bigguy_charts.obj --levels 5 --uv linear --backend gl --warmup 1 --reps 1 > /dev/null 2>&1; done
for c in "$G/charts_novt.obj --levels 7" "$G/bigguy_charts.obj --levels 7 --uv linear" "$G/bigguy_charts.obj --levels 6 --uv linear" \
         "$G/bigguy_charts.obj --levels 7 --uv linear --limit" "$G/bigguy_charts.obj --levels 6 --uv smooth" "$G/bigguy_charts.obj --levels 7 --uv smooth" \
         "$G/charts_novt.obj --levels 7 --limit"; do
  for r in 1 2; do
    echo "old $c: $(B $OLD bench $c)"
    echo "new $c: $(B $NEW bench $c)"
  done
done
echo "== first process of the new build, no caches (__GL_SHADER_DISK_CACHE=0, empty program cache), --warmup 0"
for c in "$G/bigguy_charts.obj --levels 7 --uv linear" "$G/charts_novt.obj --levels 7"; do
  rm -rf /tmp/pc; echo "first $c: $(__GL_SHADER_DISK_CACHE=0 timeout 90 java -Dloopsub.gl.programCache=/tmp/pc -cp $NEW org.loopsub.samples.cli.LoopsubCommand bench $c --backend gl --warmup 0 --reps 5 2>&1 | grep '^kernel time' | cut -c1-60)"
done
for c in "$G/bigguy_charts.obj --uv linear --levels 5" "$G/bigguy_charts.obj --uv linear --levels 6" "$G/bigguy_charts.obj --uv linear --limit --levels 5" \
         "$G/bigguy_charts.obj --uv smooth --levels 4" "$G/bigguy_charts.obj --uv linear --adaptive --max-edge 0.02 --max-depth 5" \
         "$G/bigguy_charts.obj --uv smooth --limit --adaptive --screen-px 2 --eye 0,0,30 --target 0,0,0 --max-depth 5" "$G/charts_novt.obj --levels 6"; do
  echo "verify new $c: $(timeout 120 java -cp $NEW org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep '^result')"
done
