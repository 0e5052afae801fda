package org.loopsub.testing;

import org.loopsub.api.Displacement;

/**
 * Height maps the displacement tests of both back ends share, and the tests' own bilinear filter in
 * double, written from the definition of {@link Displacement} (texel centres, row 0 at v = 0, the
 * wraps) and sharing no code with the engine's.
 */
public final class DisplacementMaps {
    private DisplacementMaps() {
    }

    /** A map with no symmetry, so that a flipped row or column, a shifted centre or a wrong wrap shows. */
    public static Displacement map(float scale, float offset) {
        int w = 11;
        int h = 7;
        float[] heights = new float[w * h];
        for (int j = 0; j < h; j++) {
            for (int i = 0; i < w; i++) {
                heights[j * w + i] = (float) (Math.sin(0.9 * i + 0.3) * Math.cos(1.3 * j) + 0.15 * ((i * 3 + j * 5) % 4));
            }
        }
        return Displacement.of(w, h, heights, scale, offset);
    }

    /** A map whose every row is one height: it varies along v alone, the same on both sides of a seam in u. */
    public static Displacement rowsMap(float scale) {
        int w = 9;
        int h = 6;
        float[] heights = new float[w * h];
        for (int j = 0; j < h; j++) {
            for (int i = 0; i < w; i++) {
                heights[j * w + i] = (float) Math.sin(1.7 * j + 0.2);
            }
        }
        return Displacement.of(w, h, heights, scale, 0f);
    }

    /** The bilinear filter in double, from the definition: texel i's centre at (i + 1/2) / width. */
    public static double referenceHeight(Displacement d, double u, double v) {
        double x = wrapped(d, u) * d.width() - 0.5;
        double y = wrapped(d, v) * d.height() - 0.5;
        int i = (int) Math.floor(x);
        int j = (int) Math.floor(y);
        double fx = x - i;
        double fy = y - j;
        double sum = 0;
        for (int dj = 0; dj <= 1; dj++) {
            for (int di = 0; di <= 1; di++) {
                double w = (di == 0 ? 1 - fx : fx) * (dj == 0 ? 1 - fy : fy);
                sum += w * d.height(texel(d, i + di, d.width()), texel(d, j + dj, d.height()));
            }
        }
        return sum;
    }

    private static double wrapped(Displacement d, double s) {
        return d.wrap() == Displacement.Wrap.REPEAT ? s - Math.floor(s) : Math.min(1, Math.max(0, s));
    }

    private static int texel(Displacement d, int i, int n) {
        return d.wrap() == Displacement.Wrap.REPEAT ? Math.floorMod(i, n) : Math.min(n - 1, Math.max(0, i));
    }
}
