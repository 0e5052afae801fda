package org.loopsub.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.reference.ReferenceLimit.Result;
import org.loopsub.reference.ReferenceLoop.RefMesh;
import org.loopsub.testing.SyntheticMeshes;

/**
 * Checks {@link ReferenceLimit} against facts that do not come from its own formulas: planes stay
 * planes with the faces' normal, the hand-written valence-6 and boundary masks, the limit point's
 * invariance under refinement (which only the true left eigenvector of the subdivision matrix has),
 * convergence of refined vertices to the level-0 limit, tangent planes that contain the nearby limit
 * surface, and outward normals on convex closed meshes.
 */
class ReferenceLimitTest {

    static Stream<Arguments> meshes() {
        return Stream.of(
                Arguments.of("icosahedron.obj", TestMeshes.load("icosahedron.obj"), 2),
                Arguments.of("tetrahedron", SyntheticMeshes.tetrahedron(), 2),
                Arguments.of("cone 11", SyntheticMeshes.highValenceCone(11), 2),
                Arguments.of("open grid", SyntheticMeshes.openGrid(5), 2),
                Arguments.of("disk with holes", SyntheticMeshes.diskWithHoles(), 1),
                Arguments.of("annulus", SyntheticMeshes.annulus(12), 2),
                Arguments.of("mesh_with_border.obj", TestMeshes.load("mesh_with_border.obj"), 1));
    }

    private static RefMesh ref(TriangleMesh m) {
        return ReferenceLoop.fromTriangleMesh(m);
    }

    /** Neighbours of each vertex and boundary neighbours, from an undirected edge count (no rings). */
    private static final class Adjacency {
        final List<TreeSet<Integer>> neighbours = new ArrayList<>();
        final List<TreeSet<Integer>> boundary = new ArrayList<>();

        Adjacency(RefMesh m) {
            Map<Long, Integer> count = new HashMap<>();
            int[] t = m.triangles();
            for (int v = 0; v < m.vertexCount(); v++) {
                neighbours.add(new TreeSet<>());
                boundary.add(new TreeSet<>());
            }
            for (int i = 0; i < t.length; i++) {
                int a = t[i];
                int b = t[i % 3 == 2 ? i - 2 : i + 1];
                neighbours.get(a).add(b);
                neighbours.get(b).add(a);
                count.merge(((long) Math.min(a, b) << 32) | Math.max(a, b), 1, Integer::sum);
            }
            count.forEach((k, c) -> {
                if (c == 1) {
                    int a = (int) (k >>> 32);
                    int b = (int) (long) k;
                    boundary.get(a).add(b);
                    boundary.get(b).add(a);
                }
            });
        }
    }

    private static double diagonal(double[] p) {
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < p.length; i++) {
            lo[i % 3] = Math.min(lo[i % 3], p[i]);
            hi[i % 3] = Math.max(hi[i % 3], p[i]);
        }
        return Math.sqrt(sq(hi[0] - lo[0]) + sq(hi[1] - lo[1]) + sq(hi[2] - lo[2]));
    }

    private static double sq(double x) {
        return x * x;
    }

    private static double angle(double[] a, int i, double[] b, int j) {
        double dot = a[3 * i] * b[3 * j] + a[3 * i + 1] * b[3 * j + 1] + a[3 * i + 2] * b[3 * j + 2];
        double cx = a[3 * i + 1] * b[3 * j + 2] - a[3 * i + 2] * b[3 * j + 1];
        double cy = a[3 * i + 2] * b[3 * j] - a[3 * i] * b[3 * j + 2];
        double cz = a[3 * i] * b[3 * j + 1] - a[3 * i + 1] * b[3 * j];
        return Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), dot);
    }

    private static double distance(double[] a, int i, double[] b, int j) {
        return Math.sqrt(sq(a[3 * i] - b[3 * j]) + sq(a[3 * i + 1] - b[3 * j + 1]) + sq(a[3 * i + 2] - b[3 * j + 2]));
    }

    @Test
    void flatGridNormalsArePlusZAndLimitPointsStayInThePlane() {
        RefMesh flat = ref(SyntheticMeshes.planarGrid(6, 0f, 0f));
        for (int levels = 0; levels <= 2; levels++) {
            Result r = ReferenceLimit.limitAfter(flat, levels);
            for (int v = 0; v < r.mesh().vertexCount(); v++) {
                assertEquals(0.0, r.positions()[3 * v + 2], 0.0, "z of limit point " + v + " at level " + levels);
                assertEquals(0.0, r.normals()[3 * v], 0.0, "nx " + v);
                assertEquals(0.0, r.normals()[3 * v + 1], 0.0, "ny " + v);
                assertEquals(1.0, r.normals()[3 * v + 2], "nz " + v + " at level " + levels);
            }
        }
        // a tilted plane z = 0.3 x - 0.2 y (float positions, so to float accuracy)
        RefMesh tilted = ref(SyntheticMeshes.planarGrid(6, 0.3f, -0.2f));
        double[] n = {-0.3, 0.2, 1};
        double len = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        for (int x = 0; x < 3; x++) {
            n[x] /= len;
        }
        for (int levels = 0; levels <= 2; levels++) {
            Result r = ReferenceLimit.limitAfter(tilted, levels);
            double[] p = r.positions();
            for (int v = 0; v < r.mesh().vertexCount(); v++) {
                double off = p[3 * v + 2] - (0.3 * p[3 * v] - 0.2 * p[3 * v + 1]);
                assertEquals(0, off, 1e-6, "limit point " + v + " off the plane at level " + levels);
                assertTrue(angle(r.normals(), v, n, 0) < 1e-6, "normal " + v + " at level " + levels);
            }
        }
    }

    @Test
    void valenceSixAndBoundaryMasksByHand() {
        RefMesh m = ref(SyntheticMeshes.openGrid(4));
        Adjacency adj = new Adjacency(m);
        Result r = ReferenceLimit.limit(m);
        double[] p = m.positions();
        int interior = 0;
        int boundary = 0;
        for (int v = 0; v < m.vertexCount(); v++) {
            TreeSet<Integer> bnd = adj.boundary.get(v);
            for (int x = 0; x < 3; x++) {
                double expected;
                if (bnd.isEmpty()) {
                    assertEquals(6, adj.neighbours.get(v).size(), "grid interior valence");
                    double sum = 0;
                    for (int q : adj.neighbours.get(v)) {
                        sum += p[3 * q + x];
                    }
                    expected = 0.5 * p[3 * v + x] + sum / 12;
                } else {
                    assertEquals(2, bnd.size());
                    expected = 2.0 / 3.0 * p[3 * v + x] + (p[3 * bnd.first() + x] + p[3 * bnd.last() + x]) / 6;
                }
                assertEquals(expected, r.positions()[3 * v + x], 1e-15, "vertex " + v + " axis " + x);
            }
            if (bnd.isEmpty()) {
                interior++;
            } else {
                boundary++;
            }
        }
        assertEquals(9, interior);
        assertEquals(16, boundary);
        assertEquals(1.0 / 12.0, ReferenceLimit.epsilon(6));
        assertEquals(1.0 / 16.0, ReferenceLimit.beta(6));
        // valence 3: beta = 3/16 - ... : (5/8 - (3/8 - 1/8)^2)/3 = (5/8 - 1/16)/3 = 3/16
        assertEquals(3.0 / 16.0, ReferenceLimit.beta(3), 1e-16);
        // eps(3) = 1/(3 + 3/(8 * 3/16)) = 1/(3 + 2) = 1/5
        assertEquals(0.2, ReferenceLimit.epsilon(3), 1e-16);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("meshes")
    void limitPositionsDoNotChangeWithRefinement(String name, TriangleMesh mesh, int maxLevel) {
        RefMesh base = ref(mesh);
        double scale = diagonal(base.positions());
        for (int level = 0; level < maxLevel; level++) {
            Result coarse = ReferenceLimit.limitAfter(base, level);
            Result fine = ReferenceLimit.limitAfter(base, level + 1);
            double worst = 0;
            for (int v = 0; v < coarse.mesh().vertexCount(); v++) {
                worst = Math.max(worst, distance(coarse.positions(), v, fine.positions(), v));
            }
            assertTrue(worst <= 1e-12 * scale, name + ": level " + level + " vs " + (level + 1)
                    + " limit points differ by " + worst + " (scale " + scale + ")");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("meshes")
    void limitNormalsAgreeAcrossLevels(String name, TriangleMesh mesh, int maxLevel) {
        RefMesh base = ref(mesh);
        Adjacency adj = new Adjacency(base);
        Result l0 = ReferenceLimit.limitAfter(base, 0);
        Result l1 = ReferenceLimit.limitAfter(base, 1);
        Result l2 = ReferenceLimit.limitAfter(base, 2);
        double worstInterior = 0;
        for (int v = 0; v < base.vertexCount(); v++) {
            double a01 = angle(l0.normals(), v, l1.normals(), v);
            double a12 = angle(l1.normals(), v, l2.normals(), v);
            if (adj.boundary.get(v).isEmpty()) {
                // the tangents are left eigenvectors of the smooth subdivision matrix: same direction
                worstInterior = Math.max(worstInterior, Math.max(a01, a12));
            } else {
                // boundary with k >= 3 inner edges: converges (the change shrinks), small already
                assertTrue(a01 < 0.2, name + ": boundary vertex " + v + " normal moved " + a01 + " rad");
                assertTrue(a12 <= 0.75 * a01 + 1e-9, name + ": boundary vertex " + v
                        + " normal change does not shrink: " + a01 + " then " + a12);
                if (adj.neighbours.get(v).size() <= 4) {
                    // k <= 2: the dv masks of OpenSubdiv are exact eigenvectors there
                    assertTrue(a01 < 1e-9 && a12 < 1e-9, name + ": boundary vertex " + v + " (k <= 2) normal moved "
                            + a01 + ", " + a12);
                }
            }
        }
        assertTrue(worstInterior < 1e-9, name + ": interior normals moved by " + worstInterior + " rad");
    }

    @Test
    void refinedVerticesConvergeToTheLevelZeroLimit() {
        for (TriangleMesh mesh : List.of(TestMeshes.load("icosahedron.obj"), SyntheticMeshes.annulus(7),
                SyntheticMeshes.highValenceCone(9), SyntheticMeshes.tetrahedron())) {
            RefMesh base = ref(mesh);
            Result limit = ReferenceLimit.limit(base);
            double previous = Double.MAX_VALUE;
            double first = 0;
            for (int level = 0; level <= 5; level++) {
                RefMesh refined = ReferenceLoop.subdivide(base, level, false);
                double worst = 0;
                for (int v = 0; v < base.vertexCount(); v++) {
                    worst = Math.max(worst, distance(refined.positions(), v, limit.positions(), v));
                }
                if (level == 0) {
                    first = worst;
                } else {
                    // the error decays at the subdominant rate (at most 5/8 per level for valence >= 3)
                    assertTrue(worst < 0.7 * previous, "level " + level + ": " + worst + " after " + previous);
                }
                previous = worst;
            }
            assertTrue(previous < 0.05 * first, "level 5 error " + previous + " vs level 0 " + first);
        }
    }

    /**
     * The tangent plane at a vertex contains the limit surface nearby: limit points of its ring a few
     * levels down lie in the plane to second order (the chord's normal component shrinks about as
     * fast as the chord, so the sine of the tilt halves per level). Wrong tangent weights would leave
     * a first-order tilt that does not shrink. Interior vertices and boundary vertices with at most
     * two inner edges use the level-0 normal (exact there); boundary vertices with {@code k >= 3},
     * whose normal still moves slightly with the level, use the normal of the level the chords are
     * taken at.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("meshes")
    void normalsAreNormalToTheNearbyLimitSurface(String name, TriangleMesh mesh, int maxLevel) {
        RefMesh base = ref(mesh);
        Adjacency baseAdj = new Adjacency(base);
        Result l0 = ReferenceLimit.limit(base);
        double[][] tilt = new double[2][3];
        for (int i = 0; i < 3; i++) {
            int levels = 1 + i;
            Result fine = ReferenceLimit.limitAfter(base, levels);
            Adjacency adj = new Adjacency(fine.mesh());
            for (int v = 0; v < base.vertexCount(); v++) {
                boolean exact = baseAdj.boundary.get(v).isEmpty() || baseAdj.neighbours.get(v).size() <= 4;
                double[] normals = exact ? l0.normals() : fine.normals();
                for (int q : adj.neighbours.get(v)) {
                    double len = 0;
                    double dot = 0;
                    for (int x = 0; x < 3; x++) {
                        double chord = fine.positions()[3 * q + x] - fine.positions()[3 * v + x];
                        len += chord * chord;
                        dot += chord * normals[3 * v + x];
                    }
                    int kind = exact ? 0 : 1;
                    tilt[kind][i] = Math.max(tilt[kind][i], Math.abs(dot) / Math.sqrt(len));
                }
            }
        }
        // one level halves the chord, so a tangent plane shrinks the sine of the tilt
        // geometrically (0.5 regular, about 0.6 at valence 3 and 11, measured); at
        // boundary vertices with k >= 3 (unequal subdominant eigenvalues) it shrinks more slowly
        for (int kind = 0; kind < 2; kind++) {
            for (int i = 1; i < 3; i++) {
                double rate = kind == 0 ? 0.7 : 0.8;
                assertTrue(tilt[kind][i] <= rate * tilt[kind][i - 1], name + (kind == 0 ? " exact" : " k >= 3")
                        + ": tilt " + java.util.Arrays.toString(tilt[kind]));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("convex")
    void closedConvexMeshesHaveOutwardNormals(String name, TriangleMesh mesh) {
        for (int levels = 0; levels <= 2; levels++) {
            Result r = ReferenceLimit.limitAfter(ref(mesh), levels);
            double[] p = r.positions();
            double[] c = new double[3];
            int count = r.mesh().vertexCount();
            for (int v = 0; v < count; v++) {
                for (int x = 0; x < 3; x++) {
                    c[x] += p[3 * v + x] / count;
                }
            }
            for (int v = 0; v < count; v++) {
                double dot = 0;
                double norm = 0;
                for (int x = 0; x < 3; x++) {
                    dot += (p[3 * v + x] - c[x]) * r.normals()[3 * v + x];
                    norm += sq(r.normals()[3 * v + x]);
                }
                assertEquals(1, norm, 1e-12, name + ": unit normal");
                assertTrue(dot > 0, name + ": vertex " + v + " at level " + levels + " normal points inward");
            }
        }
    }

    static Stream<Arguments> convex() {
        return Stream.of(
                Arguments.of("icosahedron.obj", TestMeshes.load("icosahedron.obj")),
                Arguments.of("tetrahedron", SyntheticMeshes.tetrahedron()),
                Arguments.of("octahedron", SyntheticMeshes.octahedron()),
                Arguments.of("cone 24", SyntheticMeshes.highValenceCone(24)));
    }

    @Test
    void earAndShortBoundaryFansHaveNormalsToTheFacesSide() {
        // one triangle: three ears (k = 0), counter-clockwise seen from +z
        RefMesh one = new RefMesh(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, new int[] {0, 1, 2});
        Result r = ReferenceLimit.limit(one);
        for (int v = 0; v < 3; v++) {
            assertEquals(1.0, r.normals()[3 * v + 2], 1e-15, "ear " + v);
        }
        // a fan of four triangles around vertex 0 on the boundary: k = 0..3 at various vertices
        double[] p = {0, 0, 0, 1, 0, 0, 0.7, 0.7, 0, 0, 1, 0, -0.7, 0.7, 0, -1, 0, 0};
        int[] t = {0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 4, 5};
        Result fan = ReferenceLimit.limit(new RefMesh(p, t));
        for (int v = 0; v < 6; v++) {
            assertEquals(1.0, fan.normals()[3 * v + 2], 1e-15, "fan vertex " + v);
        }
        // the same faces turned over: normals -z
        int[] flipped = {0, 2, 1, 0, 3, 2, 0, 4, 3, 0, 5, 4};
        Result down = ReferenceLimit.limit(new RefMesh(p, flipped));
        for (int v = 0; v < 6; v++) {
            assertEquals(-1.0, down.normals()[3 * v + 2], 1e-15, "flipped fan vertex " + v);
        }
    }

    @Test
    void nonManifoldInputIsRefused() {
        // two triangles sharing only vertex 0 (a bow tie)
        RefMesh bowTie = new RefMesh(new double[] {0, 0, 0, 1, 0, 0, 1, 1, 0, -1, 0, 0, -1, -1, 0},
                new int[] {0, 1, 2, 0, 3, 4});
        assertThrows(IllegalArgumentException.class, () -> ReferenceLimit.limit(bowTie));
    }
}
