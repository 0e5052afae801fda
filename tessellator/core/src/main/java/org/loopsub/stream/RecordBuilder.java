package org.loopsub.stream;

import java.util.ArrayList;
import java.util.List;

import org.loopsub.api.Scheme;
import org.loopsub.mesh.MeshTopology;
import org.loopsub.rules.LoopRules;

/**
 * Turns an indexed mesh into the level-0 record stream: one self-contained record per triangle, in
 * triangle order, holding its corners, its one-ring patch and its topology (see {@link RecordLayout}).
 * This is the only place that reads the mesh's connectivity; from here on no pass follows an index.
 */
public final class RecordBuilder {
    private RecordBuilder() {
    }

    /**
     * The fan capacity the mesh needs: the longest fan of any corner, at least
     * {@link RecordLayout#MIN_FAN} for the vertices subdivision creates.
     *
     * @param triangles three vertex indices per triangle
     * @param topology the mesh's rings
     * @return F
     */
    public static int fanCapacity(int[] triangles, MeshTopology topology) {
        int f = RecordLayout.MIN_FAN;
        for (int t = 0; t < triangles.length / 3; t++) {
            for (int c = 0; c < 3; c++) {
                int v = triangles[3 * t + c];
                int k = topology.valence(v);
                f = Math.max(f, RecordLayout.fanLength(k, gap(topology, v, triangles[3 * t + (c + 1) % 3])));
            }
        }
        return f;
    }

    /** The gap of {@code v}'s ring once it is rotated to start at {@code first}. */
    private static int gap(MeshTopology topology, int v, int first) {
        if (!topology.isBoundary(v)) {
            return RecordLayout.NO_GAP;
        }
        int k = topology.valence(v);
        int s = topology.indexOf(v, first);
        // The stored ring's gap sits between positions k-1 and 0.
        return Math.floorMod(k - 1 - s, k);
    }

    /**
     * @param triangles three vertex indices per triangle
     * @param positions vertex positions in the engine's frame
     * @param topology the mesh's rings
     * @param layout the record layout (from {@link #fanCapacity})
     * @return the level-0 stream
     */
    public static List<RecordChunk> build(int[] triangles, float[] positions, MeshTopology topology,
                                          RecordLayout layout) {
        if (layout.carriesNormals()) {
            throw new IllegalArgumentException("a layout with limit data needs the scheme");
        }
        return build(triangles, positions, topology, layout, Scheme.LOOP, null, null);
    }

    /**
     * @param triangles three vertex indices per triangle
     * @param positions vertex positions in the engine's frame
     * @param topology the mesh's rings
     * @param layout the record layout (from {@link #fanCapacity})
     * @param scheme the vertex weights, for the input vertices' limit positions
     * @param sharpness the edges' and vertices' sharpness, for a layout with {@link RecordLayout#creases()}
     * @param cornerUvs u, v of every corner of every triangle (6 floats per triangle), for a layout
     *                  with {@link RecordLayout#uvs()}
     * @return the level-0 stream
     */
    public static List<RecordChunk> build(int[] triangles, float[] positions, MeshTopology topology,
                                          RecordLayout layout, Scheme scheme, Sharpness sharpness, float[] cornerUvs) {
        return build(triangles, positions, topology, layout, scheme, sharpness, cornerUvs, null);
    }

    /**
     * @param triangles three vertex indices per triangle
     * @param positions vertex positions in the engine's frame
     * @param topology the mesh's rings
     * @param layout the record layout (from {@link #fanCapacity})
     * @param scheme the vertex weights, for the input vertices' limit positions
     * @param sharpness the edges' and vertices' sharpness, for a layout with {@link RecordLayout#creases()}
     * @param cornerUvs u, v of every corner of every triangle (6 floats per triangle), for a layout
     *                  with {@link RecordLayout#uvs()}
     * @param cornerUvIndices the uv index of every corner (3 per triangle), for a layout with
     *                        {@link RecordLayout#smoothUvs()}: two corners at a vertex are continuous
     *                        only when they name the same index
     * @return the level-0 stream
     */
    public static List<RecordChunk> build(int[] triangles, float[] positions, MeshTopology topology,
                                          RecordLayout layout, Scheme scheme, Sharpness sharpness, float[] cornerUvs,
                                          int[] cornerUvIndices) {
        if (layout.smoothUvs() != (cornerUvIndices != null)) {
            throw new IllegalArgumentException("corner uv indices go with a layout that has smooth uvs");
        }
        if (layout.uvs() != (cornerUvs != null)) {
            throw new IllegalArgumentException("corner uvs go with a layout that has uvs");
        }
        if (layout.creases() != (sharpness != null)) {
            throw new IllegalArgumentException("sharpness goes with a layout that has creases");
        }
        float[][] limit = layout.carriesNormals() ? limits(positions, topology, scheme, sharpness) : null;
        int nt = triangles.length / 3;
        if (topology.maxValence() > RecordLayout.MAX_VALENCE) {
            throw new IllegalArgumentException("valence " + topology.maxValence() + " exceeds " + RecordLayout.MAX_VALENCE);
        }
        SeamFinder seams = cornerUvIndices == null ? null : new SeamFinder(triangles, cornerUvIndices, cornerUvs);
        LoopSplit uvLimits = layout.uvLimits()
                ? new LoopSplit(layout, LoopRules.weights(scheme, Math.max(6, topology.maxValence()))) : null;
        List<RecordChunk> chunks = new ArrayList<>();
        int pf = layout.pointFloats();
        int mi = layout.metaInts();
        for (int first = 0; first < nt; first += RecordChunk.CAPACITY) {
            int n = Math.min(RecordChunk.CAPACITY, nt - first);
            RecordChunk chunk = new RecordChunk(layout, n);
            chunk.count = n;
            for (int r = 0; r < n; r++) {
                int t = first + r;
                int[] k = new int[3];
                int[] g = new int[3];
                for (int c = 0; c < 3; c++) {
                    int v = triangles[3 * t + c];
                    k[c] = topology.valence(v);
                    g[c] = gap(topology, v, triangles[3 * t + (c + 1) % 3]);
                }
                chunk.meta[r * mi] = RecordLayout.packMeta0(k[0], k[1], k[2], 0);
                chunk.meta[r * mi + 1] = RecordLayout.packMeta1(g[0], g[1], g[2]);
                boolean sharp = false;
                writePositions(triangles, positions, topology, layout, limit, chunk, r, t);
                for (int c = 0; c < 3; c++) {
                    int v = triangles[3 * t + c];
                    int s = topology.indexOf(v, triangles[3 * t + (c + 1) % 3]);
                    if (sharpness != null) {
                        sharp |= writeSharpness(topology, layout, sharpness, chunk, r, c, v, s, k[c], g[c]);
                    }
                    if (cornerUvs != null) {
                        chunk.points[r * pf + layout.uvFloat(c, 0)] = cornerUvs[6 * t + 2 * c];
                        chunk.points[r * pf + layout.uvFloat(c, 1)] = cornerUvs[6 * t + 2 * c + 1];
                    }
                    if (seams != null) {
                        seams.put(t, c, k[c], g[c], topology, layout, chunk.points, r * pf);
                    }
                }
                if (sharp) {
                    chunk.meta[r * mi] |= RecordLayout.SHARP;
                }
                if (uvLimits != null) {
                    uvLimits.levelZeroUvLimits(chunk, r);
                }
            }
            chunks.add(chunk);
        }
        return chunks;
    }

    /**
     * Writes the sharpness of corner c's spokes (ring order from {@code s}, the index of the next corner
     * in v's ring) and of the corner itself, and marks the corner STALE where its limit depends on the
     * level (semi-sharp, or a single sharp edge).
     *
     * @return whether any of it is above 0
     */
    private static boolean writeSharpness(MeshTopology topology, RecordLayout layout, Sharpness sharpness,
                                          RecordChunk chunk, int r, int c, int v, int s, int k, int g) {
        int base = r * layout.pointFloats();
        boolean sharp = false;
        int sharpEdges = g == RecordLayout.NO_GAP ? 0 : 2;
        boolean semiSharp = false;
        for (int i = 0; i < k; i++) {
            int u = topology.neighbour(v, (s + i) % k);
            float e = sharpness.edge(v, u);
            int bit = layout.ringBit(c, k, g, i);
            chunk.points[base + layout.spokeSharpness(bit)] = e;
            if (layout.chaikin() && bit >= 3) {
                chunk.points[base + layout.spokeFar(bit)] = otherAverage(topology, sharpness, u, v);
            }
            sharp |= e > 0;
            boolean boundarySpoke = g != RecordLayout.NO_GAP && (i == g || i == (g + 1) % k);
            sharpEdges += e > 0 && !boundarySpoke ? 1 : 0;
            semiSharp |= e > 0 && e < LoopRules.INFINITE_SHARPNESS;
        }
        float vs = sharpness.vertices()[v];
        chunk.points[base + layout.cornerSharpness(c)] = vs;
        sharp |= vs > 0;
        semiSharp |= vs > 0 && vs < LoopRules.INFINITE_SHARPNESS;
        if (layout.carriesNormals() && (semiSharp || vs <= 0 && sharpEdges == 1)) {
            chunk.meta[r * layout.metaInts()] |= RecordLayout.STALE << c;
        }
        return sharp;
    }

    /**
     * Writes what of a level-0 record depends on the control points: each corner's position and one
     * ring, and with limit data the corners' limit normals (and limit positions). The rest of a record
     * (valences, gaps, sharpness, uvs) depends on the topology, the tags and the uvs alone, so a
     * moving cage rewrites only this, in the records it has ({@link #movePositions}).
     *
     * @param limit the vertices' limit positions and normals ({@link #limits}), or null without limit data
     */
    private static void writePositions(int[] triangles, float[] positions, MeshTopology topology, RecordLayout layout,
                                       float[][] limit, RecordChunk chunk, int r, int t) {
        int base = r * layout.pointFloats();
        for (int c = 0; c < 3; c++) {
            int v = triangles[3 * t + c];
            int next = triangles[3 * t + (c + 1) % 3];
            int k = topology.valence(v);
            int g = gap(topology, v, next);
            int s = topology.indexOf(v, next);
            copyPoint(positions, v, chunk.points, base, c);
            for (int i = 0; i < k; i++) {
                int u = topology.neighbour(v, (s + i) % k);
                copyPoint(positions, u, chunk.points, base, layout.ringSlot(c, k, g, i));
            }
            if (limit != null) {
                copyPoint(limit[1], v, chunk.points, base, layout.normalSlot(c));
                if (layout.limit()) {
                    copyPoint(limit[0], v, chunk.points, base, layout.limitSlot(c));
                }
            }
        }
    }

    /**
     * Which per-vertex point each point slot of triangle t's record holds, into {@code entries} from
     * {@code at}: entry v is vertex v's position, {@code nv + v} its limit normal, {@code 2 nv + v}
     * its limit position ({@code nv} the mesh's vertices), -1 a slot left zero: the slots
     * {@link #writePositions} fills, walked in its order. (It walks them itself, copying as it goes: a
     * renderer's moved cage, every frame, ran 5-9 % slower through these entries. Level0UploadTest
     * holds the two walks together: the gathered tiles must equal the builder's words.)
     */
    private static void slotEntries(int[] triangles, MeshTopology topology, RecordLayout layout, int t,
                                    int[] entries, int at) {
        int nv = topology.vertexCount();
        java.util.Arrays.fill(entries, at, at + layout.pointSlots(), -1);
        for (int c = 0; c < 3; c++) {
            int v = triangles[3 * t + c];
            int next = triangles[3 * t + (c + 1) % 3];
            int k = topology.valence(v);
            int g = gap(topology, v, next);
            int s = topology.indexOf(v, next);
            entries[at + c] = v;
            for (int i = 0; i < k; i++) {
                entries[at + layout.ringSlot(c, k, g, i)] = topology.neighbour(v, (s + i) % k);
            }
            if (layout.carriesNormals()) {
                entries[at + layout.normalSlot(c)] = nv + v;
                if (layout.limit()) {
                    entries[at + layout.limitSlot(c)] = 2 * nv + v;
                }
            }
        }
    }

    /**
     * Notes in level-0 records made by {@link #build} for the same triangles, topology and layout
     * which per-vertex point each point slot holds ({@link RecordChunk#slotSources}, from
     * {@link #slotEntries}) and gathers those points into one table ({@link RecordChunk#sourceTable}:
     * positions, limit normals, limit positions), read back from the slots, and the words after the
     * slots ({@link RecordChunk#afterSlots}). For an uploader that sends those instead of the slots
     * (the GL back end, through {@code PreparedMesh.recordsWithSlotSources}); the Java back end has no
     * use for them.
     */
    public static void addSlotSources(int[] triangles, MeshTopology topology, RecordLayout layout,
                                      List<RecordChunk> chunks) {
        int kinds = !layout.carriesNormals() ? 1 : layout.limit() ? 3 : 2;
        float[] table = new float[3 * kinds * topology.vertexCount()];
        int slots = layout.pointSlots();
        int pf = layout.pointFloats();
        int rest = pf - 3 * slots;
        int t = 0;
        for (int ci = 0; ci < chunks.size(); ci++) {
            RecordChunk chunk = chunks.get(ci);
            int[] sources = new int[chunk.count * slots];
            float[] after = new float[chunk.count * rest];
            for (int r = 0; r < chunk.count; r++, t++) {
                slotEntries(triangles, topology, layout, t, sources, r * slots);
                for (int slot = 0; slot < slots; slot++) {
                    int e = sources[r * slots + slot];
                    if (e >= 0) {
                        System.arraycopy(chunk.points, r * pf + 3 * slot, table, 3 * e, 3);
                    }
                }
                System.arraycopy(chunk.points, r * pf + 3 * slots, after, r * rest, rest);
            }
            chunk.slotSources = sources;
            chunk.afterSlots = after;
            chunk.sourceTable = table;
        }
    }

    /**
     * Moves the control points of level-0 records made by {@link #build} for the same triangles,
     * topology, layout, scheme and sharpness: rewrites, in place, exactly what {@link #build} would
     * write differently for the new positions, so that the records are the ones it would make. The
     * renderer's animated cage, every frame: nothing is allocated. Records with slot sources
     * ({@link #addSlotSources}) get their table rewritten instead, and their slots are left stale
     * ({@link RecordChunk#slotsStale}) for an uploader that gathers through the table (bigguyT's move
     * 640 → 114 µs, MoveCageBenchmark).
     *
     * @param positions the new vertex positions in the engine's frame
     * @param scratch made for this topology, scheme and sharpness, kept by the caller from one move to
     *     the next
     * @param chunks the records, rewritten
     */
    public static void movePositions(int[] triangles, float[] positions, MeshTopology topology, RecordLayout layout,
                                     Scratch scratch, List<RecordChunk> chunks) {
        float[][] l = null;
        if (layout.carriesNormals()) {
            scratch.cage.renewLimits(positions, scratch.limit[0], scratch.limit[1], scratch.doubles);
            l = scratch.limit;
        }
        if (!chunks.isEmpty() && chunks.get(0).sourceTable != null) {
            float[] table = chunks.get(0).sourceTable;
            int nv = topology.vertexCount();
            System.arraycopy(positions, 0, table, 0, 3 * nv);
            if (l != null) {
                System.arraycopy(l[1], 0, table, 3 * nv, 3 * nv);
                if (layout.limit()) {
                    System.arraycopy(l[0], 0, table, 6 * nv, 3 * nv);
                }
            }
            for (int ci = 0; ci < chunks.size(); ci++) {
                chunks.get(ci).slotsStale = true;
            }
            return;
        }
        int t = 0;
        for (int ci = 0; ci < chunks.size(); ci++) {
            RecordChunk chunk = chunks.get(ci);
            for (int r = 0; r < chunk.count; r++, t++) {
                writePositions(triangles, positions, topology, layout, l, chunk, r, t);
            }
        }
    }

    /**
     * Brings stale slots ({@link RecordChunk#slotsStale}, after a move through the table) up to the
     * table: the records are then the ones {@link #build} would make for the moved positions.
     */
    public static void refreshSlots(RecordLayout layout, List<RecordChunk> chunks) {
        int slots = layout.pointSlots();
        int pf = layout.pointFloats();
        for (int ci = 0; ci < chunks.size(); ci++) {
            RecordChunk chunk = chunks.get(ci);
            if (!chunk.slotsStale) {
                continue;
            }
            for (int r = 0; r < chunk.count; r++) {
                for (int slot = 0; slot < slots; slot++) {
                    int e = chunk.slotSources[r * slots + slot];
                    if (e >= 0) {
                        System.arraycopy(chunk.sourceTable, 3 * e, chunk.points, r * pf + 3 * slot, 3);
                    }
                }
            }
            chunk.slotsStale = false;
        }
    }

    /**
     * What {@link #movePositions} works in, made once for a mesh and its sharpness: the vertices'
     * limit data and the cage's per-vertex work ({@link LoopCage}: each vertex's rule and sharp
     * edges worked out once, rather than at every move from the sharpness map, whose lookups box
     * their keys).
     */
    public static final class Scratch {
        final float[][] limit;
        final LoopCage cage;
        final LoopCage.Scratch doubles;

        /**
         * @param cage the per-vertex work of the mesh whose records will move, for the sharpness and
         *     scheme its records were built with
         */
        public Scratch(LoopCage cage) {
            int nv = cage.vertexCount();
            this.cage = cage;
            this.limit = new float[][] {new float[3 * nv], new float[3 * nv]};
            this.doubles = cage.scratch();
        }
    }

    /**
     * Every input vertex's limit position and unit limit normal ({@link LoopRules#limit}), once per
     * vertex so that all records holding it carry the same bits.
     *
     * @return {positions, normals}, 3 floats per vertex each
     */
    static float[][] limits(float[] positions, MeshTopology topology, Scheme scheme, Sharpness sharpness) {
        int nv = topology.vertexCount();
        float[] lp = new float[3 * nv];
        float[] ln = new float[3 * nv];
        LoopCage cage = new LoopCage(topology, sharpness, null, scheme);
        cage.renewLimits(positions, lp, ln, cage.scratch());
        return new float[][] {lp, ln};
    }

    /**
     * The average sharpness of u's semi-sharp edges other than (u, v) (boundary edges are infinitely
     * sharp, so not semi-sharp), as a split works it out for a corner: summed in ascending order,
     * times the reciprocal of the count; -1 when there are none.
     */
    static float otherAverage(MeshTopology topology, Sharpness sharpness, int u, int v) {
        int k = topology.valence(u);
        float[] vals = new float[k];
        int n = 0;
        boolean boundary = topology.isBoundary(u);
        for (int i = 0; i < k; i++) {
            int w = topology.neighbour(u, i);
            boolean boundaryEdge = boundary && (i == 0 || i == k - 1);
            float s = boundaryEdge ? Sharpness.INFINITE : sharpness.edge(u, w);
            if (w != v && s > 0 && s < Sharpness.INFINITE) {
                vals[n++] = s;
            }
        }
        return n == 0 ? -1f : LoopRules.sortedSum(vals, n) * (float) (1.0 / n);
    }

    /**
     * The smooth uv rule's level-0 data of a record's corner: its spokes' seam codes and far-end uvs
     * on both sides, and whether its value is pinned (found from the uv indices: values are
     * continuous only where the indices agree, whatever the coordinates).
     */
    private static final class SeamFinder {
        private final int[] triangles;
        private final int[] index;
        private final float[] cornerUvs;
        /** Directed edge (a, b) to the triangle that has it. */
        private final java.util.Map<Long, Integer> face = new java.util.HashMap<>();

        SeamFinder(int[] triangles, int[] index, float[] cornerUvs) {
            this.triangles = triangles;
            this.index = index;
            this.cornerUvs = cornerUvs;
            for (int t = 0; t < triangles.length / 3; t++) {
                for (int c = 0; c < 3; c++) {
                    face.put(directed(triangles[3 * t + c], triangles[3 * t + (c + 1) % 3]), t);
                }
            }
        }

        private static long directed(int a, int b) {
            return (long) a << 32 | (b & 0xffffffffL);
        }

        /** The triangle with directed edge (a, b), or -1. */
        private int faceOf(int a, int b) {
            Integer f = face.get(directed(a, b));
            return f == null ? -1 : f;
        }

        /** The corner of triangle t at vertex x. */
        private int corner(int t, int x) {
            for (int c = 0; c < 3; c++) {
                if (triangles[3 * t + c] == x) {
                    return 3 * t + c;
                }
            }
            throw new IllegalStateException("vertex " + x + " is not in triangle " + t);
        }

        void put(int t, int c, int k, int g, MeshTopology topology, RecordLayout layout, float[] points, int base) {
            int v = triangles[3 * t + c];
            int s = topology.indexOf(v, triangles[3 * t + (c + 1) % 3]);
            for (int i = 0; i < k; i++) {
                if (i == 1) {
                    continue;  // the record's edge c+2: corner c+2 writes it as its position 0
                }
                int u = topology.neighbour(v, (s + i) % k);
                int cw = faceOf(u, v);
                int ccw = faceOf(v, u);
                int code = 0;
                if (cw >= 0 && ccw >= 0) {
                    code |= index[corner(cw, v)] != index[corner(ccw, v)] ? RecordLayout.UV_SEAM_NEAR : 0;
                    code |= index[corner(cw, u)] != index[corner(ccw, u)] ? RecordLayout.UV_SEAM_FAR : 0;
                }
                int far0 = corner(cw >= 0 ? cw : ccw, u);
                int far1 = corner(ccw >= 0 ? ccw : cw, u);
                if (i == 0) {
                    // edge c: corner c+1's and corner c's uvs in the face across it
                    put(points, base, layout, c, code, far0, corner(cw >= 0 ? cw : ccw, v));
                    continue;
                }
                int bit = layout.ringBit(c, k, g, i);
                put(points, base, layout, bit, code, far0, far1);
                if (i == 2 && RecordLayout.fanLength(k, g) < 0) {
                    put(points, base, layout, 3 + 2 * c, code, far0, far1);
                }
            }
            points[base + layout.uvPin(c)] = runs(t, v, k, g, topology, s) > 1 ? 1f : 0f;
        }

        private void put(float[] points, int base, RecordLayout layout, int bit, int code, int side0, int side1) {
            points[base + layout.uvSeam(bit)] = code;
            for (int x = 0; x < 2; x++) {
                points[base + layout.uvFar(bit, 0, x)] = cornerUvs[2 * side0 + x];
                points[base + layout.uvFar(bit, 1, x)] = cornerUvs[2 * side1 + x];
            }
        }

        /** How many separate runs of faces around v carry triangle t's value at v. */
        private int runs(int t, int v, int k, int g, MeshTopology topology, int s) {
            int x = index[corner(t, v)];
            boolean interior = g == RecordLayout.NO_GAP;
            int n = interior ? k : k - 1;
            int first = interior ? 0 : (g + 1) % k;
            int runs = 0;
            boolean all = true;
            boolean prevIn = false;
            for (int j = 0; j < n; j++) {
                int i = (first + j) % k;
                int f = faceOf(v, topology.neighbour(v, (s + i) % k));
                boolean in = index[corner(f, v)] == x;
                all &= in;
                if (j == 0 && interior) {
                    int last = faceOf(v, topology.neighbour(v, (s + first + n - 1) % k));
                    prevIn = index[corner(last, v)] == x;
                }
                if (in && !prevIn) {
                    runs++;
                }
                prevIn = in;
            }
            return all ? 1 : runs;
        }
    }

    private static void copyPoint(float[] positions, int v, float[] points, int base, int slot) {
        points[base + 3 * slot] = positions[3 * v];
        points[base + 3 * slot + 1] = positions[3 * v + 1];
        points[base + 3 * slot + 2] = positions[3 * v + 2];
    }
}
