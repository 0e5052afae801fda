package org.loopsub.mesh;

import org.loopsub.api.TriangleMesh;

/**
 * Finds faces whose three corners are (nearly) collinear. They are valid input, but where a corner
 * lies on the opposite edge, the midpoint that adaptive refinement puts on that edge can round to the
 * corner's exact position, and welding by exact position then merges two distinct vertices. The
 * engine warns about such faces rather than refusing them: real meshes (monsterfrogT among the
 * benchmarks) have a few.
 */
public final class FlatFaces {
    /** Twice the area, relative to the squared longest edge, below which a face counts as flat. */
    public static final double RELATIVE_AREA = 1e-6;

    private FlatFaces() {
    }

    /**
     * @param mesh a mesh whose face indices are in range
     * @return the number of flat faces
     */
    public static int count(TriangleMesh mesh) {
        int n = 0;
        for (int t = 0; t < mesh.triangleCount(); t++) {
            if (isFlat(mesh, t)) {
                n++;
            }
        }
        return n;
    }

    /**
     * @param mesh a mesh whose face indices are in range
     * @return a warning naming the first flat face and the count, or null if there is none
     */
    public static String warning(TriangleMesh mesh) {
        return warning(mesh, ElementNames.OWN);
    }

    /**
     * @param mesh a mesh whose face indices are in range
     * @param names how the warning names the mesh's faces
     * @return a warning naming the first flat face and the count, or null if there is none
     */
    public static String warning(TriangleMesh mesh, ElementNames names) {
        int first = -1;
        int n = 0;
        for (int t = 0; t < mesh.triangleCount(); t++) {
            if (isFlat(mesh, t)) {
                first = first < 0 ? t : first;
                n++;
            }
        }
        if (n == 0) {
            return null;
        }
        return names.face(first) + " has (nearly) zero area" + (n > 1 ? " (" + n + " such faces)" : "")
                + "; adaptive refinement may place a midpoint exactly on a vertex there, and welding by"
                + " position then merges the two";
    }

    /**
     * @param mesh a mesh
     * @param t a face
     * @return whether its corners are nearly collinear
     */
    public static boolean isFlat(TriangleMesh mesh, int t) {
        double[] e1 = new double[3];
        double[] e2 = new double[3];
        double[] e3 = new double[3];
        int a = mesh.vertex(t, 0);
        int b = mesh.vertex(t, 1);
        int c = mesh.vertex(t, 2);
        for (int x = 0; x < 3; x++) {
            e1[x] = (double) mesh.position(b, x) - mesh.position(a, x);
            e2[x] = (double) mesh.position(c, x) - mesh.position(a, x);
            e3[x] = (double) mesh.position(c, x) - mesh.position(b, x);
        }
        double cx = e1[1] * e2[2] - e1[2] * e2[1];
        double cy = e1[2] * e2[0] - e1[0] * e2[2];
        double cz = e1[0] * e2[1] - e1[1] * e2[0];
        double area2 = Math.sqrt(cx * cx + cy * cy + cz * cz);
        double longest = Math.max(dot(e1), Math.max(dot(e2), dot(e3)));
        return area2 <= RELATIVE_AREA * longest;
    }

    private static double dot(double[] v) {
        return v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    }
}
