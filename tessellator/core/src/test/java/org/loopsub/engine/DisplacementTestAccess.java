package org.loopsub.engine;

import org.loopsub.api.Displacement;

/** {@link DisplacementTest}'s map and reference filter for the tests of other packages. */
public final class DisplacementTestAccess {
    private DisplacementTestAccess() {
    }

    /** @see DisplacementTest#map */
    public static Displacement map(float scale, float offset) {
        return DisplacementTest.map(scale, offset);
    }

    /** @see DisplacementTest#referenceHeight */
    public static double referenceHeight(Displacement d, double u, double v) {
        return DisplacementTest.referenceHeight(d, u, v);
    }
}
