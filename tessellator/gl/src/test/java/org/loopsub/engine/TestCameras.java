package org.loopsub.engine;

import org.loopsub.api.Camera;
import org.loopsub.api.Point3;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.TriangleMesh;

/** Cameras the GPU-path tests share (engine and glstream). */
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
        float d = (float) AdaptiveTest.diagonal(m);
        // Close and off-centre, so that refinement varies strongly across the mesh.
        return new Camera(new Point3(cx + 0.3f * d, cy, cz + 0.6f * d), new Point3(cx, cy, cz),
                new Point3(0, 1, 0), 45f, 640, 480);
    }
}
