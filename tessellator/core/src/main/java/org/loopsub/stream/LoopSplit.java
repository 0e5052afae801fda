package org.loopsub.stream;

import org.loopsub.rules.LoopRules;

/**
 * Pass 3 of a level, the split: each active record becomes four children, written at
 * {@code 4i + k} for the i-th active record, each a complete record of the next level (its corners,
 * its one-ring patch and its flags), plus one sliver {@code (a, b, m)} per edge whose neighbour has
 * finished. At the last level the children are written as output triangles instead. Twin of
 * {@code loop_split.comp}.
 *
 * <p>Children, with m_e the edge point of edge e and V' the new corner positions:
 * child c (c = 0, 1, 2) is {@code (V'_c, m_c, m_{c+2})} in corner slots {@code c, c+1, c+2}; the
 * centre child 3 has {@code m_{j+1}} in corner slot j. Orientation is preserved.
 *
 * <p>The split is laid out as OpenSubdiv refines primvars: the rules of a record's corners and spokes
 * are decided once ({@link SplitRules}: frozen corners; smooth, dart, crease or corner before and
 * after this level's decay, and the blend between them; how each spoke's edge point is made;
 * Chaikin's halves), then every channel applies them: the positions ({@link PositionChannel}, vertex
 * and edge points), the uvs ({@link UvChannel}, the linear or the smooth rule) and the limit data
 * ({@link LimitChannel}, limit positions, normals and uvs). Two writers take the channels' results:
 * the {@link ChildWriter} (the children as records of the next level) and the {@link TriangleWriter}
 * (slivers, and at the last level the children as output triangles). Each of these classes, and
 * {@link SplitScratch} (the record being split and the scratch they share), is the twin of a GLSL
 * file that {@code loop_split.comp} includes, of the same name in snake case, with the same
 * function names (docs/design.md, "The split as channels").
 *
 * <p>Positions follow {@link LoopRules}; the adaptive rules of docs/design.md §4 enter in two places: a
 * corner with any complete spoke is frozen (keeps its position), and a complete spoke's edge point
 * is its midpoint. On the limit surface ({@link RecordLayout#limit()}) neither applies: every output
 * vertex takes the limit position it got where it was born, which no later level changes, so the
 * control points may follow Loop's rules everywhere and triangles of different levels still meet.
 *
 * <p>With a layout that carries limit data, the split also computes the limit position and normal of
 * the three vertices it creates and hands every child its corners' data. With sharpness, records
 * that have any take the general path, where each corner's rule comes from its spokes' sharpness and
 * each child spoke gets its half of the parent's (uniform decay, or Chaikin's per end). With uvs, a
 * new vertex takes the midpoint of its edge's uvs in this face (the linear rule), or with
 * {@link RecordLayout#smoothUvs()} the smooth rule's value.
 *
 * <p>Like the shader, records whose three corners are interior and of valence 6 (almost every record
 * after a few levels) take the regular path ({@link RegularSplit}), where every ring index is a
 * constant from a table and the ring sums sort with a sorting network; the values are those of the
 * general path, operation for operation, and its triangles go through the same writer. The pass
 * allocates nothing per record: the channels' arrays live in the instance (one per worker thread).
 */
public final class LoopSplit {
    private final RecordLayout layout;
    private final int ringMax;
    private final int pointFloats;
    private final int metaInts;
    private final int tf;
    private final boolean normals;
    private final boolean chaikin;
    private final boolean uvs;
    private final boolean smoothUvs;
    // One of each part per instance, so per worker thread: they hold the record being split.
    private final SplitScratch scratch;
    private final SplitRules rules;
    private final PositionChannel positions;
    private final UvChannel uv;
    private final LimitChannel limits;
    private final TriangleWriter triangles;
    private final ChildWriter childWriter;
    private final RegularSplit regular;
    private final int[] k;
    private final int[] g;
    /**
     * Whether regular records take the regular path ({@link RegularSplit}); only LoopSplitTest turns
     * it off, to hold the fast path against the general one on the same records.
     */
    boolean regularPath = true;

    /**
     * @param layout the record layout
     * @param weights the vertex weights from {@link LoopRules#weights}, covering every valence
     */
    public LoopSplit(RecordLayout layout, float[] weights) {
        this.layout = layout;
        this.ringMax = layout.ringMax();
        this.pointFloats = layout.pointFloats();
        this.metaInts = layout.metaInts();
        this.tf = layout.triangleFloats();
        this.normals = layout.carriesNormals();
        this.chaikin = layout.chaikin();
        this.uvs = layout.uvs();
        this.smoothUvs = layout.smoothUvs();
        this.scratch = new SplitScratch(layout);
        this.rules = new SplitRules(scratch);
        this.positions = new PositionChannel(scratch, rules, weights);
        this.uv = new UvChannel(scratch, rules, weights);
        this.limits = new LimitChannel(scratch, rules, positions, uv, weights);
        this.triangles = new TriangleWriter(layout, uv, limits);
        this.childWriter = new ChildWriter(scratch, rules, positions, uv, limits);
        this.regular = new RegularSplit(scratch, uv, limits, triangles, childWriter, weights);
        this.k = scratch.k;
        this.g = scratch.g;
    }

    /**
     * Where the children of one chunk go: records of the next level, or output triangles. The
     * destination records must be all zero when the split starts (freshly allocated chunks): the
     * split writes only the slots and bits a child uses, and the unused ones must read as zero, as
     * the shader's {@code beginChild} leaves them.
     */
    public interface ChildSink {
        /**
         * @param q child index within the chunk's children ({@code 4i + k})
         * @return the chunk that holds child q
         */
        RecordChunk chunkOf(int q);

        /**
         * @param q child index
         * @return the record index of child q inside {@link #chunkOf}
         */
        int indexOf(int q);
    }

    /**
     * Makes the last split (which writes triangles) of a uniform refinement take the limit position
     * and normal of corners with sharp spokes again from their rings at the last level, with that
     * level's rules: darts and semi-sharp creases have a limit that depends on the level it is taken
     * at. Adaptive refinement keeps the limit each vertex got where it was born (triangles of several
     * levels share it).
     *
     * @param on whether to
     * @return this
     */
    public LoopSplit renewSharpLimitsAtLastLevel(boolean on) {
        limits.renewAtLast = on;
        return this;
    }

    /**
     * Splits the active records of a chunk.
     *
     * @param chunk the records
     * @param filter the filter's decision for this chunk
     * @param children where child records go (all zero beforehand), or null to write triangles to {@code direct}
     * @param direct receives 4 triangles per active record when {@code children} is null
     * @param slivers receives a triangle per sliver at the filter's sliver offsets
     */
    public void run(RecordChunk chunk, LoopFilter.Result filter, ChildSink children, float[] direct, float[] slivers) {
        run(chunk, filter, children, direct, 0, slivers, 0);
    }

    /**
     * Splits the active records of a chunk into arrays shared with other chunks.
     *
     * @param chunk the records
     * @param filter the filter's decision for this chunk
     * @param children where child records go (all zero beforehand), or null to write triangles to {@code direct}
     * @param direct receives 4 triangles per active record when {@code children} is null
     *               ({@link RecordLayout#triangleFloats()} floats each, as every output triangle)
     * @param directAt float offset in {@code direct} of this chunk's first triangle
     * @param slivers receives a triangle per sliver at the filter's sliver offsets
     * @param sliverAt float offset in {@code slivers} of this chunk's first sliver
     */
    public void run(RecordChunk chunk, LoopFilter.Result filter, ChildSink children, float[] direct, int directAt,
                    float[] slivers, int sliverAt) {
        int[] meta = chunk.meta;
        int[] active = filter.active;
        int[] sliverOffset = filter.sliverOffset;
        int regularMeta0 = RecordLayout.packMeta0(6, 6, 6, 0);
        int regularMeta1 = RecordLayout.packMeta1(RecordLayout.NO_GAP, RecordLayout.NO_GAP, RecordLayout.NO_GAP);
        for (int j = 0; j < filter.activeCount; j++) {
            int r = active[j];
            int mb = r * metaInts;
            int m0 = meta[mb];
            if (regularPath && meta[mb + 1] == regularMeta1 && (m0 & RecordLayout.REGULAR_MASK) == regularMeta0
                    && (!smoothUvs || (m0 & RecordLayout.SEAMLESS) != 0 || regular.seamless(chunk.points, r * pointFloats))) {
                regular.splitRegular(chunk, r, j, sliverAt + tf * sliverOffset[j], children, direct, directAt, slivers);
            } else {
                splitOne(chunk, r, j, sliverAt + tf * sliverOffset[j], children, direct, directAt, slivers);
            }
        }
    }

    private void splitOne(RecordChunk chunk, int r, int j, int sliverFloat, ChildSink children, float[] direct,
                          int directAt, float[] slivers) {
        float[] p = chunk.points;
        int[] meta = chunk.meta;
        int pb = r * pointFloats;
        int mb = r * metaInts;
        int m0 = meta[mb];
        scratch.loadRing(p, pb, m0, meta[mb + 1]);
        if (uvs) {
            uv.bornUvs(p, pb);
        }
        rules.beginRules(m0);

        // Vertex points, then edge points of every spoke; shared spokes are computed from both ends
        // and agree because the masks are symmetric to the bit.
        if (chaikin && rules.sharpRecord) {
            rules.chaikinHalves(p, pb);
        }
        for (int c = 0; c < 3; c++) {
            int kc = k[c];
            int gc = g[c];
            boolean frozen = rules.cornerFrozen(meta, mb, c);
            positions.vertexPoint(p, pb, c, kc, gc, frozen);
            for (int i = 0; i < kc; i++) {
                positions.edgePoint(p, pb, meta, mb, c, kc, gc, i);
            }
            if (smoothUvs) {
                uv.uvVertexPoint(c, kc, gc, frozen);
                for (int i = 0; i < kc; i++) {
                    uv.uvEdgePoint(c, kc, i);
                }
            }
        }
        if (smoothUvs) {
            uv.smoothBornUvs();
        }
        if (normals) {
            limits.bornLimits(p, pb);
            limits.renewCorners(children == null);
        }

        int nf = RecordLayout.neighbourFinished(m0);
        triangles.writeSlivers(slivers, sliverFloat, nf, p, pb, positions.vertexPoints, positions.edgePoints,
                3 * ringMax);
        if (children == null) {
            triangles.writeDirect(direct, directAt + 4 * tf * j, p, pb, positions.vertexPoints, positions.edgePoints,
                    3 * ringMax, limits.renewed, limits.renewedAll);
            return;
        }
        childWriter.writeChildren(children, j, meta, mb, nf, p, pb);
    }

    /**
     * Writes the limit uv of every corner of a level-0 record (layouts with {@link RecordLayout#uvLimits()}),
     * by the same rules a split applies to the vertices it creates; the record's other data must be
     * complete.
     *
     * @param chunk the records
     * @param r the record
     */
    void levelZeroUvLimits(RecordChunk chunk, int r) {
        float[] p = chunk.points;
        int pb = r * pointFloats;
        int mb = r * metaInts;
        int m0 = chunk.meta[mb];
        scratch.loadRing(p, pb, m0, chunk.meta[mb + 1]);
        rules.beginRules(m0);
        for (int c = 0; c < 3; c++) {
            limits.uvLimitPoint(c, k[c], g[c], false, p, pb + layout.uvLimit(c, 0));
        }
    }
}
