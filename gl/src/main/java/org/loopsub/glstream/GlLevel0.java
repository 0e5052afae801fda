package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;

import java.util.ArrayList;
import java.util.List;

import org.lwjgl.system.MemoryUtil;

import org.loopsub.gl.GlBuffer;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;

/**
 * The level-0 records on the GPU, in segments of at most four windows, rearranged on the CPU from
 * the record builder's chunks (one record after the other) into tiles of 32 (loop_record.glsl),
 * straight into the context's native scratch memory and uploaded from there (no Java array: a
 * one-shot refinement's upload made megabytes of them, and their allocation cost more than the
 * copy). A prepared mesh keeps them from frame to frame and {@linkplain #rewrite rewrites} them in
 * place when its control points move. The edge test writes complete bits into the records it tests, so a kept
 * stream also keeps a pristine copy of its metadata, copied back (on the GPU) before each run.
 */
public final class GlLevel0 implements AutoCloseable {
    private final GlBufferPool pool;
    private final RecordLayout layout;
    private final long segmentRecords;
    final List<Segment> segments;
    /** Untouched metadata of each segment, or {@code null} for a stream used once. */
    private final List<GlBuffer> pristineMeta;
    /** Where the next record to tile is: chunk and index in it. */
    private int cursorChunk;
    private int cursorIndex;
    /** The chunk arrays and record offsets of one tile's lanes (kept: a moving cage rewrites every frame). */
    private final float[][] lanePoints = new float[Segment.TILE][];
    private final int[][] laneMeta = new int[Segment.TILE][];
    private final int[] laneAt = new int[Segment.TILE];

    /**
     * Uploads the records.
     *
     * @param segmentRecords most records per segment
     * @param kept whether the stream serves many runs; it then keeps a pristine copy of its metadata
     */
    GlLevel0(GlBufferPool pool, RecordLayout layout, long segmentRecords, List<RecordChunk> chunks, boolean kept) {
        this.pool = pool;
        this.layout = layout;
        this.segmentRecords = segmentRecords;
        this.pristineMeta = kept ? new ArrayList<>() : null;
        this.segments = write(chunks, null);
        if (kept) {
            for (Segment s : segments) {
                pristineMeta.add(pool.acquire(s.meta().bytes(), "loop_records_meta_level0"));
            }
            savePristine();
        }
    }

    /** @return the level-0 records, over all segments */
    long recordCount() {
        long n = 0;
        for (int i = 0; i < segments.size(); i++) {
            n += segments.get(i).count();
        }
        return n;
    }

    /** @return whether the stream is kept for many runs */
    boolean kept() {
        return pristineMeta != null;
    }

    /**
     * Writes new level-0 records over the old ones, same layout and count (the same mesh with moved
     * control points): no allocation.
     *
     * @throws IllegalArgumentException if the count differs
     */
    public void rewrite(List<RecordChunk> chunks) {
        write(chunks, segments);
        if (pristineMeta != null) {
            savePristine();
        }
    }

    private void savePristine() {
        // the uploads were plain buffer writes: ordered before these copies without a barrier
        for (int i = 0; i < segments.size(); i++) {
            pristineMeta.get(i).copyFrom(segments.get(i).meta(), 0, 0, segments.get(i).meta().bytes());
        }
    }

    /** Puts the metadata back as uploaded, undoing the complete bits of an earlier run. */
    void restore() {
        if (pristineMeta == null) {
            return;
        }
        // the last run's passes wrote the metadata the copy overwrites
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        for (int i = 0; i < segments.size(); i++) {
            segments.get(i).meta().copyFrom(pristineMeta.get(i), 0, 0, segments.get(i).meta().bytes());
        }
    }

    private List<Segment> write(List<RecordChunk> chunks, List<Segment> existing) {
        int pf = layout.pointFloats();
        int mi = layout.metaInts();
        long n = 0;
        for (int i = 0; i < chunks.size(); i++) {
            n += chunks.get(i).count;
        }
        List<Segment> written = existing == null ? new ArrayList<>() : null;
        long most = Math.min(segmentRecords, (Integer.MAX_VALUE - 8) / pf / Segment.TILE * Segment.TILE);
        int index = 0;
        cursorChunk = 0;
        cursorIndex = 0;
        for (long first = 0; first < n; first += most, index++) {
            int count = (int) Math.min(most, n - first);
            int cap = (int) Segment.tiled(count);
            if (existing != null && (index >= existing.size() || existing.get(index).count() != count)) {
                throw new IllegalArgumentException("rewrite with " + n + " records over a different stream");
            }
            Segment seg;
            if (existing != null) {
                seg = existing.get(index);
            } else {
                seg = new Segment(pool.acquire(4L * cap * pf, "loop_records_points"),
                        pool.acquire(4L * cap * mi, "loop_records_meta"), count);
                written.add(seg);
            }
            int from = cursorChunk;
            int fromIndex = cursorIndex;
            long at = seg.points().stage(4L * cap * pf);
            tile(chunks, count, pf, at, true);
            seg.points().writeStaged(0, at, 4L * cap * pf);
            cursorChunk = from;
            cursorIndex = fromIndex;
            at = seg.meta().stage(4L * cap * mi);
            tile(chunks, count, mi, at, false);
            seg.meta().writeStaged(0, at, 4L * cap * mi);
        }
        if (existing != null && index != existing.size()) {
            throw new IllegalArgumentException("rewrite with " + n + " records over a different stream");
        }
        return existing != null ? existing : written;
    }

    /**
     * Tiles the next {@code count} records' points (or metadata) into native memory at {@code at}:
     * tile t's word f of lane l at {@code (t * words + f) * 32 + l}, written in that order; the lanes
     * past the last record are zeros. Advances the cursor.
     */
    private void tile(List<RecordChunk> chunks, int count, int words, long at, boolean points) {
        int tiles = (int) (Segment.tiled(count) / Segment.TILE);
        long o = at;
        for (int t = 0; t < tiles; t++) {
            int lanes = Math.min(Segment.TILE, count - t * Segment.TILE);
            for (int l = 0; l < lanes; l++) {
                while (cursorIndex == chunks.get(cursorChunk).count) {
                    cursorChunk++;
                    cursorIndex = 0;
                }
                RecordChunk c = chunks.get(cursorChunk);
                lanePoints[l] = c.points;
                laneMeta[l] = c.meta;
                laneAt[l] = cursorIndex * words;
                cursorIndex++;
            }
            for (int f = 0; f < words; f++) {
                int l = 0;
                if (points) {
                    for (; l < lanes; l++) {
                        MemoryUtil.memPutFloat(o, lanePoints[l][laneAt[l] + f]);
                        o += 4;
                    }
                } else {
                    for (; l < lanes; l++) {
                        MemoryUtil.memPutInt(o, laneMeta[l][laneAt[l] + f]);
                        o += 4;
                    }
                }
                for (; l < Segment.TILE; l++) {
                    MemoryUtil.memPutInt(o, 0);
                    o += 4;
                }
            }
        }
        java.util.Arrays.fill(lanePoints, null);
        java.util.Arrays.fill(laneMeta, null);
    }

    /** Gives the buffers back to the pool. */
    @Override
    public void close() {
        for (int i = 0; i < segments.size(); i++) {
            pool.release(segments.get(i).points());
            pool.release(segments.get(i).meta());
        }
        segments.clear();
        if (pristineMeta != null) {
            for (int i = 0; i < pristineMeta.size(); i++) {
                pool.release(pristineMeta.get(i));
            }
            pristineMeta.clear();
        }
    }
}
