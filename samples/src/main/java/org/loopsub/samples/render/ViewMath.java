package org.loopsub.samples.render;

import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.loopsub.api.Camera;
import org.loopsub.api.TriangleMesh;

/**
 * The samples' camera helpers, on JOML: the view-projection of a {@link Camera} and a key light.
 * Matrices are in double because a model matrix may carry a mesh's centre: for a mesh far from the
 * origin, composing the view with that translation in float would cost the precision the engine's
 * internal frame kept; the product is rounded to float once, for the shader. Used by
 * {@link OffscreenRenderer} and by the embedding example's renderer.
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
     * @return projection times view ({@code gluPerspective} times {@code gluLookAt})
     */
    public static Matrix4d viewProjection(Camera camera, double aspect, double near, double far) {
        return new Matrix4d().perspective(Math.toRadians(camera.fovYDegrees()), aspect, near, far)
                .mul(camera.view(new Matrix4d()));
    }

    /**
     * A key light behind and above the eye, a little to the left, so that faces turned to the viewer
     * are not all shaded alike.
     *
     * @param c eye, target and up
     * @return the unit direction towards the light
     */
    public static Vector3d keyLight(Camera c) {
        Vector3d forward = new Vector3d(c.target().x(), c.target().y(), c.target().z())
                .sub(c.eye().x(), c.eye().y(), c.eye().z()).normalize();
        Vector3d side = forward.cross(new Vector3d(c.up().x(), c.up().y(), c.up().z()), new Vector3d()).normalize();
        Vector3d up = side.cross(forward, new Vector3d());
        return forward.negate(new Vector3d()).fma(-0.4, side).fma(0.5, up).normalize();
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
     * @param mesh a mesh
     * @param t a triangle
     * @return {@code (b - a) x (c - a)} of its corners, in double (twice the area along the normal)
     */
    public static Vector3d faceCross(TriangleMesh mesh, int t) {
        int a = mesh.vertex(t, 0);
        int b = mesh.vertex(t, 1);
        int c = mesh.vertex(t, 2);
        Vector3d u = new Vector3d(mesh.position(b, 0), mesh.position(b, 1), mesh.position(b, 2))
                .sub(mesh.position(a, 0), mesh.position(a, 1), mesh.position(a, 2));
        Vector3d v = new Vector3d(mesh.position(c, 0), mesh.position(c, 1), mesh.position(c, 2))
                .sub(mesh.position(a, 0), mesh.position(a, 1), mesh.position(a, 2));
        return u.cross(v);
    }
}
