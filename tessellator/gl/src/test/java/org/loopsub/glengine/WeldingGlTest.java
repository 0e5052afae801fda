package org.loopsub.glengine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.ProgressListener;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.Welding;
import org.loopsub.engine.JavaTessellator;
import org.loopsub.gl.GlTestBase;
import org.loopsub.gl.GpuScan;
import org.loopsub.testing.ResultBits;
import org.loopsub.testing.SyntheticMeshes;

/** The GL back end honours {@link Welding} as the Java one does, to the bit ({@link WeldingTest}'s meshes). */
class WeldingGlTest extends GlTestBase {
    @Test
    void glRefinesWithoutWeldAsJavaDoes() {
        RefineOptions[] cases = {
            RefineOptions.uniform(2).withWelding(Welding.NONE),
            RefineOptions.adaptive(4, new StopCriterion.MaxEdgeLength(0.3f)).withWelding(Welding.NONE)};
        try (Tessellator java = new JavaTessellator();
             Tessellator glt = new GlTessellator(gl, false, GpuScan.defaultStrategy(gl), GlTessellator.DEFAULT_BUDGET)) {
            for (TriangleMesh mesh : new TriangleMesh[] {SyntheticMeshes.roof(), SyntheticMeshes.touchingFans()}) {
                for (RefineOptions o : cases) {
                    RefineResult a = java.refine(mesh, o, ProgressListener.NONE);
                    RefineResult b = glt.refine(mesh, o, ProgressListener.NONE);
                    ResultBits x = ResultBits.of(a);
                    ResultBits y = ResultBits.of(b);
                    assertArrayEquals(x.positions(), y.positions(), o.toString());
                    assertArrayEquals(x.triangles(), y.triangles(), o.toString());
                    assertArrayEquals(x.normals(), y.normals(), o.toString());
                }
            }
            assertThrows(InvalidMeshException.class,
                    () -> glt.refine(SyntheticMeshes.touchingFans(), RefineOptions.uniform(1), ProgressListener.NONE));
            assertEquals(4, glt.refine(SyntheticMeshes.roof(), RefineOptions.uniform(1), ProgressListener.NONE)
                    .inputVerticesMerged());
        }
    }
}
