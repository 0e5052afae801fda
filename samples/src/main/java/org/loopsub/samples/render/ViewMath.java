package org.loopsub.samples.render;

import org.loopsub.api.Camera;
import org.loopsub.api.Point3;

/**
 * The two camera matrices, column-major as GL reads them. Written out rather than taken from JOML
 * so that the samples module needs no dependency beyond the tessellator for one look-at and one
 * perspective.
 */
final class ViewMath {
    private ViewMath() {
    }

    /**
     * @param camera eye, target, up and vertical field of view
     * @param aspect width over height of the image actually drawn (the camera's viewport is only
     *     used by the screen-space criterion)
     * @param near distance of the near plane, positive
     * @param far distance of the far plane, beyond {@code near}
     * @return projection times view, 16 floats, column-major
     */
    static float[] viewProjection(Camera camera, float aspect, double near, double far) {
        return multiply(perspective(camera.fovYDegrees(), aspect, near, far), lookAt(camera));
    }

    static double[] lookAt(Camera c) {
        Point3 e = c.eye();
        double[] f = normalize(sub(c.target(), e));
        double[] s = normalize(cross(f, new double[] {c.up().x(), c.up().y(), c.up().z()}));
        double[] u = cross(s, f);
        double[] eye = {e.x(), e.y(), e.z()};
        double[] m = new double[16];
        for (int i = 0; i < 3; i++) {
            m[4 * i] = s[i];
            m[4 * i + 1] = u[i];
            m[4 * i + 2] = -f[i];
        }
        m[12] = -dot(s, eye);
        m[13] = -dot(u, eye);
        m[14] = dot(f, eye);
        m[15] = 1;
        return m;
    }

    static double[] perspective(double fovYDegrees, double aspect, double near, double far) {
        double g = 1 / Math.tan(Math.toRadians(fovYDegrees) / 2);
        double[] m = new double[16];
        m[0] = g / aspect;
        m[5] = g;
        m[10] = (far + near) / (near - far);
        m[11] = -1;
        m[14] = 2 * far * near / (near - far);
        return m;
    }

    static float[] multiply(double[] a, double[] b) {
        float[] r = new float[16];
        for (int col = 0; col < 4; col++) {
            for (int row = 0; row < 4; row++) {
                double sum = 0;
                for (int k = 0; k < 4; k++) {
                    sum += a[4 * k + row] * b[4 * col + k];
                }
                r[4 * col + row] = (float) sum;
            }
        }
        return r;
    }

    static double[] sub(Point3 a, Point3 b) {
        return new double[] {(double) a.x() - b.x(), (double) a.y() - b.y(), (double) a.z() - b.z()};
    }

    static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    static double[] normalize(double[] a) {
        double l = Math.sqrt(dot(a, a));
        return new double[] {a[0] / l, a[1] / l, a[2] / l};
    }
}
