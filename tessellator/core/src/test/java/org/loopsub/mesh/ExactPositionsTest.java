package org.loopsub.mesh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.loopsub.api.TriangleMesh;

/** One rule for "the same position", used by both welds. */
class ExactPositionsTest {
    @Test
    void onlyNegativeZeroIsFolded() {
        assertEquals(ExactPositions.key(0f), ExactPositions.key(-0f));
        assertEquals(0, ExactPositions.key(-0f));
        assertNotEquals(ExactPositions.key(Float.MIN_VALUE), ExactPositions.key(-Float.MIN_VALUE));
        assertNotEquals(ExactPositions.key(0f), ExactPositions.key(Float.MIN_VALUE));
        assertNotEquals(ExactPositions.key(1f), ExactPositions.key(Math.nextUp(1f)));
        assertEquals(Float.floatToRawIntBits(-2.5f), ExactPositions.key(-2.5f));
        assertEquals(ExactPositions.hash(0, 0, 0), ExactPositions.hash(ExactPositions.key(-0f),
                ExactPositions.key(0f), ExactPositions.key(-0f)));
    }

    @Test
    void inputAndOutputWeldsAgreeOnWhichCornersAreOneVertex() {
        // Coordinates that tell the rules apart: both zeros, the smallest subnormals, neighbours.
        float[] values = {0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, 1e-40f, 1f, Math.nextUp(1f), -1f};
        SplittableRandom random = new SplittableRandom(17);
        int triangles = 40_000; // several segments of the output weld
        float[] corners = new float[9 * triangles];
        for (int i = 0; i < corners.length; i++) {
            corners[i] = values[random.nextInt(values.length)];
        }
        int[] soupTriangles = new int[3 * triangles];
        for (int c = 0; c < soupTriangles.length; c++) {
            soupTriangles[c] = c;
        }
        TriangleMesh in = InputWelder.weld(TriangleMesh.of(corners, soupTriangles)).mesh();
        TriangleMesh out = OutputWelderTest.weld(corners, triangles, new float[3], 1.0).mesh();
        // Both number vertices in order of first use, so one rule gives the same indices.
        assertArrayEquals(in.triangles(), out.triangles());
        assertEquals(in.vertexCount(), out.vertexCount());
        assertTrue(out.vertexCount() < values.length * values.length * values.length, "many corners merged");
        for (int v = 0; v < in.vertexCount(); v++) {
            for (int axis = 0; axis < 3; axis++) {
                assertTrue(in.position(v, axis) == out.position(v, axis), "vertex " + v + " axis " + axis);
            }
        }
    }
}
