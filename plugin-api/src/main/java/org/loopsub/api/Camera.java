package org.loopsub.api;

import org.joml.Matrix4d;

/**
 * A perspective camera for the screen-space criterion and view culling, given by eye, target and
 * up direction in mesh coordinates; {@link MatrixCamera} takes a renderer's matrices instead. Near
 * and far planes are not given: the engine derives the near plane from the mesh bounds (see
 * {@link StopCriterion.ScreenEdgeLength}).
 *
 * <p>{@link #view} is the one camera basis of the project: the screen-space criterion measures
 * edges in it, and a renderer that draws with it (and {@link #projection}) sees the edges at the
 * lengths the criterion measured.
 *
 * @param eye the camera position
 * @param target a point the camera looks at
 * @param up the up direction (need not be orthogonal to the view direction, must not be parallel)
 * @param fovYDegrees vertical field of view in degrees, in (0, 180)
 * @param width viewport width in pixels
 * @param height viewport height in pixels
 */
public record Camera(Point3 eye, Point3 target, Point3 up, float fovYDegrees, int width, int height) implements View {
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

    /**
     * The view transform, in double: world to camera coordinates, looking down -z with +y up
     * (OpenGL's convention, JOML's {@code lookAt}).
     *
     * @param dest receives the transform
     * @return {@code dest}
     */
    public Matrix4d view(Matrix4d dest) {
        return dest.setLookAt(eye.x(), eye.y(), eye.z(), target.x(), target.y(), target.z(), up.x(), up.y(), up.z());
    }

    /**
     * The perspective projection of this camera's field of view and viewport aspect (width over
     * height), OpenGL's clip-space convention (z in [-1, 1]).
     *
     * @param near distance of the near clip plane, positive
     * @param far distance of the far clip plane, beyond {@code near}
     * @param dest receives the projection
     * @return {@code dest}
     */
    public Matrix4d projection(double near, double far, Matrix4d dest) {
        return dest.setPerspective(Math.toRadians(fovYDegrees), (double) width / height, near, far);
    }

    /**
     * {@code projection * view}, with any near and far plane (the rows the engine reads do not
     * depend on them).
     */
    @Override
    public Matrix4d clip(Matrix4d dest) {
        return projection(1, 2, dest).lookAt(eye.x(), eye.y(), eye.z(), target.x(), target.y(), target.z(), up.x(), up.y(),
                up.z());
    }
}
