#!/bin/bash
# lanes 1 vs 4 in the same process kind: per-level halves, then plain kernel time, two rounds
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
run() { # name, props, args
  local name=$1; shift; local props=$1; shift
  java $props -jar $J bench "$@" --backend gl --warmup 3 --reps 10 > $OUT/$name.txt 2>&1
  echo "== $name: $(grep '^kernel time' $OUT/$name.txt | cut -c1-60)"
  sed -n '/^level  *kernel ms/,/^total/p' $OUT/$name.txt | awk '{print $1, $2}' | tr '\n' '|'; echo
  sed -n '/^pass  *kernel ms/,/^kernel time/p' $OUT/$name.txt | awk '{print $1, $2}' | tr '\n' '|'; echo
}
H=-Dloopsub.gl.timeHalves=true
L1=-Dloopsub.gl.generalLanes=1
# first processes per mesh kind and lanes (builds and caches their programs)
for m in "$M/bigguyT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6"; do
  for p in "$L1" ""; do java $p -jar $J bench $m --backend gl --warmup 1 --reps 2 > /dev/null 2>&1; done
done
run rookT-h1 "$H $L1" $M/rookT.obj --levels 7
run rookT-h4 "$H" $M/rookT.obj --levels 7
run hv-h1 "$H $L1" $G/highvalence.obj --levels 6
run hv-h4 "$H" $G/highvalence.obj --levels 6
run bigguyT-h1 "$H $L1" $M/bigguyT.obj --levels 7
run bigguyT-h4 "$H" $M/bigguyT.obj --levels 7
for round in 1 2; do
  for c in "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6" "$M/bigguyT.obj --levels 7"; do
    for p in "$L1" ""; do
      echo "r$round lanes${p:+1} $c: $(java $p -jar $J bench $c --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60)"
    done
  done
done
for c in "$M/rookT.obj --levels 5" "$G/highvalence.obj --levels 5" "$M/bigguyT.obj --levels 5"; do
  echo "verify $c: $(java -jar $J verify $c 2>&1 | grep '^result')"
done
