# Throw-away experiment (not a product command): a jar with per-repetition printing (LOOPSUB_EACH)
# and a LOOPSUB_NUDGE switch (after the compile: ctx = make and drop a context on another thread,
# buf = allocate and clear 256 MiB), not committed; what was run for nudge-clocks.csv, none/ctx/buf/ctx2.txt.
#!/bin/bash
set -u
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,utilization.gpu --format=csv,noheader -lms 250 > $OUT/clocks.csv 2>&1 &
W=$!
one() { local tag=$1; shift; echo "== $tag $(date +%T.%N)";
  LOOPSUB_EACH=1 "$@" java -Dloopsub.gl.programCache=off -jar .device/bin/exp.jar bench testdata/meshes/rookT.obj --levels 7 --backend gl --warmup 0 --reps 60 > $OUT/$tag.txt 2>&1
  grep -E '^compiled|^nudged' $OUT/$tag.txt
  grep -E '^rep (0|1|2|5|10|20|40|59) ' $OUT/$tag.txt | awk '{print $2,$5,$7}' | tr '\n' ' '; echo
  grep -E '^kernel time' $OUT/$tag.txt; }
export __GL_SHADER_DISK_CACHE=0
one none env LOOPSUB_NUDGE=none
one ctx env LOOPSUB_NUDGE=ctx
one buf env LOOPSUB_NUDGE=buf
one ctx2 env LOOPSUB_NUDGE=ctx
kill $W
