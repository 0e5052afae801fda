package org.loopsub.api.gpu;

import java.nio.FloatBuffer;
import java.util.List;
import org.loopsub.api.RefineOptions;

/**
 * A control mesh prepared on the GPU (OpenSubdiv would call it a mesh with its stencils built): its
 * level-0 records live in GPU buffers, and each {@link #refine} runs the subdivision passes from
 * them. Owned by the caller; close it on the GL thread.
 *
 * <p>The output buffers of {@link #refine} belong to the mesh and are reused from one frame to the
 * next: they grow (geometrically) when a frame needs more room and are never shrunk, so a frame at
 * a steady size allocates nothing.
 */
public interface GpuMesh extends AutoCloseable {
    /** @return vertices of the mesh as given to {@code prepare}: the count {@link #updatePositions} takes */
    int vertexCount();

    /** @return triangles of the control mesh */
    int triangleCount();

    /**
     * @return input vertices that shared an exact position with an earlier one and were merged into
     *     it by {@code prepare} (as {@link org.loopsub.api.RefineResult#inputVerticesMerged()} counts
     *     them); {@link #updatePositions} moves each merged vertex with the one it was merged into
     */
    int inputVerticesMerged();

    /** @return things to tell a user from the preparation (unused vertices dropped, crease tags, flat faces, ...) */
    List<String> warnings();

    /**
     * Refines the mesh for one frame. The result replaces the previous frame's in the same buffers.
     *
     * <p>On return every pass has been issued and, before any later command reads them, a
     * {@code glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_COMMAND_BARRIER_BIT |
     * GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT)}: the renderer binds the buffers
     * as vertex attributes and draws with {@code glDrawArraysIndirect} without a wait of its own.
     *
     * <p>Host waits: an adaptive frame plans room for every level from the frame before, keeps its
     * sizes on the GPU and waits for the GPU once, at its end, to read them (the frame's
     * {@link GpuFrame#levels() statistics} and {@link GpuFrame#blocks() blocks}). A frame that
     * outgrows that plan (the first one, or after a large jump of the camera) is refined once more
     * with one wait per level, and plans the next. A uniform frame waits for nothing.
     *
     * <p>GL state: the current program is restored, the shader-storage binding points the passes used
     * (0 to 13) and the generic {@code GL_SHADER_STORAGE_BUFFER} binding are left unbound, and nothing
     * else is changed (no vertex array, framebuffer or draw-indirect binding is touched).
     *
     * @param options what to compute, e.g. {@code RefineOptions.adaptive(8, new
     *     StopCriterion.ScreenEdgeLength(camera, 1))} for the current camera
     * @return the frame; valid until the next {@code refine} or {@link #close} ({@link #updatePositions}
     *     leaves the current frame's buffers alone)
     * @throws IllegalArgumentException if a criterion cannot run on this back end
     * @throws IllegalStateException if the mesh or its tessellator is closed
     */
    GpuFrame refine(RefineOptions options);

    /**
     * Moves the control points (an animated cage: skinning, a deformation); the topology stays. Not
     * validated again: the positions must be finite. Vertices that were welded together in
     * {@code prepare} (they had exactly the same position) take the position of the first of them.
     * The next {@link #refine} uses the new positions; the current frame's buffers are not touched.
     *
     * @param positions x, y, z for each of the {@link #vertexCount()} vertices, in the order of the
     *     mesh given to {@code prepare}
     * @throws IllegalArgumentException if the length is wrong or a coordinate is not finite
     * @throws IllegalStateException if the mesh or its tessellator is closed
     */
    void updatePositions(float[] positions);

    /**
     * As {@link #updatePositions(float[])}, reading {@code 3 * vertexCount()} floats from the
     * buffer's position on (the position is left unchanged).
     *
     * @param positions x, y, z per vertex
     */
    void updatePositions(FloatBuffer positions);

    /**
     * Deletes the level-0 records and the output buffers. Closing twice does nothing; any other
     * call afterwards throws {@link IllegalStateException}.
     */
    @Override
    void close();
}
