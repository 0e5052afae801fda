package org.loopsub.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.loopsub.api.Camera;
import org.loopsub.api.Point3;
import org.loopsub.api.StopCriterion;
import org.junit.jupiter.api.Test;

/**
 * The screen-space criterion against a pinhole camera written here from its definition (gluLookAt's
 * basis, gluPerspective's focal length, viewport pixels) in double: an edge whose projected length
 * is clearly below the limit is complete, one clearly above is not, at random cameras, internal
 * frames and edges. Also checks the camera's own view matrix against the same basis.
 */
class ScreenCriterionTest {
    /** Pixels of the projected edge, from scratch: camera basis, perspective divide, viewport scale. */
    static double projectedPixels(Camera c, double[] p, double[] q) {
        double[] f = unit(sub(new double[] {c.target().x(), c.target().y(), c.target().z()},
                new double[] {c.eye().x(), c.eye().y(), c.eye().z()}));
        double[] s = unit(cross(f, new double[] {c.up().x(), c.up().y(), c.up().z()}));
        double[] u = cross(s, f);
        double focal = 1 / Math.tan(Math.toRadians(c.fovYDegrees()) / 2);
        double[] eye = {c.eye().x(), c.eye().y(), c.eye().z()};
        double[] a = sub(p, eye);
        double[] b = sub(q, eye);
        double half = c.height() / 2.0;
        double xa = dot(s, a) / dot(f, a) * focal * half;
        double ya = dot(u, a) / dot(f, a) * focal * half;
        double xb = dot(s, b) / dot(f, b) * focal * half;
        double yb = dot(u, b) / dot(f, b) * focal * half;
        return Math.hypot(xa - xb, ya - yb);
    }

    @Test
    void edgesClearlyShorterThanTheLimitAreCompleteAndClearlyLongerOnesAreNot() {
        Random random = new Random(20261124);
        int below = 0;
        int above = 0;
        for (int round = 0; round < 200; round++) {
            double spread = Math.pow(10, random.nextInt(5) - 1);
            Point3 target = new Point3(gauss(random, spread), gauss(random, spread), gauss(random, spread));
            Point3 eye = new Point3(target.x() + (float) (spread * (2 + random.nextDouble())),
                    target.y() + gauss(random, spread), target.z() + gauss(random, spread));
            Point3 up = random.nextBoolean() ? new Point3(0, 1, 0) : new Point3(0.2f, 0.9f, -0.3f);
            Camera camera = new Camera(eye, target, up, 20 + 100 * random.nextFloat(), 320 + random.nextInt(1600),
                    240 + random.nextInt(1000));
            float px = 0.5f + 8 * random.nextFloat();
            float[] centre = {gauss(random, spread), gauss(random, spread), gauss(random, spread)};
            int exponent = random.nextInt(21) - 10;
            SpokeTest test = EdgeCriteria.of(List.of(new StopCriterion.ScreenEdgeLength(camera, px)), centre, exponent,
                    1e-9);
            double s = Math.scalb(1.0, exponent);
            for (int e = 0; e < 50; e++) {
                // an edge near the target, of random length and direction
                double len = spread * Math.pow(10, -4 * random.nextDouble());
                float[] p = new float[6];
                double[][] user = new double[2][3];
                for (int x = 0; x < 3; x++) {
                    double mid = (x == 0 ? target.x() : x == 1 ? target.y() : target.z()) + gauss(random, spread / 4);
                    double d = gauss(random, len);
                    // rounded in the internal frame first, so the reference sees the engine's points
                    p[x] = (float) ((mid - d / 2 - centre[x]) * s);
                    p[3 + x] = (float) ((mid + d / 2 - centre[x]) * s);
                    user[0][x] = p[x] / s + centre[x];
                    user[1][x] = p[3 + x] / s + centre[x];
                }
                double eyeDepthA = depth(camera, user[0]);
                double eyeDepthB = depth(camera, user[1]);
                if (eyeDepthA <= 0.01 * spread || eyeDepthB <= 0.01 * spread) {
                    continue;
                }
                double pixels = projectedPixels(camera, user[0], user[1]);
                boolean complete = test.complete(0, p, 0, 3, -1, -1);
                assertEquals(complete, test.complete(0, p, 3, 0, -1, -1), "symmetric in the edge's ends");
                if (pixels < px * (1 - 1e-3)) {
                    assertTrue(complete, "edge of " + pixels + " px under a limit of " + px + " must be complete");
                    below++;
                } else if (pixels > px * (1 + 1e-3)) {
                    assertTrue(!complete, "edge of " + pixels + " px over a limit of " + px + " must not be complete");
                    above++;
                }
            }
        }
        assertTrue(below > 1000 && above > 1000, "both sides seen: " + below + " below, " + above + " above");
    }

    @Test
    void theCamerasViewMatrixIsTheBasisOfTheCriterion() {
        Camera c = new Camera(new Point3(3, 4, 5), new Point3(-1, 0.5f, 2), new Point3(0.1f, 1, 0), 50, 800, 600);
        org.joml.Matrix4d view = c.view(new org.joml.Matrix4d());
        double[] p = {0.3, -2, 7};
        org.joml.Vector4d v = view.transform(new org.joml.Vector4d(p[0], p[1], p[2], 1));
        // looking down -z: depth along the view direction is -z
        assertEquals(depth(c, p), -v.z, 1e-9);
        double[] q = {1.3, -1.5, 6};
        org.joml.Vector4d w = view.transform(new org.joml.Vector4d(q[0], q[1], q[2], 1));
        double focal = 1 / Math.tan(Math.toRadians(50) / 2) * 300;
        double dx = v.x / -v.z - w.x / -w.z;
        double dy = v.y / -v.z - w.y / -w.z;
        assertEquals(projectedPixels(c, p, q), focal * Math.hypot(dx, dy), 1e-9);
    }

    private static double depth(Camera c, double[] p) {
        double[] f = unit(sub(new double[] {c.target().x(), c.target().y(), c.target().z()},
                new double[] {c.eye().x(), c.eye().y(), c.eye().z()}));
        return dot(f, sub(p, new double[] {c.eye().x(), c.eye().y(), c.eye().z()}));
    }

    private static float gauss(Random r, double s) {
        return (float) (r.nextGaussian() * s);
    }

    private static double[] sub(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    private static double[] unit(double[] a) {
        double l = Math.sqrt(dot(a, a));
        return new double[] {a[0] / l, a[1] / l, a[2] / l};
    }
}
