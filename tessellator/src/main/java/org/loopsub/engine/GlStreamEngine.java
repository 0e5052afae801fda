package org.loopsub.engine;

import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT;
import static org.lwjgl.opengl.GL43C.glGetInteger;
import static org.lwjgl.opengl.GL43C.glGetUniformLocation;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1f;
import static org.lwjgl.opengl.GL43C.glProgramUniform1fv;
import static org.lwjgl.opengl.GL43C.glProgramUniform1i;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;
import static org.lwjgl.opengl.GL43C.glProgramUniform3f;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.loopsub.api.LevelStats;
import org.loopsub.api.ProgressListener;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GpuTimer;
import org.loopsub.gl.GpuScan;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;

/**
 * The GL back end's level loop: the twin of {@link org.loopsub.stream.JavaStreamEngine}, running the
 * passes as compute shaders. A level's stream is a list of segments: GL buffers of records stored
 * in tiles of 32 (each float of 32 consecutive records side by side, see loop_record.glsl), each
 * small enough for one SSBO binding and the memory budget. A segment is processed in windows
 * of at most {@code window} records, and each window's children form one new segment, so segments
 * never hold more than four windows. Output triangles stay on the GPU, in the Java back end's
 * order: per level its finished records, then its slivers, then (at the last split) the direct
 * triangles.
 */
final class GlStreamEngine implements AutoCloseable {
    private static final int POINTS = 0;
    private static final int META = 1;
    private static final int DST_POINTS = 2;
    private static final int DST_META = 3;
    private static final int OUT = 4;
    private static final int INDEX = 5;
    private static final int SLIVER_OFFSET = 6;
    private static final int WEIGHTS = 7;
    private static final int KEEP = 8;
    private static final int DONE = 9;
    private static final int SLIVERS = 10;
    private static final int DIRECT_OUT = 11;

    private final RecordLayout layout;
    /** The criteria and timer of the run in progress: an engine serves many runs (a renderer's frames). */
    private GlCriteria criteria;
    private final GpuScan scan;
    private final long window;
    private final long align;
    private final GlBuffer weights;
    /** Compiled passes, kept by the tessellator across refinements (a renderer refines every frame). */
    private final Map<String, ComputeProgram> programs;
    private final float[] centre;
    private final float inverseScale;
    private GpuTimer timer;
    private final GlBufferPool pool;
    private final long recordBytes;
    private final long metaBytes;
    /**
     * Bytes a regular record's passes actually touch (12 points and the metadata): the unused fan
     * slots cost nothing, so the bandwidth figures count these. (General records touch more; few
     * records are general after the first levels.)
     */
    private final long touchedBytes;

    /** Records per tile of the GPU layout (loop_record.glsl). */
    private static final int TILE = 32;

    /** Records rounded up to whole tiles: what a segment of that many records holds room for. */
    private static long tiled(long records) {
        return (records + TILE - 1) / TILE * TILE;
    }

    /** A piece of a level's stream on the GPU: {@code count} records, in buffers of whole tiles. */
    private record Segment(GlBuffer points, GlBuffer meta, long count) {
        long capacity() {
            return tiled(count);
        }
    }

    /**
     * A run of output triangles: a level's finished triangles, its slivers, or the triangles the
     * last split wrote directly, at {@code first} in the output buffer.
     *
     * @param level the level whose records made them
     * @param kind what they are
     * @param first index of the first triangle in the output buffer
     * @param count how many
     */
    record Block(int level, Kind kind, long first, long count) {
        /** What a block holds. */
        enum Kind { FINISHED, SLIVERS, DIRECT }
    }

    /**
     * The output triangles, 9 floats each (internal frame), in one GL buffer that a renderer can draw
     * with one call. Blocks are placed in output order (per level finished, then slivers; direct
     * triangles last). A block written by the regular split, which stores vec4s, starts on a multiple
     * of 4 triangles: up to 3 degenerate triangles (all corners at the origin, drawing nothing) may
     * pad the gap before it. The buffer grows geometrically (by a GPU copy) and is kept across
     * refinements when the output is reused ({@link #reset()}).
     */
    static final class Output implements AutoCloseable {
        private final GlBufferPool pool;
        private final List<Block> blocks = new ArrayList<>();
        private GlBuffer buffer;
        /** Triangles in use, padding included. */
        private long end;
        final List<LevelStats> levels = new ArrayList<>();
        /** Host nanoseconds from the start of the upload to the output being complete on the GPU. */
        long endToEndNanos;

        Output(GlBufferPool pool) {
            this.pool = pool;
        }

        /**
         * Makes room for a block and records it.
         *
         * @param aligned whether the block must start on a multiple of 4 triangles
         * @return the index of its first triangle in {@link #buffer()}
         */
        long reserve(int level, Block.Kind kind, long count, boolean aligned) {
            long first = aligned ? (end + 3) / 4 * 4 : end;
            grow(first + count);
            if (first > end) {
                buffer.fill(36 * end, 9 * (first - end), 0);
            }
            end = first + count;
            blocks.add(new Block(level, kind, first, count));
            return first;
        }

        private void grow(long triangles) {
            long need = Math.max(1, triangles) * 36;
            if (buffer != null && buffer.bytes() >= need) {
                return;
            }
            long want = buffer == null ? need : Math.max(need, buffer.bytes() + buffer.bytes() / 2);
            GlBuffer bigger = pool.acquire(want, "loop_output");
            if (buffer != null) {
                // the copy reads what earlier passes wrote
                glMemoryBarrier(org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT);
                bigger.copyFrom(buffer, 0, 0, 36 * end);
                pool.release(buffer);
            }
            buffer = bigger;
        }

        /** @return the buffer holding the triangles ({@code null} before the first block) */
        GlBuffer buffer() {
            return buffer;
        }

        /** @return the blocks in output order */
        List<Block> blocks() {
            return blocks;
        }

        /** @return triangles in the buffer that a draw covers, padding included */
        long drawTriangles() {
            return end;
        }

        long triangleCount() {
            return blocks.stream().mapToLong(Block::count).sum();
        }

        /** Forgets the triangles and statistics, keeping the buffer for the next refinement. */
        void reset() {
            blocks.clear();
            levels.clear();
            end = 0;
        }

        /** Reads every triangle back, in output order (the CLI's path; a renderer draws the buffer). */
        float[] corners() {
            long n = 9 * triangleCount();
            if (n > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("output of " + triangleCount() + " triangles does not fit in memory");
            }
            float[] all = new float[(int) n];
            int at = 0;
            for (Block b : blocks) {
                int len = Math.toIntExact(9 * b.count());
                if (len > 0) {
                    System.arraycopy(buffer.readFloats(36 * b.first(), len), 0, all, at, len);
                }
                at += len;
            }
            return all;
        }

        /** Gives the buffer back to the pool; the statistics stay readable. */
        @Override
        public void close() {
            pool.release(buffer);
            buffer = null;
            blocks.clear();
            end = 0;
        }
    }

    GlStreamEngine(GlContext context, RecordLayout layout, float[] weightTable, GpuScan scan,
                   Map<String, ComputeProgram> programs, long budgetBytes, float[] centre, float inverseScale,
                   GlBufferPool pool) {
        this.pool = pool;
        this.recordBytes = 4L * layout.pointFloats();
        this.metaBytes = 4L * layout.metaInts();
        this.touchedBytes = 4L * (36 + layout.metaInts());
        this.layout = layout;
        this.centre = centre;
        this.inverseScale = inverseScale;
        this.scan = scan;
        this.programs = programs;
        this.align = Math.max(4, glGetInteger(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT));
        // A window's children (4 per record) form one segment, which must fit one binding; so must
        // its input, a segment of at most four windows.
        long block = Math.min(context.maxStorageBlockSize(), budgetBytes);
        long w = block / (4 * 4L * layout.pointFloats());
        // Shaders index floats with 32-bit uints: a segment holds fewer than 2^32 of them.
        w = Math.min(w, (1L << 30) / layout.pointFloats());
        this.window = Math.max(1, Math.min(w, 1L << 24));
        this.weights = GlBuffer.of(weightTable, "loop_weights");
    }

    private ComputeProgram program(String stem, Map<String, String> extra) {
        Map<String, String> defines = new LinkedHashMap<>();
        defines.put("FAN", Integer.toString(layout.fanCapacity()));
        defines.put("POINT_FLOATS", Integer.toString(layout.pointFloats()));
        defines.put("META_INTS", Integer.toString(layout.metaInts()));
        defines.putAll(LOOP_WEIGHT_DEFINES);
        defines.putAll(extra);
        if (stem.equals("loop_split")) {
            int group = extra.containsKey("GENERAL_ONLY") ? GENERAL_GROUP : SPLIT_GROUP;
            defines.put("GROUP", Integer.toString(group));
        }
        // The user's GLSL criterion (if any) goes in right after the defines, before the pass's code;
        // it is part of the key, since the cache outlives one refinement.
        String prelude = stem.equals("loop_flag_edges") && criteria.customGlsl != null ? criteria.customGlsl : "";
        String key = stem + defines + "\n" + prelude;
        return programs.computeIfAbsent(key, k -> ComputeProgram.load(stem, defines, List.of(), prelude));
    }

    /**
     * Parents per work group of loop_split's regular half. The system property
     * {@code loopsub.gl.splitGroup} overrides it, for tuning on a new GPU.
     */
    private static final int SPLIT_GROUP = Integer.getInteger("loopsub.gl.splitGroup", 64);

    /**
     * Invocations per work group of the general half of loop_split: almost all of them find a
     * regular record and stop, so large groups keep the launch overhead down.
     */
    private static final int GENERAL_GROUP = Integer.getInteger("loopsub.gl.generalGroup", 256);

    /**
     * Uploads the records, runs the levels and waits for the GPU to finish them.
     *
     * @return the output, in a buffer of the pool: close it to give it back
     */
    Output run(List<RecordChunk> level0, int maxDepth, GlCriteria criteria, GpuTimer timer, ProgressListener progress) {
        Output out = new Output(pool);
        long start = System.nanoTime();
        run(upload(level0, false), false, maxDepth, criteria, timer, progress, out);
        org.lwjgl.opengl.GL43C.glFinish();
        out.endToEndNanos = System.nanoTime() - start;
        return out;
    }

    /**
     * Runs the levels from records already on the GPU, appending to {@code out}; issues the passes
     * and returns without waiting for them.
     *
     * @param level0 the level-0 segments
     * @param keepLevel0 whether they stay (a prepared mesh refines them again next frame)
     */
    void run(Level0 level0, boolean keepLevel0, int maxDepth, GlCriteria criteria, GpuTimer timer,
             ProgressListener progress, Output out) {
        this.criteria = criteria;
        this.timer = timer;
        if (keepLevel0) {
            level0.restore();
        }
        List<Segment> current = level0.segments;
        for (int level = 0; level <= maxDepth && !current.isEmpty(); level++) {
            long t0 = System.nanoTime();
            LevelRun run = criteria.any || level == maxDepth ? adaptiveLevel(current, level, maxDepth, out)
                    : uniformLevel(current, level, maxDepth, out);
            if (level > 0 || !keepLevel0) {
                for (Segment s : current) {
                    pool.release(s.points());
                    pool.release(s.meta());
                }
            }
            current = run.next;
            LevelStats stats = new LevelStats(level, run.active + run.finished, run.finished, run.slivers, run.active,
                    System.nanoTime() - t0);
            out.levels.add(stats);
            progress.levelDone(stats);
            if (run.middle > 0) {
                LevelStats middle = new LevelStats(level + 1, run.middle, 0, 0, run.middle, 0);
                out.levels.add(middle);
                progress.levelDone(middle);
            }
            if (run.direct > 0) {
                LevelStats last = new LevelStats(level + (run.middle > 0 ? 2 : 1), run.direct, run.direct, 0, 0, 0);
                out.levels.add(last);
                progress.levelDone(last);
            }
        }
    }

    /** LoopRules' mask weights as GLSL expressions of their exact float bits (docs/design.md §5). */
    static final Map<String, String> LOOP_WEIGHT_DEFINES = loopWeightDefines();

    private static Map<String, String> loopWeightDefines() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("LOOP_EDGE_END", glslFloat(LoopRules.EDGE_END));
        d.put("LOOP_EDGE_OPPOSITE", glslFloat(LoopRules.EDGE_OPPOSITE));
        d.put("LOOP_HALF", glslFloat(LoopRules.HALF));
        d.put("LOOP_BOUNDARY_CENTRE", glslFloat(LoopRules.BOUNDARY_CENTRE));
        d.put("LOOP_BOUNDARY_NEIGHBOUR", glslFloat(LoopRules.BOUNDARY_NEIGHBOUR));
        return java.util.Collections.unmodifiableMap(d);
    }

    /** A float as a GLSL expression with exactly its bits, whatever its decimal expansion. */
    static String glslFloat(float f) {
        return "uintBitsToFloat(0x" + Integer.toHexString(Float.floatToRawIntBits(f)).toUpperCase(java.util.Locale.ROOT)
                + "u)";
    }

    private static final class LevelRun {
        long active;
        long finished;
        long slivers;
        long direct;
        /** Records of the level after this one, when a fused pass refined them too (uniform only). */
        long middle;
        List<Segment> next = new ArrayList<>();
    }

    /**
     * The level-0 records on the GPU, in segments of at most four windows. A prepared mesh keeps them
     * from frame to frame and {@linkplain #rewrite rewrites} them in place when its control points
     * move. The edge test writes complete bits into the records it tests, so a kept stream also keeps
     * a pristine copy of its metadata, copied back (on the GPU) before each run.
     */
    static final class Level0 implements AutoCloseable {
        private final GlBufferPool pool;
        private final List<Segment> segments;
        /** Untouched metadata of each segment, or {@code null} for a stream used once. */
        private final List<GlBuffer> pristineMeta;

        private Level0(GlBufferPool pool, List<Segment> segments, boolean kept) {
            this.pool = pool;
            this.segments = segments;
            this.pristineMeta = kept ? new ArrayList<>() : null;
            if (kept) {
                for (Segment s : segments) {
                    GlBuffer copy = pool.acquire(s.meta().bytes(), "loop_records_meta_level0");
                    pristineMeta.add(copy);
                }
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
        private void restore() {
            if (pristineMeta == null) {
                return;
            }
            // the last run's passes wrote the metadata the copy overwrites
            glMemoryBarrier(org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT);
            for (int i = 0; i < segments.size(); i++) {
                segments.get(i).meta().copyFrom(pristineMeta.get(i), 0, 0, segments.get(i).meta().bytes());
            }
        }

        /** Gives the buffers back to the pool. */
        @Override
        public void close() {
            for (Segment s : segments) {
                pool.release(s.points());
                pool.release(s.meta());
            }
            segments.clear();
            if (pristineMeta != null) {
                pristineMeta.forEach(pool::release);
                pristineMeta.clear();
            }
        }
    }

    /**
     * Uploads the level-0 records, rearranged into tiles, in segments of at most four windows.
     *
     * @param kept whether the stream serves many runs (with {@code keepLevel0}); it then keeps a
     *     pristine copy of its metadata
     */
    Level0 upload(List<RecordChunk> chunks, boolean kept) {
        return new Level0(pool, write(chunks, null), kept);
    }

    /**
     * Writes new level-0 records over old ones of the same layout and count (the same mesh with
     * moved control points): no allocation.
     */
    void rewrite(Level0 level0, List<RecordChunk> chunks) {
        write(chunks, level0.segments);
        if (level0.pristineMeta != null) {
            level0.savePristine();
        }
    }

    private List<Segment> write(List<RecordChunk> chunks, List<Segment> existing) {
        int pf = layout.pointFloats();
        int mi = layout.metaInts();
        long n = 0;
        for (RecordChunk c : chunks) {
            n += c.count;
        }
        List<Segment> segments = new ArrayList<>();
        long most = Math.min(4 * window, (Integer.MAX_VALUE - 8) / pf / TILE * TILE);
        int chunk = 0;
        int inChunk = 0;
        int index = 0;
        for (long first = 0; first < n; first += most, index++) {
            int count = (int) Math.min(most, n - first);
            int cap = (int) tiled(count);
            float[] p = new float[cap * pf];
            int[] m = new int[cap * mi];
            for (int r = 0; r < count; r++) {
                while (inChunk == chunks.get(chunk).count) {
                    chunk++;
                    inChunk = 0;
                }
                RecordChunk c = chunks.get(chunk);
                int tile = r / TILE;
                int lane = r % TILE;
                for (int f = 0; f < pf; f++) {
                    p[(tile * pf + f) * TILE + lane] = c.points[inChunk * pf + f];
                }
                for (int w = 0; w < mi; w++) {
                    m[(tile * mi + w) * TILE + lane] = c.meta[inChunk * mi + w];
                }
                inChunk++;
            }
            Segment seg;
            if (existing != null) {
                seg = existing.get(index);
                if (seg.count() != count) {
                    throw new IllegalArgumentException("rewrite with " + n + " records over a different stream");
                }
            } else {
                seg = new Segment(pool.acquire(4L * p.length, "loop_records_points"),
                        pool.acquire(4L * m.length, "loop_records_meta"), count);
            }
            seg.points().write(0, p);
            seg.meta().write(0, m);
            segments.add(seg);
        }
        return segments;
    }

    /** A new segment for the children of {@code parents} records. */
    private Segment childSegment(long parents) {
        long cap = tiled(4 * parents);
        return new Segment(pool.acquire(cap * recordBytes, "loop_records_points"),
                pool.acquire(cap * metaBytes, "loop_records_meta"), 4 * parents);
    }

    /**
     * Whether uniform refinement runs its last two levels as one fused pass (loop_split with FUSED).
     * On by default; {@code -Dloopsub.gl.fuse=false} turns it off, for comparison.
     */
    private static final boolean FUSE = !"false".equals(System.getProperty("loopsub.gl.fuse"));

    /** Every record splits; no edge test, no filter, no scan. */
    private LevelRun uniformLevel(List<Segment> in, int level, int maxDepth, Output out) {
        if (FUSE && level + 2 == maxDepth) {
            return fusedLastLevels(in, level, out);
        }
        LevelRun run = new LevelRun();
        boolean direct = level + 1 == maxDepth;
        long total = in.stream().mapToLong(Segment::count).sum();
        run.active = total;
        long directFirst = direct ? out.reserve(level + 1, Block.Kind.DIRECT, 4 * total, true) : 0;
        long done = 0;
        SplitPair split = direct ? splitPair("UNIFORM", "DIRECT") : splitPair("UNIFORM");
        for (Segment seg : in) {
            for (long w0 = 0; w0 < seg.count(); w0 += window) {
                long n = Math.min(window, seg.count() - w0);
                bindSource(seg, w0, split.regular(), split.general());
                weights.bind(WEIGHTS);
                if (direct) {
                    setUint(split, "uDirectFloatBase", bindTriangles(out.buffer(), directFirst + (done + w0) * 4, n * 4));
                } else {
                    Segment children = childSegment(n);
                    bindDestination(children);
                    run.next.add(children);
                }
                setUint(split, "uCount", n);
                timer.begin("loop_split", level, n * touchedBytes, direct ? n * 4 * 36 : 4 * n * touchedBytes);
                split.dispatchFor(n);
                timer.end();
                GlChecks.check("loop_split");
            }
            done += seg.count();
        }
        // The next level's passes (or the read-back) consume the children and triangles.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT);
        if (direct) {
            run.direct = 4 * total;
        }
        return run;
    }

    /**
     * The last two uniform levels. Per window the fused pair: regular parents write their 16
     * grandchildren as triangles and mark their children skipped, general parents write their
     * children. Then, after one barrier, the direct pair over each window's children refines only
     * the children of general parents. Triangles land where two plain levels would put them.
     */
    private LevelRun fusedLastLevels(List<Segment> in, int level, Output out) {
        LevelRun run = new LevelRun();
        long total = in.stream().mapToLong(Segment::count).sum();
        run.active = total;
        run.middle = 4 * total;
        long directFirst = out.reserve(level + 2, Block.Kind.DIRECT, 16 * total, true);
        GlBuffer directBuf = out.buffer();
        // The fused pass's general half is the plain uniform one: it writes child records.
        SplitPair fused = new SplitPair(program("loop_split", flags("UNIFORM", "REGULAR_ONLY", "FUSED")),
                program("loop_split", flags("UNIFORM", "GENERAL_ONLY")));
        SplitPair direct = splitPair("UNIFORM", "DIRECT");
        List<Segment> children = new ArrayList<>();
        List<Long> firstTriangle = new ArrayList<>();
        long done = 0;
        for (Segment seg : in) {
            for (long w0 = 0; w0 < seg.count(); w0 += window) {
                long n = Math.min(window, seg.count() - w0);
                bindSource(seg, w0, fused.regular(), fused.general());
                weights.bind(WEIGHTS);
                Segment kids = childSegment(n);
                bindDestination(kids);
                children.add(kids);
                firstTriangle.add(directFirst + 16 * (done + w0));
                setUint(fused.regular(), "uDirectFloatBase",
                        bindTriangles(directBuf, directFirst + 16 * (done + w0), 16 * n));
                setUint(fused, "uCount", n);
                timer.begin("loop_split", level, n * touchedBytes, n * 16 * 36 + n * 16);
                fused.dispatchFor(n);
                timer.end();
                GlChecks.check("loop_split (fused)");
            }
            done += seg.count();
        }
        // The direct pair reads the children and skip marks just written.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        for (int i = 0; i < children.size(); i++) {
            Segment kids = children.get(i);
            bindSource(kids, 0, direct.regular(), direct.general());
            weights.bind(WEIGHTS);
            setUint(direct, "uDirectFloatBase", bindTriangles(directBuf, firstTriangle.get(i), 4 * kids.count()));
            setUint(direct, "uCount", kids.count());
            // Mostly skip marks: two metadata words per child.
            timer.begin("loop_split", level + 1, kids.count() * 8, 0);
            direct.dispatchFor(kids.count());
            timer.end();
            GlChecks.check("loop_split (after the fused pass)");
        }
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT);
        for (Segment kids : children) {
            pool.release(kids.points());
            pool.release(kids.meta());
        }
        run.direct = 16 * total;
        return run;
    }

    /** One window's flags, indices and counts, kept from the first sweep of a level to the second. */
    private record Window(Segment seg, long first, long n, GlBuffer keep, GlBuffer done, GlBuffer slivers,
                          GlBuffer activeIdx, GlBuffer finishedIdx, GlBuffer sliverOffset) {
    }

    /**
     * The general level, in two sweeps over its windows: first edge test, filter, selections and
     * scans for every window, leaving three counts per window in one buffer; then, after a single
     * read-back of all counts, emit and split. One host wait per level, however many windows.
     */
    private LevelRun adaptiveLevel(List<Segment> in, int level, int maxDepth, Output out) {
        LevelRun run = new LevelRun();
        boolean atMax = level == maxDepth;
        boolean direct = level + 1 == maxDepth;
        List<Window> windows = new ArrayList<>();
        for (Segment seg : in) {
            for (long w0 = 0; w0 < seg.count(); w0 += window) {
                long n = Math.min(window, seg.count() - w0);
                windows.add(new Window(seg, w0, n, pool.acquire(4 * n, "loop_keep"), pool.acquire(4 * n, "loop_done"),
                        pool.acquire(4 * n, "loop_sliver_counts"), pool.acquire(4 * n, "loop_active_index"),
                        pool.acquire(4 * n, "loop_finished_index"), pool.acquire(4 * n, "loop_sliver_offset")));
            }
        }
        long cap = windows.stream().mapToLong(Window::n).max().orElse(1);
        GlBuffer scratch = pool.acquire(Math.max(16, scan.scratchBytes(cap)), "loop_scan_scratch");
        GlBuffer counts = pool.acquire(12L * Math.max(1, windows.size()), "loop_counts");
        Map<String, String> none = Map.of();
        ComputeProgram flag = criteria.any && !atMax ? program("loop_flag_edges", criteria.defines) : null;
        ComputeProgram filter = program("loop_filter", none);
        ComputeProgram emit = program("loop_emit_finished", none);
        SplitPair split = atMax ? null : direct ? splitPair("DIRECT") : splitPair();
        if (flag != null) {
            setCriteria(flag, level);
        }
        try {
            for (int wi = 0; wi < windows.size(); wi++) {
                Window w = windows.get(wi);
                long n = w.n();
                if (flag != null) {
                    bindSource(w.seg(), w.first(), flag);
                    setUint(flag, "uCount", n);
                    timer.begin("loop_flag_edges", level, n * touchedBytes, n * metaBytes);
                    flag.dispatchFor(n);
                    timer.end();
                    GlChecks.check("loop_flag_edges");
                    // loop_filter reads the complete bits just written.
                    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                }
                bindSource(w.seg(), w.first(), filter);
                w.keep().bind(KEEP);
                w.done().bind(DONE);
                w.slivers().bind(SLIVERS);
                setUint(filter, "uCount", n);
                glProgramUniform1i(filter.id(), glGetUniformLocation(filter.id(), "uAtMaxDepth"), atMax ? 1 : 0);
                timer.begin("loop_filter", level, n * metaBytes, n * (4 + 12));
                filter.dispatchFor(n);
                timer.end();
                GlChecks.check("loop_filter");
                // The selections and the sliver scan read the flags and counts.
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                timer.begin("scan_select_active", level, 4 * n, 4 * n);
                scan.selectFlagged(w.keep(), n, w.activeIdx(), scratch, counts, 12L * wi);
                timer.end();
                timer.begin("scan_select_finished", level, 4 * n, 4 * n);
                scan.selectFlagged(w.done(), n, w.finishedIdx(), scratch, counts, 12L * wi + 4);
                timer.end();
                timer.begin("scan_sliver_offsets", level, 4 * n, 4 * n);
                scan.exclusiveSum(w.slivers(), w.sliverOffset(), n, scratch, counts, 12L * wi + 8);
                timer.end();
            }
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT);
            // Sizes decide the allocations below: the level's one read-back.
            int[] c = counts.readInts(0, 3 * windows.size());
            long finishedTotal = 0;
            long sliverTotal = 0;
            long activeTotal = 0;
            for (int wi = 0; wi < windows.size(); wi++) {
                activeTotal += Integer.toUnsignedLong(c[3 * wi]);
                finishedTotal += Integer.toUnsignedLong(c[3 * wi + 1]);
                sliverTotal += Integer.toUnsignedLong(c[3 * wi + 2]);
            }
            run.active = activeTotal;
            run.finished = finishedTotal;
            run.slivers = sliverTotal;
            // Placed in output order; each reservation may move the buffer, so take it afterwards.
            long finishedAt = finishedTotal > 0 ? out.reserve(level, Block.Kind.FINISHED, finishedTotal, false) : 0;
            long sliverAt = sliverTotal > 0 ? out.reserve(level, Block.Kind.SLIVERS, sliverTotal, false) : 0;
            long directAt = direct && activeTotal > 0 ? out.reserve(level + 1, Block.Kind.DIRECT, 4 * activeTotal, true) : 0;
            GlBuffer finishedOut = finishedTotal > 0 ? out.buffer() : null;
            GlBuffer sliverOut = sliverTotal > 0 ? out.buffer() : null;
            GlBuffer directOut = direct && activeTotal > 0 ? out.buffer() : null;
            long activeAt = 0;
            for (int wi = 0; wi < windows.size(); wi++) {
                Window w = windows.get(wi);
                long active = Integer.toUnsignedLong(c[3 * wi]);
                long finished = Integer.toUnsignedLong(c[3 * wi + 1]);
                long slivers = Integer.toUnsignedLong(c[3 * wi + 2]);
                if (finished > 0) {
                    bindSource(w.seg(), w.first(), emit);
                    w.finishedIdx().bind(INDEX);
                    setUint(emit, "uOutFloatBase", bindOutput(finishedOut, OUT, finishedAt, finished));
                    setUint(emit, "uCount", finished);
                    timer.begin("loop_emit_finished", level, finished * (36 + 4), finished * 36);
                    emit.dispatchFor(finished);
                    timer.end();
                    GlChecks.check("loop_emit_finished");
                }
                if (active > 0 && split != null) {
                    bindSource(w.seg(), w.first(), split.regular(), split.general());
                    weights.bind(WEIGHTS);
                    w.activeIdx().bind(INDEX);
                    w.sliverOffset().bind(SLIVER_OFFSET);
                    // Without slivers nothing is written there, but the binding must be valid.
                    GlBuffer sBuf = sliverOut != null ? sliverOut : weights;
                    setUint(split, "uSliverFloatBase", sliverOut != null
                            ? bindOutput(sliverOut, OUT, sliverAt, Math.max(1, slivers)) : bindRange(sBuf, OUT, 0, sBuf.bytes()));
                    if (direct) {
                        setUint(split, "uDirectFloatBase", bindTriangles(directOut, directAt + 4 * activeAt, 4 * active));
                    } else {
                        Segment children = childSegment(active);
                        bindDestination(children);
                        run.next.add(children);
                    }
                    setUint(split, "uCount", active);
                    timer.begin("loop_split", level, active * (touchedBytes + 8),
                            slivers * 36 + (direct ? active * 4 * 36 : 4 * active * touchedBytes));
                    split.dispatchFor(active);
                    timer.end();
                    GlChecks.check("loop_split");
                }
                finishedAt += finished;
                sliverAt += slivers;
                activeAt += active;
            }
            // The next level's passes, or the read-back, consume children and triangles.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT);
            if (directOut != null) {
                run.direct = 4 * activeTotal;
            }
        } finally {
            for (Window w : windows) {
                for (GlBuffer b : List.of(w.keep(), w.done(), w.slivers(), w.activeIdx(), w.finishedIdx(), w.sliverOffset())) {
                    pool.release(b);
                }
            }
            pool.release(scratch);
            pool.release(counts);
        }
        return run;
    }

    private void setCriteria(ComputeProgram p, int level) {
        int id = p.id();
        glProgramUniform1i(id, glGetUniformLocation(id, "uLevel"), level);
        glProgramUniform1f(id, glGetUniformLocation(id, "uMaxEdge2"), criteria.maxEdge2);
        glProgramUniform1f(id, glGetUniformLocation(id, "uFlat2"), criteria.flat2);
        glProgramUniform1fv(id, glGetUniformLocation(id, "uRows"), criteria.rows);
        glProgramUniform1f(id, glGetUniformLocation(id, "uPix2"), criteria.pix2);
        glProgramUniform1f(id, glGetUniformLocation(id, "uNear"), criteria.near);
        glProgramUniform3f(id, glGetUniformLocation(id, "uCentre"), centre[0], centre[1], centre[2]);
        glProgramUniform1f(id, glGetUniformLocation(id, "uInvScale"), inverseScale);
    }

    /**
     * loop_split compiled twice: once with only the regular-record path, once with only the general
     * one. Both run over the same records and each writes the children of its own kind, so the
     * regular path, which almost every record takes, is not held back by the general path's
     * register use.
     */
    private record SplitPair(ComputeProgram regular, ComputeProgram general) {
        void dispatchFor(long n) {
            regular.dispatchFor(n);
            general.dispatchFor(n);
        }
    }

    /** loop_split's two halves with the given flags defined. */
    private SplitPair splitPair(String... defined) {
        Map<String, String> r = flags(defined);
        r.put("REGULAR_ONLY", "1");
        Map<String, String> g = flags(defined);
        g.put("GENERAL_ONLY", "1");
        return new SplitPair(program("loop_split", r), program("loop_split", g));
    }

    /** {@code #define}s of the given names, each as 1. */
    private static Map<String, String> flags(String... names) {
        Map<String, String> d = new LinkedHashMap<>();
        for (String n : names) {
            d.put(n, "1");
        }
        return d;
    }

    private static void setUint(SplitPair p, String name, long value) {
        setUint(p.regular(), name, value);
        setUint(p.general(), name, value);
    }

    private static void setUint(ComputeProgram p, String name, long value) {
        glProgramUniform1ui(p.id(), glGetUniformLocation(p.id(), name), Math.toIntExact(value));
    }

    /** Binds a segment as the source of the given programs, from its record {@code first} on. */
    private void bindSource(Segment seg, long first, ComputeProgram... programs) {
        bindSegment(seg, POINTS, META);
        for (ComputeProgram p : programs) {
            setUint(p, "uSrcFirst", first);
        }
    }

    private void bindDestination(Segment children) {
        bindSegment(children, DST_POINTS, DST_META);
    }

    /** Binds exactly the segment's records (a pooled buffer may be larger: its tail stays unbound). */
    private void bindSegment(Segment seg, int points, int meta) {
        seg.points().bindRange(points, 0, seg.capacity() * recordBytes);
        seg.meta().bindRange(meta, 0, seg.capacity() * metaBytes);
    }

    /**
     * Binds direct triangles [first, first + count) of an output buffer, where the regular half of
     * loop_split stores vec4s: the float base it returns is a multiple of 4 (first is a multiple of
     * 4 triangles, 144 bytes).
     */
    private long bindTriangles(GlBuffer buf, long first, long count) {
        long base = bindOutput(buf, DIRECT_OUT, first, count);
        if (base % 4 != 0) {
            throw new IllegalStateException("direct triangles do not start on a 16-byte boundary");
        }
        return base;
    }

    /** Binds triangles [first, first + count) of an output buffer; returns the float base inside the range. */
    private long bindOutput(GlBuffer buf, int binding, long first, long count) {
        return bindRange(buf, binding, first * 36, count * 36);
    }

    /** Binds bytes [start, start + length) rounded out to the alignment; returns the 4-byte element base. */
    private long bindRange(GlBuffer buf, int binding, long start, long length) {
        long aligned = start / align * align;
        long size = Math.min(buf.bytes() - aligned, length + (start - aligned));
        buf.bindRange(binding, aligned, size);
        return (start - aligned) / 4;
    }

    /** Deletes the weight table; the buffers of runs belong to the pool. */
    @Override
    public void close() {
        weights.close();
    }
}
