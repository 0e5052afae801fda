package org.loopsub.stream;

import java.util.Map;

/**
 * The sharpness tags of an input mesh, as the records take them: per edge (both orders of its
 * vertices give the same value) and per vertex. Boundary edges are not listed: a record knows
 * them by their gap, and they are always infinitely sharp.
 *
 * @param edges sharpness by {@link #key}, only values above 0
 * @param vertices sharpness per vertex (0 for most)
 */
public record Sharpness(Map<Long, Float> edges, float[] vertices) {
    /** An infinitely sharp edge or vertex (tags above it mean the same). */
    public static final float INFINITE = org.loopsub.rules.LoopRules.INFINITE_SHARPNESS;

    /** @return the key of edge (a, b), the same for (b, a) */
    public static long key(int a, int b) {
        return (long) Math.min(a, b) << 32 | Math.max(a, b);
    }

    /** @return the sharpness of edge (a, b), 0 if untagged */
    public float edge(int a, int b) {
        Float s = edges.get(key(a, b));
        return s == null ? 0f : s;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sharpness s && s.edges.equals(edges) && java.util.Arrays.equals(s.vertices, vertices);
    }

    @Override
    public int hashCode() {
        return 31 * edges.hashCode() + java.util.Arrays.hashCode(vertices);
    }

    /** @return whether anything is sharp */
    public boolean any() {
        if (!edges.isEmpty()) {
            return true;
        }
        for (float v : vertices) {
            if (v > 0) {
                return true;
            }
        }
        return false;
    }
}
