package org.loopsub.glstream;

import static org.loopsub.glstream.ShaderContract.DONE;
import static org.loopsub.glstream.ShaderContract.KEEP;
import static org.loopsub.glstream.ShaderContract.SLIVERS;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1i;

import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GpuScan;
import org.loopsub.gl.GpuTimer;

/**
 * The first sweep of an adaptive level over one window, shared by the level-by-level path
 * ({@link AdaptiveLevel}) and the resident frame ({@link ResidentFrame}): edge test, filter, the
 * selections of the active and the finished records and the exclusive sum of the sliver counts,
 * leaving three counts (active, finished, slivers) in consecutive words of a buffer. The
 * selections are one partition: a window's records past its count are neither active nor finished,
 * and they come last, as {@link GpuScan#partition} asks. The two paths
 * differ only in how a pass learns its window's count, which the caller sets.
 */
final class TestAndScan {
    private TestAndScan() {
    }

    /**
     * A window's flags and indices, from the pool, given back after the level. A holder the level
     * strategies keep and fill again every frame.
     */
    static final class Buffers {
        private GlBuffer keep;
        private GlBuffer done;
        private GlBuffer slivers;
        private GlBuffer activeIdx;
        private GlBuffer finishedIdx;
        private GlBuffer sliverOffset;

        /** Takes buffers for a window of {@code n} records. */
        void acquire(GlBufferPool pool, long n) {
            keep = pool.acquire(4 * n, "loop_keep");
            done = pool.acquire(4 * n, "loop_done");
            slivers = pool.acquire(4 * n, "loop_sliver_counts");
            activeIdx = pool.acquire(4 * n, "loop_active_index");
            finishedIdx = pool.acquire(4 * n, "loop_finished_index");
            sliverOffset = pool.acquire(4 * n, "loop_sliver_offset");
        }

        /** Gives them back (and forgets them: a holder is released at most once per acquire). */
        void release(GlBufferPool pool) {
            pool.release(keep);
            pool.release(done);
            pool.release(slivers);
            pool.release(activeIdx);
            pool.release(finishedIdx);
            pool.release(sliverOffset);
            keep = done = slivers = activeIdx = finishedIdx = sliverOffset = null;
        }

        GlBuffer keep() {
            return keep;
        }

        GlBuffer done() {
            return done;
        }

        GlBuffer slivers() {
            return slivers;
        }

        GlBuffer activeIdx() {
            return activeIdx;
        }

        GlBuffer finishedIdx() {
            return finishedIdx;
        }

        GlBuffer sliverOffset() {
            return sliverOffset;
        }
    }

    /**
     * Tells a pass its window's count: as a uniform (the level-by-level path, which knows it), or,
     * in a resident frame, as the slot of the sizes buffer the count lies in and the window's room.
     */
    private static void setCount(ComputeProgram p, long n, int countSlot, GlBuffer sizes) {
        if (countSlot < 0) {
            GlPasses.setUint(p, "uCount", n);
        } else {
            sizes.bind(ShaderContract.SIZES);
            GlPasses.setUint(p, "uCountSlot", countSlot);
            GlPasses.setUint(p, "uCap", n);
        }
    }

    /**
     * Issues the sweep over records [first, first + n) of a segment.
     *
     * @param flag the edge test, or null where it is skipped (no criterion, or the maximum depth)
     * @param countSlot where a resident frame's passes read the window's count in the sizes buffer
     *     {@code counts}; -1 on the level-by-level path, whose passes take {@code n} as a uniform
     * @param counts where the three counts go, from byte {@code countsOffset} on
     */
    static void run(GlPasses passes, GpuScan scan, GpuTimer timer, int level, boolean atMax, ComputeProgram flag,
                    ComputeProgram filter, Segment seg, long first, long n, Buffers b, int countSlot,
                    GlBuffer scratch, GlBuffer counts, long countsOffset) {
        b.keep().bind(KEEP);
        b.done().bind(DONE);
        b.slivers().bind(SLIVERS);
        if (flag != null) {
            // the edge test filters each record once its spokes are tested (loop_flag_edges.comp)
            passes.bindSource(seg, first, flag);
            setCount(flag, n, countSlot, counts);
            timer.begin("loop_flag_edges", level, n * passes.touchedBytes, n * (passes.metaBytes + 4 + 12));
            flag.dispatchFor(n);
            timer.end();
            GlChecks.check("loop_flag_edges");
        } else {
            passes.bindSource(seg, first, filter);
            setCount(filter, n, countSlot, counts);
            glProgramUniform1i(filter.id(), filter.uniform("uAtMaxDepth"), atMax ? 1 : 0);
            timer.begin("loop_filter", level, n * passes.metaBytes, n * (4 + 12));
            filter.dispatchFor(n);
            timer.end();
            GlChecks.check("loop_filter");
        }
        // The selections and the sliver scan read the flags and counts.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        // Every record in the window's count is active or finished, so the finished ones go where
        // the active selection's scan puts them: one sweep selects both (GpuScan.partition).
        timer.begin("scan_partition", level, 12 * n, 8 * n);
        scan.partition(b.keep(), b.done(), n, b.activeIdx(), b.finishedIdx(), scratch, counts, countsOffset);
        timer.end();
        timer.begin("scan_sliver_offsets", level, 4 * n, 4 * n);
        scan.exclusiveSum(b.slivers(), b.sliverOffset(), n, scratch, counts, countsOffset + 8);
        timer.end();
    }
}
