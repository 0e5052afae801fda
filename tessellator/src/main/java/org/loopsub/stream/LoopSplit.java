package org.loopsub.stream;

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
 * <p>Positions follow {@link LoopRules}; the adaptive rules of DESIGN.md §4 enter in two places: a
 * corner with any complete spoke is frozen (keeps its position), and a complete spoke's edge point
 * is its midpoint.
 */
public final class LoopSplit {
    private final RecordLayout layout;
    private final float[] weights;
    private final int ringMax;
    // Scratch, one instance per worker thread.
    private final float[] edgePoints;
    private final float[] vertexPoints = new float[9];
    private final float[] ring;

    /**
     * @param layout the record layout
     * @param weights the vertex weights from {@link LoopRules#weights}, covering every valence
     */
    public LoopSplit(RecordLayout layout, float[] weights) {
        this.layout = layout;
        this.weights = weights;
        this.ringMax = layout.fanCapacity() + 4;
        this.edgePoints = new float[3 * ringMax * 3];
        this.ring = new float[ringMax];
    }

    /** Where the children of one chunk go: records of the next level, or output triangles. */
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
     * Splits the active records of a chunk.
     *
     * @param chunk the records
     * @param filter the filter's decision for this chunk
     * @param children where child records go, or null to write triangles to {@code direct}
     * @param direct receives 4 triangles (36 floats) per active record when {@code children} is null
     * @param slivers receives 9 floats per sliver at the filter's sliver offsets
     */
    public void run(RecordChunk chunk, LoopFilter.Result filter, ChildSink children, float[] direct, float[] slivers) {
        for (int j = 0; j < filter.activeCount; j++) {
            splitOne(chunk, filter.active[j], j, filter.sliverOffset[j], children, direct, slivers);
        }
    }

    private void splitOne(RecordChunk chunk, int r, int j, int sliverAt, ChildSink children, float[] direct,
                          float[] slivers) {
        int pf = layout.pointFloats();
        int mi = layout.metaInts();
        float[] p = chunk.points;
        int[] meta = chunk.meta;
        int pb = r * pf;
        int mb = r * mi;
        int m0 = meta[mb];
        int m1 = meta[mb + 1];
        int[] k = {RecordLayout.valence(m0, 0), RecordLayout.valence(m0, 1), RecordLayout.valence(m0, 2)};
        int[] g = {RecordLayout.gap(m1, 0), RecordLayout.gap(m1, 1), RecordLayout.gap(m1, 2)};

        // Vertex points, then edge points of every spoke; shared spokes are computed from both ends
        // and agree because the masks are symmetric to the bit.
        for (int c = 0; c < 3; c++) {
            boolean frozen = false;
            for (int i = 0; i < k[c] && !frozen; i++) {
                frozen = RecordLayout.bit(meta, mb, layout.ringBit(c, k[c], g[c], i));
            }
            vertexPoint(p, pb, c, k[c], g[c], frozen);
            for (int i = 0; i < k[c]; i++) {
                edgePoint(p, pb, meta, mb, c, k[c], g[c], i);
            }
        }

        int nf = RecordLayout.neighbourFinished(m0);
        int s = sliverAt;
        for (int e = 0; e < 3; e++) {
            if ((nf & 1 << e) != 0) {
                // Sliver (a, b, m) with a -> b as the edge runs here; a and b are frozen, so V' = V.
                int o = 9 * s++;
                putPoint(slivers, o, vertexPoints, 3 * e);
                putPoint(slivers, o + 3, vertexPoints, 3 * ((e + 1) % 3));
                putPoint(slivers, o + 6, edgePoints, ep(e, 0));
            }
        }

        boolean[] interior = new boolean[3];
        for (int e = 0; e < 3; e++) {
            interior[e] = RecordLayout.nextEdgeInterior(k[e], g[e]);
        }
        if (children == null) {
            int o = 36 * j;
            for (int c = 0; c < 3; c++) {
                putPoint(direct, o + 9 * c + 3 * c, vertexPoints, 3 * c);
                putPoint(direct, o + 9 * c + 3 * ((c + 1) % 3), edgePoints, ep(c, 0));
                putPoint(direct, o + 9 * c + 3 * ((c + 2) % 3), edgePoints, ep(c, 1));
            }
            for (int i = 0; i < 3; i++) {
                putPoint(direct, o + 27 + 3 * i, edgePoints, ep((i + 1) % 3, 0));
            }
            return;
        }
        for (int c = 0; c < 3; c++) {
            int q = 4 * j + c;
            writeCornerChild(children.chunkOf(q), children.indexOf(q), c, k, g, interior, meta, mb, nf);
        }
        int q = 4 * j + 3;
        writeCentreChild(children.chunkOf(q), children.indexOf(q), k, interior, meta, mb);
    }

    /** Offset in {@link #edgePoints} of the edge point of spoke (c, ring[i]). */
    private int ep(int c, int i) {
        return 3 * (c * ringMax + i);
    }

    private void vertexPoint(float[] p, int pb, int c, int k, int g, boolean frozen) {
        int v = pb + 3 * c;
        int out = 3 * c;
        if (frozen) {
            putPoint(vertexPoints, out, p, v);
            return;
        }
        if (g != RecordLayout.NO_GAP) {
            int a = pb + 3 * layout.ringSlot(c, k, g, g);
            int b = pb + 3 * layout.ringSlot(c, k, g, (g + 1) % k);
            for (int x = 0; x < 3; x++) {
                vertexPoints[out + x] = LoopRules.boundaryVertexPoint(p[v + x], p[a + x], p[b + x]);
            }
            return;
        }
        float w = weights[2 * k];
        float beta = weights[2 * k + 1];
        for (int x = 0; x < 3; x++) {
            for (int i = 0; i < k; i++) {
                ring[i] = p[pb + 3 * layout.ringSlot(c, k, g, i) + x];
            }
            vertexPoints[out + x] = LoopRules.vertexPoint(w, beta, p[v + x], LoopRules.sortedSum(ring, k));
        }
    }

    private void edgePoint(float[] p, int pb, int[] meta, int mb, int c, int k, int g, int i) {
        int a = pb + 3 * c;
        int b = pb + 3 * layout.ringSlot(c, k, g, i);
        int out = ep(c, i);
        if (LoopFlagEdges.isBoundarySpoke(k, g, i) || RecordLayout.bit(meta, mb, layout.ringBit(c, k, g, i))) {
            for (int x = 0; x < 3; x++) {
                edgePoints[out + x] = LoopRules.midpoint(p[a + x], p[b + x]);
            }
            return;
        }
        int oc = pb + 3 * layout.ringSlot(c, k, g, (i + k - 1) % k);
        int od = pb + 3 * layout.ringSlot(c, k, g, (i + 1) % k);
        for (int x = 0; x < 3; x++) {
            edgePoints[out + x] = LoopRules.edgePoint(p[a + x], p[b + x], p[oc + x], p[od + x]);
        }
    }

    private void writeCornerChild(RecordChunk dst, int r, int c, int[] k, int[] g, boolean[] interior,
                                  int[] meta, int mb, int nf) {
        int c1 = (c + 1) % 3;
        int c2 = (c + 2) % 3;
        float[] q = dst.points;
        int qb = r * layout.pointFloats();
        int[] qm = dst.meta;
        int qmb = r * layout.metaInts();
        java.util.Arrays.fill(q, qb, qb + layout.pointFloats(), 0f);
        java.util.Arrays.fill(qm, qmb, qmb + layout.metaInts(), 0);

        putPoint(q, qb + 3 * c, vertexPoints, 3 * c);
        putPoint(q, qb + 3 * c1, edgePoints, ep(c, 0));
        putPoint(q, qb + 3 * c2, edgePoints, ep(c, 1));
        if (interior[c]) {
            putPoint(q, qb + 3 * (3 + c), edgePoints, ep(c, k[c] - 1));
        }
        putPoint(q, qb + 3 * (3 + c1), edgePoints, ep(c1, 0));
        boolean dp = RecordLayout.prevEdgeInterior(g[c]);
        if (dp) {
            putPoint(q, qb + 3 * (3 + c2), edgePoints, ep(c, 2));
        }
        int fan = RecordLayout.fanLength(k[c], g[c]);
        int first = 2 + (dp ? 1 : 0);
        for (int jj = 0; jj < fan; jj++) {
            putPoint(q, qb + 3 * layout.fanSlot(c, jj), edgePoints, ep(c, first + jj));
            if (RecordLayout.bit(meta, mb, layout.fanBit(c, jj))) {
                RecordLayout.setBit(qm, qmb, layout.fanBit(c, jj));
            }
        }
        // m_c: ring (m_{c+2}, V'_c, [E(c, D_c)], [E(c+1, D_c)], V'_{c+1}, m_{c+1}).
        if (interior[c]) {
            putPoint(q, qb + 3 * layout.fanSlot(c1, 0), edgePoints, ep(c1, 2));
            putPoint(q, qb + 3 * layout.fanSlot(c1, 1), vertexPoints, 3 * c1);
            copyBit(meta, mb, c, qm, qmb, layout.fanBit(c1, 1));
        } else {
            putPoint(q, qb + 3 * layout.fanSlot(c1, 0), vertexPoints, 3 * c1);
            copyBit(meta, mb, c, qm, qmb, layout.fanBit(c1, 0));
        }
        // m_{c+2}: ring (V'_c, m_c, m_{c+1}, V'_{c+2}, [E(c+2, D_{c+2})], [E(c, D_{c+2})]).
        putPoint(q, qb + 3 * layout.fanSlot(c2, 0), vertexPoints, 3 * c2);
        copyBit(meta, mb, c2, qm, qmb, layout.fanBit(c2, 0));
        if (interior[c2]) {
            putPoint(q, qb + 3 * layout.fanSlot(c2, 1), edgePoints, ep(c2, k[c2] - 1));
        }

        int[] kk = new int[3];
        int[] gg = new int[3];
        kk[c] = k[c];
        gg[c] = g[c];
        kk[c1] = interior[c] ? 6 : 4;
        gg[c1] = interior[c] ? RecordLayout.NO_GAP : 1;
        kk[c2] = interior[c2] ? 6 : 4;
        gg[c2] = interior[c2] ? RecordLayout.NO_GAP : 3;
        int childNf = nf & (1 << c | 1 << c2);
        qm[qmb] = RecordLayout.packMeta0(kk[0], kk[1], kk[2], childNf);
        qm[qmb + 1] = RecordLayout.packMeta1(gg[0], gg[1], gg[2]);
        // Halves of parent edges and spokes inherit their complete bits; new edges start open.
        copyBit(meta, mb, c, qm, qmb, c);
        copyBit(meta, mb, c2, qm, qmb, c2);
        copyBit(meta, mb, 3 + 2 * c, qm, qmb, 3 + 2 * c);
        copyBit(meta, mb, 4 + 2 * c2, qm, qmb, 4 + 2 * c2);
    }

    private void writeCentreChild(RecordChunk dst, int r, int[] k, boolean[] interior, int[] meta, int mb) {
        float[] q = dst.points;
        int qb = r * layout.pointFloats();
        int[] qm = dst.meta;
        int qmb = r * layout.metaInts();
        java.util.Arrays.fill(q, qb, qb + layout.pointFloats(), 0f);
        java.util.Arrays.fill(qm, qmb, qmb + layout.metaInts(), 0);
        int[] kk = new int[3];
        int[] gg = new int[3];
        for (int jj = 0; jj < 3; jj++) {
            int e = (jj + 1) % 3;
            int e2 = (jj + 2) % 3;
            putPoint(q, qb + 3 * jj, edgePoints, ep(e, 0));
            putPoint(q, qb + 3 * (3 + jj), vertexPoints, 3 * e2);
            if (interior[e]) {
                putPoint(q, qb + 3 * layout.fanSlot(jj, 0), edgePoints, ep(e, k[e] - 1));
                putPoint(q, qb + 3 * layout.fanSlot(jj, 1), edgePoints, ep(e2, 2));
            }
            kk[jj] = interior[e] ? 6 : 4;
            gg[jj] = interior[e] ? RecordLayout.NO_GAP : 2;
            // (m_{j+1}, V'_{j+2}) halves parent edge j+1; (m_{j+2}, V'_{j+2}) halves parent edge j+2.
            copyBit(meta, mb, e, qm, qmb, 3 + 2 * jj);
            copyBit(meta, mb, e2, qm, qmb, 4 + 2 * jj);
        }
        qm[qmb] = RecordLayout.packMeta0(kk[0], kk[1], kk[2], 0);
        qm[qmb + 1] = RecordLayout.packMeta1(gg[0], gg[1], gg[2]);
    }

    private static void copyBit(int[] meta, int mb, int bit, int[] qm, int qmb, int childBit) {
        if (RecordLayout.bit(meta, mb, bit)) {
            RecordLayout.setBit(qm, qmb, childBit);
        }
    }

    private static void putPoint(float[] dst, int d, float[] src, int s) {
        dst[d] = src[s];
        dst[d + 1] = src[s + 1];
        dst[d + 2] = src[s + 2];
    }
}
