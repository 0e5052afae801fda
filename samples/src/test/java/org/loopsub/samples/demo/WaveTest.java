package org.loopsub.samples.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The animation: it starts at rest, moves points along one axis only, by at most its amplitude. */
class WaveTest {
    /** A ladder of points 10 long in y, 2 wide in x, 1 deep in z. */
    private static float[] ladder() {
        float[] p = new float[3 * 22];
        for (int i = 0; i < 11; i++) {
            for (int side = 0; side < 2; side++) {
                int v = 3 * (2 * i + side);
                p[v] = side * 2;
                p[v + 1] = i;
                p[v + 2] = side;
            }
        }
        return p;
    }

    @Test
    void travelsAlongTheLongestAxisAndPushesAlongTheMiddleOne() {
        float[] rest = ladder();
        Wave w = new Wave(rest);
        assertEquals(1, w.along());
        assertEquals(0, w.across());
        assertArrayEquals(rest, w.at(0, new float[rest.length]), "at rest when it starts");
        float[] moved = w.at(0.7, new float[rest.length]);
        double most = 0;
        for (int v = 0; v < rest.length; v += 3) {
            assertEquals(rest[v + 1], moved[v + 1], "not along the wave");
            assertEquals(rest[v + 2], moved[v + 2], "not along the short axis");
            most = Math.max(most, Math.abs(moved[v] - rest[v]));
        }
        assertTrue(most > 0.3 && most <= Wave.AMPLITUDE * 10 + 1e-6, "moved by up to the amplitude: " + most);
    }
}
