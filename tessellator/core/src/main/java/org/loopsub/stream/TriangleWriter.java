package org.loopsub.stream;

import static org.loopsub.stream.SplitScratch.putPoint;

/**
 * The triangle writer of the split: a record's slivers and, at the last level, its four children as
 * output triangles, one writer for both the general and the regular path ({@link #writeSlivers},
 * {@link #writeDirect}); each output vertex is its position (or limit), normal and uv, interleaved as
 * {@link RecordLayout#vertexFloats()} says. Twin of {@code triangle_writer.glsl}, whose output keeps
 * positions, normals and uvs in buffers of their own.
 */
final class TriangleWriter {
    private final RecordLayout layout;
    private final boolean normals;
    private final boolean limit;
    private final boolean uvs;
    private final boolean smoothUvs;
    private final boolean uvLimits;
    private final int vf;
    private final int tf;
    private final int vuv;
    private final float[] bornUv;
    private final float[] uvVertex;
    private final float[] bornNormal;
    private final float[] bornLimit;
    private final float[] bornUvLimit;
    private final float[] renewedNormal;
    private final float[] renewedLimit;
    private final float[] renewedUvLimit;

    TriangleWriter(RecordLayout layout, UvChannel uv, LimitChannel limits) {
        this.layout = layout;
        this.normals = layout.carriesNormals();
        this.limit = layout.limit();
        this.uvs = layout.uvs();
        this.smoothUvs = layout.smoothUvs();
        this.uvLimits = layout.uvLimits();
        this.vf = layout.vertexFloats();
        this.tf = layout.triangleFloats();
        this.vuv = layout.vertexUv();
        this.bornUv = uv.bornUv;
        this.uvVertex = uv.uvVertex;
        this.bornNormal = limits.bornNormal;
        this.bornLimit = limits.bornLimit;
        this.bornUvLimit = limits.bornUvLimit;
        this.renewedNormal = limits.renewedNormal;
        this.renewedLimit = limits.renewedLimit;
        this.renewedUvLimit = limits.renewedUvLimit;
    }

    /**
     * The slivers of a record from float {@code o} of {@code slivers} on, both paths': one
     * {@code (a, b, m)} along each edge whose neighbour has finished ({@code nf}), with a -> b as the
     * edge runs here; a and b are frozen, so V' = V. Corner c's control point is
     * {@code vertices[3c]}, the edge point of edge e {@code edges[edgeStride * e]}.
     */
    void writeSlivers(float[] slivers, int o, int nf, float[] p, int pb, float[] vertices, float[] edges,
                              int edgeStride) {
        for (int e = 0; e < 3; e++) {
            if ((nf & 1 << e) != 0) {
                putCorner(slivers, o, p, pb, e, vertices);
                putCorner(slivers, o + vf, p, pb, (e + 1) % 3, vertices);
                putBorn(slivers, o + 2 * vf, e, edges, edgeStride * e);
                o += tf;
            }
        }
    }

    /**
     * A record's four children as output triangles from float {@code d} of {@code direct} on (corner
     * children 0, 1, 2, then the centre), both paths': points as in {@link #writeSlivers}; corners
     * whose limit or normal was taken again at the next level ({@code renewed}, {@code renewedAll})
     * show that one.
     */
    void writeDirect(float[] direct, int d, float[] p, int pb, float[] vertices, float[] edges,
                             int edgeStride, boolean[] renewed, boolean[] renewedAll) {
        for (int c = 0; c < 3; c++) {
            int c2 = (c + 2) % 3;
            putCorner(direct, d + tf * c + vf * c, p, pb, c, vertices);
            if (smoothUvs && !uvLimits) {
                direct[d + tf * c + vf * c + vuv] = uvVertex[2 * c];
                direct[d + tf * c + vf * c + vuv + 1] = uvVertex[2 * c + 1];
            }
            if (uvLimits && renewedAll[c]) {
                direct[d + tf * c + vf * c + vuv] = renewedUvLimit[2 * c];
                direct[d + tf * c + vf * c + vuv + 1] = renewedUvLimit[2 * c + 1];
            }
            if (normals && (renewed[c] || renewedAll[c])) {
                putPoint(direct, d + tf * c + vf * c + 3, renewedNormal, 3 * c);
            }
            if (limit && renewedAll[c]) {
                putPoint(direct, d + tf * c + vf * c, renewedLimit, 3 * c);
            }
            putBorn(direct, d + tf * c + vf * ((c + 1) % 3), c, edges, edgeStride * c);
            putBorn(direct, d + tf * c + vf * c2, c2, edges, edgeStride * c2);
        }
        for (int i = 0; i < 3; i++) {
            int e = (i + 1) % 3;
            putBorn(direct, d + 3 * tf + vf * i, e, edges, edgeStride * e);
        }
    }

    /**
     * Output vertex of corner c that keeps its place (a sliver's end, a corner child's corner): the
     * control point {@code vertices[3c]} or the carried limit position, then the carried normal.
     */
    private void putCorner(float[] dst, int d, float[] p, int pb, int c, float[] vertices) {
        if (limit) {
            putPoint(dst, d, p, pb + 3 * layout.limitSlot(c));
        } else {
            putPoint(dst, d, vertices, 3 * c);
        }
        if (normals) {
            putPoint(dst, d + 3, p, pb + 3 * layout.normalSlot(c));
        }
        if (uvs) {
            dst[d + vuv] = p[pb + layout.outputUvFloat(c, 0)];
            dst[d + vuv + 1] = p[pb + layout.outputUvFloat(c, 1)];
        }
    }

    /** Output vertex m_e, born on edge e: the edge point {@code edges[eo]} or its limit, then its normal. */
    private void putBorn(float[] dst, int d, int e, float[] edges, int eo) {
        if (limit) {
            putPoint(dst, d, bornLimit, 3 * e);
        } else {
            putPoint(dst, d, edges, eo);
        }
        if (normals) {
            putPoint(dst, d + 3, bornNormal, 3 * e);
        }
        if (uvs) {
            float[] from = uvLimits ? bornUvLimit : bornUv;
            dst[d + vuv] = from[2 * e];
            dst[d + vuv + 1] = from[2 * e + 1];
        }
    }
}
