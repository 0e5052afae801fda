package org.loopsub.stream;

import static org.loopsub.stream.ChildWriter.copyBit;
import static org.loopsub.stream.LimitChannel.pointLess;
import static org.loopsub.stream.SplitScratch.putPoint;

import org.loopsub.rules.LoopRules;

/**
 * The split's fast path for regular records, three interior corners of valence 6 (almost every record
 * after a few levels): the rules of the general path are those of a valence-6 interior ring there,
 * and every channel is computed from constant tables; the triangles go through the same
 * {@link TriangleWriter}, the children from its registers by {@link RegularChildren}' table. Twin of
 * {@code regular_split.glsl}, which keeps every value in a named variable.
 */
final class RegularSplit {
    /** The regular path's corners: none renewed (they are interior, and no regular record is sharp). */
    private static final boolean[] NOT_RENEWED = new boolean[3];

    private final SplitScratch scratch;
    private final UvChannel uv;
    private final LimitChannel limits;
    private final TriangleWriter triangles;
    private final ChildWriter childWriter;
    private final RecordLayout layout;
    private final float[] weights;
    private final int pointFloats;
    private final int metaInts;
    private final int tf;
    private final boolean normals;
    /** Frozen corners and linear complete edges (docs/design.md §4); off on the limit surface. */
    private final boolean adaptiveRules;
    private final boolean uvs;
    private final boolean smoothUvs;
    private final boolean uvLimits;
    private final int[] k;
    private final int[] g;
    private final float[] bornRing;
    private final float[] bornUvLimit;
    private final float[] uvEdge;
    private final float[] uvVertex;
    private final float[] uvRing;
    // The constant ring tables and their scratch.
    /** {@code 3 * regSlot(c, i)} at {@code 6c + i}. */
    private final int[] regOff = new int[18];
    /** {@code regBit(c, i)} at {@code 6c + i}. */
    private final int[] regBit = new int[18];
    /** [c][i][x], 3 * 6 * 3. */
    private final float[] regEdge = new float[54];
    private final float[] regVertex = new float[9];
    /** The record slot of each of {@link RegularChildren}' table slots, in this layout. */
    private final int[] regularSlots = new int[RegularChildren.SLOTS];
    /** The smooth-uv scratch: a child's uv per table slot, and the child spokes' table. */
    private final float[] regSlotUv = new float[2 * RegularChildren.SLOTS];

    RegularSplit(SplitScratch scratch, UvChannel uv, LimitChannel limits, TriangleWriter triangles,
                 ChildWriter childWriter, float[] weights) {
        this.scratch = scratch;
        this.uv = uv;
        this.limits = limits;
        this.triangles = triangles;
        this.childWriter = childWriter;
        this.layout = scratch.layout;
        this.weights = weights;
        this.pointFloats = layout.pointFloats();
        this.metaInts = layout.metaInts();
        this.tf = layout.triangleFloats();
        this.normals = layout.carriesNormals();
        this.adaptiveRules = !layout.limit();
        this.uvs = layout.uvs();
        this.smoothUvs = layout.smoothUvs();
        this.uvLimits = layout.uvLimits();
        this.k = scratch.k;
        this.g = scratch.g;
        this.bornRing = limits.bornRing;
        this.bornUvLimit = limits.bornUvLimit;
        this.uvEdge = uv.uvEdge;
        this.uvVertex = uv.uvVertex;
        this.uvRing = uv.uvRing;
        for (int t = 0; t < RegularChildren.SLOTS; t++) {
            regularSlots[t] = RegularChildren.recordSlot(layout, t);
        }
        for (int c = 0; c < 3; c++) {
            for (int i = 0; i < 6; i++) {
                regOff[6 * c + i] = 3 * layout.ringSlot(c, 6, RecordLayout.NO_GAP, i);
                regBit[6 * c + i] = layout.ringBit(c, 6, RecordLayout.NO_GAP, i);
            }
        }
    }

    // ---- Regular records: three interior corners of valence 6. The ring of corner c is then fixed,
    // N, P, D_prev, fan 0, fan 1, D_next, so every index below comes from the constant tables regOff
    // and regBit (ringSlot and ringBit at k = 6, no gap). Same values as the general path, operation
    // for operation; the ring sums sort with min/max (a sorting network), which gives the same
    // ascending sequence as the insertion sort, and the sum runs left to right over it. (Only the
    // order of -0 and +0, equal for the insertion sort, can differ, and adding +0 or -0 to a sum
    // that starts at +0 never changes its bits: the sum is never -0.)

    /**
     * Optimal 6-input sorting network (12 comparators), then a left-to-right sum; twin of the
     * shader's. The comparators work on {@link #sortKey}s, integers in the order of the floats, so
     * that the JIT compiles them to branch-free min/max; the sorted sequence is the ascending one.
     */
    static float sortedSum6(float f0, float f1, float f2, float f3, float f4, float f5) {
        int r0 = sortKey(f0);
        int r1 = sortKey(f1);
        int r2 = sortKey(f2);
        int r3 = sortKey(f3);
        int r4 = sortKey(f4);
        int r5 = sortKey(f5);
        int lo;
        lo = Math.min(r1, r2); r2 = Math.max(r1, r2); r1 = lo;
        lo = Math.min(r4, r5); r5 = Math.max(r4, r5); r4 = lo;
        lo = Math.min(r0, r2); r2 = Math.max(r0, r2); r0 = lo;
        lo = Math.min(r3, r5); r5 = Math.max(r3, r5); r3 = lo;
        lo = Math.min(r0, r1); r1 = Math.max(r0, r1); r0 = lo;
        lo = Math.min(r3, r4); r4 = Math.max(r3, r4); r3 = lo;
        lo = Math.min(r1, r4); r4 = Math.max(r1, r4); r1 = lo;
        lo = Math.min(r0, r3); r3 = Math.max(r0, r3); r0 = lo;
        lo = Math.min(r2, r5); r5 = Math.max(r2, r5); r2 = lo;
        lo = Math.min(r1, r3); r3 = Math.max(r1, r3); r1 = lo;
        lo = Math.min(r2, r4); r4 = Math.max(r2, r4); r2 = lo;
        lo = Math.min(r2, r3); r3 = Math.max(r2, r3); r2 = lo;
        float s = 0f;
        s = s + fromSortKey(r0);
        s = s + fromSortKey(r1);
        s = s + fromSortKey(r2);
        s = s + fromSortKey(r3);
        s = s + fromSortKey(r4);
        s = s + fromSortKey(r5);
        return s;
    }

    /**
     * A float's bits as an int whose signed order is the float's order (negative floats have their
     * magnitude bits flipped); -0 sorts just below +0. Finite floats only (records hold no NaN).
     */
    static int sortKey(float f) {
        int b = Float.floatToRawIntBits(f);
        return b ^ ((b >> 31) & 0x7FFFFFFF);
    }

    /** The float of a {@link #sortKey}. */
    static float fromSortKey(int k) {
        return Float.intBitsToFloat(k ^ ((k >> 31) & 0x7FFFFFFF));
    }

    void splitRegular(RecordChunk chunk, int r, int j, int sliverFloat, LoopSplit.ChildSink children, float[] direct,
                      int directAt, float[] slivers) {
        float[] p = chunk.points;
        int[] meta = chunk.meta;
        int pb = r * pointFloats;
        int mb = r * metaInts;
        int m0 = meta[mb];
        // No complete bit at all (uniform refinement, and most of an adaptive one): nothing is
        // frozen and no spoke takes its midpoint, without testing the bits one by one.
        boolean anyBit = false;
        for (int w = 2; w < metaInts; w++) {
            anyBit |= meta[mb + w] != 0;
        }
        boolean rules = anyBit && adaptiveRules;
        if (uvs) {
            uv.bornUvs(p, pb);
        }
        // At the last level only the record's own edges are written, each as spoke 0 of the corner
        // it starts from (spoke 1 of corner c is spoke 0 of corner c+2 seen from the other end: the
        // masks are symmetric, so it would give the same bits).
        // (Births need spokes 0, 2 and 5 of every corner: all of them then.)
        int spokes = children == null && !normals ? 1 : 6;
        for (int c = 0; c < 3; c++) {
            regularCorner(p, pb, meta, mb, c, spokes, rules);
        }
        if (smoothUvs) {
            regularUvs(p, pb, meta, mb, rules);
        }
        if (normals) {
            regularBirths();
        }
        int nf = RecordLayout.neighbourFinished(m0);
        triangles.writeSlivers(slivers, sliverFloat, nf, p, pb, regVertex, regEdge, 18);
        if (children == null) {
            triangles.writeDirect(direct, directAt + 4 * tf * j, p, pb, regVertex, regEdge, 18, NOT_RENEWED, NOT_RENEWED);
            return;
        }
        writeRegularChildren(children, j, meta, mb, nf, p, pb, anyBit);
    }

    /**
     * Corner c of a regular record: V'_c into {@link #regVertex} and the edge points of its first
     * {@code spokes} spokes into {@link #regEdge}; with {@code rules} (the adaptive rules, and the
     * record has complete bits) a corner with a complete spoke is frozen and a complete spoke takes
     * its midpoint.
     */
    private void regularCorner(float[] p, int pb, int[] meta, int mb, int c, int spokes, boolean rules) {
        float w = weights[12];
        float beta = weights[13];
        int t = 6 * c;
        boolean frozen = false;
        if (rules) {
            for (int i = 0; i < 6; i++) {
                frozen |= RecordLayout.bit(meta, mb, regBit[t + i]);
            }
        }
        int v = pb + 3 * c;
        if (frozen) {
            regVertex[3 * c] = p[v];
            regVertex[3 * c + 1] = p[v + 1];
            regVertex[3 * c + 2] = p[v + 2];
        } else {
            int s0 = pb + regOff[t];
            int s1 = pb + regOff[t + 1];
            int s2 = pb + regOff[t + 2];
            int s3 = pb + regOff[t + 3];
            int s4 = pb + regOff[t + 4];
            int s5 = pb + regOff[t + 5];
            for (int x = 0; x < 3; x++) {
                float s6 = sortedSum6(p[s0 + x], p[s1 + x], p[s2 + x], p[s3 + x], p[s4 + x], p[s5 + x]);
                regVertex[3 * c + x] = LoopRules.vertexPoint(w, beta, p[v + x], s6);
            }
        }
        for (int i = 0; i < spokes; i++) {
            int a = v;
            int b = pb + regOff[t + i];
            int oc = pb + regOff[t + (i + 5) % 6];
            int od = pb + regOff[t + (i + 1) % 6];
            boolean mid = rules && RecordLayout.bit(meta, mb, regBit[t + i]);
            int o = 18 * c + 3 * i;
            if (mid) {
                for (int x = 0; x < 3; x++) {
                    regEdge[o + x] = LoopRules.midpoint(p[a + x], p[b + x]);
                }
            } else {
                for (int x = 0; x < 3; x++) {
                    regEdge[o + x] = LoopRules.edgePoint(p[a + x], p[b + x], p[oc + x], p[od + x]);
                }
            }
        }
    }

    /**
     * The limit position and normal of the vertices a regular record's split creates (and with limit
     * uvs their limit uvs): m_c's ring is (m_{c+2}, V'_c, E(c, D_c), E(c+1, D_c), V'_{c+1}, m_{c+1})
     * from the registers, every edge interior and none a crease.
     */
    private void regularBirths() {
        for (int c = 0; c < 3; c++) {
            int c1 = (c + 1) % 3;
            int c2 = (c + 2) % 3;
            putPoint(bornRing, 0, regEdge, 18 * c2);
            putPoint(bornRing, 3, regVertex, 3 * c);
            putPoint(bornRing, 6, regEdge, 18 * c + 15);
            putPoint(bornRing, 9, regEdge, 18 * c1 + 6);
            putPoint(bornRing, 12, regVertex, 3 * c1);
            putPoint(bornRing, 15, regEdge, 18 * c1);
            limits.birth(c, regEdge, 18 * c, true, false);
            if (uvLimits) {
                limits.bornUvLimitOf(c, false, pointLess(bornRing, 3, bornRing, 12) ? 1 : 4);
            }
        }
    }

    /**
     * The four children of a regular record, at {@code 4j + k} of {@code children} (corner children
     * 0, 1, 2, then the centre child): their points from the registers by {@link RegularChildren}'
     * table, the halves of the parent's spokes with their complete bits ({@code anyBit}: the record
     * has any), their flags, limit data and uvs.
     */
    private void writeRegularChildren(LoopSplit.ChildSink children, int j, int[] meta, int mb, int nf, float[] p, int pb,
                                      boolean anyBit) {
        // Children of a regular record are regular: every corner has valence 6 and a fan of two; the
        // fan slots beyond two stay zero (the destination is all zero, ChildSink's contract).
        int meta0 = RecordLayout.packMeta0(6, 6, 6, 0) | (smoothUvs ? RecordLayout.SEAMLESS : 0);
        int meta1 = RecordLayout.packMeta1(RecordLayout.NO_GAP, RecordLayout.NO_GAP, RecordLayout.NO_GAP);
        for (int c = 0; c < 3; c++) {
            int c1 = (c + 1) % 3;
            int c2 = (c + 2) % 3;
            int q = 4 * j + c;
            RecordChunk dst = children.chunkOf(q);
            int dr = children.indexOf(q);
            float[] qp = dst.points;
            int[] qm = dst.meta;
            int qb = dr * pointFloats;
            int qmb = dr * metaInts;
            putRegularChild(qp, qb, c);
            if (anyBit) {
                copyBit(meta, mb, regBit[6 * c + 3], qm, qmb, layout.fanBit(c, 0));
                copyBit(meta, mb, regBit[6 * c + 4], qm, qmb, layout.fanBit(c, 1));
                copyBit(meta, mb, c, qm, qmb, layout.fanBit(c1, 1));
                copyBit(meta, mb, c2, qm, qmb, layout.fanBit(c2, 0));
                copyBit(meta, mb, c, qm, qmb, c);
                copyBit(meta, mb, c2, qm, qmb, c2);
                copyBit(meta, mb, 3 + 2 * c, qm, qmb, 3 + 2 * c);
                copyBit(meta, mb, 4 + 2 * c2, qm, qmb, 4 + 2 * c2);
            }
            qm[qmb] = meta0 | (nf & (1 << c | 1 << c2)) << 24;
            qm[qmb + 1] = meta1;
            if (normals) {
                childWriter.carryCorner(qp, qb, c, p, pb);
            }
            if (uvs) {
                childWriter.cornerChildUvs(qp, qb, c, p, pb);
            }
            if (smoothUvs) {
                regularChildSmoothUvs(qp, qb, c);
            }
        }
        int q = 4 * j + 3;
        RecordChunk dst = children.chunkOf(q);
        int dr = children.indexOf(q);
        float[] qp = dst.points;
        int[] qm = dst.meta;
        int qb = dr * pointFloats;
        int qmb = dr * metaInts;
        putRegularChild(qp, qb, 3);
        for (int jj = 0; jj < 3; jj++) {
            int e = (jj + 1) % 3;
            int e2 = (jj + 2) % 3;
            if (anyBit) {
                copyBit(meta, mb, e, qm, qmb, 3 + 2 * jj);
                copyBit(meta, mb, e2, qm, qmb, 4 + 2 * jj);
            }
        }
        qm[qmb] = meta0;
        qm[qmb + 1] = meta1;
        if (normals) {
            childWriter.carryCentre(qp, qb);
        }
        if (uvs) {
            childWriter.carryUvs(qp, qb, p, pb, 1, 2, 0);
        }
        if (smoothUvs) {
            regularChildSmoothUvs(qp, qb, 3);
        }
    }

    /**
     * Whether a regular record in the full form (not {@link RecordLayout#SEAMLESS}, whose flag says so
     * at once) has no uv seam and no pinned value (smooth uv rule): then every uv of
     * its ring is one value, the positions' masks apply to them as they are, and the regular path
     * computes them (the general path would give the same bits).
     */
    boolean seamless(float[] p, int pb) {
        for (int c = 0; c < 3; c++) {
            if (p[pb + layout.uvPin(c)] != 0f) {
                return false;
            }
            for (int i = 0; i < 6; i++) {
                if (p[pb + layout.uvSeam(regBit[6 * c + i])] != 0f) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The smooth uv rule on a seamless regular record: V'_c and the edge points of all six spokes
     * of every corner (both sides one value) into {@link #uvVertex} and {@link #uvEdge}, with the
     * operations of {@link UvChannel#uvVertexPoint} and {@link UvChannel#uvEdgePoint} on a seamless
     * valence-6 ring.
     */
    private void regularUvs(float[] p, int pb, int[] meta, int mb, boolean rules) {
        scratch.curP = p;
        scratch.curPb = pb;
        float w = weights[12];
        float beta = weights[13];
        boolean compact = (meta[mb] & RecordLayout.SEAMLESS) != 0;
        for (int c = 0; c < 3; c++) {
            k[c] = 6;
            g[c] = RecordLayout.NO_GAP;
            int t = 6 * c;
            boolean frozen = false;
            if (rules) {
                for (int i = 0; i < 6; i++) {
                    frozen |= RecordLayout.bit(meta, mb, regBit[t + i]);
                }
            }
            for (int x = 0; x < 2; x++) {
                float v = uv.uvAt(c, x, false);
                for (int i = 0; i < 6; i++) {
                    uvRing[i] = i == 0 ? uv.uvAt((c + 1) % 3, x, false) : i == 1 ? uv.uvAt((c + 2) % 3, x, false)
                            : compact ? p[pb + layout.uvSlot(ringSlot(c, i), x)]
                            : p[pb + layout.uvFar(regBit[t + i], 0, x)];
                }
                for (int i = 0; i < 6; i++) {
                    boolean mid = rules && RecordLayout.bit(meta, mb, regBit[t + i]);
                    float e = mid ? LoopRules.midpoint(v, uvRing[i])
                            : LoopRules.edgePoint(v, uvRing[i], uvRing[(i + 5) % 6], uvRing[(i + 1) % 6]);
                    uvEdge[uv.ue(c, i, 0) + x] = e;
                    uvEdge[uv.ue(c, i, 1) + x] = e;
                }
                uvVertex[2 * c + x] = frozen ? v : LoopRules.vertexPoint(w, beta, v,
                        sortedSum6(uvRing[0], uvRing[1], uvRing[2], uvRing[3], uvRing[4], uvRing[5]));
            }
        }
        uv.smoothBornUvs();
    }

    /**
     * The point slot of ring position i (2-5) of corner c of a regular record: D_{c+2}, the fan, D_c,
     * where a {@link RecordLayout#SEAMLESS} record keeps the uv its spoke {@code regBit[6c + i]} would
     * carry as its far end's.
     */
    private int ringSlot(int c, int i) {
        return i == 2 ? 3 + (c + 2) % 3 : i == 5 ? 3 + c : layout.fanSlot(c, i - 3);
    }

    /**
     * Regular child k's smooth-uv data: a {@link RecordLayout#SEAMLESS} child's uv of every point slot
     * ({@link RegularChildren#SOURCES}), and with limit uvs its corners'.
     */
    private void regularChildSmoothUvs(float[] qp, int qb, int kk) {
        int[] sources = RegularChildren.SOURCES[kk];
        for (int t = 0; t < RegularChildren.SLOTS; t++) {
            int src = sources[t];
            int o = src < 3 ? 2 * src : uv.ue((src - 3) / 6, (src - 3) % 6, 1);
            float[] from = src < 3 ? uvVertex : uvEdge;
            regSlotUv[2 * t] = from[o];
            regSlotUv[2 * t + 1] = from[o + 1];
        }
        for (int t = 0; t < RegularChildren.SLOTS; t++) {
            int slot = RegularChildren.recordSlot(layout, t);
            qp[qb + layout.uvSlot(slot, 0)] = regSlotUv[2 * t];
            qp[qb + layout.uvSlot(slot, 1)] = regSlotUv[2 * t + 1];
        }
        if (uvLimits) {
            for (int jj = 0; jj < 3; jj++) {
                // corner child c keeps the parent's limit uv at corner c; m_e elsewhere (the centre: m_{j+1} at j)
                int e = kk == 3 ? (jj + 1) % 3 : jj == kk ? -1 : jj == (kk + 1) % 3 ? kk : (kk + 2) % 3;
                for (int x = 0; x < 2; x++) {
                    qp[qb + layout.uvLimit(jj, x)] = e < 0 ? scratch.curP[scratch.curPb + layout.uvLimit(jj, x)]
                            : bornUvLimit[2 * e + x];
                }
            }
        }
    }

    /** The points of regular child k from the registers, by {@link RegularChildren}' table. */
    private void putRegularChild(float[] qp, int qb, int k) {
        int[] sources = RegularChildren.SOURCES[k];
        for (int t = 0; t < RegularChildren.SLOTS; t++) {
            int src = sources[t];
            int slot = regularSlots[t];
            if (src < 3) {
                putPoint(qp, qb + 3 * slot, regVertex, 3 * src);
            } else {
                putPoint(qp, qb + 3 * slot, regEdge, 3 * (src - 3));
            }
        }
    }
}
