#!/bin/bash
set -u
A=.device/bin/loopsub.jar
M=testdata/meshes; G=/tmp/benchmeshes
[ -d $G ] || java -cp $A org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { local v=$1; shift; local cp=$A opt=""
  case $v in main) ;; s9) cp=.device/cz/s9.zip:$A;; s9g128) cp=.device/cz/s9.zip:$A; opt=-Dloopsub.gl.splitGroup=128;;
    s36) cp=.device/cz/s36.zip:$A;; s36g32) cp=.device/cz/s36.zip:$A; opt=-Dloopsub.gl.splitGroup=32;; esac
  java $opt -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 15 2>&1 \
    | grep -E "^kernel time|^[0-9] +[0-9.]+ +[0-9.]+%" | sed -E 's/ +/ /g; s/(read\+written|GB\/s).*//' | tr '\n' '|' | cut -c1-400; echo; }
cmp() { local vs=$1; shift
  for v in $vs; do run $v "$@" > /dev/null; done
  for round in 1 2; do for v in $vs; do echo "== $v $*: $(run $v "$@")"; done; done; }
cmp "main s9 s9g128 s36 s36g32" $M/bigguyT.obj --levels 7
cmp "main s9 s9g128 s36 s36g32" $G/bigguy_holes.obj --levels 7
cmp "main s9 s9g128 s36g32" $G/highvalence.obj --levels 6
cmp "main s9 s9g128" $M/bigguyT.obj --levels 7 --limit
cmp "main s9 s9g128" $G/bigguy_charts.obj --levels 7 --uv linear
B=.device/cz/s9.zip:$A
for c in "$M/bigguyT.obj --levels 5 --limit" "$G/bigguy_charts.obj --levels 5 --uv linear" "$G/bigguy_charts.obj --levels 5 --uv linear --limit" "$G/highvalence.obj --levels 5"; do
  echo "== verify s9 $c: $(java -cp $B org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep -E '^result' | cut -c1-60)"
done
B=.device/cz/s36.zip:$A
echo "== verify s36 bigguyT 5: $(java -cp $B org.loopsub.samples.cli.LoopsubCommand verify $M/bigguyT.obj --levels 5 2>&1 | grep -E '^result' | cut -c1-60)"
