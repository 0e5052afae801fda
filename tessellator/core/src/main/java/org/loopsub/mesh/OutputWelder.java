package org.loopsub.mesh;

import java.util.Arrays;
import java.util.Objects;
import org.loopsub.api.RefineResult;
import org.loopsub.api.TriangleMesh;
import org.loopsub.parallel.Workers;

/**
 * Turns the engine's triangle soup into an indexed mesh with normals, and uvs if the corners
 * carry them.
 *
 * <p>Corners are welded by exact position ({@link ExactPositions}: bit pattern, with {@code -0.0}
 * read as {@code +0.0}): this is what makes a crack-free output closed again, and it matches the
 * input welding. Vertices are numbered in order of first use. Positions then go from the engine's
 * internal frame to the user's, and normals are computed from those output positions in double
 * precision, so they do not depend on the back end that produced the corners.
 *
 * <p>Uvs, when given, are welded apart from the positions by the same rule (the bits of u and v,
 * {@code -0.0} read as {@code +0.0}) and numbered the same way, in order of first use: each corner
 * gets the uv index of its uv value, and two corners share a uv exactly when their values are equal.
 * So a seam stays a seam where its two sides have different values; where an input mesh had two uv
 * indices with equal values, the output has one uv, which textures the same. Uvs are not in the
 * internal frame: they are written as they come.
 *
 * <p>The result is a pure function of the input, whatever the number of threads: segments of
 * consecutive corners are welded on their own (in parallel), then merged in order, so vertices and
 * uvs are numbered in order of first use as a single sweep would number them; each vertex's normal
 * adds its faces in triangle order, as a single sweep does, with vertex ranges summed in parallel.
 * The sweeps run on the {@link Workers} the caller gives.
 *
 * <p>The mesh, its uvs and the normals are written in place into the builders of the result, so
 * the output is never copied on its way to the caller.
 */
public final class OutputWelder {
    /** Marks a free slot; slots otherwise hold vertex index + 1. */
    private static final int EMPTY = 0;

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
     * @param workers the threads to run the sweeps on
     * @return a result builder holding the indexed mesh (no creases, no uvs) and one unit normal per
     *     vertex: the normalised area-weighted sum of the incident faces' normals; where that sum is
     *     zero, the normalised sum of the unit normals of the incident non-degenerate faces; where
     *     that is zero too, {@code (0, 0, 1)}. The caller adds the rest (levels, back end) and builds
     *     it.
     */
    public static RefineResult.Builder weld(float[] corners, int triangleCount, float[] centre, double invScale,
                                            Workers workers) {
        return weld(corners, 9, triangleCount, null, centre, invScale, workers);
    }

    /**
     * Welds a triangle soup whose corners may carry normals.
     *
     * @param corners per triangle, per corner its x, y, z and, with 18 floats per triangle, the
     *     normal it carries (any length; its direction is the vertex's normal)
     * @param triangleFloats 9 (positions only; normals as {@link #weld(float[], int, float[], double,
     *     Workers)} computes them) or 18 (each vertex takes the normalised normal of its first
     *     corner; where that is zero, the area-weighted one)
     * @param triangleCount number of triangles
     * @param centre the internal frame's origin in user coordinates (x, y, z)
     * @param invScale user units per internal unit
     * @param workers the threads to run the sweeps on
     * @return a result builder holding the indexed mesh (no uvs) and one unit normal per vertex
     */
    public static RefineResult.Builder weld(float[] corners, int triangleFloats, int triangleCount, float[] centre,
                                            double invScale, Workers workers) {
        return weld(corners, triangleFloats, triangleCount, null, centre, invScale, workers);
    }

    /**
     * Welds a triangle soup whose corners may carry normals and uvs. Without uvs
     * ({@code cornerUvs == null}) it is {@link #weld(float[], int, int, float[], double, Workers)},
     * to the bit.
     *
     * @param corners per triangle, per corner its x, y, z and, with 18 floats per triangle, the
     *     normal it carries, as for {@link #weld(float[], int, int, float[], double, Workers)}
     * @param triangleFloats 9 or 18
     * @param triangleCount number of triangles
     * @param cornerUvs u, v of each corner, parallel to {@code corners}: 6 floats per triangle, the
     *     uv of corner {@code k} of triangle {@code t} at {@code 6 t + 2 k} (u) and
     *     {@code 6 t + 2 k + 1} (v); finite, in the user's uv space. Only the first
     *     {@code 6 * triangleCount} floats are read. {@code null} for an output without uvs.
     * @param centre the internal frame's origin in user coordinates (x, y, z)
     * @param invScale user units per internal unit
     * @param workers the threads to run the sweeps on
     * @return a result builder holding the indexed mesh, with a uv channel if {@code cornerUvs} was
     *     given (uvs welded by exact value, numbered in order of first use; the uv index of each
     *     corner), and one unit normal per vertex
     * @throws IllegalArgumentException if an array is too short for {@code triangleCount}, or a uv
     *     is not finite
     */
    public static RefineResult.Builder weld(float[] corners, int triangleFloats, int triangleCount, float[] cornerUvs,
                                            float[] centre, double invScale, Workers workers) {
        if (cornerUvs != null && (triangleCount < 0 || 6L * triangleCount > cornerUvs.length)) {
            throw new IllegalArgumentException("cornerUvs holds " + cornerUvs.length + " floats, too few for "
                    + triangleCount + " triangles (6 per triangle)");
        }
        if (triangleFloats == 9) {
            return weldPositions(corners, triangleCount, cornerUvs, centre, invScale, workers);
        }
        if (triangleFloats != 18) {
            throw new IllegalArgumentException("9 or 18 floats per triangle, not " + triangleFloats);
        }
        if (triangleCount < 0 || 18L * triangleCount > corners.length) {
            throw new IllegalArgumentException("corners holds " + corners.length + " floats, too few for "
                    + triangleCount + " triangles");
        }
        float[] positions = new float[Math.multiplyExact(9, triangleCount)];
        workers.forEach((triangleCount + BLOCK - 1) / BLOCK, blk -> {
            int hi = Math.min(triangleCount, (blk + 1) * BLOCK);
            for (int v = 3 * blk * BLOCK; v < 3 * hi; v++) {
                System.arraycopy(corners, 6 * v, positions, 3 * v, 3);
            }
        });
        RefineResult.Builder out = weldPositions(positions, triangleCount, cornerUvs, centre, invScale, workers);
        TriangleMesh mesh = out.mesh();
        int[] firstCorner = new int[mesh.vertexCount()];
        Arrays.fill(firstCorner, -1);
        for (int c = 0; c < 3 * triangleCount; c++) {
            int v = mesh.vertex(c / 3, c % 3);
            if (firstCorner[v] < 0) {
                firstCorner[v] = c;
            }
        }
        workers.forEach((firstCorner.length + BLOCK - 1) / BLOCK, blk -> {
            int hi = Math.min(firstCorner.length, (blk + 1) * BLOCK);
            for (int v = blk * BLOCK; v < hi; v++) {
                int o = 6 * firstCorner[v] + 3;
                double x = corners[o];
                double y = corners[o + 1];
                double z = corners[o + 2];
                double len = Math.sqrt(x * x + y * y + z * z);
                if (len > 0 && Double.isFinite(len)) {
                    out.setNormal(v, (float) (x / len), (float) (y / len), (float) (z / len));
                }
            }
        });
        return out;
    }

    private static RefineResult.Builder weldPositions(float[] corners, int triangleCount, float[] cornerUvs,
                                                      float[] centre, double invScale, Workers workers) {
        Objects.requireNonNull(corners, "corners");
        Objects.requireNonNull(workers, "workers");
        Objects.requireNonNull(centre, "centre");
        if (centre.length != 3) {
            throw new IllegalArgumentException("centre must have 3 floats, got " + centre.length);
        }
        if (triangleCount < 0 || 9L * triangleCount > corners.length) {
            throw new IllegalArgumentException("corners holds " + corners.length + " floats, too few for "
                    + triangleCount + " triangles");
        }
        int cornerCount = Math.multiplyExact(3, triangleCount);
        Numbering vertexOf = number(corners, 3, cornerCount, workers);
        // 3. Local numbers to vertex numbers, written into the mesh.
        final int vertices = vertexOf.count;
        final int[] gkeys = vertexOf.keys;
        TriangleMesh.Builder mesh = TriangleMesh.builder(vertices, triangleCount);
        final char[] local = vertexOf.local;
        final int[] placeOf = vertexOf.place;
        workers.forEach(vertexOf.segments(), s -> {
            int lo = s * SEGMENT;
            int hi = Math.min(cornerCount, lo + SEGMENT);
            int base = vertexOf.segmentStart[s];
            for (int c = lo; c < hi; c++) {
                int t = c / 3;
                mesh.setVertex(t, c - 3 * t, placeOf == null ? local[c] : placeOf[base + local[c]]);
            }
        });
        workers.forEach((vertices + BLOCK - 1) / BLOCK, blk -> {
            int hiV = Math.min(vertices, (blk + 1) * BLOCK);
            for (int v = blk * BLOCK; v < hiV; v++) {
                mesh.setPosition(v, userCoordinate(gkeys[3 * v], invScale, centre[0]),
                        userCoordinate(gkeys[3 * v + 1], invScale, centre[1]),
                        userCoordinate(gkeys[3 * v + 2], invScale, centre[2]));
            }
        });
        if (cornerUvs != null) {
            // before build(): the uv channel is the mesh's, and a built mesh takes no more
            weldUvs(cornerUvs, cornerCount, mesh, workers);
        }
        RefineResult.Builder out = RefineResult.builder(mesh.build());
        normals(out.mesh(), vertexOf.firstTriangle, out, workers);
        return out;
    }

    /** Gives {@code mesh} the uv channel of the corners' uvs: welded, numbered in order of first use. */
    private static void weldUvs(float[] cornerUvs, int cornerCount, TriangleMesh.Builder mesh, Workers workers) {
        Numbering uvOf = number(cornerUvs, 2, cornerCount, workers);
        int uvs = uvOf.count;
        int[] keys = uvOf.keys;
        char[] local = uvOf.local;
        int[] placeOf = uvOf.place;
        mesh.uvs(uvs);
        workers.forEach(uvOf.segments(), s -> {
            int lo = s * SEGMENT;
            int hi = Math.min(cornerCount, lo + SEGMENT);
            int base = uvOf.segmentStart[s];
            for (int c = lo; c < hi; c++) {
                int t = c / 3;
                mesh.setUvIndex(t, c - 3 * t, placeOf == null ? local[c] : placeOf[base + local[c]]);
            }
        });
        workers.forEach((uvs + BLOCK - 1) / BLOCK, blk -> {
            int hi = Math.min(uvs, (blk + 1) * BLOCK);
            for (int u = blk * BLOCK; u < hi; u++) {
                // from the key, so that -0 is written as +0 whichever corner came first
                mesh.setUv(u, Float.intBitsToFloat(keys[3 * u]), Float.intBitsToFloat(keys[3 * u + 1]));
            }
        });
    }

    /**
     * What {@link #number} found: the distinct values of the corners, numbered in order of first
     * use, and each corner's number.
     */
    private static final class Numbering {
        /** Each corner's local number within its segment. */
        final char[] local;
        /** With several segments, the number of local vertex {@code segmentStart[s] + u}; else null. */
        final int[] place;
        final int[] segmentStart;
        /** The keys of each number's value: 3 per number (the third 0 for 2 dimensions). */
        final int[] keys;
        /** The triangle of each number's first corner. */
        final int[] firstTriangle;
        final int count;

        Numbering(char[] local, int[] place, int[] segmentStart, int[] keys, int[] firstTriangle, int count) {
            this.local = local;
            this.place = place;
            this.segmentStart = segmentStart;
            this.keys = keys;
            this.firstTriangle = firstTriangle;
            this.count = count;
        }

        /**
         * @return the number of segments: corner {@code c} of segment {@code s} has the number
         *     {@code local[c]} with one segment, else {@code place[segmentStart[s] + local[c]]}
         */
        int segments() {
            return segmentStart.length;
        }
    }

    /**
     * Welds the corners' values by exact bits ({@link ExactPositions#key}) and numbers the distinct
     * ones in order of first use, the same numbers whatever the number of threads.
     *
     * @param values {@code dims} floats per corner
     * @param dims 3 (positions) or 2 (uvs)
     * @param cornerCount the corners to weld
     * @param workers the threads
     * @return the numbering
     */
    private static Numbering number(float[] values, int dims, int cornerCount, Workers workers) {
        // 1. Weld each segment of consecutive corners on its own, in parallel: a local vertex per
        // value (position or uv), numbered in order of first use within the segment. Segments are small enough
        // for their tables to stay in the cache. The mesh's triangle array cannot hold the local
        // numbers (the mesh builder needs the vertex count, known only after the merge), so they
        // wait in a char per corner: half the size of the final indices.
        int segments = (int) ((cornerCount + (long) SEGMENT - 1) / SEGMENT);
        char[] local = new char[cornerCount];
        int[][] segmentKeys = new int[segments][]; // x, y, z, first corner per local vertex
        int[] segmentVertices = new int[segments];
        workers.forEach(segments, s -> {
            int lo = s * SEGMENT;
            int hi = Math.min(cornerCount, lo + SEGMENT);
            weldSegment(values, dims, lo, hi, local, segmentKeys, segmentVertices, s);
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
        // place[segmentStart[s] + u]: the vertex number of segment s's local vertex u
        int[] place;
        int[] segmentStart = new int[segments];
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
            place = null;
        } else {
            place = new int[(int) localTotal];
            vertexCount = mergeSegments(segmentKeys, segmentVertices, segmentStart, place, gkeys, firstTriangle, workers);
        }
        return new Numbering(local, place, segmentStart, gkeys, firstTriangle, vertexCount);
    }

    /**
     * Step 2 of {@link #number} over several segments: local vertices {@code L = segmentStart[s] + u},
     * grouped by the top bits of their position hash (a stable counting sort), each group welded on its
     * own, then numbered in order of first use.
     *
     * @param place filled: L's vertex number
     * @return the vertices
     */
    private static int mergeSegments(int[][] segmentKeys, int[] segmentVertices, int[] segmentStart, int[] place,
                                     int[] gkeys, int[] firstTriangle, Workers workers) {
        int segments = segmentKeys.length;
        // Local vertices L = segmentStart[s] + u, grouped by the top bits of their position
        // hash (a stable counting sort), each group welded on its own: firstGrouped[place[L]] is
        // the first local vertex with L's position.
        int total = place.length;
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
        workers.forEach(segments, s -> {
            int[] keys = segmentKeys[s];
            for (int u = 0; u < segmentVertices[s]; u++) {
                int h = ExactPositions.hash(keys[4 * u], keys[4 * u + 1], keys[4 * u + 2]);
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
        workers.forEach(segments, s -> {
            int[] keys = segmentKeys[s];
            int base = segmentStart[s];
            for (int u = 0; u < segmentVertices[s]; u++) {
                int x = keys[4 * u];
                int y = keys[4 * u + 1];
                int z = keys[4 * u + 2];
                int h = ExactPositions.hash(x, y, z);
                int o = counts[s * parts + (parts == 1 ? 0 : h >>> shift)]++;
                grouped[4 * o] = x;
                grouped[4 * o + 1] = y;
                grouped[4 * o + 2] = z;
                grouped[4 * o + 3] = base + u;
                place[base + u] = o;
            }
        });
        int vertexCount = 0;
        int[] firstGrouped = new int[total];
        workers.forEach(parts, p -> weldGroup(grouped, partStart[p], partStart[p + 1], firstGrouped));
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
        return vertexCount;
    }

    /**
     * A coordinate in the user's frame from its key in the internal frame, in double, rounded once.
     * An internal float is off by up to half its ulp, which for a mesh that reaches the largest float
     * can land the user coordinate past it: the nearest float is then the largest one, not infinity.
     */
    private static float userCoordinate(int key, double invScale, float centre) {
        double user = Float.intBitsToFloat(key) * invScale + centre;
        return (float) Math.max(-Float.MAX_VALUE, Math.min(Float.MAX_VALUE, user));
    }

    /** Corners per segment of the parallel weld; at most 2^16, so that a local number fits a char. */
    private static final int SEGMENT = 1 << 16;
    /** About this many local vertices per group of the merge. */
    private static final int PART_TARGET = 1 << 16;
    /** Items per block of the other parallel sweeps. */
    private static final int BLOCK = 1 << 15;
    /** At least this many vertices per range of the normal sums. */
    private static final int RANGE_TARGET = 1 << 12;

    /**
     * Welds corners {@code lo..hi} of {@code values} ({@code dims} floats per corner; a missing z
     * has key 0): local vertex numbers to {@code local}, their keys to {@code segmentKeys[s]}.
     */
    private static void weldSegment(float[] values, int dims, int lo, int hi, char[] local, int[][] segmentKeys,
                                    int[] segmentVertices, int s) {
        int n = hi - lo;
        // closed meshes have about n / 6 vertices; the table grows beyond that
        int[] table = new int[tableSizeFor(Math.max(16, n / 2))];
        int mask = table.length - 1;
        int[] keys = new int[4 * Math.max(16, n / 4)];
        int vertexCount = 0;
        for (int c = lo; c < hi; c++) {
            int x = ExactPositions.key(values[dims * c]);
            int y = ExactPositions.key(values[dims * c + 1]);
            int z = dims == 3 ? ExactPositions.key(values[dims * c + 2]) : 0;
            int slot = ExactPositions.hash(x, y, z) & mask;
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
            local[c] = (char) vertex;
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
            int slot = ExactPositions.hash(x, y, z) & mask;
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

    /** Sets {@code out}'s normals for {@code mesh}; see {@link #weld}. */
    private static void normals(TriangleMesh mesh, int[] firstTriangle, RefineResult.Builder out, Workers workers) {
        int vertexCount = mesh.vertexCount();
        double[] sum = new double[3 * vertexCount];
        int triangleCount = mesh.triangleCount();
        // Vertex ranges summed in parallel; each range adds its vertices' faces in triangle order, as
        // a single sweep would. A triangle before a range's first vertex's first use has no vertex in
        // the range (vertices are numbered in order of first use).
        // A few ranges per thread, for balance (a caller that waits on the common pool may work
        // too); at most 64: one bit each in a block's mask.
        int ranges = Math.max(1, Math.min(Math.min(64, 4 * workers.parallelism()), vertexCount / RANGE_TARGET));
        // Which ranges each block of triangles touches, so that a range visits only those blocks.
        int blocks = (triangleCount + BLOCK - 1) / BLOCK;
        long[] touches = touchedRanges(mesh, ranges, blocks, workers);
        workers.forEach(ranges, r -> {
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
                    int a = mesh.vertex(t, 0);
                    int b = mesh.vertex(t, 1);
                    int c = mesh.vertex(t, 2);
                    boolean ina = a >= lo && a < hi;
                    boolean inb = b >= lo && b < hi;
                    boolean inc = c >= lo && c < hi;
                    if (!(ina | inb | inc)) {
                        continue;
                    }
                    faceCross(mesh, a, b, c, n);
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
        addUnweightedFallback(mesh, sum);
        workers.forEach((vertexCount + BLOCK - 1) / BLOCK, blk -> {
            int hiV = Math.min(vertexCount, (blk + 1) * BLOCK);
            for (int v = blk * BLOCK; v < hiV; v++) {
                double x = sum[3 * v];
                double y = sum[3 * v + 1];
                double z = sum[3 * v + 2];
                double len = Math.sqrt(x * x + y * y + z * z);
                if (len == 0 || !Double.isFinite(len)) {
                    out.setNormal(v, 0f, 0f, 1f);
                } else {
                    out.setNormal(v, (float) (x / len), (float) (y / len), (float) (z / len));
                }
            }
        });
    }

    /** @return per block of {@link #BLOCK} triangles, a bit per vertex range that it touches */
    private static long[] touchedRanges(TriangleMesh mesh, int ranges, int blocks, Workers workers) {
        int vertexCount = mesh.vertexCount();
        int triangleCount = mesh.triangleCount();
        long[] touches = new long[blocks];
        if (ranges > 1) {
            workers.forEach(blocks, blk -> {
                int hiT = Math.min(triangleCount, (blk + 1) * BLOCK);
                long m = 0;
                for (int t = blk * BLOCK; t < hiT; t++) {
                    for (int k = 0; k < 3; k++) {
                        m |= 1L << (int) ((long) mesh.vertex(t, k) * ranges / vertexCount);
                    }
                }
                touches[blk] = m;
            });
        } else {
            Arrays.fill(touches, 1L);
        }
        return touches;
    }

    /**
     * Vertices whose area-weighted sum cancels (or whose faces all have zero area, e.g. where only
     * slivers meet) get the unweighted sum of their faces' unit normals instead; found first so the
     * second sweep is rare.
     */
    private static void addUnweightedFallback(TriangleMesh mesh, double[] sum) {
        int vertexCount = mesh.vertexCount();
        int triangleCount = mesh.triangleCount();
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
                int a = mesh.vertex(t, 0);
                int b = mesh.vertex(t, 1);
                int c = mesh.vertex(t, 2);
                if (!fallback[a] && !fallback[b] && !fallback[c]) {
                    continue;
                }
                faceCross(mesh, a, b, c, n);
                double len = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
                if (len == 0 || !Double.isFinite(len)) {
                    continue;
                }
                for (int k = 0; k < 3; k++) {
                    int v = mesh.vertex(t, k);
                    if (fallback[v]) {
                        sum[3 * v] += n[0] / len;
                        sum[3 * v + 1] += n[1] / len;
                        sum[3 * v + 2] += n[2] / len;
                    }
                }
            }
        }
    }

    /** (b - a) x (c - a) of the triangle a, b, c in double: twice its area along its unit normal. */
    private static void faceCross(TriangleMesh mesh, int a, int b, int c, double[] out) {
        double ax = mesh.position(a, 0);
        double ay = mesh.position(a, 1);
        double az = mesh.position(a, 2);
        double ux = mesh.position(b, 0) - ax;
        double uy = mesh.position(b, 1) - ay;
        double uz = mesh.position(b, 2) - az;
        double vx = mesh.position(c, 0) - ax;
        double vy = mesh.position(c, 1) - ay;
        double vz = mesh.position(c, 2) - az;
        out[0] = uy * vz - uz * vy;
        out[1] = uz * vx - ux * vz;
        out[2] = ux * vy - uy * vx;
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
            int slot = ExactPositions.hash(keys[4 * v], keys[4 * v + 1], keys[4 * v + 2]) & mask;
            while (table[slot] != EMPTY) {
                slot = (slot + 1) & mask;
            }
            table[slot] = v + 1;
        }
        return table;
    }
}
