package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;

import java.util.ArrayList;
import java.util.List;

import org.loopsub.gl.GlBuffer;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;

/**
 * The level-0 records on the GPU, in segments of at most four windows, rearranged on the CPU from
 * the record builder's chunks (one record after the other) into tiles of 32 (loop_record.glsl). A
 * prepared mesh keeps them from frame to frame and {@linkplain #rewrite rewrites} them in place when
 * its control points move. The edge test writes complete bits into the records it tests, so a kept
 * stream also keeps a pristine copy of its metadata, copied back (on the GPU) before each run.
 */
public final class GlLevel0 implements AutoCloseable {
    private final GlBufferPool pool;
    private final RecordLayout layout;
    private final long segmentRecords;
    final List<Segment> segments;
    /** Untouched metadata of each segment, or {@code null} for a stream used once. */
    private final List<GlBuffer> pristineMeta;
    /**
     * The tiled arrays each segment was uploaded from, kept by a stream that serves many runs: a
     * moving cage rewrites them every frame ({@link #rewrite}), and arrays of this size made each
     * time would be megabytes of garbage a frame.
     */
    private final List<float[]> tiledPoints = new ArrayList<>();
    private final List<int[]> tiledMeta = new ArrayList<>();

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
        int chunk = 0;
        int inChunk = 0;
        int index = 0;
        for (long first = 0; first < n; first += most, index++) {
            int count = (int) Math.min(most, n - first);
            int cap = (int) Segment.tiled(count);
            if (existing != null && (index >= existing.size() || existing.get(index).count() != count)) {
                throw new IllegalArgumentException("rewrite with " + n + " records over a different stream");
            }
            boolean reuse = index < tiledPoints.size();
            float[] p = reuse ? tiledPoints.get(index) : new float[cap * pf];
            int[] m = reuse ? tiledMeta.get(index) : new int[cap * mi];
            for (int r = 0; r < count; r++) {
                while (inChunk == chunks.get(chunk).count) {
                    chunk++;
                    inChunk = 0;
                }
                RecordChunk c = chunks.get(chunk);
                int tile = r / Segment.TILE;
                int lane = r % Segment.TILE;
                for (int f = 0; f < pf; f++) {
                    p[(tile * pf + f) * Segment.TILE + lane] = c.points[inChunk * pf + f];
                }
                for (int w = 0; w < mi; w++) {
                    m[(tile * mi + w) * Segment.TILE + lane] = c.meta[inChunk * mi + w];
                }
                inChunk++;
            }
            Segment seg;
            if (existing != null) {
                seg = existing.get(index);
            } else {
                seg = new Segment(pool.acquire(4L * p.length, "loop_records_points"),
                        pool.acquire(4L * m.length, "loop_records_meta"), count);
                written.add(seg);
                if (pristineMeta != null) {
                    tiledPoints.add(p);
                    tiledMeta.add(m);
                }
            }
            seg.points().write(0, p);
            seg.meta().write(0, m);
        }
        if (existing != null && index != existing.size()) {
            throw new IllegalArgumentException("rewrite with " + n + " records over a different stream");
        }
        return existing != null ? existing : written;
    }

    /** Gives the buffers back to the pool. */
    @Override
    public void close() {
        for (int i = 0; i < segments.size(); i++) {
            pool.release(segments.get(i).points());
            pool.release(segments.get(i).meta());
        }
        segments.clear();
        tiledPoints.clear();
        tiledMeta.clear();
        if (pristineMeta != null) {
            for (int i = 0; i < pristineMeta.size(); i++) {
                pool.release(pristineMeta.get(i));
            }
            pristineMeta.clear();
        }
    }
}
