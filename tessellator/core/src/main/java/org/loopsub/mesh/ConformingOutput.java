package org.loopsub.mesh;

import java.util.Arrays;
import java.util.List;
import org.loopsub.api.LevelStats;
import org.loopsub.api.RefineResult;
import org.loopsub.api.TriangleMesh;

/**
 * Adaptive output without slivers: each zero-area sliver (a, b, m) that closes a T-junction
 * (docs/design.md §4, rule 6) is dropped, and the finished triangle across it is cut at m instead, so
 * that a file holds no degenerate face and stays closed and welded.
 *
 * <p>A sliver (a, b, m) is oriented like the edge a → b inside the record that split it; the finished
 * neighbour holds the edge b → a, which m splits. Deeper levels split the pieces again, each time with
 * a sliver of their own, so one finished edge may carry many points: its polyline is found by
 * following the slivers from the whole edge down. A finished triangle whose points all lie on one
 * edge becomes a fan from the opposite corner; one with points on two or three edges gets a vertex at
 * its centroid (in its own plane: the surface does not move) and a fan around its boundary from there.
 * Either way the new triangles keep the finished triangle's orientation, none has zero area (its apex
 * is off the edge it stands on), and every edge of the output is shared by exactly the faces that
 * shared it with slivers: what was crack-free stays so.
 *
 * <p>Which output triangles are slivers follows from the output order (docs/design.md §2): per level
 * its finished triangles, then its slivers, as {@link LevelStats} counts them. Normals of a centroid are
 * the normalised mean of its triangle's corners' normals; its uv (with uvs) the mean of the corners'
 * uvs in that face. A point m takes the uv its sliver gives it where that face and the finished face
 * agree at a and b (no seam between them), else the finished face's uv interpolated along the edge.
 */
public final class ConformingOutput {
    private ConformingOutput() {
    }

    /**
     * @param welded the refinement's welded output, triangles in output order
     * @return the same surface without slivers, vertices renumbered in order of first use; {@code welded}
     *     itself when it holds none
     * @throws IllegalArgumentException if the levels do not count the output's triangles
     */
    public static RefineResult of(RefineResult welded) {
        TriangleMesh mesh = welded.mesh();
        int triangles = mesh.triangleCount();
        boolean[] sliver = slivers(welded.levels(), triangles);
        Edges edges = new Edges(mesh, sliver);
        if (edges.isEmpty()) {
            return welded;
        }
        Builder out = new Builder(welded);
        for (int t = 0; t < triangles; t++) {
            if (!sliver[t]) {
                out.conform(t, edges);
            }
        }
        return out.build();
    }

    /**
     * Refuses channels conforming output cannot carry: a centroid takes the mean of its triangle's
     * values, which needs one value per vertex (vertex and varying channels), not per corner.
     *
     * @param channels a mesh's primvars
     * @throws UnsupportedOperationException naming the first face-varying channel
     */
    public static void checkChannels(java.util.List<org.loopsub.api.Primvar> channels) {
        for (org.loopsub.api.Primvar p : channels) {
            if (p.hasIndices()) {
                throw new UnsupportedOperationException("conforming output carries vertex and varying channels "
                        + "only, not the face-varying '" + p.name() + "'; refine without conforming output, or "
                        + "drop that channel");
            }
        }
    }

    /**
     * @return per output triangle whether it is a sliver
     * @throws IllegalArgumentException if the levels' finished triangles and slivers do not add up to
     *     the output's triangles
     */
    static boolean[] slivers(List<LevelStats> levels, int triangles) {
        boolean[] sliver = new boolean[triangles];
        long t = 0;
        for (LevelStats l : levels) {
            t += l.finishedTriangles();
            if (t + l.slivers() > triangles) {
                break;
            }
            Arrays.fill(sliver, (int) t, (int) (t + l.slivers()), true);
            t += l.slivers();
        }
        if (t != triangles) {
            throw new IllegalArgumentException("the levels count " + t + " output triangles, the mesh has " + triangles);
        }
        return sliver;
    }

    /**
     * The point each sliver puts on an edge of its finished side: (b, a) → the sliver, in an open
     * addressing table (every triangle of the output asks for its three edges; boxed keys in a
     * HashMap made that a sixth of a run).
     */
    private static final class Edges {
        private final long[] keys;
        private final int[] slivers;
        private final int mask;
        private final int size;

        Edges(TriangleMesh mesh, boolean[] sliver) {
            int n = 0;
            for (boolean b : sliver) {
                n += b ? 1 : 0;
            }
            int capacity = Integer.highestOneBit(Math.max(4, 2 * n)) << 1;
            keys = new long[capacity];
            slivers = new int[capacity];
            Arrays.fill(slivers, -1);
            mask = capacity - 1;
            size = n;
            for (int t = 0; t < sliver.length; t++) {
                if (sliver[t]) {
                    long k = key(mesh.vertex(t, 1), mesh.vertex(t, 0));
                    int i = slot(k);
                    while (slivers[i] >= 0 && keys[i] != k) {
                        i = (i + 1) & mask;
                    }
                    keys[i] = k;
                    slivers[i] = t;
                }
            }
        }

        boolean isEmpty() {
            return size == 0;
        }

        /** @return the sliver that splits the directed edge u → v, or -1 */
        int sliver(int u, int v) {
            long k = key(u, v);
            for (int i = slot(k); slivers[i] >= 0; i = (i + 1) & mask) {
                if (keys[i] == k) {
                    return slivers[i];
                }
            }
            return -1;
        }

        private int slot(long k) {
            long h = k * 0x9E3779B97F4A7C15L;
            return (int) (h >>> 32) & mask;
        }

        private static long key(int u, int v) {
            return (long) u << 32 | (v & 0xFFFF_FFFFL);
        }
    }

    /** The new mesh, growing: triangles, the centroids' positions, normals, uvs and channel values. */
    private static final class Builder {
        private final RefineResult in;
        private final TriangleMesh mesh;
        private final boolean uvs;
        /** The output's per-vertex channels (vertex and varying primvars), and their centroids' values. */
        private final java.util.List<org.loopsub.api.Primvar> channels;
        private final float[][] extraValues;
        private int[] tris;
        private int[] uvIdx;
        private int triCount;
        private float[] extraPositions = new float[48];
        private float[] extraNormals = new float[48];
        private int extraVertices;
        private float[] extraUvs = new float[32];
        private int extraUvCount;
        /** The boundary of the triangle being cut, from its corner 0 on: vertices and their uv indices. */
        private int[] ring = new int[16];
        private int[] ringUv = new int[16];
        private int ringSize;

        Builder(RefineResult in) {
            this.in = in;
            this.mesh = in.mesh();
            this.uvs = mesh.hasUvs();
            this.channels = mesh.primvars();
            checkChannels(channels);
            this.extraValues = new float[channels.size()][];
            for (int k = 0; k < channels.size(); k++) {
                extraValues[k] = new float[16 * channels.get(k).width()];
            }
            this.tris = new int[3 * mesh.triangleCount()];
            this.uvIdx = uvs ? new int[3 * mesh.triangleCount()] : null;
        }

        void conform(int t, Edges edges) {
            ringSize = 0;
            int splitEdges = 0;
            int splitEdge = -1;
            for (int c = 0; c < 3; c++) {
                int before = ringSize;
                int u = mesh.vertex(t, c);
                int v = mesh.vertex(t, (c + 1) % 3);
                int uvU = uvs ? mesh.uvIndex(t, c) : -1;
                push(u, uvU);
                polyline(u, v, uvU, uvs ? mesh.uvIndex(t, (c + 1) % 3) : -1, edges);
                if (ringSize - before > 1) {
                    splitEdges++;
                    splitEdge = c;
                }
            }
            if (splitEdges == 0) {
                add(ring[0], ring[1], ring[2], ringUv[0], ringUv[1], ringUv[2]);
            } else if (splitEdges == 1) {
                // a fan from the corner across the split edge: no point lies before it in the ring, so
                // the edge's first corner is ring[splitEdge], the opposite corner the one before it
                int start = splitEdge;
                int apex = (ringSize + start - 1) % ringSize;
                for (int i = start; i < start + ringSize - 2; i++) {
                    int p = i % ringSize;
                    int q = (i + 1) % ringSize;
                    add(ring[apex], ring[p], ring[q], ringUv[apex], ringUv[p], ringUv[q]);
                }
            } else {
                int centre = centroid(t);
                int centreUv = uvs ? centroidUv(t) : -1;
                for (int i = 0; i < ringSize; i++) {
                    int q = (i + 1) % ringSize;
                    add(centre, ring[i], ring[q], centreUv, ringUv[i], ringUv[q]);
                }
            }
        }

        /**
         * Appends to the ring the points that slivers put on the directed edge u → v of a finished
         * triangle, between u and v exclusive, in order from u; {@code uvU}, {@code uvV}: the finished
         * face's uvs at u and v (-1 without uvs).
         */
        private void polyline(int u, int v, int uvU, int uvV, Edges edges) {
            int s = edges.sliver(u, v);
            if (s < 0) {
                return;
            }
            int m = mesh.vertex(s, 2);
            int uvM = -1;
            if (uvs) {
                // the sliver (v, u, m) runs the other way; where its face and the finished one agree at
                // both ends (no seam between them) m's uv is the sliver's, else the midpoint's in this face
                uvM = sameUv(mesh.uvIndex(s, 1), uvU) && sameUv(mesh.uvIndex(s, 0), uvV) ? mesh.uvIndex(s, 2)
                        : newUv(midpoint(uvValue(uvU, 0), uvValue(uvV, 0)), midpoint(uvValue(uvU, 1), uvValue(uvV, 1)));
            }
            polyline(u, m, uvU, uvM, edges);
            push(m, uvM);
            polyline(m, v, uvM, uvV, edges);
        }

        private static float midpoint(float a, float b) {
            return (float) (0.5 * ((double) a + b));
        }

        private boolean sameUv(int i, int j) {
            return i == j || uvValue(i, 0) == uvValue(j, 0) && uvValue(i, 1) == uvValue(j, 1);
        }

        /** A uv of the input, or one made here (index from the input's uv count on). */
        private float uvValue(int index, int axis) {
            int e = index - mesh.uvCount();
            return e < 0 ? mesh.uv(index, axis) : extraUvs[2 * e + axis];
        }

        private void push(int vertex, int uv) {
            if (ringSize == ring.length) {
                ring = Arrays.copyOf(ring, 2 * ringSize);
                ringUv = Arrays.copyOf(ringUv, 2 * ringSize);
            }
            ring[ringSize] = vertex;
            ringUv[ringSize] = uv;
            ringSize++;
        }

        private void add(int a, int b, int c, int ua, int ub, int uc) {
            if (3 * triCount + 3 > tris.length) {
                tris = Arrays.copyOf(tris, 2 * tris.length + 3);
                if (uvs) {
                    uvIdx = Arrays.copyOf(uvIdx, tris.length);
                }
            }
            tris[3 * triCount] = a;
            tris[3 * triCount + 1] = b;
            tris[3 * triCount + 2] = c;
            if (uvs) {
                uvIdx[3 * triCount] = ua;
                uvIdx[3 * triCount + 1] = ub;
                uvIdx[3 * triCount + 2] = uc;
            }
            triCount++;
        }

        /** A new vertex at triangle t's centroid (its plane, so the surface does not move); its index. */
        private int centroid(int t) {
            if (3 * extraVertices + 3 > extraPositions.length) {
                extraPositions = Arrays.copyOf(extraPositions, 2 * extraPositions.length);
                extraNormals = Arrays.copyOf(extraNormals, 2 * extraNormals.length);
            }
            double nn = 0;
            double[] n = new double[3];
            for (int x = 0; x < 3; x++) {
                double p = 0;
                for (int c = 0; c < 3; c++) {
                    p += mesh.position(mesh.vertex(t, c), x);
                    n[x] += in.normal(mesh.vertex(t, c), x);
                }
                extraPositions[3 * extraVertices + x] = (float) (p / 3);
                nn += n[x] * n[x];
            }
            double len = Math.sqrt(nn);
            for (int x = 0; x < 3; x++) {
                extraNormals[3 * extraVertices + x] = len > 0 ? (float) (n[x] / len) : 0f;
            }
            // a channel's value at the centroid: the mean of the corners', as the position (linear there)
            for (int k = 0; k < channels.size(); k++) {
                org.loopsub.api.Primvar ch = channels.get(k);
                int w = ch.width();
                if (w * extraVertices + w > extraValues[k].length) {
                    extraValues[k] = Arrays.copyOf(extraValues[k], 2 * extraValues[k].length);
                }
                for (int x = 0; x < w; x++) {
                    double sum = 0;
                    for (int c = 0; c < 3; c++) {
                        sum += ch.value(mesh.vertex(t, c), x);
                    }
                    extraValues[k][w * extraVertices + x] = (float) (sum / 3);
                }
            }
            return mesh.vertexCount() + extraVertices++;
        }

        private int centroidUv(int t) {
            double u = 0;
            double v = 0;
            for (int c = 0; c < 3; c++) {
                u += mesh.uv(mesh.uvIndex(t, c), 0);
                v += mesh.uv(mesh.uvIndex(t, c), 1);
            }
            return newUv((float) (u / 3), (float) (v / 3));
        }

        private int newUv(float u, float v) {
            if (2 * extraUvCount + 2 > extraUvs.length) {
                extraUvs = Arrays.copyOf(extraUvs, 2 * extraUvs.length);
            }
            extraUvs[2 * extraUvCount] = u;
            extraUvs[2 * extraUvCount + 1] = v;
            return mesh.uvCount() + extraUvCount++;
        }

        /** The result, vertices and uvs renumbered in order of first use (as every output is). */
        RefineResult build() {
            int vertices = mesh.vertexCount() + extraVertices;
            int[] newIndex = new int[vertices];
            Arrays.fill(newIndex, -1);
            int next = 0;
            int[] order = new int[vertices];
            int[] outTris = new int[3 * triCount];
            for (int i = 0; i < 3 * triCount; i++) {
                int v = tris[i];
                if (newIndex[v] < 0) {
                    order[next] = v;
                    newIndex[v] = next++;
                }
                outTris[i] = newIndex[v];
            }
            float[] positions = new float[3 * next];
            float[] normals = new float[3 * next];
            for (int i = 0; i < next; i++) {
                int v = order[i];
                for (int x = 0; x < 3; x++) {
                    boolean extra = v >= mesh.vertexCount();
                    int e = v - mesh.vertexCount();
                    positions[3 * i + x] = extra ? extraPositions[3 * e + x] : mesh.position(v, x);
                    normals[3 * i + x] = extra ? extraNormals[3 * e + x] : in.normal(v, x);
                }
            }
            TriangleMesh out;
            if (uvs) {
                int uvTotal = mesh.uvCount() + extraUvCount;
                int[] newUv = new int[uvTotal];
                Arrays.fill(newUv, -1);
                int nextUv = 0;
                float[] uvValues = new float[2 * uvTotal];
                int[] outUv = new int[3 * triCount];
                for (int i = 0; i < 3 * triCount; i++) {
                    int w = uvIdx[i];
                    if (newUv[w] < 0) {
                        boolean extra = w >= mesh.uvCount();
                        int e = w - mesh.uvCount();
                        uvValues[2 * nextUv] = extra ? extraUvs[2 * e] : mesh.uv(w, 0);
                        uvValues[2 * nextUv + 1] = extra ? extraUvs[2 * e + 1] : mesh.uv(w, 1);
                        newUv[w] = nextUv++;
                    }
                    outUv[i] = newUv[w];
                }
                out = TriangleMesh.of(positions, outTris, Arrays.copyOf(uvValues, 2 * nextUv), outUv);
            } else {
                out = TriangleMesh.of(positions, outTris);
            }
            RefineResult result = new RefineResult(out, normals, in.levels(), in.inputVerticesMerged(), in.warnings(),
                    in.backend());
            return channels.isEmpty() ? result : result.withPrimvars(channelsOf(order, next));
        }

        /** The channels with their values in the new vertex order ({@code order}: old index per new one). */
        private java.util.List<org.loopsub.api.Primvar> channelsOf(int[] order, int vertices) {
            java.util.List<org.loopsub.api.Primvar> out = new java.util.ArrayList<>(channels.size());
            for (int k = 0; k < channels.size(); k++) {
                org.loopsub.api.Primvar ch = channels.get(k);
                int w = ch.width();
                float[] values = new float[w * vertices];
                for (int i = 0; i < vertices; i++) {
                    int v = order[i];
                    int e = v - mesh.vertexCount();
                    for (int x = 0; x < w; x++) {
                        values[w * i + x] = e < 0 ? ch.value(v, x) : extraValues[k][w * e + x];
                    }
                }
                out.add(org.loopsub.api.Primvar.of(ch.name(), ch.interpolation(), w, values, null));
            }
            return out;
        }
    }
}
