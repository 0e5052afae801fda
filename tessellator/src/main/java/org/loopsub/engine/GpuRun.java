package org.loopsub.engine;

import java.util.List;

import org.loopsub.api.LevelStats;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GpuTimer;

/**
 * A refinement whose triangles stay on the GPU. Owns its buffers and timer queries: close it on the
 * GL thread when done.
 */
public final class GpuRun implements AutoCloseable {
    private final GlStreamEngine.Output out;
    private final GpuTimer timer;
    private final float[] centre;
    private final float inverseScale;
    private List<GpuTimer.Span> spans;

    GpuRun(GlStreamEngine.Output out, GpuTimer timer, float[] centre, float inverseScale) {
        this.out = out;
        this.timer = timer;
        this.centre = centre;
        this.inverseScale = inverseScale;
    }

    /** @return the triangle buffers in output order, 9 floats per triangle */
    public List<GlBuffer> buffers() {
        return out.buffers;
    }

    /** @return triangles in each buffer */
    public List<Long> triangleCounts() {
        return out.counts;
    }

    /** @return total output triangles */
    public long triangleCount() {
        return out.triangleCount();
    }

    /** @return what each level did */
    public List<LevelStats> levels() {
        return out.levels;
    }

    /** @return host time from the start of the upload to the output complete on the GPU */
    public long endToEndNanos() {
        return out.endToEndNanos;
    }

    /** @return the timed passes (empty unless timed), waiting for the GPU on first call */
    public List<GpuTimer.Span> spans() {
        if (spans == null) {
            spans = timer.spans();
        }
        return spans;
    }

    /** @return the sum of the timed passes' GPU durations: the "kernels" region */
    public long kernelNanos() {
        return spans().stream().mapToLong(GpuTimer.Span::nanos).sum();
    }

    /** @return the internal frame's centre: {@code user = internal * inverseScale + centre} */
    public float[] centre() {
        return centre.clone();
    }

    /** @return the internal frame's inverse scale */
    public float inverseScale() {
        return inverseScale;
    }

    /** @return every triangle's corners read back, in output order (internal frame) */
    public float[] readCorners() {
        return out.corners();
    }

    @Override
    public void close() {
        timer.close();
        out.close();
    }
}
