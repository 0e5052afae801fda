# Throw-away experiment (not a product command): needs a jar built with per-repetition printing
# (LOOPSUB_EACH) that was not committed; kept to show what was run for governor-clocks.csv and q*.txt.
#!/bin/bash
# throw-away: is the first-run effect the GPU clock governor?
set -u
J=.device/bin/exp.jar
M=testdata/meshes/rookT.obj
nvidia-smi -q -d PERFORMANCE,CLOCK | head -60 > $OUT/perf.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,pstate,power.draw,utilization.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 250 > $OUT/clocks.csv 2>&1 &
W=$!
b() { local tag=$1; shift; echo "== $tag $(date +%s.%N)"; LOOPSUB_EACH=1 "$@" java -jar $J bench $M --levels 7 --backend gl --warmup 0 --reps 200 > $OUT/$tag.txt 2>&1; grep -E '^rep (0|1|5|20|50|100|150|199) ' $OUT/$tag.txt | awk '{print $1,$2,$3,$7}' | tr '\n' ' '; echo; }
export __GL_SHADER_DISK_CACHE_PATH=/tmp/c2; rm -rf /tmp/c2; mkdir -p /tmp/c2
b q1_off env __GL_SHADER_DISK_CACHE=0
b q2_on_fill env
b q3_on_hit_now env
sleep 15
b q4_on_hit_after_idle15 env
# keep the GPU busy with a second (cache-hit) bench while a cache-off process compiles
b q5_off_again env __GL_SHADER_DISK_CACHE=0
kill $W
