package org.loopsub.stream;

import static org.loopsub.stream.SplitRules.EDGE_MIDPOINT;
import static org.loopsub.stream.SplitRules.EDGE_SEMI_SHARP;
import static org.loopsub.stream.SplitRules.alone;
import static org.loopsub.stream.ChildWriter.copyBit;
import static org.loopsub.stream.LimitChannel.pointLess;
import static org.loopsub.stream.SplitScratch.putPoint;
import static org.loopsub.stream.UvChannel.SPAN_CURVE;
import static org.loopsub.stream.UvChannel.SPAN_MATCHED;
import static org.loopsub.stream.UvChannel.SPAN_PINNED;

import org.loopsub.rules.LoopRules;

/**
 * Pass 3 of a level, the split: each active record becomes four children, written at
 * {@code 4i + k} for the i-th active record, each a complete record of the next level (its corners,
 * its one-ring patch and its flags), plus one sliver {@code (a, b, m)} per edge whose neighbour has
 * finished. At the last level the children are written as output triangles instead. Twin of
 * {@code loop_split.comp}.
 *
 * <p>Children, with m_e the edge point of edge e and V' the new corner positions:
 * child c (c = 0, 1, 2) is {@code (V'_c, m_c, m_{c+2})} in corner slots {@code c, c+1, c+2}; the
 * centre child 3 has {@code m_{j+1}} in corner slot j. Orientation is preserved.
 *
 * <p>Positions follow {@link LoopRules}; the adaptive rules of docs/design.md §4 enter in two places: a
 * corner with any complete spoke is frozen (keeps its position), and a complete spoke's edge point
 * is its midpoint. On the limit surface ({@link RecordLayout#limit()}) neither applies: every output
 * vertex takes the limit position it got where it was born, which no later level changes, so the
 * control points may follow Loop's rules everywhere and triangles of different levels still meet.
 *
 * <p>With a layout that carries limit data, the split also computes the limit position and normal of
 * the three vertices it creates (see {@link #birth}) and hands every child its corners' data. With
 * sharpness, records that have any take the general path, where each corner's rule comes from its
 * spokes' sharpness ({@link #creaseVertexPoint}) and each child spoke gets its half of the parent's
 * (uniform decay, or Chaikin's per end: {@link SplitRules#chaikinHalves}). With uvs, a new vertex takes the
 * midpoint of its edge's uvs in this face (the linear rule), or with {@link RecordLayout#smoothUvs()}
 * the smooth rule's value ({@link #uvVertexPoint}, {@link #uvEdgePoint}; seamless regular records
 * by {@link #regularUvs}).
 *
 * <p>Like the shader, records whose three corners are interior and of valence 6 (almost every record
 * after a few levels) take {@link #splitRegular}, where every ring index is a constant from a table
 * and the ring sums sort with a sorting network; the values are those of the general path,
 * operation for operation. The pass allocates nothing per record: the scratch arrays live in the
 * instance (one per worker thread).
 */
public final class LoopSplit {
    private final RecordLayout layout;
    private final float[] weights;
    private final int ringMax;
    private final int pointFloats;
    private final int metaInts;
    // Scratch, one instance per worker thread.
    private final SplitScratch scratch;
    private final PositionChannel positions;
    private final float[] edgePoints;
    private final float[] vertexPoints;
    private final float[] ring;
    private final int[] ringBits;
    private final int[] k;
    private final int[] g;
    private final boolean[] interior;

    // Regular records (see splitRegular): the constant ring tables and their scratch.
    /** {@code 3 * regSlot(c, i)} at {@code 6c + i}. */
    private final int[] regOff = new int[18];
    /** {@code regBit(c, i)} at {@code 6c + i}. */
    private final int[] regBit = new int[18];
    /** [c][i][x], 3 * 6 * 3. */
    private final float[] regEdge = new float[54];
    private final float[] regVertex = new float[9];
    /** The record slot of each of {@link RegularChildren}' table slots, in this layout. */
    private final int[] regularSlots = new int[RegularChildren.SLOTS];

    // Limit data (layouts that carry it): the limit position and normal of the vertices this split
    // creates, m_0, m_1, m_2 (the record's own edge points), and the ring each is computed from.
    private final boolean normals;
    private final boolean limit;
    /** Frozen corners and linear complete edges (docs/design.md §4); off on the limit surface. */
    private final boolean adaptiveRules;
    private final int vf;
    private final int tf;
    private final LimitChannel limits;
    private final TriangleWriter triangles;
    private final ChildWriter childWriter;
    private final float[] bornNormal;
    private final float[] bornLimit;
    private final float[] bornRing;
    /** Texture coordinates (layouts with uvs): per vertex m_e born on edge e, its uv in this face. */
    private final boolean uvs;
    private final int vuv;
    private final UvChannel uv;
    private final float[] bornUv;
    private final boolean smoothUvs;
    private final float[] uvEdge;
    private final float[] uvVertex;
    private final boolean uvLimits;
    private final float[] bornUvLimit;
    private final float[] renewedUvLimit;
    /** The regular path's smooth-uv scratch: a child's uv per table slot, and the child spokes' table. */
    private final float[] regSlotUv = new float[2 * RegularChildren.SLOTS];
    private final int[][] regularUvSpokes;
    private final float[] uvRing;
    private final int[] parentRule;
    private final int[] parentE0;
    private final int[] parentE1;
    private final float[] blendWeight;
    private final boolean[] blends;
    private final int[] edgeMode;
    private final float[] edgeSharp;
    private final boolean[] renewed;
    private final float[] renewedNormal;
    /** The regular path's corners: none renewed (they are interior, and no regular record is sharp). */
    private static final boolean[] NOT_RENEWED = new boolean[3];

    // Creases (layouts with sharpness): the rules decided once per record.
    private final SplitRules rules;
    private final boolean creases;
    private final float[] reciprocals;
    private final float[] decayed;
    private final boolean chaikin;
    private final float[] nearHalf;
    private final int[] nextRule;
    private final int[] nextE0;
    private final int[] nextE1;
    private final boolean[] bornStale;
    private final boolean[] renewedAll;
    private final float[] renewedLimit;
    /**
     * Whether regular records take {@link #splitRegular}; only LoopSplitTest turns it off, to hold
     * the fast path against the general one on the same records.
     */
    boolean regularPath = true;

    /**
     * @param layout the record layout
     * @param weights the vertex weights from {@link LoopRules#weights}, covering every valence
     */
    public LoopSplit(RecordLayout layout, float[] weights) {
        this.layout = layout;
        this.weights = weights;
        this.ringMax = layout.ringMax();
        this.pointFloats = layout.pointFloats();
        this.metaInts = layout.metaInts();
        this.normals = layout.carriesNormals();
        this.limit = layout.limit();
        this.adaptiveRules = !limit;
        this.vf = layout.vertexFloats();
        this.tf = layout.triangleFloats();
        this.creases = layout.creases();
        this.chaikin = layout.chaikin();
        this.uvs = layout.uvs();
        this.vuv = layout.vertexUv();
        this.smoothUvs = layout.smoothUvs();
        this.uvLimits = layout.uvLimits();
        this.regularUvSpokes = RegularChildren.uvSpokes(layout);
        this.scratch = new SplitScratch(layout);
        this.ring = scratch.ring;
        this.ringBits = scratch.ringBits;
        this.k = scratch.k;
        this.g = scratch.g;
        this.interior = scratch.interior;
        this.rules = new SplitRules(scratch);
        this.reciprocals = rules.reciprocals;
        this.decayed = rules.decayed;
        this.nearHalf = rules.nearHalf;
        this.nextRule = rules.nextRule;
        this.nextE0 = rules.nextE0;
        this.nextE1 = rules.nextE1;
        this.parentRule = rules.parentRule;
        this.parentE0 = rules.parentE0;
        this.parentE1 = rules.parentE1;
        this.blendWeight = rules.blendWeight;
        this.blends = rules.blends;
        this.edgeMode = rules.edgeMode;
        this.edgeSharp = rules.edgeSharp;
        this.bornStale = rules.bornStale;
        this.positions = new PositionChannel(scratch, rules, weights);
        this.vertexPoints = positions.vertexPoints;
        this.edgePoints = positions.edgePoints;
        this.uv = new UvChannel(scratch, rules, weights);
        this.bornUv = uv.bornUv;
        this.uvEdge = uv.uvEdge;
        this.uvVertex = uv.uvVertex;
        this.uvRing = uv.uvRing;
        this.limits = new LimitChannel(scratch, rules, positions, uv, weights);
        this.bornNormal = limits.bornNormal;
        this.bornLimit = limits.bornLimit;
        this.bornRing = limits.bornRing;
        this.bornUvLimit = limits.bornUvLimit;
        this.renewedUvLimit = limits.renewedUvLimit;
        this.renewed = limits.renewed;
        this.renewedNormal = limits.renewedNormal;
        this.renewedAll = limits.renewedAll;
        this.renewedLimit = limits.renewedLimit;
        this.triangles = new TriangleWriter(layout, uv, limits);
        this.childWriter = new ChildWriter(scratch, rules, positions, uv, limits);
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

    /**
     * Where the children of one chunk go: records of the next level, or output triangles. The
     * destination records must be all zero when the split starts (freshly allocated chunks): the
     * split writes only the slots and bits a child uses, and the unused ones must read as zero, as
     * the shader's {@code beginChild} leaves them.
     */
    public interface ChildSink {
        /**
         * @param q child index within the chunk's children ({@code 4i + k})
         * @return the chunk that holds child q
         */
        RecordChunk chunkOf(int q);

        /**
         * @param q child index
         * @return the record index of child q inside {@link #chunkOf}
         */
        int indexOf(int q);
    }

    /**
     * Makes the last split (which writes triangles) of a uniform refinement take the limit position
     * and normal of corners with sharp spokes again from their rings at the last level, with that
     * level's rules: darts and semi-sharp creases have a limit that depends on the level it is taken
     * at. Adaptive refinement keeps the limit each vertex got where it was born (triangles of several
     * levels share it).
     *
     * @param on whether to
     * @return this
     */
    public LoopSplit renewSharpLimitsAtLastLevel(boolean on) {
        limits.renewAtLast = on;
        return this;
    }

    /**
     * Splits the active records of a chunk.
     *
     * @param chunk the records
     * @param filter the filter's decision for this chunk
     * @param children where child records go (all zero beforehand), or null to write triangles to {@code direct}
     * @param direct receives 4 triangles per active record when {@code children} is null
     * @param slivers receives a triangle per sliver at the filter's sliver offsets
     */
    public void run(RecordChunk chunk, LoopFilter.Result filter, ChildSink children, float[] direct, float[] slivers) {
        run(chunk, filter, children, direct, 0, slivers, 0);
    }

    /**
     * Splits the active records of a chunk into arrays shared with other chunks.
     *
     * @param chunk the records
     * @param filter the filter's decision for this chunk
     * @param children where child records go (all zero beforehand), or null to write triangles to {@code direct}
     * @param direct receives 4 triangles per active record when {@code children} is null
     *               ({@link RecordLayout#triangleFloats()} floats each, as every output triangle)
     * @param directAt float offset in {@code direct} of this chunk's first triangle
     * @param slivers receives a triangle per sliver at the filter's sliver offsets
     * @param sliverAt float offset in {@code slivers} of this chunk's first sliver
     */
    public void run(RecordChunk chunk, LoopFilter.Result filter, ChildSink children, float[] direct, int directAt,
                    float[] slivers, int sliverAt) {
        int[] meta = chunk.meta;
        int[] active = filter.active;
        int[] sliverOffset = filter.sliverOffset;
        int regularMeta0 = RecordLayout.packMeta0(6, 6, 6, 0);
        int regularMeta1 = RecordLayout.packMeta1(RecordLayout.NO_GAP, RecordLayout.NO_GAP, RecordLayout.NO_GAP);
        for (int j = 0; j < filter.activeCount; j++) {
            int r = active[j];
            int mb = r * metaInts;
            int m0 = meta[mb];
            if (regularPath && meta[mb + 1] == regularMeta1 && (m0 & RecordLayout.REGULAR_MASK) == regularMeta0
                    && (!smoothUvs || seamless(chunk.points, r * pointFloats))) {
                splitRegular(chunk, r, j, sliverAt + tf * sliverOffset[j], children, direct, directAt, slivers);
            } else {
                splitOne(chunk, r, j, sliverAt + tf * sliverOffset[j], children, direct, directAt, slivers);
            }
        }
    }

    private void splitOne(RecordChunk chunk, int r, int j, int sliverFloat, ChildSink children, float[] direct,
                          int directAt, float[] slivers) {
        float[] p = chunk.points;
        int[] meta = chunk.meta;
        int pb = r * pointFloats;
        int mb = r * metaInts;
        int m0 = meta[mb];
        scratch.loadRing(p, pb, m0, meta[mb + 1]);
        if (uvs) {
            uv.bornUvs(p, pb);
        }
        rules.beginRules(m0);

        // Vertex points, then edge points of every spoke; shared spokes are computed from both ends
        // and agree because the masks are symmetric to the bit.
        if (chaikin && rules.sharpRecord) {
            rules.chaikinHalves(p, pb);
        }
        for (int c = 0; c < 3; c++) {
            int kc = k[c];
            int gc = g[c];
            boolean frozen = rules.cornerFrozen(meta, mb, c);
            positions.vertexPoint(p, pb, c, kc, gc, frozen);
            for (int i = 0; i < kc; i++) {
                positions.edgePoint(p, pb, meta, mb, c, kc, gc, i);
            }
            if (smoothUvs) {
                uv.uvVertexPoint(c, kc, gc, frozen);
                for (int i = 0; i < kc; i++) {
                    uv.uvEdgePoint(c, kc, i);
                }
            }
        }
        if (smoothUvs) {
            uv.smoothBornUvs();
        }
        if (normals) {
            limits.bornLimits(p, pb);
            limits.renewCorners(children == null);
        }

        int nf = RecordLayout.neighbourFinished(m0);
        triangles.writeSlivers(slivers, sliverFloat, nf, p, pb, vertexPoints, edgePoints, 3 * ringMax);
        if (children == null) {
            triangles.writeDirect(direct, directAt + 4 * tf * j, p, pb, vertexPoints, edgePoints, 3 * ringMax, renewed, renewedAll);
            return;
        }
        childWriter.writeChildren(children, j, meta, mb, nf, p, pb);
    }

    /**
     * Writes the limit uv of every corner of a level-0 record (layouts with {@link RecordLayout#uvLimits()}),
     * by the same rules a split applies to the vertices it creates; the record's other data must be
     * complete.
     *
     * @param chunk the records
     * @param r the record
     */
    void levelZeroUvLimits(RecordChunk chunk, int r) {
        float[] p = chunk.points;
        int pb = r * pointFloats;
        int mb = r * metaInts;
        int m0 = chunk.meta[mb];
        scratch.loadRing(p, pb, m0, chunk.meta[mb + 1]);
        rules.beginRules(m0);
        for (int c = 0; c < 3; c++) {
            limits.uvLimitPoint(c, k[c], g[c], false, p, pb + layout.uvLimit(c, 0));
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

    private void splitRegular(RecordChunk chunk, int r, int j, int sliverFloat, ChildSink children, float[] direct,
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
        float w = weights[12];
        float beta = weights[13];
        if (uvs) {
            uv.bornUvs(p, pb);
        }
        // At the last level only the record's own edges are written, each as spoke 0 of the corner
        // it starts from (spoke 1 of corner c is spoke 0 of corner c+2 seen from the other end: the
        // masks are symmetric, so it would give the same bits).
        // (Births need spokes 0, 2 and 5 of every corner: all of them then.)
        int spokes = children == null && !normals ? 1 : 6;
        for (int c = 0; c < 3; c++) {
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
        if (smoothUvs) {
            regularUvs(p, pb, meta, mb, rules);
        }
        if (normals) {
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
        int nf = RecordLayout.neighbourFinished(m0);
        triangles.writeSlivers(slivers, sliverFloat, nf, p, pb, regVertex, regEdge, 18);
        if (children == null) {
            triangles.writeDirect(direct, directAt + 4 * tf * j, p, pb, regVertex, regEdge, 18, NOT_RENEWED, NOT_RENEWED);
            return;
        }
        // Children of a regular record are regular: every corner has valence 6 and a fan of two; the
        // fan slots beyond two stay zero (the destination is all zero, ChildSink's contract).
        int meta0 = RecordLayout.packMeta0(6, 6, 6, 0);
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
     * Whether a regular record has no uv seam and no pinned value (smooth uv rule): then every uv of
     * its ring is one value, the positions' masks apply to them as they are, and the regular path
     * computes them (the general path would give the same bits).
     */
    private boolean seamless(float[] p, int pb) {
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
     * operations of {@link #uvVertexPoint} and {@link #uvEdgePoint} on a seamless valence-6 ring.
     */
    private void regularUvs(float[] p, int pb, int[] meta, int mb, boolean rules) {
        scratch.curP = p;
        scratch.curPb = pb;
        float w = weights[12];
        float beta = weights[13];
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
     * Regular child k's smooth-uv data: its corners' uvs, its spokes' far-end uvs from its points'
     * ({@link RegularChildren#uvSpokes}), no seam, no pin, and with limit uvs its corners'.
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
        for (int c = 0; c < 3; c++) {
            qp[qb + layout.uvFloat(c, 0)] = regSlotUv[2 * c];
            qp[qb + layout.uvFloat(c, 1)] = regSlotUv[2 * c + 1];
            qp[qb + layout.uvPin(c)] = 0f;
        }
        for (int[] row : regularUvSpokes) {
            qp[qb + layout.uvSeam(row[0])] = 0f;
            for (int x = 0; x < 2; x++) {
                qp[qb + layout.uvFar(row[0], 0, x)] = regSlotUv[2 * row[1] + x];
                qp[qb + layout.uvFar(row[0], 1, x)] = regSlotUv[2 * row[2] + x];
            }
        }
        if (uvLimits) {
            for (int jj = 0; jj < 3; jj++) {
                // corner child c keeps the parent's limit uv at corner c; m_e elsewhere (the centre: m_{j+1} at j)
                int e = kk == 3 ? (jj + 1) % 3 : jj == kk ? -1 : jj == (kk + 1) % 3 ? kk : (kk + 2) % 3;
                for (int x = 0; x < 2; x++) {
                    qp[qb + layout.uvLimit(jj, x)] = e < 0 ? scratch.curP[scratch.curPb + layout.uvLimit(jj, x)] : bornUvLimit[2 * e + x];
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
