package org.loopsub.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.testing.SyntheticMeshes;

/**
 * The edge test against the mesh the records came from: every spoke of every corner (the corner's
 * edge to each of its mesh neighbours) that is not complete yet is handed to the criterion with
 * the two vertices opposite it in the mesh (one on a boundary), in the order that makes (a, b, d) and
 * (a, c, b) the mesh's counter-clockwise triangles, and its complete bit is set exactly
 * when the criterion says so; complete spokes are not asked again and stay complete. Which bit
 * belongs to which spoke is taken from RecordLayout's documented table (by slot), not from its
 * ring functions.
 */
class LoopFlagEdgesTest {
    /** One spoke of one record: corner c to mesh vertex u, with its bits (two for a valence-3 corner's D). */
    private record Spoke(int record, int corner, int u, List<Integer> bits) {
    }

    /** A criterion that depends on both ends (not on their order) and on the level. */
    private static boolean verdict(int level, float[] p, int a, int b) {
        int ha = java.util.Arrays.hashCode(new float[] {p[a], p[a + 1], p[a + 2]});
        int hb = java.util.Arrays.hashCode(new float[] {p[b], p[b + 1], p[b + 2]});
        int h = (ha ^ hb) * 0x9E3779B1 + level * 0x85EBCA6B;
        return ((h ^ h >>> 16) & 3) != 0;
    }

    private static Map<Long, List<Integer>> trianglesOfEdge(TriangleMesh mesh) {
        Map<Long, List<Integer>> m = new HashMap<>();
        for (int t = 0; t < mesh.triangleCount(); t++) {
            for (int e = 0; e < 3; e++) {
                int a = mesh.vertex(t, e);
                int b = mesh.vertex(t, (e + 1) % 3);
                m.computeIfAbsent(key(a, b), k -> new ArrayList<>()).add(t);
            }
        }
        return m;
    }

    private static long key(int a, int b) {
        return (long) Math.min(a, b) << 32 | Math.max(a, b);
    }

    private static boolean samePoint(float[] p, int at, TriangleMesh mesh, int v) {
        return p[at] == mesh.position(v, 0) && p[at + 1] == mesh.position(v, 1) && p[at + 2] == mesh.position(v, 2);
    }

    /** Every spoke of every record, its bits found from the slots that hold its far end. */
    private static List<Spoke> spokes(StreamTestRecords recs, Map<Long, List<Integer>> edgeTriangles) {
        TriangleMesh mesh = recs.mesh;
        RecordLayout layout = recs.layout;
        int pf = layout.pointFloats();
        int f = layout.fanCapacity();
        Map<Integer, Set<Integer>> neighbours = new HashMap<>();
        for (long k : edgeTriangles.keySet()) {
            int a = (int) (k >>> 32);
            int b = (int) k;
            neighbours.computeIfAbsent(a, x -> new HashSet<>()).add(b);
            neighbours.computeIfAbsent(b, x -> new HashSet<>()).add(a);
        }
        List<Spoke> all = new ArrayList<>();
        for (int r = 0; r < recs.chunk.count; r++) {
            for (int c = 0; c < 3; c++) {
                int v = mesh.vertex(r, c);
                boolean nextInterior = edgeTriangles.get(key(v, mesh.vertex(r, (c + 1) % 3))).size() == 2;
                boolean prevInterior = edgeTriangles.get(key(v, mesh.vertex(r, (c + 2) % 3))).size() == 2;
                // Slot -> bit of corner c, as RecordLayout's table states them.
                Map<Integer, Integer> slotBit = new HashMap<>();
                slotBit.put((c + 1) % 3, c);
                slotBit.put((c + 2) % 3, (c + 2) % 3);
                Set<Integer> ds = new HashSet<>();
                if (nextInterior) {
                    slotBit.put(3 + c, 3 + 2 * c);
                    ds.add(third(mesh, edgeTriangles, r, v, mesh.vertex(r, (c + 1) % 3)));
                }
                if (prevInterior) {
                    slotBit.put(3 + (c + 2) % 3, 4 + 2 * ((c + 2) % 3));
                    ds.add(third(mesh, edgeTriangles, r, v, mesh.vertex(r, (c + 2) % 3)));
                }
                int valence = neighbours.get(v).size();
                int fan = valence - 2 - ds.size();
                for (int j = 0; j < fan; j++) {
                    slotBit.put(6 + c * f + j, 9 + c * f + j);
                }
                Set<Integer> found = new HashSet<>();
                for (int u : neighbours.get(v)) {
                    List<Integer> bits = new ArrayList<>();
                    for (Map.Entry<Integer, Integer> e : slotBit.entrySet()) {
                        if (samePoint(recs.chunk.points, r * pf + 3 * e.getKey(), mesh, u)) {
                            bits.add(e.getValue());
                            found.add(e.getKey());
                        }
                    }
                    assertTrue(!bits.isEmpty(), "record " + r + " corner " + c + ": neighbour " + u + " is in no slot");
                    all.add(new Spoke(r, c, u, bits));
                }
                assertEquals(slotBit.keySet(), found, "record " + r + " corner " + c + ": slots that hold no neighbour");
            }
        }
        return all;
    }

    /** The vertex opposite edge (v, w) in the triangle across it from triangle r. */
    private static int third(TriangleMesh mesh, Map<Long, List<Integer>> edgeTriangles, int r, int v, int w) {
        for (int t : edgeTriangles.get(key(v, w))) {
            if (t != r) {
                for (int c = 0; c < 3; c++) {
                    int x = mesh.vertex(t, c);
                    if (x != v && x != w) {
                        return x;
                    }
                }
            }
        }
        throw new IllegalStateException("no triangle across");
    }

    private static void check(TriangleMesh mesh, int level, double preset, long seed) {
        StreamTestRecords recs = StreamTestRecords.of(mesh);
        RecordLayout layout = recs.layout;
        int pf = layout.pointFloats();
        int mi = layout.metaInts();
        Map<Long, List<Integer>> edgeTriangles = trianglesOfEdge(mesh);
        List<Spoke> spokes = spokes(recs, edgeTriangles);
        // Complete bits from an earlier level: all bits of a spoke, or none. (An edge of the record
        // is a spoke of both its ends with one bit, so it is complete from both.)
        Random random = new Random(seed);
        Set<String> presetBits = new HashSet<>();
        for (Spoke s : spokes) {
            if (random.nextDouble() < preset) {
                for (int b : s.bits()) {
                    presetBits.add(s.record() + "/" + b);
                    RecordLayout.setBit(recs.chunk.meta, s.record() * mi, b);
                }
            }
        }
        Set<Spoke> complete = new HashSet<>();
        for (Spoke s : spokes) {
            if (s.bits().stream().allMatch(b -> presetBits.contains(s.record() + "/" + b))) {
                complete.add(s);
            }
        }
        int[] metaBefore = recs.chunk.meta.clone();
        float[] pointsBefore = recs.chunk.points.clone();

        Map<Integer, List<Spoke>> byRecord = new HashMap<>();
        for (Spoke s : spokes) {
            byRecord.computeIfAbsent(s.record(), x -> new ArrayList<>()).add(s);
        }
        Set<String> asked = new HashSet<>();
        String what = mesh.triangleCount() + " triangles, level " + level + ", preset " + preset;
        LoopFlagEdges.run(recs.chunk, layout, level, (lvl, p, a, b, c, d) -> {
            assertEquals(level, lvl, what);
            int r = a / pf;
            int corner = (a - r * pf) / 3;
            assertEquals(r * pf + 3 * corner, a, what + ": a is not a corner");
            assertTrue(corner < 3, what + ": a is not a corner");
            int v = mesh.vertex(r, corner);
            Spoke s = null;
            for (Spoke cand : byRecord.get(r)) {
                if (cand.record() == r && cand.corner() == corner && samePoint(p, b, mesh, cand.u())) {
                    s = cand;
                }
            }
            if (s == null) {
                fail(what + ": record " + r + " corner " + corner + ": b is not a neighbour");
            }
            if (complete.contains(s)) {
                fail(what + ": asked again about a complete spoke " + s);
            }
            // d closes the triangle with the directed edge v -> u, c the one with u -> v (so (a, b, d) and
            // (a, c, b) are counter-clockwise, as the culling test reads them); none where there is none
            int wantD = -1;
            int wantC = -1;
            for (int t : edgeTriangles.get(key(v, s.u()))) {
                for (int x = 0; x < 3; x++) {
                    if (mesh.vertex(t, x) == v && mesh.vertex(t, (x + 1) % 3) == s.u()) {
                        wantD = mesh.vertex(t, (x + 2) % 3);
                    }
                    if (mesh.vertex(t, x) == s.u() && mesh.vertex(t, (x + 1) % 3) == v) {
                        wantC = mesh.vertex(t, (x + 2) % 3);
                    }
                }
            }
            assertEquals(wantC < 0, c < 0, what + ": spoke " + s + ": triangle (a, c, b) " + (wantC < 0 ? "absent" : "present"));
            assertEquals(wantD < 0, d < 0, what + ": spoke " + s + ": triangle (a, b, d) " + (wantD < 0 ? "absent" : "present"));
            assertTrue(wantC < 0 || samePoint(p, c, mesh, wantC), what + ": c of " + s);
            assertTrue(wantD < 0 || samePoint(p, d, mesh, wantD), what + ": d of " + s);
            for (int bit : s.bits()) {
                asked.add(s.record() + "/" + bit);
            }
            return verdict(lvl, p, a, b);
        });

        int[] expectedMeta = metaBefore.clone();
        for (Spoke s : spokes) {
            // An edge of the record is a spoke of both its ends, with one bit: asking from either
            // end is enough.
            if (!complete.contains(s)) {
                for (int bit : s.bits()) {
                    assertTrue(asked.contains(s.record() + "/" + bit), what + ": never asked about " + s);
                }
            }
            float[] p = recs.chunk.points;
            int a = s.record() * pf + 3 * s.corner();
            int b = -1;
            for (int slot = 0; slot < layout.pointSlots(); slot++) {
                if (samePoint(p, s.record() * pf + 3 * slot, mesh, s.u())) {
                    b = s.record() * pf + 3 * slot;
                }
            }
            if (verdict(level, p, a, b)) {
                s.bits().forEach(bit -> RecordLayout.setBit(expectedMeta, s.record() * mi, bit));
            }
        }
        assertArrayEquals(expectedMeta, recs.chunk.meta, what + ": complete bits");
        assertArrayEquals(pointsBefore, recs.chunk.points, what + ": the edge test changed points");
    }

    @Test
    void everyOpenSpokeIsAskedAndFlaggedAsTheCriterionSays() {
        List<TriangleMesh> meshes = List.of(TestMeshes.load("mesh_with_border.obj"), TestMeshes.load("tetrahedron.obj"),
                TestMeshes.load("icosahedron.obj"), SyntheticMeshes.diskWithHoles(), SyntheticMeshes.highValenceCone(11));
        long seed = 1;
        for (TriangleMesh mesh : meshes) {
            for (int level : new int[] {0, 3}) {
                for (double preset : new double[] {0.0, 0.4}) {
                    check(mesh, level, preset, seed++);
                }
            }
        }
    }
}
