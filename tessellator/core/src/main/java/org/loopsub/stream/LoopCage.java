package org.loopsub.stream;

import org.loopsub.api.Scheme;
import org.loopsub.mesh.InternalFrame;
import org.loopsub.mesh.MeshTopology;
import org.loopsub.rules.LoopRules;

/**
 * A moved cage's per-vertex work, the twin of {@code loop_cage.comp} (docs/design.md §2, "Where
 * records live"): each welded vertex takes its input vertex's position into the internal frame
 * ({@link #cagePosition}), then its limit position and unit limit normal from its ring
 * ({@link #cageLimit}). The host moves a renderer's cage through it (RecordBuilder.movePositions);
 * a cage the renderer computed on the GPU goes through the shader, which reads the same
 * {@link #topology() topology words} and the same {@link #weights() weights}, so that both
 * write the same per-vertex table to the bit.
 *
 * <p>What depends on the topology and the sharpness alone is worked out once here, in the constructor:
 * each vertex's input vertex, ring, valence, rule and sharp edges. Only the choice between a crease's
 * two sides depends on the positions (which sharp neighbour comes first by position), so it is made
 * at every move, on both sides.
 */
public final class LoopCage {
    /** Ints per vertex at the start of {@link #topology()}. */
    public static final int VERTEX_INTS = 4;
    /** Word of a vertex: the input vertex whose position it takes. */
    public static final int SOURCE = 0;
    /** Word of a vertex: where its ring starts in {@link #topology()}. */
    public static final int RING = 1;
    /** Word of a vertex: valence (bits 0-7), rule (bits 8-9), {@link #SWAP_BIT}. */
    public static final int SHAPE = 2;
    /** Word of a vertex: e0 (bits 0-7) and e1 (bits 8-15) for {@link LoopRules#limit}. */
    public static final int EDGES = 3;
    /** Bits of the valence in {@link #SHAPE}, and of e0 and of e1 in {@link #EDGES}. */
    public static final int FIELD_BITS = 8;
    /** The mask of a {@link #FIELD_BITS} field. */
    public static final int FIELD_MASK = (1 << FIELD_BITS) - 1;
    /** Where the rule sits in {@link #SHAPE}. */
    public static final int RULE_SHIFT = FIELD_BITS;
    /** The rule's mask, after {@link #RULE_SHIFT}: two bits hold LoopRules' four rules. */
    public static final int RULE_MASK = 3;
    /** In {@link #SHAPE}: an interior crease, whose sides are ordered by position at each move. */
    public static final int SWAP_BIT = 1 << 10;

    private final int[] topology;
    private final int vertexCount;
    private final int maxValence;
    private final Scheme scheme;

    /**
     * @param topology the welded mesh's rings
     * @param sharpness its sharpness, or null
     * @param sourceVertices for each welded vertex, the input vertex whose position it takes; null
     *     where positions come in the internal frame already ({@link #cagePosition} is not used then)
     * @param scheme the vertex weights of the limit
     */
    public LoopCage(MeshTopology topology, Sharpness sharpness, int[] sourceVertices, Scheme scheme) {
        int nv = topology.vertexCount();
        this.vertexCount = nv;
        this.maxValence = topology.maxValence();
        this.scheme = scheme;
        int spokes = 0;
        for (int u = 0; u < nv; u++) {
            spokes += topology.valence(u);
        }
        int[] t = new int[VERTEX_INTS * nv + spokes];
        int ring = VERTEX_INTS * nv;
        for (int u = 0; u < nv; u++) {
            int k = topology.valence(u);
            int at = VERTEX_INTS * u;
            t[at + SOURCE] = sourceVertices == null ? u : sourceVertices[u];
            t[at + RING] = ring;
            for (int i = 0; i < k; i++) {
                t[ring + i] = topology.neighbour(u, i);
            }
            ring += k;
            // The rule by its sharp edges (boundary edges included) and its own sharpness; a crease's
            // one-sided normal starts at its leading boundary edge, or inside at the sharp neighbour
            // that comes first by position (cageLimit), so that the choice is the one a split makes for
            // the vertices it creates.
            boolean boundary = topology.isBoundary(u);
            int sharp = 0;
            int e0 = -1;
            int e1 = -1;
            for (int i = 0; i < k; i++) {
                if (boundary && (i == 0 || i == k - 1)
                        || sharpness != null && sharpness.edge(u, topology.neighbour(u, i)) > 0) {
                    if (sharp == 0) {
                        e0 = i;
                    } else if (sharp == 1) {
                        e1 = i;
                    }
                    sharp++;
                }
            }
            int rule = LoopRules.vertexRule(sharpness == null ? 0f : sharpness.vertices()[u], sharp);
            if (rule == LoopRules.CORNER) {
                e0 = boundary || e0 < 0 ? 0 : e0;
                e1 = k == 0 ? 0 : (e0 + 1) % k;
            }
            boolean swap = rule == LoopRules.CREASE && !boundary;
            t[at + SHAPE] = k | rule << RULE_SHIFT | (swap ? SWAP_BIT : 0);
            t[at + EDGES] = (e0 & FIELD_MASK) | (e1 & FIELD_MASK) << FIELD_BITS;
        }
        this.topology = t;
    }

    /**
     * @return per vertex {@link #VERTEX_INTS} words ({@link #SOURCE}, {@link #RING}, {@link #SHAPE},
     *     {@link #EDGES}), then the rings: what loop_cage reads (not a copy: do not change it)
     */
    public int[] topology() {
        return topology;
    }

    /** @return the welded vertices */
    public int vertexCount() {
        return vertexCount;
    }

    /** @return the weights {@link #cageLimit} takes, as loop_cage takes them ({@link LoopRules#limitTable}) */
    public double[] weights() {
        return LoopRules.limitTable(scheme, Math.max(3, maxValence));
    }

    /** @return the largest valence, at least 3 ({@link LoopRules#limitCreaseAt}'s argument for {@link #weights}) */
    public int maxValence() {
        return Math.max(3, maxValence);
    }

    /**
     * Every welded vertex's position in the internal frame, from the user's positions: loop_cage's
     * first stage, a vertex per invocation there.
     *
     * @param input x, y, z per input vertex, finite (the caller checks)
     * @param internal receives x, y, z per welded vertex
     */
    public void moveCage(float[] input, InternalFrame frame, float[] internal) {
        for (int u = 0; u < vertexCount; u++) {
            cagePosition(u, input, frame, internal);
        }
    }

    /** Vertex u's position: its input vertex's, in the internal frame. */
    void cagePosition(int u, float[] input, InternalFrame frame, float[] internal) {
        int source = topology[VERTEX_INTS * u + SOURCE];
        for (int x = 0; x < 3; x++) {
            internal[3 * u + x] = frame.toInternal(input[3 * source + x], x);
        }
    }

    /**
     * Every vertex's limit position and unit limit normal ({@link LoopRules#limit}), once per vertex
     * so that all records holding it carry the same bits: loop_cage's second stage.
     *
     * @param positions x, y, z per welded vertex in the internal frame
     * @param lp receives the limit positions (a vertex with no ring keeps what it held)
     * @param ln receives the unit limit normals
     * @param scratch made for this cage ({@link #scratch()}), kept from one move to the next
     */
    public void renewLimits(float[] positions, float[] lp, float[] ln, Scratch scratch) {
        for (int u = 0; u < vertexCount; u++) {
            cageLimit(u, positions, lp, ln, scratch);
        }
    }

    /** @return what {@link #renewLimits} works in, for this cage's largest ring */
    public Scratch scratch() {
        return new Scratch(maxValence());
    }

    /** The doubles of one vertex's limit: the vertex, its ring, the results and the tangents. */
    public static final class Scratch {
        final double[] v = new double[3];
        final double[] ring;
        final double[] pos = new double[3];
        final double[] nor = new double[3];
        final double[] du = new double[3];
        final double[] dv = new double[3];

        Scratch(int maxValence) {
            ring = new double[3 * maxValence];
        }
    }

    /** Vertex u's limit position and normal, from its position and its ring's. */
    void cageLimit(int u, float[] positions, float[] lp, float[] ln, Scratch scratch) {
        int shape = topology[VERTEX_INTS * u + SHAPE];
        int k = shape & FIELD_MASK;
        if (k == 0) {
            return;
        }
        int ring = topology[VERTEX_INTS * u + RING];
        double[] v = scratch.v;
        double[] q = scratch.ring;
        for (int x = 0; x < 3; x++) {
            v[x] = positions[3 * u + x];
        }
        // The stored ring runs counter-clockwise and, on a boundary, starts right after the gap:
        // with the end of the leading boundary edge, as LoopRules.limit wants it.
        for (int i = 0; i < k; i++) {
            int w = topology[ring + i];
            for (int x = 0; x < 3; x++) {
                q[3 * i + x] = positions[3 * w + x];
            }
        }
        int rule = shape >>> RULE_SHIFT & RULE_MASK;
        int edges = topology[VERTEX_INTS * u + EDGES];
        int e0 = edges & FIELD_MASK;
        int e1 = edges >>> FIELD_BITS & FIELD_MASK;
        if ((shape & SWAP_BIT) != 0 && precedes(positions, topology[ring + e1], topology[ring + e0])) {
            int t = e0;
            e0 = e1;
            e1 = t;
        }
        LoopRules.limit(scheme, v, q, k, rule, e0, e1, scratch.pos, scratch.nor, scratch.du, scratch.dv);
        for (int x = 0; x < 3; x++) {
            lp[3 * u + x] = (float) scratch.pos[x];
            ln[3 * u + x] = (float) scratch.nor[x];
        }
    }

    /** Whether vertex a's position precedes b's: x first, then y, then z. */
    static boolean precedes(float[] positions, int a, int b) {
        for (int x = 0; x < 3; x++) {
            if (positions[3 * a + x] != positions[3 * b + x]) {
                return positions[3 * a + x] < positions[3 * b + x];
            }
        }
        return false;
    }
}
