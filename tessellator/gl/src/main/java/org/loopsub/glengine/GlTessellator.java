package org.loopsub.glengine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;


import org.loopsub.api.ProgressListener;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.TriangleMesh;
import org.loopsub.engine.FacadeBody;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GpuScan;
import org.loopsub.gl.GpuTimer;
import org.loopsub.rules.LoopRules;
import org.loopsub.glstream.GlStreamEngine;
import org.loopsub.glstream.HostState;
import org.loopsub.glstream.GlOutput;
import org.loopsub.glstream.GlCriteria;
import org.loopsub.glstream.GlBufferPool;
import org.loopsub.glstream.OutputBudget;
import org.loopsub.prepare.PreparedMesh;
import org.loopsub.stream.LoopDisplace;
import org.loopsub.stream.RecordChunk;

/**
 * The OpenGL compute back end: the record-stream passes as compute shaders, byte-identical to
 * {@code org.loopsub.engine.JavaTessellator}. It uses the GL context it is given (the caller's, when embedded) or makes
 * a headless one; all calls must come from the thread on which that context is current.
 *
 * <p>{@link #refine} reads the triangles back to build the welded mesh the API returns; a renderer
 * that wants to draw straight from the GPU uses {@link #refineOnGpu} and the buffers it returns.
 *
 * <p>Every entry point checks, before any GL call, that the context is current on the calling
 * thread ({@link GlContext#checkCurrent}), and throws {@link IllegalStateException} if not: a GL call
 * without it would abort the JVM or work on another context's objects.
 *
 * <p>After {@link #close()} every method but {@code close()} throws {@link IllegalStateException}
 * and touches no GL state: the compiled passes, the scan and the pooled buffers are gone and are
 * not made again. Closing twice does nothing. A {@link GpuRun} closed after its tessellator deletes
 * its buffers instead of returning them to the pool.
 */
public final class GlTessellator implements Tessellator {
    /** Shader-storage binding points 0 .. this - 1 are used by the passes and unbound afterwards. */
    public static final int STORAGE_BINDINGS_USED = HostState.STORAGE_BINDINGS_USED;

    /**
     * Default memory budget for one binding of stream records (bytes): 2 GiB, the largest storage
     * block NVIDIA drivers allow (smaller limits of other drivers apply as they are): larger bindings
     * measured faster on NVIDIA (fewer, larger dispatches).
     */
    public static final long DEFAULT_BUDGET = (1L << 31) - 1;

    /** Who is bound to the context, as the messages of {@link GlContext#checkCurrent} name it. */
    private static final String USER = "the gl tessellator";

    private final GlContext context;
    private final boolean ownsContext;
    private final GpuScan.Strategy strategy;
    private final long budgetBytes;
    private final GlBufferPool pool = new GlBufferPool();
    // Compiled passes and the scan, kept from one refinement to the next: compiling them again
    // costs a renderer tens of milliseconds a frame (shader caches help, not enough).
    private final Map<String, ComputeProgram> programs = new HashMap<>();
    private GpuScan scan;
    /** The last refinement's passes, kept for the next one of the same layout and weights. */
    private GlStreamEngine.Passes passes;
    private boolean closed;

    /**
     * @param context the GL context to use, current on this thread
     * @param ownsContext whether {@link #close} destroys it
     * @param strategy the scan strategy
     * @param budgetBytes the most bytes one binding of records may take; a smaller budget cuts
     *     the stream into more windows (the output does not change)
     */
    public GlTessellator(GlContext context, boolean ownsContext, GpuScan.Strategy strategy, long budgetBytes) {
        this.context = context;
        this.ownsContext = ownsContext;
        this.strategy = strategy;
        this.budgetBytes = budgetBytes;
    }

    /** @return the buffer pool the refinements and prepared meshes share */
    GlBufferPool pool() {
        return pool;
    }

    /** @return the compiled passes, by key, kept across refinements */
    Map<String, ComputeProgram> programs() {
        return programs;
    }

    /** @return the scan, made on first use (never after close: callers check first) */
    GpuScan scan() {
        checkOpen();
        if (scan == null) {
            // untidy: every entry point that runs the passes restores the host's state at its end (HostState)
            scan = new GpuScan(context, strategy, false);
        }
        return scan;
    }

    /** @return the most bytes one binding of records may take */
    long budgetBytes() {
        return budgetBytes;
    }

    /** @return the context this back end runs on */
    public GlContext context() {
        checkOpen();
        return context;
    }

    @Override
    public String backend() {
        checkOpen();
        return "gl";
    }

    // Confined to the GL thread, like every GL call, so a plain field does.
    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the gl tessellator is closed");
        }
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if a uniform refinement's output could not fit on this GPU or
     *     in one Java array ({@link OutputBudget}), before any GPU work; or if a criterion cannot run here
     * @throws IllegalStateException if this tessellator is closed, or its context is not current on
     *     the calling thread, before any GL call
     * @throws UnsupportedOperationException if the mesh carries primvars, which this back end does not
     *     refine yet ({@link #refusePrimvars}), before any GL call
     */
    @Override
    public RefineResult refine(TriangleMesh input, RefineOptions options, ProgressListener progress) {
        checkOpen();
        refusePrimvars(input);
        context.checkCurrent(USER);
        return FacadeBody.refine(input, options, progress, "gl", this::levels);
    }

    /**
     * Refuses a mesh with primvars: the GL back end has no twin of the Java back end's replays
     * (docs/design.md §3, "Primvars"), and dropping the channels silently would hand a renderer or
     * a file less than it asked for.
     *
     * @param mesh the mesh to refine
     * @throws UnsupportedOperationException if it carries primvars; the message names the first and
     *     the Java back end
     */
    static void refusePrimvars(TriangleMesh mesh) {
        if (!mesh.primvars().isEmpty()) {
            throw new UnsupportedOperationException("the gl back end does not refine primvars yet (the mesh carries \""
                    + mesh.primvars().get(0).name() + "\"" + (mesh.primvars().size() > 1
                    ? " and " + (mesh.primvars().size() - 1) + " more" : "")
                    + "); refine it with the java back end (Tessellators.create(\"java\"), --backend java),"
                    + " or drop them (TriangleMesh.withPrimvars(List.of()))");
        }
    }

    /** The GL level loop over the prepared mesh, its output read back. */
    private FacadeBody.Made levels(PreparedMesh prepared, RefineOptions options, ProgressListener progress) {
        checkUniform(prepared, options, true);
        int hostProgram = org.lwjgl.opengl.GL43C.glGetInteger(org.lwjgl.opengl.GL43C.GL_CURRENT_PROGRAM);
        try (GpuTimer off = new GpuTimer(false); GlOutput out = run(prepared, options, progress, off)) {
            return new FacadeBody.Made(out.corners(), out.triangleCount(), out.levelStats());
        } finally {
            HostState.restore(hostProgram);
            pool.refinementDone();
        }
    }

    /**
     * Refines on the GPU and leaves the triangles there: the path for a renderer and for timing.
     * The triangles are in {@link GpuRun#buffers()} in output order (9 floats per triangle, in the
     * engine's internal frame: {@code user = internal * inverseScale + centre}).
     *
     * @param input the mesh
     * @param options what to compute
     * @param progress told after each level
     * @param timed whether to record GPU timestamps around every pass
     * @return the run; close it to free the buffers
     * @throws IllegalArgumentException if a uniform refinement's output could not fit on this GPU
     *     ({@link OutputBudget}), before any GPU work
     * @throws IllegalStateException if this tessellator is closed, or its context is not current on
     *     the calling thread, before any GL call
     * @throws UnsupportedOperationException if the mesh carries primvars ({@link #refusePrimvars})
     */
    public GpuRun refineOnGpu(TriangleMesh input, RefineOptions options, ProgressListener progress, boolean timed) {
        checkOpen();
        refusePrimvars(input);
        context.checkCurrent(USER);
        PreparedMesh prepared = PreparedMesh.of(input, options.welding())
                .configured(false, options);
        checkUniform(prepared, options, false);
        int hostProgram = org.lwjgl.opengl.GL43C.glGetInteger(org.lwjgl.opengl.GL43C.GL_CURRENT_PROGRAM);
        try {
            GpuTimer timer = new GpuTimer(timed);
            GlOutput out = run(prepared, options, progress, timer);
            return new GpuRun(out, timer, prepared.frame().centre(),
                    Math.scalb(1f, -prepared.frame().scaleExponent()));
        } finally {
            HostState.restore(hostProgram);
            pool.refinementDone();
        }
    }

    /** Refuses, before any GPU work, a uniform refinement whose output cannot fit. */
    private void checkUniform(PreparedMesh prepared, RefineOptions options, boolean readBack) {
        if (options.criteria().isEmpty()) {
            new OutputBudget(context.memoryBytes(), context.memorySource(), prepared.layout(), readBack)
                    .checkUniform(prepared.mesh().triangleCount(), options.levels());
        }
    }

    private GlOutput run(PreparedMesh prepared, RefineOptions options, ProgressListener progress,
                                      GpuTimer timer) {
        float[] weights = LoopRules.weights(options.scheme(), Math.max(6, prepared.topology().maxValence()));
        GlCriteria criteria = new GlCriteria(options.criteria(), options.effectiveCulling(), options.limitSurface(),
                prepared.frame().centre(), prepared.frame().scaleExponent(), prepared.frame().radius(prepared.positions()),
                FacadeBody.reach(options));
        float inverseScale = Math.scalb(1f, -prepared.frame().scaleExponent());
        if (passes == null || !passes.serves(prepared.layout(), weights)) {
            if (passes != null) {
                passes.close();
            }
            passes = null;  // (if making the new ones fails, no closed ones are kept)
            passes = new GlStreamEngine.Passes(prepared.layout(), weights, programs, pool);
        }
        // level 0 goes up as a per-vertex table and each point slot's entry in it (GlLevel0)
        List<RecordChunk> level0 = prepared.recordsWithSlotSources();
        try (GlStreamEngine engine = new GlStreamEngine(context, passes, scan(), budgetBytes,
                prepared.frame().centre(), inverseScale, pool)) {
            GlOutput out = engine.run(level0, options.levels(), criteria, timer, progress);
            try {
                options.displacement().ifPresent(d -> engine.displace(out,
                        LoopDisplace.of(d, prepared.frame().scaleExponent()), timer));
            } catch (RuntimeException e) {
                out.close();
                throw e;
            }
            return out;
        }
    }

    /**
     * Deletes the compiled passes, the scan and the pooled buffers, and the context if this
     * tessellator owns it. On the GL thread. Calling it again does nothing; so does calling it after
     * its context was closed, which took the GL objects with it.
     *
     * @throws IllegalStateException if the context is open but not current on the calling thread
     *     (nothing is deleted then: close it again from the right thread)
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (context.isClosed()) {
            closed = true;
            return;
        }
        context.checkCurrent(USER);
        closed = true;
        if (passes != null) {
            passes.close();
            passes = null;
        }
        programs.values().forEach(ComputeProgram::close);
        programs.clear();
        if (scan != null) {
            scan.close();
            scan = null;
        }
        pool.close();
        if (ownsContext) {
            context.close();
        }
    }
}
