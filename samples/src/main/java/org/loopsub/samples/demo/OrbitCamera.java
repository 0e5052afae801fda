package org.loopsub.samples.demo;

import org.joml.Matrix4d;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.loopsub.api.Camera;
import org.loopsub.api.Point3;

/**
 * The demo's camera: it circles a target point at some distance, with the world's +y up, as a model
 * viewer's camera does. Mouse drags turn it ({@link #orbit}) and slide the target ({@link #pan}), the
 * wheel moves it in and out ({@link #zoom}). The same camera feeds both the drawing ({@link #view},
 * {@link #projection}) and the screen-space criterion ({@link #camera}), so that what is refined for
 * is what is seen.
 */
final class OrbitCamera {
    /** Vertical field of view, in degrees; also the criterion's. */
    static final float FOV_Y_DEGREES = 45;
    /** Turn per dragged pixel, in degrees. */
    static final float DEGREES_PER_PIXEL = 0.3f;
    /** Distance factor per wheel step towards the target. */
    static final double ZOOM_PER_STEP = 0.85;
    // short of straight up or down: the up direction (+y) must not be parallel to the view direction
    private static final double MAX_PITCH = Math.toRadians(89);

    private final Vector3f target;
    /** Bounding radius of what is shown: the clip planes and the zoom limits are measured in it. */
    private final float radius;
    /** Angle around +y, radians; 0 puts the eye on the +z side of the target. */
    private double yaw;
    /** Angle above the horizontal plane through the target, radians. */
    private double pitch;
    private double distance;

    /**
     * A camera looking at {@code centre} from the front (+z), a little above, far enough for a sphere
     * of {@code radius} to fill most of the picture's height.
     *
     * @param centre the target
     * @param radius the radius of a sphere around the target holding the mesh, positive
     */
    OrbitCamera(Vector3f centre, float radius) {
        if (!(radius > 0) || !Float.isFinite(radius)) {
            throw new IllegalArgumentException("radius must be positive and finite, got " + radius);
        }
        this.target = new Vector3f(centre);
        this.radius = radius;
        this.yaw = 0;
        this.pitch = Math.toRadians(12);
        this.distance = radius / Math.sin(Math.toRadians(FOV_Y_DEGREES) / 2) * 1.05;
    }

    /**
     * A camera framing points: it looks at the centre of their axis-aligned bounding box and frames
     * the sphere around that box.
     *
     * @param positions x, y, z per point
     * @return the camera
     */
    static OrbitCamera framing(float[] positions) {
        float[] lo = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
        float[] hi = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int i = 0; i < positions.length; i++) {
            lo[i % 3] = Math.min(lo[i % 3], positions[i]);
            hi[i % 3] = Math.max(hi[i % 3], positions[i]);
        }
        Vector3f centre = new Vector3f((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2);
        double dx = hi[0] - lo[0];
        double dy = hi[1] - lo[1];
        double dz = hi[2] - lo[2];
        float r = (float) (Math.sqrt(dx * dx + dy * dy + dz * dz) / 2);
        // a mesh that is a single point still needs a camera some distance away
        return new OrbitCamera(centre, r > 0 ? r : 1);
    }

    /**
     * Turns the camera around the target.
     *
     * @param yawDegrees around the vertical axis; positive moves the eye to the right (the mesh seems
     *     to turn left)
     * @param pitchDegrees up or down; positive raises the eye (stops short of the poles)
     * @return this
     */
    OrbitCamera orbit(double yawDegrees, double pitchDegrees) {
        yaw = (yaw + Math.toRadians(yawDegrees)) % (2 * Math.PI);
        pitch = Math.max(-MAX_PITCH, Math.min(MAX_PITCH, pitch + Math.toRadians(pitchDegrees)));
        return this;
    }

    /**
     * Slides the target (and the eye with it) in the picture plane, so that the point under the
     * cursor follows a drag at the target's depth.
     *
     * @param dxPixels cursor movement to the right
     * @param dyPixels cursor movement down
     * @param viewportHeight picture height in the same pixels
     * @return this
     */
    OrbitCamera pan(double dxPixels, double dyPixels, int viewportHeight) {
        return pan(dxPixels, dyPixels, viewportHeight, viewportHeight);
    }

    /**
     * As {@link #pan(double, double, int)}, for a viewport of any shape.
     *
     * @param dxPixels cursor movement to the right
     * @param dyPixels cursor movement down
     * @param viewportWidth picture width in the same pixels
     * @param viewportHeight picture height in the same pixels
     * @return this
     */
    OrbitCamera pan(double dxPixels, double dyPixels, int viewportWidth, int viewportHeight) {
        double fov = fovYDegrees(viewportWidth, viewportHeight);
        double unit = 2 * distance * Math.tan(Math.toRadians(fov) / 2) / Math.max(1, viewportHeight);
        Vector3f forward = new Vector3f(target).sub(eye(new Vector3f())).normalize();
        Vector3f right = new Vector3f(forward).cross(0, 1, 0).normalize();
        Vector3f up = new Vector3f(right).cross(forward);
        // the content moves with the cursor, so the target moves against it
        target.fma((float) (-dxPixels * unit), right).fma((float) (dyPixels * unit), up);
        return this;
    }

    /**
     * Moves the eye towards the target or away from it.
     *
     * @param steps wheel steps, positive towards the target
     * @return this
     */
    OrbitCamera zoom(double steps) {
        distance = Math.max(0.02 * radius, Math.min(50 * radius, distance * Math.pow(ZOOM_PER_STEP, steps)));
        return this;
    }

    /**
     * @param dest receives the eye position
     * @return {@code dest}
     */
    Vector3f eye(Vector3f dest) {
        double c = Math.cos(pitch);
        return dest.set((float) (target.x + distance * c * Math.sin(yaw)),
                (float) (target.y + distance * Math.sin(pitch)),
                (float) (target.z + distance * c * Math.cos(yaw)));
    }

    /** @return the point looked at (a copy) */
    Vector3f target() {
        return new Vector3f(target);
    }

    /** @return the distance from the eye to the target */
    double distance() {
        return distance;
    }

    /**
     * The view matrix, in double: a mesh far from the origin puts large, nearly cancelling
     * translations into the view and model matrices; composing them in double and rounding the
     * product keeps the precision that the engine's internal frame kept (see {@code GpuFrame}).
     *
     * @param dest receives the world-to-camera transform (looking down -z)
     * @return {@code dest}
     */
    Matrix4d view(Matrix4d dest) {
        // the criterion's camera basis: what is drawn is what was measured
        return camera(1, 1).view(dest);
    }

    /**
     * The projection, with clip planes around the mesh's bounding sphere (with a margin for the
     * animated deformation), so that the depth buffer's precision is spent on the mesh.
     *
     * @param dest receives the perspective projection
     * @param aspect picture width over height
     * @return {@code dest}
     */
    Matrix4f projection(Matrix4f dest, float aspect) {
        double reach = 1.3 * radius;
        // from inside the sphere, keep a near plane in front of the eye, not behind it
        double near = Math.max(distance - reach, 0.01 * distance);
        double far = distance + reach;
        return dest.setPerspective((float) Math.toRadians(fovYDegrees(aspect, 1)), aspect, (float) near, (float) far);
    }

    /**
     * The vertical field of view for a picture: {@link #FOV_Y_DEGREES}, or for a picture taller than
     * wide (the demo's viewport between two HUD columns) wider, so that {@link #FOV_Y_DEGREES} is then
     * the horizontal one and the framed mesh still fits across.
     *
     * @param width picture width (any unit)
     * @param height picture height (same unit)
     * @return degrees
     */
    static double fovYDegrees(double width, double height) {
        double aspect = width / height;
        if (!(aspect < 1) || !(aspect > 0)) {
            return FOV_Y_DEGREES;
        }
        return Math.toDegrees(2 * Math.atan(Math.tan(Math.toRadians(FOV_Y_DEGREES) / 2) / aspect));
    }

    /**
     * The camera as the screen-space criterion takes it.
     *
     * @param width picture width in pixels (the framebuffer's)
     * @param height picture height in pixels
     * @return eye, target, +y up, {@link #fovYDegrees}, the picture size
     */
    Camera camera(int width, int height) {
        Vector3f eye = eye(new Vector3f());
        return new Camera(new Point3(eye.x, eye.y, eye.z), new Point3(target.x, target.y, target.z),
                new Point3(0, 1, 0), (float) fovYDegrees(width, height), width, height);
    }
}
