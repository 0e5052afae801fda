#!/bin/bash
# Three builds in one call, alternating: the jar (ffdd961), b (.device/cz/b.zip: level 0's points
# uploaded without their zero words, and the regular path's valence-6 weights loaded once per
# invocation) and c (.device/cz/c.zip: b with the weights' buffer declared restrict); kernels and end
# to end (median of 10 after 3 warm-ups); verify for b and c; c's program binaries kept under $OUT.
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
OUT=${OUT:-/tmp/out}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
declare -A CP=([base]=$J [b]=.device/cz/b.zip:$J [c]=.device/cz/c.zip:$J)
L=org.loopsub.samples.cli.LoopsubCommand
k() { java -cp "$1" $L bench "${@:2}" --backend gl --warmup 3 --reps 10 2>&1 | grep "^kernel time\|^end to end\|of it:" | cut -c1-60 | tr "\n" " "; }
while read -r rounds c; do
  for v in base b c; do java -cp ${CP[$v]} $L bench $c --backend gl --warmup 0 --reps 1 > /dev/null 2>&1; done
  for round in $(seq $rounds); do
    for v in base b c; do echo "$c | $v: $(k ${CP[$v]} $c)"; done
  done
done <<< "2 $G/charts_novt.obj --levels 7
2 $G/charts_novt.obj --levels 7 --limit
2 $G/bigguy_charts.obj --levels 7 --uv linear
2 $G/highvalence.obj --levels 6
1 $M/rookT.obj --levels 7
1 $G/bigguy_charts.obj --levels 7 --uv smooth"
for v in b c; do
  for c in "$G/charts_novt.obj --limit" "$G/bigguy_charts.obj --uv linear" "$G/bigguy_charts.obj --uv smooth" "$G/highvalence.obj" "$M/rookT.obj"; do
    echo "verify $v $c --levels 5: $(java -cp ${CP[$v]} $L verify $c --levels 5 2>&1 | grep '^result' | cut -c1-80)"
  done
done
for c in "$G/charts_novt.obj --levels 7" "$G/charts_novt.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 7 --uv linear"; do
  d=/tmp/pc-$(echo "$c" | tr -c 'a-z0-9' '_')
  java -Dloopsub.gl.programCache=$d -cp ${CP[c]} $L bench $c --backend gl --warmup 0 --reps 1 > /dev/null 2>&1
done
tar czf $OUT/programs-c.tgz /tmp/pc-* 2>/dev/null
