package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_COMMAND_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;

import java.util.ArrayList;
import java.util.List;

import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTuning;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GpuTimer;

/**
 * Uniform levels: every record splits, with no edge test, no filter and no scan, so a level is one
 * loop_split per window; the last two levels run as one fused pass.
 */
final class UniformLevels {
    private final GlPasses passes;
    private final long window;
    /** The fused pass's children, their counts and origins, and where each one's triangles go. */
    private final List<Segment> children = new ArrayList<>();
    /** Per window, the fused pass's DenseChildren or a listed level's list, given back after the level. */
    private final List<GlBuffer> dense = new ArrayList<>();
    private long[] firstTriangle = new long[8];

    UniformLevels(GlPasses passes, long window) {
        this.passes = passes;
        this.window = window;
    }

    /**
     * Whether uniform refinement runs its last two levels as one fused pass (loop_split with FUSED).
     * On by default; {@link GlTuning#fuse()} turns it off, for comparison.
     */
    private static final boolean FUSE = GlTuning.PROCESS.fuse();

    private static final GlTuning.Listing LISTING = GlTuning.PROCESS.listGeneral();

    /**
     * Whether a plain uniform level's regular half lists the records it leaves, and its general half
     * runs over that list alone ({@link GlTuning#listGeneral()}). By default with limit data or smooth
     * uvs: their general half is heavy (few warps resident, and with smooth uvs every seam record is
     * general), and sweeping every record through it cost more than the list; plain layouts lost by
     * it (an extra barrier between the halves). Measured on NVIDIA; docs/design.md §2.
     */
    private boolean lists() {
        return switch (LISTING) {
            case ALWAYS -> true;
            case NEVER -> false;
            case BY_LAYOUT -> passes.layout.carriesNormals() || passes.layout.smoothUvs();
        };
    }

    /**
     * Issues the builds of the passes {@link #run} will take for levels 0 to {@code maxDepth - 1}, so
     * that the driver compiles them side by side before the first level waits for one.
     */
    void compileAhead(int maxDepth) {
        for (int level = 0; level < maxDepth; level++) {
            if (fuses(level, maxDepth)) {
                passes.fused();
                passes.fusedUvs();
                passes.listParents();
                passes.uniformSplit(true);
                return;
            }
            passes.uniformSplit(level + 1 == maxDepth);
        }
    }

    /**
     * Whether this level and the next run as one fused pass: it carries limit data, linear uvs and
     * smooth uvs, but not smooth uvs with limit data (their limit uvs: see loop_split).
     */
    private boolean fuses(int level, int maxDepth) {
        return FUSE && !(passes.layout.smoothUvs() && passes.layout.carriesNormals()) && level + 2 == maxDepth
                && SplitSchedule.denseFits(window);
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
                if (lists()) {
                    GlBuffer list = passes.recordList(n);
                    list.bind(ShaderContract.INDEX);
                    dense.add(list);
                    split.setRecords(SplitSchedule.LISTED);
                    split.regular().dispatchFor(n);
                    // the general half reads the list and its command, just written
                    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
                    split.dispatchListedGeneral(list, timer, level);
                } else {
                    split.setRecords(SplitSchedule.PLAIN);
                    split.generalFirst(n, timer, level);
                }
                timer.end();
                GlChecks.check("loop_split");
            }
            done += seg.count();
        }
        // The next level's passes (or the read-back) consume the children and triangles.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        for (int i = 0; i < dense.size(); i++) {
            passes.releaseDense(dense.get(i));
        }
        dense.clear();
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
     * The last two uniform levels. Per window a pass lists the general parents, with the commands of
     * the fused pass's general half and of the pass after (loop_split's DenseChildren); then the
     * fused pair: the general half over that list writes their children densely at the front of the
     * window's child segment, regular parents write their 16 grandchildren as triangles.
     * Then, after one barrier, the direct pair over each window's dense children,
     * as many groups as those commands say. Triangles land where two plain levels would put them.
     */
    private void fusedLastLevels(List<Segment> in, int level, GpuTimer timer, GlOutput out, LevelRun run) {
        long total = total(in);
        run.active = total;
        run.middle = 4 * total;
        long directFirst = out.reserve(level + 2, GlOutput.Kind.DIRECT, 16 * total, true);
        SplitPair fused = passes.fused();
        ComputeProgram uvs = passes.fusedUvs();
        ComputeProgram lister = passes.listParents();
        SplitPair direct = passes.uniformSplit(true);
        children.clear();
        dense.clear();
        fused.setRecords(SplitSchedule.DENSE);
        direct.setRecords(SplitSchedule.DENSE);
        long done = 0;
        for (int si = 0; si < in.size(); si++) {
            Segment seg = in.get(si);
            for (long w0 = 0; w0 < seg.count(); w0 += window) {
                long n = Math.min(window, seg.count() - w0);
                passes.bindSource(seg, w0, lister);
                passes.bindSource(seg, w0, fused);
                if (uvs != null) {
                    passes.bindSource(seg, w0, uvs);
                }
                passes.bindWeights();
                Segment kids = passes.childSegment(n);
                passes.bindDestination(kids);
                if (children.size() == firstTriangle.length) {
                    firstTriangle = java.util.Arrays.copyOf(firstTriangle, 2 * firstTriangle.length);
                }
                firstTriangle[children.size()] = directFirst + 16 * (done + w0);
                children.add(kids);
                GlBuffer counts = passes.denseChildren(n);
                counts.bind(ShaderContract.INDEX);
                dense.add(counts);
                long directBase = passes.bindTriangles(out, directFirst + 16 * (done + w0), 16 * n);
                GlPasses.setUint(fused.regular(), "uDirectFloatBase", directBase);
                fused.setUint("uCount", n);
                if (uvs != null) {
                    GlPasses.setUint(uvs, "uDirectFloatBase", directBase);
                    GlPasses.setUint(uvs, "uCount", n);
                }
                GlPasses.setUint(lister, "uCount", n);
                timer.begin("loop_split", level, n * passes.touchedBytes, n * 16 * 36 + n * 16);
                fused.dispatchFused(lister, n, counts, timer, level);
                if (uvs != null) {
                    // the same records and output ranges; it writes only the uv buffer
                    SplitPair.spanApart(timer, "loop_split.uvs.", level);
                    uvs.dispatchFor(n);
                }
                timer.end();
                GlChecks.check("loop_split (fused)");
            }
            done += seg.count();
        }
        // The direct pair reads the children, their counts and origins, and its commands, just written.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
        for (int i = 0; i < children.size(); i++) {
            Segment kids = children.get(i);
            GlBuffer counts = dense.get(i);
            passes.bindSource(kids, 0, direct);
            passes.bindWeights();
            counts.bind(ShaderContract.INDEX);
            direct.setUint("uDirectFloatBase", passes.bindTriangles(out, firstTriangle[i], 4 * kids.count()));
            // The children of general parents only (the host does not know how many: no bytes counted).
            timer.begin("loop_split", level + 1, 0, 0);
            direct.dispatchDense(counts, timer, level + 1);
            timer.end();
            GlChecks.check("loop_split (after the fused pass)");
        }
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        for (int i = 0; i < children.size(); i++) {
            passes.release(children.get(i));
            passes.releaseDense(dense.get(i));
        }
        children.clear();
        dense.clear();
        run.direct = 16 * total;
    }
}
