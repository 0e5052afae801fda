package org.loopsub.glstream;

import static org.loopsub.glstream.ShaderContract.DIRECT_OUT;
import static org.loopsub.glstream.ShaderContract.INDEX;
import static org.loopsub.glstream.ShaderContract.OUT;
import static org.loopsub.glstream.ShaderContract.SLIVER_OFFSET;
import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1i;

import java.util.ArrayList;
import java.util.List;

import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GpuScan;
import org.loopsub.gl.GpuTimer;

/**
 * An adaptive frame of a prepared mesh issued with its sizes kept on the GPU ({@link GlSizes}): the
 * host plans room for every level from the last frame's sizes ({@link FramePrediction}, with a
 * margin), every pass covers the planned room and reads its actual count from the sizes buffer,
 * loop_plan places each level's output and children on the GPU, and the host reads the sizes only
 * once a fence says the GPU is done with them ({@link GlSizes#readBackLater}). If the frame needed
 * more room than planned, loop_plan stops it at the level where room ran out: that level's records
 * are drawn whole (a depth stop, crack-free), and the read-back grows the next frames' plan. A frame
 * within its plan has the output bytes of the level-by-level path (same passes, same order); a
 * stopped one those of the Java back end stopped at the same level.
 *
 * <p>One per engine, kept: the holders of its segments and windows serve every frame.
 */
final class ResidentFrame {
    /** Resident frames are not timed pass by pass; the frame has its own two timestamps. */
    private static final GpuTimer NO_TIMER = new GpuTimer(false);
    /** Room planned over the last frame's sizes: a quarter more, plus this many records or triangles. */
    private static final long SLACK = 4096;

    private final GlPasses passes;
    private final GlBufferPool pool;
    private final GpuScan scan;
    private final long window;
    private final long maxBinding;
    private final float[] centre;
    private final float inverseScale;
    private final GlSizes sizes;
    /** This frame's criteria and triangle cap (set by {@link #issue}). */
    private GlCriteria criteria;
    private long cap;

    /** A stream segment of a resident frame: room for {@code room} records, its count in a slot. */
    private static final class Planned {
        Segment seg;
        int countSlot;
        long room;
    }

    /** One window: its records' room and its flags, indices and block of sizes. */
    private static final class Window {
        Planned in;
        long first;
        long n;
        int block;
        final TestAndScan.Buffers b = new TestAndScan.Buffers();
    }

    /** Holders, kept from frame to frame: the first {@link #plannedUsed} are this frame's. */
    private final List<Planned> planned = new ArrayList<>();
    private int plannedUsed;
    private final List<Window> windows = new ArrayList<>();
    private int windowCount;
    /** The stream of the level being issued and of the next one, swapped at each level. */
    private List<Planned> current = new ArrayList<>();
    private List<Planned> next = new ArrayList<>();

    /**
     * Issues the builds of the passes a resident frame takes (see {@code GlPasses}' deferred
     * programs), so that the driver compiles them side by side, ahead of the first resident frame.
     */
    static void compileAhead(GlPasses passes, GlCriteria criteria) {
        passes.plan();
        if (criteria.any) {
            passes.flagEdges(criteria, true);
        }
        passes.filter(true);
        passes.emit(true);
        passes.split(true, false);
        passes.split(true, true);
    }

    ResidentFrame(GlPasses passes, GlBufferPool pool, GpuScan scan, long window, long maxBinding, float[] centre,
                  float inverseScale, GlSizes sizes) {
        this.passes = passes;
        this.pool = pool;
        this.scan = scan;
        this.window = window;
        this.maxBinding = maxBinding;
        this.centre = centre;
        this.inverseScale = inverseScale;
        this.sizes = sizes;
    }

    private Planned planned(Segment seg, int countSlot, long room) {
        if (plannedUsed == planned.size()) {
            planned.add(new Planned());
        }
        Planned p = planned.get(plannedUsed++);
        p.seg = seg;
        p.countSlot = countSlot;
        p.room = room;
        return p;
    }

    /** @return levels planned for this frame, or 0 if the frame cannot run resident */
    static int plannedLevels(FramePrediction prediction, int maxDepth) {
        if (!prediction.known()) {
            return 0;
        }
        int last = Math.min(maxDepth, prediction.deepest() + 1);
        return last + 1 <= GlSizes.MAX_LEVELS ? last + 1 : 0;
    }

    /**
     * Issues the frame's passes without waiting; {@code out} must be empty.
     *
     * @param draw the draw-indirect buffer loop_plan writes
     * @param cap most output triangles (a triangle budget; padding counted), or 0 for none: the frame
     *     stops short where it would make more; at least level 0's records
     * @return the levels planned (read them back with {@link GlSizes#read}), or 0 if the frame was
     *     not issued (too large to plan; nothing written then except the output's room)
     */
    int issue(GlLevel0 level0, int maxDepth, GlCriteria criteria, FramePrediction prediction, GlOutput out,
              GlBuffer draw, long cap) {
        int levels = plannedLevels(prediction, maxDepth);
        if (levels == 0) {
            return 0;
        }
        this.criteria = criteria;
        this.cap = cap;
        try {
            return issue(level0, maxDepth, levels, prediction, out, draw);
        } finally {
            // nothing of this frame stays reachable from the kept holders
            for (int i = 0; i < plannedUsed; i++) {
                planned.get(i).seg = null;
            }
            plannedUsed = 0;
            current.clear();
            next.clear();
            this.criteria = null;
        }
    }

    private int issue(GlLevel0 level0, int maxDepth, int levels, FramePrediction prediction, GlOutput out,
                      GlBuffer draw) {
        long outRoom = outputRoom(level0, maxDepth, levels, prediction);
        if (outRoom == 0) {
            return 0;
        }
        out.ensureRoom(outRoom);
        GlBuffer output = out.buffer();
        outNormals = out.normals();
        outUvs = out.uvs();
        long outBytes = Math.min(output.bytes(), Math.min(maxBinding, 0xFFFF_FFFFL) / 36 * 36);
        outRoom = Math.min(outRoom, outBytes / 36);
        room = outRoom;
        level0.restore();
        int[] level0Blocks = sizes.start(GlSizes.MAX_WINDOWS * levels + level0.segments.size(), level0.segments);
        current.clear();
        for (int i = 0; i < level0.segments.size(); i++) {
            Segment seg = level0.segments.get(i);
            current.add(planned(seg, GlSizes.slot(level0Blocks[i], GlSizes.CHILD_COUNT), seg.count()));
        }
        ComputeProgram plan = passes.plan();
        int planned = levels;
        for (int level = 0; level < planned; level++) {
            if (current.isEmpty()) {
                // the last split wrote triangles: no records are left (as the level-by-level loop ends)
                levels = level;
                break;
            }
            boolean atMax = level == maxDepth;
            boolean direct = level + 1 == maxDepth;
            boolean mustFinish = level == planned - 1 && !atMax && !direct;
            boolean children = !atMax && !direct && !mustFinish;
            cutWindows();
            next.clear();
            try {
                if (windowCount > GlSizes.MAX_WINDOWS) {
                    // a frame given up: its segments go back (level 0's belong to the mesh)
                    if (level > 0) {
                        release(current);
                    }
                    return 0;
                }
                sizes.mostWindows = Math.max(sizes.mostWindows, windowCount);
                testAndScan(level, atMax);
                long childRoom = children ? childRoom(prediction.records(level + 1)) : 0;
                // loop_plan reads the scans' counts
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                runPlan(plan, level, direct, children, mustFinish, outRoom, childRoom, output, outBytes, draw);
                // the emits and splits read the plan's counts and bases
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                emitAndSplit(!(atMax || mustFinish), direct, childRoom, output, outBytes);
                // the next level's passes read the children; the read-back the sizes
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
            } finally {
                for (int wi = 0; wi < windowCount; wi++) {
                    Window w = windows.get(wi);
                    w.b.release(pool);
                    w.in = null;
                }
            }
            if (level > 0) {
                release(current);
            }
            List<Planned> done = current;
            current = next;
            next = done;
        }
        release(current);
        return levels;
    }

    /**
     * @return the output's room for the frame in triangles, or 0 where the planned frame does not fit
     *     its bindings (it then goes level by level)
     */
    private long outputRoom(GlLevel0 level0, int maxDepth, int levels, FramePrediction prediction) {
        // a stop draws a level whole: the room holds level 0 whole whatever the prediction
        long outRoom = Math.max(withMargin(prediction.end()), level0.recordCount() + SLACK);
        if (cap > 0) {
            outRoom = Math.max(Math.min(outRoom, cap), level0.recordCount());
        }
        if (36 * outRoom > Math.min(maxBinding, 0xFFFF_FFFFL)) {
            return 0;
        }
        // every level's children go to one segment, which one binding must hold; the deepest level
        // has none (the level above it writes triangles), whatever a stop predicted for it
        for (int level = 1; level < Math.min(levels, maxDepth); level++) {
            if (childRoom(prediction.records(level)) == 0) {
                return 0;
            }
        }
        return outRoom;
    }

    /** Cuts the level's planned segments into windows, each with a block of sizes and its buffers. */
    private void cutWindows() {
        windowCount = 0;
        for (int pi = 0; pi < current.size(); pi++) {
            Planned p = current.get(pi);
            for (long first = 0; first < p.room; first += window) {
                if (windowCount == windows.size()) {
                    windows.add(new Window());
                }
                Window w = windows.get(windowCount++);
                w.in = p;
                w.first = first;
                w.n = Math.min(window, p.room - first);
                w.block = sizes.newBlock();
                w.b.acquire(pool, w.n);
            }
        }
    }

    /** Gives segments back to the pool (recycling their holders). */
    private void release(List<Planned> segments) {
        for (int i = 0; i < segments.size(); i++) {
            passes.release(segments.get(i).seg);
        }
        segments.clear();
    }


    /** Per window: edge test, filter, the two selections and the sliver scan, counts into the sizes. */
    private void testAndScan(int level, boolean atMax) {
        ComputeProgram flag = criteria.any && !atMax ? passes.flagEdges(criteria, true) : null;
        ComputeProgram filter = passes.filter(true);
        if (flag != null) {
            criteria.setUniforms(flag, level, centre, inverseScale);
        }
        long most = 1;
        for (int wi = 0; wi < windowCount; wi++) {
            most = wi == 0 ? windows.get(wi).n : Math.max(most, windows.get(wi).n);
        }
        GlBuffer scratch = pool.acquire(Math.max(16, scan.scratchBytes(most)), "loop_scan_scratch");
        GlBuffer sizeBuf = sizes.buffer();
        try {
            for (int wi = 0; wi < windowCount; wi++) {
                Window w = windows.get(wi);
                TestAndScan.run(passes, scan, NO_TIMER, level, atMax, flag, filter, w.in.seg, w.first, w.n, w.b,
                        w.in.countSlot, scratch, sizeBuf, 4L * GlSizes.slot(w.block, GlSizes.ACTIVE));
            }
        } finally {
            pool.release(scratch);
        }
    }

    /** @return room for a size seen last frame: an eighth more, and a margin for the smallest frames */
    private static long withMargin(long last) {
        return last + last / 8 + SLACK;
    }

    /**
     * Room for a level's children, in one segment that all the level's windows write into at bases
     * loop_plan computes: the last frame's records of that level with a margin, if one binding
     * holds it (four windows).
     *
     * @return the room, or 0 if it does not fit one segment (the frame then goes level by level)
     */
    private long childRoom(long lastRecords) {
        // under a cap, children beyond it could not be drawn even whole: the plan stops before
        long want = Segment.tiled(withMargin(cap > 0 ? Math.min(lastRecords, cap) : lastRecords));
        return want <= 4 * window && want <= 0xFFFF_FFFFL ? want : 0;
    }

    /** The last frame's output room in triangles (what a pass after the frame covers). */
    private long room;

    /** @return the output room of the frame last issued, in triangles: its passes' bound range */
    long room() {
        return room;
    }

    /** The output's normals this frame (null without), bound beside the positions. */
    private GlBuffer outNormals;

    private void bindOutput(int binding, GlBuffer output, long outBytes) {
        output.bindRange(binding, 0, outBytes);
        if (outNormals != null) {
            outNormals.bindRange(ShaderContract.normalBinding(binding), 0, outBytes);
        }
        if (outUvs != null) {
            outUvs.bindRange(ShaderContract.uvBinding(binding), 0,
                    Math.min(outUvs.bytes(), ShaderContract.outUvOffset(outBytes)));
        }
    }

    /** The output's uvs this frame (null without). */
    private GlBuffer outUvs;

    private void runPlan(ComputeProgram plan, int level, boolean direct, boolean children,
                         boolean mustFinish, long outRoom, long childRoom, GlBuffer output, long outBytes,
                         GlBuffer draw) {
        sizes.buffer().bind(ShaderContract.SIZES);
        bindOutput(OUT, output, outBytes);
        draw.bind(ShaderContract.DRAW);
        int id = plan.id();
        GlPasses.setUint(plan, "uFirstBlock", windows.get(0).block);
        GlPasses.setUint(plan, "uWindows", windowCount);
        GlPasses.setUint(plan, "uLevel", level);
        glProgramUniform1i(id, plan.uniform("uDirect"), direct ? 1 : 0);
        glProgramUniform1i(id, plan.uniform("uChildren"), children ? 1 : 0);
        glProgramUniform1i(id, plan.uniform("uMustFinish"), mustFinish ? 1 : 0);
        GlPasses.setUint(plan, "uOutCap", outRoom);
        GlPasses.setUint(plan, "uChildRoom", childRoom);
        plan.dispatchFor(1);
        GlChecks.check("loop_plan");
    }

    /**
     * Per window: the finished records' corners, then (if {@code splits}) the split into children or
     * direct triangles, with slivers.
     *
     * @param splits whether anything splits at this level
     * @param direct whether the split writes triangles
     */
    private void emitAndSplit(boolean splits, boolean direct, long childRoom, GlBuffer output, long outBytes) {
        Segment kids = null;
        if (childRoom > 0) {
            kids = passes.childSegment(childRoom / 4);
            next.add(planned(kids, GlSizes.slot(windows.get(0).block, GlSizes.CHILD_COUNT), childRoom));
        }
        ComputeProgram emit = passes.emit(true);
        SplitPair split = splits ? passes.split(true, direct) : null;
        GlBuffer sizeBuf = sizes.buffer();
        for (int i = 0; i < windowCount; i++) {
            Window w = windows.get(i);
            passes.bindSource(w.in.seg, w.first, emit);
            sizeBuf.bind(ShaderContract.SIZES);
            w.b.finishedIdx().bind(INDEX);
            bindOutput(OUT, output, outBytes);
            GlPasses.setUint(emit, "uCountSlot", GlSizes.slot(w.block, GlSizes.FINISHED_EFF));
            GlPasses.setUint(emit, "uBaseSlot", GlSizes.slot(w.block, GlSizes.FINISHED_BASE));
            GlPasses.setUint(emit, "uWholeSlot", GlSizes.slot(w.block, GlSizes.WHOLE));
            emit.dispatchFor(w.n);
            GlChecks.check("loop_emit_finished");
            if (split == null) {
                continue;
            }
            passes.bindSource(w.in.seg, w.first, split);
            sizeBuf.bind(ShaderContract.SIZES);
            passes.bindWeights();
            w.b.activeIdx().bind(INDEX);
            w.b.sliverOffset().bind(SLIVER_OFFSET);
            bindOutput(OUT, output, outBytes);
            if (direct) {
                bindOutput(DIRECT_OUT, output, outBytes);
            }
            if (kids != null) {
                passes.bindDestination(kids);
            }
            split.setUint("uCountSlot", GlSizes.slot(w.block, GlSizes.ACTIVE_EFF));
            split.setUint("uSliverSlot", GlSizes.slot(w.block, GlSizes.SLIVER_BASE));
            // A split writes either child records or triangles; the other's base is not in its build.
            if (direct) {
                split.setUint("uDirectSlot", GlSizes.slot(w.block, GlSizes.DIRECT_BASE));
            } else {
                split.setUint("uChildBaseSlot", GlSizes.slot(w.block, GlSizes.CHILD_BASE));
            }
            split.dispatchFor(w.n);
            GlChecks.check("loop_split");
        }
    }
}
