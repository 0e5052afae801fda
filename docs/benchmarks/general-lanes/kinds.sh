#!/bin/bash
# Per kind: a first process with no caches at all (no kept program binaries, the driver's shader disk
# cache off), then a steady process; then lanes off (loopsub.gl.generalLanes=1) in the same call.
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
i=0
for c in "$M/bigguyT.obj --levels 7" "$M/monsterfrogT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/bigguy_holes.obj --levels 7" \
         "$G/bigguy_slits.obj --levels 7" "$G/bigguy_corners.obj --levels 7" "$G/highvalence.obj --levels 6" "$G/open_grid.obj --levels 7"; do
  i=$((i + 1))
  __GL_SHADER_DISK_CACHE=0 java -Dloopsub.gl.programCache=/tmp/pc-first-$i -jar $J bench $c --backend gl --warmup 0 --reps 5 > $OUT/first-$i.txt 2>&1
  java -jar $J bench $c --backend gl --warmup 3 --reps 10 > $OUT/steady-$i.txt 2>&1
  echo "== $c"
  echo "  first process: $(grep '^kernel time' $OUT/first-$i.txt | cut -c1-60) | $(grep '^programs' $OUT/first-$i.txt)"
  echo "  steady: $(grep '^kernel time' $OUT/steady-$i.txt | cut -c1-75)"
  echo "  steady: $(grep '^end to end' $OUT/steady-$i.txt | cut -c1-60)"
done
for c in "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6" "$M/bigguyT.obj --levels 7"; do
  for p in "-Dloopsub.gl.generalLanes=1" "-Dx=1"; do
    echo "[$p] $c: $(java $p -jar $J bench $c --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60)"
  done
done
java -Dloopsub.gl.timeHalves=true -jar $J bench $M/rookT.obj --levels 7 --backend gl --warmup 3 --reps 10 > $OUT/rookT-halves.txt 2>&1
java -Dloopsub.gl.timeHalves=true -jar $J bench $G/highvalence.obj --levels 6 --backend gl --warmup 3 --reps 10 > $OUT/hv-halves.txt 2>&1
