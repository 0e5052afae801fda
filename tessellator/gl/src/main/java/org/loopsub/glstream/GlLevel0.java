package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;

import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.lwjgl.system.MemoryUtil;

import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GlContext;
import org.loopsub.parallel.Workers;
import org.loopsub.stream.RecordBuilder;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;

/**
 * The level-0 records on the GPU, in segments of at most four windows: uploaded as the record
 * builder's chunks hold them, one record after the other (copied into {@link UploadArena}'s mapped
 * host memory and from there to device memory, or where it cannot take them, each chunk's arrays in
 * one call to a staging buffer), and laid out in tiles of 32 (loop_record.glsl) on the GPU by
 * loop_tile. (Tiling on the host, a word at a time, cost 2-3 ms for 9,000 wide records: more than
 * the refinement's first levels.) A stream whose chunks say where each point slot comes from
 * ({@link RecordChunk#slotSources}) sends its points gathered, where that is fewer bytes or where a
 * move left the slots stale: the per-vertex table and an entry per slot, which loop_tile looks up.
 * A prepared mesh keeps them from frame to frame and {@linkplain #rewrite rewrites} them in place
 * when its control points move. The edge test writes complete bits into the records it tests, so a kept
 * stream also keeps a pristine copy of its metadata, copied back (on the GPU) before each run.
 */
public final class GlLevel0 implements AutoCloseable {
    /** The smallest copy into the arena spread over threads ({@link #copyToArena}). */
    static final long SPREAD_FROM_BYTES = 4L << 20;
    /** Records a thread copies at a time. */
    static final int COPY_RECORDS = 512;
    private final GlContext context;
    private final GlBufferPool pool;
    private final RecordLayout layout;
    private final long segmentRecords;
    final List<Segment> segments;
    /** Untouched metadata of each segment, or {@code null} for a stream used once. */
    private final List<GlBuffer> pristineMeta;
    /** loop_tile, which lays the uploaded records out in tiles. */
    private final ComputeProgram tile;
    /** Where the next record to upload is: chunk and index in it. */
    private int cursorChunk;
    private int cursorIndex;
    /**
     * Views of the context's scratch memory the records are staged in, kept while it stays where it
     * is: a moving cage rewrites the records every frame, and a frame allocates nothing.
     */
    private long viewAddress;
    private FloatBuffer pointsView;
    private IntBuffer metaView;
    /** What loop_tile borrows from the host (its program, the two binding points), put back after. */
    private final HostState.Borrowed hostState;
    /** The host memory this upload goes through, or null where it takes staging buffers. */
    private UploadArena arena;
    /** A spread copy's tasks: chunk, first word there, byte in the arena, words (grown as needed). */
    private int[] copyChunk = new int[16];
    private int[] copyFrom = new int[16];
    private long[] copyTo = new long[16];
    private int[] copyWords = new int[16];
    /** Copies of the last upload spread over threads (what Level0UploadTest asks of it). */
    int spreadCopies;
    /** Whether the upload under way ({@link #rewrite}) leaves the metadata as it is. */
    private boolean pointsOnly;
    /** Whether the upload under way sends level 0's points as a per-vertex table ({@link #uploadGathered}). */
    private boolean gather;
    /** Point uploads of the last upload gathered on the GPU. */
    int gatheredCopies;
    /** The staging buffers of one upload, given back once the tiles are written. */
    private final List<GlBuffer> staged = new ArrayList<>();
    /**
     * Each segment's gathered upload (per-vertex table, slot entries, the words after the slots) kept
     * in device memory for a cage moved on the GPU ({@link #deviceTable}), or null before the first.
     */
    private List<GlBuffer> deviceSources;
    /** Words of the per-vertex table at the start of each of {@link #deviceSources}. */
    private int deviceTableWords;

    /**
     * Uploads the records.
     *
     * @param context the context current on this thread
     * @param tile loop_tile
     * @param segmentRecords most records per segment
     * @param kept whether the stream serves many runs; it then keeps a pristine copy of its metadata
     */
    GlLevel0(GlContext context, GlBufferPool pool, RecordLayout layout, ComputeProgram tile, long segmentRecords,
             List<RecordChunk> chunks, boolean kept) {
        this.context = context;
        this.hostState = new HostState.Borrowed(context, ShaderContract.POINTS, ShaderContract.DST_POINTS);
        this.pool = pool;
        this.tile = tile;
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
     * control points): no allocation. Only their point words go up: a move changes no metadata
     * (valences, gaps and bits follow the topology; RecordBuilder.movePositions), and a kept stream's
     * pristine copy stays as it is.
     *
     * @throws IllegalArgumentException if the count differs
     */
    public void rewrite(List<RecordChunk> chunks) {
        pointsOnly = true;
        try {
            write(chunks, segments);
        } finally {
            pointsOnly = false;
        }
    }

    private void savePristine() {
        // (write() ended with the barrier these copies of loop_tile's output need)
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
        // A kept stream is written by prepare and updatePositions, which leave the host's program and
        // bindings as they were (HostState); a run's upload is followed by its restore.
        if (pristineMeta == null) {
            return tileAll(chunks, existing);
        }
        hostState.save();
        try {
            return tileAll(chunks, existing);
        } finally {
            hostState.restore();
        }
    }

    private List<Segment> tileAll(List<RecordChunk> chunks, List<Segment> existing) {
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
        long alignment = context.storageBufferOffsetAlignment();
        gather = gathered(chunks);
        long staging = 0;
        for (long first = 0; first < n; first += most) {
            long count = Math.min(most, n - first);
            staging += 4 * count * (pf + mi) + 2 * alignment + (gather ? 4L * chunks.get(0).sourceTable.length : 0);
        }
        arena = pool.uploads().begin(staging) ? pool.uploads() : null;
        if (arena == null && gather) {
            // staging buffers take whole records: slots a move left stale are brought up first
            RecordBuilder.refreshSlots(layout, chunks);
        }
        spreadCopies = 0;
        gatheredCopies = 0;
        try {
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
                upload(chunks, count, pf, true, seg.points());
                if (!pointsOnly) {
                    cursorChunk = from;
                    cursorIndex = fromIndex;
                    upload(chunks, count, mi, false, seg.meta());
                }
            }
        } finally {
            if (arena != null) {
                // (after an exception too: what was issued may still read the arena)
                arena.end();
                arena = null;
            }
        }
        // the level's passes (and a kept stream's pristine copy) read what loop_tile wrote; after
        // the barrier no pass still reads the staging buffers
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        for (int i = 0; i < staged.size(); i++) {
            pool.release(staged.get(i));
        }
        staged.clear();
        if (existing != null && index != existing.size()) {
            throw new IllegalArgumentException("rewrite with " + n + " records over a different stream");
        }
        return existing != null ? existing : written;
    }

    /**
     * Moves the cursor past the chunks it has used up.
     *
     * @return how many of the next {@code left} records the cursor's chunk holds from the cursor on
     */
    private int nextRun(List<RecordChunk> chunks, int left) {
        while (cursorIndex == chunks.get(cursorChunk).count) {
            cursorChunk++;
            cursorIndex = 0;
        }
        return Math.min(left, chunks.get(cursorChunk).count - cursorIndex);
    }

    /**
     * Uploads the next {@code count} records' points (or metadata) one after the other, as the chunks
     * hold them, and has loop_tile lay them out in tiles in {@code tiled}. Advances the cursor.
     * Through the arena every run of records is copied into its mapped memory ({@link #copyToArena});
     * through a staging buffer a chunk taken whole goes from its array straight to the driver (the
     * record builder sizes its arrays to its records), a part of one is copied to the context's
     * scratch memory first.
     */
    private void upload(List<RecordChunk> chunks, int count, int words, boolean points, GlBuffer tiled) {
        long bytes = 4L * count * words;
        if (arena != null && points && gather
                && (chunks.get(0).slotsStale || gatheredBytes(chunks, count) < bytes)) {
            uploadGathered(chunks, count, tiled);
            return;
        }
        if (arena != null) {
            long base = arena.take(bytes, context.storageBufferOffsetAlignment());
            copyToArena(chunks, base, count, words, points);
            tile(arena.buffer(), base, bytes, count, words, tiled);
            return;
        }
        GlBuffer staging = pool.acquire(bytes, "loop_records_staging");
        staged.add(staging);
        for (int done = 0; done < count; ) {
            int take = nextRun(chunks, count - done);
            RecordChunk c = chunks.get(cursorChunk);
            long at = 4L * done * words;
            int length = points ? c.points.length : c.meta.length;
            if (cursorIndex == 0 && take * words == length) {
                if (points) {
                    staging.write(at, c.points);
                } else {
                    staging.write(at, c.meta);
                }
            } else {
                long part = 4L * take * words;
                long scratch = staging.stage(part);
                if (pointsView == null || scratch != viewAddress || part > 4L * pointsView.capacity()) {
                    // views of the scratch memory, made again only when it moves or grows
                    viewAddress = scratch;
                    pointsView = MemoryUtil.memFloatBuffer(scratch, Math.toIntExact(part / 4));
                    metaView = MemoryUtil.memIntBuffer(scratch, Math.toIntExact(part / 4));
                }
                pointsView.clear();
                metaView.clear();
                if (points) {
                    pointsView.put(c.points, cursorIndex * words, take * words);
                } else {
                    metaView.put(c.meta, cursorIndex * words, take * words);
                }
                staging.writeStaged(at, scratch, part);
            }
            cursorIndex += take;
            done += take;
        }
        tile(staging, 0, bytes, count, words, tiled);
    }

    /**
     * @return whether every chunk says which per-vertex point each slot copies, from one table
     *     ({@link RecordChunk#slotSources}: level 0 as the record builder made it)
     */
    private static boolean gathered(List<RecordChunk> chunks) {
        for (int i = 0; i < chunks.size(); i++) {
            RecordChunk c = chunks.get(i);
            if (c.slotSources == null || c.sourceTable != chunks.get(0).sourceTable) {
                return false;
            }
        }
        return !chunks.isEmpty();
    }

    /** The bytes of {@code count} records' points gathered ({@link #uploadGathered}). */
    private long gatheredBytes(List<RecordChunk> chunks, int count) {
        int rest = layout.pointFloats() - 3 * layout.pointSlots();
        return 4L * chunks.get(0).sourceTable.length + 4L * count * (layout.pointSlots() + rest);
    }

    /**
     * Uploads the next {@code count} records' points as their per-vertex table, each slot's entry in
     * it and the words after the slots (sharpness, uvs), and has loop_tile gather them into tiles:
     * a record's slots repeat the vertices of its rings (and the fans' empty slots are zeros), so this
     * is a third of the bytes of the slots themselves. Advances the cursor.
     */
    private void uploadGathered(List<RecordChunk> chunks, int count, GlBuffer tiled) {
        int pf = layout.pointFloats();
        int slots = layout.pointSlots();
        int rest = pf - 3 * slots;
        float[] table = chunks.get(0).sourceTable;
        long tableBytes = 4L * table.length;
        long bytes = tableBytes + 4L * count * (slots + rest);
        long base = arena.take(bytes, context.storageBufferOffsetAlignment());
        arena.put(base, table, 0, table.length);
        long sourcesAt = base + tableBytes;
        long restAt = sourcesAt + 4L * count * slots;
        for (int done = 0; done < count; ) {
            int take = nextRun(chunks, count - done);
            RecordChunk c = chunks.get(cursorChunk);
            arena.put(sourcesAt + 4L * done * slots, c.slotSources, cursorIndex * slots, take * slots);
            arena.put(restAt + 4L * done * rest, c.afterSlots, cursorIndex * rest, take * rest);
            cursorIndex += take;
            done += take;
        }
        gatheredCopies++;
        tile(arena.buffer(), base, bytes, count, pf, table.length, slots, tiled);
    }

    /**
     * Copies the next {@code count} records' words into the arena at byte {@code at}, advancing the
     * cursor: on this thread, or where the stream serves one run only (no renderer's frame waits on it,
     * and a frame allocates nothing) and the copy is large, on the common pool's threads,
     * {@link #COPY_RECORDS} records a task. (Spread, a large level 0 went up faster on NVIDIA; spread
     * from a smaller size, smaller copies went slower, the threads' start costing more than they saved.)
     */
    private void copyToArena(List<RecordChunk> chunks, long at, int count, int words, boolean points) {
        boolean spread = pristineMeta == null && 4L * count * words >= SPREAD_FROM_BYTES;
        int runs = 0;
        for (int done = 0; done < count; ) {
            int take = nextRun(chunks, count - done);
            RecordChunk c = chunks.get(cursorChunk);
            if (!spread) {
                if (points) {
                    arena.put(at + 4L * done * words, c.points, cursorIndex * words, take * words);
                } else {
                    arena.put(at + 4L * done * words, c.meta, cursorIndex * words, take * words);
                }
            } else {
                // the tasks: at most COPY_RECORDS records of one chunk each
                for (int f = 0; f < take; f += COPY_RECORDS) {
                    if (runs == copyChunk.length) {
                        copyChunk = Arrays.copyOf(copyChunk, 2 * runs);
                        copyFrom = Arrays.copyOf(copyFrom, 2 * runs);
                        copyTo = Arrays.copyOf(copyTo, 2 * runs);
                        copyWords = Arrays.copyOf(copyWords, 2 * runs);
                    }
                    copyChunk[runs] = cursorChunk;
                    copyFrom[runs] = (cursorIndex + f) * words;
                    copyTo[runs] = at + 4L * (done + f) * words;
                    copyWords[runs] = Math.min(COPY_RECORDS, take - f) * words;
                    runs++;
                }
            }
            cursorIndex += take;
            done += take;
        }
        if (spread) {
            int[] chunk = copyChunk;
            int[] from = copyFrom;
            long[] to = copyTo;
            int[] n = copyWords;
            UploadArena a = arena;
            spreadCopies++;
            Workers.forThreads(0).forEach(runs, i -> {
                RecordChunk c = chunks.get(chunk[i]);
                if (points) {
                    a.putConcurrently(to[i], c.points, from[i], n[i]);
                } else {
                    a.putConcurrently(to[i], c.meta, from[i], n[i]);
                }
            });
        }
    }

    /** loop_tile from {@code bytes} of {@code from} at {@code at} (count records of words each) into {@code tiled}. */
    private void tile(GlBuffer from, long at, long bytes, int count, int words, GlBuffer tiled) {
        tile(from, at, bytes, count, words, 0, 0, tiled);
    }

    /**
     * loop_tile as {@link #tile(GlBuffer, long, long, int, int, GlBuffer)}, gathering the first
     * {@code slots} point slots of each record through a table of {@code tableWords} words
     * ({@link #uploadGathered}); {@code slots} 0: whole records.
     */
    private void tile(GlBuffer from, long at, long bytes, int count, int words, int tableWords, int slots,
                      GlBuffer tiled) {
        long total = Segment.tiled(count) * words;
        if (from.mappedAddress() != 0) {
            // loop_tile reads a warp's words a record apart: over the bus from host memory that held
            // the first levels back on NVIDIA, the copy engine streams it to device memory first in a
            // fraction of that time (docs/design.md, "End to end")
            GlBuffer device = pool.acquire(Math.max(4, bytes), "loop_records_staging");
            staged.add(device);
            device.copyFrom(from, at, 0, bytes);
            from = device;
            at = 0;
        }
        from.bindRange(ShaderContract.POINTS, at, Math.max(4, bytes));
        tiled.bindRange(ShaderContract.DST_POINTS, 0, 4 * total);
        GlPasses.setUint(tile, "uCount", count);
        GlPasses.setUint(tile, "uWords", words);
        GlPasses.setUint(tile, "uSlots", slots);
        GlPasses.setUint(tile, "uTableWords", tableWords);
        GlPasses.setUint(tile, "uTotal", total);
        tile.dispatchFor(total);
        GlChecks.check("loop_tile");
    }

    /**
     * The per-vertex table a cage moved on the GPU writes (loop_cage: positions, limit normals, limit
     * positions, {@code RecordBuilder.addSlotSources}' layout), at byte 0 of the buffer returned. Made
     * at the first call: each segment's gathered upload goes to device memory once and stays there
     * (its slot entries and the words after the slots follow the topology, the tags and the uvs alone,
     * which a move does not change), so that {@link #retile} needs nothing from the host.
     *
     * @param chunks the records this level 0 was uploaded from, with their slot sources
     * @return segment 0's kept upload, the table at its start
     */
    public GlBuffer deviceTable(List<RecordChunk> chunks) {
        if (deviceSources != null) {
            return deviceSources.get(0);
        }
        if (!gathered(chunks)) {
            throw new IllegalArgumentException("records without slot sources cannot be moved on the GPU");
        }
        int pf = layout.pointFloats();
        int slots = layout.pointSlots();
        int rest = pf - 3 * slots;
        float[] table = chunks.get(0).sourceTable;
        List<GlBuffer> kept = new ArrayList<>();
        cursorChunk = 0;
        cursorIndex = 0;
        try {
            for (int s = 0; s < segments.size(); s++) {
                int count = (int) segments.get(s).count();
                long sourcesAt = 4L * table.length;
                long restAt = sourcesAt + 4L * count * slots;
                GlBuffer b = pool.acquire(restAt + 4L * count * rest, "loop_cage_sources");
                kept.add(b);
                b.write(0, table);
                for (int done = 0; done < count; ) {
                    int take = nextRun(chunks, count - done);
                    RecordChunk c = chunks.get(cursorChunk);
                    b.write(sourcesAt + 4L * done * slots, c.slotSources, cursorIndex * slots, take * slots);
                    b.write(restAt + 4L * done * rest, c.afterSlots, cursorIndex * rest, take * rest);
                    cursorIndex += take;
                    done += take;
                }
            }
        } catch (RuntimeException e) {
            for (GlBuffer b : kept) {
                pool.release(b);
            }
            throw e;
        }
        deviceSources = kept;
        deviceTableWords = table.length;
        return kept.get(0);
    }

    /**
     * Lays level 0's points out again from the table a cage moved on the GPU wrote into
     * {@link #deviceTable} (copied into the other segments' kept uploads first): loop_tile's gathered
     * mode, as a host move's upload takes it, on the GPU timeline and from device memory alone. The
     * metadata stays (a move changes none), and so does a kept stream's pristine copy. Leaves the
     * host's program and bindings as they were; allocates nothing.
     *
     * @throws IllegalStateException before {@link #deviceTable}
     */
    public void retile() {
        if (deviceSources == null) {
            throw new IllegalStateException("no table on the device yet");
        }
        int pf = layout.pointFloats();
        int slots = layout.pointSlots();
        int rest = pf - 3 * slots;
        long tableBytes = 4L * deviceTableWords;
        hostState.save();
        try {
            for (int s = 0; s < segments.size(); s++) {
                Segment seg = segments.get(s);
                int count = (int) seg.count();
                GlBuffer from = deviceSources.get(s);
                if (s > 0) {
                    // (loop_cage's writes are ordered before this copy by its update barrier)
                    from.copyFrom(deviceSources.get(0), 0, 0, tableBytes);
                    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                }
                tile(from, 0, tableBytes + 4L * count * (slots + rest), count, pf, deviceTableWords, slots,
                        seg.points());
            }
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        } finally {
            hostState.restore();
        }
    }

    /** Gives the buffers back to the pool. */
    @Override
    public void close() {
        if (deviceSources != null) {
            for (int i = 0; i < deviceSources.size(); i++) {
                pool.release(deviceSources.get(i));
            }
            deviceSources = null;
        }
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
