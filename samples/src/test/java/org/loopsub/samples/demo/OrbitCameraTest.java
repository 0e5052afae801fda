package org.loopsub.samples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.joml.Matrix4d;
import org.joml.Matrix4f;
import org.joml.Vector3d;
import org.joml.Vector3f;
import org.joml.Vector4f;
import org.junit.jupiter.api.Test;
import org.loopsub.api.Camera;

/** The orbit camera: framing, turning, panning and zooming, and the criterion's camera matching the view. */
class OrbitCameraTest {
    private static final float[] BOX = {-1, -2, -3, 1, 2, 3, 0, 0, 0};

    @Test
    void framesTheBoxFromTheFront() {
        OrbitCamera c = OrbitCamera.framing(BOX);
        assertEquals(new Vector3f(), c.target());
        Vector3f eye = c.eye(new Vector3f());
        assertTrue(eye.z > 0 && eye.y > 0 && Math.abs(eye.x) < 1e-5, "in front, a little above: " + eye);
        // the bounding sphere (radius sqrt(14)) fits in the vertical field of view
        double r = Math.sqrt(14);
        assertTrue(Math.asin(r / c.distance()) < Math.toRadians(OrbitCamera.FOV_Y_DEGREES / 2));
        // every corner of the box projects inside the picture
        Matrix4f proj = c.projection(new Matrix4f(), 1);
        Matrix4f viewProj = proj.mul(new Matrix4f().set(c.view(new Matrix4d())));
        for (int i = 0; i < 8; i++) {
            Vector4f p = new Vector4f((i & 1) == 0 ? -1 : 1, (i & 2) == 0 ? -2 : 2, (i & 4) == 0 ? -3 : 3, 1);
            viewProj.transform(p);
            assertTrue(Math.abs(p.x / p.w) < 1 && Math.abs(p.y / p.w) < 1 && Math.abs(p.z / p.w) < 1, "corner " + i);
        }
    }

    @Test
    void orbitKeepsTheDistanceAndStopsShortOfThePole() {
        OrbitCamera c = OrbitCamera.framing(BOX);
        double d = c.distance();
        c.orbit(90, 0);
        Vector3f eye = c.eye(new Vector3f());
        assertEquals(d, eye.length(), 1e-4);
        assertTrue(eye.x > 0 && Math.abs(eye.z) < 1e-4, "a quarter turn to the +x side: " + eye);
        c.orbit(0, 500);
        Camera cam = c.camera(640, 480);
        assertTrue(cam.eye().y() < d, "not straight above: " + cam.eye());
    }

    @Test
    void panMovesTargetAndEyeTogether() {
        OrbitCamera c = OrbitCamera.framing(BOX);
        Vector3f offset0 = c.eye(new Vector3f()).sub(c.target());
        c.pan(100, 0, 480);
        Vector3f t = c.target();
        assertTrue(t.x < 0 && Math.abs(t.y) < 1e-5, "content dragged right: the camera moves left: " + t);
        assertTrue(offset0.distance(c.eye(new Vector3f()).sub(c.target())) < 1e-5);
    }

    @Test
    void zoomIsBounded() {
        OrbitCamera c = OrbitCamera.framing(BOX);
        c.zoom(1000);
        assertEquals(0.02 * Math.sqrt(14), c.distance(), 1e-5);
        c.zoom(-1000);
        assertEquals(50 * Math.sqrt(14), c.distance(), 1e-3);
    }

    @Test
    void theCriterionSeesWhatIsDrawn() {
        OrbitCamera c = OrbitCamera.framing(BOX).orbit(30, 10);
        Camera cam = c.camera(800, 600);
        assertEquals(OrbitCamera.FOV_Y_DEGREES, cam.fovYDegrees());
        assertEquals(800, cam.width());
        Vector3d target = c.view(new Matrix4d()).transformPosition(new Vector3d(cam.target().x(), cam.target().y(),
                cam.target().z()));
        assertEquals(0, target.x, 1e-5);
        assertEquals(0, target.y, 1e-5);
        assertEquals(-c.distance(), target.z, 1e-4, "the target straight ahead, at the camera's distance");
    }
}
