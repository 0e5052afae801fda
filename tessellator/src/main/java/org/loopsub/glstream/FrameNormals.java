package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_MAX_SHADER_STORAGE_BLOCK_SIZE;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT;
import static org.lwjgl.opengl.GL43C.glGetInteger;
import static org.lwjgl.opengl.GL43C.glGetInteger64;
import static org.lwjgl.opengl.GL43C.glGetUniformLocation;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GpuTimer;

/**
 * Smooth shading normals for a prepared mesh's frames, parallel to the output triangles (9 floats per
 * triangle, internal frame), in a buffer kept from frame to frame and grown geometrically: the GPU
 * counterpart of {@link org.loopsub.mesh.OutputWelder}'s normals. Every corner gets the normalised
 * sum of the cross products {@code (b - a) x (c - a)} (area-weighted face normals) of all output
 * triangles with a corner at exactly its position (bits equal, {@code -0.0} read as {@code +0.0}), so
 * the corners of one position get the same bits and shading is smooth across triangles, slivers
 * included (they add nothing: zero area). Padding triangles (all nine floats {@code +0.0}) are
 * skipped and get zero normals; a position whose sum is exactly zero gets {@code (0, 0, 1)}.
 * The programs are loaded once, by the constructor; at a steady frame size a frame allocates nothing.
 *
 * <p>Three passes, issued without waiting for the GPU:
 * <ol>
 * <li>{@code frame_normals_insert}: every corner's position into an open-addressing hash table
 *     (lock-free, linear probing), its slot index into the corner's first normal word; and the
 *     largest |component| M of any face cross product, for the scale.</li>
 * <li>{@code frame_normals_accumulate}: each face's cross product added to its corners' slots in
 *     64-bit fixed point (two 32-bit words, carry from the low word's atomicAdd), scaled by
 *     {@code 2^(62 - B - e)} where {@code M < 2^e} and {@code 2^B >= n} triangles: a sum of up to n
 *     terms stays below 2^62.</li>
 * <li>{@code frame_normals_resolve}: each corner's slot sum, converted to float and normalised,
 *     over the slot index.</li>
 * </ol>
 *
 * <p><b>Determinism.</b> Integer sums do not depend on the order of the atomics, the bound M is a
 * maximum, and the rest is per-corner arithmetic on those integers: same positions, same bits, run
 * after run (on one driver; {@code inversesqrt} may differ between drivers). Which slot a position
 * lands in varies, but nothing written depends on it.
 *
 * <p><b>Precision.</b> Truncation loses less than one unit, {@code 2^(e + B - 62) < M n / 2^60}, per
 * component and face: for a million triangles about 1e-12 of the largest face. A position whose
 * faces are {@code r} times smaller than the frame's largest keeps a relative precision of about
 * {@code r n 2^-60}: finer than float's {@code 2^-24} while {@code r n < 2^36} (a million triangles
 * whose cross products span a factor of 65,000), and then the float cross products (relative error
 * about {@code 2^-23} each) dominate. The final normalisation adds a few ulp.
 *
 * <p><b>Memory.</b> The table has {@code 2 * 3n} slots (load at most 1/2 even where no two corners
 * share a position; about 1/12 on a closed mesh, which has half as many vertices as faces) of 36
 * bytes: 216 bytes per triangle, kept and grown like the normal buffer (36 bytes per triangle), plus
 * one 16-byte buffer for M. A frame whose table exceeds one storage binding
 * ({@code GL_MAX_SHADER_STORAGE_BLOCK_SIZE}, 128 MiB on llvmpipe: about 620,000 triangles) splits
 * it into partitions by hash, each pass running once per partition; positions and normals are bound
 * in ranges of triangles as well.
 */
public final class FrameNormals implements AutoCloseable {
    /** uints per table slot: the key and three 64-bit sums (frame_normals_key.glsl). */
    private static final int SLOT_WORDS = 9;
    private static final long SLOT_BYTES = 4L * SLOT_WORDS;
    /** Table slots per output corner. */
    private static final long SLOTS_PER_CORNER = 2;
    /** Keeps the shaders' uint word indices below 2^32 whatever a driver allows per binding. */
    private static final long MAX_BINDING = 1L << 31;
    private static final GpuTimer NO_TIMER = new GpuTimer(false);

    private final GlBufferPool pool;
    private final long maxBinding;
    private final int alignment;
    private final Pass insert;
    private final Pass accumulate;
    private final Pass resolve;
    /** M's float bits, raised by frame_normals_insert with atomicMax. */
    private final GlBuffer bound;
    private GlBuffer buffer;
    private GlBuffer table;
    /** The passes that read the frame's size from a resident frame's sizes buffer, built at first use. */
    private Pass[] residentPasses;

    public FrameNormals(GlBufferPool pool) {
        this(pool, Math.min(glGetInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE), TABLE_BINDING));
    }

    /**
     * The most bytes of hash table one pass binds: larger tables are split into partitions. 256 MiB
     * by default: on an H100 (driver 580) the atomics over one 1.4 GiB binding took 1.44 s for a
     * 6.5 M-triangle frame, against 70 ms in partitions of 256 MiB (64 MiB: 87 ms). The system
     * property {@code loopsub.gl.normalsTableMiB} sets it, for tuning on a new GPU.
     */
    private static final long TABLE_BINDING = Long.getLong("loopsub.gl.normalsTableMiB", 256L) << 20;

    /**
     * @param pool where the normal buffer and the table come from
     * @param maxBinding the most bytes one storage binding may expose (the driver's limit; tests pass
     *     less to exercise partitions)
     */
    FrameNormals(GlBufferPool pool, long maxBinding) {
        this.pool = pool;
        this.maxBinding = Math.min(maxBinding, MAX_BINDING);
        this.alignment = glGetInteger(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT);
        this.insert = new Pass("frame_normals_insert", Map.of());
        this.accumulate = new Pass("frame_normals_accumulate", Map.of());
        this.resolve = new Pass("frame_normals_resolve", Map.of());
        this.bound = GlBuffer.allocate(16, "frame_normals_bound");
    }

    /**
     * How a frame of {@code triangles} is cut into dispatches.
     *
     * @param triangleChunk triangles per range of the position and normal buffers
     * @param partitionBits log2 of the number of table partitions
     * @param slots slots per partition
     */
    record Layout(long triangleChunk, int partitionBits, long slots) {
        long partitions() {
            return 1L << partitionBits;
        }

        long tableBytes() {
            return partitions() * slots * SLOT_BYTES;
        }
    }

    /**
     * @param triangles triangles in the frame, padding included
     * @param maxBinding bytes one binding may expose
     * @param alignment the storage buffer offset alignment
     * @return the smallest number of partitions whose slots fit one binding; counts of slots and
     *     triangles per range that keep every range start on the alignment (36 bytes per slot and per
     *     triangle)
     */
    static Layout layout(long triangles, long maxBinding, int alignment) {
        long unit = 64L / gcd(64, alignment) * alignment; // lcm: a multiple of 64 and of the alignment
        long chunk = maxBinding / 36 / unit * unit;
        if (chunk == 0) {
            throw new IllegalStateException("storage bindings of " + maxBinding + " bytes are too small");
        }
        long wanted = SLOTS_PER_CORNER * 3 * Math.max(1, triangles);
        int bits = 0;
        long slots = roundUp(wanted, unit);
        while (slots * SLOT_BYTES > maxBinding) {
            bits++;
            slots = roundUp((wanted + (1L << bits) - 1) >> bits, unit);
        }
        if (slots << bits >= 0xFFFFFFFFL) {
            throw new IllegalStateException("too many output triangles for the normal passes: " + triangles);
        }
        return new Layout(chunk, bits, slots);
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    private static long roundUp(long v, long unit) {
        return (v + unit - 1) / unit * unit;
    }

    /** @return the normal buffer of the last {@link #compute} */
    public GlBuffer buffer() {
        return buffer;
    }

    /** Issues the normal passes over the output's drawn triangles (padding included). */
    public void compute(GlOutput out) {
        compute(out, NO_TIMER);
    }

    /**
     * As {@link #compute(GlOutput)}, with each pass timed (level 0, the bytes it moves).
     *
     * @param out the frame's triangles
     * @param timer receives a span per pass
     */
    void compute(GlOutput out, GpuTimer timer) {
        run(out.buffer(), out.drawTriangles(), null, timer);
    }

    /**
     * As {@link #compute(GlOutput)} for a resident frame ({@link ResidentFrame}): the passes cover
     * {@code room} triangles and read the frame's count (padding included) from the sizes buffer,
     * so nothing waits for the frame's sizes. Same bits as {@link #compute(GlOutput)} for the same
     * triangles: the table's size and partitions do not change what is written.
     *
     * @param out the frame's triangles (their buffer)
     * @param room triangles the frame may have at most
     * @param sizes the frame's sizes, where loop_plan left the count
     */
    public void computeResident(GlOutput out, long room, GlBuffer sizes) {
        if (residentPasses == null) {
            residentPasses = new Pass[] {new Pass("frame_normals_insert", GlSizes.DEFINES),
                new Pass("frame_normals_accumulate", GlSizes.DEFINES), new Pass("frame_normals_resolve", GlSizes.DEFINES)};
        }
        sizes.bind(GlSizes.BINDING);
        run(out.buffer(), room, sizes, NO_TIMER);
    }

    private void run(GlBuffer positions, long n, GlBuffer sizes, GpuTimer timer) {
        buffer = grown(buffer, Math.max(1, n) * 36, "loop_frame_normals");
        if (n == 0) {
            return;
        }
        Pass[] p = sizes == null ? new Pass[] {insert, accumulate, resolve} : residentPasses;
        Layout layout = layout(n, maxBinding, alignment);
        table = grown(table, layout.tableBytes(), "frame_normals_table");
        // the clears overwrite what the last frame's passes wrote
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        table.fill(0, layout.tableBytes() / 4, 0);
        bound.fill(0, 1, 0);
        // frame_normals_insert reads the positions written by the passes just issued
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        bound.bind(3);
        int boundBits = 64 - Long.numberOfLeadingZeros(n - 1); // 2^B >= n
        // bytes per triangle for the timer: positions, slot words, three corners' slots (key; sums)
        long passes = layout.partitions();
        timer.begin(insert.stem, 0, passes * n * 36 + n * 3 * 12, n * 12);
        run(p[0], positions, n, layout, 1, boundBits);
        timer.end();
        // frame_normals_accumulate reads the corners' slot indices and the bound M
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        timer.begin(accumulate.stem, 0, passes * n * 48, n * 3 * 24);
        run(p[1], positions, n, layout, 1, boundBits);
        timer.end();
        // frame_normals_resolve reads the sums
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        timer.begin(resolve.stem, 0, n * 12 + n * 3 * 24, n * 36);
        run(p[2], positions, n, layout, 3, boundBits);
        timer.end();
    }

    private GlBuffer grown(GlBuffer b, long need, String label) {
        if (b != null && b.bytes() >= need) {
            return b;
        }
        long want = b == null ? need : Math.max(need, b.bytes() + b.bytes() / 2);
        pool.release(b);
        return pool.acquire(want, label);
    }

    /** One pass over every partition and range of triangles, {@code perTriangle} invocations each. */
    private void run(Pass pass, GlBuffer positions, long n, Layout layout, int perTriangle, int boundBits) {
        pass.set(pass.slots, layout.slots());
        pass.set(pass.partitionBits, layout.partitionBits());
        pass.set(pass.boundBits, boundBits);
        for (long p = 0; p < layout.partitions(); p++) {
            table.bindRange(2, p * layout.slots() * SLOT_BYTES, layout.slots() * SLOT_BYTES);
            pass.set(pass.partition, p);
            for (long first = 0; first < n; first += layout.triangleChunk()) {
                long count = Math.min(layout.triangleChunk(), n - first);
                positions.bindRange(0, 36 * first, 36 * count);
                buffer.bindRange(1, 36 * first, 36 * count);
                pass.set(pass.count, perTriangle * count);
                pass.set(pass.firstTriangle, first);
                pass.set(pass.cap, count);
                pass.set(pass.perTriangle, perTriangle);
                pass.program.dispatchFor(perTriangle * count);
                GlChecks.check(pass.stem);
            }
        }
    }

    @Override
    public void close() {
        pool.release(buffer);
        pool.release(table);
        buffer = null;
        table = null;
        bound.close();
        insert.close();
        accumulate.close();
        resolve.close();
        if (residentPasses != null) {
            for (Pass p : residentPasses) {
                p.close();
            }
        }
    }

    /** A program and its uniform locations (-1 where the pass does not use one). */
    private static final class Pass implements AutoCloseable {
        final String stem;
        final ComputeProgram program;
        final int count;
        final int slots;
        final int partitionBits;
        final int partition;
        final int boundBits;
        final int firstTriangle;
        final int cap;
        final int perTriangle;

        Pass(String stem, Map<String, String> defines) {
            this.stem = stem;
            this.program = ComputeProgram.load(stem, new LinkedHashMap<>(defines), List.of());
            this.count = glGetUniformLocation(program.id(), "uCount");
            this.firstTriangle = glGetUniformLocation(program.id(), "uFirstTriangle");
            this.cap = glGetUniformLocation(program.id(), "uCap");
            this.perTriangle = glGetUniformLocation(program.id(), "uPerTriangle");
            this.slots = glGetUniformLocation(program.id(), "uSlots");
            this.partitionBits = glGetUniformLocation(program.id(), "uPartitionBits");
            this.partition = glGetUniformLocation(program.id(), "uPartition");
            this.boundBits = glGetUniformLocation(program.id(), "uBoundBits");
        }

        void set(int location, long value) {
            if (location >= 0) {
                glProgramUniform1ui(program.id(), location, Math.toIntExact(value));
            }
        }

        @Override
        public void close() {
            program.close();
        }
    }
}
