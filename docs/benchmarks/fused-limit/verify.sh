#!/bin/bash
# verify.sh CLASSPATH-B : verify on the branch classes
B=$1:.device/bin/loopsub.jar; M=testdata/meshes; G=/tmp/benchmeshes
v() { echo "== verify $*: $(java -cp $B org.loopsub.samples.cli.LoopsubCommand verify "$@" 2>&1 | grep -E '^result' | cut -c1-90)"; }
v $M/bigguyT.obj --levels 5 --limit
v $M/rookT.obj --levels 5 --limit
v $G/bigguy_holes.obj --levels 5 --limit
v $G/highvalence.obj --levels 4 --limit
v $G/bigguy_charts.obj --levels 5 --uv smooth
v $G/bigguy_charts.obj --levels 4 --uv smooth --limit
v $G/open_grid.obj --levels 5
