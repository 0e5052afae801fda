package org.loopsub.testing;

import org.loopsub.api.StopCriterion;

/** Stop criteria the tests of both back ends share. */
public final class TestCriteria {
    private TestCriteria() {
    }

    /** A seeded random verdict that is a symmetric function of the edge (sorted ends) and the level. */
    public static StopCriterion randomCriterion(long seed, double pComplete) {
        return new StopCriterion.Custom((level, ax, ay, az, bx, by, bz) -> {
            // The engine passes the smaller end first, so hashing (a, b) in order is symmetric already.
            long h = seed;
            for (float f : new float[] {ax, ay, az, bx, by, bz}) {
                h = (h ^ Float.floatToIntBits(f)) * 0x9E3779B97F4A7C15L;
                h ^= h >>> 29;
            }
            h = (h ^ level) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
            return (h >>> 11) * 0x1.0p-53 < pComplete;
        });
    }
}
