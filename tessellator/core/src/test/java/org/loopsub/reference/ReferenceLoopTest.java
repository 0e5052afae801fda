package org.loopsub.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.reference.ReferenceLoop.RefMesh;
import org.loopsub.testing.SyntheticMeshes;

class ReferenceLoopTest {

    static Stream<Arguments> meshes() {
        return Stream.of(
                Arguments.of("tetrahedron", SyntheticMeshes.tetrahedron(), true, 1),
                Arguments.of("octahedron", SyntheticMeshes.octahedron(), true, 1),
                Arguments.of("cone 24", SyntheticMeshes.highValenceCone(24), true, 1),
                Arguments.of("open grid", SyntheticMeshes.openGrid(5), false, 1),
                Arguments.of("disk with holes", SyntheticMeshes.diskWithHoles(), false, 3),
                Arguments.of("annulus", SyntheticMeshes.annulus(12), false, 2),
                Arguments.of("icosahedron.obj", TestMeshes.load("icosahedron.obj"), true, 1),
                Arguments.of("mesh_with_border.obj", TestMeshes.load("mesh_with_border.obj"), false, 1),
                Arguments.of("bunny_npm.obj", TestMeshes.load("bunny_npm.obj"), true, 1));
    }

    /** Topology summary: edges, boundary edges, boundary loops; also checks the orientation. */
    private record Topology(int edges, int boundaryEdges, int boundaryLoops) {
    }

    private static Topology topology(int[] tri, int vertexCount, String name) {
        Map<Long, Integer> directed = new HashMap<>();
        for (int t = 0; t < tri.length / 3; t++) {
            for (int c = 0; c < 3; c++) {
                int a = tri[3 * t + c];
                int b = tri[3 * t + (c + 1) % 3];
                assertNotEquals(a, b, name + ": degenerate face " + (t + 1));
                Integer old = directed.put(((long) a << 32) | b, t);
                assertEquals(null, old, name + ": directed edge " + a + "->" + b + " twice (orientation)");
            }
        }
        Set<Long> undirected = new HashSet<>();
        Map<Integer, Integer> boundaryNext = new HashMap<>();
        for (long k : directed.keySet()) {
            int a = (int) (k >>> 32);
            int b = (int) k;
            undirected.add(((long) Math.min(a, b) << 32) | Math.max(a, b));
            if (!directed.containsKey(((long) b << 32) | a)) {
                assertEquals(null, boundaryNext.put(a, b), name + ": vertex " + a + " starts two boundary edges");
            }
        }
        int loops = 0;
        Set<Integer> seen = new HashSet<>();
        for (int start : boundaryNext.keySet()) {
            if (seen.add(start)) {
                loops++;
                for (int v = boundaryNext.get(start); v != start; v = boundaryNext.get(v)) {
                    seen.add(v);
                }
            }
        }
        return new Topology(undirected.size(), boundaryNext.size(), loops);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("meshes")
    void countsEulerAndOrientation(String name, TriangleMesh mesh, boolean closed, int loops) {
        RefMesh m = ReferenceLoop.fromTriangleMesh(mesh);
        Topology top = topology(m.triangles(), m.vertexCount(), name);
        assertEquals(closed ? 0 : loops, top.boundaryLoops(), name + " boundary loops");
        int euler = m.vertexCount() - top.edges() + m.triangleCount();
        int levels = m.triangleCount() > 1000 ? 2 : 3;
        for (int k = 1; k <= levels; k++) {
            RefMesh next = ReferenceLoop.subdivide(m, 1, false);
            Topology nt = topology(next.triangles(), next.vertexCount(), name + " level " + k);
            assertEquals(4 * m.triangleCount(), next.triangleCount(), name + " faces");
            assertEquals(m.vertexCount() + top.edges(), next.vertexCount(), name + " vertices = V + E");
            assertEquals(euler, next.vertexCount() - nt.edges() + next.triangleCount(), name + " Euler");
            assertEquals(2 * top.boundaryEdges(), nt.boundaryEdges(), name + " boundary edges double");
            assertEquals(top.boundaryLoops(), nt.boundaryLoops(), name + " boundary loops");
            m = next;
            top = nt;
        }
        RefMesh direct = ReferenceLoop.subdivide(ReferenceLoop.fromTriangleMesh(mesh), levels, false);
        assertEquals(mesh.triangleCount() * (1 << (2 * levels)), direct.triangleCount());
        for (double x : direct.positions()) {
            assertTrue(Double.isFinite(x));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("meshes")
    void closedMeshesKeepTheirOutwardOrientation(String name, TriangleMesh mesh, boolean closed, int loops) {
        if (!closed) {
            return;
        }
        RefMesh m = ReferenceLoop.fromTriangleMesh(mesh);
        double before = signedVolume(m);
        assertTrue(before > 0, name + " is not oriented outwards: volume " + before);
        double after = signedVolume(ReferenceLoop.subdivide(m, 2, false));
        // Loop shrinks convex-ish shapes but never turns them inside out
        assertTrue(after > 0 && after < before * 1.01, name + " volume " + before + " -> " + after);
    }

    private static double signedVolume(RefMesh m) {
        double[] p = m.positions();
        int[] t = m.triangles();
        double sum = 0;
        for (int i = 0; i < t.length; i += 3) {
            int a = 3 * t[i];
            int b = 3 * t[i + 1];
            int c = 3 * t[i + 2];
            sum += p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1])
                    - p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c])
                    + p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
        }
        return sum / 6;
    }

    @Test
    void tetrahedronLevelOneByHand() {
        RefMesh r = ReferenceLoop.subdivide(ReferenceLoop.fromTriangleMesh(SyntheticMeshes.tetrahedron()), 1, false);
        // valence 3: beta = (5/8 - (3/8 + 1/4 cos(2 pi/3))^2) / 3 = (5/8 - 1/16) / 3 = 3/16, so
        // v0' = 7/16 (1,1,1) + 3/16 ((1,-1,-1) + (-1,1,-1) + (-1,-1,1)) = (1/4, 1/4, 1/4)
        assertPoint(r, 0, 0.25, 0.25, 0.25);
        assertPoint(r, 1, 0.25, -0.25, -0.25);
        // first edge of face 1 is (v0, v1); opposite v2 and v3:
        // 3/8 (2, 0, 0) + 1/8 (-2, 0, 0) = (1/2, 0, 0)
        assertPoint(r, 4, 0.5, 0, 0);
        assertEquals(3.0 / 16.0, ReferenceLoop.beta(3, false), 1e-15);
        assertEquals(3.0 / 16.0, ReferenceLoop.beta(3, true), 0.0);
    }

    @Test
    void loopAndWarrenWeightsDiffer() {
        // n = 5: Loop 0.0840932..., Warren 3/40
        assertEquals(0.08409322, ReferenceLoop.beta(5, false), 1e-8);
        assertEquals(0.075, ReferenceLoop.beta(5, true), 0.0);
        assertEquals(1.0 / 16.0, ReferenceLoop.beta(6, false), 1e-15, "regular valence");
        assertEquals(0.0625, ReferenceLoop.beta(6, true), 0.0);
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        RefMesh loop = ReferenceLoop.subdivide(ReferenceLoop.fromTriangleMesh(ico), 1, false);
        RefMesh warren = ReferenceLoop.subdivide(ReferenceLoop.fromTriangleMesh(ico), 1, true);
        // vertex 0 moves with its own beta; edge points are the same under both schemes
        double[] v = new double[3];
        double[] ring = new double[3];
        int n = 0;
        Set<Integer> neighbours = new HashSet<>();
        for (int t = 0; t < ico.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                if (ico.vertex(t, c) == 0) {
                    neighbours.add(ico.vertex(t, (c + 1) % 3));
                    neighbours.add(ico.vertex(t, (c + 2) % 3));
                }
            }
        }
        for (int x = 0; x < 3; x++) {
            v[x] = ico.position(0, x);
            for (int r : neighbours) {
                ring[x] += ico.position(r, x);
            }
        }
        n = neighbours.size();
        assertEquals(5, n);
        for (boolean w : new boolean[] {false, true}) {
            double beta = ReferenceLoop.beta(5, w);
            RefMesh r = w ? warren : loop;
            assertPoint(r, 0, (1 - n * beta) * v[0] + beta * ring[0], (1 - n * beta) * v[1] + beta * ring[1],
                    (1 - n * beta) * v[2] + beta * ring[2]);
        }
        for (int i = 3 * ico.vertexCount(); i < loop.positions().length; i++) {
            assertEquals(loop.positions()[i], warren.positions()[i], 0.0);
        }
    }

    @Test
    void regularGridInteriorStaysOnItsPlane() {
        TriangleMesh grid = SyntheticMeshes.planarGrid(6, 0.3f, -0.2f);
        RefMesh r = ReferenceLoop.subdivide(ReferenceLoop.fromTriangleMesh(grid), 2, false);
        double[] p = r.positions();
        for (int v = 0; v < r.vertexCount(); v++) {
            double plane = 0.3f * p[3 * v] + -0.2f * p[3 * v + 1];
            assertEquals(plane, p[3 * v + 2], 1e-6, "vertex " + v + " left the plane");
        }
        // an interior valence-6 vertex with a symmetric ring does not move at all
        int centre = vertexAt(grid, 0.5f, 0.5f);
        RefMesh one = ReferenceLoop.subdivide(ReferenceLoop.fromTriangleMesh(grid), 1, false);
        for (int x = 0; x < 3; x++) {
            assertEquals(grid.position(centre, x), one.positions()[3 * centre + x], 1e-6);
        }
    }

    @Test
    void boundaryVertexUsesThreeQuartersAndTwoEighths() {
        TriangleMesh grid = SyntheticMeshes.openGrid(4);
        RefMesh r = ReferenceLoop.subdivide(ReferenceLoop.fromTriangleMesh(grid), 1, false);
        // (0.5, 0) lies on the edge y = 0 between (0.25, 0) and (0.75, 0), and it has interior
        // neighbours too, which must not count
        int v = vertexAt(grid, 0.5f, 0f);
        int p = vertexAt(grid, 0.25f, 0f);
        int q = vertexAt(grid, 0.75f, 0f);
        assertNotEquals(0.0, grid.position(v, 2) - 0.5 * (grid.position(p, 2) + grid.position(q, 2)), "bumped");
        for (int x = 0; x < 3; x++) {
            double expected = 0.75 * grid.position(v, x) + 0.125 * ((double) grid.position(p, x) + grid.position(q, x));
            assertEquals(expected, r.positions()[3 * v + x], 1e-12, "axis " + x);
        }
        // boundary edge midpoints are plain averages: the edge (0,0)-(1,0) is the first edge
        int e = grid.vertexCount();
        int a = grid.vertex(0, 0);
        int b = grid.vertex(0, 1);
        for (int x = 0; x < 3; x++) {
            assertEquals(0.5 * ((double) grid.position(a, x) + grid.position(b, x)), r.positions()[3 * e + x], 1e-12);
        }
    }

    @Test
    void syntheticMeshesHaveTheAdvertisedShape() {
        TriangleMesh cone = SyntheticMeshes.highValenceCone(24);
        assertEquals(26, cone.vertexCount());
        assertEquals(48, cone.triangleCount());
        TriangleMesh far = SyntheticMeshes.translated(SyntheticMeshes.scaled(SyntheticMeshes.octahedron(), 5f), 100f, 0, 0);
        assertEquals(105f, far.position(0, 0));
        assertEquals(3, topology(SyntheticMeshes.diskWithHoles().triangles(), 0, "holes").boundaryLoops());
        assertEquals(2, topology(SyntheticMeshes.annulus(8).triangles(), 0, "annulus").boundaryLoops());
        assertEquals(1, topology(SyntheticMeshes.openGrid(3).triangles(), 0, "grid").boundaryLoops());
        assertTrue(TestMeshes.dir().resolve("tetrahedron.obj").toFile().isFile());
        TriangleMesh tet = TestMeshes.load("tetrahedron.obj");
        assertEquals(4, tet.vertexCount());
        assertEquals(4, tet.triangleCount());
    }

    private static void assertPoint(RefMesh r, int vertex, double x, double y, double z) {
        double[] p = r.positions();
        assertEquals(x, p[3 * vertex], 1e-12, "x of vertex " + vertex);
        assertEquals(y, p[3 * vertex + 1], 1e-12, "y of vertex " + vertex);
        assertEquals(z, p[3 * vertex + 2], 1e-12, "z of vertex " + vertex);
    }

    private static int vertexAt(TriangleMesh m, float x, float y) {
        for (int v = 0; v < m.vertexCount(); v++) {
            if (m.position(v, 0) == x && m.position(v, 1) == y) {
                return v;
            }
        }
        throw new AssertionError("no vertex at " + x + ", " + y);
    }
}
