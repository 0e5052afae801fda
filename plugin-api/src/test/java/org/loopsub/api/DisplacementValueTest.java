package org.loopsub.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link Displacement} as a value, and what {@link RefineOptions#withDisplacement} implies. */
class DisplacementValueTest {
    @Test
    void aMapIsCheckedCopiedAndBounded() {
        float[] h = {0f, 1f, -2f, 0.5f, 3f, 0f};
        Displacement d = Displacement.of(3, 2, h, 0.5f, 0.25f);
        h[0] = 99f;
        assertEquals(0f, d.height(0, 0), "the heights are copied");
        assertEquals(3f, d.height(1, 1));
        // |0.25 + 0.5 * 3| and |0.25 + 0.5 * -2| bound every filtered height
        assertTrue(d.reach() >= 1.75f && d.reach() < 1.75f * 1.001f, "reach " + d.reach());
        assertEquals(Displacement.Wrap.REPEAT, d.wrap());
        assertEquals(Displacement.Wrap.CLAMP, d.withWrap(Displacement.Wrap.CLAMP).wrap());
        assertEquals(d, Displacement.of(3, 2, new float[] {0f, 1f, -2f, 0.5f, 3f, 0f}, 0.5f, 0.25f));
        assertNotEquals(d, d.withWrap(Displacement.Wrap.CLAMP));
        assertThrows(IllegalArgumentException.class, () -> Displacement.of(3, 3, new float[6], 1f, 0f));
        assertThrows(IllegalArgumentException.class, () -> Displacement.of(0, 1, new float[0], 1f, 0f));
        assertThrows(IllegalArgumentException.class, () -> Displacement.of(1, 1, new float[] {Float.NaN}, 1f, 0f));
        assertThrows(IllegalArgumentException.class, () -> Displacement.of(1, 1, new float[1], Float.POSITIVE_INFINITY, 0f));
    }

    @Test
    void optionsCarryItImplyTheLimitAndDropBackFaces() {
        Displacement d = Displacement.of(1, 1, new float[] {1f}, 1f, 0f);
        RefineOptions plain = RefineOptions.uniform(2);
        RefineOptions displaced = plain.withDisplacement(d);
        assertTrue(displaced.limitSurface());
        assertEquals(d, displaced.displacement().orElseThrow());
        assertTrue(plain.displacement().isEmpty());
        assertNotEquals(plain, displaced);
        assertEquals(displaced, plain.withDisplacement(Displacement.of(1, 1, new float[] {1f}, 1f, 0f)));
        assertEquals(plain, displaced.withDisplacement(null));
        assertEquals(Culling.ALL, plain.effectiveCulling());
        assertEquals(Culling.FRUSTUM, displaced.effectiveCulling());
        assertEquals(Culling.NONE, displaced.withCulling(Culling.BACKFACE).effectiveCulling());
    }
}
