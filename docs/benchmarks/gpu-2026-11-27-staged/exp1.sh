#!/bin/bash
# exp.sh: variants of the shaders (class path zips before the jar) on a few kinds, warm, 2 rounds
set -u
A=.device/bin/loopsub.jar
M=testdata/meshes; G=/tmp/benchmeshes
[ -d $G ] || java -cp $A org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { local cp=$1; shift
  java $JOPT -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 15 2>&1 \
    | grep -E "^kernel time|^[0-9] +[0-9.]+ +[0-9.]+%" | sed -E 's/ +/ /g; s/(read\+written|GB\/s).*//' | tr '\n' '|' | cut -c1-400; echo; }
JOPT=""
for c in "$M/bigguyT.obj --levels 7" "$G/bigguy_holes.obj --levels 7" "$G/highvalence.obj --levels 6" "$M/rookT.obj --levels 7"; do
  for v in main staged nostore; do cp=$A; [ $v != main ] && cp=.device/cz/$v.zip:$A; run $cp $c > /dev/null; done
  for round in 1 2; do
    for v in main staged nostore; do cp=$A; [ $v != main ] && cp=.device/cz/$v.zip:$A; echo "== $v $c: $(run $cp $c)"; done
  done
done
for g in 32 128; do
  JOPT="-Dloopsub.gl.splitGroup=$g"
  for v in main staged; do cp=$A; [ $v != main ] && cp=.device/cz/$v.zip:$A; run $cp $M/bigguyT.obj --levels 7 > /dev/null; echo "== $v splitGroup=$g bigguyT d7: $(run $cp $M/bigguyT.obj --levels 7)"; done
done
JOPT=""
B=.device/cz/staged.zip:$A
for c in "$M/bigguyT.obj --levels 5" "$G/bigguy_holes.obj --levels 5" "$M/rookT.obj --levels 5"; do
  echo "== verify staged $c: $(java -cp $B org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep -E '^result' | cut -c1-60)"
done
