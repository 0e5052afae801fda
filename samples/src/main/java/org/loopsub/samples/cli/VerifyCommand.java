package org.loopsub.samples.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Scheme;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.Welding;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.api.gpu.GpuTessellators;
import org.loopsub.glengine.FrameCheck;
import org.loopsub.glengine.GlTessellator;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GpuScan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code loopsub verify}: refines a mesh with the Java back end and with the GL back end (once per
 * scan strategy) and checks that the OBJ bytes are the same, as the project promises. It is the check
 * to run on a new driver or GPU before trusting its output.
 */
@Command(name = "verify",
        customSynopsis = "loopsub verify (<in.obj> | --sample <name>) (-l N | --adaptive) [OPTIONS]",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Check that the GL back end writes the same bytes as the Java back end.",
            "",
            "Refines the mesh with the Java back end, then with the GL back end once for each scan "
                    + "strategy (--scan), writes each result as OBJ in memory and compares the bytes. "
                    + "Prints the GL renderer, its OpenGL version and subgroup size, then for each "
                    + "strategy 'identical' or the first line that differs in both outputs. Then refines it "
                    + "as a renderer would (GpuMesh: a prepared mesh's frames, the second with its sizes "
                    + "kept on the GPU) and compares each frame's triangles with the Java back end's. "
                    + "Nothing is written to disk. A software renderer (llvmpipe) is used if it is the "
                    + "only one."},
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every output is identical", "1:an output differs (a bug: please report it), or an "
                + "unexpected error", ExitCodes.HELP_USAGE, ExitCodes.HELP_INPUT,
            "5:no OpenGL 4.3 context, --scan subgroup without subgroup support, or not enough memory"},
        footerHeading = "%nExamples:%n",
        footer = {
            "  loopsub verify --sample bigguy --levels 3",
            "  loopsub verify testdata/meshes/bunny_npm.obj --adaptive --max-edge 0.05 --scan subgroup"})
final class VerifyCommand extends RefiningCommand {
    @Mixin
    InputAndLevels given;

    @Mixin
    AdaptiveOptions adaptive;

    @Option(names = "--scheme", paramLabel = "<scheme>", defaultValue = "loop",
            converter = Names.SchemeConverter.class, completionCandidates = Names.SchemeNames.class,
            description = "Vertex weights: loop or warren. Default: ${DEFAULT-VALUE}.")
    Scheme scheme;

    @Option(names = "--scan", paramLabel = "<scan>", defaultValue = Names.ALL_SCANS,
            completionCandidates = Names.VerifyScanNames.class,
            description = "Scan strategies of the GL back end to check: all (those the context can run; "
                    + "subgroup needs GL_KHR_shader_subgroup) or one of hillis-steele, reduce-then-scan, "
                    + "subgroup. Default: ${DEFAULT-VALUE}.")
    String scan;

    @Option(names = "--gl-budget-mib", paramLabel = "<MiB>", hidden = true,
            description = "The most memory one binding of stream records may take, in MiB (fractions "
                    + "allowed); small values cut the stream into many windows. Default: 1024.")
    Double budgetMib;

    @Mixin
    ThreadsOption threads;

    @Option(names = {"-q", "--quiet"},
            description = "Print no warnings about the input on stderr. Default: off.")
    boolean quiet;

    @Override
    int run() {
        PrintWriter out = out();
        RefineOptions options = resolve(adaptive, given.levels, null, scheme, threads);
        GpuScan.Strategy only = onlyStrategy();
        BackendOptions.checkBudget(spec.commandLine(), budgetMib);
        long budget = BackendOptions.budgetBytes(budgetMib);

        InputMesh in = readInput(given.input, given.sample);
        AdaptiveOptions.checkDisplaceable(options, in);
        // both back ends refine what the GL back end can: like with like
        TriangleMesh mesh = in.glMesh(this::note);
        checkFits(in, options);

        activity = "refining " + in.name() + " with the Java back end (" + AdaptiveOptions.describe(options) + ")";
        String expected;
        try {
            RefineResult r = refineWithJava(mesh, options);
            warn(in.name(), resultWarnings(in, r, options.welding()));
            expected = ObjCompare.obj(r);
        } catch (InvalidMeshException e) {
            throw in.refused(e, options.welding());
        }

        activity = "opening an OpenGL context";
        List<String> different = new ArrayList<>();
        int compared = 0;
        try (GlContext ctx = Backend.openContext("verify")) {
            List<GpuScan.Strategy> strategies = strategies(ctx, only);
            out.printf(Locale.ROOT, "input: %s, %d triangles%n", in.name(), mesh.triangleCount());
            out.printf(Locale.ROOT, "refinement: %s, scheme %s%n", AdaptiveOptions.describe(options),
                    Names.word(options.scheme()));
            printContext(out, ctx);
            out.printf(Locale.ROOT, "java: %d bytes, %d lines%n", expected.length(), ObjCompare.lines(expected));
            out.flush();
            for (GpuScan.Strategy s : strategies) {
                activity = "refining " + in.name() + " with the GL back end, scan " + Names.word(s);
                if (!sameBytes(out, ctx, s, budget, mesh, options, expected)) {
                    different.add("scan " + Names.word(s));
                }
                compared++;
            }
            if (only == null && !ctx.hasSubgroups()) {
                out.println(Names.word(GpuScan.Strategy.SUBGROUP) + ": skipped (no GL_KHR_shader_subgroup)");
            }
            activity = "refining " + in.name() + " as a renderer's frames";
            different.addAll(checkFrames(out, mesh, options));
        }
        if (different.isEmpty()) {
            out.printf(Locale.ROOT, "result: identical: the GL back end wrote the same bytes as the Java back end "
                    + "with %s, and a renderer's frames the same triangles%n", compared == 1 ? "the scan strategy checked"
                    : "all " + compared + " scan strategies checked");
            out.flush();
            return ExitCodes.OK;
        }
        out.println("result: DIFFERENT: the GL back end's output differs from the Java back end's in "
                + String.join(", ", different));
        out.flush();
        throw new CliFailure(ExitCodes.SOFTWARE, in.name() + ": the GL back end's output differs from the Java "
                + "back end's (" + String.join(", ", different) + "); this is a bug, please report it with "
                + "the output above");
    }

    /** @return the one scan strategy --scan names, or null for all */
    private GpuScan.Strategy onlyStrategy() {
        if (scan.equalsIgnoreCase(Names.ALL_SCANS)) {
            return null;
        }
        GpuScan.Strategy only = Names.scan(scan);
        if (only == null) {
            throw new ParameterException(spec.commandLine(), "unknown --scan '" + scan + "'; expected one of "
                    + String.join(", ", new Names.VerifyScanNames()));
        }
        return only;
    }

    /** @return {@code only}, checked against the context, or every strategy the context has */
    private static List<GpuScan.Strategy> strategies(GlContext ctx, GpuScan.Strategy only) {
        List<GpuScan.Strategy> strategies = new ArrayList<>();
        if (only != null) {
            Backend.checkStrategy(ctx, only);
            strategies.add(only);
        } else {
            for (GpuScan.Strategy s : GpuScan.Strategy.values()) {
                if (s != GpuScan.Strategy.SUBGROUP || ctx.hasSubgroups()) {
                    strategies.add(s);
                }
            }
        }
        return strategies;
    }

    /**
     * Refines with the GL back end and scan {@code s} and prints how its OBJ compares with the Java
     * back end's.
     *
     * @return whether the bytes are the same
     */
    private static boolean sameBytes(PrintWriter out, GlContext ctx, GpuScan.Strategy s, long budget,
                                     TriangleMesh mesh, RefineOptions options, String expected) {
        String actual;
        // the context is shared by the strategies: the tessellators must not destroy it
        try (GlTessellator gl = new GlTessellator(ctx, false, s, budget)) {
            RefineResult r = Backend.unsupportedIsUsage(() -> gl.refine(mesh, options));
            actual = ObjCompare.obj(r);
        }
        ObjCompare.Difference d = ObjCompare.firstDifference(expected, actual);
        ObjCompare.print(out, Names.word(s), actual, d, "gl");
        out.flush();
        return d == null;
    }

    /**
     * A renderer's frames of the same refinement ({@code GpuMesh.refine}: a kept stream, limit normals
     * always, an adaptive frame's sizes kept on the GPU from the second frame on), each against the
     * Java back end: other passes than a one-shot refinement's, so a driver can break one and not the
     * other.
     *
     * @return the names of the frames that differ
     */
    private static List<String> checkFrames(PrintWriter out, TriangleMesh mesh, RefineOptions options) {
        List<String> different = new ArrayList<>();
        if (options.triangleBudget() != 0 || options.welding() != Welding.EXACT) {
            out.println("frames: skipped (a renderer's frames take no triangle budget here, and weld exactly)");
            return different;
        }
        String[] names = {"frame 1 (level by level)", options.isAdaptive() ? "frame 2 (sizes kept on the GPU)" : "frame 2"};
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            for (String name : names) {
                GpuFrame f = m.refine(options);
                String d = FrameCheck.firstDifference(mesh, options, m, f);
                out.printf(Locale.ROOT, "%s: %s%n", name, d == null ? "identical (" + f.triangleCount() + " triangles)"
                        : "DIFFERENT: " + d);
                out.flush();
                if (d != null) {
                    different.add(name);
                }
            }
        }
        return different;
    }

    @Override
    boolean quiet() {
        return quiet;
    }

    /**
     * The lines that say which GPU a comparison or timing is about.
     *
     * @param out where they go
     * @param ctx the context
     */
    static void printContext(PrintWriter out, GlContext ctx) {
        out.printf(Locale.ROOT, "renderer: %s%s%n", ctx.renderer(), ctx.isSoftware() ? " (software)" : "");
        out.printf(Locale.ROOT, "GL version: %s%n", ctx.version());
        out.printf(Locale.ROOT, "subgroup size: %s%n", ctx.hasSubgroups() ? Integer.toString(ctx.subgroupSize())
                : "none (no GL_KHR_shader_subgroup)");
        out.printf(Locale.ROOT, "context: %s%n", ctx.route());
    }
}
