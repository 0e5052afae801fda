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
L=-Dloopsub.gl.listGeneral=true
run highvalence-listed "$H $L" $G/highvalence.obj --levels 6
run rookT-listed "$H $L" $M/rookT.obj --levels 7
run bigguyT-listed "$H $L" $M/bigguyT.obj --levels 7
for g in 32 64 128; do
run highvalence-g$g "$H -Dloopsub.gl.generalGroup=$g" $G/highvalence.obj --levels 6
run highvalence-listed-g$g "$H $L -Dloopsub.gl.generalGroup=$g" $G/highvalence.obj --levels 6
done
run rookT-g64 "$H -Dloopsub.gl.generalGroup=64" $M/rookT.obj --levels 7
run uvsmooth-nolist "$H -Dloopsub.gl.listGeneral=false" $G/bigguy_charts.obj --levels 6 --uv smooth
run uvsmooth-list "$H" $G/bigguy_charts.obj --levels 6 --uv smooth
