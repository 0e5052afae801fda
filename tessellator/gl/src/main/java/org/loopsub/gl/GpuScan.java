package org.loopsub.gl;

import static org.lwjgl.opengl.GL43C.GL_COMMAND_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL43C.glBindBuffer;
import static org.lwjgl.opengl.GL43C.glBindBufferBase;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;
import static org.lwjgl.opengl.GL43C.glUseProgram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Scan and stream compaction on the GPU, in CUB's shape: a facade named by meaning, scratch storage the
 * caller sizes with {@link #scratchBytes(long)} and allocates, results (total, count) left in a GPU
 * buffer, stable order. The Java twin, and the reference of the tests, is
 * {@link org.loopsub.stream.StreamCompaction}.
 *
 * <p>All values are 32-bit unsigned and sums wrap modulo 2^32 exactly like Java's {@code int}
 * arithmetic, so results are bit-identical to the twin. Results are deterministic (integer sums in a
 * fixed order of dispatches).
 *
 * <p>GL state: uses shader storage binding points 0 to 3, which it leaves unbound, and leaves no program
 * current; made with {@code tidy} false, it leaves them as its last pass had them, for a caller whose
 * own entry point restores the state once (the engine's passes, {@code HostState}). Before returning it issues {@code GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT}, so
 * later shaders and indirect commands see the results; {@link GlBuffer}'s reads add their own barrier.
 * Offsets into {@code totalBuf} / {@code countBuf} need only be multiples of 4.
 *
 * <p>Arrays larger than one SSBO binding may expose ({@link GlContext#maxStorageBlockSize()}, 128 MiB on
 * llvmpipe) are processed in chunks bound by range; {@code selectFlagged} then reads one word per chunk
 * back to the host to place the chunk's output, a stall that a GPU with 2 GiB blocks never meets below
 * 2^29 elements.
 */
public final class GpuScan implements AutoCloseable {
    /** How the scan is computed. */
    public enum Strategy {
        /** One Hillis–Steele step per dispatch over the whole array: O(n log n) work, a baseline. */
        HILLIS_STEELE,
        /** Tile reduce, recursive spine, tile down-sweep, with work-group scans in shared memory. */
        REDUCE_THEN_SCAN,
        /** As {@link #REDUCE_THEN_SCAN}, with {@code KHR_shader_subgroup} arithmetic inside the tiles. */
        SUBGROUP
    }

    private static final int NO_TOTAL = 0xffffffff;
    // The scan shaders' storage bindings, defined here only: the shaders name them BINDING_SCAN_*.
    private static final int B_SRC = 0;
    /** The second input: the spine's partials, or Hillis–Steele's far window of src. */
    private static final int B_AUX = 1;
    private static final int B_DST = 2;
    private static final int B_TOTAL = 3;
    /** A partition's second flags, and where their indices go. */
    private static final int B_OTHER = 4;
    private static final int B_OTHER_DST = 5;
    /** The bindings above as the scan shaders' defines. */
    public static final Map<String, String> BINDING_DEFINES = Map.of(
            "BINDING_SCAN_SRC", Integer.toString(B_SRC),
            "BINDING_SCAN_AUX", Integer.toString(B_AUX),
            "BINDING_SCAN_DST", Integer.toString(B_DST),
            "BINDING_SCAN_TOTAL", Integer.toString(B_TOTAL),
            "BINDING_SCAN_OTHER", Integer.toString(B_OTHER),
            "BINDING_SCAN_OTHER_DST", Integer.toString(B_OTHER_DST));

    private final GlContext ctx;
    /** Whether each call leaves its binding points unbound and no program current. */
    private final boolean tidy;
    private final Strategy strategy;
    private final ScanPolicy policy;
    private final long chunkElems;
    private final long align;
    /** The programs by stem and predicate ({@link #program}); looked up every pass, so no string keys. */
    private final ComputeProgram[] programs = new ComputeProgram[2 * STEMS.length];
    /**
     * Element counts and scratch offsets of the reduce-then-scan levels ({@link #levelSizes}): kept,
     * since every scan of every frame needs them (a 32-bit count has at most 32 levels).
     */
    private final long[] size = new long[33];
    private final long[] off = new long[34];
    private int levels;
    /** What a failed check after a whole selection or sum blames (made once: checked every scan). */
    private final String selectDone;
    private final String sumDone;
    private boolean closed;

    private static final String[] STEMS = {"scan_reduce", "select_scatter", "scan_downsweep", "select_gather",
        "scan_hillis_steele", "select_scatter"};
    private static final int REDUCE = 0;
    private static final int SCATTER = 1;
    private static final int DOWNSWEEP = 2;
    private static final int GATHER = 3;
    private static final int HILLIS_STEELE_STEP = 4;
    /** select_scatter with PARTITION: a second selection in the same sweep. */
    private static final int PARTITION_SCATTER = 5;

    /**
     * @param ctx the context, current on this thread
     * @param strategy how to scan
     * @throws IllegalStateException for {@link Strategy#SUBGROUP} on a context without subgroups
     */
    public GpuScan(GlContext ctx, Strategy strategy) {
        this(ctx, strategy, true);
    }

    /**
     * @param ctx the context, current on this thread
     * @param strategy how to scan
     * @param tidy whether each call unbinds its binding points and the program before it returns.
     *     The engine's scans run inside an entry point that restores the state once at its end, and
     *     unbinding after each of the scans of every window and level, for the next pass to bind
     *     again, was a hundred and more state changes a frame for nothing
     * @throws IllegalStateException for {@link Strategy#SUBGROUP} on a context without subgroups
     */
    public GpuScan(GlContext ctx, Strategy strategy, boolean tidy) {
        this(ctx, strategy, ScanPolicy.DEFAULT, Long.MAX_VALUE, tidy);
    }

    /**
     * @param ctx the context, current on this thread
     * @param strategy how to scan
     * @param policy tile shape
     * @param maxChunkBytes caps the bytes bound per dispatch below the driver's limit (tests use it to
     *        reach the chunked path on small inputs)
     */
    GpuScan(GlContext ctx, Strategy strategy, ScanPolicy policy, long maxChunkBytes) {
        this(ctx, strategy, policy, maxChunkBytes, true);
    }

    private GpuScan(GlContext ctx, Strategy strategy, ScanPolicy policy, long maxChunkBytes, boolean tidy) {
        ctx.checkThread();
        if (strategy == Strategy.SUBGROUP) {
            if (!ctx.hasSubgroups()) {
                throw new IllegalStateException("SUBGROUP scan needs GL_KHR_shader_subgroup (arithmetic, ballot) in "
                        + "compute shaders; " + ctx.renderer() + " has none");
            }
            if (policy.threads() % ctx.subgroupSize() != 0) {
                throw new IllegalArgumentException("work group of " + policy.threads()
                        + " is not a multiple of the subgroup size " + ctx.subgroupSize());
            }
        }
        this.ctx = ctx;
        this.tidy = tidy;
        this.strategy = strategy;
        this.policy = policy;
        this.align = ctx.storageBufferOffsetAlignment();
        long unit = lcm(4L * policy.tile(), align) / 4;
        // slack for ranges that start aligned down before the chunk (the far reads, the output slot)
        long usable = Math.min(Math.min(ctx.maxStorageBlockSize(), maxChunkBytes), 1L << 31) - 2 * align - 4L * policy.tile();
        this.chunkElems = Math.max(unit, usable / 4 / unit * unit);
        this.selectDone = "selectFlagged (" + strategy + ")";
        this.sumDone = "exclusiveSum (" + strategy + ")";
    }

    /**
     * @param ctx a context
     * @return the strategy to use there: {@link Strategy#REDUCE_THEN_SCAN} until SUBGROUP is measured faster
     */
    public static Strategy defaultStrategy(GlContext ctx) {
        return Strategy.REDUCE_THEN_SCAN;
    }

    /** @return the strategy */
    public Strategy strategy() {
        return strategy;
    }

    /** @return the tile shape */
    public ScanPolicy policy() {
        return policy;
    }

    /**
     * Scratch bytes {@link #exclusiveSum} and {@link #selectFlagged} need for {@code n} elements (the same
     * for both). May be 0; a null scratch buffer is then accepted.
     *
     * @param n elements
     * @return bytes
     */
    public long scratchBytes(long n) {
        checkN(n);
        if (n == 0) {
            return 0;
        }
        if (strategy == Strategy.HILLIS_STEELE) {
            return alignUp(4 * n) + 4 * n;
        }
        levelSizes(n);
        return off[levels];
    }

    /**
     * Exclusive prefix sum: {@code out[i] = in[0] + ... + in[i-1]} (uint, wrapping), and the total of all
     * {@code n} written to {@code totalBuf} at byte {@code totalOffset}.
     *
     * @param in the values, at least {@code 4n} bytes
     * @param out receives the sums; may be {@code in} itself
     * @param n elements
     * @param scratch at least {@link #scratchBytes(long)} bytes, not aliasing the others
     * @param totalBuf receives the total
     * @param totalOffset byte offset of the total, a multiple of 4
     */
    public void exclusiveSum(GlBuffer in, GlBuffer out, long n, GlBuffer scratch, GlBuffer totalBuf, long totalOffset) {
        run(in, out, n, scratch, totalBuf, totalOffset, false, null, null);
    }

    /**
     * Stable selection: writes every index {@code i < n} with {@code flags[i] != 0}, ascending, to
     * {@code out[0 .. count)}, and {@code count} to {@code countBuf} at byte {@code countOffset}. Slots of
     * {@code out} from {@code count} on are left alone. {@link Strategy#HILLIS_STEELE} counts with an
     * inclusive scan and gathers (one invocation per output slot binary-searches the scan); the others
     * scan and scatter within each tile.
     *
     * @param flags the flags, at least {@code 4n} bytes
     * @param n elements
     * @param out receives the indices, at least {@code 4n} bytes, not aliasing {@code flags}
     * @param scratch at least {@link #scratchBytes(long)} bytes, not aliasing the others
     * @param countBuf receives the count
     * @param countOffset byte offset of the count, a multiple of 4
     */
    public void selectFlagged(GlBuffer flags, long n, GlBuffer out, GlBuffer scratch, GlBuffer countBuf, long countOffset) {
        select(flags, n, out, scratch, countBuf, countOffset, null, null);
    }

    /** A selection, and with {@code otherFlags} (else null) a partition's second one ({@link #partition}). */
    private void select(GlBuffer flags, long n, GlBuffer out, GlBuffer scratch, GlBuffer countBuf, long countOffset,
                        GlBuffer otherFlags, GlBuffer otherOut) {
        if (n > 0 && flags.id() == out.id()) {
            throw new IllegalArgumentException("selectFlagged: out must not alias flags");
        }
        run(flags, out, n, scratch, countBuf, countOffset, true, otherFlags, otherOut);
    }

    /**
     * Stable partition of the flagged elements: {@link #selectFlagged} of {@code flags} into {@code
     * out} with its count at byte {@code countOffset}, and of {@code otherFlags} into {@code
     * otherOut} with its count in the next word, in one sweep where the strategy has tiles (the
     * engine's active and finished records of a window). No element may be flagged in both arrays, and an element flagged in neither must
     * not come before one flagged in {@code otherFlags} (a window's records past its count): an
     * element of the second selection at index i then goes to slot i minus the selected elements
     * before it, which the first selection's scan has already counted. {@link
     * Strategy#HILLIS_STEELE} runs the two selections one after the other.
     *
     * @param flags the first flags, at least {@code 4n} bytes
     * @param otherFlags the second flags, as many
     * @param n elements
     * @param out receives the indices flagged in {@code flags}, at least {@code 4n} bytes
     * @param otherOut receives those flagged in {@code otherFlags}, as many
     * @param scratch at least {@link #scratchBytes(long)} bytes, not aliasing the others
     * @param countBuf receives the two counts
     * @param countOffset byte offset of the first count, a multiple of 4; the second follows it
     */
    public void partition(GlBuffer flags, GlBuffer otherFlags, long n, GlBuffer out, GlBuffer otherOut,
                          GlBuffer scratch, GlBuffer countBuf, long countOffset) {
        if (strategy == Strategy.HILLIS_STEELE || n == 0) {
            selectFlagged(flags, n, out, scratch, countBuf, countOffset);
            selectFlagged(otherFlags, n, otherOut, scratch, countBuf, countOffset + 4);
            return;
        }
        if (otherFlags.bytes() < 4 * n || otherOut.bytes() < 4 * n) {
            throw new IllegalArgumentException("partition: buffers hold fewer than n = " + n + " elements");
        }
        if (otherOut.id() == flags.id() || otherOut.id() == otherFlags.id() || otherOut.id() == out.id()) {
            throw new IllegalArgumentException("partition: otherOut must not alias the flags or out");
        }
        if (countOffset + 8 > countBuf.bytes()) {
            throw new IllegalArgumentException("partition: counts at " + countOffset + " not two words inside " + countBuf);
        }
        select(flags, n, out, scratch, countBuf, countOffset, otherFlags, otherOut);
    }

    /**
     * A sum or a selection; {@code otherFlags} and {@code otherOut}: a partition's second selection
     * (reduce-then-scan only), or null. Passed down rather than kept in fields, which would hold a
     * mode between calls; no object either: a frame runs this per window and allocates nothing.
     */
    private void run(GlBuffer in, GlBuffer out, long n, GlBuffer scratch, GlBuffer totalBuf, long totalOffset,
                     boolean select, GlBuffer otherFlags, GlBuffer otherOut) {
        if (closed) {
            throw new IllegalStateException("GpuScan closed");
        }
        ctx.checkThread();
        checkN(n);
        String what = select ? "selectFlagged" : "exclusiveSum";
        String done = select ? selectDone : sumDone;
        if (in.bytes() < 4 * n || out.bytes() < 4 * n) {
            throw new IllegalArgumentException(what + ": buffers hold fewer than n = " + n + " elements");
        }
        long need = scratchBytes(n);
        if (need > 0 && (scratch == null || scratch.bytes() < need)) {
            throw new IllegalArgumentException(what + ": scratch needs " + need + " bytes");
        }
        if (totalOffset < 0 || (totalOffset & 3) != 0 || totalOffset + 4 > totalBuf.bytes()) {
            throw new IllegalArgumentException(what + ": result offset " + totalOffset + " not a word inside " + totalBuf);
        }
        if (n == 0) {
            totalBuf.fill(totalOffset, 1, 0);
            return;
        }
        try {
            if (strategy == Strategy.HILLIS_STEELE) {
                if (select) {
                    hillisSteeleSelect(in, out, n, scratch, totalBuf, totalOffset);
                } else {
                    hillisSteeleSum(in, out, n, scratch, totalBuf, totalOffset);
                }
            } else {
                reduceThenScan(in, out, n, scratch, totalBuf, totalOffset, select, otherFlags, otherOut);
            }
            // consumers: whatever shader or indirect command reads the results next
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
            GlChecks.check(done);
        } finally {
            if (tidy) {
                for (int b = B_SRC; b <= B_OTHER_DST; b++) {
                    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, b, 0);
                }
                glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
                glUseProgram(0);
            }
        }
    }

    // ------------------------------------------------------------------ reduce-then-scan

    /**
     * Fills {@link #size} with the element counts per level (the data, then the tile sums of each
     * level until one tile holds them; {@link #levels} of them) and {@link #off} with the scratch byte
     * offsets of levels 1.. (index L), plus the end, aligned for ranged binding.
     */
    private void levelSizes(long n) {
        int count = 0;
        size[count++] = n;
        for (long m = n; m > policy.tile(); ) {
            m = (m + policy.tile() - 1) / policy.tile();
            size[count++] = m;
        }
        long at = 0;
        for (int l = 1; l < count; l++) {
            off[l] = at;
            at = alignUp(at + 4 * size[l]);
        }
        off[count] = at;
        levels = count;
    }

    private void reduceThenScan(GlBuffer in, GlBuffer out, long n, GlBuffer scratch, GlBuffer totalBuf,
            long totalOffset, boolean select, GlBuffer otherFlags, GlBuffer otherOut) {
        levelSizes(n);
        long[] size = this.size;
        long[] off = this.off;
        int top = levels - 1;
        int totalIndex = bindWord(B_TOTAL, totalBuf, totalOffset);
        // a partition's second count, summed tile by tile, starts from 0: the first reduce zeroes it
        int clearIndex = NO_TOTAL;
        if (otherFlags != null) {
            long start = alignDown(totalOffset);
            totalBuf.bindRange(B_TOTAL, start, totalOffset + 8 - start);
            clearIndex = totalIndex + 1;
        }

        upSweep(in, scratch, top, select, clearIndex);

        // the spine: one tile, scanned in place (or the whole input when it fits one tile)
        if (top == 0) {
            bindWord(B_AUX, totalBuf, totalOffset); // unread: no carry
            bindElems(B_SRC, in, 0, 0, n);
            bindElems(B_DST, out, 0, 0, n);
            ComputeProgram p = select ? program(scatterStem(otherFlags), false) : program(DOWNSWEEP, false);
            if (select) {
                uniforms(p, n, 1, 0, 0, totalIndex, 0, 0);
                bindOthers(p, otherFlags, otherOut, totalBuf, totalOffset, 0, n, 0, n);
            } else {
                uniforms(p, n, 1, 0, 0, totalIndex);
            }
            p.dispatchGroups(1);
            GlChecks.check(select ? "select_scatter (single tile)" : "scan_downsweep (single tile)");
            return;
        }
        ComputeProgram down = program(DOWNSWEEP, false);
        bindWord(B_AUX, totalBuf, totalOffset);
        bindElems(B_SRC, scratch, off[top], 0, size[top]);
        bindElems(B_DST, scratch, off[top], 0, size[top]);
        uniforms(down, size[top], 1, 0, 0, totalIndex);
        down.dispatchGroups(1);
        // consumer: the down-sweep of the level below reads the scanned sums
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        GlChecks.check("scan_downsweep (spine)");

        downSweep(in, out, n, scratch, top, select, down, totalBuf, totalOffset, otherFlags, otherOut);
    }

    /** Reduce-then-scan's up-sweep: the tile sums of each level below the spine ({@link #levelSizes}). */
    private void upSweep(GlBuffer in, GlBuffer scratch, int top, boolean select, int clearIndex) {
        long[] size = this.size;
        long[] off = this.off;
        int tile = policy.tile();
        for (int l = 0; l < top; l++) {
            ComputeProgram reduce = program(REDUCE, select && l == 0);
            GlBuffer src = l == 0 ? in : scratch;
            long srcOff = l == 0 ? 0 : off[l];
            bindElems(B_AUX, scratch, off[l + 1], 0, size[l + 1]);
            for (long s = 0; s < size[l]; s += chunkElems) {
                long cnt = Math.min(chunkElems, size[l] - s);
                requireBase(bindElems(B_SRC, src, srcOff, s, cnt), s);
                uniforms(reduce, cnt, tiles(cnt), s / tile);
                glProgramUniform1ui(reduce.id(), 3, l == 0 ? clearIndex : NO_TOTAL);
                reduce.dispatchGroups(tiles(cnt));
            }
            // consumer: the next level's reduce, or the spine
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            GlChecks.check("scan_reduce, level", l);
        }
    }

    /**
     * Reduce-then-scan's down-sweep below the spine: each level's tiles scanned with their carries,
     * level 0 into {@code out} (a selection scattered there, chunk by chunk).
     */
    private void downSweep(GlBuffer in, GlBuffer out, long n, GlBuffer scratch, int top, boolean select,
                           ComputeProgram down, GlBuffer totalBuf, long totalOffset, GlBuffer otherFlags,
                           GlBuffer otherOut) {
        long[] size = this.size;
        long[] off = this.off;
        int tile = policy.tile();
        for (int l = top - 1; l >= 0; l--) {
            boolean scatter = select && l == 0;
            ComputeProgram p = scatter ? program(scatterStem(otherFlags), false) : down;
            GlBuffer src = l == 0 ? in : scratch;
            GlBuffer dst = l == 0 ? out : scratch;
            long srcOff = l == 0 ? 0 : off[l];
            bindElems(B_AUX, scratch, off[l + 1], 0, size[l + 1]);
            long chunks = (size[l] + chunkElems - 1) / chunkElems;
            for (long s = 0; s < size[l]; s += chunkElems) {
                long cnt = Math.min(chunkElems, size[l] - s);
                requireBase(bindElems(B_SRC, src, srcOff, s, cnt), s);
                if (scatter) {
                    long outStart = 0;
                    long outCount = n;
                    if (chunks > 1) {
                        // where this chunk's selection starts is only known on the GPU: fetch it
                        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                        outStart = Integer.toUnsignedLong(scratch.readInt(off[1] + 4 * (s / tile)));
                        outCount = Math.min(cnt, n - outStart);
                    }
                    long outBase = bindElems(B_DST, out, 0, outStart, outCount);
                    uniforms(p, cnt, tiles(cnt), s / tile, 1, NO_TOTAL, s, outBase);
                    // every element before the chunk was selected or is the second selection's
                    bindOthers(p, otherFlags, otherOut, totalBuf, totalOffset, s, cnt, s - outStart,
                            Math.min(cnt, n - (s - outStart)));
                } else {
                    requireBase(bindElems(B_DST, dst, srcOff, s, cnt), s);
                    uniforms(p, cnt, tiles(cnt), s / tile, 1, NO_TOTAL);
                }
                p.dispatchGroups(tiles(cnt));
            }
            if (l > 0) {
                // consumer: the down-sweep of the level below
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            }
            GlChecks.check(scatter ? "select_scatter, level" : "scan_downsweep, level", l);
        }
    }

    private static int scatterStem(GlBuffer otherFlags) {
        return otherFlags != null ? PARTITION_SCATTER : SCATTER;
    }

    /**
     * A partition's second flags for the chunk's {@code count} elements from {@code first} on, its
     * output's {@code outCount} slots from {@code otherStart} on, and the word its count is summed
     * into; nothing for a plain selection.
     */
    private void bindOthers(ComputeProgram p, GlBuffer otherFlags, GlBuffer otherOut, GlBuffer totalBuf,
                            long totalOffset, long first, long count,
                            long otherStart, long outCount) {
        if (otherFlags == null) {
            return;
        }
        requireBase(bindElems(B_OTHER, otherFlags, 0, first, count), first);
        long otherBase = bindElems(B_OTHER_DST, otherOut, 0, otherStart, Math.max(1, outCount));
        // the count's word beside the first one, bound with it
        long start = alignDown(totalOffset);
        totalBuf.bindRange(B_TOTAL, start, totalOffset + 8 - start);
        glProgramUniform1ui(p.id(), 7, (int) otherBase);
        glProgramUniform1ui(p.id(), 8, (int) ((totalOffset + 4 - start) / 4));
    }

    private long tiles(long count) {
        return (count + policy.tile() - 1) / policy.tile();
    }

    // ------------------------------------------------------------------ Hillis-Steele

    private void hillisSteeleSum(GlBuffer in, GlBuffer out, long n, GlBuffer scratch, GlBuffer totalBuf, long totalOffset) {
        int totalIndex = bindWord(B_TOTAL, totalBuf, totalOffset);
        long seg1 = alignUp(4 * n);
        int steps = ceilLog2(n);
        GlBuffer src = in;
        long srcOff = 0;
        int cur = -1; // which scratch segment src is, -1: the input
        if (in.id() == out.id() && steps <= 1) {
            // the shifting pass would read what it overwrites: move the input aside first
            step(false, in, 0, scratch, 0, n, 0, 0, n, totalIndex);
            src = scratch;
            srcOff = 0;
            cur = 0;
        }
        for (int j = 0; j < steps - 1; j++) {
            int next = cur == 0 ? 1 : 0;
            step(false, src, srcOff, scratch, next == 0 ? 0 : seg1, n, 1L << j, 0, n, totalIndex);
            src = scratch;
            srcOff = next == 0 ? 0 : seg1;
            cur = next;
        }
        long dist = steps == 0 ? 0 : 1L << (steps - 1);
        // the last step also shifts by one: out[i] = inclusive[i - 1], invocation n writes the total
        step(false, src, srcOff, out, 0, n + 1, dist, 1, n, totalIndex);
    }

    private void hillisSteeleSelect(GlBuffer flags, GlBuffer out, long n, GlBuffer scratch, GlBuffer countBuf, long countOffset) {
        int countIndex = bindWord(B_TOTAL, countBuf, countOffset);
        long seg1 = alignUp(4 * n);
        int steps = ceilLog2(n);
        GlBuffer src = flags;
        long srcOff = 0;
        int cur = -1;
        if (steps == 0) {
            step(true, flags, 0, scratch, 0, n, 0, 0, n, countIndex);
            cur = 0;
        }
        for (int j = 0; j < steps; j++) {
            int next = cur == 0 ? 1 : 0;
            step(j == 0, src, srcOff, scratch, next == 0 ? 0 : seg1, n, 1L << j, 0, n, countIndex);
            src = scratch;
            srcOff = next == 0 ? 0 : seg1;
            cur = next;
        }
        long inclOff = cur == 0 ? 0 : seg1;
        ComputeProgram gather = program(GATHER, false);
        long chunks = (n + chunkElems - 1) / chunkElems;
        for (long s = 0; s < n; s += chunkElems) {
            long cnt = Math.min(chunkElems, n - s);
            long first = Math.max(0, s - 1);
            long inclBase = bindElems(B_SRC, scratch, inclOff, first, s + cnt - first);
            long outStart = 0;
            long outCount = n;
            if (chunks > 1) {
                // the chunk's first output slot is only known on the GPU: fetch it
                outStart = s == 0 ? 0 : Integer.toUnsignedLong(scratch.readInt(inclOff + 4 * (s - 1)));
                outCount = Math.min(cnt, n - outStart);
            }
            long outBase = bindElems(B_DST, out, 0, outStart, Math.max(1, outCount));
            uniforms(gather, cnt, s, inclBase, outBase, s + cnt == n ? countIndex : NO_TOTAL);
            gather.dispatchFor(cnt);
        }
        GlChecks.check("select_gather");
    }

    /**
     * One Hillis–Steele pass over invocations [0, invocations): dst[i] = src[i - shift] + src[i - shift - dist],
     * chunked so that every binding stays within the block size.
     */
    private void step(boolean predicate, GlBuffer src, long srcOff, GlBuffer dst, long dstOff, long invocations,
            long dist, int shift, long n, int totalIndex) {
        ComputeProgram p = program(HILLIS_STEELE_STEP, predicate);
        for (long s = 0; s < invocations; s += chunkElems) {
            long cnt = Math.min(chunkElems, invocations - s);
            long nearFirst = Math.max(0, s - shift);
            long nearEnd = Math.max(nearFirst + 1, Math.min(n, s + cnt - shift));
            long nearBase = bindElems(B_SRC, src, srcOff, nearFirst, nearEnd - nearFirst);
            long farFirst = Math.max(0, s - shift - dist);
            long farEnd = Math.min(n, s + cnt - shift - dist);
            long farBase = dist > 0 && farEnd > farFirst
                    ? bindElems(B_AUX, src, srcOff, farFirst, farEnd - farFirst)
                    : bindElems(B_AUX, src, srcOff, nearFirst, nearEnd - nearFirst); // unread
            long dstEnd = Math.min(n, s + cnt);
            if (dstEnd > s) {
                requireBase(bindElems(B_DST, dst, dstOff, s, dstEnd - s), s);
            }
            uniforms(p, cnt, s, nearBase, farBase, dist, shift, n, totalIndex);
            p.dispatchFor(cnt);
        }
        // consumer: the next step (or the gather) reads what this one wrote
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        GlChecks.check(shift != 0 ? "scan_hillis_steele, shifted, distance" : "scan_hillis_steele, distance", dist);
    }

    // ------------------------------------------------------------------ helpers

    private ComputeProgram program(int which, boolean predicate) {
        int key = 2 * which + (predicate ? 1 : 0);
        ComputeProgram p = programs[key];
        if (p == null) {
            String stem = STEMS[which];
            Map<String, String> defines = policy.defines();
            // sorted, so that the header (the program cache's key) does not depend on Map.of's order
            new java.util.TreeMap<>(BINDING_DEFINES).forEach(defines::put);
            List<String> ext = new ArrayList<>();
            if (strategy == Strategy.SUBGROUP && !stem.equals("scan_hillis_steele") && !stem.equals("select_gather")) {
                ext.add("GL_KHR_shader_subgroup_basic");
                ext.add("GL_KHR_shader_subgroup_arithmetic");
                defines.put("USE_SUBGROUP", "1");
            }
            if (predicate) {
                defines.put("PREDICATE", "1");
            }
            if (which == PARTITION_SCATTER) {
                defines.put("PARTITION", "1");
            }
            p = ComputeProgram.load(ctx, stem, defines, ext);
            programs[key] = p;
        }
        return p;
    }

    // Uniforms 0, 1, 2... in order, as the scan shaders declare them; fixed arities rather than
    // varargs, whose array every pass of every frame would allocate.

    private static void uniforms(ComputeProgram p, long a, long b, long c) {
        int id = p.id();
        glProgramUniform1ui(id, 0, (int) a);
        glProgramUniform1ui(id, 1, (int) b);
        glProgramUniform1ui(id, 2, (int) c);
    }

    private static void uniforms(ComputeProgram p, long a, long b, long c, long d, long e) {
        uniforms(p, a, b, c);
        glProgramUniform1ui(p.id(), 3, (int) d);
        glProgramUniform1ui(p.id(), 4, (int) e);
    }

    private static void uniforms(ComputeProgram p, long a, long b, long c, long d, long e, long f, long g) {
        uniforms(p, a, b, c, d, e);
        glProgramUniform1ui(p.id(), 5, (int) f);
        glProgramUniform1ui(p.id(), 6, (int) g);
    }

    private static void uniforms(ComputeProgram p, long a, long b, long c, long d, long e, long f, long g, long h) {
        uniforms(p, a, b, c, d, e, f, g);
        glProgramUniform1ui(p.id(), 7, (int) h);
    }

    /**
     * Binds elements [first, first + count) of the array starting at byte {@code segOff} of {@code buf},
     * from the aligned byte at or before them; returns the element index (relative to the segment) that
     * the binding starts at.
     */
    private long bindElems(int binding, GlBuffer buf, long segOff, long first, long count) {
        long start = alignDown(segOff + 4 * first);
        long end = Math.min(buf.bytes(), segOff + 4 * (first + count));
        buf.bindRange(binding, start, end - start);
        return (start - segOff) / 4;
    }

    /** Binds the aligned range holding one word; returns the word's index inside it. */
    private int bindWord(int binding, GlBuffer buf, long byteOffset) {
        long start = alignDown(byteOffset);
        buf.bindRange(binding, start, byteOffset + 4 - start);
        return (int) ((byteOffset - start) / 4);
    }

    private static void requireBase(long base, long expected) {
        if (base != expected) {
            throw new IllegalStateException("chunk binding starts at " + base + ", expected " + expected);
        }
    }

    private long alignUp(long bytes) {
        return (bytes + align - 1) / align * align;
    }

    private long alignDown(long bytes) {
        return bytes / align * align;
    }

    private static long lcm(long a, long b) {
        long x = a;
        long y = b;
        while (y != 0) {
            long t = x % y;
            x = y;
            y = t;
        }
        return a / x * b;
    }

    private static int ceilLog2(long n) {
        return n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1);
    }

    private static void checkN(long n) {
        if (n < 0 || n > Integer.MAX_VALUE - (1 << 16)) {
            throw new IllegalArgumentException("n out of range [0, 2^31 - 2^16]: " + n);
        }
    }

    /** Releases the programs (cached on the context while other users hold them). Idempotent. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            for (int i = 0; i < programs.length; i++) {
                if (programs[i] != null) {
                    programs[i].close();
                    programs[i] = null;
                }
            }
        }
    }
}
