package org.loopsub.samples.embed;

import org.loopsub.api.Camera;
import org.loopsub.api.Point3;

/**
 * Column-major 4x4 matrices in double, as GL reads them once cast to float. Composed in double
 * because the model matrix carries the run's centre: for a mesh far from the origin, multiplying
 * the view by that translation in float would cost the precision the internal frame kept.
 */
final class Mat4 {
    private Mat4() {
    }

    /** @return the model matrix of a run: {@code user = internal * inverseScale + centre} */
    static double[] translateScale(float[] centre, double scale) {
        double[] m = new double[16];
        m[0] = scale;
        m[5] = scale;
        m[10] = scale;
        m[12] = centre[0];
        m[13] = centre[1];
        m[14] = centre[2];
        m[15] = 1;
        return m;
    }

    static double[] identity() {
        return translateScale(new float[3], 1);
    }

    static double[] lookAt(Camera c) {
        double[] f = forward(c);
        double[] s = normalize(cross(f, vec(c.up())));
        double[] u = cross(s, f);
        double[] eye = vec(c.eye());
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

    static double[] multiply(double[] a, double[] b) {
        double[] r = new double[16];
        for (int col = 0; col < 4; col++) {
            for (int row = 0; row < 4; row++) {
                double sum = 0;
                for (int k = 0; k < 4; k++) {
                    sum += a[4 * k + row] * b[4 * col + k];
                }
                r[4 * col + row] = sum;
            }
        }
        return r;
    }

    static float[] toFloat(double[] m) {
        float[] r = new float[m.length];
        for (int i = 0; i < m.length; i++) {
            r[i] = (float) m[i];
        }
        return r;
    }

    static double[] forward(Camera c) {
        double[] e = vec(c.eye());
        double[] t = vec(c.target());
        return normalize(new double[] {t[0] - e[0], t[1] - e[1], t[2] - e[2]});
    }

    static double[] vec(Point3 p) {
        return new double[] {p.x(), p.y(), p.z()};
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
