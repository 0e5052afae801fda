package org.loopsub.glengine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.loopsub.api.LevelStats;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.testing.CrackCheck;
import org.loopsub.testing.SyntheticMeshes;
import org.loopsub.testing.TestCameras;

/**
 * Sliver-free output ({@link RefineOptions#withConforming}): no face without area, the same surface
 * (the same area, every vertex of the sliver output still there), still closed, and both back ends
 * the same. Checked on the mesh as refined without the option, not against the engine's own notion of
 * which faces are slivers: a face is degenerate here when its area is zero next to its longest edge.
 */
class ConformingTest {
    /** A face lower than this over its longest edge, in diagonals of the mesh, counts as degenerate. */
    private static final double THIN = 1e-5;

    private static RefineOptions adaptive(TriangleMesh mesh, boolean limit) {
        return RefineOptions.adaptive(5, new StopCriterion.ScreenEdgeLength(TestCameras.frontCamera(mesh), 6))
                .withLimitSurface(limit);
    }

    @Test
    void sliversGoAndTheSurfaceStays() {
        for (String name : new String[] {"bigguyT.obj", "mesh_with_border.obj"}) {
            TriangleMesh mesh = TestMeshes.load(name);
            RefineOptions o = adaptive(mesh, false);
            try (Tessellator java = Tessellators.create("java")) {
                RefineResult slivers = java.refine(mesh, o);
                RefineResult conforming = java.refine(mesh, o.withConforming(true));
                int thin = thinFaces(slivers.mesh());
                long sliverCount = slivers.levels().stream().mapToLong(LevelStats::slivers).sum();
                assertTrue(sliverCount > 0, name + ": the camera made slivers to remove");
                // what is left thin was a refined face of the input's own shape, not a sliver
                assertEquals(thin - sliverCount, thinFaces(conforming.mesh()), name + ": degenerate faces left");
                // the same area but for the slivers' own: mapped to the mesh's frame, a midpoint is no
                // longer exactly on its edge, and the cut face takes the sliver's sliver of area (or gives it)
                assertEquals(area(slivers.mesh()), area(conforming.mesh()), 2 * thinArea(slivers.mesh()) + 1e-12,
                        name + ": the surface's area");
                assertTrue(thinArea(slivers.mesh()) < 1e-5 * area(slivers.mesh()), name + ": slivers are thin");
                assertTrue(positions(conforming.mesh()).keySet().containsAll(positions(slivers.mesh()).keySet()),
                        name + ": every vertex of the output with slivers is kept");
                CrackCheck.assertCrackFree(mesh, conforming.mesh(), name + " conforming");
                assertEquals(conforming.mesh().vertexCount() * 3, conforming.normals().length);
                for (int l = 0; l < slivers.levels().size(); l++) {
                    LevelStats a = slivers.levels().get(l);
                    LevelStats b = conforming.levels().get(l);
                    assertEquals(a.slivers(), b.slivers(), "the levels' figures are the refinement's");
                    assertEquals(a.finishedTriangles(), b.finishedTriangles(), "the levels' figures are the refinement's");
                }
            }
        }
    }

    /** On the limit surface the slivers have a little area: the finished side is cut at the limit points. */
    @Test
    void onTheLimitSurfaceTheFinishedSideTakesTheLimitPoints() {
        TriangleMesh mesh = TestMeshes.load("bigguyT.obj");
        RefineOptions o = adaptive(mesh, true);
        try (Tessellator java = Tessellators.create("java")) {
            RefineResult slivers = java.refine(mesh, o);
            RefineResult conforming = java.refine(mesh, o.withConforming(true));
            // most of these slivers have some area (the limit polyline beside a finished edge), the
            // thinnest are caught here; none is left
            assertTrue(thinFaces(slivers.mesh()) > 0, "the camera made slivers to remove");
            assertEquals(0, thinFaces(conforming.mesh()), "degenerate faces left");
            CrackCheck.assertCrackFree(mesh, conforming.mesh(), "limit, conforming");
        }
    }

    /** Uniform refinement has no slivers: the option changes nothing. */
    @Test
    void uniformOutputIsUnchanged() {
        TriangleMesh mesh = TestMeshes.load("icosahedron.obj");
        try (Tessellator java = Tessellators.create("java")) {
            RefineResult plain = java.refine(mesh, RefineOptions.uniform(2));
            RefineResult conforming = java.refine(mesh, RefineOptions.uniform(2).withConforming(true));
            assertArrayEquals(plain.mesh().positions(), conforming.mesh().positions());
            assertArrayEquals(plain.mesh().triangles(), conforming.mesh().triangles());
            assertSame(conforming, org.loopsub.mesh.ConformingOutput.of(conforming));
        }
    }

    /** Uvs follow: a cut face's new corners take uvs on its own edges, and both back ends agree. */
    @Tag("gl")
    @Test
    void bothBackEndsWriteTheSameConformingMesh() {
        TriangleMesh mesh = SyntheticMeshes.seamed(TestMeshes.load("mesh_with_border.obj"));
        RefineOptions o = adaptive(mesh, false).withConforming(true);
        try (Tessellator java = Tessellators.create("java");
             Tessellator gl = Tessellators.create("gl")) {
            RefineResult j = java.refine(mesh, o);
            RefineResult g = gl.refine(mesh, o);
            assertArrayEquals(j.mesh().positions(), g.mesh().positions());
            assertArrayEquals(j.mesh().triangles(), g.mesh().triangles());
            assertArrayEquals(j.mesh().uvs(), g.mesh().uvs());
            assertArrayEquals(j.mesh().uvIndices(), g.mesh().uvIndices());
            assertEquals(0, thinFaces(j.mesh()));
            assertTrue(j.mesh().hasUvs());
        }
    }

    private static int thinFaces(TriangleMesh m) {
        return (int) thin(m)[0];
    }

    private static double thinArea(TriangleMesh m) {
        return thin(m)[1];
    }

    /** @return how many faces are thin ({@link #THIN}) and their area together */
    private static double[] thin(TriangleMesh m) {
        double thin = THIN * TestCameras.diagonal(m);
        double[] countAndArea = new double[2];
        for (int t = 0; t < m.triangleCount(); t++) {
            double[] e = edges(m, t);
            double longest = 0;
            for (int c = 0; c < 3; c++) {
                longest = Math.max(longest, e[3 * c] * e[3 * c] + e[3 * c + 1] * e[3 * c + 1] + e[3 * c + 2] * e[3 * c + 2]);
            }
            if (2 * area(e) <= thin * Math.sqrt(longest)) {
                countAndArea[0]++;
                countAndArea[1] += area(e);
            }
        }
        return countAndArea;
    }

    private static double[] edges(TriangleMesh m, int t) {
        double[] e = new double[9];
        for (int c = 0; c < 3; c++) {
            for (int x = 0; x < 3; x++) {
                e[3 * c + x] = (double) m.position(m.vertex(t, (c + 1) % 3), x) - m.position(m.vertex(t, c), x);
            }
        }
        return e;
    }

    private static double area(double[] e) {
        double x = e[1] * e[5] - e[2] * e[4];
        double y = e[2] * e[3] - e[0] * e[5];
        double z = e[0] * e[4] - e[1] * e[3];
        return 0.5 * Math.sqrt(x * x + y * y + z * z);
    }

    private static double area(TriangleMesh m) {
        double sum = 0;
        for (int t = 0; t < m.triangleCount(); t++) {
            sum += area(edges(m, t));
        }
        return sum;
    }

    private static Map<String, Integer> positions(TriangleMesh m) {
        Map<String, Integer> p = new HashMap<>();
        for (int v = 0; v < m.vertexCount(); v++) {
            p.put(m.position(v, 0) + "," + m.position(v, 1) + "," + m.position(v, 2), v);
        }
        return p;
    }
}
