package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_COMMAND_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;

import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTuning;
import org.loopsub.gl.GpuTimer;

/**
 * loop_split compiled twice: once with only the regular-record path, once with only the general
 * one ({@link SplitSchedule.Half}). Both run over the same records and each writes the children of
 * its own kind, so the regular path, which almost every record takes, is not held back by the general
 * path's register use. A uniform level dispatches the general half first ({@link #generalFirst});
 * adaptive levels and a renderer's frames the regular half first. The general half may split each
 * record on {@code generalLanes} invocations (split_halves.glsl's splitLanes); an adaptive pair then
 * also holds {@code oneLane}, the build on one invocation a record, which it dispatches past
 * {@code lanesUpTo} records ({@link GlTuning#lanesUpTo()}).
 */
record SplitPair(ComputeProgram regular, ComputeProgram general, int generalLanes, ComputeProgram oneLane,
                 long lanesUpTo) {
    private static final boolean TIME_HALVES = GlTuning.PROCESS.timeHalves();
    private static final GpuTimer NO_TIMER = new GpuTimer(false);
    private static final String GENERAL_SPAN = "loop_split.general.";

    /** A pair whose general half is always the one build, on {@code generalLanes} invocations a record. */
    SplitPair(ComputeProgram regular, ComputeProgram general, int generalLanes) {
        this(regular, general, generalLanes, null, Long.MAX_VALUE);
    }

    /**
     * With {@link GlTuning#timeHalves()}, ends the span the caller began and begins
     * {@code prefix + level} for the passes that follow: a half, or the fused pass's uv channel, apart.
     * The label is made only then: a renderer's frames allocate nothing (GpuFrameAllocationTest).
     */
    static void spanApart(GpuTimer timer, String prefix, int level) {
        if (TIME_HALVES) {
            timer.end();
            timer.begin(prefix + level, level, 0, 0);
        }
    }

    /**
     * Sets loop_split's uRecords ({@link SplitSchedule#PLAIN}, {@link SplitSchedule#DENSE},
     * {@link SplitSchedule#LISTED}) in both halves, where a build reads it.
     */
    void setRecords(int v) {
        glProgramUniform1ui(regular.id(), regular.uniformIfPresent("uRecords"), v);
        glProgramUniform1ui(general.id(), general.uniformIfPresent("uRecords"), v);
        if (oneLane != null) {
            glProgramUniform1ui(oneLane.id(), oneLane.uniformIfPresent("uRecords"), v);
        }
    }

    /** The general half over n records: on lanes up to {@code lanesUpTo} records, else {@code oneLane}. */
    private void dispatchGeneral(long n) {
        if (oneLane != null && n > lanesUpTo) {
            oneLane.dispatchFor(n);
        } else {
            general.dispatchFor(n * generalLanes);
        }
    }

    void dispatchFor(long n) {
        regular.dispatchFor(n);
        dispatchGeneral(n);
    }

    /** Both halves over n records, inside a span of {@code timer} ({@link #beforeGeneralHalf}). */
    void dispatchFor(long n, GpuTimer timer, int level) {
        regular.dispatchFor(n);
        beforeGeneralHalf(timer, level);
        dispatchGeneral(n);
    }

    /**
     * Both halves over n records of a uniform level, the general half first: its few records are
     * long chains of dependent work that the regular half's many short ones then run beside, where
     * dispatched second they ran on a GPU the regular half had left nearly idle (measured faster on
     * NVIDIA). A renderer's adaptive frames gained nothing from it, so they keep the regular half
     * first (docs/design.md §2). Inside a span of {@code timer} ({@link #timeGeneralHalf}).
     */
    void generalFirst(long n, GpuTimer timer, int level) {
        general.dispatchFor(n * generalLanes);
        timeGeneralHalf(timer, level);
        regular.dispatchFor(n);
    }

    /** Both halves by the commands in a DenseChildren buffer ({@link GlPasses#denseChildren}). */
    void dispatchDense(GlBuffer counts) {
        dispatchDense(counts, NO_TIMER, 0);
    }

    /**
     * {@link #dispatchDense(GlBuffer)} inside a span of {@code timer} ({@link #beforeGeneralHalf}).
     * Here the regular half goes first, as it always did: the order was measured for the other
     * passes only.
     */
    void dispatchDense(GlBuffer counts, GpuTimer timer, int level) {
        regular.dispatchIndirect(counts, SplitSchedule.commandOffset(SplitSchedule.DENSE_REGULAR_COMMAND));
        beforeGeneralHalf(timer, level);
        general.dispatchIndirect(counts, SplitSchedule.commandOffset(SplitSchedule.DENSE_GENERAL_COMMAND));
    }

    /**
     * The general half over a listed level's records ({@link GlPasses#recordList}), after its
     * regular half (which lists them) inside a span of {@code timer}.
     */
    void dispatchListedGeneral(GlBuffer list, GpuTimer timer, int level) {
        beforeGeneralHalf(timer, level);
        general.dispatchIndirect(list, SplitSchedule.commandOffset(SplitSchedule.DENSE_GENERAL_COMMAND));
    }

    /**
     * The fused pass over {@code n} records inside a span of {@code timer}: {@code lister} (its
     * {@link GlPasses#listParents}) lists the general parents in {@code dense}
     * ({@link GlPasses#denseChildren}); once the list and its command are written, the general
     * half over that list alone, then the regular half.
     */
    void dispatchFused(ComputeProgram lister, long n, GlBuffer dense, GpuTimer timer, int level) {
        lister.dispatchFor(n);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
        general.dispatchIndirect(dense, SplitSchedule.commandOffset(SplitSchedule.DENSE_LIST_COMMAND));
        timeGeneralHalf(timer, level);
        regular.dispatchFor(n);
    }

    /**
     * After the general half, inside a span the caller began: with {@link GlTuning#timeHalves()}
     * the general half becomes a span of its own, {@code loop_split.general.<level>}, and the
     * caller's span holds the regular half alone, so that a report shows each level's general half
     * apart. The timestamps between them keep the halves from overlapping on the GPU.
     */
    private static void timeGeneralHalf(GpuTimer timer, int level) {
        if (TIME_HALVES) {
            timer.splitOff(GENERAL_SPAN + level);
        }
    }

    /** {@link #timeGeneralHalf} where the regular half went first: the general half's span follows. */
    private static void beforeGeneralHalf(GpuTimer timer, int level) {
        spanApart(timer, GENERAL_SPAN, level);
    }

    void setUint(String name, long value) {
        GlPasses.setUint(regular, name, value);
        GlPasses.setUint(general, name, value);
        if (oneLane != null) {
            GlPasses.setUint(oneLane, name, value);
        }
    }
}
