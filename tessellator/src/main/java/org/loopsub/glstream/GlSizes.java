package org.loopsub.glstream;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.loopsub.gl.GlBuffer;

/**
 * The sizes of a prepared mesh's adaptive frame, kept on the GPU (the passes' RESIDENT variant):
 * one buffer of uints that the scans and loop_plan fill and the passes read their counts and bases
 * from, so that a frame is issued without waiting for the GPU, and read back once at its end. The
 * slot layout is defined here and handed to the shaders as {@code SIZES_*} defines.
 *
 * <pre>
 * [OVERFLOW]  non-zero once something did not fit the room the host planned: 1000 + 10 level +
 *             1 (the children), 2 (the output) or 3 (records left at the last level planned),
 *             for whoever tunes the plan
 * [END]       output triangles so far, padding included
 * [STATS + 4 level + k]  per level: records, finished, slivers, direct triangles
 * [BLOCKS + BLOCK_WORDS b + field]  per window b (level-0 segments have one too, for their count)
 * </pre>
 */
final class GlSizes implements AutoCloseable {
    static final int OVERFLOW = 0;
    static final int END = 1;
    static final int STATS = 2;
    static final int STATS_WORDS = 4;
    /** Levels a frame may have: depth 31 is far beyond any output that fits a GPU. */
    static final int MAX_LEVELS = 32;
    static final int BLOCKS = STATS + STATS_WORDS * MAX_LEVELS;
    static final int BLOCK_WORDS = 12;
    /** Fields of a window's block: the three scans' counts first (three consecutive words). */
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
    /** Windows one level may have on this path (a level's records fit one segment: four windows). */
    static final int MAX_WINDOWS = 8;
    /** Storage binding of the sizes buffer, and of the draw command in loop_plan. */
    static final int BINDING = 12;
    static final int DRAW_BINDING = 13;

    /** The defines every RESIDENT program is built with. */
    static final Map<String, String> DEFINES = defines();

    private static Map<String, String> defines() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("RESIDENT", "1");
        d.put("SIZES_BINDING", Integer.toString(BINDING));
        d.put("SIZES_DRAW_BINDING", Integer.toString(DRAW_BINDING));
        d.put("SIZES_OVERFLOW", OVERFLOW + "u");
        d.put("SIZES_END", END + "u");
        d.put("SIZES_STATS", STATS + "u");
        d.put("SIZES_STATS_WORDS", STATS_WORDS + "u");
        d.put("SIZES_BLOCKS", BLOCKS + "u");
        d.put("SIZES_BLOCK_WORDS", BLOCK_WORDS + "u");
        d.put("SIZES_ACTIVE", ACTIVE + "u");
        d.put("SIZES_FINISHED", FINISHED + "u");
        d.put("SIZES_SLIVERS", SLIVERS + "u");
        d.put("SIZES_ACTIVE_EFF", ACTIVE_EFF + "u");
        d.put("SIZES_FINISHED_EFF", FINISHED_EFF + "u");
        d.put("SIZES_FINISHED_BASE", FINISHED_BASE + "u");
        d.put("SIZES_SLIVER_BASE", SLIVER_BASE + "u");
        d.put("SIZES_DIRECT_BASE", DIRECT_BASE + "u");
        d.put("SIZES_CHILD_COUNT", CHILD_COUNT + "u");
        d.put("SIZES_CHILD_BASE", CHILD_BASE + "u");
        return Collections.unmodifiableMap(d);
    }

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
        // the last frame's passes and read-back are done (the host waited for them)
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

    /**
     * Reads the header back: the frame's one host wait. The sizes are then read with the getters
     * below (into a kept array: this runs every frame).
     *
     * @param levels levels planned
     * @return whether the frame fit its plan; if not, the getters say nothing
     */
    boolean read(int levels) {
        int words = STATS + STATS_WORDS * levels;
        buffer.readInts(0, header, words);
        if (header[OVERFLOW] != 0) {
            levelsRead = 0;
            return false;
        }
        int had = 0;
        while (had < levels && header[STATS + STATS_WORDS * had] != 0) {
            had++;
        }
        levelsRead = had;
        return true;
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
        pool.release(buffer);
        buffer = null;
    }
}
