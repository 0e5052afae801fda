package org.loopsub.mesh;

import org.loopsub.api.TriangleMesh;

/**
 * The one-ring of every vertex of a valid mesh, in counter-clockwise order (seen from outside).
 *
 * <p>For an interior vertex the ring is cyclic: triangle {@code (v, r[i], r[i+1 mod k])} exists for
 * every {@code i}. For a boundary vertex it is an open fan that starts and ends at the two boundary
 * neighbours: triangle {@code (v, r[i], r[i+1])} exists for {@code i < k-1}, and the "gap"
 * {@code (v, r[k-1], r[0])} does not.
 *
 * <p>The mesh must have passed {@link MeshValidator}; this class assumes a manifold, consistently
 * oriented mesh and does not repeat the checks.
 */
public final class MeshTopology {
    private final int[] ringStart;
    private final int[] rings;
    private final boolean[] boundary;
    private final int maxValence;

    private MeshTopology(int[] ringStart, int[] rings, boolean[] boundary, int maxValence) {
        this.ringStart = ringStart;
        this.rings = rings;
        this.boundary = boundary;
        this.maxValence = maxValence;
    }

    /**
     * @param mesh a mesh that {@link MeshValidator#requireValid} accepts
     * @return its rings
     */
    public static MeshTopology of(TriangleMesh mesh) {
        int nv = mesh.vertexCount();
        int nt = mesh.triangleCount();
        int[] tri = mesh.triangles();
        // Corners grouped by vertex (CSR): for vertex a, the pairs (b, c) of its triangles (a, b, c).
        int[] count = new int[nv + 1];
        for (int v : tri) {
            count[v + 1]++;
        }
        for (int v = 0; v < nv; v++) {
            count[v + 1] += count[v];
        }
        int[] fill = count.clone();
        int[] next = new int[2 * tri.length];
        for (int t = 0; t < nt; t++) {
            for (int c = 0; c < 3; c++) {
                int a = tri[3 * t + c];
                int slot = fill[a]++;
                next[2 * slot] = tri[3 * t + (c + 1) % 3];
                next[2 * slot + 1] = tri[3 * t + (c + 2) % 3];
            }
        }
        // A boundary vertex with k triangles has k + 1 neighbours, an interior one k.
        int[] ringStart = new int[nv + 1];
        boolean[] boundary = new boolean[nv];
        for (int v = 0; v < nv; v++) {
            boundary[v] = findStart(next, count[v], count[v + 1]) >= 0;
            int k = count[v + 1] - count[v];
            ringStart[v + 1] = ringStart[v] + k + (boundary[v] ? 1 : 0);
        }
        int[] rings = new int[ringStart[nv]];
        int maxValence = 0;
        for (int v = 0; v < nv; v++) {
            int lo = count[v];
            int hi = count[v + 1];
            int startPair = findStart(next, lo, hi);
            int first = startPair >= 0 ? next[2 * startPair] : next[2 * lo];
            int k = ringStart[v + 1] - ringStart[v];
            int out = ringStart[v];
            int cur = first;
            for (int i = 0; i < k; i++) {
                rings[out + i] = cur;
                cur = successor(next, lo, hi, cur);
                if (cur < 0 && i < k - 1) {
                    throw new IllegalStateException("ring of vertex " + (v + 1) + " is not a fan; validate first");
                }
            }
            maxValence = Math.max(maxValence, k);
        }
        return new MeshTopology(ringStart, rings, boundary, maxValence);
    }

    /** Index of the pair whose b never appears as a c: the fan's first spoke, or -1 if closed. */
    private static int findStart(int[] next, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            int b = next[2 * i];
            boolean hasPredecessor = false;
            for (int j = lo; j < hi && !hasPredecessor; j++) {
                hasPredecessor = next[2 * j + 1] == b;
            }
            if (!hasPredecessor) {
                return i;
            }
        }
        return -1;
    }

    private static int successor(int[] next, int lo, int hi, int b) {
        for (int i = lo; i < hi; i++) {
            if (next[2 * i] == b) {
                return next[2 * i + 1];
            }
        }
        return -1;
    }

    /** @return the number of vertices */
    public int vertexCount() {
        return boundary.length;
    }

    /**
     * @param v a vertex
     * @return its number of neighbours
     */
    public int valence(int v) {
        return ringStart[v + 1] - ringStart[v];
    }

    /**
     * @param v a vertex
     * @param i position in the ring, {@code 0 <= i < valence(v)}
     * @return the neighbour at that position
     */
    public int neighbour(int v, int i) {
        return rings[ringStart[v] + i];
    }

    /**
     * @param v a vertex
     * @param neighbour one of its neighbours
     * @return the neighbour's position in the ring, or -1 if it is not one
     */
    public int indexOf(int v, int neighbour) {
        for (int i = ringStart[v]; i < ringStart[v + 1]; i++) {
            if (rings[i] == neighbour) {
                return i - ringStart[v];
            }
        }
        return -1;
    }

    /**
     * @param v a vertex
     * @return whether it lies on the boundary (its ring is an open fan)
     */
    public boolean isBoundary(int v) {
        return boundary[v];
    }

    /** @return the largest valence of any vertex */
    public int maxValence() {
        return maxValence;
    }
}
