#!/bin/bash
# The direct regular half's stores staged in shared memory (STAGED_DIRECT, triangle_writer.glsl)
# against the same jar with -Dloopsub.gl.stageDirect=false (main's passes); one jar built from the
# working tree at 50a7482 plus the experiment. Short: the device time left was under 5 minutes.
set -u
J=.device/bin/loopsub.jar
G=/tmp/benchmeshes
M=testdata/meshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
C=org.loopsub.samples.cli.LoopsubCommand
K() { timeout 40 java "$@" --backend gl --warmup 2 --reps 6 2>&1 | grep '^kernel time' | cut -c1-60; }
for c in "$G/bigguy_charts.obj --levels 7 --uv smooth" "$G/charts_novt.obj --levels 7" "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6"; do
  echo "main   $c: $(K -Dloopsub.gl.stageDirect=false -cp $J $C bench $c)"
  echo "staged $c: $(K -cp $J $C bench $c)"
  echo "main   $c: $(K -Dloopsub.gl.stageDirect=false -cp $J $C bench $c)"
done
for c in "$G/bigguy_charts.obj --uv smooth --levels 4" "$M/rookT.obj --levels 5"; do
  echo "verify staged $c: $(timeout 40 java -cp $J $C verify $c 2>&1 | grep '^result')"
done
