#!/bin/bash
# One staged-store macro for any count of vec4s a grandchild (FLUSH_N, STORE_BANK with n) instead of
# one for 9 and one for 6: .device/cz/flushn.zip (triangle_writer.glsl alone) against f7ee877.
set -u
J=.device/bin/loopsub.jar
X=.device/cz/flushn.zip:$J
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
C=org.loopsub.samples.cli.LoopsubCommand
K() { timeout 60 java "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-40; }
for c in "$G/charts_novt.obj --levels 7" "$G/bigguy_charts.obj --levels 7 --uv linear" "$G/charts_novt.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 7 --uv linear --limit"; do
  java -cp $J $C bench $c --backend gl --warmup 1 --reps 1 >/dev/null 2>&1; java -cp $X $C bench $c --backend gl --warmup 1 --reps 1 >/dev/null 2>&1
  for r in 1 2; do echo "f7ee877 $c: $(K -cp $J $C bench $c)"; echo "flushN  $c: $(K -cp $X $C bench $c)"; done
done
for c in "$G/bigguy_charts.obj --uv linear --levels 5" "$G/bigguy_charts.obj --uv linear --limit --levels 5" "$G/charts_novt.obj --limit --levels 5"; do
  echo "verify flushN $c: $(timeout 120 java -cp $X $C verify $c 2>&1 | grep '^result')"
done
