package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.loopsub.api.LevelStats;
import org.loopsub.gl.GlBuffer;

/**
 * The output triangles, 9 floats each (internal frame), in one GL buffer that a renderer can draw
 * with one call. Blocks are placed in output order (per level finished, then slivers; direct
 * triangles last). A block written by the regular split, which stores vec4s, starts on a multiple
 * of 4 triangles: up to 3 degenerate triangles (all corners at the origin, drawing nothing) may
 * pad the gap before it. The buffer grows geometrically (by a GPU copy) and is kept across
 * refinements when the output is reused ({@link #reset()}).
 *
 * <p>With a layout that carries normals, a second buffer holds each corner's normal at the same
 * float index as its position (the Java back end interleaves them instead: records and output
 * arrangements differ between the back ends, the values do not); {@link #corners()} reads both and
 * interleaves them as the Java back end's output is.
 *
 * <p>Blocks, level statistics and level sizes are kept in arrays that {@link #reset()} empties and the
 * next refinement fills again, so that a renderer's frame, which reuses the output, allocates nothing
 * for them; {@link #levelStats()} makes the records a {@link org.loopsub.api.RefineResult} wants.
 */
public final class GlOutput implements AutoCloseable {
    /**
     * What a block holds: a run of output triangles, a level's finished triangles, its slivers, or the
     * triangles the last split wrote directly.
     */
    public enum Kind { FINISHED, SLIVERS, DIRECT }

    /** Floats of an output triangle: three corners' positions (the shaders' TRIANGLE_FLOATS). */
    static final int TRIANGLE_FLOATS = 9;

    /** Fields of a level's statistics in {@link #levelData}, as {@link LevelStats} orders them. */
    private static final int LEVEL_FIELDS = 6;

    private final GlBufferPool pool;
    private int blocks;
    private int[] blockLevel = new int[16];
    private Kind[] blockKind = new Kind[16];
    private long[] blockFirst = new long[16];
    private long[] blockTriangles = new long[16];
    /** Triangles in the blocks (padding not counted). */
    private long triangles;
    private GlBuffer buffer;
    private final Beside normals = new Beside("loop_output_normals", TRIANGLE_FLOATS);
    private final Beside uvs = new Beside("loop_output_uvs", 6);
    /** Triangles in use, padding included. */
    private long end;
    private int levels;
    private long[] levelData = new long[LEVEL_FIELDS * 16];
    /** Records of each level that had any (the next frame's prediction), level 0 first. */
    private int levelRecordCount;
    private long[] levelRecords = new long[16];
    /** Host nanoseconds from the start of the upload to the output being complete on the GPU. */
    public long endToEndNanos;
    /** The part of {@link #endToEndNanos} spent uploading level 0 (host time, the copy issued). */
    public long uploadNanos;
    /** The part spent issuing the levels' passes, host waits for sizes and compiles included. */
    public long issueNanos;
    /** The part spent waiting, after the last pass was issued, for the GPU to finish. */
    public long waitNanos;

    public GlOutput(GlBufferPool pool) {
        this.pool = pool;
    }

    /**
     * Makes room for a block and records it.
     *
     * @param aligned whether the block must start on a multiple of 4 triangles
     * @return the index of its first triangle in {@link #buffer()}
     */
    long reserve(int level, Kind kind, long count, boolean aligned) {
        long gap = end;
        grow(start(aligned) + count);
        long first = place(level, kind, count, aligned);
        if (first > gap) {
            buffer.fill(36 * gap, 9 * (first - gap), 0);
            normals.fill(gap, first - gap);
            uvs.fill(gap, first - gap);
        }
        return first;
    }

    /** @return where the next block starts: at the end, or on the next multiple of 4 triangles */
    private long start(boolean aligned) {
        return aligned ? (end + 3) / 4 * 4 : end;
    }

    /** Records a block at {@link #start} (the buffer holds it already); the placement rule, in one place. */
    private long place(int level, Kind kind, long count, boolean aligned) {
        long first = start(aligned);
        end = first + count;
        if (blocks == blockLevel.length) {
            int more = 2 * blocks;
            blockLevel = Arrays.copyOf(blockLevel, more);
            blockKind = Arrays.copyOf(blockKind, more);
            blockFirst = Arrays.copyOf(blockFirst, more);
            blockTriangles = Arrays.copyOf(blockTriangles, more);
        }
        blockLevel[blocks] = level;
        blockKind[blocks] = kind;
        blockFirst[blocks] = first;
        blockTriangles[blocks] = count;
        blocks++;
        triangles += count;
        return first;
    }

    /**
     * Adds a level's statistics ({@link LevelStats}'s fields, in its order).
     *
     * @param level the level, 0 for the input's records
     * @param active records that entered it
     * @param finished records that finished there
     * @param slivers slivers emitted there
     * @param split records split
     * @param nanos host nanoseconds, 0 where no level was waited for
     */
    void addLevel(int level, long active, long finished, long slivers, long split, long nanos) {
        if (LEVEL_FIELDS * (levels + 1) > levelData.length) {
            levelData = Arrays.copyOf(levelData, 2 * levelData.length);
        }
        int at = LEVEL_FIELDS * levels++;
        levelData[at] = level;
        levelData[at + 1] = active;
        levelData[at + 2] = finished;
        levelData[at + 3] = slivers;
        levelData[at + 4] = split;
        levelData[at + 5] = nanos;
    }

    /**
     * Sets every level's host time to 0: for a renderer's frame whose levels the host did not wait
     * for (a uniform frame), whose times would only say how long issuing the passes took.
     */
    public void forgetLevelNanos() {
        for (int i = 0; i < levels; i++) {
            levelData[LEVEL_FIELDS * i + 5] = 0;
        }
    }

    /** Adds the records of the next level that had any (what the next frame's plan starts from). */
    void addLevelRecords(long records) {
        if (levelRecordCount == levelRecords.length) {
            levelRecords = Arrays.copyOf(levelRecords, 2 * levelRecordCount);
        }
        levelRecords[levelRecordCount++] = records;
    }

    /** @return levels with records, the count {@link #levelRecords(int)} takes */
    int levelRecordCount() {
        return levelRecordCount;
    }

    /** @return records of level {@code i} */
    long levelRecords(int i) {
        return levelRecords[i];
    }

    private void grow(long room) {
        long need = Math.max(1, room) * 36;
        if (buffer == null || buffer.bytes() < need) {
            long want = buffer == null ? need : Math.max(need, buffer.bytes() + buffer.bytes() / 2);
            buffer = grown(buffer, want, "loop_output", 36);
        }
        normals.grow();
        uvs.grow();
    }

    /**
     * A buffer of at least {@code want} bytes holding what {@code old} held, {@code triangleBytes} a
     * triangle (old goes back to the pool).
     */
    private GlBuffer grown(GlBuffer old, long want, String label, int triangleBytes) {
        GlBuffer bigger = pool.acquire(want, label);
        if (old != null) {
            // the copy reads what earlier passes wrote
            glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
            bigger.copyFrom(old, 0, 0, Math.min(triangleBytes * end, old.bytes()));
            pool.release(old);
        }
        return bigger;
    }

    /**
     * A buffer beside the positions, triangle for triangle: the normals (9 floats a triangle, at the
     * positions' float index) or the uvs (6, at 2/3 of it). It grows with the positions and goes back
     * to the pool when the output stops carrying it.
     */
    private final class Beside {
        private final String label;
        /** Floats per triangle. */
        private final int floats;
        private boolean on;
        private GlBuffer buffer;

        Beside(String label, int floats) {
            this.label = label;
            this.floats = floats;
        }

        void carry(boolean carry) {
            on = carry;
            if (!carry) {
                release();
            }
        }

        void grow() {
            // rounded up: a range bound at 2/3 of the positions' end stays inside (GlPasses.bindOutput)
            long bytes = (GlOutput.this.buffer.bytes() * floats + 35) / 36 * 4;
            if (on && (buffer == null || buffer.bytes() < bytes)) {
                buffer = grown(buffer, bytes, label, 4 * floats);
            }
        }

        void fill(long firstTriangle, long triangles) {
            if (on) {
                buffer.fill(4L * floats * firstTriangle, floats * triangles, 0);
            }
        }

        float[] read(long firstTriangle, int triangles) {
            return buffer.readFloats(4L * floats * firstTriangle, floats * triangles);
        }

        void release() {
            if (buffer != null) {
                pool.release(buffer);
                buffer = null;
            }
        }

        void delete() {
            if (buffer != null) {
                buffer.close();
                buffer = null;
            }
        }
    }

    /**
     * Whether the output carries normals from now on (set before a refinement places its first
     * block, from its record layout).
     */
    void withNormals(boolean on) {
        normals.carry(on);
    }

    /** Whether the output carries uvs from now on ((u, v) per corner in {@link #uvs()}). */
    void withUvs(boolean on) {
        uvs.carry(on);
    }

    /** @return whether triangles have uvs in {@link #uvs()} */
    public boolean hasUvs() {
        return uvs.on;
    }

    /** @return the buffer of corner uvs (u, v), parallel to {@link #buffer()} ({@code null} without uvs) */
    public GlBuffer uvs() {
        return uvs.buffer;
    }

    /** @return whether triangles have normals in {@link #normals()} */
    public boolean hasNormals() {
        return normals.on;
    }

    /** @return the buffer of corner normals, parallel to {@link #buffer()} ({@code null} without normals) */
    public GlBuffer normals() {
        return normals.buffer;
    }

    /** @return the buffer holding the triangles ({@code null} before the first block) */
    public GlBuffer buffer() {
        return buffer;
    }

    /** @return blocks, in output order; block {@code i} is read with the getters below */
    public int blockCount() {
        return blocks;
    }

    /** @return the level whose records made block {@code i} */
    public int blockLevel(int i) {
        return blockLevel[i];
    }

    /** @return what block {@code i} holds */
    public Kind blockKind(int i) {
        return blockKind[i];
    }

    /** @return the index of block {@code i}'s first triangle in {@link #buffer()} */
    public long blockFirst(int i) {
        return blockFirst[i];
    }

    /** @return block {@code i}'s triangles */
    public long blockTriangles(int i) {
        return blockTriangles[i];
    }

    /** @return levels with statistics; level {@code i}'s are read with {@link #levelStat(int, int)} */
    public int levelCount() {
        return levels;
    }

    /**
     * @param i the level's index in the statistics
     * @param field 0 to 5: {@link LevelStats}'s components in order (level, active, finished,
     *     slivers, split, nanos)
     * @return that value
     */
    public long levelStat(int i, int field) {
        return levelData[LEVEL_FIELDS * i + field];
    }

    /** @return level {@code i}'s statistics as a record (a new one) */
    public LevelStats level(int i) {
        return new LevelStats((int) levelStat(i, 0), levelStat(i, 1), levelStat(i, 2), levelStat(i, 3),
                levelStat(i, 4), levelStat(i, 5));
    }

    /** @return the statistics as records (a new list: for results, not for frames) */
    public List<LevelStats> levelStats() {
        List<LevelStats> all = new ArrayList<>(levels);
        for (int i = 0; i < levels; i++) {
            all.add(level(i));
        }
        return all;
    }

    /** @return triangles in the buffer that a draw covers, padding included */
    public long drawTriangles() {
        return end;
    }

    /** @return output triangles, padding not counted */
    public long triangleCount() {
        return triangles;
    }

    /** Forgets the triangles and statistics, keeping the buffer for the next refinement. */
    public void reset() {
        blocks = 0;
        triangles = 0;
        levels = 0;
        levelRecordCount = 0;
        end = 0;
    }

    /**
     * Makes room for {@code triangles} after the current end without placing a block: a resident
     * frame places its blocks on the GPU and reports them after the frame ({@link #placed}).
     *
     */
    void ensureRoom(long triangles) {
        grow(end + triangles);
    }

    /**
     * Takes the blocks a resident frame placed on the GPU ({@link GlSizes#read}), by the rule
     * {@link #reserve} follows: per level its finished triangles, its slivers, and direct triangles
     * on a multiple of 4; and the levels' statistics as the level-by-level path reports them.
     */
    void placed(GlSizes sizes) {
        for (int level = 0; level < sizes.levels(); level++) {
            long records = sizes.records(level);
            long finished = sizes.finished(level);
            long slivers = sizes.slivers(level);
            long direct = sizes.direct(level);
            addLevelRecords(records);
            // as the level-by-level path reserves them (loop_plan wrote the padding already)
            if (finished > 0) {
                place(level, Kind.FINISHED, finished, false);
            }
            if (slivers > 0) {
                place(level, Kind.SLIVERS, slivers, false);
            }
            if (direct > 0) {
                place(level + 1, Kind.DIRECT, direct, true);
            }
        }
        if (end != sizes.end()) {
            throw new IllegalStateException("the GPU placed " + sizes.end() + " triangles, the blocks say " + end);
        }
        for (int level = 0; level < sizes.levels(); level++) {
            long records = sizes.records(level);
            long finished = sizes.finished(level);
            addLevel(level, records, finished, sizes.slivers(level), records - finished, 0);
            if (sizes.direct(level) > 0) {
                addLevel(level + 1, sizes.direct(level), sizes.direct(level), 0, 0, 0);
            }
        }
    }

    /**
     * Reads every triangle back, in output order (the CLI's path; a renderer draws the buffer): per
     * corner its position, then its normal and its uv when the output has them (the Java back end's
     * vertex layout).
     */
    public float[] corners() {
        int vf = 3 + (normals.on ? 3 : 0) + (uvs.on ? 2 : 0);
        int tf = 3 * vf;
        long n = (long) tf * triangleCount();
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("output of " + triangleCount() + " triangles does not fit in memory");
        }
        float[] all = new float[(int) n];
        int at = 0;
        for (int b = 0; b < blocks; b++) {
            int len = Math.toIntExact(9 * blockTriangles[b]);
            long first = blockFirst[b];
            if (len > 0) {
                float[] p = buffer.readFloats(36 * first, len);
                int tri = len / 9;
                float[] q = normals.on ? normals.read(first, tri) : null;
                float[] u = uvs.on ? uvs.read(first, tri) : null;
                for (int v = 0; v < len / 3; v++) {
                    int o = at + vf * v;
                    System.arraycopy(p, 3 * v, all, o, 3);
                    if (q != null) {
                        System.arraycopy(q, 3 * v, all, o + 3, 3);
                    }
                    if (u != null) {
                        System.arraycopy(u, 2 * v, all, o + (q != null ? 6 : 3), 2);
                    }
                }
            }
            at += vf * (len / 3);
        }
        return all;
    }

    /**
     * Deletes the buffers outright instead of giving them back to the pool, for an owner that is gone
     * for good (a GPU mesh closing: its output is as large as its largest frame, and the pool would
     * keep it until 120 more refinements of other meshes, or the tessellator's close). The statistics
     * stay readable.
     */
    public void delete() {
        if (buffer != null) {
            buffer.close();
            buffer = null;
        }
        normals.delete();
        uvs.delete();
        close();
    }

    /** Gives the buffer back to the pool; the statistics stay readable. */
    @Override
    public void close() {
        pool.release(buffer);
        buffer = null;
        normals.release();
        uvs.release();
        blocks = 0;
        triangles = 0;
        end = 0;
    }
}
