#!/bin/bash
# Table "Java back end", a moved cage on the host: what GpuMesh.updatePositions costs the caller's
# thread before the upload (the moved control points, every vertex's limit position and normal, and
# level 0's per-vertex table, or without the table every record's slots), JMH's MoveCageBenchmark,
# microseconds per move. Runs on any machine with Java 17:
#   bash docs/benchmarks/scripts/java-move.sh
JAR=${JAR:-samples/target/loopsub.jar}
. "$(dirname "$0")/common.sh"
header
java -cp $J org.openjdk.jmh.Main MoveCageBenchmark -f 1 -wi 3 -i 5 -w 1 -r 1
