#!/bin/bash
# The build committed (see README), per kind: a first process with no caches at all (no kept program
# binaries, the driver's shader disk cache off), then a steady process: kernels, and end to end from
# runs without timestamps (bench since ffdd961); the features against the same mesh without them;
# verify for every case.
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
i=0
for c in "$M/bigguyT.obj --levels 7" "$M/monsterfrogT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/bigguy_holes.obj --levels 7" \
         "$G/bigguy_slits.obj --levels 7" "$G/bigguy_corners.obj --levels 7" "$G/highvalence.obj --levels 6" "$G/open_grid.obj --levels 7"; do
  i=$((i + 1))
  __GL_SHADER_DISK_CACHE=0 java -Dloopsub.gl.programCache=/tmp/pc-first-$i -jar $J bench $c --backend gl --warmup 0 --reps 5 > /tmp/first-$i.txt 2>&1
  java -jar $J bench $c --backend gl --warmup 3 --reps 10 > /tmp/steady-$i.txt 2>&1
  echo "== $c"
  echo "  first process: $(grep '^kernel time' /tmp/first-$i.txt | cut -c1-60) | $(grep '^programs' /tmp/first-$i.txt | cut -c1-60)"
  echo "  steady: $(grep '^kernel time' /tmp/steady-$i.txt | cut -c1-75)"
  echo "  steady: $(grep '^end to end' /tmp/steady-$i.txt | cut -c1-60) | $(grep 'of it:' /tmp/steady-$i.txt)"
done
k() { java -jar $J bench "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep "^kernel time\|^end to end" | cut -c1-60 | tr "\n" " "; }
for c in "$G/charts_novt.obj --levels 7" "$G/charts_novt.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 7 --uv linear" \
         "$G/bigguy_charts.obj --levels 7 --uv smooth"; do
  java -jar $J bench $c --backend gl --warmup 1 --reps 1 > /dev/null 2>&1
  echo "$c: $(k $c)"
done
for c in "$M/bigguyT.obj" "$M/monsterfrogT.obj" "$M/rookT.obj" "$G/bigguy_holes.obj" "$G/bigguy_slits.obj" "$G/bigguy_corners.obj" "$G/highvalence.obj" "$G/open_grid.obj" \
         "$G/charts_novt.obj --limit" "$G/bigguy_charts.obj --uv linear" "$G/bigguy_charts.obj --uv smooth"; do
  echo "verify $c --levels 5: $(java -jar $J verify $c --levels 5 2>&1 | grep '^result')"
done
