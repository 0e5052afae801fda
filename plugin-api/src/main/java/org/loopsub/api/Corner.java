package org.loopsub.api;

/**
 * A corner tag on one vertex of a {@link TriangleMesh}, as read from OBJ {@code t corner 1/1/0 v s}
 * lines (OpenSubdiv's shape tag, 0-based vertex index): the vertex's own sharpness. A vertex with
 * sharpness above 0 is a corner of the surface while the sharpness lasts (it decays by 1 per level;
 * 10 or more is infinite): it does not move, and the surface has a point there.
 *
 * @param vertex the vertex (0-based)
 * @param sharpness its sharpness ({@code >= 0}; infinite means a hard corner)
 */
public record Corner(int vertex, float sharpness) {
    /** Checks that the index is not negative and the sharpness is not NaN or negative. */
    public Corner {
        if (vertex < 0) {
            throw new IllegalArgumentException("corner vertex index is negative: " + vertex);
        }
        if (!(sharpness >= 0)) {
            throw new IllegalArgumentException("corner sharpness must be >= 0, got " + sharpness);
        }
    }
}
