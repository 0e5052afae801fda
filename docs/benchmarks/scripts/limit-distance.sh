#!/bin/bash
# Table "Distance from the limit surface": the largest, 99th-percentile and mean distance of adaptive
# output vertices (bigguyT, the screen criterion at 1 and 4 px and a close-up at 4 px, with and
# without --limit, Java back end) from the limit surface, sampled by uniform depth 7 on the limit
# (LimitDistance, samples). About 4 minutes on 2 cores; needs 8 GiB of heap:
#   bash docs/benchmarks/scripts/limit-distance.sh
JAR=${JAR:-samples/target/loopsub.jar}
. "$(dirname "$0")/common.sh"
header
java -Xmx8g -cp $J org.loopsub.samples.meshes.LimitDistance $M/bigguyT.obj 7 8   # mesh, reference depth, adaptive max depth
