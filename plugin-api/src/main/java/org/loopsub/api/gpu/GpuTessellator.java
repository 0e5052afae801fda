package org.loopsub.api.gpu;

import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.TriangleMesh;

/**
 * Refines meshes on the GPU, on a renderer's own GL context. Create one with {@link
 * GpuTessellators#createForCurrentContext(String)}.
 *
 * <p><b>Threads and context.</b> The tessellator is bound to the GL context that was current on
 * the thread that created it. Every method of it and of the meshes and frames it hands out must be
 * called on that thread with that context current; none is thread-safe.
 *
 * <p><b>What it keeps.</b> Compiled passes and scratch buffers, shared by the meshes it prepared,
 * kept until {@link #close()}: a frame compiles nothing once every pass it needs has run once.
 */
public interface GpuTessellator extends AutoCloseable {
    /** @return the back end's name, e.g. {@code "gl"} */
    String backend();

    /**
     * Prepares a mesh once: welds it by exact position, validates it, builds its topology and its
     * level-0 records and uploads them. None of this is done again per frame.
     *
     * @param mesh the control mesh
     * @return the prepared mesh, owned by the caller (close it before this tessellator)
     * @throws InvalidMeshException if the mesh cannot be subdivided; nothing is kept then
     * @throws IllegalStateException if this tessellator is closed
     */
    GpuMesh prepare(TriangleMesh mesh);

    /**
     * Deletes the compiled passes and the scratch buffers, and closes every mesh it prepared that is
     * still open (their buffer names become invalid). Closing twice does nothing; any other call
     * afterwards throws {@link IllegalStateException}.
     */
    @Override
    void close();
}
