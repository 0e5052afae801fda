package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.testing.CrackCheck;
import org.loopsub.testing.SyntheticMeshes;
import org.loopsub.testing.TestCameras;
import org.loopsub.testing.TestCriteria;

/**
 * Output on the limit surface ({@link RefineOptions#withLimitSurface}): properties that hold
 * whatever the masks' details, checked on the Java back end.
 */
class LimitSurfaceTest {
    static TriangleMesh mesh(String name) {
        return switch (name) {
            case "flat grid" -> SyntheticMeshes.planarGrid(6, 1f, 1f);
            case "disk with holes" -> SyntheticMeshes.diskWithHoles();
            default -> TestMeshes.load(name);
        };
    }

    static RefineResult refine(TriangleMesh mesh, RefineOptions options) {
        try (Tessellator t = Tessellators.create("java")) {
            return t.refine(mesh, options);
        }
    }

    /**
     * A vertex's limit position does not move with further refinement: every vertex of level L is a
     * vertex of level L + 1, to float rounding. (Control points of level L move by a visible amount.)
     */
    @ParameterizedTest
    @ValueSource(strings = {"icosahedron.obj", "mesh_with_border.obj", "disk with holes", "tetrahedron.obj"})
    void limitPositionsStayPut(String name) {
        TriangleMesh m = mesh(name);
        for (int level = 0; level <= 2; level++) {
            RefineResult coarse = refine(m, RefineOptions.uniform(level).withLimitSurface(true));
            RefineResult fine = refine(m, RefineOptions.uniform(level + 1).withLimitSurface(true));
            double tol = 1e-6 * TestCameras.diagonal(fine.mesh());
            Map<List<Long>, double[]> grid = new HashMap<>();
            TriangleMesh f = fine.mesh();
            double cell = 1e-3 * TestCameras.diagonal(f);
            for (int v = 0; v < f.vertexCount(); v++) {
                double[] p = {f.position(v, 0), f.position(v, 1), f.position(v, 2)};
                grid.put(List.of(Math.round(p[0] / cell), Math.round(p[1] / cell), Math.round(p[2] / cell)), p);
            }
            TriangleMesh c = coarse.mesh();
            for (int v = 0; v < c.vertexCount(); v++) {
                double best = Double.MAX_VALUE;
                long[] k = {Math.round(c.position(v, 0) / cell), Math.round(c.position(v, 1) / cell),
                    Math.round(c.position(v, 2) / cell)};
                for (long dx = -1; dx <= 1; dx++) {
                    for (long dy = -1; dy <= 1; dy++) {
                        for (long dz = -1; dz <= 1; dz++) {
                            double[] p = grid.get(List.of(k[0] + dx, k[1] + dy, k[2] + dz));
                            if (p != null) {
                                double d = Math.hypot(Math.hypot(p[0] - c.position(v, 0), p[1] - c.position(v, 1)),
                                        p[2] - c.position(v, 2));
                                best = Math.min(best, d);
                            }
                        }
                    }
                }
                if (best > tol) {
                    fail(name + ": vertex " + v + " of level " + level + " is " + best + " from every vertex of level "
                            + (level + 1));
                }
            }
            assertEquals(c.vertexCount() + edges(c), f.vertexCount(), "vertices of level " + (level + 1));
        }
    }

    /**
     * A flat open grid (a tilted plane) stays in its plane, and every limit normal is the plane's
     * unit normal on the side its counter-clockwise faces face, corners and boundary included.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void flatGridHasPlaneNormals(int level) {
        TriangleMesh input = mesh("flat grid");
        double[] n = faceNormal(input, 0);
        double d0 = dot(n, input, 0);
        RefineResult r = refine(input, RefineOptions.uniform(level).withLimitSurface(true));
        TriangleMesh m = r.mesh();
        for (int v = 0; v < m.vertexCount(); v++) {
            assertEquals(d0, dot(n, m, v), 1e-6, "distance from the plane of vertex " + v);
            for (int x = 0; x < 3; x++) {
                assertEquals(n[x], r.normal(v, x), 1e-5, "normal of vertex " + v);
            }
        }
    }

    static double[] faceNormal(TriangleMesh m, int t) {
        double[][] p = new double[3][3];
        for (int c = 0; c < 3; c++) {
            for (int x = 0; x < 3; x++) {
                p[c][x] = m.position(m.vertex(t, c), x);
            }
        }
        double[] u = {p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]};
        double[] w = {p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]};
        double[] n = {u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
        double len = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        return new double[] {n[0] / len, n[1] / len, n[2] / len};
    }

    static double dot(double[] n, TriangleMesh m, int v) {
        return n[0] * m.position(v, 0) + n[1] * m.position(v, 1) + n[2] * m.position(v, 2);
    }

    /** Normals of a closed convex-ish mesh point outwards. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void icosahedronNormalsPointOut(int level) {
        RefineResult r = refine(mesh("icosahedron.obj"), RefineOptions.uniform(level).withLimitSurface(true));
        TriangleMesh m = r.mesh();
        for (int v = 0; v < m.vertexCount(); v++) {
            double d = 0;
            double len = 0;
            for (int x = 0; x < 3; x++) {
                d += m.position(v, x) * r.normal(v, x);
                len += m.position(v, x) * m.position(v, x);
            }
            assertTrue(d > 0.99 * Math.sqrt(len), "normal of vertex " + v + " is not radial: " + d);
        }
    }

    /**
     * Adaptive refinement on the limit surface freezes no vertex, and still leaves no crack: random
     * verdicts on closed and open meshes, with and without high valence.
     */
    @org.junit.jupiter.api.Test
    void adaptiveLimitIsCrackFree() {
        TriangleMesh[] meshes = {TestMeshes.load("icosahedron.obj"), TestMeshes.load("mesh_with_border.obj"),
            SyntheticMeshes.highValenceCone(20), SyntheticMeshes.diskWithHoles()};
        try (Tessellator t = Tessellators.create("java")) {
            for (TriangleMesh m : meshes) {
                for (long seed = 11; seed < 15; seed++) {
                    RefineResult r = t.refine(m, RefineOptions.adaptive(m.triangleCount() > 500 ? 3 : 4,
                            TestCriteria.randomCriterion(seed, 0.15 * (seed - 9))).withLimitSurface(true));
                    CrackCheck.assertCrackFree(m, r.mesh(), "limit, seed " + seed);
                    long slivers = r.levels().stream().mapToLong(org.loopsub.api.LevelStats::slivers).sum();
                    assertTrue(slivers > 0, "random verdicts create T-junctions");
                }
            }
        }
    }

    /**
     * The engine's limit positions and normals equal the independent reference's
     * ({@link org.loopsub.reference.ReferenceLimit}: plain Loop in double, then OpenSubdiv's limit
     * masks) at levels 0 to 3: positions within 1e-5 of the bounding-box diagonal, normals within
     * 0.05 degrees (the acceptance figures), on closed and open meshes, valence 3 to 24,
     * boundary corners of valence 2 and 3.
     */
    @ParameterizedTest
    @ValueSource(strings = {"icosahedron.obj", "tetrahedron.obj", "mesh_with_border.obj", "bunny_npm.obj",
        "disk with holes", "cone 24", "flat grid", "rookT.obj"})
    void equalsTheReferenceLimit(String name) {
        TriangleMesh m = name.equals("cone 24") ? SyntheticMeshes.highValenceCone(24) : mesh(name);
        int top = m.triangleCount() > 1000 ? 2 : 3;
        for (int level = 0; level <= top; level++) {
            org.loopsub.reference.ReferenceLimit.Result ref = org.loopsub.reference.ReferenceLimit.limitAfter(
                    org.loopsub.reference.ReferenceLoop.fromTriangleMesh(m), level);
            RefineResult r = refine(m, RefineOptions.uniform(level).withLimitSurface(true));
            double diag = MeshMatcher.diagonal(ref.positions());
            int[] partner = new int[r.mesh().vertexCount()];
            MeshMatcher.assertSameMesh(r.mesh(), ref.positions(), ref.mesh().triangles(), 1e-5 * diag,
                    name + " level " + level, partner);
            double worst = 0;
            for (int v = 0; v < partner.length; v++) {
                double dot = 0;
                for (int x = 0; x < 3; x++) {
                    dot += r.normal(v, x) * ref.normals()[3 * partner[v] + x];
                }
                double deg = Math.toDegrees(Math.acos(Math.min(1, dot)));
                worst = Math.max(worst, deg);
                if (!(deg <= 0.05)) {
                    fail(name + " level " + level + ": normal of vertex " + v + " is " + deg + " degrees off");
                }
            }
        }
    }

    static int edges(TriangleMesh m) {
        java.util.Set<Long> e = new java.util.HashSet<>();
        for (int t = 0; t < m.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                long a = m.vertex(t, c);
                long b = m.vertex(t, (c + 1) % 3);
                e.add(Math.min(a, b) << 32 | Math.max(a, b));
            }
        }
        return e.size();
    }
}
