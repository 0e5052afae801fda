#!/bin/bash
set -u
J=.device/bin/halves.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
run() { # name, props, args
  local name=$1; shift; local props=$1; shift
  java $props -jar $J bench "$@" --backend gl --warmup 3 --reps 10 > $OUT/$name.txt 2>&1
  echo "== $name: $(grep '^kernel time' $OUT/$name.txt | cut -c1-40)"
  sed -n '/^level  *kernel ms/,/^total/p' $OUT/$name.txt | awk '{print $1, $2}' | tr '\n' '|'; echo
  sed -n '/^pass  *kernel ms/,/^kernel time/p' $OUT/$name.txt | awk '{print $1, $2}' | tr '\n' '|'; echo
}
H=-Dloopsub.gl.timeHalves=true
run bigguyT $H $M/bigguyT.obj --levels 7
run bigguyT-plain "" $M/bigguyT.obj --levels 7
run rookT $H $M/rookT.obj --levels 7
run rookT-plain "" $M/rookT.obj --levels 7
run rookT-nocrease $H $M/rookT.obj --levels 7 --ignore-creases
run rookT-listed "$H -Dloopsub.gl.listGeneral=true" $M/rookT.obj --levels 7
run highvalence $H $G/highvalence.obj --levels 6
run highvalence-plain "" $G/highvalence.obj --levels 6
run highvalence-listed "$H -Dloopsub.gl.listGeneral=true" $G/highvalence.obj --levels 6
run holes $H $G/bigguy_holes.obj --levels 7
run limit $H $M/bigguyT.obj --levels 7 --limit
run limit-plain "" $M/bigguyT.obj --levels 7 --limit
run uvlinear $H $G/bigguy_charts.obj --levels 7 --uv linear
run uvlinear-plain "" $G/bigguy_charts.obj --levels 7 --uv linear
run uvsmooth $H $G/bigguy_charts.obj --levels 6 --uv smooth
run uvsmooth-plain "" $G/bigguy_charts.obj --levels 6 --uv smooth
run bigguyT6 $H $M/bigguyT.obj --levels 6
