#!/bin/bash
# Runs on the GPU machine: verify (Java vs GL bytes, every scan strategy) and bench (GL timer queries).
# Usage there: . .device/on-device.sh; bash .device/bench.sh   (jar in .device/bin, meshes in .device)
set -u
J="java -jar .device/bin/loopsub.jar"
M=.device
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $OUT/device.txt
EYE=0.536435,1.05354,41.9797; TGT=0.536435,1.05354,0.0729135   # bigguyT: +z axis, sphere fills the view
{
$J verify $M/bigguyT.obj --levels 4
$J verify $M/bigguyT.obj --levels 1
$J verify $M/monsterfrogT.obj --levels 3
$J verify $M/bunny_npm.obj --levels 3
$J verify $M/bigguyT.obj --adaptive --max-depth 6 --screen-px 2 --eye $EYE --target $TGT --fov 45 --viewport 1920x1080
$J verify $M/monsterfrogT.obj --adaptive --max-depth 5 --max-edge 0.8 --flatness 0.002
$J verify $M/bunny_npm.obj --adaptive --max-depth 5 --flatness 0.0005
} > $OUT/verify.txt 2>&1
grep -E "^result" $OUT/verify.txt
# The fused last two levels with many windows (binding budgets from 16 MiB to the 2 GiB default).
for b in 16 512 1024 2047; do
  echo "== --gl-budget-mib $b"; $J verify $M/bigguyT.obj --levels 5 --scan reduce-then-scan --gl-budget-mib $b
done > $OUT/verify-budgets.txt 2>&1
grep -E "^==|^result" $OUT/verify-budgets.txt
B="bench --backend gl --reps 20 --warmup 10 --copy-bandwidth-gbs 2700"
# A first process on a fresh machine ran up to 2x slower (clocks ramping): one untimed run first.
$J $B $M/bigguyT.obj --levels 7 > /dev/null 2>&1
{
$J $B $M/bigguyT.obj --levels 7 --json $OUT/bigguy7.json
$J $B $M/monsterfrogT.obj --levels 7 --json $OUT/monsterfrog7.json
echo "## ablation: last two levels not fused (-Dloopsub.gl.fuse=false)"
java -Dloopsub.gl.fuse=false -jar .device/bin/loopsub.jar $B $M/bigguyT.obj --levels 7
java -Dloopsub.gl.fuse=false -jar .device/bin/loopsub.jar $B $M/monsterfrogT.obj --levels 7
echo "## ablation: binding budget 256 MiB and 1 GiB (default 2 GiB)"
$J $B $M/bigguyT.obj --levels 7 --gl-budget-mib 256
$J $B $M/bigguyT.obj --levels 7 --gl-budget-mib 1024
for s in hillis-steele reduce-then-scan subgroup; do
  json=""; [ $s = reduce-then-scan ] && json="--json $OUT/bigguy-screen1.json"
  $J $B $M/bigguyT.obj --adaptive --max-depth 8 --screen-px 1 --eye $EYE --target $TGT --fov 45 --viewport 1920x1080 \
      --scan $s $json
done
} > $OUT/bench.txt 2>&1
grep -E "^refinement|^kernel time|^end to end|^## " $OUT/bench.txt | cut -c1-120
