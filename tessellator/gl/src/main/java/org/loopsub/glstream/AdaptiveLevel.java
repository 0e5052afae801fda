package org.loopsub.glstream;

import static org.loopsub.glstream.ShaderContract.INDEX;
import static org.loopsub.glstream.ShaderContract.OUT;
import static org.loopsub.glstream.ShaderContract.SLIVERS;
import static org.loopsub.glstream.ShaderContract.SLIVER_OFFSET;
import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;

import java.util.ArrayList;
import java.util.List;

import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GpuScan;
import org.loopsub.gl.GpuTimer;

/**
 * A level with a criterion (or the last level): edge test, filter, selections and scans, then the
 * finished triangles emitted and the active records split. One per engine, kept: its window holders
 * and count array serve every level of every frame.
 */
final class AdaptiveLevel {
    private final GlPasses passes;
    private final GlBufferPool pool;
    private final GpuScan scan;
    private final long window;
    private final float[] centre;
    private final float inverseScale;
    private final OutputBudget budget;
    private final List<Window> windows = new ArrayList<>();
    private int[] c = new int[48];

    AdaptiveLevel(GlPasses passes, GlBufferPool pool, GpuScan scan, long window, float[] centre, float inverseScale,
                  OutputBudget budget) {
        this.passes = passes;
        this.pool = pool;
        this.scan = scan;
        this.window = window;
        this.centre = centre;
        this.inverseScale = inverseScale;
        this.budget = budget;
    }

    /** One window's flags, indices and counts, kept from the first sweep of a level to the second. */
    private static final class Window {
        Segment seg;
        long first;
        long n;
        final TestAndScan.Buffers b = new TestAndScan.Buffers();
    }

    /**
     * Issues the builds of the passes {@link #run} will take, so that the driver compiles them side by
     * side before the first level waits for one.
     */
    void compileAhead(int maxDepth, GlCriteria criteria) {
        if (criteria.any && maxDepth > 0) {
            passes.flagEdges(criteria, false);
        }
        passes.filter(false);
        passes.emit(false);
        if (maxDepth > 1) {
            passes.split(false, false);
        }
        if (maxDepth > 0) {
            passes.split(false, true);
        }
    }

    /**
     * The general level, in two sweeps over its windows: first edge test, filter, selections and
     * scans for every window, leaving three counts per window in one buffer; then, after a single
     * read-back of all counts, emit and split. One host wait per level, however many windows.
     *
     * @param run receives what the level did; its {@code next} the children
     */
    void run(List<Segment> in, int level, int maxDepth, GlCriteria criteria, GpuTimer timer, GlOutput out,
             LevelRun run) {
        boolean atMax = level == maxDepth;
        boolean direct = level + 1 == maxDepth;
        int count = cutWindows(in);
        long cap = 1;
        for (int wi = 0; wi < count; wi++) {
            cap = wi == 0 ? windows.get(wi).n : Math.max(cap, windows.get(wi).n);
        }
        if (c.length < 3 * count) {
            c = new int[3 * count];
        }
        GlBuffer scratch = pool.acquire(Math.max(16, scan.scratchBytes(cap)), "loop_scan_scratch");
        GlBuffer counts = pool.acquire(12L * Math.max(1, count), "loop_counts");
        ComputeProgram flag = criteria.any && !atMax ? passes.flagEdges(criteria, false) : null;
        ComputeProgram filter = passes.filter(false);
        ComputeProgram emit = passes.emit(false);
        SplitPair split = atMax ? null : passes.split(false, direct);
        if (flag != null) {
            criteria.setUniforms(flag, level, centre, inverseScale);
        }
        try {
            for (int wi = 0; wi < count; wi++) {
                Window w = windows.get(wi);
                TestAndScan.run(passes, scan, timer, level, atMax, flag, filter, w.seg, w.first, w.n, w.b, -1,
                        scratch, counts, 12L * wi);
            }
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
            // Sizes decide the allocations below: the level's one read-back.
            counts.readInts(0, c, 3 * count);
            long finishedTotal = 0;
            long sliverTotal = 0;
            long activeTotal = 0;
            for (int wi = 0; wi < count; wi++) {
                activeTotal += Integer.toUnsignedLong(c[3 * wi]);
                finishedTotal += Integer.toUnsignedLong(c[3 * wi + 1]);
                sliverTotal += Integer.toUnsignedLong(c[3 * wi + 2]);
            }
            run.active = activeTotal;
            run.finished = finishedTotal;
            run.slivers = sliverTotal;
            // the padding before a direct block is at most 3 triangles
            budget.checkLevel(level, out.drawTriangles() + finishedTotal + sliverTotal + (direct ? 4 * activeTotal + 3 : 0),
                    split != null && !direct ? 4 * activeTotal : 0);
            // Placed in output order; each reservation may move the buffer, so take it afterwards.
            long finishedAt = finishedTotal > 0 ? out.reserve(level, GlOutput.Kind.FINISHED, finishedTotal, false) : 0;
            long sliverAt = sliverTotal > 0 ? out.reserve(level, GlOutput.Kind.SLIVERS, sliverTotal, false) : 0;
            long directAt = direct && activeTotal > 0 ? out.reserve(level + 1, GlOutput.Kind.DIRECT, 4 * activeTotal, true) : 0;
            long activeAt = 0;
            for (int wi = 0; wi < count; wi++) {
                Window w = windows.get(wi);
                long active = Integer.toUnsignedLong(c[3 * wi]);
                long finished = Integer.toUnsignedLong(c[3 * wi + 1]);
                long slivers = Integer.toUnsignedLong(c[3 * wi + 2]);
                if (finished > 0) {
                    emitFinished(w, emit, out, finishedAt, finished, timer, level);
                }
                if (active > 0 && split != null) {
                    splitWindow(w, split, out, run, level, timer, direct, active, slivers, sliverTotal > 0, sliverAt,
                            directAt + 4 * activeAt);
                }
                finishedAt += finished;
                sliverAt += slivers;
                activeAt += active;
            }
            // The next level's passes, or the read-back, consume children and triangles.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
            if (direct && activeTotal > 0) {
                run.direct = 4 * activeTotal;
            }
        } finally {
            for (int wi = 0; wi < count; wi++) {
                Window w = windows.get(wi);
                w.b.release(pool);
                w.seg = null;
            }
            pool.release(scratch);
            pool.release(counts);
        }
    }

    /** Cuts the level's segments into windows of at most {@link #window} records, each with its buffers. */
    private int cutWindows(List<Segment> in) {
        int count = 0;
        for (int si = 0; si < in.size(); si++) {
            Segment seg = in.get(si);
            for (long w0 = 0; w0 < seg.count(); w0 += window) {
                if (count == windows.size()) {
                    windows.add(new Window());
                }
                Window w = windows.get(count++);
                w.seg = seg;
                w.first = w0;
                w.n = Math.min(window, seg.count() - w0);
                w.b.acquire(pool, w.n);
            }
        }
        return count;
    }

    /** A window's {@code finished} finished records to the output from triangle {@code at} on. */
    private void emitFinished(Window w, ComputeProgram emit, GlOutput out, long at, long finished, GpuTimer timer,
                              int level) {
        passes.bindSource(w.seg, w.first, emit);
        w.b.finishedIdx().bind(INDEX);
        GlPasses.setUint(emit, "uOutFloatBase", passes.bindOutput(out, OUT, at, finished));
        GlPasses.setUint(emit, "uCount", finished);
        timer.begin("loop_emit_finished", level, finished * (36 + 4), finished * 36);
        emit.dispatchFor(finished);
        timer.end();
        GlChecks.check("loop_emit_finished");
    }

    /**
     * A window's {@code active} active records split: children to a new segment of {@code run.next}, or
     * (direct) triangles from {@code directFirst} on; its slivers from {@code sliverAt} on.
     */
    private void splitWindow(Window w, SplitPair split, GlOutput out, LevelRun run, int level, GpuTimer timer,
                             boolean direct, long active, long slivers, boolean anySlivers, long sliverAt,
                             long directFirst) {
        passes.bindSource(w.seg, w.first, split);
        passes.bindWeights();
        w.b.activeIdx().bind(INDEX);
        w.b.sliverOffset().bind(SLIVER_OFFSET);
        // Without slivers nothing is written there, but the binding must be valid.
        split.setUint("uSliverFloatBase", anySlivers
                ? passes.bindOutput(out, OUT, sliverAt, Math.max(1, slivers)) : passes.bindNoOutput(OUT));
        if (direct) {
            split.setUint("uDirectFloatBase", passes.bindTriangles(out, directFirst, 4 * active));
        } else {
            Segment children = passes.childSegment(active);
            passes.bindDestination(children);
            run.next.add(children);
        }
        split.setUint("uCount", active);
        timer.begin("loop_split", level, active * (passes.touchedBytes + 8),
                slivers * 36 + (direct ? active * 4 * 36 : 4 * active * passes.touchedBytes));
        split.dispatchFor(active, timer, level);
        timer.end();
        GlChecks.check("loop_split");
    }
}
