#!/bin/bash
# SEAMLESS smooth-uv records (30e3c06) against the build just before them (0a6a5b5, its classes first
# on the class path as .device/cz/pre.zip), one call, alternating builds; then main's per-kind table.
set -u
J=.device/bin/loopsub.jar
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
run() { local cp=$1; shift; java -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60; }
for c in "$G/bigguy_charts.obj --levels 6 --uv smooth" "$G/bigguy_charts.obj --levels 7 --uv smooth"; do
  for b in pre main pre main; do
    if [ $b = pre ]; then cp=.device/cz/pre.zip:$J; else cp=$J; fi
    echo "$b $c: $(run $cp $c)"
  done
done
for b in pre main; do
  if [ $b = pre ]; then cp=.device/cz/pre.zip:$J; else cp=$J; fi
  echo "verify $b smooth d5: $(java -cp $cp org.loopsub.samples.cli.LoopsubCommand verify $G/bigguy_charts.obj --levels 5 --uv smooth 2>&1 | grep '^result')"
done
