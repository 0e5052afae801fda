package org.loopsub.stream;

import org.loopsub.rules.LoopRules;

/**
 * The rules of a record's corners and spokes, decided once per record and then applied by every
 * channel (positions, uvs, limits) and by the child writer, as OpenSubdiv decides a refinement's
 * masks once and applies them to every primvar: twin of {@code split_rules.glsl}.
 *
 * <p>Decided here: whether a corner is frozen (an adaptive rule, docs/design.md §4); a sharp
 * record's corner rules (smooth, dart, crease or corner, before and after this level's decay, and
 * the blend between them, {@link #creaseRule}); how each spoke's edge point is made
 * ({@link #spokeRule}: midpoint, semi-sharp or smooth); Chaikin's halves of every spoke one level
 * down ({@link #chaikinHalves}); and whether the vertex born on an edge is a crease vertex
 * ({@link #bornCrease}).
 */
final class SplitRules {
    /** How a spoke's edge point is made ({@link #spokeRule}). */
    static final int EDGE_MIDPOINT = 0;
    static final int EDGE_SEMI_SHARP = 1;
    static final int EDGE_SMOOTH = 2;

    private final SplitScratch scratch;
    private final RecordLayout layout;
    private final int ringMax;
    private final boolean creases;
    private final boolean chaikin;
    /** Frozen corners and linear complete edges (docs/design.md §4); off on the limit surface. */
    private final boolean adaptiveRules;
    private final int[] k;
    private final int[] g;
    private final boolean[] interior;
    private final int[] ringBits;
    final float[] reciprocals;
    /** The values a transition weight averages. */
    final float[] decayed;
    /** Whether the record has any sharpness (only those take the crease rules). */
    boolean sharpRecord;
    /** Its corners whose limit depends on the level ({@link RecordLayout#STALE} bits). */
    int staleBits;
    /** Chaikin's creasing: per corner c and ring position i, the half of spoke i at c one level down. */
    final float[] nearHalf;
    private final float[] others;
    /** Per corner of a sharp record: its rule at the next level and the sharp spokes it has there. */
    final int[] nextRule = new int[3];
    final int[] nextE0 = new int[3];
    final int[] nextE1 = new int[3];
    /** Per corner of a sharp record, its rule before this level's decay, that rule's sharp spokes and the blend. */
    final int[] parentRule = new int[3];
    final int[] parentE0 = new int[3];
    final int[] parentE1 = new int[3];
    final float[] blendWeight = new float[3];
    final boolean[] blends = new boolean[3];
    /** Per corner c and ring position i: how the spoke's edge point is made ({@link #EDGE_SMOOTH} ...). */
    final int[] edgeMode;
    final float[] edgeSharp;
    /** Per new vertex m_e: whether its limit depends on the level (born on a semi-sharp edge). */
    final boolean[] bornStale = new boolean[3];

    SplitRules(SplitScratch scratch) {
        this.scratch = scratch;
        this.layout = scratch.layout;
        this.ringMax = scratch.ringMax;
        this.creases = layout.creases();
        this.chaikin = layout.chaikin();
        this.adaptiveRules = !layout.limit();
        this.k = scratch.k;
        this.g = scratch.g;
        this.interior = scratch.interior;
        this.ringBits = scratch.ringBits;
        this.reciprocals = LoopRules.reciprocals(ringMax + 2);
        this.decayed = new float[ringMax + 1];
        this.nearHalf = new float[3 * ringMax];
        this.others = new float[ringMax];
        this.edgeMode = new int[3 * ringMax];
        this.edgeSharp = new float[3 * ringMax];
    }

    /** The record's sharpness and stale corners, from metadata word {@code m0}; its corners' gaps must be loaded. */
    void beginRules(int m0) {
        sharpRecord = creases && (m0 & RecordLayout.SHARP) != 0;
        staleBits = creases ? m0 & (RecordLayout.GENERAL_BITS & ~RecordLayout.SHARP) : 0;
        for (int c = 0; c < 3; c++) {
            // (without sharpness, a corner's rule at the next level is its boundary's or the smooth one)
            nextRule[c] = g[c] != RecordLayout.NO_GAP ? LoopRules.CREASE : LoopRules.SMOOTH;
        }
    }

    /** Whether corner c keeps its position: it has a complete spoke (docs/design.md §4). */
    boolean cornerFrozen(int[] meta, int mb, int c) {
        int t = c * ringMax;
        boolean frozen = false;
        for (int i = 0; i < k[c] && adaptiveRules && !frozen; i++) {
            frozen = RecordLayout.bit(meta, mb, ringBits[t + i]);
        }
        return frozen;
    }

    /**
     * Chaikin's halves at the record's corners ({@link #nearHalf}): each spoke's sharpness blended with
     * the average of the other semi-sharp spokes at the corner, summed in ascending order and times a
     * reciprocal, so that every record holding the corner gets the same bits.
     */
    void chaikinHalves(float[] p, int pb) {
        for (int c = 0; c < 3; c++) {
            chaikinCorner(p, pb, c);
        }
    }

    /** Chaikin's halves at corner c: one lane's share where the GPU splits a record on lanes. */
    private void chaikinCorner(float[] p, int pb, int c) {
        for (int i = 0; i < k[c]; i++) {
            int n = 0;
            for (int j = 0; j < k[c]; j++) {
                float s = spokeSharpness(p, pb, c, k[c], g[c], j);
                if (j != i && s > 0 && s < LoopRules.INFINITE_SHARPNESS) {
                    others[n++] = s;
                }
            }
            float avg = n == 0 ? -1f : LoopRules.sortedSum(others, n) * reciprocals[n];
            nearHalf[c * ringMax + i] = LoopRules.chaikinHalf(spokeSharpness(p, pb, c, k[c], g[c], i), avg);
        }
    }

    /** The half of spoke i of corner c at its far end, one level down (Chaikin). */
    float farHalf(float[] p, int pb, int c, int i) {
        if (i == 0) {
            return nearHalf[(c + 1) % 3 * ringMax + 1];
        }
        if (i == 1) {
            return nearHalf[(c + 2) % 3 * ringMax];
        }
        return LoopRules.chaikinHalf(spokeSharpness(p, pb, c, k[c], g[c], i),
                p[pb + layout.spokeFar(ringBits[c * ringMax + i])]);
    }

    /** The average of the semi-sharp halves at corner y's end other than that of spoke i, or -1. */
    float nextAverage(int y, int i) {
        int n = 0;
        for (int j = 0; j < k[y]; j++) {
            float h = nearHalf[y * ringMax + j];
            if (j != i && h > 0 && h < LoopRules.INFINITE_SHARPNESS) {
                others[n++] = h;
            }
        }
        return n == 0 ? -1f : LoopRules.sortedSum(others, n) * reciprocals[n];
    }

    /** {@link #farHalf} of the current record when Chaikin applies (else unused: 0). */
    float chaikinFar(int c, int i) {
        return chaikin && sharpRecord ? farHalf(scratch.curP, scratch.curPb, c, i) : 0f;
    }

    /** {@link #nextAverage} when Chaikin applies (else unused: 0). */
    float nextAverageIf(int y, int i) {
        return chaikin && sharpRecord ? nextAverage(y, i) : 0f;
    }

    /** A half as a far-end average of one edge: itself when semi-sharp, else -1. */
    static float alone(float h) {
        return h > 0 && h < LoopRules.INFINITE_SHARPNESS ? h : -1f;
    }

    /** Ring position of a spoke bit at corner c, or -1 when the record has no such spoke. */
    int ringIndex(int c, int bit) {
        for (int i = 0; i < k[c]; i++) {
            if (ringBits[c * ringMax + i] == bit) {
                return i;
            }
        }
        if (bit == 3 + 2 * c) {
            // a valence-3 corner: D_prev and D_next are one vertex, ring position k - 1 holds both bits
            return k[c] - 1;
        }
        return -1;  // no such spoke here (a D across a boundary edge): its bits and sharpness are 0
    }

    /** Sharpness of spoke i of corner c (a boundary spoke is infinitely sharp). */
    float spokeSharpness(float[] p, int pb, int c, int k, int g, int i) {
        return LoopFlagEdges.isBoundarySpoke(k, g, i) ? LoopRules.INFINITE_SHARPNESS
                : p[pb + layout.spokeSharpness(ringBits[c * ringMax + i])];
    }

    /**
     * The rule of corner c in a record with sharpness: by its sharp spokes and its own sharpness
     * before this level's decay ({@link #parentRule}) and after it ({@link #nextRule}), blended when
     * they differ and the first is a crease or a corner (OpenSubdiv's transition). The blend weight is
     * the average of the values that decay to 0 here, summed in ascending order so that every record
     * gets the same bits.
     */
    void creaseRule(float[] p, int pb, int c, int k, int g) {
        float vs = p[pb + layout.cornerSharpness(c)];
        float vsNext = LoopRules.decay(vs);
        int nd = 0;
        if (vs > 0 && vsNext <= 0) {
            decayed[nd++] = vs;
        }
        int np = 0;
        int nc = 0;
        int p0 = -1;
        int p1 = -1;
        int c0 = -1;
        int c1 = -1;
        for (int i = 0; i < k; i++) {
            float s = spokeSharpness(p, pb, c, k, g, i);
            float next = chaikin ? nearHalf[c * ringMax + i] : LoopRules.decay(s);
            if (s > 0) {
                if (np == 0) {
                    p0 = i;
                } else if (np == 1) {
                    p1 = i;
                }
                np++;
                if (next <= 0) {
                    decayed[nd++] = s;
                }
            }
            if (next > 0) {
                if (nc == 0) {
                    c0 = i;
                } else if (nc == 1) {
                    c1 = i;
                }
                nc++;
            }
        }
        int pRule = LoopRules.vertexRule(vs, np);
        int childRule = LoopRules.vertexRule(vsNext, nc);
        nextRule[c] = childRule;
        nextE0[c] = c0;
        nextE1[c] = c1;
        boolean blend = pRule != childRule && pRule >= LoopRules.CREASE;
        float w = blend ? Math.min(1f, LoopRules.sortedSum(decayed, nd) * reciprocals[nd]) : 0f;
        parentRule[c] = pRule;
        parentE0[c] = p0;
        parentE1[c] = p1;
        blends[c] = blend;
        blendWeight[c] = w;
    }

    /**
     * How the edge point of spoke i of corner c is made ({@link #EDGE_MIDPOINT}, {@link #EDGE_SEMI_SHARP}
     * or {@link #EDGE_SMOOTH}), kept in {@link #edgeMode} with its sharpness in {@link #edgeSharp}: the
     * midpoint on the boundary, on a complete spoke (adaptive rules) and on a crease, which a spoke is
     * while both its halves stay sharp (uniform creasing: s >= 1; Chaikin: each half its own).
     */
    int spokeRule(float[] p, int pb, int[] meta, int mb, int c, int k, int g, int i) {
        float sharp = sharpRecord ? p[pb + layout.spokeSharpness(ringBits[c * ringMax + i])] : 0f;
        boolean crease = chaikin ? sharp > 0 && nearHalf[c * ringMax + i] > 0 && farHalf(p, pb, c, i) > 0 : sharp >= 1f;
        edgeSharp[c * ringMax + i] = sharp;
        int mode;
        if (LoopFlagEdges.isBoundarySpoke(k, g, i)
                || adaptiveRules && RecordLayout.bit(meta, mb, ringBits[c * ringMax + i]) || crease) {
            mode = EDGE_MIDPOINT;
        } else {
            mode = sharp > 0f ? EDGE_SEMI_SHARP : EDGE_SMOOTH;
        }
        edgeMode[c * ringMax + i] = mode;
        return mode;
    }

    /**
     * Whether m_c, the vertex born on edge c, is a crease vertex: the edge's halves at c and at c+1
     * both stay sharp. Also notes whether its limit depends on the level ({@link #bornStale}).
     */
    boolean bornCrease(float[] p, int pb, int c) {
        int c1 = (c + 1) % 3;
        // m_c's two sharp edges, if any: the halves of edge c at c and at c+1
        float half = sharpRecord ? LoopRules.decay(p[pb + layout.spokeSharpness(c)]) : 0f;
        float half1 = half;
        if (chaikin && sharpRecord) {
            half = nearHalf[c * ringMax];
            half1 = nearHalf[c1 * ringMax + 1];
        }
        boolean crease = sharpRecord && interior[c] && half > 0 && half1 > 0;
        bornStale[c] = sharpRecord && interior[c] && (half > 0 || half1 > 0)
                && (half < LoopRules.INFINITE_SHARPNESS || half1 < LoopRules.INFINITE_SHARPNESS);
        return crease;
    }
}
