package org.loopsub.glstream;

import static org.loopsub.glstream.GlPasses.DIRECT_OUT;
import static org.loopsub.glstream.GlPasses.INDEX;
import static org.loopsub.glstream.GlPasses.OUT;
import static org.loopsub.glstream.GlPasses.SLIVER_OFFSET;
import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1i;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GpuScan;
import org.loopsub.gl.GpuTimer;
import org.loopsub.glstream.GlPasses.SplitPair;

/**
 * An adaptive frame of a prepared mesh issued with its sizes kept on the GPU ({@link GlSizes}): the
 * host plans room for every level from the last frame's sizes ({@link FramePrediction}, with a
 * margin), every pass covers the planned room and reads its actual count from the sizes buffer,
 * loop_plan places each level's output and children on the GPU, and the host reads the sizes back
 * once, after the whole frame. If the frame needed more room than planned, loop_plan stops it and
 * the caller refines the frame again level by level ({@link AdaptiveLevel}), which then gives the
 * next frame's plan. Same passes, same order, same output bytes as the level-by-level path.
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
    private final GlCriteria criteria;
    private final float[] centre;
    private final float inverseScale;
    private final GlSizes sizes;

    /** A stream segment of a resident frame: room for {@code room} records, its count in a slot. */
    private record Planned(Segment seg, int countSlot, long room) {
    }

    /** One window: its records' room and its flags, indices and block of sizes. */
    private record Window(Planned in, long first, long n, int block, TestAndScan.Buffers b) {
    }

    ResidentFrame(GlPasses passes, GlBufferPool pool, GpuScan scan, long window, long maxBinding, GlCriteria criteria,
                  float[] centre, float inverseScale, GlSizes sizes) {
        this.passes = passes;
        this.pool = pool;
        this.scan = scan;
        this.window = window;
        this.maxBinding = maxBinding;
        this.criteria = criteria;
        this.centre = centre;
        this.inverseScale = inverseScale;
        this.sizes = sizes;
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
     * @return the levels planned (read them back with {@link GlSizes#read}), or 0 if the frame was
     *     not issued (too large to plan; nothing written then except the output's room)
     */
    int issue(GlLevel0 level0, int maxDepth, FramePrediction prediction, GlOutput out, GlBuffer draw) {
        int levels = plannedLevels(prediction, maxDepth);
        if (levels == 0) {
            return 0;
        }
        long outRoom = withMargin(prediction.end());
        if (36 * outRoom > Math.min(maxBinding, 0xFFFF_FFFFL)) {
            return 0;
        }
        // every level's children go to one segment, which one binding must hold
        for (int level = 1; level < levels; level++) {
            if (childRoom(prediction.records(level)) == 0) {
                return 0;
            }
        }
        out.ensureRoom(outRoom);
        GlBuffer output = out.buffer();
        outNormals = out.normals();
        outUvs = out.uvs();
        long outBytes = Math.min(output.bytes(), Math.min(maxBinding, 0xFFFF_FFFFL) / 36 * 36);
        outRoom = Math.min(outRoom, outBytes / 36);
        level0.restore();
        long[] counts = level0.segments.stream().mapToLong(Segment::count).toArray();
        int[] level0Blocks = sizes.start(GlSizes.MAX_WINDOWS * levels + counts.length, counts);
        List<Planned> current = new ArrayList<>();
        for (int i = 0; i < counts.length; i++) {
            current.add(new Planned(level0.segments.get(i), GlSizes.slot(level0Blocks[i], GlSizes.CHILD_COUNT), counts[i]));
        }
        ComputeProgram plan = passes.program("loop_plan", GlSizes.DEFINES);
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
            List<Window> windows = new ArrayList<>();
            for (Planned p : current) {
                for (long first = 0; first < p.room(); first += window) {
                    long n = Math.min(window, p.room() - first);
                    windows.add(new Window(p, first, n, sizes.newBlock(), TestAndScan.Buffers.acquire(pool, n)));
                }
            }
            List<Planned> next = new ArrayList<>();
            try {
                if (windows.size() > GlSizes.MAX_WINDOWS) {
                    // a frame given up: its segments go back (level 0's belong to the mesh)
                    if (level > 0) {
                        release(current);
                    }
                    return 0;
                }
                sizes.mostWindows = Math.max(sizes.mostWindows, windows.size());
                testAndScan(windows, level, atMax);
                long childRoom = children ? childRoom(prediction.records(level + 1)) : 0;
                // loop_plan reads the scans' counts
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                runPlan(plan, windows, level, direct, children, mustFinish, outRoom, childRoom, output, outBytes, draw);
                // the emits and splits read the plan's counts and bases
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                emitAndSplit(windows, atMax || mustFinish ? null : direct, childRoom, output, outBytes, next);
                // the next level's passes read the children; the read-back the sizes
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
            } finally {
                for (Window w : windows) {
                    w.b().release(pool);
                }
            }
            if (level > 0) {
                release(current);
            }
            current = next;
        }
        release(current);
        return levels;
    }

    /** Gives segments back to the pool. */
    private void release(List<Planned> segments) {
        for (Planned p : segments) {
            pool.release(p.seg().points());
            pool.release(p.seg().meta());
        }
    }


    /** Per window: edge test, filter, the two selections and the sliver scan, counts into the sizes. */
    private void testAndScan(List<Window> windows, int level, boolean atMax) {
        ComputeProgram flag = criteria.any && !atMax ? passes.flagEdges(criteria, GlSizes.DEFINES) : null;
        ComputeProgram filter = passes.program("loop_filter", GlSizes.DEFINES);
        if (flag != null) {
            GlPasses.setCriteria(flag, criteria, level, centre, inverseScale);
        }
        long most = windows.stream().mapToLong(Window::n).max().orElse(1);
        GlBuffer scratch = pool.acquire(Math.max(16, scan.scratchBytes(most)), "loop_scan_scratch");
        GlBuffer sizeBuf = sizes.buffer();
        try {
            for (Window w : windows) {
                Consumer<ComputeProgram> count = p -> {
                    sizeBuf.bind(GlSizes.BINDING);
                    GlPasses.setUint(p, "uCountSlot", w.in().countSlot());
                    GlPasses.setUint(p, "uCap", w.n());
                };
                TestAndScan.run(passes, scan, NO_TIMER, level, atMax, flag, filter, w.in().seg(), w.first(), w.n(), w.b(),
                        count, scratch, sizeBuf, 4L * GlSizes.slot(w.block(), GlSizes.ACTIVE));
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
        long want = Segment.tiled(withMargin(lastRecords));
        return want <= 4 * window && want <= 0xFFFF_FFFFL ? want : 0;
    }

    /** The output's normals this frame (null without), bound beside the positions. */
    private GlBuffer outNormals;

    private void bindOutput(int binding, GlBuffer output, long outBytes) {
        output.bindRange(binding, 0, outBytes);
        if (outNormals != null) {
            outNormals.bindRange(GlPasses.normalBinding(binding), 0, outBytes);
        }
        if (outUvs != null) {
            outUvs.bindRange(GlPasses.uvBinding(binding), 0, outBytes);
        }
    }

    /** The output's uvs this frame (null without). */
    private GlBuffer outUvs;

    private void runPlan(ComputeProgram plan, List<Window> windows, int level, boolean direct, boolean children,
                         boolean mustFinish, long outRoom, long childRoom, GlBuffer output, long outBytes,
                         GlBuffer draw) {
        sizes.buffer().bind(GlSizes.BINDING);
        bindOutput(OUT, output, outBytes);
        draw.bind(GlSizes.DRAW_BINDING);
        int id = plan.id();
        GlPasses.setUint(plan, "uFirstBlock", windows.get(0).block());
        GlPasses.setUint(plan, "uWindows", windows.size());
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
     * Per window: the finished records' corners, then (unless nothing splits) the split into
     * children or direct triangles, with slivers.
     *
     * @param direct null if nothing splits at this level; otherwise whether the split writes triangles
     */
    private void emitAndSplit(List<Window> windows, Boolean direct, long childRoom, GlBuffer output, long outBytes,
                              List<Planned> next) {
        Segment kids = null;
        if (childRoom > 0) {
            kids = passes.childSegment(childRoom / 4);
            next.add(new Planned(kids, GlSizes.slot(windows.get(0).block(), GlSizes.CHILD_COUNT), childRoom));
        }
        ComputeProgram emit = passes.program("loop_emit_finished", GlSizes.DEFINES);
        SplitPair split = direct == null ? null
                : direct ? passes.splitPair(GlSizes.DEFINES, "DIRECT") : passes.splitPair(GlSizes.DEFINES);
        GlBuffer sizeBuf = sizes.buffer();
        for (int i = 0; i < windows.size(); i++) {
            Window w = windows.get(i);
            passes.bindSource(w.in().seg(), w.first(), emit);
            sizeBuf.bind(GlSizes.BINDING);
            w.b().finishedIdx().bind(INDEX);
            bindOutput(OUT, output, outBytes);
            GlPasses.setUint(emit, "uCountSlot", GlSizes.slot(w.block(), GlSizes.FINISHED_EFF));
            GlPasses.setUint(emit, "uBaseSlot", GlSizes.slot(w.block(), GlSizes.FINISHED_BASE));
            emit.dispatchFor(w.n());
            GlChecks.check("loop_emit_finished");
            if (split == null) {
                continue;
            }
            passes.bindSource(w.in().seg(), w.first(), split);
            sizeBuf.bind(GlSizes.BINDING);
            passes.bindWeights();
            w.b().activeIdx().bind(INDEX);
            w.b().sliverOffset().bind(SLIVER_OFFSET);
            bindOutput(OUT, output, outBytes);
            if (direct) {
                bindOutput(DIRECT_OUT, output, outBytes);
            }
            if (kids != null) {
                passes.bindDestination(kids);
            }
            split.setUint("uChildBaseSlot", GlSizes.slot(w.block(), GlSizes.CHILD_BASE));
            split.setUint("uCountSlot", GlSizes.slot(w.block(), GlSizes.ACTIVE_EFF));
            split.setUint("uSliverSlot", GlSizes.slot(w.block(), GlSizes.SLIVER_BASE));
            split.setUint("uDirectSlot", GlSizes.slot(w.block(), GlSizes.DIRECT_BASE));
            split.dispatchFor(w.n());
            GlChecks.check("loop_split");
        }
    }
}
