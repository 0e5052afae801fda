package org.loopsub.samples.cli;

import java.io.PrintWriter;
import org.loopsub.glengine.GlTessellator;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GpuScan;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * {@code --backend}, {@code --scan} and the hidden {@code --gl-budget-mib}: a picocli mixin shared
 * by {@code subdivide} and {@code bench}, so that both choose the back end, and explain an
 * {@code auto} choice, in the same words. {@code verify}, whose {@code --scan} means something else,
 * checks its own {@code --gl-budget-mib} with the static helpers here.
 */
final class BackendOptions {
    /** The largest {@code --gl-budget-mib}: past a terabyte the value is surely a typo. */
    static final double MAX_BUDGET_MIB = 1 << 20;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--backend", paramLabel = "<name>", defaultValue = "auto",
            completionCandidates = Names.BackendNames.class,
            description = "Back end: gl (OpenGL 4.3 compute shaders, headless through EGL), java (pure Java, "
                    + "multi-threaded) or auto: gl if a hardware GL renderer is found, java otherwise (a "
                    + "software renderer such as llvmpipe counts as none); auto says on stderr which it chose "
                    + "and why. All back ends give the same bytes. Default: ${DEFAULT-VALUE}.")
    String backend;

    @Option(names = "--scan", paramLabel = "<scan>", converter = Names.ScanConverter.class,
            completionCandidates = Names.ScanNames.class,
            description = "With the gl back end: how the GPU computes prefix sums: ${COMPLETION-CANDIDATES} "
                    + "(subgroup needs GL_KHR_shader_subgroup). The output does not depend on it. "
                    + "Default: the device's default (reduce-then-scan).")
    GpuScan.Strategy scan;

    // For tests and for studying the windowed path: a small budget cuts the stream into many windows.
    @Option(names = "--gl-budget-mib", paramLabel = "<MiB>", hidden = true,
            description = "With the gl back end: the most memory one binding of stream records may take, in "
                    + "MiB (fractions allowed). Default: 1024.")
    Double budgetMib;

    /**
     * Checks what picocli cannot: a known back end, and no GL-only option with {@code --backend java}.
     *
     * @throws ParameterException (exit 2) otherwise
     */
    void check() {
        if (!Names.BACKENDS.contains(backend)) {
            throw usage("unknown back end '" + backend + "'; available: " + String.join(", ", Names.BACKENDS));
        }
        checkBudget(mixee.commandLine(), budgetMib);
        for (String name : new String[] {"--scan", "--gl-budget-mib"}) {
            refuseWithJava(name);
        }
    }

    /**
     * Refuses an option that means nothing to the Java back end when that back end is asked for by
     * name; with {@code auto} it is only ignored, as the choice is not known yet.
     *
     * @param name the option
     * @throws ParameterException (exit 2) if it was given with {@code --backend java}
     */
    void refuseWithJava(String name) {
        if (javaOnly() && given(name)) {
            throw usage(name + " applies to the gl back end only, not to --backend java");
        }
    }

    /**
     * @param cmd the command, for the usage error
     * @param budgetMib {@code --gl-budget-mib}, or {@code null} if not given
     * @throws ParameterException (exit 2) if it is out of range
     */
    static void checkBudget(CommandLine cmd, Double budgetMib) {
        if (budgetMib != null && !(budgetMib > 0 && budgetMib <= MAX_BUDGET_MIB)) {
            throw new ParameterException(cmd, "--gl-budget-mib must be more than 0 and at most "
                    + (long) MAX_BUDGET_MIB + ", got " + budgetMib);
        }
    }

    /** @return whether {@code --backend java} was asked for outright */
    boolean javaOnly() {
        return backend.equals("java");
    }

    /** @return the budget in bytes: {@code --gl-budget-mib} or the engine's default */
    long budgetBytes() {
        return budgetBytes(budgetMib);
    }

    /**
     * @param budgetMib {@code --gl-budget-mib}, already checked, or {@code null} if not given
     * @return the budget in bytes: that many MiB (at least one byte) or the engine's default
     */
    static long budgetBytes(Double budgetMib) {
        return budgetMib == null ? GlTessellator.DEFAULT_BUDGET : Math.max(1, Math.round(budgetMib * (1 << 20)));
    }

    /**
     * Opens the back end asked for. With {@code auto}, tries a headless GL context and keeps it only
     * if its renderer is hardware; the choice and its reason go to stderr unless {@code quiet}.
     *
     * @param err stderr
     * @param quiet say nothing about an {@code auto} choice
     * @return the back end, to be closed by the caller on this thread
     * @throws CliFailure (exit 5) if {@code --backend gl} finds no context, or {@code --scan subgroup}
     *     cannot run on the context found
     */
    Backend open(PrintWriter err, boolean quiet) {
        return open(err, quiet, null);
    }

    /**
     * {@link #open(PrintWriter, boolean)} for an input that only the Java back end refines whole:
     * {@code auto} then takes java without looking for a context, and says why.
     *
     * @param javaOnlyReason why the input needs the Java back end, or null where it does not
     */
    Backend open(PrintWriter err, boolean quiet, String javaOnlyReason) {
        if (javaOnlyReason != null && backend.equals("auto")) {
            note(err, quiet, "back end java (auto): " + javaOnlyReason + ignoredGlOptions());
            return Backend.java();
        }
        switch (backend) {
            case "java" -> {
                return Backend.java();
            }
            case "gl" -> {
                return openGl(Backend.openContext("--backend gl"));
            }
            default -> {
                GlContext ctx;
                try {
                    ctx = GlContext.createHeadless();
                } catch (RuntimeException | LinkageError e) {
                    note(err, quiet, "back end java (auto): " + Backend.noContextReason(e) + ignoredGlOptions());
                    return Backend.java();
                }
                if (ctx.isSoftware()) {
                    String renderer = ctx.renderer();
                    ctx.close();
                    note(err, quiet, "back end java (auto): the only GL renderer found is " + renderer
                            + ", a software renderer (--backend gl would use it anyway)" + ignoredGlOptions());
                    return Backend.java();
                }
                Backend b = openGl(ctx);
                note(err, quiet, "back end gl (auto): " + ctx.renderer() + ", OpenGL " + ctx.version() + ", scan "
                        + Names.word(b.strategy()));
                return b;
            }
        }
    }

    private Backend openGl(GlContext ctx) {
        GpuScan.Strategy strategy = scan != null ? scan : GpuScan.defaultStrategy(ctx);
        try {
            Backend.checkStrategy(ctx, strategy);
        } catch (CliFailure e) {
            ctx.close();
            throw e;
        }
        return Backend.gl(ctx, strategy, budgetBytes());
    }

    private String ignoredGlOptions() {
        StringBuilder b = new StringBuilder();
        for (String name : new String[] {"--scan", "--gl-budget-mib"}) {
            if (given(name)) {
                b.append("; ").append(name).append(" is ignored");
            }
        }
        return b.toString();
    }

    private static void note(PrintWriter err, boolean quiet, String text) {
        if (!quiet) {
            err.println("loopsub: " + text);
            err.flush();
        }
    }

    private boolean given(String name) {
        ParseResult parsed = mixee.commandLine().getParseResult();
        return parsed != null && parsed.hasMatchedOption(name);
    }

    private ParameterException usage(String message) {
        return new ParameterException(mixee.commandLine(), message);
    }
}
