package org.loopsub.glstream;

import static org.loopsub.glstream.ShaderContract.DIRECT_OUT;
import static org.loopsub.glstream.ShaderContract.DST_META;
import static org.loopsub.glstream.ShaderContract.DST_POINTS;
import static org.loopsub.glstream.ShaderContract.META;
import static org.loopsub.glstream.ShaderContract.POINTS;
import static org.loopsub.glstream.ShaderContract.WEIGHTS;
import static org.loopsub.glstream.ShaderContract.normalBinding;
import static org.loopsub.glstream.ShaderContract.uvBinding;
import static org.lwjgl.opengl.GL43C.GL_COMMAND_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT;
import static org.lwjgl.opengl.GL43C.GL_MAX_COMPUTE_SHARED_MEMORY_SIZE;
import static org.lwjgl.opengl.GL43C.glGetInteger;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1f;
import static org.lwjgl.opengl.GL43C.glProgramUniform1fv;
import static org.lwjgl.opengl.GL43C.glProgramUniform1i;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;
import static org.lwjgl.opengl.GL43C.glProgramUniform3f;
import static org.lwjgl.opengl.GL43C.glProgramUniform4f;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTuning;
import org.loopsub.gl.GpuTimer;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.RecordLayout;

/**
 * The passes of one record layout as compiled programs, and how their buffers are bound: the
 * {@code #define}s each shader is specialised with (layout sizes, Loop's weights as exact float
 * bits, work-group sizes, criteria, and {@link ShaderContract}'s bindings and codes), and the
 * uniforms that place a window inside a segment or an output block inside the output buffer. The level
 * strategies ({@link UniformLevels}, {@link AdaptiveLevel}) only sequence these.
 */
final class GlPasses implements AutoCloseable {
    /**
     * Parents per work group of loop_split's regular half ({@link GlTuning#splitGroup()}), and with
     * linear uvs alone ({@link GlTuning#splitGroupLinearUvs()}): see {@link #splitGroup(RecordLayout)}.
     */
    private static final int SPLIT_GROUP = GlTuning.PROCESS.splitGroup();
    private static final int SPLIT_GROUP_LINEAR_UVS = GlTuning.PROCESS.splitGroupLinearUvs();

    /**
     * Invocations per work group of the general half of loop_split: almost all of them find a
     * regular record and stop, so large groups keep the launch overhead down.
     */
    private static final int GENERAL_GROUP = GlTuning.PROCESS.generalGroup();
    private static final boolean TIME_HALVES = GlTuning.PROCESS.timeHalves();
    private static final GpuTimer NO_TIMER = new GpuTimer(false);
    private static final String GENERAL_SPAN = "loop_split.general.";

    /**
     * With {@link GlTuning#timeHalves()}, ends the span the caller began and begins
     * {@code prefix + level} for the passes that follow: a half, or the fused pass's uv channel, apart.
     * The label is made only then: a renderer's frames allocate nothing (GpuFrameAllocationTest).
     */
    static void spanApart(GpuTimer timer, String prefix, int level) {
        if (TIME_HALVES) {
            timer.end();
            timer.begin(prefix + level, level, 0, 0);
        }
    }

    /**
     * The general half's group when records carry limit data (and always in a renderer's frames):
     * their general records run long (births, renewed normals, local-memory arrays) and sit
     * scattered, and a group holds its resources until its slowest invocation ends: with limit data
     * small groups measured up to three times faster on NVIDIA; without limit data the size does not
     * matter or 256 wins (docs/architecture.md). ({@link GlTuning#generalGroupLimit()})
     */
    private static final int GENERAL_GROUP_LIMIT = GlTuning.PROCESS.generalGroupLimit();

    /**
     * Invocations per general record in a general half that writes child records (or, in a uniform
     * level without limit data, triangles); not with smooth uvs and limit data together
     * ({@link GlTuning#generalLanes()}; loop_split's splitLanes). Its groups hold each record's corner
     * and edge points in shared memory, at most {@link #LANE_SHARED_BYTES} a group (GL promises 32 KiB).
     */
    private static final int GENERAL_LANES = GlTuning.PROCESS.generalLanes();
    private static final int LANE_SHARED_BYTES = 24 * 1024;

    /**
     * The most records an adaptive split's general half runs on lanes ({@link GlTuning#lanesUpTo()}):
     * past that, its general records may be many enough to fill the GPU, and one invocation each does
     * less work in all.
     */
    private static final long LANES_UP_TO = GlTuning.PROCESS.lanesUpTo();

    /** LoopRules' mask weights by the names the shaders know them by, in the order they are defined. */
    static final Map<String, Float> LOOP_WEIGHTS = loopWeights();

    /** LoopRules' mask weights as GLSL expressions of their exact float bits (docs/design.md §5). */
    static final Map<String, String> LOOP_WEIGHT_DEFINES = weightDefines(LOOP_WEIGHTS);

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
    /**
     * The fused pass's regular half's work group where it stages its stores in shared memory
     * (STAGED_STORES, triangle_writer.glsl), 0 where it stores straight ({@link #stagedGroup}).
     */
    private int stagedGroup;
    /** Parents per work group of loop_split's regular halves with this layout ({@link #splitGroup(RecordLayout)}). */
    private final int splitGroup;

    /**
     * Groups per row of a half dispatched by a command the GPU counts up (loop_split's listParent and
     * listRecord: the fused pass's general half and the pass after it, a listed level's general
     * half): rows, not groups, count up to the 65,535 a dimension allows.
     */
    static final int DENSE_ROW = 64;

    /**
     * Whether a window of {@code parents} parents can take the fused pass: the rows of the pass after
     * it must fit one dimension of a dispatch even if every parent is general.
     */
    static boolean denseFits(long parents) {
        return denseFits(parents, Math.min(Math.min(SPLIT_GROUP, SPLIT_GROUP_LINEAR_UVS),
                Math.min(GENERAL_GROUP, GENERAL_GROUP_LIMIT)));
    }

    /** {@link #denseFits(long)} where the smallest group of loop_split's halves is {@code smallestGroup}. */
    static boolean denseFits(long parents, int smallestGroup) {
        long groups = (4 * parents + smallestGroup - 1) / smallestGroup;
        return (groups + DENSE_ROW - 1) / DENSE_ROW <= ComputeProgram.MAX_GROUPS_PER_DIMENSION;
    }

    /**
     * loop_split's DenseChildren: uints before the entries' origins (a count, then the commands), and
     * the index in its command array of the (x, y, z) of the regular and the general half over a list
     * (the pass after the fused one, a listed level's general half) and of the fused pass's general half.
     */
    static final int DENSE_HEADER = 10;
    static final int DENSE_REGULAR_COMMAND = 0;
    static final int DENSE_GENERAL_COMMAND = 3;
    static final int DENSE_LIST_COMMAND = 6;

    /** Byte offset in a DenseChildren buffer of the command at index {@code command} (after the count). */
    static long commandOffset(int command) {
        return 4L * (1 + command);
    }

    /** loop_split's uRecords: every record, the fused pass's dense children, a listed level. */
    static final int PLAIN = 0;
    static final int DENSE = 1;
    static final int LISTED = 2;

    /** Sets loop_split's uRecords ({@link #PLAIN}, {@link #DENSE}, {@link #LISTED}) in both halves, where a build reads it. */
    static void setRecords(SplitPair split, int v) {
        glProgramUniform1ui(split.regular().id(), split.regular().uniformIfPresent("uRecords"), v);
        glProgramUniform1ui(split.general().id(), split.general().uniformIfPresent("uRecords"), v);
        if (split.oneLane() != null) {
            glProgramUniform1ui(split.oneLane().id(), split.oneLane().uniformIfPresent("uRecords"), v);
        }
    }

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
        GlBuffer b = pool.acquire(4 * (DENSE_HEADER + entries), label);
        b.fill(0, DENSE_HEADER, 0);
        return b;
    }

    /** Gives back a buffer of {@link #denseChildren} or {@link #recordList}, once its readers are ordered before. */
    void releaseDense(GlBuffer b) {
        pool.release(b);
    }

    /**
     * @return parents per work group of loop_split's regular halves: with linear uvs and no limit data
     *     {@link GlTuning#splitGroupLinearUvs()}, else {@link GlTuning#splitGroup()}. Both 128 now: 64
     *     was faster with linear uvs while they were stored as (u, v, 0), 128 since they are pairs
     *     (measured on NVIDIA; docs/architecture.md); kept apart for GPUs where they differ
     */
    static int splitGroup(RecordLayout layout) {
        return splitGroup(layout, GlTuning.PROCESS);
    }

    /** {@link #splitGroup(RecordLayout)} under other tuning. */
    static int splitGroup(RecordLayout layout, GlTuning tuning) {
        return layout.uvs() && !layout.smoothUvs() && !layout.carriesNormals() ? tuning.splitGroupLinearUvs()
                : tuning.splitGroup();
    }

    /**
     * @return the banks of the fused pass's staged stores (triangle_writer.glsl): with limit data one
     *     per output buffer (positions, normals and with this layout uvs), stored behind one pair of
     *     barriers; else one, behind a pair a buffer. (A bank a buffer measured faster with limit data
     *     on NVIDIA, and slower with linear uvs alone, where a second bank's shared memory halved the
     *     warps a multiprocessor holds; docs/design.md §2.)
     */
    static int stageBanks(RecordLayout layout) {
        return layout.carriesNormals() ? 2 + (layout.uvs() ? 1 : 0) : 1;
    }

    /** Shared memory the fused pass's staged stores take per invocation: 9 vec4s a bank and a flag. */
    static int stagedBytesPerInvocation(int banks) {
        return 9 * 16 * banks + 4;
    }

    /**
     * @return the work group of the fused pass's regular half, which stages its stores in {@code banks}
     *     banks: {@code group}, or where their shared memory would pass the driver's
     *     {@code GL_MAX_COMPUTE_SHARED_MEMORY_SIZE} (at least 32 KiB; the default group of 128 takes
     *     18.5 KiB a bank) the largest whole number of warps of 32 that fits; 0 where not even one
     *     warp fits, and the pass stores straight, more slowly
     */
    static int stagedGroup(int group, int banks, int maxSharedBytes) {
        int fit = maxSharedBytes / stagedBytesPerInvocation(banks);
        return fit >= group ? group : fit / 32 * 32;
    }

    // The passes a frame asks for, looked up in the cache above once: its key is a string of every
    // define, made afresh at each lookup, and a frame dispatches dozens of passes. Index [1] is the
    // resident variant (GlSizes.DEFINES), [0] the level-by-level one.
    private ComputeProgram plan;
    private ComputeProgram tile;
    private final ComputeProgram[] filter = new ComputeProgram[2];
    private final ComputeProgram[] emit = new ComputeProgram[2];
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
        this(layout, weightTable, programs, pool, LOOP_WEIGHT_DEFINES);
    }

    /**
     * @param weightDefines the mask weights' defines: {@link #LOOP_WEIGHT_DEFINES}, or other weights
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
        this.splitGroup = splitGroup(layout);
        this.stagedGroup = stagedGroup(splitGroup, stageBanks(layout), glGetInteger(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE));
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

    private static Map<String, Float> loopWeights() {
        Map<String, Float> w = new LinkedHashMap<>();
        w.put("LOOP_EDGE_END", LoopRules.EDGE_END);
        w.put("LOOP_EDGE_OPPOSITE", LoopRules.EDGE_OPPOSITE);
        w.put("LOOP_HALF", LoopRules.HALF);
        w.put("LOOP_BOUNDARY_CENTRE", LoopRules.BOUNDARY_CENTRE);
        w.put("LOOP_BOUNDARY_NEIGHBOUR", LoopRules.BOUNDARY_NEIGHBOUR);
        w.put("LOOP_LIMIT_CENTRE_6", LoopRules.LIMIT_CENTRE_6);
        w.put("LOOP_LIMIT_RING_6", LoopRules.LIMIT_RING_6);
        w.put("LOOP_LIMIT_CREASE_CENTRE", LoopRules.LIMIT_CREASE_CENTRE);
        w.put("LOOP_LIMIT_CREASE_NEIGHBOUR", LoopRules.LIMIT_CREASE_NEIGHBOUR);
        w.put("LOOP_CHAIKIN_OWN", LoopRules.CHAIKIN_OWN);
        w.put("LOOP_CHAIKIN_OTHERS", LoopRules.CHAIKIN_OTHERS);
        return Collections.unmodifiableMap(w);
    }

    /**
     * Mask weights as the shaders' defines: each a GLSL expression of its exact float bits.
     *
     * @param weights by define name ({@link #LOOP_WEIGHTS}' names)
     * @return the defines, in the same order
     */
    static Map<String, String> weightDefines(Map<String, Float> weights) {
        Map<String, String> d = new LinkedHashMap<>();
        weights.forEach((name, value) -> d.put(name, glslFloat(value)));
        return Collections.unmodifiableMap(d);
    }

    /**
     * The record layout as loop_record.glsl takes it: this layout's sizes and {@link RecordLayout}'s
     * fixed slots and markers, defined once in Java.
     *
     * @return a new, modifiable map in the order the shaders are built with
     */
    static Map<String, String> layoutDefines(RecordLayout layout) {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("FAN", Integer.toString(layout.fanCapacity()));
        d.put("RING_MAX", Integer.toString(layout.ringMax()));
        d.put("POINT_FLOATS", Integer.toString(layout.pointFloats()));
        d.put("META_INTS", Integer.toString(layout.metaInts()));
        d.put("NO_GAP", Integer.toString(RecordLayout.NO_GAP));
        d.put("FIXED_POINTS", Integer.toString(RecordLayout.FIXED_POINTS));
        d.put("FIXED_SPOKES", Integer.toString(RecordLayout.FIXED_SPOKES));
        d.putAll(org.loopsub.stream.RegularChildren.defines());
        d.put("SHARP_FLAG", Integer.toString(RecordLayout.SHARP) + "u");
        d.put("STALE_FLAG", Integer.toString(RecordLayout.STALE) + "u");
        d.put("SEAMLESS_FLAG", Integer.toUnsignedString(RecordLayout.SEAMLESS) + "u");
        d.put("GENERAL_BITS", Integer.toString(RecordLayout.GENERAL_BITS) + "u");
        if (layout.creases()) {
            d.put(RecordLayout.Feature.CREASES.macro(), "1");
            d.put("SPOKES", Integer.toString(layout.spokes()));
            d.put("SHARP_BASE", Integer.toString(layout.spokeSharpness(0)));
            d.put("SHARP_INFINITE", glslFloat(LoopRules.INFINITE_SHARPNESS));
            if (layout.chaikin()) {
                d.put(RecordLayout.Feature.CHAIKIN.macro(), "1");
                d.put("FAR_BASE", Integer.toString(layout.spokeFar(0)));
            }
        }
        if (layout.carriesNormals()) {
            d.put(RecordLayout.Feature.NORMALS.macro(), "1");
            d.put("NORMAL_SLOT0", Integer.toString(layout.normalSlot(0)));
        }
        if (layout.uvs()) {
            d.put(RecordLayout.Feature.UVS.macro(), "1");
            d.put("UV_BASE", Integer.toString(layout.uvFloat(0, 0)));
            d.put("UV_OUTPUT_BASE", Integer.toString(layout.outputUvFloat(0, 0)));
            if (layout.uvLimits()) {
                d.put("UV_LIMITS", "1");
                d.put("UV_LIMIT_BASE", Integer.toString(layout.uvLimit(0, 0)));
            }
            if (layout.smoothUvs()) {
                d.put(RecordLayout.Feature.SMOOTH_UVS.macro(), "1");
                d.put("UV_SEAM_BASE", Integer.toString(layout.uvSeam(0)));
                d.put("UV_FAR_BASE", Integer.toString(layout.uvFar(0, 0, 0)));
                d.put("UV_PIN_BASE", Integer.toString(layout.uvPin(0)));
                d.put("UV_SEAM_NEAR", Integer.toString(RecordLayout.UV_SEAM_NEAR));
                d.put("UV_SEAM_FAR", Integer.toString(RecordLayout.UV_SEAM_FAR));
                d.put("UV_INFINITE_SHARPNESS", glslFloat(LoopRules.INFINITE_SHARPNESS));
                d.putAll(org.loopsub.stream.RegularChildren.uvDefines(layout));
            }
        }
        if (layout.limit()) {
            d.put(RecordLayout.Feature.LIMIT.macro(), "1");
            d.put("LIMIT_SLOT0", Integer.toString(layout.limitSlot(0)));
        }
        return d;
    }

    /** A float as a GLSL expression with exactly its bits, whatever its decimal expansion. */
    static String glslFloat(float f) {
        return "uintBitsToFloat(0x" + Integer.toHexString(Float.floatToRawIntBits(f)).toUpperCase(Locale.ROOT) + "u)";
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
            Map<String, String> more = resident ? GlSizes.DEFINES : Map.of();
            split[i] = direct ? splitPair(more, "DIRECT") : splitPair(more);
        }
        return split[i];
    }

    /** @return a uniform level's loop_split pair, writing children or (direct) triangles */
    SplitPair uniformSplit(boolean direct) {
        int i = direct ? 1 : 0;
        if (uniformSplit[i] == null) {
            uniformSplit[i] = direct ? splitPair("UNIFORM", "DIRECT") : splitPair("UNIFORM");
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
            fused = new SplitPair(program("loop_split", flags("UNIFORM", "REGULAR_ONLY", "FUSED")),
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
            fusedUvs = program("loop_split", flags("UNIFORM", "REGULAR_ONLY", "FUSED", "FUSED_UVS"));
        }
        return fusedUvs;
    }

    /**
     * @return the pass before the fused one ({@link #fused}) that lists its general parents for its
     *     general half (loop_split built with LIST_PARENTS)
     */
    ComputeProgram listParents() {
        if (listParents == null) {
            listParents = program("loop_split", flags("UNIFORM", "REGULAR_ONLY", "LIST_PARENTS"));
        }
        return listParents;
    }

    /**
     * Turns the fused pass's staged stores off, or back on where they fit: for a test of the build a
     * driver with too little shared memory gets (llvmpipe and NVIDIA have enough).
     */
    void stageStores(boolean on) {
        stagedGroup = on ? stagedGroup(splitGroup, stageBanks(layout), glGetInteger(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE)) : 0;
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
        Map<String, String> defines = new LinkedHashMap<>(ShaderContract.DEFINES);
        defines.putAll(layoutDefines(layout));
        if (unitNormals && layout.carriesNormals()) {
            defines.put("UNIT_NORMALS", "1");
        }
        if (layout.creases() || layout.uvLimits()) {
            defines.put("LIMIT_WEIGHT_BASE", Integer.toString(limitWeightBase));
        }
        if (layout.creases()) {
            defines.put("RECIPROCAL_BASE", Integer.toString(reciprocalBase));
            defines.put("INTERIOR_TANGENT_BASE", Integer.toString(interiorTangentBase));
        }
        if (layout.carriesNormals()) {
            defines.put("TANGENT_BASE", Integer.toString(tangentBase));
            defines.put("TANGENT_STRIDE", Integer.toString(tangentBase / 2));
            defines.put("LEVEL_DEPENDENT_BOUNDARY", Integer.toString(LoopRules.LEVEL_DEPENDENT_BOUNDARY));
        }
        defines.putAll(weightDefines);
        defines.putAll(extra);
        if (stem.equals("loop_split")) {
            int general = layout.carriesNormals() ? GENERAL_GROUP_LIMIT : GENERAL_GROUP;
            // GROUP: this half's; REGULAR_GROUP, GENERAL_RECORDS and DIRECT_GENERAL_RECORDS: records per
            // group of the halves whose commands another half counts up (DenseChildren)
            int laneRecords = laneRecords();
            boolean lanes = extra.containsKey("GENERAL_ONLY") && lanes(extra);
            boolean staged = stagedGroup > 0 && extra.containsKey("FUSED");
            defines.put("GROUP", Integer.toString(lanes ? GENERAL_LANES * laneRecords
                    : extra.containsKey("GENERAL_ONLY") ? general : staged ? stagedGroup : splitGroup));
            if (lanes) {
                defines.put("GENERAL_LANES", Integer.toString(GENERAL_LANES));
            }
            defines.put("REGULAR_GROUP", Integer.toString(splitGroup));
            // a uniform general half's, writing records or triangles: the commands of a listed level and
            // of the dense children
            defines.put("GENERAL_RECORDS", Integer.toString(lanes(flags("UNIFORM")) ? laneRecords : general));
            defines.put("DIRECT_GENERAL_RECORDS", Integer.toString(lanes(flags("UNIFORM", "DIRECT")) ? laneRecords : general));
            defines.put("DENSE_ROW", Integer.toString(DENSE_ROW));
            defines.put("DENSE_HEADER", Integer.toString(DENSE_HEADER));
            defines.put("DENSE_REGULAR_COMMAND", Integer.toString(DENSE_REGULAR_COMMAND));
            defines.put("DENSE_GENERAL_COMMAND", Integer.toString(DENSE_GENERAL_COMMAND));
            defines.put("DENSE_LIST_COMMAND", Integer.toString(DENSE_LIST_COMMAND));
            if (staged) {
                defines.put("STAGED_STORES", "1");
                defines.put("STAGE_BANKS", Integer.toString(stageBanks(layout)));
            }
        }
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

    /**
     * The criteria's constants as the edge test's uniforms, in the internal frame: each criterion's
     * and each culling test's only when it is on, since a build without it has none of its uniforms.
     */
    static void setCriteria(ComputeProgram p, GlCriteria criteria, int level, float[] centre, float inverseScale) {
        int id = p.id();
        if (criteria.maxEdge) {
            glProgramUniform1f(id, p.uniform("uMaxEdge2"), criteria.maxEdge2);
        }
        if (criteria.flatness) {
            glProgramUniform1f(id, p.uniform("uFlat2"), criteria.flat2);
        }
        if (criteria.screen) {
            glProgramUniform1fv(id, p.uniform("uRows"), criteria.rows);
            glProgramUniform1f(id, p.uniform("uPix2"), criteria.pix2);
            glProgramUniform1f(id, p.uniform("uNear"), criteria.near);
        }
        if (criteria.custom) {
            // The level and the mesh frame reach only the user's function, which may ignore either
            // (a criterion by length alone, or by level alone): the compiler then drops them.
            glProgramUniform1i(id, p.uniformIfPresent("uLevel"), level);
            glProgramUniform3f(id, p.uniformIfPresent("uCentre"), centre[0], centre[1], centre[2]);
            glProgramUniform1f(id, p.uniformIfPresent("uInvScale"), inverseScale);
        }
        if (criteria.culling.frustum()) {
            glProgramUniform1fv(id, p.uniform("uCullPlanes"), criteria.cullPlanes);
            glProgramUniform1f(id, p.uniform("uCullFrustum2"), criteria.culling.frustumMargin2());
        }
        if (criteria.culling.backface()) {
            float[] eye = criteria.cullEye;
            glProgramUniform4f(id, p.uniform("uCullEye"), eye[0], eye[1], eye[2], eye[3]);
            glProgramUniform1f(id, p.uniform("uCullBackface2"), criteria.culling.backfaceMargin2());
            glProgramUniform1f(id, p.uniform("uCullAngle2"), criteria.culling.backfaceAngle2());
            glProgramUniform1f(id, p.uniform("uCullBend2"), criteria.culling.bendCos2());
        }
    }

    /**
     * loop_split compiled twice: once with only the regular-record path, once with only the general
     * one. Both run over the same records and each writes the children of its own kind, so the
     * regular path, which almost every record takes, is not held back by the general path's
     * register use. A uniform level dispatches the general half first ({@link #generalFirst}); adaptive
     * levels and a renderer's frames the regular half first. The general half may split each record on
     * {@code generalLanes} invocations (loop_split's splitLanes); an adaptive pair then also holds
     * {@code oneLane}, the build on one invocation a record, which it dispatches past {@code lanesUpTo}
     * records ({@link GlTuning#lanesUpTo()}).
     */
    record SplitPair(ComputeProgram regular, ComputeProgram general, int generalLanes, ComputeProgram oneLane,
                     long lanesUpTo) {
        /** A pair whose general half is always the one build, on {@code generalLanes} invocations a record. */
        SplitPair(ComputeProgram regular, ComputeProgram general, int generalLanes) {
            this(regular, general, generalLanes, null, Long.MAX_VALUE);
        }

        /** The general half over n records: on lanes up to {@code lanesUpTo} records, else {@code oneLane}. */
        private void dispatchGeneral(long n) {
            if (oneLane != null && n > lanesUpTo) {
                oneLane.dispatchFor(n);
            } else {
                general.dispatchFor(n * generalLanes);
            }
        }

        void dispatchFor(long n) {
            regular.dispatchFor(n);
            dispatchGeneral(n);
        }

        /** Both halves over n records, inside a span of {@code timer} ({@link #beforeGeneralHalf}). */
        void dispatchFor(long n, GpuTimer timer, int level) {
            regular.dispatchFor(n);
            beforeGeneralHalf(timer, level);
            dispatchGeneral(n);
        }

        /**
         * Both halves over n records of a uniform level, the general half first: its few records are
         * long chains of dependent work that the regular half's many short ones then run beside, where
         * dispatched second they ran on a GPU the regular half had left nearly idle (measured faster on
         * NVIDIA). A renderer's adaptive frames gained nothing from it, so they keep the regular half
         * first (docs/design.md §2). Inside a span of {@code timer} ({@link #timeGeneralHalf}).
         */
        void generalFirst(long n, GpuTimer timer, int level) {
            general.dispatchFor(n * generalLanes);
            timeGeneralHalf(timer, level);
            regular.dispatchFor(n);
        }

        /** Both halves by the commands in a DenseChildren buffer ({@link GlPasses#denseChildren}). */
        void dispatchDense(GlBuffer counts) {
            dispatchDense(counts, NO_TIMER, 0);
        }

        /**
         * {@link #dispatchDense(GlBuffer)} inside a span of {@code timer} ({@link #beforeGeneralHalf}).
         * Here the regular half goes first, as it always did: the order was measured for the other
         * passes only.
         */
        void dispatchDense(GlBuffer counts, GpuTimer timer, int level) {
            regular.dispatchIndirect(counts, commandOffset(DENSE_REGULAR_COMMAND));
            beforeGeneralHalf(timer, level);
            general.dispatchIndirect(counts, commandOffset(DENSE_GENERAL_COMMAND));
        }

        /**
         * The general half over a listed level's records ({@link GlPasses#recordList}), after its
         * regular half (which lists them) inside a span of {@code timer}.
         */
        void dispatchListedGeneral(GlBuffer list, GpuTimer timer, int level) {
            beforeGeneralHalf(timer, level);
            general.dispatchIndirect(list, commandOffset(DENSE_GENERAL_COMMAND));
        }

        /**
         * The fused pass over {@code n} records inside a span of {@code timer}: {@code lister} (its
         * {@link GlPasses#listParents}) lists the general parents in {@code dense}
         * ({@link GlPasses#denseChildren}); once the list and its command are written, the general
         * half over that list alone, then the regular half.
         */
        void dispatchFused(ComputeProgram lister, long n, GlBuffer dense, GpuTimer timer, int level) {
            lister.dispatchFor(n);
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
            general.dispatchIndirect(dense, commandOffset(DENSE_LIST_COMMAND));
            timeGeneralHalf(timer, level);
            regular.dispatchFor(n);
        }

        /**
         * After the general half, inside a span the caller began: with {@link GlTuning#timeHalves()}
         * the general half becomes a span of its own, {@code loop_split.general.<level>}, and the
         * caller's span holds the regular half alone, so that a report shows each level's general half
         * apart. The timestamps between them keep the halves from overlapping on the GPU.
         */
        private static void timeGeneralHalf(GpuTimer timer, int level) {
            if (TIME_HALVES) {
                timer.splitOff(GENERAL_SPAN + level);
            }
        }

        /** {@link #timeGeneralHalf} where the regular half went first: the general half's span follows. */
        private static void beforeGeneralHalf(GpuTimer timer, int level) {
            spanApart(timer, GENERAL_SPAN, level);
        }

        void setUint(String name, long value) {
            GlPasses.setUint(regular, name, value);
            GlPasses.setUint(general, name, value);
            if (oneLane != null) {
                GlPasses.setUint(oneLane, name, value);
            }
        }
    }

    /**
     * @return records per work group of a general half split on {@link #GENERAL_LANES} lanes: as many
     *     as {@link #LANE_SHARED_BYTES} hold (what one lane makes and the others read: corner and edge
     *     points, Chaikin halves, limit data, smooth uvs) up to the general group's, in whole warps of 32 invocations; 0 where lanes do not apply (smooth uvs with
     *     limit data, {@code loopsub.gl.generalLanes} 1, or rings too long for a warp's records)
     */
    int laneRecords() {
        // Smooth uvs with limit data ran 1.7 % slower on lanes (bigguy_charts depth 6, general-lanes/smooth.txt).
        if (GENERAL_LANES == 1 || layout.smoothUvs() && layout.carriesNormals()) {
            return 0;
        }
        int ring = layout.ringMax();
        int rowFloats = 9 + (27 * ring | 1) + (layout.chaikin() ? 3 * ring | 1 : 0) + (layout.carriesNormals() ? 33 : 0)
                + (layout.smoothUvs() ? (12 * ring | 1) + 7 : 0) + 1;
        int fit = (LANE_SHARED_BYTES - 4) / (4 * rowFloats);
        int warp = 32 / GENERAL_LANES;
        int group = layout.carriesNormals() ? GENERAL_GROUP_LIMIT : GENERAL_GROUP;
        return Math.min(group / GENERAL_LANES, fit) / warp * warp;
    }

    /**
     * Whether the general half of a loop_split with these flags splits each record on lanes (ONE_LANE:
     * the build an adaptive split takes past {@link #LANES_UP_TO} records).
     */
    private boolean lanes(Map<String, String> flags) {
        // Direct splits only in uniform levels without limit data: with it, and in a renderer's frames,
        // they ran 1-3 % slower on lanes (highvalence depth 6 4.5 % faster; general-lanes/direct.txt).
        boolean direct = flags.containsKey("DIRECT") && (!flags.containsKey("UNIFORM") || layout.carriesNormals());
        return !direct && !flags.containsKey("FUSED") && !flags.containsKey("ONE_LANE") && laneRecords() > 0;
    }

    /**
     * @return invocations per record of the general half of loop_split built with these flags: what
     *     its dispatch multiplies the records by ({@link SplitPair#generalLanes})
     */
    int generalLanes(Map<String, String> flags) {
        return lanes(flags) ? GENERAL_LANES : 1;
    }

    /** loop_split's two halves with the given flags defined. */
    SplitPair splitPair(String... defined) {
        return splitPair(Map.of(), defined);
    }

    /** loop_split's two halves with more defines and the given flags. */
    SplitPair splitPair(Map<String, String> more, String... defined) {
        Map<String, String> r = flags(defined);
        r.putAll(more);
        r.put("REGULAR_ONLY", "1");
        Map<String, String> g = flags(defined);
        g.putAll(more);
        g.put("GENERAL_ONLY", "1");
        ComputeProgram general = program("loop_split", g);
        ComputeProgram oneLane = null;
        if (lanes(g) && !g.containsKey("UNIFORM")) {
            g.put("ONE_LANE", "1");
            oneLane = program("loop_split", g);
        }
        if (!g.containsKey("RESIDENT")) {
            unprimed.add(general);
            if (oneLane != null) {
                unprimed.add(oneLane);
            }
        }
        ComputeProgram regular = program("loop_split", r);
        return oneLane == null ? new SplitPair(regular, general, generalLanes(g))
                : new SplitPair(regular, general, GENERAL_LANES, oneLane, LANES_UP_TO);
    }

    /**
     * Dispatches one work group of every general half built since the last call, with nothing to do
     * (no records: {@code uCount} 0, {@code uRecords} {@link #PLAIN}), so that what a driver sets up at
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
            glProgramUniform1ui(p.id(), p.uniformIfPresent("uRecords"), PLAIN);
            p.dispatchGroups(1);
        }
        unprimed.clear();
        return n;
    }

    /** {@code #define}s of the given names, each as 1. */
    static Map<String, String> flags(String... names) {
        Map<String, String> d = new LinkedHashMap<>();
        for (String n : names) {
            d.put(n, "1");
        }
        return d;
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
