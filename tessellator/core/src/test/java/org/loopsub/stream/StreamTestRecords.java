package org.loopsub.stream;

import java.util.List;
import java.util.Random;

import org.loopsub.api.TriangleMesh;
import org.loopsub.mesh.MeshTopology;

/**
 * Level-0 records of a mesh for the pass tests, built by {@link RecordBuilder} (record r is triangle
 * r of the mesh, so a test can check a record against the mesh it came from), plus helpers to put
 * arbitrary complete and neighbour-finished bits on them.
 */
final class StreamTestRecords {
    final TriangleMesh mesh;
    final RecordLayout layout;
    final RecordChunk chunk;

    private StreamTestRecords(TriangleMesh mesh, RecordLayout layout, RecordChunk chunk) {
        this.mesh = mesh;
        this.layout = layout;
        this.chunk = chunk;
    }

    /** @return the records of a mesh small enough for one chunk */
    static StreamTestRecords of(TriangleMesh mesh) {
        MeshTopology topology = MeshTopology.of(mesh);
        int[] triangles = mesh.triangles();
        RecordLayout layout = RecordLayout.of(RecordBuilder.fanCapacity(triangles, topology));
        List<RecordChunk> chunks = RecordBuilder.build(triangles, mesh.positions(), topology, layout);
        if (chunks.size() != 1) {
            throw new IllegalArgumentException("test meshes must fit one chunk, got " + chunks.size());
        }
        return new StreamTestRecords(mesh, layout, chunks.get(0));
    }

    /**
     * @param mesh a mesh with uvs, small enough for one chunk
     * @param limit whether records carry limit data (and limit uvs)
     * @return its records with the smooth uv rule's data
     */
    static StreamTestRecords smoothUvs(TriangleMesh mesh, boolean limit) {
        MeshTopology topology = MeshTopology.of(mesh);
        int[] triangles = mesh.triangles();
        RecordLayout layout = RecordLayout.of(RecordBuilder.fanCapacity(triangles, topology), limit
                ? java.util.EnumSet.of(RecordLayout.Feature.LIMIT, RecordLayout.Feature.UVS, RecordLayout.Feature.SMOOTH_UVS)
                : java.util.EnumSet.of(RecordLayout.Feature.UVS, RecordLayout.Feature.SMOOTH_UVS));
        float[] cornerUvs = new float[6 * mesh.triangleCount()];
        for (int t = 0; t < mesh.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                cornerUvs[6 * t + 2 * c] = mesh.uv(mesh.uvIndex(t, c), 0);
                cornerUvs[6 * t + 2 * c + 1] = mesh.uv(mesh.uvIndex(t, c), 1);
            }
        }
        List<RecordChunk> chunks = RecordBuilder.build(triangles, mesh.positions(), topology, layout,
                org.loopsub.api.Scheme.LOOP, null, cornerUvs, mesh.uvIndices());
        if (chunks.size() != 1) {
            throw new IllegalArgumentException("test meshes must fit one chunk, got " + chunks.size());
        }
        return new StreamTestRecords(mesh, layout, chunks.get(0));
    }

    /** @return records of another level of the same mesh (same layout), e.g. a split's children */
    static StreamTestRecords wrap(TriangleMesh mesh, RecordLayout layout, RecordChunk chunk) {
        return new StreamTestRecords(mesh, layout, chunk);
    }

    /** @return a deep copy of the records */
    RecordChunk copy() {
        RecordChunk c = new RecordChunk(layout, chunk.count);
        c.count = chunk.count;
        System.arraycopy(chunk.points, 0, c.points, 0, chunk.points.length);
        System.arraycopy(chunk.meta, 0, c.meta, 0, chunk.meta.length);
        return c;
    }

    /**
     * Sets each complete bit that a record uses (its spokes' bits) with probability {@code p}, and
     * each neighbour-finished bit with probability {@code p}. The passes must accept any such
     * pattern: they are maps over one record and trust its bits.
     */
    void randomBits(Random random, double p) {
        randomBits(random, p, true);
    }

    /**
     * As {@link #randomBits(Random, double)}; with {@code spokesOnly} false every spoke bit of the
     * layout is drawn, also those of spokes the record does not have (a D of a boundary edge, fan
     * slots past the fan), which a pass must ignore.
     */
    void randomBits(Random random, double p, boolean spokesOnly) {
        int mi = layout.metaInts();
        int spokeBits = RecordLayout.FIXED_SPOKES + 3 * layout.fanCapacity();
        for (int r = 0; r < chunk.count; r++) {
            int mb = r * mi;
            int m0 = chunk.meta[mb];
            int m1 = chunk.meta[mb + 1];
            if (!spokesOnly) {
                for (int bit = 0; bit < spokeBits; bit++) {
                    if (random.nextDouble() < p) {
                        RecordLayout.setBit(chunk.meta, mb, bit);
                    }
                }
            }
            for (int c = 0; c < 3 && spokesOnly; c++) {
                int k = RecordLayout.valence(m0, c);
                int g = RecordLayout.gap(m1, c);
                for (int i = 0; i < k; i++) {
                    if (random.nextDouble() < p) {
                        RecordLayout.setBit(chunk.meta, mb, layout.ringBit(c, k, g, i));
                    }
                }
            }
            int nf = 0;
            for (int e = 0; e < 3; e++) {
                if (random.nextDouble() < p) {
                    nf |= 1 << e;
                }
            }
            chunk.meta[mb] = (m0 & 0x00FFFFFF) | nf << 24;
        }
    }
}
