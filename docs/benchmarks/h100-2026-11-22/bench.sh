#!/bin/bash
# Runs on the GPU machine: verify (Java vs GL bytes, every scan strategy) and bench (GL timer queries).
set -u
J="java -jar .device/bin/loopsub.jar"
M=.device
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/device.txt
EYE=0.536435,1.05354,41.9797; TGT=0.536435,1.05354,0.0729135
echo "== verify" | tee $OUT/verify.txt
$J verify $M/bigguyT.obj --levels 4 2>&1 | tee -a $OUT/verify.txt
$J verify $M/monsterfrogT.obj --levels 3 2>&1 | tee -a $OUT/verify.txt
$J verify $M/bigguyT.obj --adaptive --max-depth 6 --screen-px 2 --eye $EYE --target $TGT --fov 45 --viewport 1920x1080 2>&1 | tee -a $OUT/verify.txt
$J verify $M/monsterfrogT.obj --adaptive --max-depth 5 --max-edge 0.8 --flatness 0.002 2>&1 | tee -a $OUT/verify.txt
$J verify $M/bunny_npm.obj --adaptive --max-depth 5 --flatness 0.0005 2>&1 | tee -a $OUT/verify.txt
echo "== bench" | tee $OUT/bench.txt
for s in reduce-then-scan subgroup; do
$J bench $M/bigguyT.obj --levels 7 --backend gl --scan $s --reps 10 --warmup 3 --copy-bandwidth-gbs 2700 --json $OUT/bigguy7-$s.json 2>&1 | tee -a $OUT/bench.txt
done
$J bench $M/monsterfrogT.obj --levels 7 --backend gl --reps 10 --warmup 3 --copy-bandwidth-gbs 2700 --json $OUT/monsterfrog7.json 2>&1 | tee -a $OUT/bench.txt
for s in hillis-steele reduce-then-scan subgroup; do
$J bench $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 --eye $EYE --target $TGT --fov 45 --viewport 1920x1080 --backend gl --scan $s --reps 10 --warmup 3 --copy-bandwidth-gbs 2700 --json $OUT/bigguy-screen1-$s.json 2>&1 | tee -a $OUT/bench.txt
done
$J bench $M/bigguyT.obj --levels 6 --backend java --reps 3 --warmup 1 --json $OUT/bigguy6-java-16cores.json 2>&1 | tee -a $OUT/bench.txt
