package org.loopsub.mesh;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.loopsub.api.TriangleMesh;

/**
 * Turns the engine's triangle soup into an indexed mesh with normals.
 *
 * <p>Corners are welded by exact position (bit pattern, with {@code -0.0} read as {@code +0.0}):
 * this is what makes a crack-free output closed again, and it matches the input welding. Vertices
 * are numbered in order of first use. Positions then go from the engine's internal frame to the
 * user's, and normals are computed from those output positions in double precision, so they do not
 * depend on the back end that produced the corners.
 *
 * <p>The result is a pure function of the input; this implementation is single-threaded, which
 * makes first-use numbering and the order of the normal sums trivially deterministic.
 */
public final class OutputWelder {
    /** Marks a free slot; slots otherwise hold vertex index + 1. */
    private static final int EMPTY = 0;
    private static final int NEGATIVE_ZERO = 0x80000000;

    private OutputWelder() {
    }

    /**
     * Welds a triangle soup, maps it to the user's frame and computes vertex normals.
     *
     * @param corners x, y, z of the three corners of each triangle (9 floats per triangle), in
     *     output order and in the engine's internal frame; only the first {@code 9 * triangleCount}
     *     floats are read
     * @param triangleCount number of triangles
     * @param centre the internal frame's origin in user coordinates (x, y, z)
     * @param invScale user units per internal unit: {@code out = p * invScale + centre}, in double
     * @return the indexed mesh (no creases) and one unit normal per vertex: the normalised
     *     area-weighted sum of the incident faces' normals; where that sum is zero, the normalised
     *     sum of the unit normals of the incident non-degenerate faces; where that is zero too,
     *     {@code (0, 0, 1)}
     */
    public static WeldedOutput weld(float[] corners, int triangleCount, float[] centre, double invScale) {
        Objects.requireNonNull(corners, "corners");
        Objects.requireNonNull(centre, "centre");
        if (centre.length != 3) {
            throw new IllegalArgumentException("centre must have 3 floats, got " + centre.length);
        }
        if (triangleCount < 0 || 9L * triangleCount > corners.length) {
            throw new IllegalArgumentException("corners holds " + corners.length + " floats, too few for "
                    + triangleCount + " triangles");
        }
        int cornerCount = Math.multiplyExact(3, triangleCount);
        int[] triangles = new int[cornerCount];
        // bit patterns of the welded positions, 3 per vertex
        int[] keys = new int[Math.max(48, cornerCount / 2 + 16)];
        // closed meshes have about triangleCount / 2 vertices; the table grows beyond that
        int[] table = new int[tableSizeFor(Math.max(16, triangleCount))];
        int mask = table.length - 1;
        int vertexCount = 0;
        for (int c = 0; c < cornerCount; c++) {
            int x = bits(corners[3 * c]);
            int y = bits(corners[3 * c + 1]);
            int z = bits(corners[3 * c + 2]);
            int slot = hash(x, y, z) & mask;
            int vertex;
            while (true) {
                int entry = table[slot];
                if (entry == EMPTY) {
                    vertex = vertexCount++;
                    if (3 * vertexCount > keys.length) {
                        keys = Arrays.copyOf(keys, (int) Math.min(Integer.MAX_VALUE - 8, 2L * keys.length));
                    }
                    keys[3 * vertex] = x;
                    keys[3 * vertex + 1] = y;
                    keys[3 * vertex + 2] = z;
                    table[slot] = vertex + 1;
                    if (2L * vertexCount > table.length) {
                        table = rehash(keys, vertexCount, table.length * 2);
                        mask = table.length - 1;
                    }
                    break;
                }
                int k = 3 * (entry - 1);
                if (keys[k] == x && keys[k + 1] == y && keys[k + 2] == z) {
                    vertex = entry - 1;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            triangles[c] = vertex;
        }
        table = null;

        float[] positions = new float[3 * vertexCount];
        for (int axis = 0; axis < 3; axis++) {
            double offset = centre[axis];
            for (int v = 0; v < vertexCount; v++) {
                double p = Float.intBitsToFloat(keys[3 * v + axis]);
                positions[3 * v + axis] = (float) (p * invScale + offset);
            }
        }
        keys = null;
        float[] normals = normals(positions, triangles, vertexCount);
        return new WeldedOutput(TriangleMesh.wrap(positions, triangles, List.of()), normals);
    }

    private static float[] normals(float[] positions, int[] triangles, int vertexCount) {
        double[] sum = new double[3 * vertexCount];
        int triangleCount = triangles.length / 3;
        double[] n = new double[3];
        for (int t = 0; t < triangleCount; t++) {
            faceCross(positions, triangles, t, n);
            for (int c = 0; c < 3; c++) {
                int v = triangles[3 * t + c];
                sum[3 * v] += n[0];
                sum[3 * v + 1] += n[1];
                sum[3 * v + 2] += n[2];
            }
        }
        // Vertices whose area-weighted sum cancels (or whose faces all have zero area, e.g. where
        // only slivers meet) get the unweighted fallback; found first so the second pass is rare.
        boolean[] fallback = null;
        for (int v = 0; v < vertexCount; v++) {
            if (sum[3 * v] == 0 && sum[3 * v + 1] == 0 && sum[3 * v + 2] == 0) {
                if (fallback == null) {
                    fallback = new boolean[vertexCount];
                }
                fallback[v] = true;
            }
        }
        if (fallback != null) {
            for (int t = 0; t < triangleCount; t++) {
                int a = triangles[3 * t];
                int b = triangles[3 * t + 1];
                int c = triangles[3 * t + 2];
                if (!fallback[a] && !fallback[b] && !fallback[c]) {
                    continue;
                }
                faceCross(positions, triangles, t, n);
                double len = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
                if (len == 0 || !Double.isFinite(len)) {
                    continue;
                }
                for (int k = 0; k < 3; k++) {
                    int v = triangles[3 * t + k];
                    if (fallback[v]) {
                        sum[3 * v] += n[0] / len;
                        sum[3 * v + 1] += n[1] / len;
                        sum[3 * v + 2] += n[2] / len;
                    }
                }
            }
        }
        float[] normals = new float[3 * vertexCount];
        for (int v = 0; v < vertexCount; v++) {
            double x = sum[3 * v];
            double y = sum[3 * v + 1];
            double z = sum[3 * v + 2];
            double len = Math.sqrt(x * x + y * y + z * z);
            if (len == 0 || !Double.isFinite(len)) {
                normals[3 * v + 2] = 1f;
            } else {
                normals[3 * v] = (float) (x / len);
                normals[3 * v + 1] = (float) (y / len);
                normals[3 * v + 2] = (float) (z / len);
            }
        }
        return normals;
    }

    /** (b - a) x (c - a) of triangle t in double: twice its area along its unit normal. */
    private static void faceCross(float[] positions, int[] triangles, int t, double[] out) {
        int a = 3 * triangles[3 * t];
        int b = 3 * triangles[3 * t + 1];
        int c = 3 * triangles[3 * t + 2];
        double ux = (double) positions[b] - positions[a];
        double uy = (double) positions[b + 1] - positions[a + 1];
        double uz = (double) positions[b + 2] - positions[a + 2];
        double vx = (double) positions[c] - positions[a];
        double vy = (double) positions[c + 1] - positions[a + 1];
        double vz = (double) positions[c + 2] - positions[a + 2];
        out[0] = uy * vz - uz * vy;
        out[1] = uz * vx - ux * vz;
        out[2] = ux * vy - uy * vx;
    }

    private static int bits(float f) {
        int b = Float.floatToRawIntBits(f);
        return b == NEGATIVE_ZERO ? 0 : b;
    }

    private static int hash(int x, int y, int z) {
        long h = x * 0x9E3779B97F4A7C15L;
        h = (h ^ y) * 0xC2B2AE3D27D4EB4FL;
        h = (h ^ z) * 0x165667B19E3779F9L;
        return (int) (h ^ (h >>> 32));
    }

    private static int tableSizeFor(long wanted) {
        long size = Long.highestOneBit(Math.max(1, wanted - 1)) << 1;
        if (size > (1 << 30)) {
            throw new IllegalStateException("too many output vertices to weld: " + wanted);
        }
        return (int) size;
    }

    private static int[] rehash(int[] keys, int vertexCount, int size) {
        int[] table = new int[tableSizeFor(size)];
        int mask = table.length - 1;
        for (int v = 0; v < vertexCount; v++) {
            int slot = hash(keys[3 * v], keys[3 * v + 1], keys[3 * v + 2]) & mask;
            while (table[slot] != EMPTY) {
                slot = (slot + 1) & mask;
            }
            table[slot] = v + 1;
        }
        return table;
    }
}
