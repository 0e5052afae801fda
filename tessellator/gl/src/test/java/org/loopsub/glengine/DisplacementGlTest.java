package org.loopsub.glengine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.loopsub.api.Displacement;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.testing.DisplacementMaps;
import org.loopsub.engine.JavaTessellator;
import org.loopsub.gl.GlTestBase;
import org.loopsub.gl.GpuScan;
import org.loopsub.testing.CrackCheck;
import org.loopsub.testing.SyntheticMeshes;
import org.loopsub.testing.TestCameras;

/**
 * Displaced output on the GL back end (loop_displace, here on Mesa's llvmpipe) is the Java back end's
 * to the bit: positions, uvs, triangles and normals, uniform and adaptive, with boundaries, crease
 * tags, a uv seam, both wraps and view culling grown by the map's reach.
 */
class DisplacementGlTest extends GlTestBase {
    private final Tessellator java = new JavaTessellator();

    private void assertSameBits(TriangleMesh mesh, RefineOptions options, String what) {
        RefineResult expected = java.refine(mesh, options);
        try (Tessellator gl = new GlTessellator(this.gl, false, GpuScan.defaultStrategy(this.gl),
                GlTessellator.DEFAULT_BUDGET)) {
            RefineResult actual = gl.refine(mesh, options);
            assertEquals(expected.mesh().vertexCount(), actual.mesh().vertexCount(), what + ": vertices");
            assertArrayEquals(bits(expected.mesh().positions()), bits(actual.mesh().positions()), what + ": positions");
            assertArrayEquals(expected.mesh().triangles(), actual.mesh().triangles(), what + ": triangles");
            assertArrayEquals(bits(expected.mesh().uvs()), bits(actual.mesh().uvs()), what + ": uvs");
            assertArrayEquals(bits(expected.normals()), bits(actual.normals()), what + ": normals");
        }
    }

    private static int[] bits(float[] f) {
        int[] b = new int[f.length];
        for (int i = 0; i < f.length; i++) {
            b[i] = Float.floatToRawIntBits(f[i]);
        }
        return b;
    }

    private static Displacement map(TriangleMesh m) {
        double diag = TestCameras.diagonal(m);
        return DisplacementMaps.map((float) (0.03 * diag), (float) (0.005 * diag));
    }

    @Test
    void uniformMatchesJava() {
        TriangleMesh border = SyntheticMeshes.projected(TestMeshes.load("mesh_with_border.obj"));
        TriangleMesh seamed = SyntheticMeshes.seamed(TestMeshes.load("icosahedron.obj"));
        TriangleMesh torus = SyntheticMeshes.torus(8, 6, 3);
        TriangleMesh tagged = SyntheticMeshes.projected(SyntheticMeshes.randomTags(torus, 9));
        for (int level = 0; level <= 3; level++) {
            for (Displacement.Wrap wrap : Displacement.Wrap.values()) {
                assertSameBits(border, RefineOptions.uniform(level).withDisplacement(map(border).withWrap(wrap)),
                        "mesh_with_border level " + level + " " + wrap);
            }
            assertSameBits(seamed, RefineOptions.uniform(level).withDisplacement(map(seamed)), "seamed level " + level);
            assertSameBits(tagged, RefineOptions.uniform(level).withDisplacement(map(tagged)), "tagged torus level " + level);
        }
    }

    @Test
    void adaptiveMatchesJava() {
        TriangleMesh border = SyntheticMeshes.projected(TestMeshes.load("mesh_with_border.obj"));
        TriangleMesh disk = SyntheticMeshes.projected(SyntheticMeshes.diskWithHoles());
        TriangleMesh tagged = SyntheticMeshes.projected(SyntheticMeshes.randomTags(SyntheticMeshes.torus(8, 6, 3), 9));
        for (TriangleMesh m : List.of(border, disk, tagged)) {
            for (int seed = 1; seed <= 2; seed++) {
                RefineOptions o = RefineOptions.adaptive(4, GlBackendTest.randomBoth(seed, 0.3 * seed))
                        .withDisplacement(map(m));
                assertSameBits(m, o, m.triangleCount() + " triangles, seed " + seed);
                CrackCheck.assertCrackFree(m, java.refine(m, o).mesh(), "seed " + seed);
            }
        }
    }

    /** The screen criterion with view culling: the frustum grown by the map's reach, no back faces. */
    @Test
    void cullingMatchesJava() {
        TriangleMesh border = SyntheticMeshes.projected(TestMeshes.load("mesh_with_border.obj"));
        for (float side : new float[] {1, -1}) {
            StopCriterion screen = new StopCriterion.ScreenEdgeLength(TestCameras.closeUp(border, side), 6f);
            assertSameBits(border, RefineOptions.adaptive(5, screen).withDisplacement(map(border)),
                    "culling side " + side);
        }
    }
}
