package org.loopsub.glengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTestBase;
import org.loopsub.gl.GpuScan;
import org.loopsub.testing.ClosedChecks;
import org.lwjgl.opengl.GL43C;

/**
 * A closed GL tessellator refuses every call before touching GL (it used to compile its passes
 * and allocate buffers again, and leak them), and what it pooled is deleted.
 */
class GlTessellatorLifecycleTest extends GlTestBase {
    private final TriangleMesh ico = TestMeshes.load("icosahedron.obj");

    private GlTessellator open() {
        return new GlTessellator(gl, false, GpuScan.Strategy.REDUCE_THEN_SCAN, GlTessellator.DEFAULT_BUDGET);
    }

    private static List<Integer> ids(GpuRun run) {
        return run.buffers().stream().map(GlBuffer::id).toList();
    }

    private static boolean anyAlive(List<Integer> buffers) {
        return buffers.stream().anyMatch(GL43C::glIsBuffer);
    }

    /** Buffers and programs alive on the context, among the first few thousand names (ample here). */
    private static int liveObjects() {
        int n = 0;
        for (int id = 1; id <= 4096; id++) {
            n += (GL43C.glIsBuffer(id) ? 1 : 0) + (GL43C.glIsProgram(id) ? 1 : 0);
        }
        return n;
    }

    @Test
    void everyEntryPointThrowsAfterCloseAndMakesNothing() {
        GlTessellator t = open();
        assertEquals(320, t.refine(ico, RefineOptions.uniform(2)).triangleCount());
        t.close();
        int live = liveObjects();
        assertEquals(List.of("backend/0", "context/0", "refine/2", "refine/3", "refineOnGpu/4"),
                ClosedChecks.assertEveryEntryPointThrows(t, ico));
        ClosedChecks.assertCloseIsIdempotent(t);
        assertThrows(IllegalStateException.class, () -> t.refineOnGpu(ico, RefineOptions.uniform(1), l -> { }, true));
        assertEquals(live, liveObjects(), "no program, scan or buffer made (and leaked) after close");
        assertEquals(0, GL43C.glGetError(), "no GL call failed on the way");
    }

    @Test
    void closingDeletesThePooledBuffers() {
        GlTessellator t = open();
        List<Integer> buffers;
        try (GpuRun run = t.refineOnGpu(ico, RefineOptions.uniform(2), l -> { }, false)) {
            buffers = ids(run);
        }
        assertTrue(anyAlive(buffers), "back in the pool, kept for the next refinement");
        t.close();
        assertFalse(anyAlive(buffers), "deleted with the pool");
    }

    @Test
    void aRunThatOutlivesItsTessellatorDeletesItsBuffers() {
        GlTessellator t = open();
        GpuRun run = t.refineOnGpu(ico, RefineOptions.uniform(2), l -> { }, false);
        List<Integer> buffers = ids(run);
        t.close();
        assertEquals(320, run.readCorners().length / 9, "the run still owns its triangles");
        assertTrue(anyAlive(buffers));
        run.close();
        assertFalse(anyAlive(buffers), "deleted, not handed to a closed pool");
    }

    @Test
    void anOwnedContextIsClosedOnceWithTheTessellator() throws Exception {
        // A tessellator that owns its context (as Tessellators.create("gl") makes it) on a thread of
        // its own, since that context becomes current there and is destroyed with the tessellator.
        Throwable[] failure = new Throwable[1];
        Thread thread = new Thread(() -> {
            try {
                GlTessellator t = (GlTessellator) new GlTessellatorProvider().create();
                org.loopsub.gl.GlContext context = t.context();
                t.refine(ico, RefineOptions.uniform(1));
                t.close();
                ClosedChecks.assertEveryEntryPointThrows(t, ico);
                ClosedChecks.assertCloseIsIdempotent(t);
                assertThrows(IllegalStateException.class, () -> GlBuffer.allocate(16, "after close"),
                        "the context went with the tessellator: " + context);
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "owned-context");
        thread.start();
        thread.join();
        if (failure[0] != null) {
            throw new AssertionError(failure[0]);
        }
    }
}
