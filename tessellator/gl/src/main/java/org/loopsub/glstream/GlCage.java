package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL43C.glBindBufferRange;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;
import static org.lwjgl.opengl.GL43C.glProgramUniform2ui;
import static org.lwjgl.opengl.GL43C.glProgramUniform3f;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GlContext;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.LoopCage;
import org.loopsub.stream.RecordLayout;

/**
 * A cage moved on the GPU (loop_cage, the twin of {@link LoopCage}): from x, y, z floats a renderer
 * wrote into a GL buffer, each welded vertex's position in the internal frame, then its limit normal
 * and position, into the per-vertex table that {@link GlLevel0#retile} gathers level 0 from. What
 * the pass reads besides the caller's buffer goes up once, here: the cage's topology words and
 * {@link LoopRules#limitTable}. A move allocates nothing.
 *
 * <p>The positions of the last move the pass took are kept on the GPU ({@link #renew}): a frame of
 * other options (the limit surface, another scheme or sharpness) builds new level-0 records, whose
 * table is then made again from them, as the host's records would be from its positions.
 */
public final class GlCage implements AutoCloseable {
    private final GlContext context;
    private final int vertices;
    private final float[] centre;
    private final long scaleBits;
    private final GlBuffer topology;
    private final GlBuffer weights;
    /** A move's refusal flag (word 0; words 1-3 pad) and its positions from word 4. */
    private final GlBuffer fresh;
    private final GlBuffer kept;
    private final ComputeProgram positions;
    /** The limit stage by the table it writes: 0 positions, 1 with normals, 2 with limit positions too. */
    private final ComputeProgram[] limits = new ComputeProgram[3];
    private final Map<String, String> limitDefines;
    /** Whether a move has been taken (until then {@link #renew} has nothing to renew). */
    private boolean moved;
    /** The binding points, program and generic binding a move borrows and puts back. */
    private final HostState.Borrowed hostState;

    /**
     * @param context the context current on this thread
     * @param cage the prepared mesh's per-vertex work, with its input vertices
     * @param centre the internal frame's centre (InternalFrame's, which this package does not see)
     * @param scaleExponent the internal frame's scale: internal = (p - centre) * 2^scaleExponent
     */
    public GlCage(GlContext context, LoopCage cage, float[] centre, int scaleExponent) {
        this.context = context;
        this.vertices = cage.vertexCount();
        this.centre = centre.clone();
        this.scaleBits = Double.doubleToRawLongBits(Math.scalb(1.0, scaleExponent));
        this.hostState = new HostState.Borrowed(context, ShaderContract.CAGE_INPUT, ShaderContract.CAGE_TOPOLOGY,
                ShaderContract.CAGE_FRESH, ShaderContract.CAGE_KEPT, ShaderContract.CAGE_TABLE,
                ShaderContract.CAGE_WEIGHTS);
        Map<String, String> d = new LinkedHashMap<>(ShaderContract.DEFINES);
        d.put("CAGE_VERTEX_INTS", LoopCage.VERTEX_INTS + "u");
        d.put("CAGE_SOURCE", LoopCage.SOURCE + "u");
        d.put("CAGE_RING", LoopCage.RING + "u");
        d.put("CAGE_SHAPE", LoopCage.SHAPE + "u");
        d.put("CAGE_EDGES", LoopCage.EDGES + "u");
        d.put("CAGE_FIELD_BITS", LoopCage.FIELD_BITS + "u");
        d.put("CAGE_FIELD_MASK", LoopCage.FIELD_MASK + "u");
        d.put("CAGE_RULE_SHIFT", LoopCage.RULE_SHIFT + "u");
        d.put("CAGE_RULE_MASK", LoopCage.RULE_MASK + "u");
        d.put("CAGE_SWAP_BIT", LoopCage.SWAP_BIT + "u");
        int maxValence = cage.maxValence();
        d.put("LIMIT_TABLE_TWO_THIRDS", Integer.toString(LoopRules.LIMIT_TABLE_TWO_THIRDS));
        d.put("LIMIT_TABLE_SQRT3", Integer.toString(LoopRules.LIMIT_TABLE_SQRT3));
        d.put("LIMIT_TABLE_SQRT3_HALF", Integer.toString(LoopRules.LIMIT_TABLE_SQRT3_HALF));
        d.put("LIMIT_TABLE_THREE", Integer.toString(LoopRules.LIMIT_TABLE_THREE));
        d.put("LIMIT_TABLE_SIX", Integer.toString(LoopRules.LIMIT_TABLE_SIX));
        d.put("LIMIT_TABLE_THREE_HALVES", Integer.toString(LoopRules.LIMIT_TABLE_THREE_HALVES));
        d.put("FLOAT_MIN_NORMAL", ShaderHeader.glslFloat(Float.MIN_NORMAL));
        d.put("LIMIT_SMOOTH_AT(k)", smoothAt());
        d.put("LIMIT_CREASE_AT(n)", creaseAt(maxValence));
        this.limitDefines = d;
        int[] words = cage.topology();
        double[] table = cage.weights();
        this.topology = GlBuffer.of(words, "loop_cage_topology");
        this.weights = GlBuffer.of(doubleWords(table), "loop_cage_weights");
        this.fresh = GlBuffer.allocate(16 + 12L * vertices, "loop_cage_fresh");
        this.kept = GlBuffer.allocate(12L * vertices, "loop_cage_kept");
        Map<String, String> p = new LinkedHashMap<>(d);
        p.put("CAGE_POSITIONS", "1");
        this.positions = ComputeProgram.load("loop_cage", p, List.of());
    }

    /**
     * {@link LoopRules#limitSmoothAt} as a GLSL macro: a quadratic in k, checked against the method
     * for every valence by GlCageTest (through the bytes it makes).
     */
    static String smoothAt() {
        int c = LoopRules.limitSmoothAt(0);
        if (LoopRules.limitSmoothAt(1) != c + 2 || LoopRules.limitSmoothAt(2) != c + 6) {
            throw new IllegalStateException("LoopRules.limitSmoothAt is no longer c + k (k + 1)");
        }
        return "(" + c + "u + (k) * ((k) + 1u))";
    }

    /** {@link LoopRules#limitCreaseAt} as a GLSL macro, as {@link #smoothAt}. */
    static String creaseAt(int maxValence) {
        int c = LoopRules.limitCreaseAt(0, maxValence);
        if (LoopRules.limitCreaseAt(4, maxValence) != c + 6 || LoopRules.limitCreaseAt(5, maxValence) != c + 10) {
            throw new IllegalStateException("LoopRules.limitCreaseAt is no longer c + n (n - 1) / 2");
        }
        return "(" + c + "u + (n) * ((n) - 1u) / 2u)";
    }

    /** Doubles as the words std430 reads them from: low word first (little-endian, as GL's buffers are here). */
    private static int[] doubleWords(double[] d) {
        int[] w = new int[2 * Math.max(1, d.length)];
        for (int i = 0; i < d.length; i++) {
            long bits = Double.doubleToRawLongBits(d[i]);
            w[2 * i] = (int) bits;
            w[2 * i + 1] = (int) (bits >>> 32);
        }
        return w;
    }

    /**
     * Takes the rules and weights of another configuration of the same mesh (other sharpness, another
     * scheme): the same topology, so the same sizes, written over the old on the GPU timeline.
     *
     * @param cage the per-vertex work of the mesh's new configuration
     */
    public void configure(LoopCage cage) {
        int[] words = cage.topology();
        int[] table = doubleWords(cage.weights());
        if (4L * words.length != topology.bytes() || 4L * table.length != weights.bytes()) {
            throw new IllegalArgumentException("a cage of another mesh");
        }
        topology.write(0, words);
        weights.write(0, table);
    }

    /** @return the welded vertices the table has rows for */
    public int vertices() {
        return vertices;
    }

    /**
     * Moves the cage: positions from the caller's buffer, then the table's rows for {@code layout},
     * written into {@code table} from byte 0. Issued on the GPU timeline, no wait. A coordinate that
     * is not finite refuses the whole move on the GPU: the kept positions and the table stay as they
     * were. Leaves the program, the generic storage binding and the borrowed binding points as they
     * were.
     *
     * @param buffer the caller's buffer (checked by the caller)
     * @param offsetBytes where the first input vertex's x is, a multiple of 4
     * @param strideBytes from one input vertex to the next, a multiple of 4
     * @param inputVertices the input vertices the buffer holds from the offset on
     * @param table the table's buffer
     */
    public void move(int buffer, long offsetBytes, int strideBytes, int inputVertices, GlBuffer table,
                     RecordLayout layout) {
        long align = context.storageBufferOffsetAlignment();
        long start = offsetBytes / align * align;
        long size = offsetBytes - start + (long) (inputVertices - 1) * strideBytes + 12;
        ComputeProgram limit = limitStage(layout);
        hostState.save();
        try {
            fresh.fill(0, 1, 0);
            glBindBufferRange(GL_SHADER_STORAGE_BUFFER, ShaderContract.CAGE_INPUT, buffer, start, size);
            topology.bind(ShaderContract.CAGE_TOPOLOGY);
            fresh.bind(ShaderContract.CAGE_FRESH);
            int id = positions.id();
            glProgramUniform1ui(id, positions.uniform("uVertices"), vertices);
            glProgramUniform1ui(id, positions.uniform("uBase"), (int) ((offsetBytes - start) / 4));
            glProgramUniform1ui(id, positions.uniform("uStride"), strideBytes / 4);
            glProgramUniform3f(id, positions.uniform("uCentre"), centre[0], centre[1], centre[2]);
            glProgramUniform2ui(id, positions.uniform("uScale"), (int) scaleBits, (int) (scaleBits >>> 32));
            positions.dispatchFor(vertices);
            GlChecks.check("loop_cage (positions)");
            // the limits read every vertex's fresh position and the refusal flag
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            limits(limit, table, 1);
            moved = true;
        } finally {
            hostState.restore();
        }
    }

    /**
     * Writes the table's rows for {@code layout} into {@code table} again from the positions of the
     * last move taken (a new layout's level 0), if a move was taken. Same state as {@link #move}.
     *
     * @return whether there was a move to renew
     */
    public boolean renew(GlBuffer table, RecordLayout layout) {
        if (!moved) {
            return false;
        }
        ComputeProgram limit = limitStage(layout);
        hostState.save();
        try {
            topology.bind(ShaderContract.CAGE_TOPOLOGY);
            fresh.bind(ShaderContract.CAGE_FRESH);
            limits(limit, table, 0);
        } finally {
            hostState.restore();
        }
        return true;
    }

    private void limits(ComputeProgram limit, GlBuffer table, int keep) {
        kept.bind(ShaderContract.CAGE_KEPT);
        weights.bind(ShaderContract.CAGE_WEIGHTS);
        table.bindRange(ShaderContract.CAGE_TABLE, 0, tableBytes(limit));
        int id = limit.id();
        glProgramUniform1ui(id, limit.uniform("uVertices"), vertices);
        glProgramUniform1ui(id, limit.uniform("uKeep"), keep);
        limit.dispatchFor(vertices);
        GlChecks.check("loop_cage (limits)");
        // loop_tile reads the table next, through a binding or after a copy to another segment's
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    }

    private long tableBytes(ComputeProgram limit) {
        for (int i = 0; i < limits.length; i++) {
            if (limits[i] == limit) {
                return 12L * vertices * (i + 1);
            }
        }
        throw new IllegalStateException("not a limit stage of this cage");
    }

    /** The limit stage for a layout's table: positions, then limit normals and limit positions as it carries them. */
    private ComputeProgram limitStage(RecordLayout layout) {
        int kinds = !layout.carriesNormals() ? 0 : layout.limit() ? 2 : 1;
        if (limits[kinds] == null) {
            Map<String, String> d = new LinkedHashMap<>(limitDefines);
            if (kinds >= 1) {
                d.put("CAGE_NORMALS", "1");
            }
            if (kinds == 2) {
                d.put("CAGE_LIMIT_POSITIONS", "1");
            }
            limits[kinds] = ComputeProgram.load("loop_cage", d, List.of());
        }
        return limits[kinds];
    }

    /** Deletes the buffers and releases the programs. */
    @Override
    public void close() {
        topology.close();
        weights.close();
        fresh.close();
        kept.close();
        positions.close();
        for (ComputeProgram p : limits) {
            if (p != null) {
                p.close();
            }
        }
    }
}
