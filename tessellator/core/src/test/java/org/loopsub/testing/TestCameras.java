package org.loopsub.testing;

import org.loopsub.api.Camera;
import org.loopsub.api.Point3;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.TriangleMesh;

/** Cameras the tests of both back ends share, and the mesh size they are placed by. */
public final class TestCameras {
    private TestCameras() {
    }

    /** A camera {@code distance} in front of {@code target}, slightly off axis, 640x480. */
    public static RefineOptions screen(Point3 target, float distance, float px) {
        Point3 eye = new Point3(target.x() + 0.1f * distance, target.y() + 0.2f * distance, target.z() + distance);
        Camera c = new Camera(eye, target, new Point3(0, 1, 0), 45, 640, 480);
        return RefineOptions.adaptive(5, new StopCriterion.ScreenEdgeLength(c, px));
    }

    /** The middle of mesh_with_border's bounding box (about 20 units across). */
    public static final Point3 BORDER_CENTRE = new Point3(84.7f, 84.5f, 7.3f);

    /** Close to the mesh and off-centre, 640x480, 45 degrees. */
    public static Camera frontCamera(TriangleMesh m) {
        float[] lo = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
        float[] hi = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int v = 0; v < m.vertexCount(); v++) {
            for (int x = 0; x < 3; x++) {
                lo[x] = Math.min(lo[x], m.position(v, x));
                hi[x] = Math.max(hi[x], m.position(v, x));
            }
        }
        float cx = (lo[0] + hi[0]) / 2;
        float cy = (lo[1] + hi[1]) / 2;
        float cz = (lo[2] + hi[2]) / 2;
        float d = (float) diagonal(m);
        // Close and off-centre, so that refinement varies strongly across the mesh.
        return new Camera(new Point3(cx + 0.3f * d, cy, cz + 0.6f * d), new Point3(cx, cy, cz),
                new Point3(0, 1, 0), 45f, 640, 480);
    }

    /** A close-up: the eye half a diagonal from a point off the middle, so that much lies outside the view. */
    public static Camera closeUp(TriangleMesh m, float side) {
        float[] lo = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
        float[] hi = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int v = 0; v < m.vertexCount(); v++) {
            for (int x = 0; x < 3; x++) {
                lo[x] = Math.min(lo[x], m.position(v, x));
                hi[x] = Math.max(hi[x], m.position(v, x));
            }
        }
        float d = (float) diagonal(m);
        Point3 target = new Point3((lo[0] + hi[0]) / 2 + side * 0.15f * d, (lo[1] + hi[1]) / 2 + 0.1f * d,
                (lo[2] + hi[2]) / 2);
        Point3 eye = new Point3(target.x() + 0.2f * d, target.y() + 0.1f * d, target.z() + 0.6f * d);
        return new Camera(eye, target, new Point3(0, 1, 0), 45f, 320, 240);
    }

    /** The length of the mesh's bounding-box diagonal. */
    public static double diagonal(TriangleMesh m) {
        double[] p = new double[3 * m.vertexCount()];
        for (int i = 0; i < p.length; i++) {
            p[i] = m.position(i / 3, i % 3);
        }
        return diagonal(p);
    }

    /** The length of the bounding-box diagonal of points given as x, y, z each. */
    public static double diagonal(double[] p) {
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < p.length; i++) {
            lo[i % 3] = Math.min(lo[i % 3], p[i]);
            hi[i % 3] = Math.max(hi[i % 3], p[i]);
        }
        double dx = hi[0] - lo[0];
        double dy = hi[1] - lo[1];
        double dz = hi[2] - lo[2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
}
