package org.loopsub.api;

/**
 * A point or direction in the mesh's coordinate frame; an immutable value so that options built
 * from it stay immutable.
 *
 * @param x x coordinate
 * @param y y coordinate
 * @param z z coordinate
 */
public record Point3(float x, float y, float z) {
    /** Refuses NaN and infinite coordinates. */
    public Point3 {
        if (!Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z)) {
            throw new IllegalArgumentException("coordinates must be finite: " + x + ", " + y + ", " + z);
        }
    }
}
