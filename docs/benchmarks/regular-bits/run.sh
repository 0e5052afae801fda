#!/bin/bash
# A regular record's complete bits loaded once per record (loadRegularBits) instead of at every use:
# NEW (.device/cz/new.zip) against main's jar on plain, --limit and linear uvs, against OLD
# (.device/cz/mid.zip: the same build without it) on smooth uvs.
set -u
J=.device/bin/loopsub.jar
G=/tmp/benchmeshes
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
CASES="$G/charts_novt.obj --levels 7
$G/charts_novt.obj --levels 7 --limit
$G/bigguy_charts.obj --levels 7 --uv linear
$G/highvalence.obj --levels 6
$G/highvalence.obj --levels 6 --limit
testdata/meshes/rookT.obj --levels 7" \
VERIFY="$G/charts_novt.obj --limit
$G/highvalence.obj --limit
testdata/meshes/rookT.obj
$G/bigguy_charts.obj --uv linear" \
bash docs/benchmarks/feature-profile/ab.sh
OLD=.device/cz/mid.zip CASES="$G/bigguy_charts.obj --levels 7 --uv smooth" \
VERIFY="$G/bigguy_charts.obj --uv smooth" bash docs/benchmarks/feature-profile/ab.sh | tail -n +2
