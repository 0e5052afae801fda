package org.loopsub.stream;

import static org.loopsub.stream.SplitRules.alone;
import static org.loopsub.stream.SplitScratch.putPoint;

import org.loopsub.rules.LoopRules;

/**
 * The child writer of the split: the four children of a general record as records of the next level
 * (corner children, then the centre child), each with its one-ring patch from the position channel,
 * its spokes' complete bits and sharpness (halves of the parent's, by the rules {@link SplitRules}
 * decided), its flags, its corners' limit data and its uvs. Twin of {@code child_writer.glsl}. (The
 * regular path writes its children from its own registers: {@link RegularSplit}.)
 */
final class ChildWriter {
    private final SplitScratch scratch;
    private final SplitRules rules;
    private final UvChannel uv;
    private final RecordLayout layout;
    private final int ringMax;
    private final int pointFloats;
    private final int metaInts;
    private final boolean normals;
    private final boolean limit;
    private final boolean creases;
    private final boolean chaikin;
    private final boolean uvs;
    private final boolean smoothUvs;
    private final boolean uvLimits;
    private final int[] k;
    private final int[] g;
    private final boolean[] interior;
    private final int[] ringBits;
    private final float[] nearHalf;
    private final boolean[] bornStale;
    private final float[] vertexPoints;
    private final float[] edgePoints;
    private final float[] bornUv;
    private final float[] uvEdge;
    private final float[] uvVertex;
    private final float[] bornNormal;
    private final float[] bornLimit;
    private final float[] bornUvLimit;
    private final boolean[] renewed;
    private final float[] renewedNormal;
    /** The child's valences and gaps, as they are written. */
    private final int[] kk = new int[3];
    private final int[] gg = new int[3];

    ChildWriter(SplitScratch scratch, SplitRules rules, PositionChannel positions, UvChannel uv, LimitChannel limits) {
        this.scratch = scratch;
        this.rules = rules;
        this.uv = uv;
        this.layout = scratch.layout;
        this.ringMax = scratch.ringMax;
        this.pointFloats = layout.pointFloats();
        this.metaInts = layout.metaInts();
        this.normals = layout.carriesNormals();
        this.limit = layout.limit();
        this.creases = layout.creases();
        this.chaikin = layout.chaikin();
        this.uvs = layout.uvs();
        this.smoothUvs = layout.smoothUvs();
        this.uvLimits = layout.uvLimits();
        this.k = scratch.k;
        this.g = scratch.g;
        this.interior = scratch.interior;
        this.ringBits = scratch.ringBits;
        this.nearHalf = rules.nearHalf;
        this.bornStale = rules.bornStale;
        this.vertexPoints = positions.vertexPoints;
        this.edgePoints = positions.edgePoints;
        this.bornUv = uv.bornUv;
        this.uvEdge = uv.uvEdge;
        this.uvVertex = uv.uvVertex;
        this.bornNormal = limits.bornNormal;
        this.bornLimit = limits.bornLimit;
        this.bornUvLimit = limits.bornUvLimit;
        this.renewed = limits.renewed;
        this.renewedNormal = limits.renewedNormal;
    }

    /**
     * The four children of a general record, at {@code 4j + k} of {@code children}: corner children
     * 0, 1, 2, then the centre child, each with its points, spokes and flags, its limit data and its
     * uvs.
     */
    void writeChildren(LoopSplit.ChildSink children, int j, int[] meta, int mb, int nf, float[] p, int pb) {
        for (int c = 0; c < 3; c++) {
            int q = 4 * j + c;
            RecordChunk dst = children.chunkOf(q);
            float[] qp = dst.points;
            int qb = children.indexOf(q) * pointFloats;
            writeCornerChild(qp, qb, dst.meta, children.indexOf(q) * metaInts, c, meta, mb, nf);
            if (uvs) {
                cornerChildUvs(qp, qb, c, p, pb);
            }
            if (smoothUvs) {
                cornerChildSmoothUvs(qp, qb, c);
            }
            if (normals) {
                carryCorner(qp, qb, c, p, pb);
                if (renewed[c]) {
                    putPoint(qp, qb + 3 * layout.normalSlot(c), renewedNormal, 3 * c);
                }
            }
        }
        int q = 4 * j + 3;
        RecordChunk dst = children.chunkOf(q);
        float[] qp = dst.points;
        int qb = children.indexOf(q) * pointFloats;
        writeCentreChild(qp, qb, dst.meta, children.indexOf(q) * metaInts, meta, mb);
        if (normals) {
            carryCentre(qp, qb);
        }
        if (uvs) {
            carryUvs(qp, qb, p, pb, 1, 2, 0);
        }
        if (smoothUvs) {
            centreChildSmoothUvs(qp, qb);
        }
    }

    /** Writes one spoke's smooth-uv data into a child: its seam code and its far end's uv on both sides. */
    private void putUvSpoke(float[] q, int qb, int bit, int code, float[] src0, int o0, float[] src1, int o1) {
        q[qb + layout.uvSeam(bit)] = code;
        for (int x = 0; x < 2; x++) {
            q[qb + layout.uvFar(bit, 0, x)] = src0[o0 + x];
            q[qb + layout.uvFar(bit, 1, x)] = src1[o1 + x];
        }
    }

    /** Seam code of a child spoke that halves a parent spoke, seen from the new vertex on it towards {@code endBit}'s end. */
    private static int halfFromMiddle(int parentCode, int endBit) {
        return (parentCode != 0 ? RecordLayout.UV_SEAM_NEAR : 0) | ((parentCode & endBit) != 0 ? RecordLayout.UV_SEAM_FAR : 0);
    }

    /**
     * Corner child c's smooth-uv data: c's vertex child keeps its spans (its spokes halve c's: seams
     * at c stay, a seam anywhere on a spoke ends at the new vertex on it), the new vertices m_c and
     * m_{c+2} see halves of the parent's edges and edges inside a parent face (no seam).
     */
    private void cornerChildSmoothUvs(float[] q, int qb, int c) {
        int c1 = (c + 1) % 3;
        int c2 = (c + 2) % 3;
        if (uvLimits) {
            for (int x = 0; x < 2; x++) {
                q[qb + layout.uvLimit(c, x)] = scratch.curP[scratch.curPb + layout.uvLimit(c, x)];
                q[qb + layout.uvLimit(c1, x)] = bornUvLimit[2 * c + x];
                q[qb + layout.uvLimit(c2, x)] = bornUvLimit[2 * c2 + x];
            }
        }
        q[qb + layout.uvFloat(c, 0)] = uvVertex[2 * c];
        q[qb + layout.uvFloat(c, 1)] = uvVertex[2 * c + 1];
        q[qb + layout.uvPin(c)] = scratch.curP[scratch.curPb + layout.uvPin(c)];
        q[qb + layout.uvPin(c1)] = 0f;
        q[qb + layout.uvPin(c2)] = 0f;
        int pc = (int) scratch.curP[scratch.curPb + layout.uvSeam(c)];
        int pc2 = (int) scratch.curP[scratch.curPb + layout.uvSeam(c2)];
        // own edges: c halves parent edge c at c; c+1 lies inside this face; c+2 halves parent edge c+2 at c
        putUvSpoke(q, qb, c, (pc & RecordLayout.UV_SEAM_NEAR) | (pc != 0 ? RecordLayout.UV_SEAM_FAR : 0),
                uvEdge, uv.ue(c, 0, 0), uvVertex, 2 * c);
        putUvSpoke(q, qb, c1, 0, uvEdge, uv.ue(c2, 0, 1), uvEdge, uv.ue(c, 0, 1));
        // (m_{c+2}'s uv across edge c+2 as corner c sees it: V'_c reads it, and only where c's value
        // there is this face's)
        putUvSpoke(q, qb, c2, halfFromMiddle(pc2, RecordLayout.UV_SEAM_FAR), uvVertex, 2 * c, uvEdge, uv.ue(c, 1, 1));
        // V'_c's other spokes: the edge points of c's spokes
        for (int i = 2; i < k[c]; i++) {
            int code = uv.uvCode(c, i, false);
            int childCode = (code & RecordLayout.UV_SEAM_NEAR) | (code != 0 ? RecordLayout.UV_SEAM_FAR : 0);
            putUvSpoke(q, qb, ringBits[c * ringMax + i], childCode, uvEdge, uv.ue(c, i, 0), uvEdge, uv.ue(c, i, 1));
            if (i == 2 && RecordLayout.fanLength(k[c], g[c]) < 0) {
                putUvSpoke(q, qb, 3 + 2 * c, childCode, uvEdge, uv.ue(c, i, 0), uvEdge, uv.ue(c, i, 1));
            }
        }
        // m_c: (m_c, E(c, D_c)) and (m_c, E(c+1, D_c)) inside the face across edge c, (m_c, V'_{c+1})
        // halving edge c, (m_c, m_{c+1}) inside this face
        if (interior[c]) {
            putUvSpoke(q, qb, 4 + 2 * c, 0, uvEdge, uv.ue(c, k[c] - 1, 1), uvEdge, uv.ue(c, k[c] - 1, 1));
            putUvSpoke(q, qb, layout.fanBit(c1, 0), 0, uvEdge, uv.ue(c1, 2, 0), uvEdge, uv.ue(c1, 2, 0));
            putUvSpoke(q, qb, layout.fanBit(c1, 1), halfFromMiddle(pc, RecordLayout.UV_SEAM_FAR),
                    uvVertex, 2 * c1, uvVertex, 2 * c1);
        } else {
            putUvSpoke(q, qb, layout.fanBit(c1, 0), 0, uvVertex, 2 * c1, uvVertex, 2 * c1);
        }
        putUvSpoke(q, qb, 3 + 2 * c1, 0, uvEdge, uv.ue(c1, 0, 1), uvEdge, uv.ue(c1, 0, 1));
        // m_{c+2}: (m_{c+2}, m_{c+1}) inside this face, (m_{c+2}, V'_{c+2}) halving edge c+2, and the
        // two spokes inside the face across edge c+2
        putUvSpoke(q, qb, 4 + 2 * c1, 0, uvEdge, uv.ue(c1, 0, 1), uvEdge, uv.ue(c1, 0, 1));
        putUvSpoke(q, qb, layout.fanBit(c2, 0), halfFromMiddle(pc2, RecordLayout.UV_SEAM_NEAR),
                uvVertex, 2 * c2, uvVertex, 2 * c2);
        if (interior[c2]) {
            putUvSpoke(q, qb, layout.fanBit(c2, 1), 0, uvEdge, uv.ue(c2, k[c2] - 1, 1), uvEdge, uv.ue(c2, k[c2] - 1, 1));
            putUvSpoke(q, qb, 3 + 2 * c2, 0, uvEdge, uv.ue(c, 2, 0), uvEdge, uv.ue(c, 2, 0));
        }
    }

    /** The centre child's smooth-uv data: corner j is m_{j+1}; its edges lie inside this face. */
    private void centreChildSmoothUvs(float[] q, int qb) {
        for (int jj = 0; jj < 3; jj++) {
            int e = (jj + 1) % 3;
            int e2 = (jj + 2) % 3;
            q[qb + layout.uvPin(jj)] = 0f;
            if (uvLimits) {
                q[qb + layout.uvLimit(jj, 0)] = bornUvLimit[2 * e];
                q[qb + layout.uvLimit(jj, 1)] = bornUvLimit[2 * e + 1];
            }
            int pe = (int) scratch.curP[scratch.curPb + layout.uvSeam(e)];
            int pe2 = (int) scratch.curP[scratch.curPb + layout.uvSeam(e2)];
            putUvSpoke(q, qb, jj, 0, uvEdge, uv.ue(e2, 0, 1), uvEdge, uv.ue(e, 0, 1));
            putUvSpoke(q, qb, 3 + 2 * jj, halfFromMiddle(pe, RecordLayout.UV_SEAM_FAR), uvVertex, 2 * e2, uvVertex, 2 * e2);
            putUvSpoke(q, qb, 4 + 2 * jj, halfFromMiddle(pe2, RecordLayout.UV_SEAM_NEAR), uvVertex, 2 * e2, uvVertex, 2 * e2);
            if (interior[e]) {
                putUvSpoke(q, qb, layout.fanBit(jj, 0), 0, uvEdge, uv.ue(e, k[e] - 1, 1), uvEdge, uv.ue(e, k[e] - 1, 1));
                putUvSpoke(q, qb, layout.fanBit(jj, 1), 0, uvEdge, uv.ue(e2, 2, 0), uvEdge, uv.ue(e2, 2, 0));
            }
        }
    }

    /**
     * Corner child c, {@code (V'_c, m_c, m_{c+2})} in corner slots {@code c, c+1, c+2}: its points, its
     * spokes' complete bits and sharpness, its valences, gaps and flags.
     */
    private void writeCornerChild(float[] q, int qb, int[] qm, int qmb, int c, int[] meta, int mb, int nf) {
        int c1 = (c + 1) % 3;
        int c2 = (c + 2) % 3;
        // beginChild: the destination is all zero already (ChildSink's contract).

        putPoint(q, qb + 3 * c, vertexPoints, 3 * c);
        putPoint(q, qb + 3 * c1, edgePoints, scratch.ep(c, 0));
        putPoint(q, qb + 3 * c2, edgePoints, scratch.ep(c, 1));
        if (interior[c]) {
            putPoint(q, qb + 3 * (3 + c), edgePoints, scratch.ep(c, k[c] - 1));
        }
        putPoint(q, qb + 3 * (3 + c1), edgePoints, scratch.ep(c1, 0));
        boolean dp = RecordLayout.prevEdgeInterior(g[c]);
        if (dp) {
            putPoint(q, qb + 3 * (3 + c2), edgePoints, scratch.ep(c, 2));
        }
        int fan = RecordLayout.fanLength(k[c], g[c]);
        int first = 2 + (dp ? 1 : 0);
        for (int jj = 0; jj < fan; jj++) {
            putPoint(q, qb + 3 * layout.fanSlot(c, jj), edgePoints, scratch.ep(c, first + jj));
            copySpoke(meta, mb, layout.fanBit(c, jj), c, farOf(alone(rules.chaikinFar(c, first + jj))), q, qb, qm, qmb,
                    layout.fanBit(c, jj));
        }
        // m_c: ring (m_{c+2}, V'_c, [E(c, D_c)], [E(c+1, D_c)], V'_{c+1}, m_{c+1}).
        if (interior[c]) {
            putPoint(q, qb + 3 * layout.fanSlot(c1, 0), edgePoints, scratch.ep(c1, 2));
            putPoint(q, qb + 3 * layout.fanSlot(c1, 1), vertexPoints, 3 * c1);
            copySpoke(meta, mb, c, c1, farOf(rules.nextAverageIf(c1, 1)), q, qb, qm, qmb, layout.fanBit(c1, 1));
        } else {
            putPoint(q, qb + 3 * layout.fanSlot(c1, 0), vertexPoints, 3 * c1);
            copySpoke(meta, mb, c, c1, farOf(rules.nextAverageIf(c1, 1)), q, qb, qm, qmb, layout.fanBit(c1, 0));
        }
        // m_{c+2}: ring (V'_c, m_c, m_{c+1}, V'_{c+2}, [E(c+2, D_{c+2})], [E(c, D_{c+2})]).
        putPoint(q, qb + 3 * layout.fanSlot(c2, 0), vertexPoints, 3 * c2);
        copySpoke(meta, mb, c2, c2, farOf(rules.nextAverageIf(c2, 0)), q, qb, qm, qmb, layout.fanBit(c2, 0));
        if (interior[c2]) {
            putPoint(q, qb + 3 * layout.fanSlot(c2, 1), edgePoints, scratch.ep(c2, k[c2] - 1));
        }

        kk[c] = k[c];
        gg[c] = g[c];
        kk[c1] = interior[c] ? 6 : 4;
        gg[c1] = interior[c] ? RecordLayout.NO_GAP : 1;
        kk[c2] = interior[c2] ? 6 : 4;
        gg[c2] = interior[c2] ? RecordLayout.NO_GAP : 3;
        // Halves of parent edges and spokes inherit their complete bits; new edges start open.
        copySpoke(meta, mb, c, c, 0f, q, qb, qm, qmb, c);
        copySpoke(meta, mb, c2, c, 0f, q, qb, qm, qmb, c2);
        copySpoke(meta, mb, 3 + 2 * c, c, farOf(interior[c] ? alone(rules.chaikinFar(c, k[c] - 1)) : -1f), q, qb, qm, qmb,
                3 + 2 * c);
        copySpoke(meta, mb, 4 + 2 * c2, c, farOf(RecordLayout.prevEdgeInterior(g[c]) ? alone(rules.chaikinFar(c, 2)) : -1f),
                q, qb, qm, qmb, 4 + 2 * c2);
        if (rules.sharpRecord) {
            // the corner keeps its (decayed) sharpness; the new vertices have none
            q[qb + layout.cornerSharpness(c)] = LoopRules.decay(scratch.curP[scratch.curPb + layout.cornerSharpness(c)]);
        }
        int stale = (rules.staleBits & RecordLayout.STALE << c) | (bornStale[c] ? RecordLayout.STALE << c1 : 0)
                | (bornStale[c2] ? RecordLayout.STALE << c2 : 0);
        endChild(q, qb, qm, qmb, nf & (1 << c | 1 << c2), stale);
    }

    /** The centre child, {@code m_{j+1}} in corner slot j: its points, spokes and flags. */
    private void writeCentreChild(float[] q, int qb, int[] qm, int qmb, int[] meta, int mb) {
        // beginChild: the destination is all zero already (ChildSink's contract).
        for (int jj = 0; jj < 3; jj++) {
            int e = (jj + 1) % 3;
            int e2 = (jj + 2) % 3;
            putPoint(q, qb + 3 * jj, edgePoints, scratch.ep(e, 0));
            putPoint(q, qb + 3 * (3 + jj), vertexPoints, 3 * e2);
            if (interior[e]) {
                putPoint(q, qb + 3 * layout.fanSlot(jj, 0), edgePoints, scratch.ep(e, k[e] - 1));
                putPoint(q, qb + 3 * layout.fanSlot(jj, 1), edgePoints, scratch.ep(e2, 2));
            }
            kk[jj] = interior[e] ? 6 : 4;
            gg[jj] = interior[e] ? RecordLayout.NO_GAP : 2;
            // (m_{j+1}, V'_{j+2}) halves parent edge j+1; (m_{j+2}, V'_{j+2}) halves parent edge j+2.
            copySpoke(meta, mb, e, e2, farOf(rules.nextAverageIf(e2, 1)), q, qb, qm, qmb, 3 + 2 * jj);
            copySpoke(meta, mb, e2, e2, farOf(rules.nextAverageIf(e2, 0)), q, qb, qm, qmb, 4 + 2 * jj);
        }
        int stale = 0;
        for (int jj = 0; jj < 3; jj++) {
            stale |= bornStale[(jj + 1) % 3] ? RecordLayout.STALE << jj : 0;
        }
        endChild(q, qb, qm, qmb, 0, stale);
    }

    /**
     * A child's metadata once its points and spokes are written: its valences and gaps ({@link #kk},
     * {@link #gg}), its neighbour-finished bits {@code nf}, its {@link RecordLayout#SHARP} bit and its
     * stale corners ({@code stale}, {@link RecordLayout#STALE} bits; layouts with sharpness only).
     */
    private void endChild(float[] q, int qb, int[] qm, int qmb, int nf, int stale) {
        qm[qmb] = RecordLayout.packMeta0(kk[0], kk[1], kk[2], nf);
        qm[qmb + 1] = RecordLayout.packMeta1(gg[0], gg[1], gg[2]);
        if (rules.sharpRecord) {
            markSharp(q, qb, qm, qmb);
        }
        if (creases) {
            qm[qmb] |= stale;
        }
    }

    /**
     * A spoke of a child that halves a spoke of the parent: its complete bit and sharpness, the
     * parent spoke's half at corner {@code end}'s end; with Chaikin also {@code far}, the average at
     * the child spoke's far end (for a child spoke that is not one of the child's own edges).
     */
    private void copySpoke(int[] meta, int mb, int bit, int end, float far, float[] q, int qb, int[] qm, int qmb,
                           int childBit) {
        copyBit(meta, mb, bit, qm, qmb, childBit);
        if (!rules.sharpRecord) {
            return;
        }
        float half;
        if (!chaikin) {
            half = LoopRules.decay(scratch.curP[scratch.curPb + layout.spokeSharpness(bit)]);
        } else if (bit < 3) {
            half = end == bit ? nearHalf[bit * ringMax] : nearHalf[end * ringMax + 1];
        } else {
            int i = rules.ringIndex(end, bit);
            half = i < 0 ? 0f : nearHalf[end * ringMax + i];
        }
        q[qb + layout.spokeSharpness(childBit)] = half;
        if (chaikin && childBit >= 3) {
            q[qb + layout.spokeFar(childBit)] = far;
        }
    }

    /** With Chaikin, the far-end average a child spoke gets (0 without: unused). */
    private float farOf(float value) {
        return chaikin && rules.sharpRecord ? value : 0f;
    }

    /** Sets a finished child's {@link RecordLayout#SHARP} bit if any of its sharpness is above 0. */
    private void markSharp(float[] q, int qb, int[] qm, int qmb) {
        int from = qb + layout.spokeSharpness(0);
        for (int f = from; f < from + layout.spokes() + 3; f++) {
            if (q[f] > 0) {
                qm[qmb] |= RecordLayout.SHARP;
                return;
            }
        }
    }

    /** Corner child c's uvs: its corner c keeps the parent's, corners c+1 and c+2 are m_c and m_{c+2}. */
    void cornerChildUvs(float[] q, int qb, int c, float[] p, int pb) {
        int c2 = (c + 2) % 3;
        carryUvs(q, qb, p, pb, c == 0 ? -1 : c == 1 ? c2 : c, c == 1 ? -1 : c == 2 ? c2 : c,
                c == 2 ? -1 : c == 0 ? c2 : c);
    }

    /**
     * A child's uvs: corner c keeps the parent's corner, the others are born ones (e0, e1, e2: edge per
     * child corner, -1 = parent's corner).
     */
    void carryUvs(float[] q, int qb, float[] p, int pb, int e0, int e1, int e2) {
        carryUv(q, qb, p, pb, 0, e0);
        carryUv(q, qb, p, pb, 1, e1);
        carryUv(q, qb, p, pb, 2, e2);
    }

    private void carryUv(float[] q, int qb, float[] p, int pb, int cc, int e) {
        for (int x = 0; x < 2; x++) {
            q[qb + layout.uvFloat(cc, x)] = e < 0 ? p[pb + layout.uvFloat(cc, x)] : bornUv[2 * e + x];
        }
    }

    /** Corner child c's limit data: its corner keeps the parent's, the two others are m_c and m_{c+2}. */
    void carryCorner(float[] q, int qb, int c, float[] p, int pb) {
        int c1 = (c + 1) % 3;
        int c2 = (c + 2) % 3;
        putPoint(q, qb + 3 * layout.normalSlot(c), p, pb + 3 * layout.normalSlot(c));
        putPoint(q, qb + 3 * layout.normalSlot(c1), bornNormal, 3 * c);
        putPoint(q, qb + 3 * layout.normalSlot(c2), bornNormal, 3 * c2);
        if (limit) {
            putPoint(q, qb + 3 * layout.limitSlot(c), p, pb + 3 * layout.limitSlot(c));
            putPoint(q, qb + 3 * layout.limitSlot(c1), bornLimit, 3 * c);
            putPoint(q, qb + 3 * layout.limitSlot(c2), bornLimit, 3 * c2);
        }
    }

    /** The centre child's limit data: corner j is m_{j+1}. */
    void carryCentre(float[] q, int qb) {
        for (int jj = 0; jj < 3; jj++) {
            int e = (jj + 1) % 3;
            putPoint(q, qb + 3 * layout.normalSlot(jj), bornNormal, 3 * e);
            if (limit) {
                putPoint(q, qb + 3 * layout.limitSlot(jj), bornLimit, 3 * e);
            }
        }
    }

    static void copyBit(int[] meta, int mb, int bit, int[] qm, int qmb, int childBit) {
        if (RecordLayout.bit(meta, mb, bit)) {
            RecordLayout.setBit(qm, qmb, childBit);
        }
    }
}
