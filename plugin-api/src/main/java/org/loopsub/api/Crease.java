package org.loopsub.api;

/**
 * A crease tag on one edge of a {@link TriangleMesh}, as read from OBJ {@code t crease 2/1/0 v0 v1 s}
 * lines (0-based vertex indices): the edge's sharpness, applied by OpenSubdiv's crease rules (it decays
 * by 1 per level; 10 or more is infinite).
 *
 * @param v0 first vertex of the edge (0-based)
 * @param v1 second vertex of the edge (0-based)
 * @param sharpness crease sharpness ({@code >= 0}; infinite means a hard crease)
 */
public record Crease(int v0, int v1, float sharpness) {
    /** Checks that the indices are not negative and the sharpness is not NaN or negative. */
    public Crease {
        if (v0 < 0 || v1 < 0) {
            throw new IllegalArgumentException("crease vertex index is negative: " + v0 + " " + v1);
        }
        if (!(sharpness >= 0)) {
            throw new IllegalArgumentException("crease sharpness must be >= 0, got " + sharpness);
        }
    }
}
