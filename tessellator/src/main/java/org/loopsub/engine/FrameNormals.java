package org.loopsub.engine;

import java.util.LinkedHashMap;
import java.util.List;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GlContext;

/**
 * Shading normals for a prepared mesh's frames, parallel to the output triangles (9 floats per
 * triangle), in a buffer kept from frame to frame and grown geometrically. Today they are the
 * triangles' face normals (loop_face_normals); the passes that write the triangles are to write
 * smooth per-vertex normals instead.
 */
final class FrameNormals implements AutoCloseable {
    /** Triangles per dispatch: a multiple of 64 keeps every range start on any binding alignment. */
    private static final long CHUNK = 64L * 1024 * 1024 / 36 / 64 * 64;

    private final GlBufferPool pool;
    private final ComputeProgram program;
    private final int countLocation;
    private GlBuffer buffer;

    FrameNormals(GlBufferPool pool) {
        this.pool = pool;
        this.program = ComputeProgram.load("loop_face_normals", new LinkedHashMap<>(), List.of());
        this.countLocation = org.lwjgl.opengl.GL43C.glGetUniformLocation(program.id(), "uCount");
    }

    /** @return the normal buffer of the last {@link #compute} */
    GlBuffer buffer() {
        return buffer;
    }

    /** Issues the normal pass over the output's drawn triangles (padding included). */
    void compute(GlStreamEngine.Output out) {
        long n = out.drawTriangles();
        long need = Math.max(1, n) * 36;
        if (buffer == null || buffer.bytes() < need) {
            long want = buffer == null ? need : Math.max(need, buffer.bytes() + buffer.bytes() / 2);
            pool.release(buffer);
            buffer = pool.acquire(want, "loop_frame_normals");
        }
        if (n == 0) {
            return;
        }
        // the positions were written by the passes just issued
        org.lwjgl.opengl.GL43C.glMemoryBarrier(org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT);
        for (long first = 0; first < n; first += CHUNK) {
            long count = Math.min(CHUNK, n - first);
            out.buffer().bindRange(0, 36 * first, 36 * count);
            buffer.bindRange(1, 36 * first, 36 * count);
            org.lwjgl.opengl.GL43C.glProgramUniform1ui(program.id(), countLocation, Math.toIntExact(count));
            program.dispatchFor(count);
            GlChecks.check("loop_face_normals");
        }
    }

    @Override
    public void close() {
        pool.release(buffer);
        buffer = null;
        program.close();
    }
}
