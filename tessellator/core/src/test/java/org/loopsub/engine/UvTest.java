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
import org.loopsub.corpus.TestMeshes;
import org.loopsub.reference.ReferenceCreaseLoop;
import org.loopsub.reference.ReferenceFaceVarying;
import org.loopsub.testing.SyntheticMeshes;

/**
 * Texture coordinates carried through refinement (the linear rule, OpenSubdiv's FVAR_LINEAR_ALL)
 * equal the independent reference's face-varying refinement ({@link ReferenceFaceVarying}) corner
 * for corner at levels 1 to 3 within 1e-6, with and without seams, uniform and on the limit surface.
 */
class UvTest {

    static Stream<Arguments> cases() {
        TriangleMesh border = TestMeshes.load("mesh_with_border.obj");
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        return Stream.of(
                Arguments.of("mesh_with_border projected", SyntheticMeshes.projected(border)),
                Arguments.of("mesh_with_border with a seam", SyntheticMeshes.seamed(border)),
                Arguments.of("icosahedron with a seam", SyntheticMeshes.seamed(ico)),
                Arguments.of("disk with holes, seam", SyntheticMeshes.seamed(SyntheticMeshes.diskWithHoles())));
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
