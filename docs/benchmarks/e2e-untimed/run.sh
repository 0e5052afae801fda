#!/bin/bash
# End to end from runs without timestamps (bench since ffdd961) beside the timed runs', per kind and
# feature; the features' program binaries kept under $OUT (NVIDIA's assembly, read with strings).
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
OUT=${OUT:-/tmp/out}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
b() {
  java -jar $J bench "$@" --backend gl --warmup 3 --reps 10 > /tmp/b.txt 2>&1
  echo "== $*"
  grep '^kernel time\|^end to end\|of it:\|timed runs:' /tmp/b.txt | cut -c1-150 | sed 's/^/  /'
}
for c in "$M/bigguyT.obj --levels 7" "$M/monsterfrogT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/bigguy_holes.obj --levels 7" \
         "$G/bigguy_slits.obj --levels 7" "$G/bigguy_corners.obj --levels 7" "$G/highvalence.obj --levels 6" "$G/open_grid.obj --levels 7"; do
  b $c
done
i=0
for c in "$G/charts_novt.obj --levels 7" "$G/charts_novt.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 7 --uv linear"; do
  i=$((i + 1))
  mkdir -p $OUT/pc-$i
  java -Dloopsub.gl.programCache=$OUT/pc-$i -jar $J bench $c --backend gl --warmup 1 --reps 1 > /dev/null 2>&1
  b $c
done
for c in "$M/rookT.obj" "$G/highvalence.obj" "$G/charts_novt.obj --limit"; do
  echo "verify $c --levels 5: $(java -jar $J verify $c --levels 5 2>&1 | grep '^result')"
done
