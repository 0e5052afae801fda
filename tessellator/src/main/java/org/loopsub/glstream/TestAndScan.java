package org.loopsub.glstream;

import static org.loopsub.glstream.GlPasses.DONE;
import static org.loopsub.glstream.GlPasses.KEEP;
import static org.loopsub.glstream.GlPasses.SLIVERS;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1i;

import java.util.function.Consumer;

import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GpuScan;
import org.loopsub.gl.GpuTimer;

/**
 * The first sweep of an adaptive level over one window, shared by the level-by-level path
 * ({@link AdaptiveLevel}) and the resident frame ({@link ResidentFrame}): edge test, filter, the
 * selections of the active and the finished records and the exclusive sum of the sliver counts,
 * leaving three counts (active, finished, slivers) in consecutive words of a buffer. The two paths
 * differ only in how a pass learns its window's count, which the caller sets.
 */
final class TestAndScan {
    private TestAndScan() {
    }

    /** A window's flags and indices, from the pool, given back after the level. */
    record Buffers(GlBuffer keep, GlBuffer done, GlBuffer slivers, GlBuffer activeIdx, GlBuffer finishedIdx,
                   GlBuffer sliverOffset) {
        static Buffers acquire(GlBufferPool pool, long n) {
            return new Buffers(pool.acquire(4 * n, "loop_keep"), pool.acquire(4 * n, "loop_done"),
                    pool.acquire(4 * n, "loop_sliver_counts"), pool.acquire(4 * n, "loop_active_index"),
                    pool.acquire(4 * n, "loop_finished_index"), pool.acquire(4 * n, "loop_sliver_offset"));
        }

        void release(GlBufferPool pool) {
            pool.release(keep);
            pool.release(done);
            pool.release(slivers);
            pool.release(activeIdx);
            pool.release(finishedIdx);
            pool.release(sliverOffset);
        }
    }

    /**
     * Issues the sweep over records [first, first + n) of a segment.
     *
     * @param flag the edge test, or null where it is skipped (no criterion, or the maximum depth)
     * @param count sets the window's count on a pass (a uniform, or the resident sizes' slot)
     * @param counts where the three counts go, from byte {@code countsOffset} on
     */
    static void run(GlPasses passes, GpuScan scan, GpuTimer timer, int level, boolean atMax, ComputeProgram flag,
                    ComputeProgram filter, Segment seg, long first, long n, Buffers b, Consumer<ComputeProgram> count,
                    GlBuffer scratch, GlBuffer counts, long countsOffset) {
        if (flag != null) {
            passes.bindSource(seg, first, flag);
            count.accept(flag);
            timer.begin("loop_flag_edges", level, n * passes.touchedBytes, n * passes.metaBytes);
            flag.dispatchFor(n);
            timer.end();
            GlChecks.check("loop_flag_edges");
            // loop_filter reads the complete bits just written.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        passes.bindSource(seg, first, filter);
        b.keep().bind(KEEP);
        b.done().bind(DONE);
        b.slivers().bind(SLIVERS);
        count.accept(filter);
        glProgramUniform1i(filter.id(), filter.uniform("uAtMaxDepth"), atMax ? 1 : 0);
        timer.begin("loop_filter", level, n * passes.metaBytes, n * (4 + 12));
        filter.dispatchFor(n);
        timer.end();
        GlChecks.check("loop_filter");
        // The selections and the sliver scan read the flags and counts.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        timer.begin("scan_select_active", level, 4 * n, 4 * n);
        scan.selectFlagged(b.keep(), n, b.activeIdx(), scratch, counts, countsOffset);
        timer.end();
        timer.begin("scan_select_finished", level, 4 * n, 4 * n);
        scan.selectFlagged(b.done(), n, b.finishedIdx(), scratch, counts, countsOffset + 4);
        timer.end();
        timer.begin("scan_sliver_offsets", level, 4 * n, 4 * n);
        scan.exclusiveSum(b.slivers(), b.sliverOffset(), n, scratch, counts, countsOffset + 8);
        timer.end();
    }
}
