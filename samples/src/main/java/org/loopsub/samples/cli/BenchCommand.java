package org.loopsub.samples.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.LevelStats;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code loopsub bench}: times in-memory refinement. The input is read once; then
 * {@link Tessellator#refine} runs a few times untimed (so the JIT has compiled the passes) and
 * several times timed, and nothing is written but the report: file output would dominate and
 * measure the disk.
 */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Time in-memory refinement with the Java back end.",
            "",
            "Reads the mesh once, refines it --warmup times untimed, then --reps times timed, and prints "
                    + "the median, fastest and slowest refine time, the output triangles and triangles/s "
                    + "(median run), the time of each level of the median run, the time spent outside the "
                    + "level loop (input weld and validation, record building, output weld), and the heap "
                    + "used. No mesh is written. With an even --reps the median run is the faster of the "
                    + "two middle ones."},
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", ExitCodes.HELP_SOFTWARE, ExitCodes.HELP_USAGE, ExitCodes.HELP_INPUT,
            "4:the --json file cannot be written", ExitCodes.HELP_RESOURCE},
        footerHeading = "%nExamples:%n",
        footer = {
            "  loopsub bench --sample bigguy --levels 5 --reps 3",
            "  loopsub bench bunny.obj --adaptive --max-edge 0.05 --threads 1 \\",
            "      --json bunny-bench.json"})
final class BenchCommand implements Callable<Integer> {
    /** A bound that no sensible run reaches, so that a typo does not run for days. */
    static final int MAX_RUNS = 10_000;

    @ParentCommand
    LoopsubCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "<in.obj>",
            description = "Input OBJ file. Give either this or --sample.")
    Path input;

    @Option(names = "--sample", paramLabel = "<name>", completionCandidates = Names.SampleNames.class,
            description = "Use a mesh built into loopsub instead of a file: ${COMPLETION-CANDIDATES}.")
    String sample;

    @Option(names = {"-l", "--levels"}, paramLabel = "<N>",
            description = "Uniform subdivision levels, 0 to " + RefineOptions.MAX_LEVELS
                    + ". Give either this or --adaptive.")
    Integer levels;

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

    @Option(names = "--json", paramLabel = "<out.json>",
            description = "Also write the results as a JSON object to this file (keys in a fixed order, "
                    + "times in nanoseconds, sizes in bytes). Default: none.")
    Path json;

    @Option(names = {"-q", "--quiet"},
            description = "Print no warnings about the input on stderr. Default: off.")
    boolean quiet;

    /** What the run is doing now, for the out-of-memory message. */
    private String activity = "starting";

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        boolean debug = parent != null && parent.debug();
        return Guard.run(err, debug, () -> activity, this::run);
    }

    private int run() {
        PrintWriter err = spec.commandLine().getErr();
        RefineOptions options = adaptive.resolve(levels, null).withParallelism(threads.checked());
        checkRuns("--reps", reps, 1);
        checkRuns("--warmup", warmup, 0);

        activity = "reading the input";
        InputMesh in = InputMesh.load(spec.commandLine(), input, sample);
        SubdivideCommand.warn(err, quiet, in.name(), in.warnings());
        if (json != null) {
            SubdivideCommand.checkOutputTarget(json);
        }
        TriangleMesh mesh = in.obj().mesh();
        if (!options.isAdaptive()) {
            SubdivideCommand.checkSize(in.name(), mesh.triangleCount(), options.levels());
        }
        activity = "refining " + in.name() + " (" + AdaptiveOptions.describe(options) + ")";

        BenchReport report;
        try {
            report = measure(in.name(), mesh, options, err);
        } catch (InvalidMeshException e) {
            throw InputMesh.invalid(in.name(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        report.print(out);
        out.flush();
        if (json != null) {
            writeJson(json, report.toJson());
        }
        return ExitCodes.OK;
    }

    private BenchReport measure(String name, TriangleMesh mesh, RefineOptions options, PrintWriter err) {
        long[] nanos = new long[reps];
        List<List<LevelStats>> levelsOfRun = new ArrayList<>();
        long triangles = 0;
        long vertices = 0;
        long peakHeap;
        try (Tessellator tessellator = Tessellators.create("java")) {
            for (int i = 0; i < warmup; i++) {
                RefineResult r = tessellator.refine(mesh, options);
                if (i == 0) {
                    SubdivideCommand.warn(err, quiet, name, SubdivideCommand.resultWarnings(r));
                }
            }
            List<MemoryPoolMXBean> heapPools = heapPools();
            // Collect the warm-ups' garbage first, so that the peak is about the timed runs.
            System.gc();
            for (MemoryPoolMXBean pool : heapPools) {
                pool.resetPeakUsage();
            }
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                RefineResult r = tessellator.refine(mesh, options);
                nanos[i] = System.nanoTime() - t0;
                if (i == 0 && warmup == 0) {
                    SubdivideCommand.warn(err, quiet, name, SubdivideCommand.resultWarnings(r));
                }
                levelsOfRun.add(r.levels());
                triangles = r.triangleCount();
                vertices = r.mesh().vertexCount();
                // r goes out of scope here: two outputs never need to be alive at once
            }
            peakHeap = peakOf(heapPools);
        }
        int median = medianRun(nanos);
        return new BenchReport(name, mesh.triangleCount(), options, "java", threads.threads, warmup, nanos, median,
                levelsOfRun.get(median), triangles, vertices, peakHeap, Runtime.getRuntime().maxMemory(),
                System.getProperty("java.version"));
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

    /** Like the OBJ output, the file appears whole or not at all. */
    private static void writeJson(Path file, String text) {
        Path target = file.toAbsolutePath();
        Path tmp = null;
        try {
            tmp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new CliFailure(ExitCodes.OUTPUT, file + ": cannot write: " + SubdivideCommand.describe(e), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    // the report is out; a stray temporary file is not worth failing for
                }
            }
        }
    }
}
