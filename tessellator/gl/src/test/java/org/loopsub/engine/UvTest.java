package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.reference.ReferenceCreaseLoop;
import org.loopsub.reference.ReferenceFaceVarying;
import org.loopsub.reference.SyntheticMeshes;
import org.loopsub.reference.TestMeshes;

/**
 * Texture coordinates carried through refinement (the linear rule, OpenSubdiv's FVAR_LINEAR_ALL)
 * equal the independent reference's face-varying refinement ({@link ReferenceFaceVarying}) corner
 * for corner at levels 1 to 3 within 1e-6, with and without seams, uniform and on the limit surface.
 */
class UvTest {
    /** The planar projection (x, y), scaled into the unit square as textures are. */
    static float[] unitXy(TriangleMesh m) {
        float[] lo = {Float.MAX_VALUE, Float.MAX_VALUE};
        float[] hi = {-Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int v = 0; v < m.vertexCount(); v++) {
            for (int x = 0; x < 2; x++) {
                lo[x] = Math.min(lo[x], m.position(v, x));
                hi[x] = Math.max(hi[x], m.position(v, x));
            }
        }
        float[] uv = new float[2 * m.vertexCount()];
        for (int v = 0; v < m.vertexCount(); v++) {
            for (int x = 0; x < 2; x++) {
                uv[2 * v + x] = (m.position(v, x) - lo[x]) / (hi[x] - lo[x]);
            }
        }
        return uv;
    }

    /** uv = the unit-square projection of each vertex: one value per vertex, no seam. */
    static TriangleMesh projected(TriangleMesh m) {
        float[] uv = unitXy(m);
        return TriangleMesh.of(m.positions(), m.triangles(), uv, m.triangles());
    }

    /**
     * A seam: every triangle whose first corner has x above the mesh's middle takes its own copies of
     * its uvs, in the right half of the square (two charts meeting along a jagged line).
     */
    static TriangleMesh seamed(TriangleMesh m) {
        float mid = 0;
        for (int v = 0; v < m.vertexCount(); v++) {
            mid += m.position(v, 0) / m.vertexCount();
        }
        int nv = m.vertexCount();
        float[] unit = unitXy(m);
        float[] uv = new float[4 * nv];
        for (int v = 0; v < nv; v++) {
            uv[2 * v] = unit[2 * v] * 0.5f;
            uv[2 * v + 1] = unit[2 * v + 1];
            uv[2 * (nv + v)] = unit[2 * v] * 0.5f + 0.5f;
            uv[2 * (nv + v) + 1] = unit[2 * v + 1];
        }
        int[] idx = m.triangles();
        for (int t = 0; t < m.triangleCount(); t++) {
            if (m.position(m.vertex(t, 0), 0) > mid) {
                for (int c = 0; c < 3; c++) {
                    idx[3 * t + c] += nv;
                }
            }
        }
        return TriangleMesh.of(m.positions(), m.triangles(), uv, idx);
    }

    static Stream<Arguments> cases() {
        TriangleMesh border = TestMeshes.load("mesh_with_border.obj");
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        return Stream.of(
                Arguments.of("mesh_with_border projected", projected(border)),
                Arguments.of("mesh_with_border with a seam", seamed(border)),
                Arguments.of("icosahedron with a seam", seamed(ico)),
                Arguments.of("disk with holes, seam", seamed(SyntheticMeshes.diskWithHoles())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void linearUvsEqualTheReference(String name, TriangleMesh mesh) {
        ReferenceCreaseLoop.Level base = ReferenceCreaseLoop.base(mesh, Map.of(), ReferenceCreaseLoop.Options.DEFAULT);
        double[] values = new double[2 * mesh.uvCount()];
        for (int i = 0; i < mesh.uvCount(); i++) {
            values[2 * i] = mesh.uv(i, 0);
            values[2 * i + 1] = mesh.uv(i, 1);
        }
        ReferenceFaceVarying.Channel channel = new ReferenceFaceVarying.Channel(mesh.uvIndices(), values);
        try (Tessellator t = Tessellators.create("java")) {
            for (int level = 0; level <= 3; level++) {
                ReferenceFaceVarying.Refined ref = ReferenceFaceVarying.refine(base, channel,
                        ReferenceFaceVarying.Interpolation.LINEAR, level);
                for (boolean limit : new boolean[] {false, true}) {
                    RefineResult r = t.refine(mesh, RefineOptions.uniform(level).withLimitSurface(limit));
                    assertTrue(r.hasUvs(), "the result has uvs");
                    double[] refPositions = limit
                            ? ReferenceCreaseLoop.limit(ref.last()).positions() : ref.last().mesh().positions();
                    compare(name + " level " + level + (limit ? " limit" : ""), r, refPositions,
                            ref.last().mesh().triangles(), ref.lastChannel());
                }
            }
        }
    }

    /** Matches the output faces to the reference's by their vertices, then compares corner uvs to 1e-6. */
    private static void compare(String what, RefineResult r, double[] refPositions, int[] refTriangles,
                                ReferenceFaceVarying.Channel ref) {
        UvSmoothTest.Diff d = UvSmoothTest.compare(what, r, refPositions, refTriangles, ref, 1e-6);
        assertEquals(0, d.over(), () -> what + ": " + d);
    }
}
