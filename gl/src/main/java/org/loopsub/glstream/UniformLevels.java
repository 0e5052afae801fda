package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_COMMAND_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;

import java.util.ArrayList;
import java.util.List;

import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTuning;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GpuTimer;
import org.loopsub.glstream.GlPasses.SplitPair;

/**
 * Uniform levels: every record splits, with no edge test, no filter and no scan, so a level is one
 * loop_split per window; the last two levels run as one fused pass.
 */
final class UniformLevels {
    private final GlPasses passes;
    private final long window;
    /** The fused pass's children and where each one's triangles go, kept from frame to frame. */
    private final List<Segment> children = new ArrayList<>();
    private long[] firstTriangle = new long[8];
    /** Each window's source segment and its first record, beside {@link #children}. */
    private final List<Segment> parents = new ArrayList<>();
    private long[] parentFirst = new long[8];
    /** Each window's list of general parents (loop_split LIST_GENERAL), beside {@link #children}. */
    private final List<GlBuffer> lists = new ArrayList<>();
    /**
     * A list's header before its parents: the command for the listed parents (x, y, z groups), the
     * count, the command for their children and a pad (loop_split's FusedList).
     */
    private static final long LIST_HEADER_BYTES = 32;
    /** Where the second command starts. */
    private static final long SECOND_COMMAND = 16;
    private final GlBufferPool pool;

    UniformLevels(GlPasses passes, GlBufferPool pool, long window) {
        this.passes = passes;
        this.pool = pool;
        this.window = window;
    }

    /**
     * Whether uniform refinement runs its last two levels as one fused pass (loop_split with FUSED).
     * On by default; {@link GlTuning#fuse()} turns it off, for comparison.
     */
    private static final boolean FUSE = GlTuning.PROCESS.fuse();

    /**
     * Issues the builds of the passes {@link #run} will take for levels 0 to {@code maxDepth - 1}, so
     * that the driver compiles them side by side before the first level waits for one.
     */
    void compileAhead(int maxDepth) {
        for (int level = 0; level < maxDepth; level++) {
            if (fuses(level, maxDepth)) {
                passes.fused();
                passes.listedDirect();
                return;
            }
            passes.uniformSplit(level + 1 == maxDepth);
        }
    }

    /** Whether this level and the next run as one fused pass (which cannot carry limit data or uvs: see loop_split). */
    private boolean fuses(int level, int maxDepth) {
        return FUSE && !passes.layout.carriesNormals() && !passes.layout.uvs() && level + 2 == maxDepth;
    }

    /**
     * Every record splits; no edge test, no filter, no scan.
     *
     * @param run receives what the level did; its {@code next} the children
     */
    void run(List<Segment> in, int level, int maxDepth, GpuTimer timer, GlOutput out, LevelRun run) {
        if (fuses(level, maxDepth)) {
            fusedLastLevels(in, level, timer, out, run);
            return;
        }
        boolean direct = level + 1 == maxDepth;
        long total = total(in);
        run.active = total;
        long directFirst = direct ? out.reserve(level + 1, GlOutput.Kind.DIRECT, 4 * total, true) : 0;
        long done = 0;
        SplitPair split = passes.uniformSplit(direct);
        for (int si = 0; si < in.size(); si++) {
            Segment seg = in.get(si);
            for (long w0 = 0; w0 < seg.count(); w0 += window) {
                long n = Math.min(window, seg.count() - w0);
                passes.bindSource(seg, w0, split);
                passes.bindWeights();
                if (direct) {
                    split.setUint("uDirectFloatBase", passes.bindTriangles(out, directFirst + (done + w0) * 4, n * 4));
                } else {
                    Segment children = passes.childSegment(n);
                    passes.bindDestination(children);
                    run.next.add(children);
                }
                split.setUint("uCount", n);
                timer.begin("loop_split", level, n * passes.touchedBytes, direct ? n * 4 * 36 : 4 * n * passes.touchedBytes);
                split.dispatchFor(n);
                timer.end();
                GlChecks.check("loop_split");
            }
            done += seg.count();
        }
        // The next level's passes (or the read-back) consume the children and triangles.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        if (direct) {
            run.direct = 4 * total;
        }
    }

    private static long total(List<Segment> in) {
        long total = 0;
        for (int i = 0; i < in.size(); i++) {
            total += in.get(i).count();
        }
        return total;
    }

    /**
     * The last two uniform levels, in three sweeps over the windows. The fused regular half reads
     * every parent: a regular one writes its 16 grandchildren as triangles, a general one lists itself
     * (loop_split LIST_GENERAL: two dispatch-indirect commands and a count the GPU adds up). Then the
     * general half runs over the listed parents only and writes their children, and the direct pair
     * over those children. Before, the general half and the direct pair each ran over every parent or
     * child to find the few of their kind, at the low occupancy of the general code: 1.3 ms of a
     * 4.8 ms depth-7 refinement of bigguyT on an H200. Triangles land where two plain levels would
     * put them.
     */
    private void fusedLastLevels(List<Segment> in, int level, GpuTimer timer, GlOutput out, LevelRun run) {
        long total = total(in);
        run.active = total;
        run.middle = 4 * total;
        long directFirst = out.reserve(level + 2, GlOutput.Kind.DIRECT, 16 * total, true);
        SplitPair fused = passes.fused();
        SplitPair direct = passes.listedDirect();
        children.clear();
        lists.clear();
        parents.clear();
        // 1. Every parent through the regular half: grandchildren of the regular ones, a list of the rest.
        long done = 0;
        for (int si = 0; si < in.size(); si++) {
            Segment seg = in.get(si);
            for (long w0 = 0; w0 < seg.count(); w0 += window) {
                long n = Math.min(window, seg.count() - w0);
                int i = children.size();
                if (i == firstTriangle.length) {
                    firstTriangle = java.util.Arrays.copyOf(firstTriangle, 2 * i);
                    parentFirst = java.util.Arrays.copyOf(parentFirst, 2 * i);
                }
                firstTriangle[i] = directFirst + 16 * (done + w0);
                parentFirst[i] = w0;
                parents.add(seg);
                children.add(passes.childSegment(n));
                // empty commands (0 groups, 1, 1) for the listed parents and their children, count 0
                GlBuffer list = pool.acquire(LIST_HEADER_BYTES + 4 * n, "loop_fused_list");
                list.fill(0, 8, 0);
                list.fill(4, 2, 1);
                list.fill(20, 2, 1);
                lists.add(list);
                list.bind(ShaderContract.INDEX);
                passes.bindSource(seg, w0, fused.regular());
                passes.bindWeights();
                GlPasses.setUint(fused.regular(), "uDirectFloatBase",
                        passes.bindTriangles(out, firstTriangle[i], 16 * n));
                GlPasses.setUint(fused.regular(), "uCount", n);
                timer.begin("loop_split", level, n * passes.touchedBytes, n * 16 * 36);
                fused.regular().dispatchFor(n);
                timer.end();
                GlChecks.check("loop_split (fused, regular parents)");
            }
            done += seg.count();
        }
        // 2. The listed parents' children, by each list's first command.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
        for (int i = 0; i < children.size(); i++) {
            passes.bindSource(parents.get(i), parentFirst[i], fused.general());
            passes.bindWeights();
            passes.bindDestination(children.get(i));
            lists.get(i).bind(ShaderContract.INDEX);
            // (how many, the host does not know)
            timer.begin("loop_split", level, 0, 0);
            fused.general().dispatchIndirect(lists.get(i), 0);
            timer.end();
            GlChecks.check("loop_split (fused, listed general parents)");
        }
        // 3. Those children's triangles, by each list's second command.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        for (int i = 0; i < children.size(); i++) {
            Segment kids = children.get(i);
            passes.bindSource(kids, 0, direct);
            passes.bindWeights();
            lists.get(i).bind(ShaderContract.INDEX);
            direct.setUint("uDirectFloatBase", passes.bindTriangles(out, firstTriangle[i], 4 * kids.count()));
            timer.begin("loop_split", level + 1, 0, 0);
            direct.dispatchIndirect(lists.get(i), SECOND_COMMAND);
            timer.end();
            GlChecks.check("loop_split (after the fused pass)");
        }
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        for (int i = 0; i < children.size(); i++) {
            passes.release(children.get(i));
            pool.release(lists.get(i));
        }
        children.clear();
        lists.clear();
        parents.clear();
        run.direct = 16 * total;
    }
}
