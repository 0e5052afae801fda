#!/bin/bash
set -u
J=.device/bin/gf.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
run() { # name, props, args
  local name=$1; shift; local props=$1; shift
  java $props -jar $J bench "$@" --backend gl --warmup 3 --reps 10 > $OUT/$name.txt 2>&1
  echo "== $name: $(grep '^kernel time' $OUT/$name.txt | cut -c1-40)"
  sed -n '/^level  *kernel ms/,/^total/p' $OUT/$name.txt | awk '{print $1, $2}' | tr '\n' '|'; echo
}
for round in 1 2; do
for v in base gf; do
P=""; [ $v = gf ] && P=-Dloopsub.gl.generalFirst=true
run rookT-$v-$round "$P" $M/rookT.obj --levels 7
run highvalence-$v-$round "$P" $G/highvalence.obj --levels 6
run bigguyT-$v-$round "$P" $M/bigguyT.obj --levels 7
run holes-$v-$round "$P" $G/bigguy_holes.obj --levels 7
done
done
for c in "$M/rookT.obj --levels 5" "$G/highvalence.obj --levels 5" "$G/bigguy_holes.obj --levels 5 --limit"; do
  echo "verify gf $c: $(java -Dloopsub.gl.generalFirst=true -jar $J verify $c 2>&1 | grep '^result')"
done
