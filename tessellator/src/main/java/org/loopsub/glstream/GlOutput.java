package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;

import java.util.ArrayList;
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
 */
public final class GlOutput implements AutoCloseable {
    /**
     * A run of output triangles: a level's finished triangles, its slivers, or the triangles the
     * last split wrote directly, at {@code first} in the output buffer.
     *
     * @param level the level whose records made them
     * @param kind what they are
     * @param first index of the first triangle in the output buffer
     * @param count how many
     */
    public record Block(int level, Kind kind, long first, long count) {
        /** What a block holds. */
        public enum Kind { FINISHED, SLIVERS, DIRECT }
    }

    private final GlBufferPool pool;
    private final List<Block> blocks = new ArrayList<>();
    private GlBuffer buffer;
    private final Beside normals = new Beside("loop_output_normals");
    private final Beside uvs = new Beside("loop_output_uvs");
    /** Triangles in use, padding included. */
    private long end;
    public final List<LevelStats> levels = new ArrayList<>();
    /** Records of each level that had any (the next frame's prediction), level 0 first. */
    final List<Long> levelRecords = new ArrayList<>();
    /** Host nanoseconds from the start of the upload to the output being complete on the GPU. */
    public long endToEndNanos;

    public GlOutput(GlBufferPool pool) {
        this.pool = pool;
    }

    /**
     * Makes room for a block and records it.
     *
     * @param aligned whether the block must start on a multiple of 4 triangles
     * @return the index of its first triangle in {@link #buffer()}
     */
    long reserve(int level, Block.Kind kind, long count, boolean aligned) {
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
    private long place(int level, Block.Kind kind, long count, boolean aligned) {
        long first = start(aligned);
        end = first + count;
        blocks.add(new Block(level, kind, first, count));
        return first;
    }

    private void grow(long triangles) {
        long need = Math.max(1, triangles) * 36;
        if (buffer == null || buffer.bytes() < need) {
            long want = buffer == null ? need : Math.max(need, buffer.bytes() + buffer.bytes() / 2);
            buffer = grown(buffer, want, "loop_output");
        }
        normals.grow();
        uvs.grow();
    }

    /** A buffer of at least {@code want} bytes holding what {@code old} held (old goes back to the pool). */
    private GlBuffer grown(GlBuffer old, long want, String label) {
        GlBuffer bigger = pool.acquire(want, label);
        if (old != null) {
            // the copy reads what earlier passes wrote
            glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
            bigger.copyFrom(old, 0, 0, Math.min(36 * end, old.bytes()));
            pool.release(old);
        }
        return bigger;
    }

    /**
     * A buffer beside the positions, at the same float index (9 floats per triangle): the normals or
     * the uvs. It grows with the positions and goes back to the pool when the output stops carrying it.
     */
    private final class Beside {
        private final String label;
        private boolean on;
        private GlBuffer buffer;

        Beside(String label) {
            this.label = label;
        }

        void carry(boolean carry) {
            on = carry;
            if (!carry) {
                release();
            }
        }

        void grow() {
            long bytes = GlOutput.this.buffer.bytes();
            if (on && (buffer == null || buffer.bytes() < bytes)) {
                buffer = grown(buffer, bytes, label);
            }
        }

        void fill(long firstTriangle, long triangles) {
            if (on) {
                buffer.fill(36 * firstTriangle, 9 * triangles, 0);
            }
        }

        void release() {
            if (buffer != null) {
                pool.release(buffer);
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

    /** Whether the output carries uvs from now on (u, v, 0 per corner in {@link #uvs()}). */
    void withUvs(boolean on) {
        uvs.carry(on);
    }

    /** @return whether triangles have uvs in {@link #uvs()} */
    public boolean hasUvs() {
        return uvs.on;
    }

    /** @return the buffer of corner uvs (u, v, 0), parallel to {@link #buffer()} ({@code null} without uvs) */
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

    /** @return the blocks in output order */
    public List<Block> blocks() {
        return blocks;
    }

    /** @return triangles in the buffer that a draw covers, padding included */
    public long drawTriangles() {
        return end;
    }

    public long triangleCount() {
        return blocks.stream().mapToLong(Block::count).sum();
    }

    /** Forgets the triangles and statistics, keeping the buffer for the next refinement. */
    public void reset() {
        blocks.clear();
        levels.clear();
        levelRecords.clear();
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
     * Takes the blocks a resident frame placed on the GPU, by the rule {@link #reserve} follows:
     * per level its finished triangles, its slivers, and direct triangles on a multiple of 4.
     */
    void placed(GlSizes.Result sizes) {
        for (int level = 0; level < sizes.perLevel().size(); level++) {
            long[] l = sizes.perLevel().get(level);
            levelRecords.add(l[0]);
            // as the level-by-level path reserves them (loop_plan wrote the padding already)
            if (l[1] > 0) {
                place(level, Block.Kind.FINISHED, l[1], false);
            }
            if (l[2] > 0) {
                place(level, Block.Kind.SLIVERS, l[2], false);
            }
            if (l[3] > 0) {
                place(level + 1, Block.Kind.DIRECT, l[3], true);
            }
        }
        if (end != sizes.end()) {
            throw new IllegalStateException("the GPU placed " + sizes.end() + " triangles, the blocks say " + end);
        }
        levels.addAll(sizes.levels());
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
        for (Block b : blocks) {
            int len = Math.toIntExact(9 * b.count());
            if (len > 0) {
                float[] p = buffer.readFloats(36 * b.first(), len);
                float[] q = normals.on ? normals.buffer.readFloats(36 * b.first(), len) : null;
                float[] u = uvs.on ? uvs.buffer.readFloats(36 * b.first(), len) : null;
                for (int v = 0; v < len / 3; v++) {
                    int o = at + vf * v;
                    System.arraycopy(p, 3 * v, all, o, 3);
                    if (q != null) {
                        System.arraycopy(q, 3 * v, all, o + 3, 3);
                    }
                    if (u != null) {
                        System.arraycopy(u, 3 * v, all, o + (q != null ? 6 : 3), 2);
                    }
                }
            }
            at += vf * (len / 3);
        }
        return all;
    }

    /** Gives the buffer back to the pool; the statistics stay readable. */
    @Override
    public void close() {
        pool.release(buffer);
        buffer = null;
        normals.release();
        uvs.release();
        blocks.clear();
        end = 0;
    }
}
