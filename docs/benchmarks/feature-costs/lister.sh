#!/bin/bash
# A pass before the fused one lists its general parents and its general half runs over that list
# (cz/lister.zip, put first on the class path), against main's general half over every parent; same
# call, two rounds; then where the linear uvs' time goes, and verify.
set -u
J=.device/bin/loopsub.jar
Z=.device/cz/lister.zip
G=/tmp/benchmeshes
M=testdata/meshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
run() { java -cp "$1" org.loopsub.samples.cli.LoopsubCommand "${@:2}"; }
CASES=("$G/charts_novt.obj --levels 7" "$G/charts_novt.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 7 --uv linear"
       "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6" "$M/bigguyT.obj --levels 7" "$G/bigguy_corners.obj --levels 7")
for c in "${CASES[@]}"; do for cp in $J $Z:$J; do run $cp bench $c --backend gl --warmup 1 --reps 1 > /dev/null 2>&1; done; done
for round in 1 2; do
  for c in "${CASES[@]}"; do
    for cp in $J $Z:$J; do
      echo "r$round [${cp%%:*}] $c: $(run $cp bench $c --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-50)"
    done
  done
done
c="$G/bigguy_charts.obj --levels 7 --uv linear"
for cp in $J $Z:$J; do
  java -Dloopsub.gl.timeHalves=true -cp $cp org.loopsub.samples.cli.LoopsubCommand bench $c --backend gl --warmup 3 --reps 10 > /tmp/p.txt 2>&1
  echo "== halves [${cp%%:*}] $c: $(grep '^kernel time' /tmp/p.txt | cut -c1-40)"
  sed -n '/^pass  *kernel ms/,/^kernel time/p' /tmp/p.txt | grep -v '^pass\|^kernel' | awk '{print $1, $2}' | tr '\n' '|'; echo
done
for c in "$G/charts_novt.obj --levels 5 --limit" "$G/bigguy_charts.obj --levels 5 --uv linear" "$M/rookT.obj --levels 5" "$G/highvalence.obj --levels 5" "$M/bigguyT.obj --levels 5" "$G/bigguy_corners.obj --levels 5 --limit"; do
  echo "verify $c: $(run $Z:$J verify $c 2>&1 | grep '^result')"
done
