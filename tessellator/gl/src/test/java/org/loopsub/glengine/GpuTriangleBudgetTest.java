package org.loopsub.glengine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.loopsub.api.Camera;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.api.gpu.GpuTessellators;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.gl.GlTestBase;
import org.loopsub.testing.TestCameras;

/**
 * {@link RefineOptions#triangleBudget()} for a renderer's GPU frames; the facades' budget is
 * loopsub-core's TriangleBudgetTest.
 */
class GpuTriangleBudgetTest extends GlTestBase {
    private static final TriangleMesh BIGGUY = TestMeshes.load("bigguyT.obj");

    /** A renderer's frames within a budget: every frame fits, and the first equals the Java back end's output. */
    @Test
    void gpuFramesStayWithinTheBudget() {
        Camera camera = TestCameras.closeUp(BIGGUY, 1);
        RefineOptions o = RefineOptions.adaptive(5, new StopCriterion.ScreenEdgeLength(camera, 2f));
        long budget;
        long javaFirst;
        try (Tessellator t = Tessellators.create("java")) {
            budget = t.refine(BIGGUY, o).mesh().triangleCount() / 4;
            javaFirst = t.refine(BIGGUY, o.withTriangleBudget(budget)).mesh().triangleCount();
        }
        try (GpuTessellator gpu = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = gpu.prepare(BIGGUY)) {
            GlGpuMesh g = (GlGpuMesh) m;
            for (int frame = 0; frame < 6; frame++) {
                int resident = g.residentFrames;
                GpuFrame f = m.refine(o.withTriangleBudget(budget));
                assertTrue(f.triangleCount() <= budget, "frame " + frame + ": " + f.triangleCount() + " over " + budget);
                assertTrue(f.triangleCount() > budget / 8, "frame " + frame + ": " + f.triangleCount());
                // after the first (level by level, then again within the budget), the GPU holds every
                // frame to the budget: one pass, no frame refined again
                assertTrue(frame == 0 || g.residentFrames == resident + 1, "frame " + frame + " in one pass");
            }
        }
        // the Java back end welds its output: count the same triangles as the frame's (no padding)
        assertTrue(javaFirst <= budget);
    }
}
