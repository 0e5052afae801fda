package org.loopsub.stream;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;

import org.loopsub.api.LevelStats;
import org.loopsub.api.ProgressListener;

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
    private final ForkJoinPool pool;

    /**
     * @param layout the record layout
     * @param weights vertex weights from {@link org.loopsub.rules.LoopRules#weights}
     * @param pool the pool to run chunks in
     */
    public JavaStreamEngine(RecordLayout layout, float[] weights, ForkJoinPool pool) {
        this.layout = layout;
        this.weights = weights;
        this.pool = pool;
    }

    /** Output triangles of the whole run, as blocks of corners (9 floats per triangle). */
    public static final class Output {
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
         * @return all corners in one array
         * @throws IllegalStateException if they do not fit one Java array
         */
        public float[] corners() {
            long n = 9 * triangleCount();
            if (n > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("output of " + triangleCount() + " triangles does not fit in memory");
            }
            float[] all = new float[(int) n];
            int at = 0;
            for (int b = 0; b < blocks.size(); b++) {
                int len = 9 * counts.get(b);
                System.arraycopy(blocks.get(b), 0, all, at, len);
                at += len;
            }
            return all;
        }
    }

    private static final class ChunkResult {
        LoopFilter.Result filter;
        float[] slivers;
        List<RecordChunk> children;
        float[] direct;
    }

    /**
     * Runs every level.
     *
     * @param stream the level-0 records
     * @param maxDepth the maximum depth
     * @param test the stop criterion
     * @param progress told after each level
     * @return the output triangles
     */
    public Output run(List<RecordChunk> stream, int maxDepth, SpokeTest test, ProgressListener progress) {
        Output out = new Output();
        List<RecordChunk> current = stream;
        for (int level = 0; level <= maxDepth && !current.isEmpty(); level++) {
            long t0 = System.nanoTime();
            final int lvl = level;
            final List<RecordChunk> in = current;
            ChunkResult[] results = inPool(() -> IntStream.range(0, in.size()).parallel()
                    .mapToObj(i -> processChunk(in.get(i), lvl, maxDepth, test))
                    .toArray(ChunkResult[]::new));
            long active = 0;
            long finished = 0;
            long slivers = 0;
            long split = 0;
            List<RecordChunk> next = new ArrayList<>();
            long direct = 0;
            for (ChunkResult r : results) {
                active += r.filter.activeCount + r.filter.finishedCount;
                finished += r.filter.finishedCount;
                out.add(r.filter.finished, r.filter.finishedCount);
            }
            for (ChunkResult r : results) {
                slivers += r.filter.sliverCount;
                split += r.filter.activeCount;
                out.add(r.slivers, r.filter.sliverCount);
            }
            for (ChunkResult r : results) {
                if (r.direct != null) {
                    out.add(r.direct, 4 * r.filter.activeCount);
                    direct += 4L * r.filter.activeCount;
                } else if (r.children != null) {
                    next.addAll(r.children);
                }
            }
            current = next;
            LevelStats stats = new LevelStats(level, active, finished, slivers, split, System.nanoTime() - t0);
            out.levels.add(stats);
            progress.levelDone(stats);
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

    private ChunkResult processChunk(RecordChunk chunk, int level, int maxDepth, SpokeTest test) {
        boolean atMax = level == maxDepth;
        if (!atMax && test.canComplete()) {
            LoopFlagEdges.run(chunk, layout, level, test);
        }
        ChunkResult res = new ChunkResult();
        res.filter = LoopFilter.run(chunk, layout, atMax);
        int active = res.filter.activeCount;
        res.slivers = new float[9 * res.filter.sliverCount];
        if (active == 0) {
            res.children = List.of();
            return res;
        }
        LoopSplit split = new LoopSplit(layout, weights);
        if (level + 1 == maxDepth) {
            // Children at the maximum depth finish unconditionally: write triangles, not records.
            res.direct = new float[36 * active];
            split.run(chunk, res.filter, null, res.direct, res.slivers);
            return res;
        }
        int nChildren = 4 * active;
        List<RecordChunk> kids = new ArrayList<>();
        for (int first = 0; first < nChildren; first += RecordChunk.CAPACITY) {
            RecordChunk kid = new RecordChunk(layout, Math.min(RecordChunk.CAPACITY, nChildren - first));
            kid.count = Math.min(RecordChunk.CAPACITY, nChildren - first);
            kids.add(kid);
        }
        split.run(chunk, res.filter, new LoopSplit.ChildSink() {
            @Override
            public RecordChunk chunkOf(int q) {
                return kids.get(q >>> RecordChunk.CAPACITY_BITS);
            }

            @Override
            public int indexOf(int q) {
                return q & (RecordChunk.CAPACITY - 1);
            }
        }, null, res.slivers);
        res.children = kids;
        return res;
    }

    private <T> T inPool(java.util.concurrent.Callable<T> task) {
        try {
            return pool.submit(task).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }
}
