package org.loopsub.stream;

/**
 * Pass 2 of a level, the filter: a record whose three edges are complete (or that reached the
 * maximum depth) is finished and goes to the output; the others stay active. Active records also
 * learn here which neighbours have just finished (docs/design.md §4) and how many T-junction slivers they
 * will emit when split. Finished records and slivers are placed by scans, so the output order is the
 * stream order. Twin of {@code loop_filter.comp}; the finished records' corners are then copied out by
 * {@link LoopEmitFinished}, twin of {@code loop_emit_finished.comp}.
 */
public final class LoopFilter {
    private LoopFilter() {
    }

    /** What the filter decided for one chunk. */
    public static final class Result {
        /** Indices of the active records, ascending. */
        public final int[] active;
        /** How many of {@link #active} are in use. */
        public int activeCount;
        /** The finished records as output triangles ({@link RecordLayout#triangleFloats()} floats each), in stream order. */
        public float[] finished;
        /** How many finished records. */
        public int finishedCount;
        /** Per active record (by position in {@link #active}), where its slivers start. */
        public final int[] sliverOffset;
        /** How many slivers the chunk's active records emit. */
        public int sliverCount;

        Result(int n) {
            active = new int[n];
            sliverOffset = new int[n];
        }
    }

    /**
     * @param chunk the records, whose neighbour-finished bits are updated in place
     * @param layout the record layout
     * @param atMaxDepth whether this level is the maximum depth (everything finishes)
     * @return the decision
     */
    public static Result run(RecordChunk chunk, RecordLayout layout, boolean atMaxDepth) {
        int n = chunk.count;
        int mi = layout.metaInts();
        int[] meta = chunk.meta;
        Result res = new Result(n);
        int[] keep = new int[n];
        int[] slivers = new int[n];
        for (int r = 0; r < n; r++) {
            int mb = r * mi;
            boolean done = atMaxDepth || (RecordLayout.bit(meta, mb, 0) && RecordLayout.bit(meta, mb, 1)
                    && RecordLayout.bit(meta, mb, 2));
            if (done) {
                continue;
            }
            keep[r] = 1;
            int m0 = meta[mb];
            int m1 = meta[mb + 1];
            int nf = RecordLayout.neighbourFinished(m0);
            for (int e = 0; e < 3; e++) {
                boolean interior = RecordLayout.nextEdgeInterior(RecordLayout.valence(m0, e), RecordLayout.gap(m1, e));
                // The neighbour (e+1, e, D_e) is finished when its three edges are: e and the two D spokes.
                if (interior && RecordLayout.bit(meta, mb, e) && RecordLayout.bit(meta, mb, 3 + 2 * e)
                        && RecordLayout.bit(meta, mb, 4 + 2 * e)) {
                    nf |= 1 << e;
                }
            }
            meta[mb] = m0 | nf << 24;
            slivers[r] = Integer.bitCount(nf);
        }
        res.activeCount = StreamCompaction.flaggedIndices(keep, n, res.active);
        // the selection of the done flags and the emit, as the GL back end runs them
        int[] done = new int[n];
        for (int r = 0; r < n; r++) {
            done[r] = 1 - keep[r];
        }
        int[] finishedIdx = new int[n];
        res.finishedCount = StreamCompaction.flaggedIndices(done, n, finishedIdx);
        res.finished = new float[layout.triangleFloats() * res.finishedCount];
        LoopEmitFinished.run(chunk, layout, finishedIdx, res.finishedCount, res.finished, 0);
        for (int j = 0; j < res.activeCount; j++) {
            slivers[j] = slivers[res.active[j]];
        }
        res.sliverCount = StreamCompaction.exclusiveSum(slivers, res.sliverOffset, res.activeCount);
        return res;
    }
}
