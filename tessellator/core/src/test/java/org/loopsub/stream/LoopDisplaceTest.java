package org.loopsub.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.loopsub.api.Displacement;
import org.loopsub.testing.DisplacementMaps;

/**
 * The height filter of {@link LoopDisplace} against the test's bilinear filter in double: on random uvs
 * inside and outside [0, 1], with both wraps, to float rounding; at texel centres the texel;
 * and a uv one period away gives the same height to the bit under REPEAT.
 */
class LoopDisplaceTest {
    @Test
    void heightIsTheBilinearFilter() {
        Random random = new Random(41);
        for (Displacement.Wrap wrap : Displacement.Wrap.values()) {
            Displacement d = DisplacementMaps.map(1f, 0f).withWrap(wrap);
            LoopDisplace pass = LoopDisplace.of(d, 0);
            for (int k = 0; k < 20000; k++) {
                float u = (float) (random.nextDouble() * 3 - 1);
                float v = (float) (random.nextDouble() * 3 - 1);
                assertEquals(DisplacementMaps.referenceHeight(d, u, v), pass.height(u, v), 1e-5,
                        wrap + " at (" + u + ", " + v + ")");
            }
            for (int j = 0; j < d.height(); j++) {
                for (int i = 0; i < d.width(); i++) {
                    float u = (i + 0.5f) / d.width();
                    float v = (j + 0.5f) / d.height();
                    // (i + 1/2) / width rounds, so the centre is met to a few float ulps
                    assertEquals(d.height(i, j), pass.height(u, v), 2e-6f, "texel " + i + ", " + j);
                }
            }
        }
        LoopDisplace repeat = LoopDisplace.of(DisplacementMaps.map(1f, 0f), 0);
        for (int k = 0; k < 1000; k++) {
            float v = random.nextFloat();
            assertEquals(Float.floatToIntBits(repeat.height(0f, v)), Float.floatToIntBits(repeat.height(1f, v)));
            assertEquals(Float.floatToIntBits(repeat.height(v, 0f)), Float.floatToIntBits(repeat.height(v, 2f)));
        }
    }
}
