package org.loopsub.samples.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.loopsub.api.LevelStats;
import org.loopsub.api.RefineOptions;

/**
 * What {@code loopsub bench} measured, and its two renderings: text for people, JSON for scripts.
 * Both hold the same numbers; the JSON keys come in a fixed order and carry no timestamp, so two
 * reports differ only where the measurements do.
 *
 * @param input the input's name
 * @param inputTriangles triangles read
 * @param options what was asked of the tessellator
 * @param backend the back end's name
 * @param threads {@code --threads} as given (0: one per core)
 * @param warmup untimed runs before the timed ones
 * @param runNanos wall time of each timed run, in run order
 * @param medianRun index of the median run in {@code runNanos}
 * @param levels what each level did in the median run
 * @param outputTriangles triangles in the output
 * @param outputVertices vertices in the output
 * @param peakHeapBytes heap pools' peaks over the timed runs, summed
 * @param maxHeapBytes the JVM's maximum heap ({@code Long.MAX_VALUE}: no limit)
 * @param javaVersion the {@code java.version} property
 * @param gpu what the GPU did, or {@code null} for the Java back end
 * @param verify {@code identical} or {@code different} ({@code --verify}), or {@code null} if not compared
 */
record BenchReport(String input, long inputTriangles, RefineOptions options, String backend, int threads,
                   int warmup, long[] runNanos, int medianRun, List<LevelStats> levels, long outputTriangles,
                   long outputVertices, long peakHeapBytes, long maxHeapBytes, String javaVersion, GpuReport gpu,
                   String verify) {

    /** {@link #outputVertices} of a run whose triangles stay on the GPU, never welded into vertices. */
    static final long NOT_WELDED = -1;

    /** Copies the arrays and lists, so the report stays what was measured. */
    BenchReport {
        runNanos = runNanos.clone();
        levels = List.copyOf(levels);
    }

    /** @return the timed runs' wall times, in run order */
    @Override
    public long[] runNanos() {
        return runNanos.clone();
    }

    /**
     * @param result what {@code --verify} found
     * @return this report with it
     */
    BenchReport withVerify(String result) {
        return new BenchReport(input, inputTriangles, options, backend, threads, warmup, runNanos, medianRun, levels,
                outputTriangles, outputVertices, peakHeapBytes, maxHeapBytes, javaVersion, gpu, result);
    }

    long medianNanos() {
        return runNanos[medianRun];
    }

    long minNanos() {
        long min = Long.MAX_VALUE;
        for (long n : runNanos) {
            min = Math.min(min, n);
        }
        return min;
    }

    long maxNanos() {
        long max = 0;
        for (long n : runNanos) {
            max = Math.max(max, n);
        }
        return max;
    }

    /** @return output triangles per second of the median run, rounded */
    long trianglesPerSecond() {
        long median = medianNanos();
        return median > 0 ? Math.round(outputTriangles / (median / 1e9)) : 0;
    }

    /** @return the median run's time outside the level loop: weld, validation, records, output weld */
    long outsideLevelsNanos() {
        long inLevels = 0;
        for (LevelStats s : levels) {
            inLevels += s.nanos();
        }
        return Math.max(0, medianNanos() - inLevels);
    }

    long slivers() {
        return StatsTable.slivers(levels);
    }

    /**
     * @param out where the text report goes
     */
    void print(PrintWriter out) {
        out.printf(Locale.ROOT, "input: %s, %d triangles%n", input, inputTriangles);
        if (gpu != null) {
            out.printf(Locale.ROOT, "refinement: %s; back end %s (scan %s)%n", AdaptiveOptions.describe(options),
                    backend, gpu.scan());
        } else {
            out.printf(Locale.ROOT, "refinement: %s; back end %s, threads %s%n", AdaptiveOptions.describe(options),
                    backend, threads == 0 ? "one per core (" + Runtime.getRuntime().availableProcessors() + ")"
                            : Integer.toString(threads));
        }
        out.printf(Locale.ROOT, "runs: %d timed after %d warm-up%s%n", runNanos.length, warmup,
                warmup == 1 ? "" : "s");
        out.printf(Locale.ROOT, "refine time: median %s ms, min %s ms, max %s ms, first timed run %s ms%s%n",
                Units.millis(medianNanos()), Units.millis(minNanos()), Units.millis(maxNanos()),
                Units.millis(runNanos[0]), warmup == 0 ? " (the process's first)" : "");
        String slivers = options.isAdaptive() ? String.format(Locale.ROOT, ", %d slivers (%s of the triangles)",
                slivers(), StatsTable.percent(slivers(), outputTriangles)) : "";
        if (outputVertices == NOT_WELDED) {
            out.printf(Locale.ROOT, "output: %d triangles%s, left on the GPU (not read back, not welded)%n",
                    outputTriangles, slivers);
        } else {
            out.printf(Locale.ROOT, "output: %d vertices, %d triangles%s%n", outputVertices, outputTriangles,
                    slivers);
        }
        out.printf(Locale.ROOT, "throughput: %s triangles/s (median run)%n", Units.count(trianglesPerSecond()));
        out.println(gpu != null ? "levels of the median run (ms on the host: dispatches and read-backs; GPU times "
                + "below):" : "levels of the median run:");
        StatsTable.levels(out, levels);
        long outside = outsideLevelsNanos();
        out.printf(Locale.ROOT, "outside the level loop: %s ms (%s of the median run: input weld and validation, "
                + "record building, %s)%n", Units.millis(outside), StatsTable.percent(outside, medianNanos()),
                gpu != null ? "upload, waiting for the GPU" : "output weld");
        out.printf(Locale.ROOT, "heap: peak %s (heap pools' peaks over the timed runs, summed), max %s%n",
                Units.bytes(peakHeapBytes), Units.bytes(maxHeapBytes));
        if (gpu != null) {
            gpu.print(out);
        }
    }

    /** @return the report as a JSON object (keys in a fixed order), ending with a newline */
    String toJson() {
        ObjectNode b = Json.object();
        b.put("input", input);
        b.put("input_triangles", inputTriangles);
        b.put("mode", options.isAdaptive() ? "adaptive" : "uniform");
        b.put("refinement", AdaptiveOptions.describe(options));
        b.put("max_depth", options.levels());
        b.put("backend", backend);
        b.put("threads", threads);
        b.put("java", javaVersion);
        b.put("warmup", warmup);
        b.put("reps", runNanos.length);
        ArrayNode runs = b.putArray("run_nanos");
        for (long n : runNanos) {
            runs.add(n);
        }
        b.put("median_run", medianRun);
        b.put("median_nanos", medianNanos());
        b.put("min_nanos", minNanos());
        b.put("max_nanos", maxNanos());
        b.put("first_nanos", runNanos[0]);
        b.put("output_triangles", outputTriangles);
        b.put("output_vertices", outputVertices == NOT_WELDED ? null : outputVertices);
        b.put("slivers", slivers());
        b.put("triangles_per_second", trianglesPerSecond());
        ArrayNode rows = b.putArray("levels");
        for (LevelStats s : levels) {
            rows.addObject()
                    .put("level", s.level())
                    .put("active", s.activeTriangles())
                    .put("finished", s.finishedTriangles())
                    .put("slivers", s.slivers())
                    .put("split", s.splitTriangles())
                    .put("nanos", s.nanos());
        }
        b.put("outside_levels_nanos", outsideLevelsNanos());
        b.put("peak_heap_bytes", peakHeapBytes);
        // no limit (Long.MAX_VALUE) is written as null: JSON readers that use doubles would round it
        b.put("max_heap_bytes", maxHeapBytes == Long.MAX_VALUE ? null : maxHeapBytes);
        b.set("gpu", gpu == null ? b.nullNode() : gpu.toJson());
        b.put("verify", verify);
        return Json.write(b);
    }
}
