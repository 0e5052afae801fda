package org.loopsub.engine;

import java.util.ArrayList;
import java.util.List;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GpuScan;
import org.loopsub.prepare.PreparedMesh;

/**
 * The GL back end behind plugin-api's {@link GpuTessellator}: a {@link GlTessellator} on the
 * renderer's current context (wrapped, never destroyed), whose compiled passes, scan and buffer pool
 * the prepared meshes share.
 */
final class GlGpuTessellator implements GpuTessellator {
    private final GlTessellator gl;
    private final List<GlGpuMesh> meshes = new ArrayList<>();
    private boolean closed;

    GlGpuTessellator(GlContext context) {
        this(context, GlTessellator.DEFAULT_BUDGET);
    }

    /** @param budgetBytes most bytes of records per binding (tests pass little, to cut levels into many windows) */
    GlGpuTessellator(GlContext context, long budgetBytes) {
        // the wrapped view of the renderer's context is this tessellator's: closing it releases
        // only what the library made there, and makes the view before it current again
        this.gl = new GlTessellator(context, true, GpuScan.defaultStrategy(context), budgetBytes);
    }

    @Override
    public String backend() {
        return "gl";
    }

    /** @return the wrapped context, whose counters (programs, buffers, read-backs) tests read */
    GlContext context() {
        return gl.context();
    }

    void checkOpen() {
        if (closed) {
            throw new IllegalStateException("GPU tessellator is closed");
        }
    }

    @Override
    public GpuMesh prepare(TriangleMesh mesh) {
        checkOpen();
        PreparedMesh prepared = PreparedMesh.of(mesh);
        GlGpuMesh m = new GlGpuMesh(this, gl, prepared, mesh.vertexCount());
        meshes.add(m);
        return m;
    }

    /** Called by a mesh that was closed. */
    void forget(GlGpuMesh mesh) {
        meshes.remove(mesh);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        for (GlGpuMesh m : new ArrayList<>(meshes)) {
            m.close();
        }
        closed = true;
        gl.close();
    }
}
