package org.loopsub.samples.render;

import org.loopsub.api.Camera;
import org.loopsub.api.Point3;
import org.loopsub.api.TriangleMesh;

/**
 * Column-major 4x4 matrices and 3-vectors in double, as GL reads them once cast to float. Written out
 * rather than taken from JOML so that the samples module needs no dependency beyond the tessellator
 * for one look-at and one perspective. Matrices are composed in double because a model matrix may
 * carry a mesh's centre: for a mesh far from the origin, multiplying the view by that translation in
 * float would cost the precision the engine's internal frame kept. Used by {@link OffscreenRenderer}
 * and by the embedding example's renderer.
 */
public final class ViewMath {
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
        return toFloat(multiply(perspective(camera.fovYDegrees(), aspect, near, far), lookAt(camera)));
    }

    /**
     * @param centre the translation, x, y, z
     * @param scale the uniform scale
     * @return {@code translate(centre) * scale(scale)}, e.g. the model matrix of a GPU run:
     *     {@code user = internal * inverseScale + centre}
     */
    public static double[] translateScale(float[] centre, double scale) {
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

    /** @return the 4x4 identity matrix, column-major */
    public static double[] identity() {
        return translateScale(new float[3], 1);
    }

    /**
     * @param c eye, target and up
     * @return the view matrix, taking world coordinates to the camera's (looking down -z), column-major
     */
    public static double[] lookAt(Camera c) {
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

    /**
     * @param fovYDegrees vertical field of view in degrees
     * @param aspect width over height
     * @param near distance of the near plane, positive
     * @param far distance of the far plane, beyond {@code near}
     * @return the perspective projection, as {@code gluPerspective}, column-major
     */
    public static double[] perspective(double fovYDegrees, double aspect, double near, double far) {
        double g = 1 / Math.tan(Math.toRadians(fovYDegrees) / 2);
        double[] m = new double[16];
        m[0] = g / aspect;
        m[5] = g;
        m[10] = (far + near) / (near - far);
        m[11] = -1;
        m[14] = 2 * far * near / (near - far);
        return m;
    }

    /**
     * @param a 4x4 matrix, column-major
     * @param b 4x4 matrix, column-major
     * @return {@code a * b}, column-major
     */
    public static double[] multiply(double[] a, double[] b) {
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

    /**
     * @param m values in double
     * @return the same values rounded to float, e.g. for {@code glUniformMatrix4fv}
     */
    public static float[] toFloat(double[] m) {
        float[] r = new float[m.length];
        for (int i = 0; i < m.length; i++) {
            r[i] = (float) m[i];
        }
        return r;
    }

    /**
     * @param c eye and target
     * @return the unit vector from the eye towards the target
     */
    public static double[] forward(Camera c) {
        double[] e = vec(c.eye());
        double[] t = vec(c.target());
        return normalize(new double[] {t[0] - e[0], t[1] - e[1], t[2] - e[2]});
    }

    /**
     * A key light behind and above the eye, a little to the left, so that faces turned to the viewer
     * are not all shaded alike.
     *
     * @param c eye, target and up
     * @return the unit direction towards the light
     */
    public static double[] keyLight(Camera c) {
        double[] f = forward(c);
        double[] s = normalize(cross(f, vec(c.up())));
        double[] u = cross(s, f);
        double[] l = new double[3];
        for (int x = 0; x < 3; x++) {
            l[x] = -f[x] - 0.4 * s[x] + 0.5 * u[x];
        }
        return normalize(l);
    }

    /**
     * @param mesh a mesh
     * @return its axis-aligned bounding box, {lo, hi} with x, y, z each; for an empty mesh lo holds
     *     {@code Double.MAX_VALUE} and hi {@code -Double.MAX_VALUE}
     */
    public static double[][] bounds(TriangleMesh mesh) {
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int v = 0; v < mesh.vertexCount(); v++) {
            for (int x = 0; x < 3; x++) {
                lo[x] = Math.min(lo[x], mesh.position(v, x));
                hi[x] = Math.max(hi[x], mesh.position(v, x));
            }
        }
        return new double[][] {lo, hi};
    }

    /**
     * @param p a point
     * @return its coordinates in double
     */
    public static double[] vec(Point3 p) {
        return new double[] {p.x(), p.y(), p.z()};
    }

    /**
     * @param a 3-vector
     * @param b 3-vector
     * @return {@code a x b}
     */
    public static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    /**
     * @param a 3-vector
     * @param b 3-vector
     * @return {@code a . b}
     */
    public static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    /**
     * @param a 3-vector, not zero
     * @return {@code a} scaled to unit length
     */
    public static double[] normalize(double[] a) {
        double l = Math.sqrt(dot(a, a));
        return new double[] {a[0] / l, a[1] / l, a[2] / l};
    }
}
