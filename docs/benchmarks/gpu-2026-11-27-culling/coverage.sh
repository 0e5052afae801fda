#!/bin/bash
# What a camera sees of the output, with and without view culling (runs anywhere: the Java back end
# writes the same bytes as the GL one). From the repository root, after building the jar:
#   bash docs/benchmarks/gpu-2026-11-27-culling/coverage.sh [out-dir] [jar]
# Each case: `subdivide` with the default heap, then ViewCoverage on the output (--compare: the
# pixels that differ between the culled and the unculled picture, depth-tested, 1920x1080).
set -u
OUTDIR=${1:-/tmp/coverage}
mkdir -p $OUTDIR
JAR=${2:-samples/target/loopsub.jar}
J="java -jar $JAR"
V="java -Xmx12g -cp $JAR org.loopsub.samples.meshes.ViewCoverage"
M=testdata/meshes/bigguyT.obj
FULL="--eye 0.536435,1.05354,41.9797 --target 0.536435,1.05354,0.0729135"
CLOSE="--eye 6,4,14 --target 0.5,1,0"
one() {  # name, camera, subdivide options...
  local name=$1 cam=$2; shift 2
  for cull in none all; do
    /usr/bin/time -f "$name $cull: %e s, %M KB" $J subdivide $M --adaptive $cam "$@" --cull $cull -q \
        -o $OUTDIR/$name-$cull.obj || echo "$name $cull: exit $?"
  done
  $V $OUTDIR/$name-all.obj $cam --compare $OUTDIR/$name-none.obj > $OUTDIR/$name-all.txt
  $V $OUTDIR/$name-none.obj $cam > $OUTDIR/$name-none.txt
  for cull in none all; do
    echo "$name $cull: $(grep -E '^(triangles|facing_away_fraction|outside_view_fraction|triangles_per_covered_pixel|pixels_differing_fraction):' \
        $OUTDIR/$name-$cull.txt | tr '\n' ' ')"
  done
  rm -f $OUTDIR/$name-*.obj
}
one full-1px "$FULL" --screen-px 1 --max-depth 8
one full-1px-limit "$FULL" --screen-px 1 --max-depth 8 --limit
one close-2px-d4 "$CLOSE" --screen-px 2 --max-depth 4
one close-2px-d5 "$CLOSE" --screen-px 2 --max-depth 5
