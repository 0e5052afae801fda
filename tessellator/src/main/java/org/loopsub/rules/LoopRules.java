package org.loopsub.rules;

import org.loopsub.api.Scheme;

/**
 * Loop's subdivision rules: every weight and every mask of the scheme, and nothing else. It knows no
 * mesh, record or buffer type: a neighbourhood comes in, a position goes out. Both back ends take
 * their numbers from here (the GL back end through uniform tables filled from {@link #weights}), so a
 * weight is written down exactly once.
 *
 * <p>The mask functions work on one coordinate at a time and fix the grouping of every operation
 * (docs/design.md §5): IEEE {@code +} and {@code *} are commutative but not associative, so each formula
 * below is the definition that the shader repeats operation for operation.
 *
 * <p>Sources: C. Loop, "Smooth Subdivision Surfaces Based on Triangles", M.S. thesis, University of
 * Utah, 1987 (vertex and edge masks); J. Warren, "Subdivision methods for geometric design", 1995
 * (the simplified beta); boundary masks as in H. Hoppe et al., "Piecewise smooth surface
 * reconstruction", SIGGRAPH 1994.
 */
public final class LoopRules {
    /** Weight of each end of an interior edge in its edge point. */
    public static final float EDGE_END = 0.375f;
    /** Weight of each of the two vertices opposite an interior edge in its edge point. */
    public static final float EDGE_OPPOSITE = 0.125f;
    /** Weight of each end of a boundary (or completed) edge in its midpoint. */
    public static final float HALF = 0.5f;
    /** Weight of a boundary vertex in its new position. */
    public static final float BOUNDARY_CENTRE = 0.75f;
    /** Weight of each of a boundary vertex's two boundary neighbours. */
    public static final float BOUNDARY_NEIGHBOUR = 0.125f;

    private LoopRules() {
    }

    /**
     * The interior vertex weight {@code beta(n)} in double precision.
     *
     * @param scheme Loop's original weights or Warren's
     * @param valence number of neighbours, at least 3
     * @return beta; the vertex keeps {@code 1 - n beta} of itself
     */
    public static double beta(Scheme scheme, int valence) {
        if (valence < 3) {
            throw new IllegalArgumentException("interior valence must be >= 3, got " + valence);
        }
        double n = valence;
        if (scheme == Scheme.WARREN) {
            return valence == 3 ? 3.0 / 16.0 : 3.0 / (8.0 * n);
        }
        // StrictMath, not Math: the table must be the same bits on every JVM.
        double c = 0.375 + 0.25 * StrictMath.cos(2.0 * StrictMath.PI / n);
        return (0.625 - c * c) / n;
    }

    /**
     * The float weights both back ends use for interior vertices of valence {@code 0..maxValence}:
     * {@code [2n]} is the centre weight {@code 1 - n beta}, {@code [2n + 1]} is {@code beta}.
     * Entries below valence 3 are zero (no interior vertex has them).
     *
     * @param scheme the vertex weights
     * @param maxValence the largest valence needed
     * @return the table, {@code 2 * (maxValence + 1)} floats
     */
    public static float[] weights(Scheme scheme, int maxValence) {
        float[] w = new float[2 * (maxValence + 1)];
        for (int n = 3; n <= maxValence; n++) {
            double b = beta(scheme, n);
            w[2 * n] = (float) (1.0 - n * b);
            w[2 * n + 1] = (float) b;
        }
        return w;
    }

    /**
     * Interior edge point, one coordinate: {@code 3/8 (a + b) + 1/8 (c + d)}. Symmetric in
     * {@code a, b} and in {@code c, d} to the bit, so both triangles that share the edge agree.
     *
     * @param a one end
     * @param b the other end
     * @param c one opposite vertex
     * @param d the other opposite vertex
     * @return the edge point's coordinate
     */
    public static float edgePoint(float a, float b, float c, float d) {
        return EDGE_END * (a + b) + EDGE_OPPOSITE * (c + d);
    }

    /**
     * Boundary edge point, and the midpoint of a completed edge (adaptive rule): {@code 1/2 (a + b)}.
     *
     * @param a one end
     * @param b the other end
     * @return the midpoint's coordinate
     */
    public static float midpoint(float a, float b) {
        return HALF * (a + b);
    }

    /**
     * Interior vertex point, one coordinate: {@code (1 - n beta) v + beta * sum}.
     *
     * @param centreWeight {@code 1 - n beta}, from {@link #weights}
     * @param beta {@code beta}, from {@link #weights}
     * @param v the vertex
     * @param ringSum the sum of its neighbours, added in ascending order (see {@link #sortedSum})
     * @return the new coordinate
     */
    public static float vertexPoint(float centreWeight, float beta, float v, float ringSum) {
        return centreWeight * v + beta * ringSum;
    }

    /**
     * Boundary vertex point, one coordinate: {@code 3/4 v + 1/8 (p + q)}.
     *
     * @param v the vertex
     * @param p one boundary neighbour
     * @param q the other boundary neighbour
     * @return the new coordinate
     */
    public static float boundaryVertexPoint(float v, float p, float q) {
        return BOUNDARY_CENTRE * v + BOUNDARY_NEIGHBOUR * (p + q);
    }

    /**
     * Sums {@code values[0..count)} in ascending order, so that every record holding the same ring
     * in another rotation or direction gets the same bits. Sorts the array prefix in place.
     *
     * @param values the ring's coordinates (scratch: reordered)
     * @param count how many
     * @return the sum
     */
    public static float sortedSum(float[] values, int count) {
        // Insertion sort: rings are short, and this is the order the shader's sorting loop uses.
        for (int i = 1; i < count; i++) {
            float x = values[i];
            int j = i - 1;
            while (j >= 0 && values[j] > x) {
                values[j + 1] = values[j];
                j--;
            }
            values[j + 1] = x;
        }
        float s = 0f;
        for (int i = 0; i < count; i++) {
            s += values[i];
        }
        return s;
    }
}
