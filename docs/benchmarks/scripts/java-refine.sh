#!/bin/bash
# Table "Java back end", uniform refinement: Tessellator.refine from a TriangleMesh to the welded mesh
# with normals, in memory, 2 threads. RefineProbe (best of N runs, time and peak heap), `loopsub bench
# --backend java` (median), and JMH's JavaRefineBenchmark (refine and the level loop alone, depths
# 4-6). JMH is in samples/target/loopsub.jar (not in a jar trimmed for the GPU machine); runs on any
# machine with Java 17 and 8 GiB of heap to spare:
#   bash docs/benchmarks/scripts/java-refine.sh
JAR=${JAR:-samples/target/loopsub.jar}
. "$(dirname "$0")/common.sh"
header
echo "== RefineProbe: mesh, levels, runs, threads"
java -Xmx8g -cp $J org.loopsub.samples.jmh.RefineProbe bigguyT 5 5 2
java -Xmx8g -cp $J org.loopsub.samples.jmh.RefineProbe bigguyT 6 6 2
java -Xmx8g -cp $J org.loopsub.samples.jmh.RefineProbe bunny_npm 4 5 2
echo "== bench --backend java, bigguyT depth 6"
java -Xmx8g -jar $J bench $M/bigguyT.obj --levels 6 --backend java --reps 9 --warmup 3
echo "== JMH JavaRefineBenchmark"
java -cp $J org.openjdk.jmh.Main JavaRefineBenchmark -f 1 -wi 2 -i 3 -w 5s -r 5s -jvmArgsAppend -Xmx8g \
     -p mesh=bigguyT,bunny_npm -p levels=4,5,6
