package org.loopsub.samples.meshes;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.loopsub.api.TriangleMesh;

/** A closed triangle mesh whose edges can be collapsed, one end merged into the other. */
final class Collapser {
    private final float[] pos;
    private final int[] tri;
    private final boolean[] removed;
    private final List<TreeSet<Integer>> faces;
    /** Vertices merged into another, used by no face. */
    final boolean[] dead;

    Collapser(TriangleMesh mesh) {
        pos = mesh.positions();
        tri = mesh.triangles();
        removed = new boolean[tri.length / 3];
        dead = new boolean[mesh.vertexCount()];
        faces = new ArrayList<>();
        for (int v = 0; v < mesh.vertexCount(); v++) {
            faces.add(new TreeSet<>());
        }
        for (int f = 0; f < tri.length / 3; f++) {
            for (int c = 0; c < 3; c++) {
                faces.get(tri[3 * f + c]).add(f);
            }
        }
    }

    /** @return the vertices joined to {@code v} by an edge, sorted */
    TreeSet<Integer> neighbours(int v) {
        return Incidence.neighbours(tri, faces.get(v), v);
    }

    /** @return the number of edges at {@code v}; on a closed mesh also its number of faces */
    int valence(int v) {
        return faces.get(v).size();
    }

    /** The faces holding both {@code a} and {@code b}. */
    private List<Integer> shared(int a, int b) {
        List<Integer> out = new ArrayList<>();
        for (int f : faces.get(a)) {
            if (faces.get(b).contains(f)) {
                out.add(f);
            }
        }
        return out;
    }

    private int third(int f, int a, int b) {
        for (int c = 0; c < 3; c++) {
            int v = tri[3 * f + c];
            if (v != a && v != b) {
                return v;
            }
        }
        throw new IllegalStateException("face " + f + " is degenerate");
    }

    /**
     * @return whether collapsing {@code a-b} keeps the mesh a closed manifold with every valence at
     *     least 3: the edge has two faces, the ends share no neighbour but those faces' third
     *     vertices, and those have valence 4 or more before
     */
    boolean canCollapse(int a, int b) {
        List<Integer> two = shared(a, b);
        if (two.size() != 2) {
            return false;
        }
        int c = third(two.get(0), a, b);
        int d = third(two.get(1), a, b);
        TreeSet<Integer> common = neighbours(a);
        common.retainAll(neighbours(b));
        return common.size() == 2 && common.contains(c) && common.contains(d) && valence(c) >= 4
                && valence(d) >= 4 && keepsShape(a, b, two);
    }

    /**
     * Whether every face that moves from {@code b} to {@code a} keeps a tenth of its area and turns
     * by less than 60 degrees: a flipped or collinear face is still valid, but the library warns of
     * zero-area faces and a benchmark mesh should not carry any.
     */
    private boolean keepsShape(int a, int b, List<Integer> goes) {
        for (int f : faces.get(b)) {
            if (goes.contains(f)) {
                continue;
            }
            double[] before = normal(f, b, b);
            double[] after = normal(f, b, a);
            double lb = Math.sqrt(dot(before, before));
            double la = Math.sqrt(dot(after, after));
            if (la < 0.1 * lb || dot(before, after) < 0.5 * lb * la) {
                return false;
            }
        }
        return true;
    }

    /** Twice the area vector of face {@code f} with vertex {@code from} replaced by {@code to}. */
    private double[] normal(int f, int from, int to) {
        double[][] p = new double[3][3];
        for (int c = 0; c < 3; c++) {
            int v = tri[3 * f + c] == from ? to : tri[3 * f + c];
            for (int axis = 0; axis < 3; axis++) {
                p[c][axis] = pos[3 * v + axis];
            }
        }
        double[] u = new double[3];
        double[] w = new double[3];
        for (int axis = 0; axis < 3; axis++) {
            u[axis] = p[1][axis] - p[0][axis];
            w[axis] = p[2][axis] - p[0][axis];
        }
        return new double[] {u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
    }

    private static double dot(double[] x, double[] y) {
        return x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    }

    /** Merges {@code b} into {@code a}, which keeps its position; the edge's two faces go. */
    void collapse(int a, int b) {
        for (int f : shared(a, b)) {
            removed[f] = true;
            for (int c = 0; c < 3; c++) {
                faces.get(tri[3 * f + c]).remove(f);
            }
        }
        for (int f : faces.get(b)) {
            for (int c = 0; c < 3; c++) {
                if (tri[3 * f + c] == b) {
                    tri[3 * f + c] = a;
                }
            }
            faces.get(a).add(f);
        }
        faces.get(b).clear();
        dead[b] = true;
    }

    /** @return the faces left, over the vertices left */
    TriangleMesh build() {
        return BenchMeshes.compact(pos, tri, removed);
    }
}
