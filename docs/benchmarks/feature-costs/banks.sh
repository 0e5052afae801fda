#!/bin/bash
# The fused pass's staged stores, one bank a buffer behind one pair of barriers (cz/banks.zip), against
# one store phase a buffer (cz/lister.zip) and main; same call, two rounds; the first timed run after
# 3 and after 8 warm-ups; verify.
set -u
J=.device/bin/loopsub.jar
L=.device/cz/lister.zip
B=.device/cz/banks.zip
G=/tmp/benchmeshes
M=testdata/meshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
run() { java -cp "$1" org.loopsub.samples.cli.LoopsubCommand "${@:2}"; }
CASES=("$G/charts_novt.obj --levels 7" "$G/charts_novt.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 7 --uv linear"
       "$G/bigguy_charts.obj --levels 7 --uv linear --limit" "$M/rookT.obj --levels 7" "$M/bigguyT.obj --levels 7")
for c in "${CASES[@]}"; do for cp in $J $L:$J $B:$J; do run $cp bench $c --backend gl --warmup 1 --reps 1 > /dev/null 2>&1; done; done
for round in 1 2; do
  for c in "${CASES[@]}"; do
    for cp in $J $L:$J $B:$J; do
      echo "r$round [${cp%%:*}] $c: $(run $cp bench $c --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-50)"
    done
  done
done
for cp in $J $B:$J; do
  for w in 3 8; do
    echo "warmup $w [${cp%%:*}] rookT d7: $(run $cp bench $M/rookT.obj --levels 7 --backend gl --warmup $w --reps 10 2>&1 | grep '^kernel time' | cut -c1-50)"
  done
done
for c in "$G/charts_novt.obj --levels 5 --limit" "$G/bigguy_charts.obj --levels 5 --uv linear" "$G/bigguy_charts.obj --levels 5 --uv linear --limit" "$M/rookT.obj --levels 5" "$M/bigguyT.obj --levels 5"; do
  echo "verify $c: $(run $B:$J verify $c 2>&1 | grep '^result')"
done
