#!/bin/bash
# Table "View culling", what a camera sees: the output with and without view culling, drawn by
# ViewCoverage (samples; a depth-tested software rasteriser at 1920 x 1080): triangles, the shares
# facing away and outside the view, triangles per covered pixel, and the covered pixels that differ
# between the culled and the unculled picture. The Java back end (the GL back end writes the same
# bytes), so it runs on any machine with Java 17 and about 12 GiB of memory:
#   bash docs/benchmarks/scripts/coverage.sh
# Each case's subdivide time and peak memory (/usr/bin/time) are printed too.
JAR=${JAR:-samples/target/loopsub.jar}
. "$(dirname "$0")/common.sh"
header
V="java -Xmx12g -cp $J org.loopsub.samples.meshes.ViewCoverage"
FULL="--eye $EYE --target $TGT"
CLOSE="--eye 6,4,14 --target 0.5,1,0"
one() {  # name, camera, subdivide options...
  local name=$1 cam=$2; shift 2
  for cull in none all; do
    /usr/bin/time -f "$name $cull: %e s, %M KB" java -jar $J subdivide $M/bigguyT.obj --adaptive $cam "$@" --cull $cull -q \
        -o $T/$name-$cull.obj || echo "$name $cull: exit $?"
  done
  $V $T/$name-all.obj $cam --compare $T/$name-none.obj > $T/$name-all.txt
  $V $T/$name-none.obj $cam > $T/$name-none.txt
  for cull in none all; do
    echo "$name $cull: $(grep -E '^(triangles|facing_away_fraction|outside_view_fraction|triangles_per_covered_pixel|pixels_differing_fraction):' \
        $T/$name-$cull.txt | tr '\n' ' ')"
  done
  rm -f $T/$name-*.obj
}
one full-1px "$FULL" --screen-px 1 --max-depth 8
one full-1px-limit "$FULL" --screen-px 1 --max-depth 8 --limit
one close-2px-d4 "$CLOSE" --screen-px 2 --max-depth 4
one close-2px-d5 "$CLOSE" --screen-px 2 --max-depth 5
