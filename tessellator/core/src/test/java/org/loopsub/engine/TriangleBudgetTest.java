package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.loopsub.api.Camera;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.testing.CrackCheck;
import org.loopsub.testing.TestCameras;

/**
 * {@link RefineOptions#triangleBudget()}: the output never has more triangles than the budget, is
 * crack-free, and is as fine as the budget allows (the last coarsening step was needed).
 */
class TriangleBudgetTest {
    private static final TriangleMesh BIGGUY = TestMeshes.load("bigguyT.obj");

    @Test
    void uniformTakesTheMostLevelsThatFit() {
        try (Tessellator t = Tessellators.create("java")) {
            // 2900 * 4^2 = 46,400 fits 100,000; 4^3 would be 185,600
            RefineResult r = t.refine(BIGGUY, RefineOptions.uniform(5).withTriangleBudget(100_000));
            assertEquals(46_400, r.mesh().triangleCount());
            RefineResult two = t.refine(BIGGUY, RefineOptions.uniform(2));
            assertArrayEquals(two.mesh().positions(), r.mesh().positions());
            assertEquals(3, RefineOptions.uniform(5).withTriangleBudget(185_600).levelsWithinBudget(2900));
            assertEquals(5, RefineOptions.uniform(5).levelsWithinBudget(2900), "no budget");
        }
    }

    @Test
    void adaptiveStaysWithinTheBudgetCrackFree() {
        Camera camera = TestCameras.closeUp(BIGGUY, 1);
        RefineOptions o = RefineOptions.adaptive(5, new StopCriterion.ScreenEdgeLength(camera, 2f));
        try (Tessellator t = Tessellators.create("java")) {
            long free = t.refine(BIGGUY, o).mesh().triangleCount();
            for (long budget : new long[] {free / 3, free / 10}) {
                RefineResult r = t.refine(BIGGUY, o.withTriangleBudget(budget));
                long made = r.mesh().triangleCount();
                assertTrue(made <= budget, made + " triangles over a budget of " + budget);
                // not needlessly coarse: a budget a quarter of the way down still leaves most of it used
                assertTrue(made > budget / 8, made + " triangles under a budget of " + budget);
                CrackCheck.assertCrackFree(BIGGUY, r.mesh(), "budget " + budget);
            }
            // without a screen criterion the depth shrinks
            RefineOptions edges = RefineOptions.adaptive(5, new StopCriterion.MaxEdgeLength(0.05f));
            long all = t.refine(BIGGUY, edges).mesh().triangleCount();
            RefineResult r = t.refine(BIGGUY, edges.withTriangleBudget(all / 2));
            assertTrue(r.mesh().triangleCount() <= all / 2);
            CrackCheck.assertCrackFree(BIGGUY, r.mesh(), "max edge within a budget");
        }
    }

    @Test
    void aBudgetUnderTheControlMeshIsRefused() {
        try (Tessellator t = Tessellators.create("java")) {
            assertThrows(IllegalArgumentException.class,
                    () -> t.refine(BIGGUY, RefineOptions.uniform(2).withTriangleBudget(1000)));
        }
        assertThrows(IllegalArgumentException.class, () -> RefineOptions.uniform(1).withTriangleBudget(-1));
    }}
