package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_ALREADY_SIGNALED;
import static org.lwjgl.opengl.GL43C.GL_CONDITION_SATISFIED;
import static org.lwjgl.opengl.GL43C.GL_SYNC_FLUSH_COMMANDS_BIT;
import static org.lwjgl.opengl.GL43C.GL_SYNC_GPU_COMMANDS_COMPLETE;
import static org.lwjgl.opengl.GL43C.GL_TIMEOUT_EXPIRED;
import static org.lwjgl.opengl.GL43C.glClientWaitSync;
import static org.lwjgl.opengl.GL43C.glDeleteSync;
import static org.lwjgl.opengl.GL43C.glFenceSync;

import java.util.Arrays;
import java.util.Map;

import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GlException;

/**
 * The sizes of a prepared mesh's adaptive frame, kept on the GPU (the passes' RESIDENT variant):
 * one buffer of uints that the scans and loop_plan fill and the passes read their counts and bases
 * from, so that a frame is issued without waiting for the GPU. Its header is copied into a small
 * ring of read-back buffers behind a fence ({@link #readBackLater}); the host reads a copy only once
 * its fence says the GPU is done with it ({@link #poll}, {@link #await}), and plans later frames
 * from it. The slot layout is defined here and handed to the shaders as {@code SIZES_*} defines.
 *
 * <pre>
 * [OVERFLOW]  non-zero once the frame stopped short of the room the host planned: 1000 + 10 level +
 *             1 (the children), 2 (the output) or 3 (records left at the last level planned); the
 *             records of that level were drawn whole (a depth stop) and no level followed
 * [WANT_NEXT] at a stop: the records the next level would have had
 * [WANT_END]  at a stop: the output end the stopped level would have made, had it split
 * [END]       output triangles so far, padding included
 * [STATS + 4 level + k]  per level: records, finished, slivers, direct triangles
 * [BLOCKS + BLOCK_WORDS b + field]  per window b (level-0 segments have one too, for their count)
 * </pre>
 */
final class GlSizes implements AutoCloseable {
    static final int OVERFLOW = 0;
    static final int END = 1;
    static final int WANT_NEXT = 2;
    static final int WANT_END = 3;
    static final int STATS = 4;
    static final int STATS_WORDS = 4;
    /** Levels a frame may have: depth 31 is far beyond any output that fits a GPU. */
    static final int MAX_LEVELS = 32;
    static final int BLOCKS = STATS + STATS_WORDS * MAX_LEVELS;
    static final int BLOCK_WORDS = 12;
    /** Fields of a window's block: the scans' three counts first (three consecutive words). */
    static final int ACTIVE = 0;
    static final int FINISHED = 1;
    static final int SLIVERS = 2;
    static final int ACTIVE_EFF = 3;
    static final int FINISHED_EFF = 4;
    static final int FINISHED_BASE = 5;
    static final int SLIVER_BASE = 6;
    static final int DIRECT_BASE = 7;
    static final int CHILD_COUNT = 8;
    /** Where the window's children start in the segment the level's windows share (a multiple of 4). */
    static final int CHILD_BASE = 9;
    /** 1 when the frame stopped at the window's level: loop_emit_finished then writes every record. */
    static final int WHOLE = 10;
    /** Windows one level may have on this path (a level's records fit one segment: four windows). */
    static final int MAX_WINDOWS = 8;

    /** The defines every RESIDENT program is built with ({@link ShaderHeader#sizes}). */
    static final Map<String, String> DEFINES = ShaderHeader.sizes();

    private final GlBufferPool pool;
    private GlBuffer buffer;
    private int blocks;
    /** The header and level-0 blocks written at a frame's start, kept (same length every frame of a mesh). */
    private int[] start = new int[0];
    private int[] level0Blocks = new int[0];
    /** The header as the last {@link #read} found it, and how many levels had records. */
    private final int[] header = new int[BLOCKS];
    private int levelsRead;
    /** The most windows one level had, over the frames (tests check the many-window case ran). */
    int mostWindows;

    GlSizes(GlBufferPool pool) {
        this.pool = pool;
    }

    /**
     * Starts a frame: a buffer with room for {@code maxBlocks} blocks, the header zeroed, and one
     * block per level-0 segment holding its count.
     *
     * @return the blocks of the level-0 segments
     */
    int[] start(int maxBlocks, java.util.List<Segment> level0) {
        int words = BLOCKS + BLOCK_WORDS * maxBlocks;
        if (buffer == null || buffer.bytes() < 4L * words) {
            pool.release(buffer);
            buffer = pool.acquire(4L * words, "loop_sizes");
        }
        blocks = 0;
        int n = level0.size();
        if (level0Blocks.length != n) {
            start = new int[BLOCKS + BLOCK_WORDS * n];
            level0Blocks = new int[n];
        }
        Arrays.fill(start, 0);
        for (int i = 0; i < n; i++) {
            level0Blocks[i] = newBlock();
            start[slot(level0Blocks[i], CHILD_COUNT)] = Math.toIntExact(level0.get(i).count());
        }
        // GL orders this write after the last frame's passes and the copy of its header into the ring
        buffer.write(0, start);
        return level0Blocks;
    }

    /** @return a fresh block's index */
    int newBlock() {
        return blocks++;
    }

    /** @return blocks handed out this frame */
    int blocks() {
        return blocks;
    }

    static int slot(int block, int field) {
        return BLOCKS + BLOCK_WORDS * block + field;
    }

    GlBuffer buffer() {
        return buffer;
    }

    /** Read-backs in flight at most: a renderer's frames in flight, and one more. */
    private static final int RING = 3;
    /** Wait slices for a frame's read-back (the wait itself has no limit: the GPU finishes the frame). */
    private static final long WAIT_SLICE_NANOS = 100_000_000L;
    private final GlBuffer[] ring = new GlBuffer[RING];
    private final long[] fences = new long[RING];
    private final int[] ringLevels = new int[RING];
    private final long[] ringFrame = new long[RING];
    private int oldest;
    private int pending;
    /** The frame whose sizes the header holds (0: none). */
    private long headerFrame;

    /**
     * Copies the frame's header into the ring behind a fence, after its passes (whose last barrier
     * covers the copy). If the ring is full, the oldest copy is waited for and consumed first: the
     * host then runs {@value #RING} frames ahead of the GPU.
     *
     * @param levels levels planned
     * @param frame the frame's number, for {@link #await}
     * @param consumer told the sizes of every read-back consumed, oldest first
     */
    void readBackLater(int levels, long frame, FramePrediction consumer) {
        if (pending == RING) {
            consume(true, consumer);
        }
        int slot = (oldest + pending) % RING;
        if (ring[slot] == null) {
            ring[slot] = pool.acquire(4L * BLOCKS, "loop_sizes_read_back");
        }
        ring[slot].copyFrom(buffer, 0, 0, 4L * BLOCKS);
        fences[slot] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        GlChecks.check("fencing a frame's sizes");
        ringLevels[slot] = levels;
        ringFrame[slot] = frame;
        pending++;
    }

    /** Consumes the read-backs the GPU has finished, oldest first, without waiting. */
    void poll(FramePrediction consumer) {
        while (pending > 0 && consume(false, consumer)) {
            // the next one may be done too
        }
    }

    /**
     * Waits for a frame's read-back and consumes it (and those before it); the getters then tell
     * its sizes. Returns at once if the header holds them already.
     *
     * @return whether the frame's sizes are in the header (false if it had none in the ring)
     */
    boolean await(long frame, FramePrediction consumer) {
        while (headerFrame != frame && pending > 0 && ringFrame[oldest] <= frame) {
            consume(true, consumer);
        }
        return headerFrame == frame;
    }

    /** Waits for every read-back in flight and consumes them (before a frame the host waits for anyway). */
    void drain(FramePrediction consumer) {
        while (pending > 0) {
            consume(true, consumer);
        }
    }

    /**
     * Reads the oldest read-back into the header if its fence has signalled (or, with {@code wait},
     * once it has), and tells the consumer.
     *
     * @return whether it was consumed
     */
    private boolean consume(boolean wait, FramePrediction consumer) {
        int slot = oldest;
        while (true) {
            int status = glClientWaitSync(fences[slot], GL_SYNC_FLUSH_COMMANDS_BIT, wait ? WAIT_SLICE_NANOS : 0);
            if (status == GL_ALREADY_SIGNALED || status == GL_CONDITION_SATISFIED) {
                break;
            }
            if (status != GL_TIMEOUT_EXPIRED) {
                throw new GlException("waiting for a frame's sizes: glClientWaitSync failed");
            }
            if (!wait) {
                return false;
            }
        }
        glDeleteSync(fences[slot]);
        fences[slot] = 0;
        oldest = (oldest + 1) % RING;
        pending--;
        read(ring[slot], ringLevels[slot]);
        headerFrame = ringFrame[slot];
        consumer.update(this);
        return true;
    }

    /** Reads a finished read-back into the kept header (this runs every frame: no allocation). */
    private void read(GlBuffer from, int levels) {
        int words = STATS + STATS_WORDS * levels;
        from.readInts(0, header, words);
        int had = 0;
        while (had < levels && header[STATS + STATS_WORDS * had] != 0) {
            had++;
        }
        levelsRead = had;
    }

    /** @return whether the frame the header holds stopped short of its plan (see [OVERFLOW]) */
    boolean stopped() {
        return header[OVERFLOW] != 0;
    }

    /** @return the level at which the frame the header holds stopped, or -1 */
    int stopLevel() {
        return stopped() ? (header[OVERFLOW] - 1000) / 10 : -1;
    }

    /** @return at a stop: the records the next level would have had */
    long wantNext() {
        return Integer.toUnsignedLong(header[WANT_NEXT]);
    }

    /** @return at a stop: the output end the stopped level would have made */
    long wantEnd() {
        return Integer.toUnsignedLong(header[WANT_END]);
    }

    /** @return levels of the frame last {@linkplain #read read} that had records */
    int levels() {
        return levelsRead;
    }

    /** @return output triangles of the frame last read, padding included */
    long end() {
        return Integer.toUnsignedLong(header[END]);
    }

    /** @return records at {@code level} */
    long records(int level) {
        return Integer.toUnsignedLong(header[STATS + STATS_WORDS * level]);
    }

    /** @return records that finished at {@code level} */
    long finished(int level) {
        return Integer.toUnsignedLong(header[STATS + STATS_WORDS * level + 1]);
    }

    /** @return slivers of {@code level} */
    long slivers(int level) {
        return Integer.toUnsignedLong(header[STATS + STATS_WORDS * level + 2]);
    }

    /** @return triangles the split of {@code level} wrote directly */
    long direct(int level) {
        return Integer.toUnsignedLong(header[STATS + STATS_WORDS * level + 3]);
    }

    @Override
    public void close() {
        for (int i = 0; i < RING; i++) {
            if (fences[i] != 0) {
                glDeleteSync(fences[i]);
                fences[i] = 0;
            }
            pool.release(ring[i]);
            ring[i] = null;
        }
        pending = 0;
        pool.release(buffer);
        buffer = null;
    }
}
