#!/bin/bash
# Uniform programs compiled without complete bits (no uniform record has any): NEW
# (.device/cz/new.zip) against the jar (ffdd961), alternating, kernels and end to end (median of 10
# after 3 warm-ups), then verify for NEW.
set -u
G=/tmp/benchmeshes
M=testdata/meshes
CASES="$G/charts_novt.obj --levels 7
$G/bigguy_charts.obj --levels 7 --uv linear
$G/bigguy_charts.obj --levels 7 --uv smooth
$M/rookT.obj --levels 7
$G/highvalence.obj --levels 6" \
VERIFY="$G/bigguy_charts.obj --uv linear
$G/bigguy_charts.obj --uv smooth
$M/rookT.obj
$G/highvalence.obj
$G/bigguy_corners.obj
$G/open_grid.obj
$G/charts_novt.obj --limit" \
ROUNDS=2 bash docs/benchmarks/feature-profile/ab.sh
CASES="$G/bigguy_corners.obj --levels 7
$G/open_grid.obj --levels 7
$M/monsterfrogT.obj --levels 7
$G/charts_novt.obj --levels 7 --limit" VERIFY=" " ROUNDS=1 bash docs/benchmarks/feature-profile/ab.sh | tail -n +2
