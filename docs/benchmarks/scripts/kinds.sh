#!/bin/bash
# Table "Every kind of mesh": uniform refinement of the eight kinds. Per kind, a first process with
# no caches at all (an empty program cache, the driver's shader disk cache off, --warmup 0: its first
# timed run is the process's first refinement), then a steady process (--warmup 3 --reps 10,
# medians): kernels (GPU timestamps of every pass) and end to end (upload to output ready on the GPU,
# from runs without timestamps); then verify --levels 5 of each kind.
# Run: . .device/on-device.sh; bash docs/benchmarks/scripts/kinds.sh
. "$(dirname "$0")/common.sh"
header
meshes
i=0
for c in "$M/bigguyT.obj --levels 7" "$M/monsterfrogT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/bigguy_holes.obj --levels 7" \
         "$G/bigguy_slits.obj --levels 7" "$G/bigguy_corners.obj --levels 7" "$G/highvalence.obj --levels 6" "$G/open_grid.obj --levels 7"; do
  i=$((i + 1))
  __GL_SHADER_DISK_CACHE=0 java -Dloopsub.gl.programCache=$T/programs-$i -jar $J bench $c --backend gl --warmup 0 --reps 5 > $T/first-$i.txt 2>&1
  java -jar $J bench $c --backend gl --warmup 3 --reps 10 > $T/steady-$i.txt 2>&1
  echo "== $c"
  echo "  first process: $(grep '^kernel time' $T/first-$i.txt | cut -c1-60) | $(grep '^programs' $T/first-$i.txt | cut -c1-60)"
  echo "  steady: $(grep '^kernel time' $T/steady-$i.txt | cut -c1-75)"
  echo "  steady: $(grep '^end to end' $T/steady-$i.txt | cut -c1-60) | $(grep 'of it:' $T/steady-$i.txt)"
done
for c in "$M/bigguyT.obj" "$M/monsterfrogT.obj" "$M/rookT.obj" "$G/bigguy_holes.obj" "$G/bigguy_slits.obj" "$G/bigguy_corners.obj" \
         "$G/highvalence.obj" "$G/open_grid.obj"; do
  echo "verify $c --levels 5: $(java -jar $J verify $c --levels 5 2>&1 | grep '^result')"
done
