package org.loopsub.glengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.loopsub.api.Primvar;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.api.gpu.GpuTessellators;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.gl.GlTestBase;
import org.loopsub.gl.GpuScan;

/**
 * The GL back end has no twin of the Java back end's primvar replays yet: every way in refuses a
 * mesh with primvars, naming them and the Java back end, instead of dropping the channels; the same
 * mesh without them refines as before.
 */
class GlPrimvarRefusalTest extends GlTestBase {
    private static void assertRefusal(Runnable call, String what) {
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, call::run, what);
        assertTrue(e.getMessage().contains("primvars") && e.getMessage().contains("\"color\"")
                && e.getMessage().contains("java back end"), what + ": " + e.getMessage());
    }

    @Test
    void everyEntryPointRefusesPrimvars() {
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        TriangleMesh colored = ico.withPrimvars(List.of(Primvar.vertex("color", 3, new float[3 * ico.vertexCount()])));
        try (GlTessellator t = new GlTessellator(gl, false, GpuScan.Strategy.REDUCE_THEN_SCAN,
                GlTessellator.DEFAULT_BUDGET)) {
            assertRefusal(() -> t.refine(colored, RefineOptions.uniform(1)), "refine");
            assertRefusal(() -> t.refineOnGpu(colored, RefineOptions.uniform(1), l -> { }, false), "refineOnGpu");
            assertEquals(80, t.refine(colored.withPrimvars(List.of()), RefineOptions.uniform(1)).triangleCount());
        }
        try (GpuTessellator g = GpuTessellators.createForCurrentContext("gl")) {
            assertRefusal(() -> g.prepare(colored), "prepare");
        }
    }
}
