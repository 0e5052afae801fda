#!/bin/bash
set -u
A=.device/bin/loopsub.jar
M=testdata/meshes; G=/tmp/benchmeshes
[ -d $G ] || java -cp $A org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { local v=$1; shift; local cp=$A
  [ $v != main ] && cp=.device/cz/$v.zip:$A
  java -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 15 2>&1 \
    | grep -E "^kernel time|^[0-9] +[0-9.]+ +[0-9.]+%" | sed -E 's/ +/ /g; s/(read\+written|GB\/s).*//' | tr '\n' '|' | cut -c1-400; echo; }
cmp() { local vs=$1; shift
  for v in $vs; do run $v "$@" > /dev/null; done
  for round in 1 2; do for v in $vs; do echo "== $v $*: $(run $v "$@")"; done; done; }
cmp "main restrict" $M/bigguyT.obj --levels 7
cmp "main restrict" $G/bigguy_holes.obj --levels 7
cmp "main restrict" $G/highvalence.obj --levels 6
cmp "main restrict" $M/rookT.obj --levels 7
cmp "main restrict" $M/bigguyT.obj --levels 7 --limit
B=.device/cz/restrict.zip:$A
for c in "$M/bigguyT.obj --levels 5 --limit" "$G/bigguy_holes.obj --levels 5"; do
  echo "== verify restrict $c: $(java -cp $B org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep -E '^result' | cut -c1-60)"
done
