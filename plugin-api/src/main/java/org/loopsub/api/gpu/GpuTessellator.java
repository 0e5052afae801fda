package org.loopsub.api.gpu;

import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.TriangleMesh;

/**
 * Refines meshes on the GPU, on a renderer's own GL context. Create one with {@link
 * GpuTessellators#createForCurrentContext(String)}.
 *
 * <p><b>Threads and context.</b> The tessellator is bound to the GL context that was current on
 * the thread that created it. Every method of it and of the meshes and frames it hands out must be
 * called on that thread with that context current; none is thread-safe. Each method checks this
 * first, before any GL call, and otherwise throws {@link IllegalStateException} naming the rule
 * broken: no GL context is current on the calling thread, a different context is current than the
 * one the tessellator was made for, or the call comes from another thread. (A GL call with no context
 * current would abort the JVM; one with another context current would work on that context's objects.)
 * The check asks the window-system API the context was made with (EGL or GLX) which context is
 * current: one native call, nothing allocated.
 *
 * <p><b>Exceptions.</b> Besides those each method names, any of them may throw {@link GpuException}
 * when the driver fails (a GL error such as out of memory, a lost context, a library shader it will
 * not build). Nothing else leaves this interface: no exception type of the back end.
 *
 * <p><b>What it keeps.</b> Compiled passes and scratch buffers, shared by the meshes it prepared,
 * kept until {@link #close()}: a frame compiles nothing once every pass it needs has run once.
 */
public interface GpuTessellator extends AutoCloseable {
    /**
     * @return the back end's name, e.g. {@code "gl"}
     * @throws IllegalStateException if this tessellator is closed, or not called on its thread with its context current
     */
    String backend();

    /**
     * Prepares a mesh once: welds it by exact position, validates it, builds its topology and its
     * level-0 records and uploads them. None of this is done again per frame.
     *
     * <p>GL state: it creates buffers and query objects, and changes no binding, program or other
     * state of the context.
     *
     * @param mesh the control mesh
     * @return the prepared mesh, owned by the caller (close it before this tessellator)
     * @throws InvalidMeshException if the mesh cannot be subdivided; nothing is kept then
     * @throws IllegalStateException if this tessellator is closed, or not called on its thread with its
     *     context current (see the class comment); checked before anything else
     * @throws UnsupportedOperationException if the mesh carries {@linkplain TriangleMesh#primvars()
     *     primvars} and the back end cannot refine them into a frame's buffers (loopsub-gl's cannot
     *     yet: refine such a mesh with the Java back end); nothing is kept then
     */
    GpuMesh prepare(TriangleMesh mesh);

    /**
     * Prepares a mesh and pays for its first frames here rather than in the renderer's first
     * visible one: {@link #prepare(TriangleMesh)}, then two frames of {@code firstFrames} refined,
     * waited for and dropped. A process's first frames are the expensive ones: the first builds the
     * passes and runs level by level to learn its sizes, the second is the first whose sizes stay on
     * the GPU, and between them they allocate and first touch the GPU memory the frames live in (on
     * an H100 about 0.6–0.8 s a GiB the first time, a few hundredths after). A renderer that calls
     * this while loading, with the options and camera of its first frame, finds its first
     * {@link GpuMesh#refine} as cheap as a steady one, as long as the camera it then refines for asks
     * for no more room (a camera much closer to the mesh does: that frame grows the room, once).
     *
     * <p>GL state: as {@link #prepare(TriangleMesh)} and two {@link GpuMesh#refine} calls; it waits for
     * the GPU (glFinish-like) before it returns.
     *
     * @param mesh the control mesh
     * @param firstFrames the options of the renderer's first frames (a camera, criteria, culling)
     * @return the prepared mesh, owned by the caller (close it before this tessellator)
     * @throws InvalidMeshException if the mesh cannot be subdivided; nothing is kept then
     * @throws IllegalArgumentException if {@code firstFrames} cannot be refined on the GPU (as {@link
     *     GpuMesh#refine} says); nothing is kept then
     * @throws IllegalStateException as {@link #prepare(TriangleMesh)}
     * @throws UnsupportedOperationException as {@link #prepare(TriangleMesh)}
     * @throws GpuException if the driver reports an error in those frames; nothing is kept then
     */
    default GpuMesh prepare(TriangleMesh mesh, RefineOptions firstFrames) {
        java.util.Objects.requireNonNull(firstFrames, "firstFrames");
        GpuMesh prepared = prepare(mesh);
        try {
            for (int i = 0; i < 2; i++) {
                // the count waits for the frame: its memory is touched before this returns
                prepared.refine(firstFrames).triangleCount();
            }
        } catch (RuntimeException e) {
            prepared.close();
            throw e;
        }
        return prepared;
    }

    /**
     * Deletes the compiled passes and the scratch buffers, and closes every mesh it prepared that is
     * still open (their buffer names become invalid). Closing twice does nothing; any other call
     * afterwards throws {@link IllegalStateException}. The context is the renderer's: it is not
     * destroyed.
     *
     * @throws IllegalStateException if called from another thread or with another context (or none)
     *     current: nothing is deleted and the tessellator stays open, so that it can be closed again
     *     from its own thread
     */
    @Override
    void close();
}
