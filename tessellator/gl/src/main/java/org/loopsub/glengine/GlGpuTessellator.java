package org.loopsub.glengine;

import java.util.ArrayList;
import java.util.List;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuException;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GlException;
import org.loopsub.gl.GpuScan;
import org.loopsub.prepare.PreparedMesh;

/**
 * The GL back end behind plugin-api's {@link GpuTessellator}: a {@link GlTessellator} on the
 * renderer's current context (wrapped, never destroyed), whose compiled passes, scan and buffer pool
 * the prepared meshes share.
 *
 * <p>Every entry point here, in its meshes and in their frames asks {@link #checkUsable()} first:
 * open, on the thread that made it, with its context current. Only then does it make a GL call.
 */
final class GlGpuTessellator implements GpuTessellator {
    /** Who is bound to the context, as the messages of {@link GlContext#checkCurrent} name it. */
    static final String USER = "the GPU tessellator";

    private final GlContext context;
    private final GlTessellator gl;
    private final List<GlGpuMesh> meshes = new ArrayList<>();
    private boolean closed;

    GlGpuTessellator(GlContext context) {
        this(context, GlTessellator.DEFAULT_BUDGET);
    }

    /** @param budgetBytes most bytes of records per binding (tests pass little, to cut levels into many windows) */
    GlGpuTessellator(GlContext context, long budgetBytes) {
        this.context = context;
        // the wrapped view of the renderer's context is this tessellator's: closing it releases
        // only what the library made there, and makes the view before it current again
        this.gl = new GlTessellator(context, true, GpuScan.defaultStrategy(context), budgetBytes);
    }

    @Override
    public String backend() {
        checkUsable();
        return "gl";
    }

    /** @return the wrapped context, whose counters (programs, buffers, read-backs) tests read */
    GlContext context() {
        return context;
    }

    /**
     * @throws IllegalStateException if this tessellator is closed, or the calling thread is not the
     *     one it was made on with its context current (the message says which)
     */
    void checkUsable() {
        if (closed) {
            throw new IllegalStateException("GPU tessellator is closed");
        }
        context.checkCurrent(USER);
    }

    @Override
    public GpuMesh prepare(TriangleMesh mesh) {
        checkUsable();
        // a frame's buffers hold positions, normals and uvs: the channels would be lost
        GlTessellator.refusePrimvars(mesh);
        PreparedMesh prepared = PreparedMesh.of(mesh);
        GlGpuMesh m;
        try {
            m = new GlGpuMesh(this, gl, prepared, mesh.vertexCount());
        } catch (GlException e) {
            throw gpuFailure("preparing a mesh", e);
        }
        meshes.add(m);
        return m;
    }

    /** Called by a mesh that was closed. */
    void forget(GlGpuMesh mesh) {
        meshes.remove(mesh);
    }

    /** A GL error or a library shader the driver refused, as plugin-api's exception. */
    static GpuException gpuFailure(String doing, GlException e) {
        return new GpuException("the GL back end failed " + doing + ": " + e.getMessage(), e);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        checkUsable();
        for (GlGpuMesh m : new ArrayList<>(meshes)) {
            m.close();
        }
        closed = true;
        gl.close();
    }
}
