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
    /** Each window's list of general parents (loop_split LIST_PARENTS), beside {@link #children}. */
    private final List<GlBuffer> lists = new ArrayList<>();
    /** The list's dispatch-indirect command (x, y, z groups) and its count, before the parents. */
    private static final long LIST_HEADER_BYTES = 16;
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
     * The last two uniform levels. First, per window, the general parents alone (the fused pair's
     * general half): they write their children and list themselves (a dispatch-indirect command and a
     * count the GPU adds up). Then, after one barrier, per window: the direct pair over the listed
     * parents' children only, by the window's command, and the fused regular half, whose parents write
     * their 16 grandchildren as triangles, with no barrier between them. Before, the direct pair ran
     * after everything, over every child to find the few with records, and took 0.6–1.2 ms of a
     * 4–5 ms depth-7 refinement on an H200: its few invocations run long (general records), so it
     * now runs beside the regular half. Triangles land where two plain levels would put them.
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
        // First the general parents alone: their children and the lists.
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
                Segment kids = passes.childSegment(n);
                children.add(kids);
                // the general parents' list: an empty dispatch-indirect command (0 groups, 1, 1), count 0
                GlBuffer list = pool.acquire(LIST_HEADER_BYTES + 4 * n, "loop_fused_list");
                list.fill(0, 4, 0);
                list.fill(4, 2, 1);
                lists.add(list);
                passes.bindSource(seg, w0, fused.general());
                passes.bindWeights();
                passes.bindDestination(kids);
                list.bind(ShaderContract.INDEX);
                GlPasses.setUint(fused.general(), "uCount", n);
                timer.begin("loop_split", level, n * 8, 0);
                fused.general().dispatchFor(n);
                timer.end();
                GlChecks.check("loop_split (fused, general parents)");
            }
            done += seg.count();
        }
        // Then per window the direct pass over the listed parents' children, and the regular parents'
        // grandchildren. No barrier between the two (they write disjoint triangles and read what the
        // barrier below made visible): the direct pass, a few long invocations, runs beside the
        // regular half instead of after it. (The general parents' pass is timed at this level too.)
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
        for (int i = 0; i < children.size(); i++) {
            Segment kids = children.get(i);
            long n = kids.count() / 4;
            long trianglesBase = passes.bindTriangles(out, firstTriangle[i], 16 * n);
            timer.begin("loop_split", level, n * passes.touchedBytes, n * 16 * 36);
            passes.bindSource(kids, 0, direct);
            passes.bindWeights();
            lists.get(i).bind(ShaderContract.INDEX);
            direct.setUint("uDirectFloatBase", trianglesBase);
            direct.dispatchIndirect(lists.get(i), 0);
            passes.bindSource(parents.get(i), parentFirst[i], fused.regular());
            GlPasses.setUint(fused.regular(), "uDirectFloatBase", trianglesBase);
            GlPasses.setUint(fused.regular(), "uCount", n);
            fused.regular().dispatchFor(n);
            timer.end();
            GlChecks.check("loop_split (fused: listed children, regular parents)");
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
