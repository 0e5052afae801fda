package org.loopsub.stream;

import java.util.ArrayList;
import java.util.List;

import org.loopsub.api.LevelStats;
import org.loopsub.api.ProgressListener;
import org.loopsub.parallel.Workers;

/**
 * The Java back end's level loop over the record stream: edge test, filter, split, level after level,
 * until the stream is empty or the maximum depth is reached. Chunks of a level are processed in
 * parallel; their results are joined in chunk order, so the output does not depend on the number of
 * threads.
 *
 * <p>Output order: for each level, its finished records in stream order, then its slivers in stream
 * order; at the maximum depth every remaining triangle.
 */
public final class JavaStreamEngine {
    private final RecordLayout layout;
    private final float[] weights;
    private final Workers workers;

    /**
     * @param layout the record layout
     * @param weights vertex weights from {@link org.loopsub.rules.LoopRules#weights}
     * @param workers the threads to run chunks on
     */
    public JavaStreamEngine(RecordLayout layout, float[] weights, Workers workers) {
        this.layout = layout;
        this.weights = weights;
        this.workers = workers;
    }

    /**
     * Output triangles of the whole run, as blocks of corners ({@link RecordLayout#triangleFloats()}
     * floats per triangle: each corner's position, then its normal when the layout carries them).
     */
    public static final class Output {
        /** Floats per triangle. */
        public final int triangleFloats;

        Output(int triangleFloats) {
            this.triangleFloats = triangleFloats;
        }

        /** Blocks in output order. */
        public final List<float[]> blocks = new ArrayList<>();
        /** Triangles in each block. */
        public final List<Integer> counts = new ArrayList<>();
        /** Per-level statistics. */
        public final List<LevelStats> levels = new ArrayList<>();

        void add(float[] block, int count) {
            if (count > 0) {
                blocks.add(block);
                counts.add(count);
            }
        }

        /** @return total triangles */
        public long triangleCount() {
            long n = 0;
            for (int c : counts) {
                n += c;
            }
            return n;
        }

        /**
         * All corners in one array. When the run wrote its whole output into one block (the engine
         * does so whenever the last level is reached) that block is returned as it is, without a
         * copy; callers must not modify it.
         *
         * @return all corners in one array, at least {@code triangleFloats * triangleCount()} floats
         * @throws IllegalStateException if they do not fit one Java array
         */
        public float[] corners() {
            long n = (long) triangleFloats * triangleCount();
            if (n > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("output of " + triangleCount() + " triangles does not fit in memory");
            }
            if (blocks.size() == 1 && blocks.get(0).length == n) {
                return blocks.get(0);
            }
            float[] all = new float[(int) n];
            int at = 0;
            for (int b = 0; b < blocks.size(); b++) {
                int len = triangleFloats * counts.get(b);
                System.arraycopy(blocks.get(b), 0, all, at, len);
                at += len;
            }
            return all;
        }

        /**
         * Replaces the blocks by one array of {@code total} triangles that starts with the blocks so
         * far (copied in parallel); the caller fills the rest.
         */
        float[] gather(long total, Workers workers) {
            long n = (long) triangleFloats * total;
            if (n > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("output of " + total + " triangles does not fit in memory");
            }
            float[] all = new float[(int) n];
            int[] at = new int[blocks.size()];
            int sum = 0;
            for (int b = 0; b < blocks.size(); b++) {
                at[b] = sum;
                sum += triangleFloats * counts.get(b);
            }
            List<float[]> old = new ArrayList<>(blocks);
            List<Integer> oldCounts = new ArrayList<>(counts);
            workers.forEach(old.size(), b -> System.arraycopy(old.get(b), 0, all, at[b], triangleFloats * oldCounts.get(b)));
            blocks.clear();
            counts.clear();
            blocks.add(all);
            counts.add((int) total);
            return all;
        }
    }

    /** What phase 1 (edge test and filter) found in one chunk, and where phase 2 puts its output. */
    private static final class ChunkResult {
        LoopFilter.Result filter;
        float[] slivers;
        int sliverAt;
        List<RecordChunk> children;
        float[] direct;
        int directAt;
        int finishedAt;
    }

    /**
     * Runs every level.
     *
     * <p>A level runs in two parallel sweeps over its chunks: the edge test and the filter, then
     * (after the sizes are known) the split. At the level that writes the last triangles, the whole
     * output is gathered into one array and every chunk writes its finished triangles, slivers and
     * children at precomputed offsets, so {@link Output#corners()} needs no copy.
     *
     * @param stream the level-0 records
     * @param maxDepth the maximum depth
     * @param test the stop criterion
     * @param progress told after each level
     * @return the output triangles
     */
    public Output run(List<RecordChunk> stream, int maxDepth, SpokeTest test, ProgressListener progress) {
        return run(stream, maxDepth, -1, test, progress);
    }

    /**
     * As {@link #run(List, int, SpokeTest, ProgressListener)}, stopped at {@code stopLevel}: that
     * level's records are all written whole, as at the maximum depth, and no level follows. The GL
     * back end's resident frames stop so where their room ran out (a depth stop is crack-free).
     *
     * @param stopLevel the level that writes every record whole, or -1 for none
     */
    public Output run(List<RecordChunk> stream, int maxDepth, int stopLevel, SpokeTest test,
                      ProgressListener progress) {
        return run(stream, maxDepth, stopLevel, test, progress, null);
    }

    /**
     * As {@link #run(List, int, int, SpokeTest, ProgressListener)}, recording the edge test's
     * verdicts or replaying recorded ones in place of the test.
     *
     * @param verdicts {@link Verdicts#recording} to keep this run's verdicts, {@link Verdicts#replay()}
     *     to split as the recorded run did (then {@code test} is {@link Verdicts#test()} and
     *     {@code stream} has the recorded run's records, in any layout), or null for neither
     */
    public Output run(List<RecordChunk> stream, int maxDepth, int stopLevel, SpokeTest test,
                      ProgressListener progress, Verdicts verdicts) {
        // a stream moved through its table (a GPU mesh's) reads its slots here: bring them up first
        RecordBuilder.refreshSlots(layout, stream);
        Output out = new Output(layout.triangleFloats());
        List<RecordChunk> current = stream;
        for (int level = 0; level <= maxDepth && !current.isEmpty(); level++) {
            long t0 = System.nanoTime();
            final int lvl = level;
            final List<RecordChunk> in = current;
            final boolean atMax = level == maxDepth || level == stopLevel;
            final boolean lastSplit = level + 1 == maxDepth && !atMax;
            ChunkResult[] results = new ChunkResult[in.size()];
            boolean tests = !atMax && test.canComplete();
            if (tests && verdicts != null) {
                verdicts.startLevel(level, in.size());
            }
            workers.forEach(in.size(), i -> results[i] = filterChunk(in.get(i), i, lvl, atMax, test, verdicts));
            long active = 0;
            long finished = 0;
            long slivers = 0;
            long split = 0;
            for (ChunkResult r : results) {
                active += r.filter.activeCount + r.filter.finishedCount;
                finished += r.filter.finishedCount;
                slivers += r.filter.sliverCount;
                split += r.filter.activeCount;
            }
            // Uniform refinement two levels above the maximum depth: the next level has neither
            // finished records nor slivers, so each chunk splits twice in a row through a small
            // scratch chunk and writes the last triangles directly; the largest level's stream is
            // never stored.
            final boolean fused = !test.canComplete() && level + 2 == maxDepth && slivers == 0 && stopLevel < 0;
            long direct = lastSplit ? 4 * split : fused ? 16 * split : 0;
            // The stream ends here when every record finished, or this level writes the last triangles.
            boolean ends = atMax || lastSplit || fused || split == 0;
            List<RecordChunk> next = ends ? List.of() : new ArrayList<>();
            if (ends) {
                writeLastTriangles(out, in, results, finished + slivers + direct, atMax, lastSplit, fused,
                        !test.canComplete());
            } else {
                splitLevel(out, in, results, next);
            }
            current = next;
            LevelStats stats = new LevelStats(level, active, finished, slivers, split, System.nanoTime() - t0);
            out.levels.add(stats);
            progress.levelDone(stats);
            if (fused) {
                // The level below was split in the same sweep (its time is in this level's).
                LevelStats below = new LevelStats(level + 1, 4 * split, 0, 0, 4 * split, 0);
                out.levels.add(below);
                progress.levelDone(below);
                level++;
            }
            if (direct > 0) {
                // The split wrote the last level's triangles directly; report them as that level,
                // finished there (their time is in the level above).
                LevelStats last = new LevelStats(level + 1, direct, direct, 0, 0, 0);
                out.levels.add(last);
                progress.levelDone(last);
            }
        }
        return out;
    }

    /**
     * The level that ends the stream: its finished triangles, slivers and (the level before the
     * maximum depth, or a fused pair of uniform levels) the triangles its split writes directly, each
     * group in stream order, into one gathered output.
     *
     * @param triangles what the level writes in all
     * @param uniform whether no edge can complete early (uniform refinement)
     */
    private void writeLastTriangles(Output out, List<RecordChunk> in, ChunkResult[] results, long triangles,
                                    boolean atMax, boolean lastSplit, boolean fused, boolean uniform) {
        int tf = layout.triangleFloats();
        long before = out.triangleCount();
        float[] all = out.gather(before + triangles, workers);
        long at = (long) tf * before;
        for (ChunkResult r : results) {
            r.finishedAt = (int) at;
            at += (long) tf * r.filter.finishedCount;
        }
        for (ChunkResult r : results) {
            r.slivers = all;
            r.sliverAt = (int) at;
            at += (long) tf * r.filter.sliverCount;
        }
        for (ChunkResult r : results) {
            if (lastSplit || fused) {
                r.direct = all;
                r.directAt = (int) at;
                at += (fused ? 16L : 4L) * tf * r.filter.activeCount;
            }
        }
        workers.forEach(results.length, i -> {
            ChunkResult r = results[i];
            System.arraycopy(r.filter.finished, 0, all, r.finishedAt, tf * r.filter.finishedCount);
            if (r.filter.activeCount > 0 && fused) {
                splitTwice(in.get(i), r.filter, all, r.directAt);
            } else if (r.filter.activeCount > 0 && !atMax) {
                new LoopSplit(layout, weights).renewSharpLimitsAtLastLevel(uniform)
                        .run(in.get(i), r.filter, null, r.direct, r.directAt,
                        r.slivers, r.sliverAt);
            }
        });
    }

    /** A level that goes on: its finished triangles and slivers to the output, its children into {@code next}. */
    private void splitLevel(Output out, List<RecordChunk> in, ChunkResult[] results, List<RecordChunk> next) {
        int tf = layout.triangleFloats();
        for (ChunkResult r : results) {
            out.add(r.filter.finished, r.filter.finishedCount);
            r.slivers = new float[tf * r.filter.sliverCount];
            r.children = childChunks(r.filter.activeCount);
            next.addAll(r.children);
        }
        for (ChunkResult r : results) {
            out.add(r.slivers, r.filter.sliverCount);
        }
        workers.forEach(results.length, i -> splitChunk(in.get(i), results[i]));
    }

    private ChunkResult filterChunk(RecordChunk chunk, int index, int level, boolean atMax, SpokeTest test,
                                    Verdicts verdicts) {
        if (!atMax && test.canComplete()) {
            if (verdicts != null && verdicts.replaying()) {
                verdicts.copy(level, index, chunk, layout);
            } else {
                LoopFlagEdges.run(chunk, layout, level, test);
                if (verdicts != null) {
                    verdicts.record(level, index, chunk, layout);
                }
            }
        }
        ChunkResult res = new ChunkResult();
        res.filter = LoopFilter.run(chunk, layout, atMax);
        return res;
    }

    /**
     * Records per child chunk: four times a level-0 chunk, so that a chunk's children usually fill
     * one chunk. Large chunks are also kind to the garbage collector: a level's stream is live
     * while the next one is written, and big arrays are allocated where a young collection does not
     * copy them (G1's humongous regions).
     */
    static final int CHILD_CAPACITY_BITS = RecordChunk.CAPACITY_BITS + 2;
    static final int CHILD_CAPACITY = 1 << CHILD_CAPACITY_BITS;

    /** Fresh (all-zero) chunks for the children of {@code active} records, 4 each. */
    private List<RecordChunk> childChunks(int active) {
        int nChildren = 4 * active;
        List<RecordChunk> kids = new ArrayList<>();
        for (int first = 0; first < nChildren; first += CHILD_CAPACITY) {
            int n = Math.min(CHILD_CAPACITY, nChildren - first);
            RecordChunk kid = new RecordChunk(layout, n);
            kid.count = n;
            kids.add(kid);
        }
        return kids;
    }

    /** Parent records per batch of {@link #splitTwice}: 4 times as many children stay in the cache. */
    private static final int TWICE_BATCH = 64;

    /**
     * Splits the active records of a uniform chunk, then their children, writing the grandchildren
     * as triangles at {@code directAt}: the same two passes as two levels of {@link #run}, on
     * batches of records, with the children in a scratch chunk. Child {@code 4j + k} of this chunk
     * is the next level's record at that place in the stream, so its triangles go where the next
     * level would write them.
     */
    private void splitTwice(RecordChunk chunk, LoopFilter.Result filter, float[] direct, int directAt) {
        // (fused levels are uniform refinement)
        LoopSplit split = new LoopSplit(layout, weights).renewSharpLimitsAtLastLevel(true);
        RecordChunk scratch = new RecordChunk(layout, 4 * TWICE_BATCH);
        LoopFilter.Result parents = new LoopFilter.Result(TWICE_BATCH);
        LoopFilter.Result children = new LoopFilter.Result(4 * TWICE_BATCH);
        for (int q = 0; q < 4 * TWICE_BATCH; q++) {
            children.active[q] = q;
        }
        LoopSplit.ChildSink sink = new LoopSplit.ChildSink() {
            @Override
            public RecordChunk chunkOf(int q) {
                return scratch;
            }

            @Override
            public int indexOf(int q) {
                return q;
            }
        };
        int pf = layout.pointFloats();
        int mi = layout.metaInts();
        for (int j0 = 0; j0 < filter.activeCount; j0 += TWICE_BATCH) {
            int n = Math.min(TWICE_BATCH, filter.activeCount - j0);
            System.arraycopy(filter.active, j0, parents.active, 0, n);
            parents.activeCount = n;
            if (j0 > 0) {
                // ChildSink's contract: the children start all zero.
                java.util.Arrays.fill(scratch.points, 0, 4 * n * pf, 0f);
                java.util.Arrays.fill(scratch.meta, 0, 4 * n * mi, 0);
            }
            scratch.count = 4 * n;
            split.run(chunk, parents, sink, null, 0, null, 0);
            children.activeCount = 4 * n;
            split.run(scratch, children, null, direct, directAt + 16 * layout.triangleFloats() * j0, null, 0);
        }
    }

    private void splitChunk(RecordChunk chunk, ChunkResult res) {
        if (res.filter.activeCount == 0) {
            return;
        }
        List<RecordChunk> kids = res.children;
        new LoopSplit(layout, weights).run(chunk, res.filter, new LoopSplit.ChildSink() {
            @Override
            public RecordChunk chunkOf(int q) {
                return kids.get(q >>> CHILD_CAPACITY_BITS);
            }

            @Override
            public int indexOf(int q) {
                return q & (CHILD_CAPACITY - 1);
            }
        }, null, 0, res.slivers, 0);
    }
}
