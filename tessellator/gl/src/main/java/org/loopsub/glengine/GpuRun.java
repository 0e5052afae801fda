package org.loopsub.glengine;

import java.util.List;

import java.util.ArrayList;

import org.loopsub.api.LevelStats;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GpuTimer;
import org.loopsub.glstream.GlOutput;
import org.loopsub.glstream.HostState;
import org.loopsub.glstream.ShaderContract;

/**
 * A refinement whose triangles stay on the GPU. Owns its buffers and timer queries: close it on the
 * GL thread when done.
 */
public final class GpuRun implements AutoCloseable {
    private final GlOutput out;
    private final GpuTimer timer;
    private final float[] centre;
    private final float inverseScale;
    private List<GpuTimer.Span> spans;
    private List<GlBuffer> normals;

    GpuRun(GlOutput out, GpuTimer timer, float[] centre, float inverseScale) {
        this.out = out;
        this.timer = timer;
        this.centre = centre;
        this.inverseScale = inverseScale;
    }

    /**
     * @return the triangle buffer (one, so that a renderer draws it with one call), 9 floats per
     *     triangle, {@link #drawTriangles()} of them; as a list for renderers written for several
     */
    public List<GlBuffer> buffers() {
        return out.buffer() == null ? List.of() : List.of(out.buffer());
    }

    /** @return triangles in each of {@link #buffers()}, up to 3 degenerate padding triangles included */
    public List<Long> triangleCounts() {
        return out.buffer() == null ? List.of() : List.of(out.drawTriangles());
    }

    /** @return triangles a draw of the buffer covers: the output and at most 3 degenerate padding triangles */
    public long drawTriangles() {
        return out.drawTriangles();
    }

    /** @return total output triangles */
    public long triangleCount() {
        return out.triangleCount();
    }

    /** @return what each level did */
    public List<LevelStats> levels() {
        return out.levelStats();
    }

    /** @return host time from the start of the upload to the output complete on the GPU */
    public long endToEndNanos() {
        return out.endToEndNanos;
    }

    /**
     * Where a run's end-to-end time went, host nanoseconds, and the GPU's view of it.
     *
     * @param totalNanos from the start of the upload to the output complete on the GPU ({@link #endToEndNanos()})
     * @param uploadNanos uploading level 0
     * @param issueNanos issuing the levels' passes (host waits for sizes and compiles included)
     * @param waitNanos waiting after the last pass was issued for the GPU to finish
     * @param gpuNanos GPU time from the first timed pass's start to the last one's end; 0 unless timed
     */
    public record EndToEnd(long totalNanos, long uploadNanos, long issueNanos, long waitNanos, long gpuNanos) {
    }

    /** @return where the end-to-end time went (waits for the GPU on first call, like {@link #spans()}) */
    public EndToEnd endToEnd() {
        spans();
        return new EndToEnd(out.endToEndNanos, out.uploadNanos, out.issueNanos, out.waitNanos, timer.wallNanos());
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

    /**
     * Flat normals for drawing, made on the GPU on first call: one buffer per position buffer,
     * 9 floats per triangle (the unit face normal at each corner; zero for slivers). A renderer
     * binds a position buffer and its normal buffer as two vertex attributes and draws
     * {@code 3 * triangleCounts().get(i)} vertices, with no read-back. (The internal frame only
     * translates and scales uniformly, so the normals hold in the user's frame too.)
     *
     * @return the normal buffers, owned by this run
     */
    public List<GlBuffer> faceNormals() {
        if (normals == null) {
            normals = new ArrayList<>();
            int hostProgram = org.lwjgl.opengl.GL43C.glGetInteger(org.lwjgl.opengl.GL43C.GL_CURRENT_PROGRAM);
            try (ComputeProgram p = ComputeProgram.load("loop_face_normals", ShaderContract.DEFINES, List.of())) {
                int location = p.uniform("uCount");
                for (int i = 0; i < buffers().size(); i++) {
                    long n = triangleCounts().get(i);
                    GlBuffer b = GlBuffer.allocate(Math.max(16, 36 * n), "loop_face_normals");
                    normals.add(b);
                    if (n == 0) {
                        continue;
                    }
                    buffers().get(i).bindRange(ShaderContract.FACE_POSITIONS, 0, 36 * n);
                    b.bindRange(ShaderContract.FACE_NORMALS, 0, 36 * n);
                    org.lwjgl.opengl.GL43C.glProgramUniform1ui(p.id(), location, Math.toIntExact(n));
                    p.dispatchFor(n);
                    GlChecks.check("loop_face_normals");
                }
                // The renderer's vertex fetch (or a read-back) consumes the normals.
                org.lwjgl.opengl.GL43C.glMemoryBarrier(org.lwjgl.opengl.GL43C.GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT
                        | org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT);
                // Before the program is deleted: the host's program becomes current again.
                HostState.restore(hostProgram);
            }
        }
        return normals;
    }

    /** @return every triangle's corners read back, in output order (internal frame) */
    public float[] readCorners() {
        return out.corners();
    }

    @Override
    public void close() {
        timer.close();
        if (normals != null) {
            normals.forEach(GlBuffer::close);
        }
        out.close();
    }
}
