package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.mesh.MeshInfo;

/**
 * A mesh whose every coordinate lies below float's normal range refines, but its output positions
 * lose significant bits at that scale: the result says so (TinyPositions), and only then.
 */
class TinyPositionsTest {
    private static final String WARNING = "every coordinate is below float's normal range";

    private static TriangleMesh scaled(TriangleMesh mesh, float largest) {
        float max = 0;
        float[] p = mesh.positions().clone();
        for (float v : p) {
            max = Math.max(max, Math.abs(v));
        }
        for (int i = 0; i < p.length; i++) {
            // in double, then rounded once: the scaled mesh keeps its shape as far as floats can
            p[i] = (float) ((double) p[i] / max * largest);
        }
        return TriangleMesh.of(p, mesh.triangles());
    }

    private static boolean warns(RefineResult r) {
        return r.warnings().stream().anyMatch(w -> w.startsWith(WARNING));
    }

    @Test
    void aMeshBelowTheNormalRangeIsWarnedAbout() {
        TriangleMesh tetra = TriangleMesh.of(new float[] {0, 0, 0, 1e-44f, 0, 0, 0, 1e-44f, 0, 0, 0, 1e-44f},
                new int[] {0, 2, 1, 0, 1, 3, 1, 2, 3, 0, 3, 2});
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult r = t.refine(tetra, RefineOptions.uniform(1));
            assertTrue(warns(r), () -> r.warnings().toString());
            // the reason for the warning: new vertices at this scale fall onto each other
            long distinct = java.util.stream.IntStream.range(0, r.mesh().vertexCount())
                    .mapToObj(v -> java.util.List.of(r.mesh().position(v, 0), r.mesh().position(v, 1), r.mesh().position(v, 2)))
                    .distinct().count();
            assertTrue(distinct < r.mesh().vertexCount(), "some output vertices coincide");
        }
        assertTrue(MeshInfo.of(tetra).warnings().stream().anyMatch(w -> w.startsWith(WARNING)), "info says so too");
    }

    @Test
    void onlyBelowTheNormalRange() {
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        try (Tessellator t = Tessellators.create("java")) {
            assertTrue(warns(t.refine(scaled(ico, Math.nextDown(Float.MIN_NORMAL)), RefineOptions.uniform(1))));
            assertFalse(warns(t.refine(scaled(ico, Float.MIN_NORMAL), RefineOptions.uniform(1))));
            assertFalse(warns(t.refine(scaled(ico, 1e-30f), RefineOptions.uniform(1))));
            assertFalse(warns(t.refine(ico, RefineOptions.uniform(1))));
        }
    }

    @Test
    void theWarningNamesTheLargestCoordinate() {
        TriangleMesh ico = scaled(TestMeshes.load("icosahedron.obj"), 1e-40f);
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult r = t.refine(ico, RefineOptions.uniform(0));
            String w = r.warnings().stream().filter(s -> s.startsWith(WARNING)).findFirst().orElseThrow();
            assertTrue(w.contains("the largest is " + (float) 1e-40f + ","), w);
            assertEquals(1, r.warnings().stream().filter(s -> s.startsWith(WARNING)).count());
        }
    }
}
