package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.glFinish;
import static org.lwjgl.opengl.GL43C.glFlush;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.loopsub.api.ProgressListener;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GpuScan;
import org.loopsub.gl.GpuTimer;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;

/**
 * The GL back end's level loop: the twin of {@link org.loopsub.stream.JavaStreamEngine}, running the
 * passes as compute shaders. A level's stream is a list of {@link Segment}s: GL buffers of records
 * stored in tiles of 32, each small enough for one SSBO binding and the memory budget. A segment is
 * processed in windows of at most {@code window} records, and each window's children form one new
 * segment, so segments never hold more than four windows. Each level runs as {@link UniformLevels}
 * (every record splits) or {@link AdaptiveLevel} (edge test, filter, scans). Output triangles stay
 * on the GPU ({@link GlOutput}), in the Java back end's order: per level its finished records, then
 * its slivers, then (at the last split) the direct triangles.
 *
 * <p>One engine serves many runs of one record layout (a renderer's frames); GL thread only.
 */
public final class GlStreamEngine implements AutoCloseable {
    /**
     * A wait for compiles longer than this may have let an NVIDIA GPU's clocks fall to idle (its
     * driver lowers them after about 3 s without work, counted from the context's start): wake them.
     */
    private static final long WAKE_AFTER_NANOS = 1_000_000_000L;

    private final GlPasses passes;
    /** Whether {@link #passes} are this engine's to close (not a {@link Passes} kept by its caller). */
    private final boolean ownsPasses;
    private final GpuScan scan;
    private final long window;
    private final float[] centre;
    private final float inverseScale;
    private final GlContext context;
    private final GlBufferPool pool;
    private final long maxBinding;
    /** The sizes of resident frames, made at the first one. */
    private GlSizes sizes;
    /** The level strategies and what they fill, kept: a renderer runs them every frame. */
    private final UniformLevels uniform;
    private final AdaptiveLevel adaptive;
    private final LevelRun[] runs = {new LevelRun(), new LevelRun()};
    private final List<Segment> level0Segments = new ArrayList<>();
    private ResidentFrame resident;
    private final OutputBudget budget;

    /**
     * @param weightTable Loop's vertex weights per valence ({@code LoopRules.weights})
     * @param programs the tessellator's cache of compiled passes, shared by its engines
     * @param budgetBytes most bytes one segment binding may take
     * @param centre the internal frame's centre (for criteria in the user's frame)
     * @param inverseScale the internal frame's scale back to the user's
     */
    public GlStreamEngine(GlContext context, RecordLayout layout, float[] weightTable, GpuScan scan,
                          Map<String, ComputeProgram> programs, long budgetBytes, float[] centre, float inverseScale,
                          GlBufferPool pool) {
        this(context, new GlPasses(layout, weightTable, programs, pool), true, scan, budgetBytes, centre,
                inverseScale, pool);
    }

    /**
     * An engine over passes its caller keeps across refinements ({@link Passes}); closing the engine
     * leaves them open.
     *
     * @param passes passes made for this context, pool and program cache
     */
    public GlStreamEngine(GlContext context, Passes passes, GpuScan scan, long budgetBytes, float[] centre,
                          float inverseScale, GlBufferPool pool) {
        this(context, passes.passes, false, scan, budgetBytes, centre, inverseScale, pool);
    }

    private GlStreamEngine(GlContext context, GlPasses passes, boolean ownsPasses, GpuScan scan, long budgetBytes,
                           float[] centre, float inverseScale, GlBufferPool pool) {
        RecordLayout layout = passes.layout;
        this.context = context;
        this.pool = pool;
        this.centre = centre;
        this.inverseScale = inverseScale;
        this.scan = scan;
        this.passes = passes;
        this.ownsPasses = ownsPasses;
        this.maxBinding = context.maxStorageBlockSize();
        // A window's children (4 per record) form one segment, which must fit one binding; so must
        // its input, a segment of at most four windows.
        long block = Math.min(context.maxStorageBlockSize(), budgetBytes);
        long w = block / (4 * 4L * layout.pointFloats());
        // Shaders index floats with 32-bit uints: a segment holds fewer than 2^32 of them.
        w = Math.min(w, (1L << 30) / layout.pointFloats());
        this.window = Math.max(1, Math.min(w, 1L << 24));
        this.budget = new OutputBudget(context.memoryBytes(), context.memorySource(), layout, false);
        this.uniform = new UniformLevels(passes, window);
        this.adaptive = new AdaptiveLevel(passes, pool, scan, window, centre, inverseScale, budget);
    }

    /**
     * The passes of one record layout and weight table: the weight table on the GPU and the programs
     * looked up in the caller's cache, which a one-shot tessellator keeps from one refinement to the
     * next (looking them up again cost every refinement host time, measured on NVIDIA). Same thread
     * and context as the engines made over them;
     * close it before the program cache and the pool it was made with.
     */
    public static final class Passes implements AutoCloseable {
        private final GlPasses passes;
        private final Map<String, String> layoutDefines;
        private final float[] weightTable;

        /**
         * @param weightTable Loop's vertex weights per valence ({@code LoopRules.weights}), copied
         * @param programs the tessellator's cache of compiled passes
         */
        public Passes(RecordLayout layout, float[] weightTable, Map<String, ComputeProgram> programs,
                      GlBufferPool pool) {
            this.weightTable = weightTable.clone();
            this.passes = new GlPasses(layout, this.weightTable, programs, pool);
            this.layoutDefines = ShaderHeader.layoutDefines(layout);
        }

        /**
         * @return whether these passes serve records of {@code layout} refined with {@code weightTable}:
         *     the layout's shader defines and the weights are those they were made for
         */
        public boolean serves(RecordLayout layout, float[] weightTable) {
            return java.util.Arrays.equals(this.weightTable, weightTable)
                    && layoutDefines.equals(ShaderHeader.layoutDefines(layout));
        }

        /** Deletes the weight table (the programs stay in the cache). */
        @Override
        public void close() {
            passes.close();
        }
    }

    /**
     * Uploads the records, runs the levels and waits for the GPU to finish them.
     *
     * @return the output, in a buffer of the pool: close it to give it back
     */
    public GlOutput run(List<RecordChunk> level0, int maxDepth, GlCriteria criteria, GpuTimer timer,
                        ProgressListener progress) {
        GlOutput out = new GlOutput(pool);
        out.withNormals(passes.layout.carriesNormals());
        out.withUvs(passes.layout.uvs());
        long start = System.nanoTime();
        long issued;
        // one glGetError after the passes instead of one per pass and buffer write (GlChecks: a sync
        // point of NVIDIA's driver, which cost more host time than issuing the passes)
        GlChecks.deferOnThisThread();
        try {
            try (GlLevel0 records = upload(level0, false)) {
                // the GPU tiles level 0 while the host issues its passes
                glFlush();
                long uploaded = System.nanoTime();
                out.uploadNanos = uploaded - start;
                run(records, maxDepth, criteria, timer, progress, out);
                issued = System.nanoTime();
                out.issueNanos = issued - uploaded;
            }
            GlChecks.checkDeferred("refining (the upload and the levels' passes)");
        } finally {
            // (after checkDeferred nothing to do; after a failure the deferral ends here)
            GlChecks.endDeferral();
        }
        glFinish();
        long end = System.nanoTime();
        out.waitNanos = end - issued;
        out.endToEndNanos = end - start;
        return out;
    }

    /**
     * Displaces the output of {@link #run} in place (loop_displace, the twin of
     * {@link org.loopsub.stream.LoopDisplace}) and waits for the GPU: the bytes the Java back end's
     * displaced output has.
     *
     * @param out the output, with limit normals and uvs
     * @param displace the displacement in the internal frame
     * @param timer the run's timer: the pass is one more kernel of the run
     */
    public void displace(GlOutput out, org.loopsub.stream.LoopDisplace displace, GpuTimer timer) {
        long start = System.nanoTime();
        GlChecks.deferOnThisThread();
        try {
            GlDisplace.run(passes, out, displace, maxBinding, timer);
            GlChecks.checkDeferred("displacing the output (loop_displace)");
        } finally {
            GlChecks.endDeferral();
        }
        glFinish();
        long took = System.nanoTime() - start;
        out.waitNanos += took;
        out.endToEndNanos += took;
    }

    /**
     * Displaces a renderer's frame just issued (loop_displace's FACE_NORMALS build): positions to the
     * bit of {@link #displace}'s, then each triangle's displaced face normal at its corners. Issues
     * the passes without waiting.
     *
     * @param map the displacement's heights on the GPU
     * @param onGpu whether the frame was issued by {@link #issueResident} (its end is on the GPU)
     */
    public void displaceFrame(GlOutput out, org.loopsub.stream.LoopDisplace displace, org.loopsub.gl.GlBuffer map,
                              boolean onGpu) {
        if (onGpu) {
            GlDisplace.residentFrame(passes, out, displace, map, sizes.buffer(), resident.room());
        } else {
            GlDisplace.frame(passes, out, displace, map, maxBinding);
        }
    }

    /**
     * Compiles the edge test for these criteria now (both variants), rather than in the middle of a
     * frame: a custom criterion's GLSL that does not compile is then refused before any GPU work.
     *
     * @throws org.loopsub.gl.ShaderException if it does not compile
     */
    public void compileEdgeTest(GlCriteria criteria) {
        ComputeProgram plain = passes.flagEdges(criteria, false);
        ComputeProgram resident = passes.flagEdges(criteria, true);
        try {
            plain.ready();
            resident.ready();
        } catch (org.loopsub.gl.ShaderException e) {
            // neither is kept: a later run must not meet them (nor wait for them) again
            passes.forget(plain);
            passes.forget(resident);
            throw e;
        }
    }

    /**
     * Uploads level-0 records, laid out in tiles on the GPU, in segments of at most four windows.
     *
     * @param kept whether the stream serves many runs; it then keeps a pristine copy of its metadata
     */
    public GlLevel0 upload(List<RecordChunk> chunks, boolean kept) {
        return new GlLevel0(context, pool, passes.layout, passes.tile(), 4 * window, chunks, kept);
    }

    /**
     * Runs the levels from records already on the GPU, appending to {@code out}; issues the passes
     * and returns without waiting for them. A kept level 0 is restored first and left in place; one
     * used once is consumed (its segments go back to the pool as level 0 finishes).
     */
    public void run(GlLevel0 level0, int maxDepth, GlCriteria criteria, GpuTimer timer, ProgressListener progress,
                    GlOutput out) {
        out.withNormals(passes.layout.carriesNormals());
        out.withUvs(passes.layout.uvs());
        boolean keep = level0.kept();
        level0.restore();
        List<Segment> current = level0Segments;
        current.clear();
        for (int i = 0; i < level0.segments.size(); i++) {
            // not addAll, which copies the source into a new array first
            current.add(level0.segments.get(i));
        }
        if (!keep) {
            level0.segments.clear();
        }
        if (criteria.any) {
            adaptive.compileAhead(maxDepth, criteria);
        } else {
            uniform.compileAhead(maxDepth);
        }
        if (keep) {
            // a renderer's mesh: its later frames run resident, and should not stop to compile
            ResidentFrame.compileAhead(passes, criteria);
        }
        long compileStart = System.nanoTime();
        if (passes.awaitIssued() && System.nanoTime() - compileStart > WAKE_AFTER_NANOS) {
            context.wakeClocks();
        }
        passes.primeGeneralHalves();
        try {
            for (int level = 0; level <= maxDepth && !current.isEmpty(); level++) {
                long t0 = System.nanoTime();
                int told = out.levelCount();
                // the two runs alternate: this level fills one while reading what the other holds
                LevelRun run = runs[level & 1].reset();
                if (criteria.any || level == maxDepth) {
                    adaptive.run(current, level, maxDepth, criteria, timer, out, run);
                } else {
                    uniform.run(current, level, maxDepth, timer, out, run);
                }
                if (level > 0 || !keep) {
                    release(current);
                }
                current = run.next;
                // the GPU starts on this level while the host issues the next (a driver may otherwise
                // hold the commands until its buffer fills or the host waits)
                glFlush();
                long nanos = System.nanoTime() - t0;
                out.addLevelRecords(run.active + run.finished);
                out.addLevel(level, run.active + run.finished, run.finished, run.slivers, run.active, nanos);
                if (run.middle > 0) {
                    out.addLevel(level + 1, run.middle, 0, 0, run.middle, 0);
                }
                if (run.direct > 0) {
                    out.addLevel(level + (run.middle > 0 ? 2 : 1), run.direct, run.direct, 0, 0, 0);
                }
                if (progress != ProgressListener.NONE) {
                    for (int i = told; i < out.levelCount(); i++) {
                        progress.levelDone(out.level(i));
                    }
                }
            }
        } catch (RuntimeException e) {
            // a failed level (a GL error, a refused size) leaves its input and its children: give
            // them back before the exception leaves, or their buffers stay out of the pool for good
            release(runs[0].next);
            release(runs[1].next);
            if (!keep) {
                release(level0Segments);
            }
            throw e;
        }
    }

    /** Gives a level's segments back (their holders are recycled) and empties the list. */
    private void release(List<Segment> segments) {
        for (int i = 0; i < segments.size(); i++) {
            passes.release(segments.get(i));
        }
        segments.clear();
    }

    /**
     * Issues an adaptive frame from records kept on the GPU with its sizes kept there too
     * ({@link ResidentFrame}), and copies its sizes for a later read behind a fence: no host wait.
     * Appends to an empty {@code out}; its blocks are placed once {@link #awaitResident} read the sizes.
     *
     * @param frame the frame's number, for {@link #awaitResident}
     * @param draw the draw-indirect buffer, written on the GPU
     * @param cap most output triangles, or 0 for none (see {@link ResidentFrame#issue})
     * @return levels planned, or 0 if the frame was not issued: no prediction yet, or too large to
     *     plan; run it level by level then
     */
    public int issueResident(GlLevel0 level0, int maxDepth, GlCriteria criteria, FramePrediction prediction,
                             GlOutput out, org.loopsub.gl.GlBuffer draw, long cap, long frame) {
        if (!level0.kept() || ResidentFrame.plannedLevels(prediction, maxDepth) == 0) {
            return 0;
        }
        if (sizes == null) {
            sizes = new GlSizes(pool);
            resident = new ResidentFrame(passes, pool, scan, window, maxBinding, centre, inverseScale, sizes);
        }
        int levels = resident.issue(level0, maxDepth, criteria, prediction, out, draw, cap);
        if (levels > 0) {
            sizes.readBackLater(levels, frame, prediction);
        }
        return levels;
    }

    /** Hands the prediction the sizes of resident frames the GPU has finished, without waiting. */
    public void pollResident(FramePrediction prediction) {
        if (sizes != null) {
            sizes.poll(prediction);
        }
    }

    /** Waits for every resident frame in flight and hands the prediction their sizes. */
    public void drainResident(FramePrediction prediction) {
        if (sizes != null) {
            sizes.drain(prediction);
        }
    }

    /**
     * Waits until the GPU finished a resident frame, reads its sizes (handing them to the
     * prediction) and places its blocks in {@code out}.
     *
     * @param frame the number given to {@link #issueResident}
     * @return the level at which the frame stopped short of its plan (drawn whole there), or -1
     */
    public int awaitResident(long frame, GlOutput out, FramePrediction prediction) {
        if (!sizes.await(frame, prediction)) {
            throw new IllegalStateException("frame " + frame + " has no sizes in flight");
        }
        out.placed(sizes);
        return sizes.stopLevel();
    }

    /**
     * Output normals at unit length from now on, as a renderer wants them (the CLI's weld normalises
     * in double instead, which keeps its bytes the Java back end's).
     */
    public void unitNormals() {
        passes.unitNormals();
    }

    /** @return the most windows a level of a resident frame of this engine had (for tests) */
    public int mostResidentWindows() {
        return sizes == null ? 0 : sizes.mostWindows;
    }

    /** Deletes the weight table; the buffers of runs belong to the pool. */
    @Override
    public void close() {
        if (ownsPasses) {
            passes.close();
        }
        if (sizes != null) {
            sizes.close();
        }
    }
}
