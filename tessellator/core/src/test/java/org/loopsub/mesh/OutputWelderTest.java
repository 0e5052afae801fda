package org.loopsub.mesh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.loopsub.api.RefineResult;
import org.loopsub.api.TriangleMesh;
import org.loopsub.parallel.Workers;

class OutputWelderTest {
    private static final float[] ORIGIN = {0, 0, 0};

    /** The weld on the common pool, as a result. */
    static RefineResult weld(float[] corners, int triangleCount, float[] centre, double invScale) {
        return OutputWelder.weld(corners, triangleCount, centre, invScale, Workers.forThreads(0))
                .backend("test").build();
    }

    /** Expands an indexed mesh into the soup the engine hands over. */
    private static float[] soup(float[] p, int[] t) {
        float[] corners = new float[3 * t.length];
        for (int i = 0; i < t.length; i++) {
            System.arraycopy(p, 3 * t[i], corners, 3 * i, 3);
        }
        return corners;
    }

    @Test
    void twoTrianglesSharingAnEdgeWeldToFourVertices() {
        float[] corners = {
            0, 0, 0, 1, 0, 0, 1, 1, 0,
            0, 0, 0, 1, 1, 0, 0, 1, 0,
        };
        RefineResult out = weld(corners, 2, ORIGIN, 1.0);
        assertEquals(4, out.mesh().vertexCount());
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, out.mesh().triangles());
        assertArrayEquals(new float[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}, out.mesh().positions());
        assertArrayEquals(new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1}, out.normals());
    }

    @Test
    void verticesAreNumberedInOrderOfFirstUse() {
        float[] corners = {
            5, 5, 5, 3, 3, 3, 4, 4, 4,
            3, 3, 3, 9, 9, 9, 4, 4, 4,
        };
        RefineResult out = weld(corners, 2, ORIGIN, 1.0);
        assertArrayEquals(new int[] {0, 1, 2, 1, 3, 2}, out.mesh().triangles());
        assertArrayEquals(new float[] {5, 5, 5, 3, 3, 3, 4, 4, 4, 9, 9, 9}, out.mesh().positions());
    }

    @Test
    void negativeZeroWeldsWithPositiveZeroAndNearbyValuesDoNot() {
        float[] corners = {
            0, 0, 0, 1, 0, 0, 0, 1, 0,
            -0f, -0f, 0, 0, 1, 0, Math.nextUp(0f), 0, 1,
        };
        RefineResult out = weld(corners, 2, ORIGIN, 1.0);
        assertEquals(4, out.mesh().vertexCount());
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, out.mesh().triangles());
        assertEquals(0, Float.floatToRawIntBits(out.mesh().position(0, 0)), "stored as +0");
    }

    @Test
    void transformIsApplied() {
        float[] corners = {0, 0, 0, 1, 0, 0, 0, 1, 0.5f};
        float[] centre = {100, -20, 3};
        RefineResult out = weld(corners, 1, centre, 4.0);
        assertArrayEquals(new float[] {100, -20, 3, 104, -20, 3, 100, -16, 5}, out.mesh().positions());
        // computed in double, rounded once to float
        float[] odd = {0.1f, 0, 0, 0, 0.1f, 0, 0, 0, 0.1f};
        RefineResult o = weld(odd, 1, new float[] {1e6f, 0, 0}, 3.0);
        assertEquals((float) (0.1f * 3.0 + 1e6), o.mesh().position(0, 0));
    }

    @Test
    void onlyTheGivenTrianglesAreRead() {
        float[] corners = new float[27];
        float[] first = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        System.arraycopy(first, 0, corners, 0, 9);
        RefineResult out = weld(corners, 1, ORIGIN, 1.0);
        assertEquals(1, out.mesh().triangleCount());
        assertThrows(IllegalArgumentException.class, () -> weld(corners, 4, ORIGIN, 1.0));
    }

    @Test
    void cubeNormalsPointOutwardsAndAreUnitLength() {
        float[] p = {
            0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0,
            0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1,
        };
        int[] t = {
            0, 2, 1, 0, 3, 2, // z = 0, facing -z
            4, 5, 6, 4, 6, 7, // z = 1
            0, 1, 5, 0, 5, 4, // y = 0
            3, 7, 6, 3, 6, 2, // y = 1
            0, 4, 7, 0, 7, 3, // x = 0
            1, 2, 6, 1, 6, 5, // x = 1
        };
        float[] centre = {10, 20, 30};
        RefineResult out = weld(soup(p, t), 12, centre, 2.0);
        TriangleMesh mesh = out.mesh();
        assertEquals(8, mesh.vertexCount());
        // the cube's centre in the user frame: internal (0.5, 0.5, 0.5) * 2 + centre
        double[] mid = {11, 21, 31};
        for (int v = 0; v < 8; v++) {
            double nx = out.normals()[3 * v];
            double ny = out.normals()[3 * v + 1];
            double nz = out.normals()[3 * v + 2];
            assertEquals(1.0, Math.sqrt(nx * nx + ny * ny + nz * nz), 1e-6, "unit length at vertex " + v);
            double dx = mesh.position(v, 0) - mid[0];
            double dy = mesh.position(v, 1) - mid[1];
            double dz = mesh.position(v, 2) - mid[2];
            double cos = (nx * dx + ny * dy + nz * dz) / Math.sqrt(dx * dx + dy * dy + dz * dz);
            assertTrue(cos > 0.5, "vertex " + v + " normal points inwards or sideways: " + cos);
        }
    }

    @Test
    void zeroAreaNeighbourhoodFallsBackToUnitNormals() {
        // vertex 3 is used only by degenerate faces: it gets (0, 0, 1)
        float[] corners = {
            0, 0, 0, 1, 0, 0, 0, 1, 0,
            5, 5, 5, 5, 5, 5, 1, 0, 0,
        };
        RefineResult out = weld(corners, 2, ORIGIN, 1.0);
        float[] n = out.normals();
        assertEquals(List.of(0f, 0f, 1f), List.of(n[9], n[10], n[11]));
        // two faces back to back cancel: the area-weighted and unit sums both vanish
        float[] back = {
            0, 0, 0, 1, 0, 0, 0, 1, 0,
            0, 0, 0, 0, 1, 0, 1, 0, 0,
        };
        float[] m = weld(back, 2, ORIGIN, 1.0).normals();
        assertArrayEquals(new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1}, m);
    }

    @Test
    void unweightedFallbackWhenAreaWeightsCancel() {
        // vertex 0: a big face with normal +z and two faces with total area-weighted -z of the same
        // size; the unweighted sum of unit normals (1 - 2 = -1 along z) decides
        float[] corners = {
            0, 0, 0, 2, 0, 0, 0, 2, 0, // normal +z, cross length 4
            0, 0, 0, 0, 2, 0, 1, 0, 0, // normal -z, cross length 2
            0, 0, 0, 0, -2, 0, -1, 0, 0, // normal -z, cross length 2
        };
        float[] n = weld(corners, 3, ORIGIN, 1.0).normals();
        assertEquals(List.of(0f, 0f, -1f), List.of(n[0], n[1], n[2]));
    }

    @Test
    void largeRandomSoupMatchesAHashMapWeld() {
        SplittableRandom random = new SplittableRandom(5);
        int triangles = 200_000;
        float[] corners = new float[9 * triangles];
        for (int i = 0; i < corners.length; i += 3) {
            // few distinct values so that many corners coincide
            corners[i] = random.nextInt(40) * 0.25f;
            corners[i + 1] = random.nextInt(40) * 0.25f - 5;
            corners[i + 2] = random.nextInt(40);
        }
        RefineResult out = weld(corners, triangles, ORIGIN, 1.0);
        Map<List<Float>, Integer> index = new HashMap<>();
        int[] expected = new int[3 * triangles];
        for (int c = 0; c < 3 * triangles; c++) {
            List<Float> key = List.of(corners[3 * c], corners[3 * c + 1], corners[3 * c + 2]);
            Integer v = index.get(key);
            if (v == null) {
                v = index.size();
                index.put(key, v);
            }
            expected[c] = v;
        }
        assertEquals(index.size(), out.mesh().vertexCount());
        assertArrayEquals(expected, out.mesh().triangles());
        RefineResult again = weld(corners, triangles, ORIGIN, 1.0);
        assertArrayEquals(out.normals(), again.normals());
    }
}
