#!/bin/bash
# Smooth uvs through the fused pass: NEW (.device/cz/new.zip, first on the class path) against main's
# jar in one call (feature-profile/ab.sh), then where the new build's time goes per level and half.
set -u
J=.device/bin/loopsub.jar
G=/tmp/benchmeshes
D=docs/benchmarks/smooth-fused
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
bash $D/creased.sh $G/bigguy_charts.obj $G/charts_creased.obj
CASES="$G/bigguy_charts.obj --levels 7 --uv smooth
$G/bigguy_charts.obj --levels 6 --uv smooth
$G/charts_creased.obj --levels 7 --uv smooth
$G/charts_novt.obj --levels 7
$G/bigguy_charts.obj --levels 7 --uv linear" \
VERIFY="$G/bigguy_charts.obj --uv smooth
$G/charts_creased.obj --uv smooth
$G/charts_creased.obj --uv smooth --creasing chaikin
testdata/meshes/cylinder_uv.obj --uv smooth
$G/bigguy_charts.obj --uv smooth --limit" \
bash docs/benchmarks/feature-profile/ab.sh
echo "=== new, bigguy_charts depth 7 --uv smooth, per level and half"
java -Dloopsub.gl.timeHalves=true -cp .device/cz/new.zip:$J org.loopsub.samples.cli.LoopsubCommand bench $G/bigguy_charts.obj \
  --levels 7 --uv smooth --backend gl --warmup 3 --reps 10 2>&1 | sed -n '/^GPU kernels/,/^end to end/p'
