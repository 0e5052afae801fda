package org.loopsub.glstream;

import static org.loopsub.glstream.ShaderContract.DIRECT_OUT;
import static org.loopsub.glstream.ShaderContract.DST_META;
import static org.loopsub.glstream.ShaderContract.DST_POINTS;
import static org.loopsub.glstream.ShaderContract.META;
import static org.loopsub.glstream.ShaderContract.POINTS;
import static org.loopsub.glstream.ShaderContract.WEIGHTS;
import static org.loopsub.glstream.ShaderContract.normalBinding;
import static org.loopsub.glstream.ShaderContract.uvBinding;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT;
import static org.lwjgl.opengl.GL43C.GL_MAX_COMPUTE_SHARED_MEMORY_SIZE;
import static org.lwjgl.opengl.GL43C.glGetInteger;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.glstream.SplitSchedule.Build;
import org.loopsub.glstream.SplitSchedule.Half;
import org.loopsub.glstream.SplitSchedule.Level;
import org.loopsub.glstream.SplitSchedule.Output;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.RecordLayout;

/**
 * The passes of one record layout as compiled programs, and how their buffers are bound: each pass
 * built once with its header ({@link ShaderHeader#pass}: the contract, the layout, Loop's weights and
 * the pass's own defines; loop_split's builds as {@link SplitSchedule} makes them) and kept, the
 * weight table the split reads, the child segments and lists the passes write, and the ranges and
 * uniforms that place a window inside a segment or an output block inside the output buffer. The
 * level strategies ({@link UniformLevels}, {@link AdaptiveLevel}) only sequence these, and
 * {@link SplitPair} dispatches the split's halves.
 */
final class GlPasses implements AutoCloseable {
    final RecordLayout layout;
    /** Whether output normals are written at unit length (a renderer's frames; see loop_record.glsl). */
    private boolean unitNormals;
    /** Bytes of a record's points in a segment. */
    final long recordBytes;
    /** Bytes of a record's metadata in a segment. */
    final long metaBytes;
    /**
     * Bytes a regular record's passes actually touch (12 points and the metadata): the unused fan
     * slots cost nothing, so the bandwidth figures count these. (General records touch more; few
     * records are general after the first levels.)
     */
    final long touchedBytes;
    private final GlBuffer weights;
    private final Map<String, String> weightDefines;
    /** Where the boundary tangents' table starts in the weight buffer (its stride is half of it). */
    private final int tangentBase;
    /** Where the reciprocals' table starts in the weight buffer (layouts with creases). */
    private final int reciprocalBase;
    private final int limitWeightBase;
    private final int interiorTangentBase;

    private static float[] concat(float[] a, float[] b) {
        float[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
    /** Programs issued by {@link #program} and not yet awaited ({@link #awaitIssued}). */
    private final java.util.ArrayList<ComputeProgram> issued = new java.util.ArrayList<>();
    /** General halves built and not yet dispatched empty ({@link #primeGeneralHalves}). */
    private final java.util.ArrayList<ComputeProgram> unprimed = new java.util.ArrayList<>();
    /** Compiled passes, kept by the tessellator across refinements (a renderer refines every frame). */
    private final Map<String, ComputeProgram> programs;
    private final GlBufferPool pool;
    private final long align;
    /** loop_split's schedule with this layout: its builds' macros, groups and lanes. */
    private final SplitSchedule schedule;

    /**
     * A buffer for the general parents among {@code parents} that the fused pass lists, whose children
     * it writes densely (loop_split's DenseChildren: a count, three dispatch commands, a record per
     * general parent), its header zeroed on the GPU timeline; give it back with {@link #releaseDense}.
     */
    GlBuffer denseChildren(long parents) {
        return denseBuffer(parents, "loop_dense_children");
    }

    /**
     * A buffer for the list of a window of {@code records} records that a listed level's regular half
     * leaves to its general half (loop_split's DenseChildren), its header zeroed on the GPU timeline;
     * give it back with {@link #releaseDense}.
     */
    GlBuffer recordList(long records) {
        return denseBuffer(records, "loop_record_list");
    }

    private GlBuffer denseBuffer(long entries, String label) {
        GlBuffer b = pool.acquire(4 * (SplitSchedule.DENSE_HEADER + entries), label);
        b.fill(0, SplitSchedule.DENSE_HEADER, 0);
        return b;
    }

    /** Gives back a buffer of {@link #denseChildren} or {@link #recordList}, once its readers are ordered before. */
    void releaseDense(GlBuffer b) {
        pool.release(b);
    }

    // The passes a frame asks for, looked up in the cache above once: its key is a string of every
    // define, made afresh at each lookup, and a frame dispatches dozens of passes. Index [1] is the
    // resident variant (GlSizes.DEFINES), [0] the level-by-level one.
    private ComputeProgram plan;
    private ComputeProgram tile;
    private final ComputeProgram[] filter = new ComputeProgram[2];
    private final ComputeProgram[] emit = new ComputeProgram[2];
    private final ComputeProgram[] displaceFrame = new ComputeProgram[2];
    /** loop_split's pairs by 2 * resident + direct. */
    private final SplitPair[] split = new SplitPair[4];
    /** The uniform levels' pairs, by direct. */
    private final SplitPair[] uniformSplit = new SplitPair[2];
    private SplitPair fused;
    private ComputeProgram fusedUvs;
    private ComputeProgram listParents;
    /** The edge test of the criteria it was last asked for (by identity: their defines never change). */
    private final ComputeProgram[] flag = new ComputeProgram[2];
    private final GlCriteria[] flagFor = new GlCriteria[2];
    /** Holders of child segments given back, for the next {@link #childSegment}. */
    private final java.util.ArrayDeque<Segment> spare = new java.util.ArrayDeque<>();

    GlPasses(RecordLayout layout, float[] weightTable, Map<String, ComputeProgram> programs, GlBufferPool pool) {
        this(layout, weightTable, programs, pool, ShaderHeader.LOOP_WEIGHT_DEFINES);
    }

    /**
     * @param weightDefines the mask weights' defines: {@link ShaderHeader#LOOP_WEIGHT_DEFINES}, or other weights
     *     for a test that shows the passes use the weights they are given and none of their own
     */
    GlPasses(RecordLayout layout, float[] weightTable, Map<String, ComputeProgram> programs, GlBufferPool pool,
            Map<String, String> weightDefines) {
        this.layout = layout;
        this.weightDefines = weightDefines;
        this.recordBytes = 4L * layout.pointFloats();
        this.metaBytes = 4L * layout.metaInts();
        this.touchedBytes = 4L * (36 + layout.metaInts());
        this.programs = programs;
        this.pool = pool;
        this.align = Math.max(4, glGetInteger(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT));
        this.schedule = new SplitSchedule(layout, glGetInteger(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE));
        // With limit data, the boundary tangents' table follows the vertex weights
        // (LoopRules.boundaryTangents); with creases, the reciprocals for the transition weight.
        this.tangentBase = weightTable.length;
        float[] table = layout.carriesNormals()
                ? concat(weightTable, LoopRules.boundaryTangents(weightTable.length / 2 - 1)) : weightTable;
        this.reciprocalBase = table.length;
        if (layout.creases()) {
            table = concat(table, LoopRules.reciprocals(layout.fanCapacity() + 6));
        }
        // With both, the interior limit weights and tangents a last level's sharp corners take (the
        // weights also for limit uvs).
        this.limitWeightBase = table.length;
        if (layout.creases() && layout.carriesNormals() || layout.uvLimits()) {
            table = concat(table, LoopRules.limitWeights(weightTable));
        }
        this.interiorTangentBase = table.length;
        if (layout.creases() && layout.carriesNormals()) {
            table = concat(table, LoopRules.interiorTangents(weightTable.length / 2 - 1));
        }
        this.weights = GlBuffer.of(table, "loop_weights");
    }

    /** @return the storage buffers' offset alignment, in bytes (what a bound range starts on) */
    long align() {
        return align;
    }

    /** A pass of the record stream, compiled once per set of defines and kept. */
    ComputeProgram program(String stem, Map<String, String> extra) {
        return program(stem, extra, "");
    }

    /**
     * The edge test for these criteria. The user's GLSL criterion (if any) goes in right after the
     * defines, before the pass's code; it is part of the cache key, since the cache outlives one
     * refinement. Kept for the criteria object it was last asked for, whose defines and GLSL do not
     * change (only its constants do, which are uniforms).
     *
     * @param resident whether for a resident frame ({@link GlSizes#DEFINES})
     */
    ComputeProgram flagEdges(GlCriteria criteria, boolean resident) {
        int i = resident ? 1 : 0;
        if (flagFor[i] != criteria) {
            Map<String, String> d = new LinkedHashMap<>(criteria.defines);
            d.putAll(resident ? GlSizes.DEFINES : Map.of());
            flag[i] = program("loop_flag_edges", d, criteria.customGlsl != null ? criteria.customGlsl : "");
            flagFor[i] = criteria;
        }
        return flag[i];
    }

    /** Output normals at unit length from now on: other defines, so the kept passes are looked up again. */
    void unitNormals() {
        unitNormals = true;
        plan = null;
        fused = null;
        fusedUvs = null;
        listParents = null;
        java.util.Arrays.fill(filter, null);
        java.util.Arrays.fill(emit, null);
        java.util.Arrays.fill(displaceFrame, null);
        java.util.Arrays.fill(split, null);
        java.util.Arrays.fill(uniformSplit, null);
        java.util.Arrays.fill(flag, null);
        java.util.Arrays.fill(flagFor, null);
    }

    /** @return loop_filter, plain or resident */
    ComputeProgram filter(boolean resident) {
        int i = resident ? 1 : 0;
        if (filter[i] == null) {
            filter[i] = program("loop_filter", resident ? GlSizes.DEFINES : Map.of());
        }
        return filter[i];
    }

    /** @return loop_emit_finished, plain or resident */
    ComputeProgram emit(boolean resident) {
        int i = resident ? 1 : 0;
        if (emit[i] == null) {
            emit[i] = program("loop_emit_finished", resident ? GlSizes.DEFINES : Map.of());
        }
        return emit[i];
    }

    /**
     * @param resident whether for a resident frame (its end read from the sizes)
     * @return loop_displace's build for a renderer's frame (FACE_NORMALS), kept: a frame looks it up
     */
    ComputeProgram displaceFrame(boolean resident) {
        int i = resident ? 1 : 0;
        if (displaceFrame[i] == null) {
            displaceFrame[i] = program("loop_displace", ShaderHeader.displaceFrame(resident));
        }
        return displaceFrame[i];
    }

    /** @return loop_tile: level 0's records into tiles, on the GPU */
    ComputeProgram tile() {
        if (tile == null) {
            tile = program("loop_tile", Map.of());
        }
        return tile;
    }

    /** @return loop_plan (resident frames only) */
    ComputeProgram plan() {
        if (plan == null) {
            plan = program("loop_plan", GlSizes.DEFINES);
        }
        return plan;
    }

    /**
     * @param resident whether for a resident frame
     * @param direct whether the split writes triangles (the level before the deepest)
     * @return an adaptive level's loop_split pair
     */
    SplitPair split(boolean resident, boolean direct) {
        int i = (resident ? 2 : 0) + (direct ? 1 : 0);
        if (split[i] == null) {
            split[i] = splitPair(resident ? Level.RESIDENT : Level.ADAPTIVE, direct ? Output.DIRECT : Output.CHILDREN);
        }
        return split[i];
    }

    /** @return a uniform level's loop_split pair, writing children or (direct) triangles */
    SplitPair uniformSplit(boolean direct) {
        int i = direct ? 1 : 0;
        if (uniformSplit[i] == null) {
            uniformSplit[i] = splitPair(Level.UNIFORM, direct ? Output.DIRECT : Output.CHILDREN);
        }
        return uniformSplit[i];
    }

    /**
     * @return the fused pair of the last two uniform levels: its regular half writes grandchildren as
     *     triangles, its general half is the plain uniform one (it writes child records)
     */
    SplitPair fused() {
        if (fused == null) {
            SplitPair plain = uniformSplit(false);
            fused = new SplitPair(split(new Build(Level.UNIFORM, Output.FUSED, Half.REGULAR)),
                    plain.general(), plain.generalLanes());
        }
        return fused;
    }

    /**
     * @return with smooth uvs, the fused pass's uv channel: a second regular half (loop_split built
     *     with FUSED_UVS) that writes the smooth uvs of the grandchildren whose positions {@link #fused}
     *     wrote, over the same records; null without smooth uvs (linear uvs ride in the fused pass). One
     *     program for both channels ran many times slower (measured on NVIDIA): its size stopped the
     *     driver's inlining (docs/design.md §2).
     */
    ComputeProgram fusedUvs() {
        if (!layout.smoothUvs()) {
            return null;
        }
        if (fusedUvs == null) {
            fusedUvs = split(new Build(Level.UNIFORM, Output.FUSED_UVS, Half.REGULAR));
        }
        return fusedUvs;
    }

    /**
     * @return the pass before the fused one ({@link #fused}) that lists its general parents for its
     *     general half (loop_split built with LIST_PARENTS)
     */
    ComputeProgram listParents() {
        if (listParents == null) {
            listParents = split(new Build(Level.UNIFORM, Output.LIST_PARENTS, Half.REGULAR));
        }
        return listParents;
    }

    /**
     * Turns the fused pass's staged stores off, or back on where they fit: for a test of the build a
     * driver with too little shared memory gets (llvmpipe and NVIDIA have enough).
     */
    void stageStores(boolean on) {
        schedule.stageStores(on, glGetInteger(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE));
        fused = null;
        fusedUvs = null;
    }

    /**
     * Drops a program from this object's caches and from the programs waiting to be awaited, and
     * releases it: for the edge test of criteria whose GLSL did not build.
     */
    void forget(ComputeProgram p) {
        programs.values().removeIf(q -> q == p);
        issued.removeIf(q -> q == p);
        for (int i = 0; i < flag.length; i++) {
            if (flag[i] == p) {
                flag[i] = null;
                flagFor[i] = null;
            }
        }
        p.close();
    }

    /**
     * Waits for every program issued since the last call to be built.
     *
     * @return whether any of them was compiled from source (not linked from a kept binary)
     * @throws org.loopsub.gl.ShaderException if one did not build
     */
    boolean awaitIssued() {
        boolean compiled = false;
        try {
            for (int i = 0; i < issued.size(); i++) {
                ComputeProgram p = issued.get(i);
                p.ready();
                compiled |= p.compiledFromSource();
            }
        } finally {
            issued.clear();
        }
        return compiled;
    }

    private ComputeProgram program(String stem, Map<String, String> extra, String prelude) {
        Map<String, String> defines = ShaderHeader.pass(layout, unitNormals,
                new ShaderHeader.WeightBases(tangentBase, reciprocalBase, limitWeightBase, interiorTangentBase),
                weightDefines, extra);
        String key = stem + defines + "\n" + prelude;
        // Deferred: a level strategy's compileAhead issues every program of a run before the first
        // is used, and the driver builds them side by side; first use waits (ComputeProgram.ready).
        ComputeProgram p = programs.get(key);
        if (p == null) {
            p = ComputeProgram.loadDeferred(stem, defines, List.of(), prelude);
            programs.put(key, p);
            issued.add(p);
        }
        return p;
    }

    /** loop_split built as {@code b} ({@link SplitSchedule#defines}). */
    ComputeProgram split(Build b) {
        return program("loop_split", schedule.defines(b));
    }

    /** loop_split's schedule with this layout. */
    SplitSchedule schedule() {
        return schedule;
    }

    /**
     * loop_split's pair of halves for a level and an output: the general half, with an adaptive
     * level's one-lane build beside it where it takes lanes, then the regular half.
     */
    SplitPair splitPair(Level level, Output output) {
        Build g = new Build(level, output, Half.GENERAL);
        ComputeProgram general = split(g);
        ComputeProgram oneLane = null;
        if (schedule.lanes(g) && level != Level.UNIFORM) {
            oneLane = split(g.onOneLane());
        }
        if (level != Level.RESIDENT) {
            unprimed.add(general);
            if (oneLane != null) {
                unprimed.add(oneLane);
            }
        }
        ComputeProgram regular = split(g.other());
        return oneLane == null ? new SplitPair(regular, general, schedule.generalLanes(g))
                : new SplitPair(regular, general, SplitSchedule.GENERAL_LANES, oneLane, SplitSchedule.LANES_UP_TO);
    }

    /**
     * Dispatches one work group of every general half built since the last call, with nothing to do
     * (no records: {@code uCount} 0, {@code uRecords} {@link SplitSchedule#PLAIN}), so that what a driver sets up at
     * the first dispatch of a program with a large private scratch happens here and not inside the
     * first level: without it level 0 of a process's first refinement took several times its usual
     * time, and one empty dispatch before it removed all of that (measured on NVIDIA; docs/design.md,
     * "The first run of a process"). The halves of resident frames are
     * not dispatched: they need the sizes kept on the GPU, and they follow a plain frame whose
     * general halves have the same scratch. Call once the programs are built ({@link #awaitIssued});
     * leaves the last of them in use, as a pass does (the entry point restores the host's program).
     *
     * @return how many it dispatched
     */
    int primeGeneralHalves() {
        int n = unprimed.size();
        for (int i = 0; i < unprimed.size(); i++) {
            ComputeProgram p = unprimed.get(i);
            glProgramUniform1ui(p.id(), p.uniform("uCount"), 0);
            // uniform builds only; every level sets it again before its own dispatch
            glProgramUniform1ui(p.id(), p.uniformIfPresent("uRecords"), SplitSchedule.PLAIN);
            p.dispatchGroups(1);
        }
        unprimed.clear();
        return n;
    }

    static void setUint(ComputeProgram p, String name, long value) {
        glProgramUniform1ui(p.id(), p.uniform(name), Math.toIntExact(value));
    }

    /** Binds Loop's weight table, which loop_split reads. */
    void bindWeights() {
        weights.bind(WEIGHTS);
    }

    /** A buffer that is always there, for a binding a pass declares but will not touch. */
    GlBuffer placeholder() {
        return weights;
    }

    /** A segment for the children of {@code parents} records: buffers from the pool, a recycled holder. */
    Segment childSegment(long parents) {
        long cap = Segment.tiled(4 * parents);
        GlBuffer points = pool.acquire(cap * recordBytes, "loop_records_points");
        GlBuffer meta = pool.acquire(cap * metaBytes, "loop_records_meta");
        Segment s = spare.pollFirst();
        if (s == null) {
            return new Segment(points, meta, 4 * parents);
        }
        s.set(points, meta, 4 * parents);
        return s;
    }

    /** Gives a segment's buffers back to the pool and keeps its holder for {@link #childSegment}. */
    void release(Segment s) {
        pool.release(s.points());
        pool.release(s.meta());
        s.set(null, null, 0);
        spare.addFirst(s);
    }

    /** Binds a segment as the source of a program, from its record {@code first} on. */
    void bindSource(Segment seg, long first, ComputeProgram program) {
        bindSegment(seg, POINTS, META);
        setUint(program, "uSrcFirst", first);
    }

    void bindSource(Segment seg, long first, SplitPair split) {
        bindSegment(seg, POINTS, META);
        setUint(split.regular(), "uSrcFirst", first);
        setUint(split.general(), "uSrcFirst", first);
        if (split.oneLane() != null) {
            setUint(split.oneLane(), "uSrcFirst", first);
        }
    }

    void bindDestination(Segment children) {
        bindSegment(children, DST_POINTS, DST_META);
    }

    /** Binds exactly the segment's records (a pooled buffer may be larger: its tail stays unbound). */
    private void bindSegment(Segment seg, int points, int meta) {
        seg.points().bindRange(points, 0, seg.capacity() * recordBytes);
        seg.meta().bindRange(meta, 0, seg.capacity() * metaBytes);
    }

    /**
     * Binds direct triangles [first, first + count) of an output buffer, where the regular half of
     * loop_split stores vec4s: the float base it returns is a multiple of 4 (first is a multiple of
     * 4 triangles, 144 bytes).
     */
    long bindTriangles(GlOutput out, long first, long count) {
        long base = bindOutput(out, DIRECT_OUT, first, count);
        if (base % 4 != 0) {
            throw new IllegalStateException("direct triangles do not start on a 16-byte boundary");
        }
        return base;
    }

    /**
     * Binds triangles [first, first + count) of the output (and of its normals and uvs, when it has
     * them, at the bindings beside {@code binding}); returns the float base inside the range, the
     * same for the normals. The ranges start on a multiple of 3 alignments, so that the base is a
     * multiple of 3 floats and the uvs' range (2 floats a corner against 3) starts at 2/3 of the
     * positions', aligned too: a corner's uv float is then 2/3 of its position's (OUT_UV_FLOAT in
     * loop_record.glsl).
     */
    long bindOutput(GlOutput out, int binding, long first, long count) {
        long start = first * 36;
        long aligned = start / (3L * align) * (3L * align);
        if (out.hasNormals()) {
            bindFrom(out.normals(), normalBinding(binding), aligned, start + count * 36);
        }
        if (out.hasUvs()) {
            bindFrom(out.uvs(), uvBinding(binding), ShaderContract.outUvOffset(aligned),
                    ShaderContract.outUvOffset(start + count * 36));
        }
        bindFrom(out.buffer(), binding, aligned, start + count * 36);
        return (start - aligned) / 4;
    }

    /** Binds bytes [from, to) of {@code buf}, {@code from} aligned, clipped to the buffer. */
    private static void bindFrom(GlBuffer buf, int binding, long from, long to) {
        buf.bindRange(binding, from, Math.min(buf.bytes(), to) - from);
    }

    /** Fills an output binding (and its normals') that a pass declares but will not write. */
    long bindNoOutput(int binding) {
        GlBuffer p = placeholder();
        if (layout.carriesNormals()) {
            bindRange(p, normalBinding(binding), 0, p.bytes());
        }
        if (layout.uvs()) {
            bindRange(p, uvBinding(binding), 0, p.bytes());
        }
        return bindRange(p, binding, 0, p.bytes());
    }

    /** Binds bytes [start, start + length) rounded out to the alignment; returns the 4-byte element base. */
    long bindRange(GlBuffer buf, int binding, long start, long length) {
        long aligned = start / align * align;
        long size = Math.min(buf.bytes() - aligned, length + (start - aligned));
        buf.bindRange(binding, aligned, size);
        return (start - aligned) / 4;
    }

    /** Deletes the weight table; compiled programs belong to the cache, buffers to the pool. */
    @Override
    public void close() {
        weights.close();
        spare.clear();
    }
}
