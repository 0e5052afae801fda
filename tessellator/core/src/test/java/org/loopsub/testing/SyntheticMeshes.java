package org.loopsub.testing;

import java.util.ArrayList;
import java.util.List;
import org.loopsub.api.Crease;
import org.loopsub.api.TriangleMesh;

/**
 * Generated meshes for cases the corpus lacks: high valence, several boundary loops, far from the
 * origin, tiny coordinates. All are manifold and oriented counter-clockwise seen from outside
 * (from +z for the open ones). Also the crease-tagged, uv-carrying and unwelded variants that the
 * tests of both back ends refine alike.
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

    /** The octahedron's equator (vertices 0..3 in the xy plane), tagged with {@code s}. */
    public static TriangleMesh octahedronEquator(float s) {
        TriangleMesh o = octahedron();
        List<Crease> tags = new ArrayList<>();
        int[] ring = equator(o);
        for (int i = 0; i < ring.length; i++) {
            tags.add(new Crease(ring[i], ring[(i + 1) % ring.length], s));
        }
        return new TriangleMesh(o.positions(), o.triangles(), tags);
    }

    /** The four vertices of the octahedron with z == 0, in order around the equator. */
    public static int[] equator(TriangleMesh o) {
        List<Integer> eq = new ArrayList<>();
        for (int v = 0; v < o.vertexCount(); v++) {
            if (o.position(v, 2) == 0) {
                eq.add(v);
            }
        }
        eq.sort((a, b) -> Double.compare(Math.atan2(o.position(a, 1), o.position(a, 0)),
                Math.atan2(o.position(b, 1), o.position(b, 0))));
        return eq.stream().mapToInt(Integer::intValue).toArray();
    }

    /** One tagged path across a bumpy open grid: darts at its ends, sharpness {@code s}. */
    public static TriangleMesh gridWithLine(float s) {
        TriangleMesh g = diskWithHoles();
        List<Crease> tags = new ArrayList<>();
        // edges of the first few triangles' first edges: a connected run is not needed for the rules
        for (int t = 0; t < g.triangleCount(); t += 7) {
            tags.add(new Crease(g.vertex(t, 0), g.vertex(t, 1), s));
        }
        return new TriangleMesh(g.positions(), g.triangles(), tags);
    }

    /** Seeded random edge tags on a third of the faces' edges, sharpness 0.3 to infinite. */
    public static TriangleMesh randomTags(TriangleMesh t, long seed) {
        float[] values = {0.3f, 1f, 1.7f, 2.5f, 3f, 10f};
        java.util.Random random = new java.util.Random(seed);
        List<Crease> tags = new ArrayList<>();
        for (int f = 0; f < t.triangleCount(); f++) {
            if (random.nextInt(3) == 0) {
                int c = random.nextInt(3);
                tags.add(new Crease(t.vertex(f, c), t.vertex(f, (c + 1) % 3), values[random.nextInt(values.length)]));
            }
        }
        return new TriangleMesh(t.positions(), t.triangles(), tags);
    }

    /** The planar projection (x, y), scaled into the unit square as textures are. */
    public static float[] unitXy(TriangleMesh m) {
        float[] lo = {Float.MAX_VALUE, Float.MAX_VALUE};
        float[] hi = {-Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int v = 0; v < m.vertexCount(); v++) {
            for (int x = 0; x < 2; x++) {
                lo[x] = Math.min(lo[x], m.position(v, x));
                hi[x] = Math.max(hi[x], m.position(v, x));
            }
        }
        float[] uv = new float[2 * m.vertexCount()];
        for (int v = 0; v < m.vertexCount(); v++) {
            for (int x = 0; x < 2; x++) {
                uv[2 * v + x] = (m.position(v, x) - lo[x]) / (hi[x] - lo[x]);
            }
        }
        return uv;
    }

    /** uv = the unit-square projection of each vertex: one value per vertex, no seam. */
    public static TriangleMesh projected(TriangleMesh m) {
        float[] uv = unitXy(m);
        return TriangleMesh.of(m.positions(), m.triangles(), uv, m.triangles());
    }

    /**
     * A seam: every triangle whose first corner has x above the mesh's middle takes its own copies of
     * its uvs, in the right half of the square (two charts meeting along a jagged line).
     */
    public static TriangleMesh seamed(TriangleMesh m) {
        float mid = 0;
        for (int v = 0; v < m.vertexCount(); v++) {
            mid += m.position(v, 0) / m.vertexCount();
        }
        int nv = m.vertexCount();
        float[] unit = unitXy(m);
        float[] uv = new float[4 * nv];
        for (int v = 0; v < nv; v++) {
            uv[2 * v] = unit[2 * v] * 0.5f;
            uv[2 * v + 1] = unit[2 * v + 1];
            uv[2 * (nv + v)] = unit[2 * v] * 0.5f + 0.5f;
            uv[2 * (nv + v) + 1] = unit[2 * v + 1];
        }
        int[] idx = m.triangles();
        for (int t = 0; t < m.triangleCount(); t++) {
            if (m.position(m.vertex(t, 0), 0) > mid) {
                for (int c = 0; c < 3; c++) {
                    idx[3 * t + c] += nv;
                }
            }
        }
        return TriangleMesh.of(m.positions(), m.triangles(), uv, idx);
    }

    /** Heights of {@link #roof()}'s ridge at x = 0..3: not straight, so that the rules tell apart. */
    public static final float[] ROOF_RIDGE = {1f, 1.5f, 1f, 1.25f};

    /**
     * A roof of two sheets that meet at a ridge (y = ROOF_RIDGE[x], z = 0) without sharing an index:
     * sheet A runs down to z = -1, sheet B to z = +1, three quads each. Vertices 0-3 are A's ridge,
     * 4-7 its eave, 8-11 B's ridge (the same positions as 0-3), 12-15 B's eave. Oriented so that the
     * welded roof is consistently oriented.
     */
    public static TriangleMesh roof() {
        float[] p = new float[48];
        for (int i = 0; i < 4; i++) {
            set(p, i, i, ROOF_RIDGE[i], 0);
            set(p, 4 + i, i, 0, -1);
            set(p, 8 + i, i, ROOF_RIDGE[i], 0);
            set(p, 12 + i, i, 0, 1);
        }
        List<Integer> t = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            t.addAll(List.of(4 + i, i, i + 1, 4 + i, i + 1, 5 + i));
            t.addAll(List.of(12 + i, 13 + i, 9 + i, 12 + i, 9 + i, 8 + i));
        }
        return TriangleMesh.of(p, t.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * Two fans of three triangles around centres (0, 0, 0) and (2, 0, 0), apart by index; each has a
     * rim vertex at (1, 0, 0). Welded, that point is a vertex with two separate fans: non-manifold.
     */
    public static TriangleMesh touchingFans() {
        float[] p = {
            0, 0, 0, 1, 0, 0, 0, 1, 0, -1, 0, 0, 0, -1, 0,
            2, 0, 0, 3, 0, 0, 2, 1, 0, 1, 0, 0, 2, -1, 0};
        int[] t = {0, 1, 2, 0, 2, 3, 0, 3, 4, 5, 6, 7, 5, 7, 8, 5, 8, 9};
        return TriangleMesh.of(p, t);
    }

    private static void set(float[] p, int v, float x, float y, float z) {
        p[3 * v] = x;
        p[3 * v + 1] = y;
        p[3 * v + 2] = z;
    }
}
