#!/bin/bash
set -u
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp .device/bin/halves.jar org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
H=-Dloopsub.gl.timeHalves=true
run() { # name, jar, args
  local name=$1; shift; local cp=.device/bin/halves.jar; [ "$1" != halves ] && cp=.device/cz/$1.zip:$cp; shift
  java $H -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 10 > $OUT/$name.txt 2>&1
  echo "== $name: $(grep '^kernel time' $OUT/$name.txt | cut -c1-40)"
  sed -n '/^pass  *kernel ms/,/^kernel time/p' $OUT/$name.txt | awk '{print $1, $2}' | tr '\n' '|'; echo
}
for round in 1 2; do
for v in halves fan; do
run bigguyT-$v-$round $v $M/bigguyT.obj --levels 7
run rookT-$v-$round $v $M/rookT.obj --levels 7
run highvalence-$v-$round $v $G/highvalence.obj --levels 6
run holes-$v-$round $v $G/bigguy_holes.obj --levels 7
run limit-$v-$round $v $M/bigguyT.obj --levels 7 --limit
run uvlinear-$v-$round $v $G/bigguy_charts.obj --levels 7 --uv linear
run uvsmooth-$v-$round $v $G/bigguy_charts.obj --levels 6 --uv smooth
done
done
for c in "$M/rookT.obj --levels 5" "$G/highvalence.obj --levels 5" "$G/bigguy_charts.obj --levels 4 --uv smooth --limit" "$G/bigguy_corners.obj --levels 5 --limit"; do
  echo "verify fan $c: $(java -cp .device/cz/fan.zip:.device/bin/halves.jar org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep '^result')"
done
