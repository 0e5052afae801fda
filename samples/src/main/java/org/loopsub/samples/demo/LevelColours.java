package org.loopsub.samples.demo;

import org.loopsub.api.RefineOptions;

/**
 * The colours of key L: one per level, the same in the mesh and in the HUD's histogram, so that the
 * histogram is the legend. Neighbouring levels get clearly different hues (a cool-to-warm run that
 * repeats, brighter, past level 8); slivers get a magenta that no level uses.
 */
final class LevelColours {
    /** The mesh's colour when not coloured by level: a warm clay, linear RGB. */
    static final float[] BASE = {0.86f, 0.62f, 0.42f};
    /** The sliver highlight. */
    static final float[] SLIVER = {1.0f, 0.1f, 0.95f};
    /** The background, linear RGB; tests tell the mesh from it. */
    static final float[] BACKGROUND = {0.11f, 0.12f, 0.15f};

    private static final float[][] RUN = {
        {0.30f, 0.42f, 0.85f}, // blue
        {0.25f, 0.70f, 0.90f}, // sky
        {0.25f, 0.75f, 0.55f}, // teal green
        {0.55f, 0.82f, 0.30f}, // lime
        {0.95f, 0.85f, 0.30f}, // yellow
        {0.98f, 0.60f, 0.22f}, // orange
        {0.88f, 0.30f, 0.22f}, // red
        {0.62f, 0.42f, 0.30f}, // brown
        {0.62f, 0.50f, 0.92f}, // violet
    };

    private LevelColours() {
    }

    /**
     * @param level a level, 0 to {@link RefineOptions#MAX_LEVELS}
     * @return its colour, linear RGB
     */
    static float[] of(int level) {
        float[] c = RUN[level % RUN.length].clone();
        if (level >= RUN.length) {
            // second time round: lighter, so level 9 is not mistaken for level 0
            for (int i = 0; i < 3; i++) {
                c[i] = c[i] + (1 - c[i]) * 0.45f;
            }
        }
        return c;
    }

    /** @return the colours of levels 0 to {@link RefineOptions#MAX_LEVELS}, 3 floats each */
    static float[] all() {
        float[] all = new float[3 * (RefineOptions.MAX_LEVELS + 1)];
        for (int l = 0; l <= RefineOptions.MAX_LEVELS; l++) {
            System.arraycopy(of(l), 0, all, 3 * l, 3);
        }
        return all;
    }
}
