package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
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
import org.loopsub.testing.TestCriteria;

/** Adaptive refinement: crack-free for any criterion, criteria honoured, uniform as a special case. */
class AdaptiveTest {

    static Stream<Arguments> meshes() {
        List<Arguments> all = new ArrayList<>();
        for (String name : TestMeshes.VALID) {
            TriangleMesh m = TestMeshes.load(name);
            all.add(Arguments.of(name, m, m.triangleCount() > 1000 ? 3 : 5));
        }
        all.add(Arguments.of("cone valence 24", SyntheticMeshes.highValenceCone(24), 4));
        all.add(Arguments.of("disk with holes", SyntheticMeshes.diskWithHoles(), 4));
        all.add(Arguments.of("open grid", SyntheticMeshes.openGrid(5), 5));
        return all.stream();
    }

    @ParameterizedTest(name = "{0} depth {2}")
    @MethodSource("meshes")
    void crackFreeForEveryCriterion(String name, TriangleMesh mesh, int depth) {
        double diag = TestCameras.diagonal(mesh);
        List<StopCriterion> criteria = new ArrayList<>(List.of(
                new StopCriterion.MaxEdgeLength((float) (0.04 * diag)),
                new StopCriterion.Flatness((float) (2e-4 * diag)),
                new StopCriterion.ScreenEdgeLength(TestCameras.frontCamera(mesh), 6f)));
        // Random verdicts complete monsterfrogT's flat faces' edges in every pattern, which exposes
        // its degenerate input (see flatInputFaceIsWarnedAbout); every other mesh gets them.
        if (!name.startsWith("monsterfrog")) {
            criteria.add(TestCriteria.randomCriterion(1, 0.3));
            criteria.add(TestCriteria.randomCriterion(2, 0.6));
        }
        try (Tessellator t = Tessellators.create("java")) {
            for (StopCriterion c : criteria) {
                RefineResult r = t.refine(mesh, RefineOptions.adaptive(depth, c));
                CrackCheck.assertCrackFree(mesh, r.mesh(), name + " " + c);
            }
            // Several criteria together: complete only when all say so.
            if (!name.startsWith("monsterfrog")) {
                RefineResult r = t.refine(mesh, RefineOptions.adaptive(depth, criteria.get(0), TestCriteria.randomCriterion(7, 0.2)));
                CrackCheck.assertCrackFree(mesh, r.mesh(), name + " random+length");
            }
        }
    }

    /**
     * monsterfrogT's faces 2526 and 2532 each have a corner on its opposite edge (zero area up to rounding): where
     * that edge completes and the neighbour splits it, the midpoint lands exactly on the corner, and
     * welding by exact position merges two vertices (seed 2 above shows it). The engine warns; this
     * test pins down both the warning and the failure it warns about, so neither goes unnoticed.
     */
    @Test
    void flatInputFaceIsWarnedAbout() {
        TriangleMesh frog = TestMeshes.load("monsterfrogT.obj");
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult r = t.refine(frog, RefineOptions.adaptive(3, TestCriteria.randomCriterion(2, 0.6)));
            assertTrue(r.warnings().stream().anyMatch(w -> w.contains("face 2526") && w.contains("2 such faces")),
                    r.warnings().toString());
            AssertionError merged = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                    () -> CrackCheck.assertCrackFree(frog, r.mesh(), "frog"));
            assertTrue(merged.getMessage().contains("used twice"), merged.getMessage());
        }
    }

    /** The same random verdicts on monsterfrogT with its flat faces' middle corners moved off the line. */
    @Test
    void monsterfrogWithFlatFacesNudgedIsCrackFree() {
        TriangleMesh frog = TestMeshes.load("monsterfrogT.obj");
        float[] p = frog.positions();
        float step = (float) (1e-3 * TestCameras.diagonal(frog));
        int nudged = 0;
        for (int t = 0; t < frog.triangleCount(); t++) {
            if (org.loopsub.mesh.FlatFaces.isFlat(frog, t)) {
                // The corner between the other two is the one opposite the longest edge.
                int mid = -1;
                double longest = -1;
                for (int c = 0; c < 3; c++) {
                    int a = frog.vertex(t, (c + 1) % 3);
                    int b = frog.vertex(t, (c + 2) % 3);
                    double d = 0;
                    for (int x = 0; x < 3; x++) {
                        d += Math.pow(frog.position(a, x) - frog.position(b, x), 2);
                    }
                    if (d > longest) {
                        longest = d;
                        mid = frog.vertex(t, c);
                    }
                }
                p[3 * mid + 1] += step;
                nudged++;
            }
        }
        assertEquals(2, nudged);
        TriangleMesh fixed = TriangleMesh.of(p, frog.triangles());
        try (Tessellator t = Tessellators.create("java")) {
            for (long seed = 1; seed <= 3; seed++) {
                RefineResult r = t.refine(fixed, RefineOptions.adaptive(3, TestCriteria.randomCriterion(seed, 0.2 * seed)));
                assertTrue(r.warnings().stream().noneMatch(w -> w.contains("zero area")), r.warnings().toString());
                CrackCheck.assertCrackFree(fixed, r.mesh(), "nudged frog seed " + seed);
            }
            double diag = TestCameras.diagonal(fixed);
            RefineResult r = t.refine(fixed, RefineOptions.adaptive(3,
                    new StopCriterion.MaxEdgeLength((float) (0.04 * diag)), TestCriteria.randomCriterion(7, 0.2)));
            CrackCheck.assertCrackFree(fixed, r.mesh(), "nudged frog random+length");
        }
    }

    @Test
    void randomVerdictsManySeeds() {
        TriangleMesh[] meshes = {TestMeshes.load("icosahedron.obj"), TestMeshes.load("tetrahedron.obj"),
            TestMeshes.load("mesh_with_border.obj"), SyntheticMeshes.highValenceCone(20)};
        try (Tessellator t = Tessellators.create("java")) {
            for (TriangleMesh m : meshes) {
                for (long seed = 10; seed < 16; seed++) {
                    RefineResult r = t.refine(m, RefineOptions.adaptive(m.triangleCount() > 500 ? 3 : 5,
                            TestCriteria.randomCriterion(seed, 0.15 * (seed - 9))));
                    CrackCheck.assertCrackFree(m, r.mesh(), "seed " + seed);
                    long slivers = r.levels().stream().mapToLong(LevelStats::slivers).sum();
                    assertTrue(seed == 10 || slivers > 0, "random verdicts create T-junctions");
                }
            }
        }
    }

    @Test
    void maxEdgeLengthIsHonoured() {
        TriangleMesh bunny = TestMeshes.load("bunny_npm.obj");
        double diag = TestCameras.diagonal(bunny);
        float limit = (float) (0.02 * diag);
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult r = t.refine(bunny, RefineOptions.adaptive(8, new StopCriterion.MaxEdgeLength(limit)));
            // The stream emptied before the maximum depth, so every triangle finished by the criterion.
            assertTrue(r.levels().size() <= 8, "refinement stopped before depth 8");
            double longest = longestEdge(r.mesh());
            // The engine compares in its float frame; allow the recentring's rounding.
            assertTrue(longest <= limit * (1 + 1e-5), "longest edge " + longest + " > " + limit);
            CrackCheck.assertCrackFree(bunny, r.mesh(), "bunny max-edge");
        }
    }

    @Test
    void adaptivePaysOnBunny() {
        TriangleMesh bunny = TestMeshes.load("bunny_npm.obj");
        float limit = (float) (0.02 * TestCameras.diagonal(bunny));
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult adaptive = t.refine(bunny, RefineOptions.adaptive(8, new StopCriterion.MaxEdgeLength(limit)));
            int level = 0;
            RefineResult uniform;
            do {
                uniform = t.refine(bunny, RefineOptions.uniform(level++));
            } while (longestEdge(uniform.mesh()) > limit);
            assertTrue(adaptive.triangleCount() < uniform.triangleCount(),
                    "adaptive " + adaptive.triangleCount() + " vs uniform level " + (level - 1) + " "
                            + uniform.triangleCount());
        }
    }

    @Test
    void criterionThatNeverStopsEqualsUniform() {
        TriangleMesh m = TestMeshes.load("mesh_with_border.obj");
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult never = t.refine(m, RefineOptions.adaptive(3,
                    new StopCriterion.Custom((l, ax, ay, az, bx, by, bz) -> false)));
            RefineResult uniform = t.refine(m, RefineOptions.uniform(3));
            assertArrayEquals(uniform.mesh().positions(), never.mesh().positions());
            assertArrayEquals(uniform.mesh().triangles(), never.mesh().triangles());
            assertArrayEquals(uniform.normals(), never.normals());
        }
    }

    @Test
    void adaptiveOutputDoesNotDependOnThreads() {
        TriangleMesh m = TestMeshes.load("bigguyT.obj");
        RefineOptions o = RefineOptions.adaptive(4, new StopCriterion.ScreenEdgeLength(TestCameras.frontCamera(m), 4f));
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult one = t.refine(m, o.withParallelism(1));
            RefineResult two = t.refine(m, o.withParallelism(2));
            assertArrayEquals(one.mesh().positions(), two.mesh().positions());
            assertArrayEquals(one.mesh().triangles(), two.mesh().triangles());
            assertEquals(one.triangleCount(), two.triangleCount());
        }
    }

    static double longestEdge(TriangleMesh m) {
        double longest = 0;
        for (int t = 0; t < m.triangleCount(); t++) {
            for (int e = 0; e < 3; e++) {
                int a = m.vertex(t, e);
                int b = m.vertex(t, (e + 1) % 3);
                double s = 0;
                for (int x = 0; x < 3; x++) {
                    double d = (double) m.position(a, x) - m.position(b, x);
                    s += d * d;
                }
                longest = Math.max(longest, Math.sqrt(s));
            }
        }
        return longest;
    }
}
