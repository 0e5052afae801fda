package org.loopsub.glstream;

import java.util.Map;

/**
 * The numbers the host and the record passes must agree on, defined here once and handed to every
 * pass as {@code #define}s ({@link #DEFINES}, made by {@code ShaderHeader}): the storage binding
 * points ({@code BINDING_*}), the vertex rules' codes ({@code RULE_*}, LoopRules' values), the
 * metadata mask that tells a regular record ({@code REGULAR_MASK}, RecordLayout's) and the output's
 * sizes ({@code OUT_UV_FLOAT}, {@code TRIANGLE_FLOATS}). The shaders use the names only, so a
 * binding moved here moves on both sides, and a name a shader uses but Java does not define fails
 * its compile. Uniforms are the other half of the contract:
 * {@link org.loopsub.gl.ComputeProgram#uniform} refuses a name the linked program lacks.
 *
 * <p>The record layout's sizes and slots, Loop's weights and a resident frame's size slots reach the
 * shaders the same way, from the constants of the classes that own them, each made a define in
 * {@code ShaderHeader}; loop_split's schedule from {@code SplitSchedule}; the scan shaders' bindings
 * from {@link org.loopsub.gl.GpuScan#BINDING_DEFINES} (the GL plumbing knows nothing of this package).
 */
public final class ShaderContract {
    // Storage bindings of the record passes (loop_record.glsl, loop_flag_edges, loop_filter,
    // loop_emit_finished, loop_split, loop_plan). A number may serve several passes as long as no
    // pass declares two buffers at it.

    /** The source segment's points. */
    static final int POINTS = 0;
    /** The source segment's metadata. */
    static final int META = 1;
    /** The child segment's points (loop_split). */
    static final int DST_POINTS = 2;
    /** The child segment's metadata (loop_split). */
    static final int DST_META = 3;
    /** Output triangles: finished records (loop_emit_finished) and slivers (loop_split). */
    static final int OUT = 4;
    /**
     * An index list: the finished records (loop_emit_finished) or the active ones (loop_split); in
     * uniform refinement, which has none, the fused pass's dense children or a listed level's
     * records (loop_split's DenseChildren).
     */
    static final int INDEX = 5;
    /** Each active record's first sliver (loop_split). */
    static final int SLIVER_OFFSET = 6;
    /** Loop's weight table and the tables after it (loop_split). */
    static final int WEIGHTS = 7;
    /** The filter's keep flags. */
    static final int KEEP = 8;
    /** The filter's done flags. */
    static final int DONE = 9;
    /** The filter's sliver counts. */
    static final int SLIVERS = 10;
    /** Triangles loop_split writes instead of children (DIRECT). */
    static final int DIRECT_OUT = 11;
    /** A resident frame's sizes ({@link GlSizes}). */
    static final int SIZES = 12;
    /** The draw command loop_plan writes. */
    static final int DRAW = 13;
    /** Output normals beside {@link #OUT} (finished triangles, slivers): same float index, own buffer. */
    static final int OUT_NORMALS = 14;
    /** Output normals beside {@link #DIRECT_OUT}. */
    static final int DIRECT_NORMALS = 15;
    /** Output uvs beside {@link #OUT} ((u, v) per corner, at {@link #outUvOffset} of the position's). */
    static final int OUT_UVS = 16;
    /** Output uvs beside {@link #DIRECT_OUT}. */
    static final int DIRECT_UVS = 17;
    /** Floats of an output corner's position, and of its uv beside it. */
    static final int OUT_POSITION_FLOATS = 3;
    static final int OUT_UV_FLOATS = 2;

    /**
     * Where a corner's uv lies in the output uvs: 2 floats a corner where the position has 3, so
     * position offset o (floats, vec4s or bytes, a multiple of 3 floats) maps to o / 3 * 2, the
     * shaders' {@code OUT_UV_FLOAT(o)}, which {@link #DEFINES} hands them from here. Output ranges
     * are bound from starts that keep that ratio ({@link GlPasses#bindOutput}).
     *
     * @param positionOffset an offset into the output positions
     * @return the same corner's offset into the output uvs
     */
    static long outUvOffset(long positionOffset) {
        return positionOffset / OUT_POSITION_FLOATS * OUT_UV_FLOATS;
    }

    /** loop_displace's height map (the pass reads and writes the output at {@link #OUT} and beside it). */
    static final int DISPLACE_MAP = DIRECT_UVS + 1;

    /** One past the highest binding a record pass uses: what a refinement unbinds when it is done. */
    static final int BINDINGS_USED = DISPLACE_MAP + 1;

    /** loop_face_normals' triangles (positions, 9 floats each), for a {@code GpuRun}'s flat normals. */
    public static final int FACE_POSITIONS = 0;
    /** loop_face_normals' output, parallel to {@link #FACE_POSITIONS}. */
    public static final int FACE_NORMALS = 1;

    // loop_cage's storage bindings (a cage moved on the GPU, GlCage). It runs on its own, never beside
    // a record pass, so it takes numbers of theirs; updatePositions puts back what it borrows.

    /** The caller's buffer of input positions. */
    static final int CAGE_INPUT = 0;
    /** The cage's topology words (LoopCage.topology). */
    static final int CAGE_TOPOLOGY = 1;
    /** A move's refusal flag and its positions in the internal frame. */
    static final int CAGE_FRESH = 2;
    /** The positions of the last move the cage took. */
    static final int CAGE_KEPT = 3;
    /** The per-vertex table loop_tile gathers level 0 from. */
    static final int CAGE_TABLE = 4;
    /** LoopRules.limitTable, in double. */
    static final int CAGE_WEIGHTS = WEIGHTS;

    /** The contract's defines, the same for every pass and variant; iteration order is stable. */
    public static final Map<String, String> DEFINES = ShaderHeader.contract();

    private ShaderContract() {
    }

    /** The normal binding beside an output binding ({@link #OUT} or {@link #DIRECT_OUT}). */
    static int normalBinding(int binding) {
        return binding == OUT ? OUT_NORMALS : DIRECT_NORMALS;
    }

    /** The uv binding beside an output binding. */
    static int uvBinding(int binding) {
        return binding == OUT ? OUT_UVS : DIRECT_UVS;
    }
}
