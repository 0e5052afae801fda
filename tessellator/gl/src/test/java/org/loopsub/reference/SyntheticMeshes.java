package org.loopsub.reference;

import java.util.ArrayList;
import java.util.List;
import org.loopsub.api.TriangleMesh;

/**
 * Generated meshes for cases the corpus lacks: high valence, several boundary loops, far from the
 * origin, tiny coordinates. All are manifold and oriented counter-clockwise seen from outside
 * (from +z for the open ones).
 */
public final class SyntheticMeshes {
    private SyntheticMeshes() {
    }

    /**
     * A bipyramid: a ring of {@code valence} vertices on the unit circle and two apexes at
     * {@code z = +-1}, each of the given valence; the ring vertices have valence 4.
     *
     * @param valence apex valence, at least 3
     * @return the closed mesh, {@code valence + 2} vertices, {@code 2 * valence} triangles
     */
    public static TriangleMesh highValenceCone(int valence) {
        if (valence < 3) {
            throw new IllegalArgumentException("valence must be >= 3, got " + valence);
        }
        float[] p = new float[3 * (valence + 2)];
        for (int i = 0; i < valence; i++) {
            double angle = 2 * Math.PI * i / valence;
            p[3 * i] = (float) Math.cos(angle);
            p[3 * i + 1] = (float) Math.sin(angle);
        }
        int top = valence;
        int bottom = valence + 1;
        p[3 * top + 2] = 1f;
        p[3 * bottom + 2] = -1f;
        int[] t = new int[6 * valence];
        for (int i = 0; i < valence; i++) {
            int next = (i + 1) % valence;
            int o = 6 * i;
            t[o] = i;
            t[o + 1] = next;
            t[o + 2] = top;
            t[o + 3] = next;
            t[o + 4] = i;
            t[o + 5] = bottom;
        }
        return TriangleMesh.of(p, t);
    }

    /** @return the regular octahedron with vertices at {@code +-1} on each axis (valence 4) */
    public static TriangleMesh octahedron() {
        float[] p = {1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1};
        int[] t = {
            0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4,
            2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5,
        };
        return TriangleMesh.of(p, t);
    }

    /**
     * A tetrahedron with vertices {@code (1,1,1), (1,-1,-1), (-1,1,-1), (-1,-1,1)} (valence 3).
     *
     * @return the closed mesh
     */
    public static TriangleMesh tetrahedron() {
        float[] p = {1, 1, 1, 1, -1, -1, -1, 1, -1, -1, -1, 1};
        int[] t = {0, 1, 2, 0, 2, 3, 0, 3, 1, 1, 3, 2};
        return TriangleMesh.of(p, t);
    }

    /**
     * An open {@code n x n} grid of squares on {@code [0,1]^2}, each split into two triangles along
     * the same diagonal (interior valence 6), bumped in z so that it is not planar.
     *
     * @param n squares per side, at least 1
     * @return one boundary loop of {@code 4n} edges
     */
    public static TriangleMesh openGrid(int n) {
        return grid(n, 0.1f, 0f, 0f, new boolean[n][n]);
    }

    /**
     * A flat grid like {@link #openGrid(int)} in the plane {@code z = sx * x + sy * y}.
     *
     * @param n squares per side
     * @param sx slope along x
     * @param sy slope along y
     * @return the planar grid
     */
    public static TriangleMesh planarGrid(int n, float sx, float sy) {
        return grid(n, 0f, sx, sy, new boolean[n][n]);
    }

    /**
     * A bumped 8 x 8 grid with two 2 x 2 square holes that share no vertex with each other or with
     * the outer boundary: three boundary loops.
     *
     * @return the open mesh
     */
    public static TriangleMesh diskWithHoles() {
        int n = 8;
        boolean[][] hole = new boolean[n][n];
        for (int i = 1; i <= 2; i++) {
            for (int j = 1; j <= 2; j++) {
                hole[i][j] = true;
                hole[i + 3][j + 3] = true;
            }
        }
        return grid(n, 0.1f, 0f, 0f, hole);
    }

    /**
     * A closed torus of {@code n x m} quads, each split along the same diagonal, so that every
     * vertex has valence 6: every level-0 record is regular (the split's fast path). Positions are
     * jittered by a seeded random amount so that coordinates are generic floats (no symmetric ties
     * that would hide a change in the order of operations).
     *
     * @param n segments around the tube's centre line, at least 3
     * @param m segments around the tube, at least 3
     * @param seed seed of the jitter
     * @return the closed mesh, {@code n m} vertices, {@code 2 n m} triangles
     */
    public static TriangleMesh torus(int n, int m, long seed) {
        if (n < 3 || m < 3) {
            throw new IllegalArgumentException("n and m must be >= 3, got " + n + ", " + m);
        }
        java.util.Random random = new java.util.Random(seed);
        float[] p = new float[3 * n * m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                double u = 2 * Math.PI * (i + 0.2 * random.nextDouble()) / n;
                double v = 2 * Math.PI * (j + 0.2 * random.nextDouble()) / m;
                double r = 1 + 0.35 * Math.cos(v);
                int o = 3 * (i * m + j);
                p[o] = (float) (r * Math.cos(u));
                p[o + 1] = (float) (r * Math.sin(u));
                p[o + 2] = (float) (0.35 * Math.sin(v));
            }
        }
        int[] t = new int[6 * n * m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                int a = i * m + j;
                int b = ((i + 1) % n) * m + j;
                int c = ((i + 1) % n) * m + (j + 1) % m;
                int d = i * m + (j + 1) % m;
                // u grows with i, v with j: a, b, c is counter-clockwise seen from outside
                int o = 6 * a;
                t[o] = a;
                t[o + 1] = b;
                t[o + 2] = c;
                t[o + 3] = a;
                t[o + 4] = c;
                t[o + 5] = d;
            }
        }
        return TriangleMesh.of(p, t);
    }

    /**
     * A flat ring between radii 1 and 2: two boundary loops.
     *
     * @param segments vertices per circle, at least 3
     * @return the open mesh, {@code 2 * segments} triangles
     */
    public static TriangleMesh annulus(int segments) {
        float[] p = new float[6 * segments];
        for (int i = 0; i < segments; i++) {
            double angle = 2 * Math.PI * i / segments;
            p[3 * i] = (float) Math.cos(angle);
            p[3 * i + 1] = (float) Math.sin(angle);
            p[3 * (segments + i)] = (float) (2 * Math.cos(angle));
            p[3 * (segments + i) + 1] = (float) (2 * Math.sin(angle));
            p[3 * (segments + i) + 2] = 0.2f;
        }
        int[] t = new int[6 * segments];
        for (int i = 0; i < segments; i++) {
            int next = (i + 1) % segments;
            int inner = i;
            int innerNext = next;
            int outer = segments + i;
            int outerNext = segments + next;
            int o = 6 * i;
            t[o] = inner;
            t[o + 1] = outer;
            t[o + 2] = outerNext;
            t[o + 3] = inner;
            t[o + 4] = outerNext;
            t[o + 5] = innerNext;
        }
        return TriangleMesh.of(p, t);
    }

    /**
     * @param m a mesh
     * @param dx added to x
     * @param dy added to y
     * @param dz added to z
     * @return a copy moved by (dx, dy, dz) in float arithmetic
     */
    public static TriangleMesh translated(TriangleMesh m, float dx, float dy, float dz) {
        float[] p = m.positions();
        for (int i = 0; i < p.length; i += 3) {
            p[i] += dx;
            p[i + 1] += dy;
            p[i + 2] += dz;
        }
        return new TriangleMesh(p, m.triangles(), m.creases());
    }

    /**
     * @param m a mesh
     * @param s scale factor, positive
     * @return a copy with every coordinate multiplied by {@code s} in float arithmetic
     */
    public static TriangleMesh scaled(TriangleMesh m, float s) {
        float[] p = m.positions();
        for (int i = 0; i < p.length; i++) {
            p[i] *= s;
        }
        return new TriangleMesh(p, m.triangles(), m.creases());
    }

    /** Grid of (n+1)^2 points; squares marked in {@code hole} are left out, unused points dropped. */
    private static TriangleMesh grid(int n, float bump, float sx, float sy, boolean[][] hole) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1, got " + n);
        }
        int side = n + 1;
        int[] index = new int[side * side];
        java.util.Arrays.fill(index, -1);
        List<int[]> faces = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (hole[i][j]) {
                    continue;
                }
                int a = i * side + j;
                int b = (i + 1) * side + j;
                int c = (i + 1) * side + j + 1;
                int d = i * side + j + 1;
                // x grows with i, y with j: a, b, c is counter-clockwise seen from +z
                faces.add(new int[] {a, b, c});
                faces.add(new int[] {a, c, d});
            }
        }
        float[] p = new float[3 * side * side];
        int[] t = new int[3 * faces.size()];
        int vertices = 0;
        for (int f = 0; f < faces.size(); f++) {
            for (int c = 0; c < 3; c++) {
                int g = faces.get(f)[c];
                if (index[g] < 0) {
                    index[g] = vertices;
                    float x = (float) (g / side) / n;
                    float y = (float) (g % side) / n;
                    p[3 * vertices] = x;
                    p[3 * vertices + 1] = y;
                    p[3 * vertices + 2] = bump * (float) (Math.sin(3 * x) * Math.cos(2 * y)) + sx * x + sy * y;
                    vertices++;
                }
                t[3 * f + c] = index[g];
            }
        }
        return TriangleMesh.of(java.util.Arrays.copyOf(p, 3 * vertices), t);
    }
}
