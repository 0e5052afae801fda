#!/bin/bash
set -u
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp .device/bin/halves.jar org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
H=-Dloopsub.gl.timeHalves=true
run() { # name, variant, args
  local name=$1; shift; local cp=.device/bin/halves.jar; [ "$1" != base ] && cp=.device/cz/$1.zip:$cp; shift
  java $H -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 10 > $OUT/$name.txt 2>&1
  echo "== $name: $(grep '^kernel time' $OUT/$name.txt | cut -c1-40)"
  sed -n '/^pass  *kernel ms/,/^kernel time/p' $OUT/$name.txt | awk '{print $1, $2}' | tr '\n' '|'; echo
}
for v in base w2; do
run highvalence-$v $v $G/highvalence.obj --levels 6
run rookT-$v $v $M/rookT.obj --levels 7
run bigguyT-$v $v $M/bigguyT.obj --levels 7
done
