#!/bin/bash
# Linear uvs after bf1e57d: the fused pass's positions and uvs staged in one bank of 15 vec4s an
# invocation, stored behind one pair of barriers (.device/cz/bank15.zip: triangle_writer.glsl alone,
# first on the class path), against bf1e57d's bank of 9 stored behind a pair a buffer; and the split
# group with linear uvs (loopsub.gl.splitGroupLinearUvs, 64 by default) now that the uvs are pairs.
set -u
J=.device/cz/uvpairs.zip:.device/bin/loopsub.jar
X=.device/cz/bank15.zip:$J
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
date -u
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
C=org.loopsub.samples.cli.LoopsubCommand
K() { timeout 60 java "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60; }
L="$G/bigguy_charts.obj --levels 7 --uv linear"
java -cp $J $C bench $L --backend gl --warmup 1 --reps 1 >/dev/null 2>&1
java -cp $X $C bench $L --backend gl --warmup 1 --reps 1 >/dev/null 2>&1
for r in 1 2; do
  echo "plain          : $(K -cp $J $C bench $G/charts_novt.obj --levels 7)"
  echo "bf1e57d        : $(K -cp $J $C bench $L)"
  echo "bank15         : $(K -cp $X $C bench $L)"
  echo "bf1e57d g128   : $(K -Dloopsub.gl.splitGroupLinearUvs=128 -cp $J $C bench $L)"
  echo "bank15 g128    : $(K -Dloopsub.gl.splitGroupLinearUvs=128 -cp $X $C bench $L)"
  echo "bf1e57d g96    : $(K -Dloopsub.gl.splitGroupLinearUvs=96 -cp $J $C bench $L)"
done
echo "bank15 d6      : $(K -cp $X $C bench $G/bigguy_charts.obj --levels 6 --uv linear)"
echo "bf1e57d d6     : $(K -cp $J $C bench $G/bigguy_charts.obj --levels 6 --uv linear)"
echo "plain d6       : $(K -cp $J $C bench $G/charts_novt.obj --levels 6)"
for c in "$G/bigguy_charts.obj --uv linear --levels 5" "$G/bigguy_charts.obj --uv linear --levels 6"; do
  echo "verify bank15 $c: $(timeout 120 java -cp $X $C verify $c 2>&1 | grep '^result')"
done
