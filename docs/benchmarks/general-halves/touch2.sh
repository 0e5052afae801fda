#!/bin/bash
set -u
J=.device/bin/halves.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
H=-Dloopsub.gl.timeHalves=true
run() { # name, zip, args
  local name=$1; shift; local cp=$J; [ "$1" != base ] && cp=.device/cz/$1.zip:$J; shift
  java $H -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 10 > $OUT/$name.txt 2>&1
  echo "== $name: $(grep '^kernel time' $OUT/$name.txt | cut -c1-40)"
  sed -n '/^pass  *kernel ms/,/^kernel time/p' $OUT/$name.txt | awk '{print $1, $2}' | tr '\n' '|'; echo
}
for round in 1 2; do
for v in base touch2; do
run bigguyT-$v-$round $v $M/bigguyT.obj --levels 7
run rookT-$v-$round $v $M/rookT.obj --levels 7
run highvalence-$v-$round $v $G/highvalence.obj --levels 6

run limit-$v-$round $v $M/bigguyT.obj --levels 7 --limit
run uvsmooth-$v-$round $v $G/bigguy_charts.obj --levels 6 --uv smooth
done
done
for c in "$M/rookT.obj --levels 5" "$G/highvalence.obj --levels 5" "$G/bigguy_charts.obj --levels 4 --uv smooth --limit"; do
  echo "verify touch2 $c: $(java -cp .device/cz/touch2.zip:$J org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep '^result')"
done
