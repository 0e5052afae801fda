package org.loopsub.stream;

import static org.loopsub.stream.SplitScratch.putPoint;
import static org.loopsub.stream.UvChannel.SPAN_CURVE;
import static org.loopsub.stream.UvChannel.SPAN_MATCHED;
import static org.loopsub.stream.UvChannel.SPAN_PINNED;

import org.loopsub.rules.LoopRules;

/**
 * The limit channel of the split (layouts that carry limit data): the limit position and normal of
 * the three vertices it creates ({@link #birth}, from their rings one level down), the normal or the
 * whole limit of corners whose limit depends on the level, taken again from their rings at the next
 * level ({@link #renewCorners}), and with {@link RecordLayout#uvLimits()} the limit uvs by the same
 * rules ({@link #uvLimitPoint}, {@link #bornUvLimitOf}). Twin of {@code limit_channel.glsl}.
 */
final class LimitChannel {
    private final SplitScratch scratch;
    private final SplitRules rules;
    private final UvChannel uv;
    private final RecordLayout layout;
    private final boolean uvLimits;
    private final int[] k;
    private final int[] g;
    private final boolean[] interior;
    private final float[] ring;
    private final int[] nextRule;
    private final int[] nextE0;
    private final int[] nextE1;
    private final float[] vertexPoints;
    private final float[] edgePoints;
    private final float[] uvEdge;
    private final float[] uvVertex;
    private final float[] uvRing;
    private final float[] tangents;
    private final int tangentStride;
    private final float[] limitWeights;
    private final float[] interiorTangents;
    private final float[] uvLimitWeights;
    // The limit position and normal of the vertices this split creates, m_0, m_1, m_2 (the record's
    // own edge points), and the ring each is computed from.
    final float[] bornNormal = new float[9];
    final float[] bornLimit = new float[9];
    final float[] bornRing = new float[18];
    private final float[] tanU = new float[3];
    private final float[] tanV = new float[3];
    /** Boundary corners whose normal is taken again at the next level, and that normal. */
    final boolean[] renewed = new boolean[3];
    final float[] renewedNormal = new float[9];
    /**
     * Whether the last split takes the limit of sharp corners again from their rings there
     * (uniform refinement: every triangle ends at that level, as OpenSubdiv evaluates the limit).
     */
    boolean renewAtLast;
    /** The corners whose whole limit was taken again at the last level, and that limit position. */
    final boolean[] renewedAll = new boolean[3];
    final float[] renewedLimit = new float[9];
    /** With limit uvs: those of the vertices this split creates, of corners renewed at the last level. */
    final float[] bornUvLimit = new float[6];
    final float[] renewedUvLimit = new float[6];

    LimitChannel(SplitScratch scratch, SplitRules rules, PositionChannel positions, UvChannel uv, float[] weights) {
        this.scratch = scratch;
        this.rules = rules;
        this.uv = uv;
        this.layout = scratch.layout;
        this.uvLimits = layout.uvLimits();
        this.k = scratch.k;
        this.g = scratch.g;
        this.interior = scratch.interior;
        this.ring = scratch.ring;
        this.nextRule = rules.nextRule;
        this.nextE0 = rules.nextE0;
        this.nextE1 = rules.nextE1;
        this.vertexPoints = positions.vertexPoints;
        this.edgePoints = positions.edgePoints;
        this.uvEdge = uv.uvEdge;
        this.uvVertex = uv.uvVertex;
        this.uvRing = uv.uvRing;
        boolean normals = layout.carriesNormals();
        boolean creases = layout.creases();
        this.tangentStride = weights.length / 2;
        this.tangents = normals ? LoopRules.boundaryTangents(tangentStride - 1) : null;
        this.limitWeights = normals && creases ? LoopRules.limitWeights(weights) : null;
        this.interiorTangents = normals && creases ? LoopRules.interiorTangents(tangentStride - 1) : null;
        this.uvLimitWeights = uvLimits ? LoopRules.limitWeights(weights) : null;
    }

    /**
     * The limit position and normal of the vertices this split creates, m_c from its ring one level
     * down (see {@link #birth}), as a crease vertex where {@link SplitRules#bornCrease} says so; with
     * limit uvs also theirs.
     */
    void bornLimits(float[] p, int pb) {
        for (int c = 0; c < 3; c++) {
            bornLimit(p, pb, c);
        }
    }

    /** The limit data of m_c, the vertex born on edge c: one lane's share where the GPU splits on lanes. */
    private void bornLimit(float[] p, int pb, int c) {
        // m_c's ring: (m_{c+2}, V'_c, [E(c, D_c), E(c+1, D_c)], V'_{c+1}, m_{c+1}).
        int c1 = (c + 1) % 3;
        int c2 = (c + 2) % 3;
        putPoint(bornRing, 0, edgePoints, scratch.ep(c2, 0));
        putPoint(bornRing, 3, vertexPoints, 3 * c);
        if (interior[c]) {
            putPoint(bornRing, 6, edgePoints, scratch.ep(c, k[c] - 1));
            putPoint(bornRing, 9, edgePoints, scratch.ep(c1, 2));
        }
        putPoint(bornRing, 12, vertexPoints, 3 * c1);
        putPoint(bornRing, 15, edgePoints, scratch.ep(c1, 0));
        boolean crease = rules.bornCrease(p, pb, c);
        birth(c, edgePoints, scratch.ep(c, 0), interior[c], crease);
        if (uvLimits) {
            bornUvLimitOf(c, !interior[c] || crease || uv.uvCode(c, 0, false) != 0,
                    pointLess(bornRing, 3, bornRing, 12) ? 1 : 4);
        }
    }

    /**
     * The corners whose limit data is taken again at the next level: boundary corners of
     * {@link LoopRules#LEVEL_DEPENDENT_BOUNDARY} or more neighbours their normal, and at the last level
     * of a uniform refinement ({@code lastLevel}, {@link #renewAtLast}) stale corners their limit
     * position, normal and limit uv.
     */
    void renewCorners(boolean lastLevel) {
        for (int c = 0; c < 3; c++) {
            renewCornerOf(c, lastLevel);
        }
    }

    /** {@link #renewCorners} for corner c: one lane's share where the GPU splits a record on lanes. */
    private void renewCornerOf(int c, boolean lastLevel) {
        renewed[c] = !layout.birthNormals() && g[c] != RecordLayout.NO_GAP
                && k[c] >= LoopRules.LEVEL_DEPENDENT_BOUNDARY;
        if (renewed[c]) {
            renewNormal(c, k[c], g[c]);
        }
        // Only stale corners: every record holding one knows it (the bit) and renews it alike.
        renewedAll[c] = renewAtLast && lastLevel && (rules.staleBits & RecordLayout.STALE << c) != 0;
        if (renewedAll[c]) {
            renewCorner(c, k[c], g[c]);
            if (uvLimits) {
                uvLimitPoint(c, k[c], g[c], true, renewedUvLimit, 2 * c);
            }
        }
    }

    /**
     * The limit normal of boundary corner c (k >= {@link LoopRules#LEVEL_DEPENDENT_BOUNDARY}
     * neighbours) taken again from its ring at the next level: V'_c with the edge points of its
     * spokes, from the end of its leading boundary edge (ring position g + 1) on. A boundary
     * vertex's ring has one start, so every record holding the vertex gets the same bits.
     */
    private void renewNormal(int c, int kc, int gc) {
        sectorTangents(c, kc, (gc + 1) % kc, gc);
        crossInto(renewedNormal, 3 * c);
    }

    /**
     * The limit tangents of corner c at the next level as a crease (or boundary) vertex, into
     * {@link #tanU} and {@link #tanV}: the one-sided sector from sharp spoke e0 counter-clockwise to
     * e1 of its ring there (V'_c and the edge points of its spokes), by the number of edges between.
     */
    private void sectorTangents(int c, int k, int e0, int e1) {
        int between = Math.floorMod(e1 - e0, k) - 1;
        for (int x = 0; x < 3; x++) {
            float v = vertexPoints[3 * c + x];
            float q0 = edgePoints[scratch.ep(c, e0) + x];
            float ql = edgePoints[scratch.ep(c, e1) + x];
            tanU[x] = LoopRules.tangentUBoundary(q0, ql);
            if (between == 0) {
                tanV[x] = (q0 + ql) - (v + v);
            } else if (between == 1) {
                tanV[x] = edgePoints[scratch.ep(c, (e0 + 1) % k) + x] - v;
            } else if (between == 2) {
                tanV[x] = LoopRules.tangentVBoundary4(v, q0, edgePoints[scratch.ep(c, (e0 + 1) % k) + x],
                        edgePoints[scratch.ep(c, (e0 + 2) % k) + x], ql);
            } else {
                for (int j = 0; j <= between + 1; j++) {
                    ring[j] = edgePoints[scratch.ep(c, (e0 + j) % k) + x];
                }
                tanV[x] = LoopRules.weightedSum(tangents, (between + 2) * tangentStride, ring, between + 2);
            }
        }
    }

    /** Point i of corner c's ring at the next level: the edge point of its spoke i. */
    private boolean nextPrecedes(int c, int i, int j) {
        return pointLess(edgePoints, scratch.ep(c, i), edgePoints, scratch.ep(c, j));
    }

    /**
     * The limit position and normal of corner c at the next level (the last one), from its ring
     * there (V'_c and the edge points of its spokes) by its rule there: twin of the shader's
     * renewCorner. Where a choice of start is free it is the neighbour first by position, so that
     * every record holding the vertex makes the same one.
     */
    private void renewCorner(int c, int k, int g) {
        int rule = nextRule[c];
        int o = 3 * c;
        boolean boundary = g != RecordLayout.NO_GAP;
        if (rule == LoopRules.CORNER) {
            int a = boundary ? (g + 1) % k : -1;
            if (!boundary) {
                for (int i = 0; i < k; i++) {
                    boolean candidate = nextE0[c] < 0 || i == nextE0[c] || i == nextE1[c]
                            || LoopRules.decay(rules.spokeSharpness(scratch.curP, scratch.curPb, c, k, g, i)) > 0;
                    if (candidate && (a < 0 || nextPrecedes(c, i, a))) {
                        a = i;
                    }
                }
            }
            int b = (a + 1) % k;
            for (int x = 0; x < 3; x++) {
                float v = vertexPoints[o + x];
                renewedLimit[o + x] = v;
                tanU[x] = edgePoints[scratch.ep(c, a) + x] - v;
                tanV[x] = edgePoints[scratch.ep(c, b) + x] - v;
            }
        } else if (rule == LoopRules.CREASE) {
            int e0 = nextE0[c];
            int e1 = nextE1[c];
            if (boundary) {
                e0 = (g + 1) % k;
                e1 = g;
            } else if (nextPrecedes(c, e1, e0)) {
                e0 = nextE1[c];
                e1 = nextE0[c];
            }
            for (int x = 0; x < 3; x++) {
                renewedLimit[o + x] = LoopRules.limitCreasePoint(vertexPoints[o + x], edgePoints[scratch.ep(c, e0) + x],
                        edgePoints[scratch.ep(c, e1) + x]);
            }
            sectorTangents(c, k, e0, e1);
        } else {
            int s = 0;
            for (int i = 1; i < k; i++) {
                if (nextPrecedes(c, i, s)) {
                    s = i;
                }
            }
            float w = limitWeights[2 * k];
            float e = limitWeights[2 * k + 1];
            int at = 2 * k * tangentStride;
            for (int x = 0; x < 3; x++) {
                float su = 0f;
                float sv = 0f;
                for (int j = 0; j < k; j++) {
                    float q = edgePoints[scratch.ep(c, (s + j) % k) + x];
                    su = su + interiorTangents[at + 2 * j] * q;
                    sv = sv + interiorTangents[at + 2 * j + 1] * q;
                }
                tanU[x] = su;
                tanV[x] = sv;
                for (int i = 0; i < k; i++) {
                    ring[i] = edgePoints[scratch.ep(c, i) + x];
                }
                renewedLimit[o + x] = LoopRules.vertexPoint(w, e, vertexPoints[o + x], LoopRules.sortedSum(ring, k));
            }
        }
        crossInto(renewedNormal, o);
    }

    /**
     * Limit position and normal of m_c, the new vertex on edge c, from its ring in {@link #bornRing}:
     * {@code (m_{c+2}, V'_c, [E(c, D_c), E(c+1, D_c)], V'_{c+1}, m_{c+1})}, counter-clockwise, the
     * bracketed pair only on an interior edge. The two records on an interior edge see this ring
     * rotated by three; the tangents start at the smaller of V'_c and V'_{c+1} so that both compute
     * the same bits (docs/design.md §5). A boundary vertex's ring starts at its leading edge, V'_{c+1}.
     */
    void birth(int c, float[] m, int mo, boolean interiorEdge, boolean creaseEdge) {
        float[] q = bornRing;
        int o = 3 * c;
        if (creaseEdge) {
            // On a sharp edge (its halves stay sharp) m is a crease vertex: its sharp neighbours are
            // V'_c and V'_{c+1}; the one-sided normal's sector starts at the smaller of them.
            boolean first = pointLess(q, 3, q, 12);
            int a = first ? 3 : 12;
            int b1 = first ? 6 : 15;
            int b2 = first ? 9 : 0;
            int z = first ? 12 : 3;
            for (int x = 0; x < 3; x++) {
                bornLimit[o + x] = LoopRules.limitCreasePoint(m[mo + x], q[12 + x], q[3 + x]);
                tanU[x] = LoopRules.tangentUBoundary(q[a + x], q[z + x]);
                tanV[x] = LoopRules.tangentVBoundary4(m[mo + x], q[a + x], q[b1 + x], q[b2 + x], q[z + x]);
            }
            crossInto(bornNormal, o);
            return;
        }
        if (interiorEdge) {
            int s = pointLess(q, 3, q, 12) ? 1 : 4;
            int i0 = 3 * s;
            int i1 = 3 * ((s + 1) % 6);
            int i2 = 3 * ((s + 2) % 6);
            int i3 = 3 * ((s + 3) % 6);
            int i4 = 3 * ((s + 4) % 6);
            int i5 = 3 * ((s + 5) % 6);
            float[] u = tanU;
            float[] v = tanV;
            for (int x = 0; x < 3; x++) {
                // The ring sum in the canonical rotation: the same sequence in both records, so
                // the same bits, without sorting.
                float sum = q[i0 + x] + q[i1 + x] + q[i2 + x] + q[i3 + x] + q[i4 + x] + q[i5 + x];
                bornLimit[o + x] = LoopRules.limitPoint6(m[mo + x], sum);
                u[x] = LoopRules.tangentU6(q[i0 + x], q[i1 + x], q[i2 + x], q[i3 + x], q[i4 + x], q[i5 + x]);
                v[x] = LoopRules.tangentV6(q[i0 + x], q[i1 + x], q[i2 + x], q[i3 + x], q[i4 + x], q[i5 + x]);
            }
            crossInto(bornNormal, o);
            return;
        }
        // Boundary: ring (V'_{c+1}, m_{c+1}, m_{c+2}, V'_c) from the leading edge.
        float[] u = tanU;
        float[] v = tanV;
        for (int x = 0; x < 3; x++) {
            float q0 = q[12 + x];
            float q1 = q[15 + x];
            float q2 = q[x];
            float q3 = q[3 + x];
            bornLimit[o + x] = LoopRules.limitCreasePoint(m[mo + x], q0, q3);
            u[x] = LoopRules.tangentUBoundary(q0, q3);
            v[x] = LoopRules.tangentVBoundary4(m[mo + x], q0, q1, q2, q3);
        }
        crossInto(bornNormal, o);
    }

    /** {@code tanU x tanV} into {@code dst[o..o+2]}. */
    private void crossInto(float[] dst, int o) {
        dst[o] = LoopRules.cross(tanU[1], tanU[2], tanV[1], tanV[2]);
        dst[o + 1] = LoopRules.cross(tanU[2], tanU[0], tanV[2], tanV[0]);
        dst[o + 2] = LoopRules.cross(tanU[0], tanU[1], tanV[0], tanV[1]);
    }

    /** Whether point a precedes point b, x first, then y, then z. */
    static boolean pointLess(float[] a, int ao, float[] b, int bo) {
        if (a[ao] != b[bo]) {
            return a[ao] < b[bo];
        }
        if (a[ao + 1] != b[bo + 1]) {
            return a[ao + 1] < b[bo + 1];
        }
        return a[ao + 2] < b[bo + 2];
    }

    /**
     * The limit uv of corner c's value in this face, taken at this level or the next: a matched value
     * by the positions' limit mask of its vertex rule there, a curve by the B-spline's
     * {@code 2/3 x + 1/6 (e0 + e1)} unless sharpness is left in its span (then, like a pinned value,
     * it stays).
     */
    void uvLimitPoint(int c, int k, int g, boolean next, float[] out, int o) {
        int kind = uv.uvSpan(c, k, g, next);
        if (kind == SPAN_MATCHED) {
            // the positions' rule at that level: by its sharp spokes (boundary ones included) and its own sharpness
            int sharp = 0;
            int e0 = -1;
            int e1 = -1;
            for (int i = 0; i < k; i++) {
                if (uv.uvSpokeSharpness(c, k, g, i, next) > 0) {
                    e0 = sharp == 0 ? i : e0;
                    e1 = sharp == 1 ? i : e1;
                    sharp++;
                }
            }
            int rule = LoopRules.vertexRule(uv.uvCornerSharpness(c, next), sharp);
            for (int x = 0; x < 2; x++) {
                float v = uv.uvAt(c, x, next);
                if (rule == LoopRules.CORNER) {
                    out[o + x] = v;
                } else if (rule == LoopRules.CREASE) {
                    out[o + x] = LoopRules.limitCreasePoint(v, uv.uvFarAt(c, e0, 0, x, next), uv.uvFarAt(c, e1, 0, x, next));
                } else {
                    for (int i = 0; i < k; i++) {
                        uvRing[i] = uv.uvFarAt(c, i, 0, x, next);
                    }
                    out[o + x] = LoopRules.vertexPoint(uvLimitWeights[2 * k], uvLimitWeights[2 * k + 1], v,
                            LoopRules.sortedSum(uvRing, k));
                }
            }
            return;
        }
        boolean sharp = uv.uvCornerSharpness(c, next) > 0;
        for (int j = 0; j < uv.spanCount && kind == SPAN_CURVE; j++) {
            sharp |= uv.uvSpokeSharpness(c, k, g, (uv.spanFirst + j) % k, next) > 0;
        }
        for (int x = 0; x < 2; x++) {
            float v = uv.uvAt(c, x, next);
            out[o + x] = kind == SPAN_PINNED || sharp ? v
                    : LoopRules.limitCreasePoint(v, uv.uvFarAt(c, uv.spanS0, uv.spanSide0, x, next),
                            uv.uvFarAt(c, uv.spanS1, uv.spanSide1, x, next));
        }
    }

    /**
     * The limit uv of m_e, born on edge e, in this face, from its ring one level down: on a seam, the
     * boundary or an edge whose halves stay sharp a curve between V'_e and V'_{e+1}; elsewhere the
     * valence-6 limit mask, its ring summed from the rotation the positions chose (so that both
     * records on the edge get the same bits).
     */
    void bornUvLimitOf(int e, boolean curve, int start) {
        int e1 = (e + 1) % 3;
        int e2 = (e + 2) % 3;
        for (int x = 0; x < 2; x++) {
            float m = uvEdge[uv.ue(e, 0, 1) + x];
            if (curve) {
                bornUvLimit[2 * e + x] = LoopRules.limitCreasePoint(m, uvVertex[2 * e1 + x], uvVertex[2 * e + x]);
                continue;
            }
            uvRing[0] = uvEdge[uv.ue(e2, 0, 1) + x];
            uvRing[1] = uvVertex[2 * e + x];
            uvRing[2] = uvEdge[uv.ue(e, k[e] - 1, 1) + x];
            uvRing[3] = uvEdge[uv.ue(e1, 2, 0) + x];
            uvRing[4] = uvVertex[2 * e1 + x];
            uvRing[5] = uvEdge[uv.ue(e1, 0, 1) + x];
            float sum = uvRing[start] + uvRing[(start + 1) % 6] + uvRing[(start + 2) % 6] + uvRing[(start + 3) % 6]
                    + uvRing[(start + 4) % 6] + uvRing[(start + 5) % 6];
            bornUvLimit[2 * e + x] = LoopRules.limitPoint6(m, sum);
        }
    }
}
