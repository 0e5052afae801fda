package org.loopsub.samples.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;

import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.TriangleMesh;
import org.loopsub.engine.JavaTessellator;
import org.loopsub.obj.ObjReader;

/**
 * A quick companion of {@link JavaRefineBenchmark}: times {@code Tessellator.refine} (Java back end,
 * uniform, in memory) a few times and reports triangles per second and the peak heap of each run
 * (sum of the heap pools' peak usage, reset before the run; includes garbage not yet collected).
 *
 * <pre>
 *   java -Xmx8g -cp samples/target/loopsub.jar org.loopsub.samples.jmh.RefineProbe bigguyT 6 5 2
 *   (mesh, levels, runs, threads)
 * </pre>
 */
public final class RefineProbe {
    private RefineProbe() {
    }

    /**
     * @param args mesh name, levels, runs, threads
     * @throws Exception if the mesh cannot be read
     */
    public static void main(String[] args) throws Exception {
        String name = args.length > 0 ? args[0] : "bigguyT";
        int levels = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        Path dir = JavaRefineBenchmark.meshDirectory();
        TriangleMesh mesh = ObjReader.read(dir.resolve(name + ".obj")).mesh();
        RefineOptions options = RefineOptions.uniform(levels).withParallelism(threads);
        double best = Double.MAX_VALUE;
        long peakMax = 0;
        try (JavaTessellator t = new JavaTessellator()) {
            for (int i = 0; i < runs; i++) {
                System.gc();
                for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                    pool.resetPeakUsage();
                }
                long t0 = System.nanoTime();
                RefineResult r = t.refine(mesh, options);
                double s = (System.nanoTime() - t0) / 1e9;
                long peak = 0;
                for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                    if (pool.getType() == MemoryType.HEAP) {
                        peak += pool.getPeakUsage().getUsed();
                    }
                }
                best = Math.min(best, s);
                peakMax = Math.max(peakMax, peak);
                System.out.printf("%s depth %d: %d triangles in %.3f s = %.2f M triangles/s, peak heap %d MiB%n",
                        name, levels, r.triangleCount(), s, r.triangleCount() / s / 1e6, peak >> 20);
            }
        }
        System.out.printf("best %.3f s, max peak heap %d MiB%n", best, peakMax >> 20);
    }
}
