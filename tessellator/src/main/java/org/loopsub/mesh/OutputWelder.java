package org.loopsub.mesh;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
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
 * <p>The result is a pure function of the input, whatever the number of threads: segments of
 * consecutive corners are welded on their own (in parallel), then merged in order, so vertices are
 * numbered in order of first use as a single sweep would number them; each vertex's normal adds its
 * faces in triangle order, as a single sweep does, with vertex ranges summed in parallel. The
 * sweeps run on the common fork-join pool.
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
        // 1. Weld each segment of consecutive corners on its own, in parallel: a local vertex per
        // position, numbered in order of first use within the segment (triangles[] holds the local
        // numbers for now). Segments are small enough for their tables to stay in the cache.
        int segments = (int) ((cornerCount + (long) SEGMENT - 1) / SEGMENT);
        int[] triangles = new int[cornerCount];
        int[][] segmentKeys = new int[segments][]; // x, y, z, first corner per local vertex
        int[] segmentVertices = new int[segments];
        parallel(segments, s -> {
            int lo = s * SEGMENT;
            int hi = Math.min(cornerCount, lo + SEGMENT);
            weldSegment(corners, lo, hi, triangles, segmentKeys, segmentVertices, s);
        });
        // 2. Merge the segments in order: a local vertex already seen in an earlier segment takes
        // that vertex's number, the others the next numbers, so vertices are numbered in order of
        // first use over the whole output.
        long localTotal = 0;
        for (int s = 0; s < segments; s++) {
            localTotal += segmentVertices[s];
        }
        int[] gkeys = new int[Math.toIntExact(3 * localTotal)];
        int[] firstTriangle = new int[(int) localTotal];
        int vertexCount = 0;
        if (segments == 1) {
            int n = segmentVertices[0];
            int[] keys = segmentKeys[0];
            for (int u = 0; u < n; u++) {
                gkeys[3 * u] = keys[4 * u];
                gkeys[3 * u + 1] = keys[4 * u + 1];
                gkeys[3 * u + 2] = keys[4 * u + 2];
                firstTriangle[u] = keys[4 * u + 3] / 3;
            }
            vertexCount = n;
        } else {
            // Local vertices L = segmentStart[s] + u, grouped by the top bits of their position
            // hash (a stable counting sort), each group welded on its own: firstGrouped[place[L]] is
            // the first local vertex with L's position.
            int total = (int) localTotal;
            int[] segmentStart = new int[segments];
            for (int s = 1; s < segments; s++) {
                segmentStart[s] = segmentStart[s - 1] + segmentVertices[s - 1];
            }
            int partBits = 0;
            while (partBits < 10 && total >> (partBits + 1) >= PART_TARGET) {
                partBits++;
            }
            int parts = 1 << partBits;
            int shift = 32 - partBits;
            int[] counts = new int[segments * parts];
            parallel(segments, s -> {
                int[] keys = segmentKeys[s];
                for (int u = 0; u < segmentVertices[s]; u++) {
                    int h = hash(keys[4 * u], keys[4 * u + 1], keys[4 * u + 2]);
                    counts[s * parts + (parts == 1 ? 0 : h >>> shift)]++;
                }
            });
            int[] partStart = new int[parts + 1];
            int at = 0;
            for (int p = 0; p < parts; p++) {
                partStart[p] = at;
                for (int s = 0; s < segments; s++) {
                    int n = counts[s * parts + p];
                    counts[s * parts + p] = at;
                    at += n;
                }
            }
            partStart[parts] = at;
            int[] grouped = new int[4 * total]; // x, y, z, L
            int[] place = new int[total]; // where L went in grouped; later L's vertex number
            parallel(segments, s -> {
                int[] keys = segmentKeys[s];
                int base = segmentStart[s];
                for (int u = 0; u < segmentVertices[s]; u++) {
                    int x = keys[4 * u];
                    int y = keys[4 * u + 1];
                    int z = keys[4 * u + 2];
                    int h = hash(x, y, z);
                    int o = counts[s * parts + (parts == 1 ? 0 : h >>> shift)]++;
                    grouped[4 * o] = x;
                    grouped[4 * o + 1] = y;
                    grouped[4 * o + 2] = z;
                    grouped[4 * o + 3] = base + u;
                    place[base + u] = o;
                }
            });
            int[] firstGrouped = new int[total];
            parallel(parts, p -> weldGroup(grouped, partStart[p], partStart[p + 1], firstGrouped));
            // Numbers in order of first use: a local vertex is new unless an earlier one has its position.
            for (int s = 0; s < segments; s++) {
                int[] keys = segmentKeys[s];
                int base = segmentStart[s];
                for (int u = 0; u < segmentVertices[s]; u++) {
                    int l = base + u;
                    int f = firstGrouped[place[l]];
                    if (f == l) {
                        int vertex = vertexCount++;
                        gkeys[3 * vertex] = keys[4 * u];
                        gkeys[3 * vertex + 1] = keys[4 * u + 1];
                        gkeys[3 * vertex + 2] = keys[4 * u + 2];
                        firstTriangle[vertex] = keys[4 * u + 3] / 3;
                        place[l] = vertex;
                    } else {
                        place[l] = place[f];
                    }
                }
                segmentKeys[s] = null;
            }
            // 3. Local numbers to global ones.
            parallel(segments, s -> {
                int lo = s * SEGMENT;
                int hi = Math.min(cornerCount, lo + SEGMENT);
                int base = segmentStart[s];
                for (int c = lo; c < hi; c++) {
                    triangles[c] = place[base + triangles[c]];
                }
            });
        }
        final int vertices = vertexCount;
        float[] positions = new float[3 * vertices];
        parallel((vertices + BLOCK - 1) / BLOCK, blk -> {
            int hiV = Math.min(vertices, (blk + 1) * BLOCK);
            for (int v = blk * BLOCK; v < hiV; v++) {
                for (int axis = 0; axis < 3; axis++) {
                    double p = Float.intBitsToFloat(gkeys[3 * v + axis]);
                    // An internal float is off by up to half its ulp, which for a mesh that reaches the
                    // largest float can land the user coordinate past it: the nearest float is then the
                    // largest one, not infinity.
                    double user = p * invScale + centre[axis];
                    positions[3 * v + axis] = (float) Math.max(-Float.MAX_VALUE, Math.min(Float.MAX_VALUE, user));
                }
            }
        });
        float[] normals = normals(positions, triangles, vertices, firstTriangle);
        return new WeldedOutput(TriangleMesh.wrap(positions, triangles, List.of()), normals);
    }

    /** Corners per segment of the parallel weld. */
    private static final int SEGMENT = 1 << 16;
    /** About this many local vertices per group of the merge. */
    private static final int PART_TARGET = 1 << 16;
    /** Items per block of the other parallel sweeps. */
    private static final int BLOCK = 1 << 15;
    /** At least this many vertices per range of the normal sums. */
    private static final int RANGE_TARGET = 1 << 12;

    /** Runs {@code task(0..n-1)}, in parallel on the common pool; each index writes its own data. */
    private static void parallel(int n, IntConsumer task) {
        if (n <= 1) {
            for (int i = 0; i < n; i++) {
                task.accept(i);
            }
            return;
        }
        IntStream.range(0, n).parallel().forEach(task);
    }

    /** Welds corners {@code lo..hi}: local vertex numbers to {@code triangles}, their keys to {@code segmentKeys[s]}. */
    private static void weldSegment(float[] corners, int lo, int hi, int[] triangles, int[][] segmentKeys,
                                    int[] segmentVertices, int s) {
        int n = hi - lo;
        // closed meshes have about n / 6 vertices; the table grows beyond that
        int[] table = new int[tableSizeFor(Math.max(16, n / 2))];
        int mask = table.length - 1;
        int[] keys = new int[4 * Math.max(16, n / 4)];
        int vertexCount = 0;
        for (int c = lo; c < hi; c++) {
            int x = bits(corners[3 * c]);
            int y = bits(corners[3 * c + 1]);
            int z = bits(corners[3 * c + 2]);
            int slot = hash(x, y, z) & mask;
            int vertex;
            while (true) {
                int entry = table[slot];
                if (entry == EMPTY) {
                    vertex = vertexCount++;
                    if (4 * vertexCount > keys.length) {
                        keys = Arrays.copyOf(keys, 2 * keys.length);
                    }
                    keys[4 * vertex] = x;
                    keys[4 * vertex + 1] = y;
                    keys[4 * vertex + 2] = z;
                    keys[4 * vertex + 3] = c;
                    table[slot] = vertex + 1;
                    if (2L * vertexCount > table.length) {
                        table = rehash(keys, vertexCount, table.length * 2);
                        mask = table.length - 1;
                    }
                    break;
                }
                int k = 4 * (entry - 1);
                if (keys[k] == x && keys[k + 1] == y && keys[k + 2] == z) {
                    vertex = entry - 1;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            triangles[c] = vertex;
        }
        segmentKeys[s] = keys;
        segmentVertices[s] = vertexCount;
    }

    /**
     * Welds entries {@code from..to} of {@code grouped} (x, y, z and an ascending index L per entry):
     * {@code firstGrouped[o]} receives the first L with the position of entry o.
     */
    private static void weldGroup(int[] grouped, int from, int to, int[] firstGrouped) {
        int n = to - from;
        int[] table = new int[tableSizeFor(Math.max(16, 2L * n))];
        int mask = table.length - 1;
        int[] keys = new int[4 * Math.max(1, n)]; // x, y, z, first L per vertex
        int vertexCount = 0;
        for (int o = from; o < to; o++) {
            int x = grouped[4 * o];
            int y = grouped[4 * o + 1];
            int z = grouped[4 * o + 2];
            int slot = hash(x, y, z) & mask;
            while (true) {
                int entry = table[slot];
                if (entry == EMPTY) {
                    int vertex = vertexCount++;
                    keys[4 * vertex] = x;
                    keys[4 * vertex + 1] = y;
                    keys[4 * vertex + 2] = z;
                    keys[4 * vertex + 3] = grouped[4 * o + 3];
                    table[slot] = vertex + 1;
                    firstGrouped[o] = grouped[4 * o + 3];
                    break;
                }
                int k = 4 * (entry - 1);
                if (keys[k] == x && keys[k + 1] == y && keys[k + 2] == z) {
                    firstGrouped[o] = keys[k + 3];
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
    }

    private static float[] normals(float[] positions, int[] triangles, int vertexCount, int[] firstTriangle) {
        double[] sum = new double[3 * vertexCount];
        int triangleCount = triangles.length / 3;
        // Vertex ranges summed in parallel; each range adds its vertices' faces in triangle order, as
        // a single sweep would. A triangle before a range's first vertex's first use has no vertex in
        // the range (vertices are numbered in order of first use).
        int ranges = Math.max(1, Math.min(2 * Runtime.getRuntime().availableProcessors(), vertexCount / RANGE_TARGET));
        // Which ranges each block of triangles touches, so that a range visits only those blocks.
        int blocks = (triangleCount + BLOCK - 1) / BLOCK;
        long[] touches = new long[blocks];
        if (ranges > 1) {
            parallel(blocks, blk -> {
                int hiT = Math.min(triangleCount, (blk + 1) * BLOCK);
                long m = 0;
                for (int i = 3 * blk * BLOCK; i < 3 * hiT; i++) {
                    m |= 1L << (int) ((long) triangles[i] * ranges / vertexCount);
                }
                touches[blk] = m;
            });
        } else {
            Arrays.fill(touches, 1L);
        }
        parallel(ranges, r -> {
            int lo = (int) ((long) vertexCount * r / ranges);
            int hi = (int) ((long) vertexCount * (r + 1) / ranges);
            if (lo == hi) {
                return;
            }
            double[] n = new double[3];
            for (int blk = firstTriangle[lo] / BLOCK; blk < blocks; blk++) {
                if ((touches[blk] & 1L << r) == 0) {
                    continue;
                }
                int hiT = Math.min(triangleCount, (blk + 1) * BLOCK);
                for (int t = blk * BLOCK; t < hiT; t++) {
                    int a = triangles[3 * t];
                    int b = triangles[3 * t + 1];
                    int c = triangles[3 * t + 2];
                    boolean ina = a >= lo && a < hi;
                    boolean inb = b >= lo && b < hi;
                    boolean inc = c >= lo && c < hi;
                    if (!(ina | inb | inc)) {
                        continue;
                    }
                    faceCross(positions, triangles, t, n);
                    if (ina) {
                        sum[3 * a] += n[0];
                        sum[3 * a + 1] += n[1];
                        sum[3 * a + 2] += n[2];
                    }
                    if (inb) {
                        sum[3 * b] += n[0];
                        sum[3 * b + 1] += n[1];
                        sum[3 * b + 2] += n[2];
                    }
                    if (inc) {
                        sum[3 * c] += n[0];
                        sum[3 * c + 1] += n[1];
                        sum[3 * c + 2] += n[2];
                    }
                }
            }
        });
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
            double[] n = new double[3];
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
        parallel((vertexCount + BLOCK - 1) / BLOCK, blk -> {
            int hiV = Math.min(vertexCount, (blk + 1) * BLOCK);
            for (int v = blk * BLOCK; v < hiV; v++) {
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
        });
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

    /** A table for vertices 0..vertexCount-1 whose keys are {@code keys[4v..4v+2]}. */
    private static int[] rehash(int[] keys, int vertexCount, int size) {
        int[] table = new int[tableSizeFor(size)];
        int mask = table.length - 1;
        for (int v = 0; v < vertexCount; v++) {
            int slot = hash(keys[4 * v], keys[4 * v + 1], keys[4 * v + 2]) & mask;
            while (table[slot] != EMPTY) {
                slot = (slot + 1) & mask;
            }
            table[slot] = v + 1;
        }
        return table;
    }
}
