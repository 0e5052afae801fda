package org.loopsub.samples.cli;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.LevelStats;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Scheme;
import org.loopsub.api.Tessellator;
import org.loopsub.api.ProgressListener;
import org.loopsub.api.TriangleMesh;
import org.loopsub.glengine.GlTessellator;
import org.loopsub.glengine.GpuRun;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GpuTimer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code loopsub bench}: times in-memory refinement. The input is read once; then the back end runs
 * a few times untimed (so the JIT has compiled the passes, or the driver its shaders) and several
 * times timed, and nothing is written but the report: file output would dominate and measure the
 * disk. On the GL back end the triangles stay on the GPU ({@link GlTessellator#refineOnGpu}, no
 * read-back, no output weld) and every pass is timed on the GPU as well.
 */
@Command(name = "bench",
        customSynopsis = "loopsub bench (<in.obj> | --sample <name>) (-l N | --adaptive) [OPTIONS]",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Time in-memory refinement.",
            "",
            "Reads the mesh once, refines it --warmup times untimed, then --reps times timed, and prints "
                    + "the median, fastest and slowest refine time and the first timed run's (with --warmup 0 "
                    + "the process's first: it includes compiling the GPU passes), the output triangles "
                    + "and triangles/s "
                    + "(median run), the time of each level of the median run, the time spent outside the "
                    + "level loop (input weld and validation, record building, output weld), and the heap "
                    + "used. No mesh is written. With an even --reps the median run is the faster of the "
                    + "two middle ones.",
            "",
            "With the gl back end the triangles stay on the GPU (no read-back, no output weld) and the "
                    + "report adds, as medians over the timed runs: the kernel time (the passes' GPU "
                    + "durations summed) per level, per pass and in total, with the bytes the passes read "
                    + "and write and the GB/s achieved, triangles/s on the kernel time, and the end-to-end "
                    + "time (upload to output ready, host waits included), taken from a run without GPU "
                    + "timestamps after each timed run (what a caller sees), with triangles/s on it and where it "
                    + "went (upload, issuing the passes, waiting for the GPU), beside the timed runs' end to "
                    + "end and the GPU's span from their first pass's start to the last one's end (and the "
                    + "part of it between passes); then what "
                    + "the passes' programs cost the process: how many were compiled, how long it waited for "
                    + "them, how many were linked from binaries an earlier process kept "
                    + "(~/.cache/loopsub/programs)."},
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:--verify found different output, or an unexpected error (a bug)",
            ExitCodes.HELP_USAGE_GL, ExitCodes.HELP_INPUT, "4:the --json file cannot be written",
            ExitCodes.HELP_RESOURCE_GL},
        footerHeading = "%nExamples:%n",
        footer = {
            "  loopsub bench --sample bigguy --levels 5 --reps 3",
            "  loopsub bench --sample bigguy --levels 7 --backend gl --verify \\",
            "      --copy-bandwidth-gbs 2900",
            "  loopsub bench testdata/meshes/bunny_npm.obj --adaptive --max-edge 0.05 --threads 1 \\",
            "      --json bunny-bench.json"})
final class BenchCommand extends RefiningCommand {
    /** A bound that no sensible run reaches, so that a typo does not run for days. */
    static final int MAX_RUNS = 10_000;

    @Mixin
    InputAndLevels given;

    @Mixin
    AdaptiveOptions adaptive;

    @Option(names = "--reps", paramLabel = "<R>", defaultValue = "5",
            description = "Timed runs, 1 to " + MAX_RUNS + ". Default: ${DEFAULT-VALUE}.")
    int reps;

    @Option(names = "--warmup", paramLabel = "<W>", defaultValue = "2",
            description = "Untimed runs before the timed ones, 0 to " + MAX_RUNS + ". Default: ${DEFAULT-VALUE}.")
    int warmup;

    @Mixin
    ThreadsOption threads;

    @Mixin
    BackendOptions backend;

    @Option(names = "--verify",
            description = "With the gl back end: also refine once with each back end, read the GL result "
                    + "back, and check that both write the same OBJ bytes (as 'loopsub verify' does); exit "
                    + "status 1 if not. Default: off.")
    boolean verify;

    @Option(names = "--copy-bandwidth-gbs", paramLabel = "<X>",
            description = "With the gl back end: the device's copy bandwidth in GB/s as measured (e.g. by a "
                    + "buffer-copy benchmark), so that the report also gives the achieved bandwidth as a "
                    + "fraction of it. Default: none.")
    Double copyBandwidthGbs;

    @Option(names = "--json", converter = OutputTarget.PathConverter.class, paramLabel = "<out.json>",
            description = "Also write the results as a JSON object to this file (keys in a fixed order, "
                    + "times in nanoseconds, sizes in bytes). Default: none.")
    Path json;

    @Option(names = {"-q", "--quiet"},
            description = "Print no warnings about the input, nor the auto back end's choice, on stderr. "
                    + "Default: off.")
    boolean quiet;

    @Override
    int run() {
        // bench has no --scheme: it times Loop's weights, the default
        RefineOptions options = resolve(adaptive, given.levels, null, Scheme.LOOP, threads);
        if (options.triangleBudget() > 0) {
            // a run within a budget may refine several times: its time would not be one refinement's
            throw new ParameterException(spec.commandLine(), "--max-triangles is for subdivide and the demo: bench "
                    + "times one refinement");
        }
        backend.check();
        checkRuns("--reps", reps, 1);
        checkRuns("--warmup", warmup, 0);
        checkGlOnly();

        InputMesh in = readInput(given.input, given.sample);
        AdaptiveOptions.checkDisplaceable(options, in);
        OutputTarget jsonTarget = json != null ? OutputTarget.check(json, false) : null;
        TriangleMesh mesh = in.obj().mesh();
        checkFits(in, options);
        if (!backend.javaOnly()) {
            in.requireValid(options.welding());
        }

        BenchReport report;
        String verifyText = null;
        ObjCompare.Difference difference = null;
        try (Backend b = openBackend(backend)) {
            activity = "refining " + in.name() + " (" + AdaptiveOptions.describe(options) + ")";
            report = b.isGl() ? measureGl(in, in.glMesh(this::note), options, b) : measureJava(in, mesh, options, b);
            if (verify && b.isGl()) {
                activity = "verifying " + in.name() + " (" + AdaptiveOptions.describe(options) + ")";
                String expected = ObjCompare.obj(refineWithJava(mesh, options));
                verifyText = ObjCompare.obj(Backend.unsupportedIsUsage(() -> b.tessellator().refine(mesh, options)));
                difference = ObjCompare.firstDifference(expected, verifyText);
                report = report.withVerify(difference == null ? "identical" : "different");
            }
        } catch (InvalidMeshException e) {
            throw in.refused(e, options.welding());
        }
        PrintWriter out = out();
        report.print(out);
        if (verifyText != null) {
            ObjCompare.print(out, "verify", verifyText, difference, "gl");
        } else if (verify) {
            // only auto gets here: it chose Java, and Java against Java proves nothing
            out.println("verify: nothing to compare, the back end is java");
        }
        out.flush();
        if (jsonTarget != null) {
            String text = report.toJson();
            jsonTarget.write(out, w -> w.write(text));
        }
        if (difference != null) {
            throw new CliFailure(ExitCodes.SOFTWARE, in.name() + ": the GL back end's output differs from the Java "
                    + "back end's (first at line " + difference.line() + "); this is a bug, please report it");
        }
        return ExitCodes.OK;
    }

    @Override
    boolean quiet() {
        return quiet;
    }

    /** Options that mean nothing to the Java back end are refused when it is asked for by name. */
    private void checkGlOnly() {
        if (copyBandwidthGbs != null && !(copyBandwidthGbs > 0 && Double.isFinite(copyBandwidthGbs))) {
            throw new ParameterException(spec.commandLine(), "--copy-bandwidth-gbs must be a positive number, got "
                    + copyBandwidthGbs);
        }
        if (backend.javaOnly() && verify) {
            throw new ParameterException(spec.commandLine(), "--verify compares the gl back end with the java "
                    + "one; it needs --backend gl or auto");
        }
        backend.refuseWithJava("--copy-bandwidth-gbs");
    }

    private BenchReport measureJava(InputMesh in, TriangleMesh mesh, RefineOptions options, Backend b) {
        long[] nanos = new long[reps];
        List<List<LevelStats>> levelsOfRun = new ArrayList<>();
        long triangles = 0;
        long vertices = 0;
        Tessellator tessellator = b.tessellator();
        for (int i = 0; i < warmup; i++) {
            RefineResult r = tessellator.refine(mesh, options);
            if (i == 0) {
                warn(in.name(), resultWarnings(in, r, options.welding()));
            }
        }
        List<MemoryPoolMXBean> heapPools = startHeapPeak();
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            RefineResult r = tessellator.refine(mesh, options);
            nanos[i] = System.nanoTime() - t0;
            if (i == 0 && warmup == 0) {
                warn(in.name(), resultWarnings(in, r, options.welding()));
            }
            levelsOfRun.add(r.levels());
            triangles = r.triangleCount();
            vertices = r.mesh().vertexCount();
            // r goes out of scope here: two outputs never need to be alive at once
        }
        long peakHeap = peakOf(heapPools);
        int median = medianRun(nanos);
        return new BenchReport(in.name(), mesh.triangleCount(), options, b.name(), threads.threads, warmup, nanos,
                median, levelsOfRun.get(median), triangles, vertices, peakHeap, Runtime.getRuntime().maxMemory(),
                System.getProperty("java.version"), null, null);
    }

    private BenchReport measureGl(InputMesh in, TriangleMesh mesh, RefineOptions options, Backend b) {
        // The GL path never builds a RefineResult, so the warnings (and the validation) come from a level-0
        // Java run: both back ends prepare the input the same way, and level 0 costs little more than that.
        RefineResult level0 = refineWithJava(mesh, RefineOptions.uniform(0).withWelding(options.welding()));
        warn(in.name(), resultWarnings(in, level0, options.welding()));
        GlTessellator gl = b.gl();
        for (int i = 0; i < warmup; i++) {
            try (GpuRun run = Backend.unsupportedIsUsage(() -> gl.refineOnGpu(mesh, options, ProgressListener.NONE,
                    false))) {
                run.triangleCount();
            }
        }
        long[] nanos = new long[reps];
        List<GpuRun.EndToEnd> endToEnd = new ArrayList<>();
        List<GpuRun.EndToEnd> untimed = new ArrayList<>();
        List<List<GpuTimer.Span>> spans = new ArrayList<>();
        List<List<LevelStats>> levelsOfRun = new ArrayList<>();
        long triangles = 0;
        List<MemoryPoolMXBean> heapPools = startHeapPeak();
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            // refineOnGpu returns once the GPU has finished (it waits for the output to be complete)
            try (GpuRun run = Backend.unsupportedIsUsage(() -> gl.refineOnGpu(mesh, options, ProgressListener.NONE,
                    true))) {
                nanos[i] = System.nanoTime() - t0;
                spans.add(run.spans());
                endToEnd.add(run.endToEnd());
                levelsOfRun.add(run.levels());
                triangles = run.triangleCount();
            }
            // the same run without timestamps: the end-to-end time a caller sees
            try (GpuRun run = Backend.unsupportedIsUsage(() -> gl.refineOnGpu(mesh, options, ProgressListener.NONE,
                    false))) {
                untimed.add(run.endToEnd());
            }
        }
        long peakHeap = peakOf(heapPools);
        int median = medianRun(nanos);
        GlContext ctx = b.context();
        GpuReport gpu = new GpuReport(ctx.renderer(), ctx.version(), ctx.route(), Names.word(b.strategy()),
                ctx.subgroupSize(), b.budgetBytes(), spans, endToEnd, untimed, triangles, copyBandwidthGbs,
                new GpuReport.Programs(ctx.programsBuilt(), ctx.programsFromBinaries(), ctx.compileWaitNanos(),
                        ctx.clockWakes()));
        return new BenchReport(in.name(), mesh.triangleCount(), options, b.name(), threads.threads, warmup, nanos,
                median, levelsOfRun.get(median), triangles, BenchReport.NOT_WELDED, peakHeap,
                Runtime.getRuntime().maxMemory(),
                System.getProperty("java.version"), gpu, null);
    }

    /** Collects the warm-ups' garbage first, so that the peak is about the timed runs. */
    private static List<MemoryPoolMXBean> startHeapPeak() {
        List<MemoryPoolMXBean> heapPools = heapPools();
        System.gc();
        for (MemoryPoolMXBean pool : heapPools) {
            pool.resetPeakUsage();
        }
        return heapPools;
    }

    /**
     * @param nanos the time of each run
     * @return the index of the median run; for an even count the faster of the two middle runs,
     *     so that the reported level times belong to one real run
     */
    static int medianRun(long[] nanos) {
        Integer[] order = new Integer[nanos.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> nanos[a] != nanos[b] ? Long.compare(nanos[a], nanos[b])
                : Integer.compare(a, b));
        return order[(order.length - 1) / 2];
    }

    private static List<MemoryPoolMXBean> heapPools() {
        List<MemoryPoolMXBean> pools = new ArrayList<>();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
                pools.add(pool);
            }
        }
        return pools;
    }

    /**
     * Each pool peaks at its own moment, so the sum is an upper bound of the heap in use at any one
     * time; it is what the JVM can tell without sampling.
     */
    private static long peakOf(List<MemoryPoolMXBean> pools) {
        long sum = 0;
        for (MemoryPoolMXBean pool : pools) {
            MemoryUsage peak = pool.getPeakUsage();
            if (peak != null) {
                sum += peak.getUsed();
            }
        }
        return sum;
    }

    private void checkRuns(String option, int value, int min) {
        if (value < min || value > MAX_RUNS) {
            throw new ParameterException(spec.commandLine(), option + " must be " + min + " to " + MAX_RUNS
                    + ", got " + value);
        }
    }
}
