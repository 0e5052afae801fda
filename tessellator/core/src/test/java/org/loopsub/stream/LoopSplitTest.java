package org.loopsub.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.loopsub.api.Scheme;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.rules.LoopRules;
import org.loopsub.testing.SyntheticMeshes;

/**
 * The split's fast path for regular records (three interior corners of valence 6) promises the
 * general path's values operation for operation. Here both paths split the same regular records
 * and everything they write is compared bit for bit: child records (points and metadata), direct
 * triangles and slivers, with and without complete and neighbour-finished bits.
 */
class LoopSplitTest {
    /** A split's whole output for one chunk. */
    private record Split(RecordChunk children, float[] direct, float[] slivers) {
    }

    private static Split split(StreamTestRecords recs, RecordChunk chunk, int[] active, boolean regularPath,
                               boolean direct, Scheme scheme) {
        RecordLayout layout = recs.layout;
        LoopFilter.Result filter = new LoopFilter.Result(chunk.count);
        System.arraycopy(active, 0, filter.active, 0, active.length);
        filter.activeCount = active.length;
        // Sliver offsets as the filter makes them: an exclusive sum of the active records' slivers.
        int[] counts = new int[active.length];
        for (int j = 0; j < active.length; j++) {
            counts[j] = Integer.bitCount(RecordLayout.neighbourFinished(chunk.meta[active[j] * layout.metaInts()]));
        }
        filter.sliverCount = StreamCompaction.exclusiveSum(counts, filter.sliverOffset, active.length);
        LoopSplit split = new LoopSplit(layout, LoopRules.weights(scheme, 6));
        split.regularPath = regularPath;
        float[] slivers = new float[layout.triangleFloats() * filter.sliverCount];
        if (direct) {
            float[] triangles = new float[4 * layout.triangleFloats() * active.length];
            split.run(chunk, filter, null, triangles, slivers);
            return new Split(null, triangles, slivers);
        }
        RecordChunk children = new RecordChunk(layout, 4 * active.length);
        children.count = 4 * active.length;
        split.run(chunk, filter, new LoopSplit.ChildSink() {
            @Override
            public RecordChunk chunkOf(int q) {
                return children;
            }

            @Override
            public int indexOf(int q) {
                return q;
            }
        }, null, slivers);
        return new Split(children, null, slivers);
    }

    private static void assertSameBits(float[] expected, float[] actual, String what) {
        assertEquals(expected.length, actual.length, what + ": length");
        for (int i = 0; i < expected.length; i++) {
            if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(actual[i])) {
                fail(what + ": float " + i + " differs: general " + expected[i] + " (0x"
                        + Integer.toHexString(Float.floatToRawIntBits(expected[i])) + "), regular " + actual[i] + " (0x"
                        + Integer.toHexString(Float.floatToRawIntBits(actual[i])) + ")");
            }
        }
    }

    private static void assertSameInts(int[] expected, int[] actual, String what) {
        assertEquals(expected.length, actual.length, what + ": length");
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != actual[i]) {
                fail(what + ": int " + i + " differs: general 0x" + Integer.toHexString(expected[i]) + ", regular 0x"
                        + Integer.toHexString(actual[i]));
            }
        }
    }

    /**
     * Writes every SEAMLESS record of a chunk in the full form the general path writes (seam codes 0,
     * pins 0, each spoke's far-end uv on both sides) from its point slots' uvs, and clears the flag:
     * a test-side reading of RecordLayout's two forms, so that the regular path's compact children
     * must carry exactly the values of the general path's full ones. A regular child's spokes: edge e
     * (its far ends corners e+1 and e across it), the two spokes to D_e, the two of each fan.
     */
    private static void expandSeamless(RecordChunk chunk, RecordLayout layout) {
        int pf = layout.pointFloats();
        int mi = layout.metaInts();
        for (int r = 0; r < chunk.count; r++) {
            if (!layout.smoothUvs() || (chunk.meta[r * mi] & RecordLayout.SEAMLESS) == 0) {
                continue;
            }
            int b = r * pf;
            float[] slot = new float[2 * (RecordLayout.FIXED_POINTS + 3 * layout.fanCapacity())];
            for (int t = 0; t < slot.length / 2; t++) {
                for (int x = 0; x < 2; x++) {
                    slot[2 * t + x] = chunk.points[b + layout.uvSlot(t, x)];
                }
            }
            // the region the slots took, as a zeroed child of the general path has it
            for (int f = layout.uvSeam(0); f < layout.uvPin(0) + 3; f++) {
                chunk.points[b + f] = 0f;
            }
            for (int e = 0; e < 3; e++) {
                far(chunk, b, layout, e, slot, (e + 1) % 3, e);
                far(chunk, b, layout, 3 + 2 * e, slot, 3 + e, 3 + e);
                far(chunk, b, layout, 4 + 2 * e, slot, 3 + e, 3 + e);
            }
            for (int c = 0; c < 3; c++) {
                for (int j = 0; j < 2; j++) {
                    int s = layout.fanSlot(c, j);
                    far(chunk, b, layout, layout.fanBit(c, j), slot, s, s);
                }
            }
            chunk.meta[r * mi] &= ~RecordLayout.SEAMLESS;
        }
    }

    private static void far(RecordChunk chunk, int b, RecordLayout layout, int bit, float[] slot, int side0, int side1) {
        for (int x = 0; x < 2; x++) {
            chunk.points[b + layout.uvFar(bit, 0, x)] = slot[2 * side0 + x];
            chunk.points[b + layout.uvFar(bit, 1, x)] = slot[2 * side1 + x];
        }
    }

    /** Both paths on the same records, every output compared (the regular path's SEAMLESS children expanded). */
    private static void assertPathsAgree(StreamTestRecords recs, int[] active, Scheme scheme, String what) {
        for (boolean direct : new boolean[] {false, true}) {
            String w = what + (direct ? ", direct triangles" : ", child records");
            Split general = split(recs, recs.copy(), active, false, direct, scheme);
            Split regular = split(recs, recs.copy(), active, true, direct, scheme);
            if (direct) {
                assertSameBits(general.direct(), regular.direct(), w);
            } else {
                expandSeamless(regular.children(), recs.layout);
                assertSameBits(general.children().points, regular.children().points, w + " (points)");
                assertSameInts(general.children().meta, regular.children().meta, w + " (metadata)");
            }
            assertSameBits(general.slivers(), regular.slivers(), w + " (slivers)");
        }
    }

    private static int[] all(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    private static void assertAllRegular(StreamTestRecords recs) {
        int mi = recs.layout.metaInts();
        for (int r = 0; r < recs.chunk.count; r++) {
            int m0 = recs.chunk.meta[r * mi];
            int m1 = recs.chunk.meta[r * mi + 1];
            for (int c = 0; c < 3; c++) {
                // The test is about the fast path: make sure every record takes it.
                assertEquals(6, RecordLayout.valence(m0, c), "record " + r + " corner " + c + " valence");
                assertEquals(RecordLayout.NO_GAP, RecordLayout.gap(m1, c), "record " + r + " corner " + c + " gap");
            }
        }
    }

    @Test
    void regularPathEqualsGeneralPathOnUniformRecords() {
        for (long seed = 1; seed <= 3; seed++) {
            StreamTestRecords recs = StreamTestRecords.of(SyntheticMeshes.torus(11, 7, seed));
            assertAllRegular(recs);
            for (Scheme scheme : Scheme.values()) {
                assertPathsAgree(recs, all(recs.chunk.count), scheme, "torus seed " + seed + " " + scheme);
            }
        }
    }

    @Test
    void regularPathEqualsGeneralPathWithCompleteAndFinishedBits() {
        // Adaptive records: frozen corners, midpoints on complete spokes, slivers along finished
        // neighbours, bits handed down to the children; and only some records active, so the child
        // and sliver indices of both paths go through the filter's active list.
        for (long seed = 1; seed <= 3; seed++) {
            StreamTestRecords recs = StreamTestRecords.of(SyntheticMeshes.torus(9, 8, seed));
            assertAllRegular(recs);
            Random random = new Random(seed);
            recs.randomBits(random, seed == 1 ? 0.05 : 0.3);
            int[] active = random.ints(0, recs.chunk.count).distinct().limit(recs.chunk.count / 2).sorted().toArray();
            assertPathsAgree(recs, active, Scheme.LOOP, "torus seed " + seed + " with bits");
        }
    }

    /**
     * The smooth uv rule on the regular path (records without a seam) gives the general path's
     * bits: uvs, the children's seam codes and far-end uvs (which its SEAMLESS children keep as one
     * uv per point slot, expanded here), limit uvs; records on a seam take the general path in both runs.
     */
    @Test
    void regularPathEqualsGeneralPathWithSmoothUvs() {
        TriangleMesh torus = SyntheticMeshes.torus(11, 7, 5);
        float[] uv = new float[2 * torus.vertexCount()];
        for (int v = 0; v < torus.vertexCount(); v++) {
            uv[2 * v] = torus.position(v, 0) * 0.1f + 0.5f;
            uv[2 * v + 1] = torus.position(v, 2) * 0.1f + 0.5f;
        }
        // one chart, and the same with a seam: faces whose first corner has y > 0 take their own copies
        int[] seamed = torus.triangles();
        float[] two = new float[4 * torus.vertexCount()];
        System.arraycopy(uv, 0, two, 0, uv.length);
        for (int v = 0; v < torus.vertexCount(); v++) {
            two[uv.length + 2 * v] = uv[2 * v] + 1f;
            two[uv.length + 2 * v + 1] = uv[2 * v + 1];
        }
        for (int t = 0; t < torus.triangleCount(); t++) {
            if (torus.position(torus.vertex(t, 0), 1) > 0) {
                for (int c = 0; c < 3; c++) {
                    seamed[3 * t + c] += torus.vertexCount();
                }
            }
        }
        for (boolean limit : new boolean[] {false, true}) {
            for (TriangleMesh m : List.of(TriangleMesh.of(torus.positions(), torus.triangles(), uv, torus.triangles()),
                    TriangleMesh.of(torus.positions(), torus.triangles(), two, seamed))) {
                StreamTestRecords recs = StreamTestRecords.smoothUvs(m, limit);
                assertAllRegular(recs);
                String what = (m.uvCount() > m.vertexCount() ? "seam" : "one chart") + (limit ? ", limit" : "");
                assertPathsAgree(recs, all(recs.chunk.count), Scheme.LOOP, what);
                Random random = new Random(7);
                recs.randomBits(random, 0.3);
                int[] active = random.ints(0, recs.chunk.count).distinct().limit(recs.chunk.count / 2).sorted().toArray();
                assertPathsAgree(recs, active, Scheme.LOOP, what + " with bits");
            }
        }
    }

    @Test
    void regularRecordsOfARealMeshAgreeToo() {
        // Two uniform splits of a real mesh: most records are regular there, with the coordinates
        // the rules produced rather than a generator's (the general ones are left out).
        StreamTestRecords level0 = StreamTestRecords.of(TestMeshes.load("icosahedron.obj"));
        Split once = split(level0, level0.copy(), all(level0.chunk.count), true, false, Scheme.LOOP);
        Split twice = split(level0, once.children(), all(once.children().count), true, false, Scheme.LOOP);
        RecordChunk level2 = twice.children();
        int mi = level0.layout.metaInts();
        int regular = 0;
        int[] regularIdx = new int[level2.count];
        for (int r = 0; r < level2.count; r++) {
            int m0 = level2.meta[r * mi];
            if ((m0 & 0x00FFFFFF) == RecordLayout.packMeta0(6, 6, 6, 0)
                    && level2.meta[r * mi + 1] == RecordLayout.packMeta1(RecordLayout.NO_GAP, RecordLayout.NO_GAP,
                            RecordLayout.NO_GAP)) {
                regularIdx[regular++] = r;
            }
        }
        assertTrue(regular > level2.count / 2, "level 2 of the icosahedron is mostly regular: " + regular);
        StreamTestRecords recs = StreamTestRecords.wrap(level0.mesh, level0.layout, level2);
        assertPathsAgree(recs, java.util.Arrays.copyOf(regularIdx, regular), Scheme.LOOP, "icosahedron level 2");
    }
}
