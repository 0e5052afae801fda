#!/bin/bash
# compare.sh NAME CLASSPATH-B CASEFILE : main (.device/bin/loopsub.jar) against CLASSPATH-B, warm, 2 rounds alternating
set -u
NAME=$1; B=$2; CASES=$3
A=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
[ -d $G ] || java -cp $A org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
run() { local cp=$1; shift
  java -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 15 2>&1 \
    | grep -E "^kernel time|^end to end|^  of it" | tr '\n' ' ' | tr -s ' ' | cut -c1-500; echo; }
while read -r c; do
  [ -z "$c" ] && continue
  c=${c//\$M/$M}; c=${c//\$G/$G}
  run $A $c > /dev/null; run $B:$A $c > /dev/null
  for round in 1 2; do
    echo "== main $c: $(run $A $c)"
    echo "== $NAME $c: $(run $B:$A $c)"
  done
done < $CASES
