#!/bin/bash
# Where the features' time goes: per level and per pass, plain against --limit, linear and smooth uvs,
# bigguy_charts (and charts_novt, its vt stripped) at depth 7.
set -u
J=${J:-.device/bin/loopsub.jar}
CP=${CP:-$J}
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
b() { java -cp $CP org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 10 2>&1; }
for c in "$G/charts_novt.obj --levels 7" "$G/charts_novt.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 7 --uv linear" \
         "$G/bigguy_charts.obj --levels 7 --uv smooth" "$G/bigguy_charts.obj --levels 6 --uv smooth"; do
  echo "=== $c"
  b $c | sed -n '/^levels of/,$p'
done
