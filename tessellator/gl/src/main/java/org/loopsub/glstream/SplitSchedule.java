package org.loopsub.glstream;

import java.util.LinkedHashMap;
import java.util.Map;

import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlTuning;
import org.loopsub.stream.RecordLayout;

/**
 * loop_split's schedule: how a split is cut into builds and dispatches, apart from what a build
 * computes for a record. Each build of loop_split takes a place on four axes ({@link Build}): the
 * level and so the records it reads ({@link Level}: an adaptive level's active list, the same with its
 * sizes kept on the GPU, or a uniform level's records, plain, dense or listed by {@code uRecords}),
 * what it writes ({@link Output}: child records, direct triangles, the fused pass's grandchildren or
 * their uvs, or the list of general parents), which half ({@link Half}), and whether a general half
 * runs on one invocation a record where it would take lanes ({@link Build#oneLane}: no macro of its
 * own, it only leaves the lanes' out). This class is the only place their macros and the numbers of
 * the split's dispatch are made ({@link #defines}): the work groups ({@code GROUP},
 * {@code REGULAR_GROUP}, {@code GENERAL_RECORDS}, {@code DIRECT_GENERAL_RECORDS}), the lanes
 * ({@code GENERAL_LANES}, {@code LANE_RECORDS}), the staged stores ({@code STAGED_STORES},
 * {@code STAGE_BANKS}), DenseChildren's layout ({@code DENSE_ROW}, {@code DENSE_HEADER},
 * {@code DENSE_*_COMMAND}) and the {@code uRecords} codes ({@code RECORDS_*}). {@link SplitPair}
 * dispatches a pair of halves; GlPasses compiles the builds.
 *
 * <p>The GLSL twin is {@code split_schedule.glsl} (included first by loop_split.comp: which record
 * an invocation splits, {@code recordOf}, {@code takesPart}, {@code overList}, {@code listedCount},
 * {@code outIndex}, {@code parentSlot}; the lists a half writes for another, {@code countUp},
 * {@code listParent}, {@code listRecord}; a resident frame's sizes, {@code loadResidentSizes}) and
 * {@code split_halves.glsl} (after the split's parts: which half takes a record,
 * {@code regularRecord}, {@code ownHalf}; the general path in a lane's shares, {@code cornerPoints},
 * {@code recordSlivers}, {@code recordTriangles}, {@code splitGeneral}; {@code writeChildRecords},
 * {@code listParents} and {@code splitLanes}). They read these macros and type no number of their
 * own (SplitScheduleTwinTest).
 */
final class SplitSchedule {
    /**
     * Parents per work group of loop_split's regular half ({@link GlTuning#splitGroup()}), and with
     * linear uvs alone ({@link GlTuning#splitGroupLinearUvs()}): see {@link #splitGroup(RecordLayout)}.
     */
    private static final int SPLIT_GROUP = GlTuning.PROCESS.splitGroup();
    private static final int SPLIT_GROUP_LINEAR_UVS = GlTuning.PROCESS.splitGroupLinearUvs();

    /**
     * Invocations per work group of the general half of loop_split: almost all of them find a
     * regular record and stop, so large groups keep the launch overhead down.
     */
    private static final int GENERAL_GROUP = GlTuning.PROCESS.generalGroup();

    /**
     * The general half's group when records carry limit data (and always in a renderer's frames):
     * their general records run long (births, renewed normals, local-memory arrays) and sit
     * scattered, and a group holds its resources until its slowest invocation ends: with limit data
     * small groups measured up to three times faster on NVIDIA; without limit data the size does not
     * matter or 256 wins (docs/architecture.md). ({@link GlTuning#generalGroupLimit()})
     */
    private static final int GENERAL_GROUP_LIMIT = GlTuning.PROCESS.generalGroupLimit();

    /**
     * Invocations per general record in a general half that writes child records (or, in a uniform
     * level without limit data, triangles); not with smooth uvs and limit data together
     * ({@link GlTuning#generalLanes()}; split_halves.glsl's splitLanes). Its groups hold each record's
     * corner and edge points in shared memory, at most {@link #LANE_SHARED_BYTES} a group (GL
     * promises 32 KiB).
     */
    static final int GENERAL_LANES = GlTuning.PROCESS.generalLanes();
    private static final int LANE_SHARED_BYTES = 24 * 1024;

    /**
     * The most records an adaptive split's general half runs on lanes ({@link GlTuning#lanesUpTo()}):
     * past that, its general records may be many enough to fill the GPU, and one invocation each does
     * less work in all.
     */
    static final long LANES_UP_TO = GlTuning.PROCESS.lanesUpTo();

    /** loop_split's uRecords, a uniform level's records: every record ({@code RECORDS_PLAIN}). */
    static final int PLAIN = 0;
    /** uRecords: the fused pass's general parents, and the pass after it over their dense children. */
    static final int DENSE = 1;
    /** uRecords: a listed level, whose regular half lists the records its general half runs over. */
    static final int LISTED = 2;

    /**
     * Groups per row of a half dispatched by a command the GPU counts up (loop_split's listParent and
     * listRecord: the fused pass's general half and the pass after it, a listed level's general
     * half): rows, not groups, count up to the 65,535 a dimension allows.
     */
    static final int DENSE_ROW = 64;

    /**
     * loop_split's DenseChildren: uints before the entries' origins (a count, then the commands), and
     * the index in its command array of the (x, y, z) of the regular and the general half over a list
     * (the pass after the fused one, a listed level's general half) and of the fused pass's general half.
     */
    static final int DENSE_HEADER = 10;
    static final int DENSE_REGULAR_COMMAND = 0;
    static final int DENSE_GENERAL_COMMAND = 3;
    static final int DENSE_LIST_COMMAND = 6;

    /** The level a build splits, and so the records it reads. */
    enum Level {
        /** An adaptive level: the j-th active record, from the active list the scans wrote. */
        ADAPTIVE,
        /** An adaptive level of a resident frame: the same, its counts and bases read on the GPU (GlSizes). */
        RESIDENT,
        /** A uniform level: every record, or (uRecords) the entries of a list another half wrote. */
        UNIFORM
    }

    /** What a build writes. */
    enum Output {
        /** Four child records a record. */
        CHILDREN,
        /** Four output triangles a record (the level before the deepest). */
        DIRECT("DIRECT"),
        /** The fused pass's regular half: a regular parent's 16 grandchildren as triangles. */
        FUSED("FUSED"),
        /** With smooth uvs, the fused pass's uv channel: the same grandchildren's uvs. */
        FUSED_UVS("FUSED", "FUSED_UVS"),
        /** The pass before the fused one: the list of general parents (DenseChildren). */
        LIST_PARENTS("LIST_PARENTS");

        final String[] macros;

        Output(String... macros) {
            this.macros = macros;
        }

        boolean fused() {
            return this == FUSED || this == FUSED_UVS;
        }
    }

    /** The half of a pair: regular records (three interior valence-6 corners) or the others. */
    enum Half {
        REGULAR("REGULAR_ONLY"),
        GENERAL("GENERAL_ONLY");

        final String macro;

        Half(String macro) {
            this.macro = macro;
        }
    }

    /**
     * One build of loop_split.
     *
     * @param oneLane a general half on one invocation a record where it would take lanes (the build
     *     an adaptive split takes past {@link #LANES_UP_TO} records)
     */
    record Build(Level level, Output output, Half half, boolean oneLane) {
        Build {
            if (output.fused() || output == Output.LIST_PARENTS) {
                if (level != Level.UNIFORM || half != Half.REGULAR) {
                    throw new IllegalArgumentException(output + ": a uniform regular build");
                }
            }
            if (oneLane && half != Half.GENERAL) {
                throw new IllegalArgumentException("one lane: a general half");
            }
        }

        Build(Level level, Output output, Half half) {
            this(level, output, half, false);
        }

        /** The same build on one invocation a record. */
        Build onOneLane() {
            return new Build(level, output, half, true);
        }

        /** The other half of the same pair. */
        Build other() {
            return new Build(level, output, half == Half.REGULAR ? Half.GENERAL : Half.REGULAR, oneLane);
        }
    }

    private final RecordLayout layout;
    /** Parents per work group of loop_split's regular halves with this layout ({@link #splitGroup(RecordLayout)}). */
    private final int splitGroup;
    /** Invocations per work group of its general halves. */
    private final int generalGroup;
    /** Records per work group of a general half on lanes, 0 where lanes do not apply ({@link #laneRecords()}). */
    private final int laneRecords;
    /**
     * The fused pass's regular half's work group where it stages its stores in shared memory
     * (STAGED_STORES, triangle_writer.glsl), 0 where it stores straight ({@link #stagedGroup}).
     */
    private int stagedGroup;

    /**
     * @param maxSharedBytes the driver's {@code GL_MAX_COMPUTE_SHARED_MEMORY_SIZE}, which the staged
     *     stores must fit
     */
    SplitSchedule(RecordLayout layout, int maxSharedBytes) {
        this.layout = layout;
        this.splitGroup = splitGroup(layout);
        this.generalGroup = layout.carriesNormals() ? GENERAL_GROUP_LIMIT : GENERAL_GROUP;
        this.laneRecords = laneRecords(layout);
        stageStores(true, maxSharedBytes);
    }

    /**
     * Turns the fused pass's staged stores off, or back on where they fit: for a test of the build a
     * driver with too little shared memory gets (llvmpipe and NVIDIA have enough).
     */
    void stageStores(boolean on, int maxSharedBytes) {
        stagedGroup = on ? stagedGroup(splitGroup, stageBanks(layout), maxSharedBytes) : 0;
    }

    /**
     * The macros of one build: its axes, its work groups and the numbers its half shares with the
     * halves whose commands it counts up (loop_split's DenseChildren), the uRecords codes and, for the
     * fused pass, the staged stores. With a resident frame's sizes ({@link GlSizes#DEFINES}).
     *
     * @return a new, modifiable map in the order the build is made with
     */
    Map<String, String> defines(Build b) {
        Map<String, String> d = new LinkedHashMap<>();
        if (b.level() == Level.UNIFORM) {
            d.put("UNIFORM", "1");
        }
        for (String m : b.output().macros) {
            d.put(m, "1");
        }
        d.put(b.half().macro, "1");
        if (b.level() == Level.RESIDENT) {
            d.putAll(GlSizes.DEFINES);
        }
        boolean lanes = lanes(b);
        boolean staged = stagedGroup > 0 && b.output().fused();
        // GROUP: this half's; REGULAR_GROUP, GENERAL_RECORDS and DIRECT_GENERAL_RECORDS: records per
        // group of the halves whose commands another half counts up (DenseChildren)
        d.put("GROUP", Integer.toString(lanes ? GENERAL_LANES * laneRecords
                : b.half() == Half.GENERAL ? generalGroup : staged ? stagedGroup : splitGroup));
        if (lanes) {
            d.put("GENERAL_LANES", Integer.toString(GENERAL_LANES));
            d.put("LANE_RECORDS", Integer.toString(laneRecords));
        }
        d.put("REGULAR_GROUP", Integer.toString(splitGroup));
        // a uniform general half's, writing records or triangles: the commands of a listed level and
        // of the dense children
        d.put("GENERAL_RECORDS", Integer.toString(
                lanes(new Build(Level.UNIFORM, Output.CHILDREN, Half.GENERAL)) ? laneRecords : generalGroup));
        d.put("DIRECT_GENERAL_RECORDS", Integer.toString(
                lanes(new Build(Level.UNIFORM, Output.DIRECT, Half.GENERAL)) ? laneRecords : generalGroup));
        d.put("DENSE_ROW", Integer.toString(DENSE_ROW));
        d.put("DENSE_HEADER", Integer.toString(DENSE_HEADER));
        d.put("DENSE_REGULAR_COMMAND", Integer.toString(DENSE_REGULAR_COMMAND));
        d.put("DENSE_GENERAL_COMMAND", Integer.toString(DENSE_GENERAL_COMMAND));
        d.put("DENSE_LIST_COMMAND", Integer.toString(DENSE_LIST_COMMAND));
        d.put("RECORDS_PLAIN", PLAIN + "u");
        d.put("RECORDS_DENSE", DENSE + "u");
        d.put("RECORDS_LISTED", LISTED + "u");
        if (staged) {
            d.put("STAGED_STORES", "1");
            d.put("STAGE_BANKS", Integer.toString(stageBanks(layout)));
        }
        return d;
    }

    /**
     * Whether a general half of this build splits each record on {@link #GENERAL_LANES} lanes
     * (not {@link Build#oneLane}: the build an adaptive split takes past {@link #LANES_UP_TO} records).
     */
    boolean lanes(Build b) {
        // Direct splits only in uniform levels without limit data: with it, and in a renderer's frames,
        // they ran 1-3 % slower on lanes (highvalence depth 6 4.5 % faster; general-lanes/direct.txt).
        boolean direct = b.output() == Output.DIRECT && (b.level() != Level.UNIFORM || layout.carriesNormals());
        return b.half() == Half.GENERAL && !direct && !b.output().fused() && !b.oneLane() && laneRecords > 0;
    }

    /**
     * @return invocations per record of the general half of this build: what its dispatch multiplies
     *     the records by ({@link SplitPair#generalLanes})
     */
    int generalLanes(Build b) {
        return lanes(b) ? GENERAL_LANES : 1;
    }

    /**
     * @return records per work group of a general half split on {@link #GENERAL_LANES} lanes: as many
     *     as {@link #LANE_SHARED_BYTES} hold (what one lane makes and the others read: corner and edge
     *     points, Chaikin halves, limit data, smooth uvs) up to the general group's, in whole warps of
     *     32 invocations; 0 where lanes do not apply (smooth uvs with limit data,
     *     {@code loopsub.gl.generalLanes} 1, or rings too long for a warp's records)
     */
    int laneRecords() {
        return laneRecords;
    }

    private static int laneRecords(RecordLayout layout) {
        // Smooth uvs with limit data ran 1.7 % slower on lanes (bigguy_charts depth 6, general-lanes/smooth.txt).
        if (GENERAL_LANES == 1 || layout.smoothUvs() && layout.carriesNormals()) {
            return 0;
        }
        int ring = layout.ringMax();
        int rowFloats = 9 + (27 * ring | 1) + (layout.chaikin() ? 3 * ring | 1 : 0) + (layout.carriesNormals() ? 33 : 0)
                + (layout.smoothUvs() ? (12 * ring | 1) + 7 : 0) + 1;
        int fit = (LANE_SHARED_BYTES - 4) / (4 * rowFloats);
        int warp = 32 / GENERAL_LANES;
        int group = layout.carriesNormals() ? GENERAL_GROUP_LIMIT : GENERAL_GROUP;
        return Math.min(group / GENERAL_LANES, fit) / warp * warp;
    }

    /**
     * @return parents per work group of loop_split's regular halves: with linear uvs and no limit data
     *     {@link GlTuning#splitGroupLinearUvs()}, else {@link GlTuning#splitGroup()}. Both 128 now: 64
     *     was faster with linear uvs while they were stored as (u, v, 0), 128 since they are pairs
     *     (measured on NVIDIA; docs/architecture.md); kept apart for GPUs where they differ
     */
    static int splitGroup(RecordLayout layout) {
        return splitGroup(layout, GlTuning.PROCESS);
    }

    /** {@link #splitGroup(RecordLayout)} under other tuning. */
    static int splitGroup(RecordLayout layout, GlTuning tuning) {
        return layout.uvs() && !layout.smoothUvs() && !layout.carriesNormals() ? tuning.splitGroupLinearUvs()
                : tuning.splitGroup();
    }

    /**
     * @return the banks of the fused pass's staged stores (triangle_writer.glsl): with limit data one
     *     per output buffer (positions, normals and with this layout uvs), stored behind one pair of
     *     barriers; else one, behind a pair a buffer. (A bank a buffer measured faster with limit data
     *     on NVIDIA, and slower with linear uvs alone, where a second bank's shared memory halved the
     *     warps a multiprocessor holds; docs/design.md §2.)
     */
    static int stageBanks(RecordLayout layout) {
        return layout.carriesNormals() ? 2 + (layout.uvs() ? 1 : 0) : 1;
    }

    /** Shared memory the fused pass's staged stores take per invocation: 9 vec4s a bank and a flag. */
    static int stagedBytesPerInvocation(int banks) {
        return 9 * 16 * banks + 4;
    }

    /**
     * @return the work group of the fused pass's regular half, which stages its stores in {@code banks}
     *     banks: {@code group}, or where their shared memory would pass the driver's
     *     {@code GL_MAX_COMPUTE_SHARED_MEMORY_SIZE} (at least 32 KiB; the default group of 128 takes
     *     18.5 KiB a bank) the largest whole number of warps of 32 that fits; 0 where not even one
     *     warp fits, and the pass stores straight, more slowly
     */
    static int stagedGroup(int group, int banks, int maxSharedBytes) {
        int fit = maxSharedBytes / stagedBytesPerInvocation(banks);
        return fit >= group ? group : fit / 32 * 32;
    }

    /**
     * Whether a window of {@code parents} parents can take the fused pass: the rows of the pass after
     * it must fit one dimension of a dispatch even if every parent is general.
     */
    static boolean denseFits(long parents) {
        return denseFits(parents, Math.min(Math.min(SPLIT_GROUP, SPLIT_GROUP_LINEAR_UVS),
                Math.min(GENERAL_GROUP, GENERAL_GROUP_LIMIT)));
    }

    /** {@link #denseFits(long)} where the smallest group of loop_split's halves is {@code smallestGroup}. */
    static boolean denseFits(long parents, int smallestGroup) {
        long groups = (4 * parents + smallestGroup - 1) / smallestGroup;
        return (groups + DENSE_ROW - 1) / DENSE_ROW <= ComputeProgram.MAX_GROUPS_PER_DIMENSION;
    }

    /** Byte offset in a DenseChildren buffer of the command at index {@code command} (after the count). */
    static long commandOffset(int command) {
        return 4L * (1 + command);
    }
}
