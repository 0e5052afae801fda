package org.loopsub.api;

/**
 * A perspective camera for the screen-space criterion. Near and far planes are not given: the
 * engine derives the near plane from the mesh bounds (see {@link StopCriterion.ScreenEdgeLength}).
 *
 * @param eye the camera position
 * @param target a point the camera looks at
 * @param up the up direction (need not be orthogonal to the view direction, must not be parallel)
 * @param fovYDegrees vertical field of view in degrees, in (0, 180)
 * @param width viewport width in pixels
 * @param height viewport height in pixels
 */
public record Camera(Point3 eye, Point3 target, Point3 up, float fovYDegrees, int width, int height) {
    /** Checks the field of view, the viewport and that the view direction is defined. */
    public Camera {
        if (!(fovYDegrees > 0 && fovYDegrees < 180)) {
            throw new IllegalArgumentException("field of view must be in (0, 180) degrees, got " + fovYDegrees);
        }
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("viewport must be positive, got " + width + "x" + height);
        }
        double dx = (double) target.x() - eye.x();
        double dy = (double) target.y() - eye.y();
        double dz = (double) target.z() - eye.z();
        if (dx == 0 && dy == 0 && dz == 0) {
            throw new IllegalArgumentException("eye and target are the same point");
        }
        double cx = dy * up.z() - dz * up.y();
        double cy = dz * up.x() - dx * up.z();
        double cz = dx * up.y() - dy * up.x();
        if (cx == 0 && cy == 0 && cz == 0) {
            throw new IllegalArgumentException("up direction is parallel to the view direction (or zero)");
        }
    }
}
