#!/bin/bash
# Smooth uvs on lanes or not (loopsub.gl.generalLanes=1), same call, two rounds.
set -u
J=.device/bin/loopsub.jar
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
L1=-Dloopsub.gl.generalLanes=1
for c in "$G/bigguy_charts.obj --levels 6 --uv smooth" "$G/bigguy_charts.obj --levels 7 --uv smooth" "$G/bigguy_charts.obj --levels 6 --uv smooth --limit" "$G/charts_novt.obj --levels 6" "$G/charts_novt.obj --levels 7"; do
  for p in "$L1" "-Dx=1"; do java $p -jar $J bench $c --backend gl --warmup 1 --reps 1 > /dev/null 2>&1; done
done
for round in 1 2; do
  for c in "$G/bigguy_charts.obj --levels 6 --uv smooth" "$G/bigguy_charts.obj --levels 7 --uv smooth" "$G/bigguy_charts.obj --levels 6 --uv smooth --limit"; do
    for p in "$L1" "-Dx=1"; do
      echo "r$round [$p] $c: $(java $p -jar $J bench $c --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60)"
    done
  done
  for c in "$G/charts_novt.obj --levels 6" "$G/charts_novt.obj --levels 7"; do
    echo "r$round $c: $(java -jar $J bench $c --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60)"
  done
done
echo "verify --uv smooth d5: $(java -jar $J verify $G/bigguy_charts.obj --levels 5 --uv smooth 2>&1 | grep '^result')"
echo "verify --uv smooth --limit d4: $(java -jar $J verify $G/bigguy_charts.obj --levels 4 --uv smooth --limit 2>&1 | grep '^result')"
