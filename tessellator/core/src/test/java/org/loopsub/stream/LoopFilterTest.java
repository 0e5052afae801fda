package org.loopsub.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.testing.SyntheticMeshes;

/**
 * The filter against a plain restatement of its rules (docs/design.md §4), computed from the mesh
 * the records came from rather than from the records' own topology fields: a record finishes when
 * its three edges are complete (or at the maximum depth) and goes to the output as its three
 * corners, in stream order; an active record learns that the neighbour across an interior edge e
 * has finished when that neighbour's three edges (e and the two spokes to D_e) are complete, and
 * emits one sliver per finished neighbour, placed by an exclusive sum in stream order.
 */
class LoopFilterTest {
    /** Whether the edge from corner e to corner e+1 of each triangle has a triangle on its other side. */
    private static boolean[] interiorEdges(TriangleMesh mesh) {
        int[] t = mesh.triangles();
        Set<Long> directed = new HashSet<>();
        for (int f = 0; f < t.length / 3; f++) {
            for (int e = 0; e < 3; e++) {
                directed.add((long) t[3 * f + e] << 32 | t[3 * f + (e + 1) % 3]);
            }
        }
        boolean[] interior = new boolean[t.length];
        for (int f = 0; f < t.length / 3; f++) {
            for (int e = 0; e < 3; e++) {
                interior[3 * f + e] = directed.contains((long) t[3 * f + (e + 1) % 3] << 32 | t[3 * f + e]);
            }
        }
        return interior;
    }

    private static boolean bit(RecordChunk chunk, RecordLayout layout, int r, int bit) {
        int word = chunk.meta[r * layout.metaInts() + 2 + bit / 32];
        return (word >>> (bit % 32) & 1) != 0;
    }

    private static void check(StreamTestRecords recs, boolean atMax, String what) {
        RecordLayout layout = recs.layout;
        RecordChunk before = recs.copy();
        RecordChunk chunk = recs.copy();
        LoopFilter.Result res = LoopFilter.run(chunk, layout, atMax);

        TriangleMesh mesh = recs.mesh;
        boolean[] interior = interiorEdges(mesh);
        int mi = layout.metaInts();
        List<Integer> active = new ArrayList<>();
        List<Float> finished = new ArrayList<>();
        List<Integer> sliverOffsets = new ArrayList<>();
        int slivers = 0;
        for (int r = 0; r < chunk.count; r++) {
            boolean done = atMax || (bit(before, layout, r, 0) && bit(before, layout, r, 1) && bit(before, layout, r, 2));
            int m0 = before.meta[r * mi];
            int expectedM0 = m0;
            if (done) {
                for (int c = 0; c < 3; c++) {
                    for (int x = 0; x < 3; x++) {
                        finished.add(mesh.position(mesh.vertex(r, c), x));
                    }
                }
            } else {
                active.add(r);
                int nf = (m0 >>> 24) & 7;
                for (int e = 0; e < 3; e++) {
                    // the neighbour across edge e: edges e (shared), (corner e, D_e) and (corner e+1, D_e)
                    if (interior[3 * r + e] && bit(before, layout, r, e) && bit(before, layout, r, 3 + 2 * e)
                            && bit(before, layout, r, 4 + 2 * e)) {
                        nf |= 1 << e;
                    }
                }
                expectedM0 = (m0 & 0x00FFFFFF) | nf << 24;
                sliverOffsets.add(slivers);
                slivers += Integer.bitCount(nf);
            }
            assertEquals(expectedM0, chunk.meta[r * mi], what + ": meta[0] of record " + r);
            for (int w = 1; w < mi; w++) {
                assertEquals(before.meta[r * mi + w], chunk.meta[r * mi + w], what + ": the filter changed meta[" + w
                        + "] of record " + r);
            }
        }
        assertArrayEquals(before.points, chunk.points, what + ": the filter changed points");
        assertEquals(active.size(), res.activeCount, what + ": active records");
        assertArrayEquals(active.stream().mapToInt(Integer::intValue).toArray(),
                java.util.Arrays.copyOf(res.active, res.activeCount), what + ": active indices, in stream order");
        assertEquals(chunk.count - active.size(), res.finishedCount, what + ": finished records");
        float[] expectedFinished = new float[finished.size()];
        for (int i = 0; i < expectedFinished.length; i++) {
            expectedFinished[i] = finished.get(i);
        }
        assertArrayEquals(expectedFinished, java.util.Arrays.copyOf(res.finished, 9 * res.finishedCount),
                what + ": finished corners, in stream order");
        assertEquals(slivers, res.sliverCount, what + ": slivers");
        assertArrayEquals(sliverOffsets.stream().mapToInt(Integer::intValue).toArray(),
                java.util.Arrays.copyOf(res.sliverOffset, res.activeCount), what + ": sliver offsets");
    }

    @Test
    void filterFollowsItsRulesOnOpenAndClosedMeshes() {
        List<TriangleMesh> meshes = List.of(TestMeshes.load("mesh_with_border.obj"), TestMeshes.load("tetrahedron.obj"),
                SyntheticMeshes.diskWithHoles(), SyntheticMeshes.highValenceCone(9));
        for (TriangleMesh mesh : meshes) {
            for (double p : new double[] {0.0, 0.5, 0.8, 1.0}) {
                for (boolean spokesOnly : new boolean[] {true, false}) {
                    StreamTestRecords recs = StreamTestRecords.of(mesh);
                    recs.randomBits(new Random(Double.hashCode(p) ^ mesh.triangleCount()), p, spokesOnly);
                    String what = mesh.triangleCount() + " triangles, bits with p = " + p
                            + (spokesOnly ? "" : " on every spoke bit");
                    check(recs, false, what);
                    check(recs, true, what + ", at the maximum depth");
                }
            }
        }
    }

    @Test
    void theCasesTheRulesSingleOutOccur() {
        // Guard against a vacuous pass above: with p = 0.8 on every bit of the open mesh the filter
        // must meet finished and active records, finished neighbours, and a boundary edge whose
        // bits would say "finished neighbour" if the edge were interior.
        StreamTestRecords recs = StreamTestRecords.of(TestMeshes.load("mesh_with_border.obj"));
        recs.randomBits(new Random(Double.hashCode(0.8) ^ recs.mesh.triangleCount()), 0.8, false);
        boolean[] interior = interiorEdges(recs.mesh);
        LoopFilter.Result res = LoopFilter.run(recs.copy(), recs.layout, false);
        assertTrue(res.finishedCount > 0 && res.activeCount > 0, "finished and active records");
        assertTrue(res.sliverCount > 0, "slivers");
        boolean boundaryCase = false;
        for (int r = 0; r < recs.chunk.count; r++) {
            for (int e = 0; e < 3; e++) {
                boundaryCase |= !interior[3 * r + e] && bit(recs.chunk, recs.layout, r, e)
                        && bit(recs.chunk, recs.layout, r, 3 + 2 * e) && bit(recs.chunk, recs.layout, r, 4 + 2 * e);
            }
        }
        assertTrue(boundaryCase, "a boundary edge with all three bits");
    }
}
