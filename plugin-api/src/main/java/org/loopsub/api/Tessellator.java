package org.loopsub.api;

/**
 * Refines triangle meshes by Loop subdivision. Obtain one from {@link Tessellators}; close it to
 * release what its back end holds (GL objects).
 *
 * <p>Every back end computes the same output bytes for the same input and options, whatever the
 * thread count, and whatever else runs at the same time.
 *
 * <p>Threads: the {@code "java"} back end may be used by any number of threads at once. The
 * {@code "gl"} back end belongs to the thread on which its GL context is current; two GL
 * tessellators with a context each may run on two threads.
 *
 * <p>Closing: after {@link #close()}, every other method throws {@link IllegalStateException};
 * closing again does nothing.
 */
public interface Tessellator extends AutoCloseable {
    /** @return the back end's name, e.g. {@code "java"} */
    String backend();

    /**
     * Welds the input by exact position, validates it, refines it and welds the output.
     *
     * @param mesh the input mesh
     * @param options what to compute
     * @param progress told after each level
     * @return the refined mesh
     * @throws InvalidMeshException if the mesh cannot be subdivided; nothing is returned then
     */
    RefineResult refine(TriangleMesh mesh, RefineOptions options, ProgressListener progress);

    /**
     * Same as {@link #refine(TriangleMesh, RefineOptions, ProgressListener)} without progress.
     *
     * @param mesh the input mesh
     * @param options what to compute
     * @return the refined mesh
     */
    default RefineResult refine(TriangleMesh mesh, RefineOptions options) {
        return refine(mesh, options, ProgressListener.NONE);
    }

    /**
     * Releases the back end's resources; every other method throws {@link IllegalStateException}
     * afterwards. Calling it again does nothing.
     */
    @Override
    void close();
}
