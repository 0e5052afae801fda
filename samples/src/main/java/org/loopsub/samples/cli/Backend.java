package org.loopsub.samples.cli;

import java.util.function.Supplier;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.glengine.GlTessellator;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GpuScan;

/**
 * The back end a command runs on, opened once per command: the Java tessellator, or the GL one with
 * its context and scan strategy. Closing it destroys the GL context, so it must be closed on the
 * thread that opened it (picocli runs commands on the caller's thread, which is that thread).
 */
final class Backend implements AutoCloseable {
    private final GlContext context;
    private final GpuScan.Strategy strategy;
    private final long budgetBytes;
    private final Tessellator tessellator;

    private Backend(GlContext context, GpuScan.Strategy strategy, long budgetBytes, Tessellator tessellator) {
        this.context = context;
        this.strategy = strategy;
        this.budgetBytes = budgetBytes;
        this.tessellator = tessellator;
    }

    /** @return the pure-Java back end, found as a renderer finds it (ServiceLoader) */
    static Backend java() {
        return new Backend(null, null, 0, Tessellators.create("java"));
    }

    /**
     * @param context a context current on this thread; the back end takes it over
     * @param strategy the scan strategy, already checked against the context
     * @param budgetBytes the most bytes one binding of records may take
     * @return the GL back end
     */
    static Backend gl(GlContext context, GpuScan.Strategy strategy, long budgetBytes) {
        return new Backend(context, strategy, budgetBytes, new GlTessellator(context, true, strategy, budgetBytes));
    }

    /**
     * Makes a headless context, turning every way that can fail into one exit status.
     *
     * @param who the option that asked for GL, for the message (e.g. {@code --backend gl})
     * @return a context current on this thread
     * @throws CliFailure (exit 5) with the reason of each route tried
     */
    static GlContext openContext(String who) {
        try {
            return GlContext.createHeadless();
        } catch (RuntimeException | LinkageError e) {
            throw new CliFailure(ExitCodes.RESOURCE, who + ": " + noContextReason(e), e);
        }
    }

    /**
     * @param e what {@link GlContext#createHeadless()} threw
     * @return why there is no context, in one line
     */
    static String noContextReason(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return "no OpenGL 4.3+ context: " + e;
        }
        return m.startsWith("no OpenGL") ? m : "no OpenGL 4.3+ context: " + m;
    }

    /**
     * Refuses a strategy the context cannot run, before any work is done.
     *
     * @param context the context
     * @param strategy the strategy asked for
     * @throws CliFailure (exit 5) for {@code subgroup} on a context without subgroup operations
     */
    static void checkStrategy(GlContext context, GpuScan.Strategy strategy) {
        if (strategy == GpuScan.Strategy.SUBGROUP && !context.hasSubgroups()) {
            throw new CliFailure(ExitCodes.RESOURCE, "--scan subgroup needs GL_KHR_shader_subgroup (arithmetic "
                    + "and ballot) in compute shaders, which " + context.renderer() + " does not offer; use --scan "
                    + Names.word(GpuScan.Strategy.REDUCE_THEN_SCAN) + " or " + Names.word(GpuScan.Strategy.HILLIS_STEELE));
        }
    }

    /**
     * Runs GL work, turning what the GL back end cannot express (a custom criterion without GLSL, two
     * screen criteria) into a usage error instead of a crash: the user can pick the Java back end.
     *
     * @param work the work
     * @param <T> its result
     * @return its result
     */
    static <T> T unsupportedIsUsage(Supplier<T> work) {
        try {
            return work.get();
        } catch (UnsupportedOperationException e) {
            throw new CliFailure(ExitCodes.USAGE, "the GL back end cannot run this: " + e.getMessage()
                    + "; use --backend java", e);
        }
    }

    /** @return {@code gl} or {@code java} */
    String name() {
        return tessellator.backend();
    }

    /** @return whether this is the GL back end */
    boolean isGl() {
        return context != null;
    }

    /** @return the tessellator (owned by this back end: do not close it) */
    Tessellator tessellator() {
        return tessellator;
    }

    /** @return the GL tessellator; only for {@link #isGl()} */
    GlTessellator gl() {
        return (GlTessellator) tessellator;
    }

    /** @return the GL context, or {@code null} for Java */
    GlContext context() {
        return context;
    }

    /** @return the scan strategy, or {@code null} for Java */
    GpuScan.Strategy strategy() {
        return strategy;
    }

    /** @return the memory budget of one binding of records, 0 for Java */
    long budgetBytes() {
        return budgetBytes;
    }

    /** @return e.g. {@code gl (llvmpipe (LLVM 15.0.7, 256 bits), 4.5 (Core Profile) Mesa 23.2.1, scan reduce-then-scan)} */
    String describe() {
        if (!isGl()) {
            return name();
        }
        return name() + " (" + context.renderer() + ", OpenGL " + context.version() + ", scan " + Names.word(strategy)
                + ")";
    }

    @Override
    public void close() {
        // the GL tessellator owns the context: closing it destroys the context too
        tessellator.close();
        if (context != null) {
            context.close();
        }
    }
}
