package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.MeshProblem;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.Welding;
import org.loopsub.mesh.InputWelder;
import org.loopsub.reference.ReferenceLoop;
import org.loopsub.testing.SyntheticMeshes;

/**
 * {@link Welding} (issue 21): by default coincident vertices are one vertex; with {@code NONE} the
 * mesh's indices alone are the topology, as OpenSubdiv reads a mesh, so a split seam refines as a
 * boundary on each side and pieces that touch are not refused.
 */
class WeldingTest {

    private static RefineResult refine(TriangleMesh mesh, RefineOptions options) {
        try (Tessellator t = new JavaTessellator()) {
            return t.refine(mesh, options, org.loopsub.api.ProgressListener.NONE);
        }
    }

    @Test
    void byDefaultTheSplitSeamIsWeldedAndRefinesAsInterior() {
        RefineResult r = refine(SyntheticMeshes.roof(), RefineOptions.uniform(1));
        assertEquals(4, r.inputVerticesMerged());
        // what an indexed Loop makes of the welded roof: the ridge is interior
        ReferenceLoop.RefMesh expected = ReferenceLoop.subdivide(
                ReferenceLoop.fromTriangleMesh(InputWelder.weld(SyntheticMeshes.roof()).mesh()), 1, false);
        assertSamePoints(distinct(expected.positions()), r.mesh().positions());
        float[] p = r.mesh().positions();
        for (int v = 0; v < p.length / 3; v++) {
            assertTrue(Math.abs(p[3 * v] - 1) > 1e-6 || Math.abs(p[3 * v + 1] - boundaryRule(1)) > 1e-6,
                    "no vertex where the boundary rule would put ridge vertex 1");
        }
    }

    @Test
    void withoutWeldTheSeamIsABoundaryOnBothSides() {
        RefineResult r = refine(SyntheticMeshes.roof(), RefineOptions.uniform(1).withWelding(Welding.NONE));
        assertEquals(0, r.inputVerticesMerged());
        assertEquals(4 * 12, r.mesh().triangleCount());
        float[] p = r.mesh().positions();
        // the ridge's inner vertices by the boundary rule 3/4, 1/8, 1/8 of the ridge alone, its edge
        // points the midpoints; both stay in the plane z = 0, where the sheets meet
        for (int i = 1; i <= 2; i++) {
            double[] v = find(p, i, 0);
            assertEquals(boundaryRule(i), v[1], 1e-6, "ridge vertex " + i);
            assertEquals(0, v[2], 0);
        }
        for (int i = 0; i < 3; i++) {
            double[] e = find(p, i + 0.5, 0);
            assertEquals(0.5 * (SyntheticMeshes.ROOF_RIDGE[i] + SyntheticMeshes.ROOF_RIDGE[i + 1]), e[1], 1e-6, "ridge edge point " + i);
        }
        // each side uses them: a triangle of sheet A (z < 0) and one of sheet B (z > 0) at every one
        for (double x = 0.5; x <= 2.5; x += 0.5) {
            int v = index(p, x, 0);
            assertTrue(touches(r.mesh(), v, -1) && touches(r.mesh(), v, 1), "both sheets at ridge point x = " + x);
        }
        // the ridge's ends are corners of each sheet's boundary: each side pulls its own end down its
        // sheet, 3/4 v + 1/8 of its two boundary neighbours (the next ridge vertex and the eave)
        for (int side : new int[] {-1, 1}) {
            double y = 0.75 * SyntheticMeshes.ROOF_RIDGE[0] + 0.125 * (SyntheticMeshes.ROOF_RIDGE[1] + 0);
            assertEquals(y, find(p, 0.125, 0.125 * side)[1], 1e-6, "ridge end of side " + side);
        }
        // and the whole refinement is an indexed Loop of the mesh as given
        ReferenceLoop.RefMesh expected = ReferenceLoop.subdivide(ReferenceLoop.fromTriangleMesh(SyntheticMeshes.roof()), 1, false);
        assertSamePoints(distinct(expected.positions()), p);
    }

    @Test
    void piecesTouchingAtAPointAreRefusedByDefaultAndRefinedWithoutWeld() {
        InvalidMeshException e = assertThrows(InvalidMeshException.class,
                () -> refine(SyntheticMeshes.touchingFans(), RefineOptions.uniform(1)));
        assertEquals(MeshProblem.Kind.NON_MANIFOLD_VERTEX, e.firstProblem().kind(), e::getMessage);
        RefineResult r = refine(SyntheticMeshes.touchingFans(), RefineOptions.uniform(2).withWelding(Welding.NONE));
        assertEquals(6 * 16, r.mesh().triangleCount());
        ReferenceLoop.RefMesh expected = ReferenceLoop.subdivide(
                ReferenceLoop.fromTriangleMesh(SyntheticMeshes.touchingFans()), 2, false);
        assertSamePoints(distinct(expected.positions()), r.mesh().positions());
    }

    /** y of ridge vertex i by the boundary rule. */
    private static double boundaryRule(int i) {
        return 0.75 * SyntheticMeshes.ROOF_RIDGE[i] + 0.125 * (SyntheticMeshes.ROOF_RIDGE[i - 1] + SyntheticMeshes.ROOF_RIDGE[i + 1]);
    }

    /** The one vertex at x and z (any y), as doubles. */
    private static double[] find(float[] p, double x, double z) {
        int v = index(p, x, z);
        return new double[] {p[3 * v], p[3 * v + 1], p[3 * v + 2]};
    }

    private static int index(float[] p, double x, double z) {
        int found = -1;
        for (int v = 0; v < p.length / 3; v++) {
            if (Math.abs(p[3 * v] - x) < 1e-6 && Math.abs(p[3 * v + 2] - z) < 1e-6) {
                assertEquals(-1, found, "one vertex at x = " + x + ", z = " + z);
                found = v;
            }
        }
        assertTrue(found >= 0, "a vertex at x = " + x + ", z = " + z);
        return found;
    }

    /** Whether a triangle at vertex v has a corner on the given side of z = 0. */
    private static boolean touches(TriangleMesh m, int v, int side) {
        for (int t = 0; t < m.triangleCount(); t++) {
            boolean at = false;
            boolean off = false;
            for (int c = 0; c < 3; c++) {
                at |= m.vertex(t, c) == v;
                off |= m.position(m.vertex(t, c), 2) * side > 1e-6;
            }
            if (at && off) {
                return true;
            }
        }
        return false;
    }

    /** The positions with exact repeats removed (the output welds coincident points). */
    private static double[] distinct(double[] p) {
        List<double[]> out = new ArrayList<>();
        outer:
        for (int v = 0; v < p.length / 3; v++) {
            for (double[] q : out) {
                if (q[0] == p[3 * v] && q[1] == p[3 * v + 1] && q[2] == p[3 * v + 2]) {
                    continue outer;
                }
            }
            out.add(new double[] {p[3 * v], p[3 * v + 1], p[3 * v + 2]});
        }
        double[] flat = new double[3 * out.size()];
        for (int i = 0; i < out.size(); i++) {
            System.arraycopy(out.get(i), 0, flat, 3 * i, 3);
        }
        return flat;
    }

    /** Every expected point is an output vertex and the other way round, to 1e-6. */
    private static void assertSamePoints(double[] expected, float[] actual) {
        assertEquals(expected.length, actual.length, "vertex count");
        for (int v = 0; v < expected.length / 3; v++) {
            boolean hit = false;
            for (int w = 0; w < actual.length / 3 && !hit; w++) {
                hit = Math.abs(expected[3 * v] - actual[3 * w]) < 1e-6
                        && Math.abs(expected[3 * v + 1] - actual[3 * w + 1]) < 1e-6
                        && Math.abs(expected[3 * v + 2] - actual[3 * w + 2]) < 1e-6;
            }
            assertTrue(hit, "expected vertex " + v + " in the output");
        }
    }
}
