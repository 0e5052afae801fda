package org.loopsub.api.gpu;

import java.nio.FloatBuffer;
import java.util.List;
import org.loopsub.api.RefineOptions;

/**
 * A control mesh prepared on the GPU (OpenSubdiv would call it a mesh with its stencils built): its
 * level-0 records live in GPU buffers, and each {@link #refine} runs the subdivision passes from
 * them. Owned by the caller; close it on the GL thread.
 *
 * <p>Every method must be called on its tessellator's thread with its context current, and checks
 * that first ({@link GpuTessellator}, "Threads and context"): {@link IllegalStateException} if not,
 * before any GL call. After {@link #close()}, or after its tessellator was closed, every method but
 * {@code close()} throws {@link IllegalStateException}.
 *
 * <p><b>No garbage.</b> The output buffers of {@link #refine} belong to the mesh and are reused from
 * one frame to the next: they grow (geometrically) when a frame needs more room and are never shrunk,
 * so a frame at a steady size allocates no GPU memory. Neither does it allocate on the Java heap: a
 * {@code refine} with the same options as the frame before, or with options that differ only in the
 * camera (or pixel size) of a {@link org.loopsub.api.StopCriterion.ScreenEdgeLength} criterion,
 * allocates nothing on the calling thread once the JIT has compiled it (a few hundred frames), and
 * nor do the {@code updatePositions} methods (after their first call) and the frame's getters
 * ({@link GpuFrame}).
 * The first frame of new options, and a frame that outgrows the room planned from the one before,
 * do allocate.
 */
public interface GpuMesh extends AutoCloseable {
    /**
     * @return vertices of the mesh as given to {@code prepare}: the count {@link #updatePositions} takes
     * @throws IllegalStateException if closed, or not called on the tessellator's thread with its context current
     */
    int vertexCount();

    /**
     * @return triangles of the control mesh
     * @throws IllegalStateException if closed, or not called on the tessellator's thread with its context current
     */
    int triangleCount();

    /**
     * @return input vertices that shared an exact position with an earlier one and were merged into
     *     it by {@code prepare} (as {@link org.loopsub.api.RefineResult#inputVerticesMerged()} counts
     *     them); {@link #updatePositions} moves each merged vertex with the one it was merged into
     * @throws IllegalStateException if closed, or not called on the tessellator's thread with its context current
     */
    int inputVerticesMerged();

    /**
     * @return things to tell a user from the preparation (unused vertices dropped, crease tags, flat faces, ...)
     * @throws IllegalStateException if closed, or not called on the tessellator's thread with its context current
     */
    List<String> warnings();

    /**
     * Refines the mesh for one frame. The result replaces the previous frame's in the same buffers.
     *
     * <p>On return every pass has been issued and, before any later command reads them, a
     * {@code glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_COMMAND_BARRIER_BIT |
     * GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT)}: the renderer binds the buffers
     * as vertex attributes and draws with {@code glDrawArraysIndirect} without a wait of its own.
     *
     * <p>Host waits: none in a steady frame. An adaptive frame plans room for every level from the
     * sizes of the latest frame the GPU has finished, keeps its own sizes on the GPU (the draw
     * command is written there) and returns once its passes are issued; the host reads its sizes only
     * when a fence says the GPU is done with them (at a later refine, or when the frame's
     * {@link GpuFrame#triangleCount() triangle count}, {@link GpuFrame#levels() levels} or
     * {@link GpuFrame#blocks() blocks} are asked for: those wait for the GPU if it has not finished
     * the frame, so ask after drawing it). A frame that outgrows its room (after a large jump of the
     * camera) is still drawn whole, never with holes: the GPU stops it at the level where the room ran
     * out and draws that level's triangles whole, as at a depth stop (crack-free, coarser there), and
     * the room grows for the next frames, which catch up within a frame or two. A triangle budget is
     * held the same way, on the GPU. A frame of new options (another culling, criterion, depth, the
     * limit surface) is planned from the sizes of the frames before, like a camera jump: it may stop
     * short, and the next ones catch up. The waits left: the mesh's first adaptive frame is refined
     * level by level, with one wait per level, to learn the sizes; a frame whose planned levels do not
     * each fit one storage binding does the same (once after a large stop on a driver with small
     * bindings, such as llvmpipe's 128 MiB: its measured sizes replace the stop's guesses); and a host
     * more than three frames ahead of the GPU waits for the oldest. A uniform frame waits for nothing.
     *
     * <p>GL state: the current program is restored; shader-storage binding points 0 to 18 (all of them,
     * whichever this frame's passes used) and the generic {@code GL_SHADER_STORAGE_BUFFER} binding are
     * left unbound; nothing else is changed (no other buffer binding, vertex array, framebuffer or
     * draw-indirect binding is touched). A host that keeps buffers on storage binding points 0 to 18
     * binds them again before its next pass.
     *
     * <p>Refusals come first: a criterion this back end cannot run, and a uniform refinement whose
     * output could not fit on the GPU, throw {@link IllegalArgumentException} before anything is
     * allocated or drawn, and the previous frame stays valid. The limits: one frame holds at most
     * 715,827,882 triangles (its draw command counts 3 vertices a triangle in a 32-bit int), and its
     * output (and the records of the level before) at most half the GPU memory the driver reports,
     * where it reports any ({@code GL_NVX_gpu_memory_info}, {@code GL_ATI_meminfo}; a software
     * renderer's is the machine's memory). A uniform frame's size is known up front (the control
     * mesh's triangles times 4 to the levels); an adaptive frame's only level by level, so an adaptive
     * frame that grows past the limits throws {@link IllegalArgumentException} at the level that
     * would, after the previous frame was replaced: the mesh stays usable.
     *
     * @param options what to compute, e.g. {@code RefineOptions.adaptive(8, new
     *     StopCriterion.ScreenEdgeLength(camera, 1))} for the current camera
     * @return the frame; valid until the next {@code refine} or {@link #close} ({@link #updatePositions}
     *     leaves the current frame's buffers alone). The mesh hands out two frame objects in turn, so
     *     the object returned here is the one returned two refines ago (see {@link GpuFrame})
     * @throws IllegalArgumentException if a criterion cannot run on this back end (a custom criterion
     *     without GLSL or whose GLSL does not compile, two screen criteria, two custom ones), if the
     *     output could not fit on the GPU (see above), or if the options displace a mesh without uvs
     *     (displaced frames: {@link GpuFrame#normalBuffer()})
     * @throws IllegalStateException if the mesh or its tessellator is closed, or not called on the
     *     tessellator's thread with its context current (checked before any GL call)
     * @throws GpuException if the driver reports an error; the frame is lost
     */
    GpuFrame refine(RefineOptions options);

    /**
     * Moves the control points (an animated cage: skinning, a deformation); the topology stays. Not
     * validated again: the positions must be finite. Vertices that were welded together in
     * {@code prepare} (they had exactly the same position) take the position of the first of them.
     * The next {@link #refine} uses the new positions; the current frame's buffers are not touched.
     *
     * <p>Cost on the calling thread: the vertices' limit positions and normals, written with the
     * positions into a per-vertex table, and its upload, from which the GPU rewrites the level-0
     * records in place (about 0.1 ms for a cage of 1,500 vertices). After the first call nothing is
     * allocated, on the heap or the GPU. GL state: no binding or program is changed.
     *
     * @param positions x, y, z for each of the {@link #vertexCount()} vertices, in the order of the
     *     mesh given to {@code prepare}
     * @throws IllegalArgumentException if the length is wrong or a coordinate is not finite; nothing
     *     is changed then
     * @throws IllegalStateException if the mesh or its tessellator is closed, or not called on the
     *     tessellator's thread with its context current (checked before any GL call)
     * @throws GpuException if the driver reports an error
     */
    void updatePositions(float[] positions);

    /**
     * As {@link #updatePositions(float[])}, reading {@code 3 * vertexCount()} floats from the
     * buffer's position on (absolute reads: the position is left unchanged; floats past them are not
     * read). After the first call (which makes the mesh's own array to read into), nothing is
     * allocated.
     *
     * @param positions x, y, z per vertex, heap or direct
     * @throws IllegalArgumentException if fewer than {@code 3 * vertexCount()} floats remain in the
     *     buffer, or a coordinate is not finite; nothing is changed then
     * @throws IllegalStateException if the mesh or its tessellator is closed, or not called on the
     *     tessellator's thread with its context current (checked before any GL call)
     * @throws GpuException if the driver reports an error
     */
    void updatePositions(FloatBuffer positions);

    /**
     * As {@link #updatePositions(float[])}, reading the positions from a GL buffer the renderer wrote
     * on the GPU (a skinned or morphing character's cage), with no copy through host memory: vertex
     * i's x, y and z are the three floats at byte {@code offsetBytes + i * strideBytes} of the buffer
     * (an interleaved vertex buffer does: its position attribute's offset and the vertex stride). A
     * compute pass takes each vertex into the engine's frame and works out its limit normal (and
     * limit position) on the GPU, in double as the host does, operation for operation: the next
     * {@link #refine}'s frame is, to the bit, the one {@code updatePositions(float[])} with the same
     * floats gives (but for the screen criterion's near plane: see below).
     *
     * <p><b>GPU timeline.</b> The call issues its passes and returns; the GPU reads the buffer when it
     * runs them, after every command issued before the call, and the next {@code refine} reads what
     * they wrote. No host wait, no read-back. The passes end behind a
     * {@code glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT)} of their
     * own, so that commands the renderer issues afterwards (the next frame's skinning) may write the
     * buffer again.
     *
     * <p><b>The caller's barrier.</b> The passes read the buffer as a shader storage buffer. If the
     * renderer wrote it with shader stores (a compute or vertex shader's buffer or image stores),
     * it calls {@code glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT)} after that pass and before this
     * call. Writes GL orders itself (transform feedback, {@code glBufferSubData},
     * {@code glCopyBufferSubData}, {@code glClearBufferSubData}) need no barrier; host writes to a
     * persistently mapped buffer need {@code GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT} unless it is
     * coherent, and the caller's own fence before it writes the buffer again from the host.
     *
     * <p><b>Coordinates that are not finite.</b> The host path refuses them with an exception; the
     * GPU cannot throw without making the host wait for it. A coordinate that is read (the first of
     * each set of vertices welded together, as {@code updatePositions(float[])} reads them) and is
     * NaN or infinite refuses the whole move on the GPU: the cage stays where the last move left it,
     * nothing else is written, and nothing is reported. The test is on the float's exponent bits, a
     * compare per coordinate.
     *
     * <p><b>Cost.</b> Two dispatches over the welded vertices (their positions, then their limits: a
     * few microseconds for a cage of thousands on a desktop GPU) and the level-0 layout pass a host
     * move runs too, all from device memory; on the calling thread a few dozen GL calls, some of
     * them state queries (the buffer's size, and the state this call puts back). The first call
     * compiles the pass, uploads the cage's topology (each vertex's ring, rule and sharp edges) and
     * the limit's weights, and keeps level 0's gathered upload in device memory; after it nothing is
     * allocated, on the heap or the GPU. A frame of other options that needs other level-0 records
     * (the limit surface, another scheme, other creases) makes them from the positions of the last
     * move the GPU took, on the GPU.
     *
     * <p><b>The screen criterion's near plane</b> sits at a thousandth of the cage's bounding
     * radius; the host would have to wait for the GPU to learn the radius of a cage moved there, so
     * frames after this call keep the radius of the last cage the host saw ({@code prepare}'s or the
     * last host move's). A frame differs from the host path's only where a refined point lies
     * between the two near planes, within a thousandth of the radius of the camera's plane.
     *
     * <p><b>GL state.</b> The current program, the generic {@code GL_SHADER_STORAGE_BUFFER} binding
     * and the indexed shader-storage binding points 0 to 4 and 7 (buffer, start and size) are saved
     * and put back, and so are, below OpenGL 4.5, the copy-read and copy-write bindings it borrows;
     * nothing else is touched.
     *
     * @param glBuffer the GL buffer object (a name of this context, or of one that shares its objects)
     * @param offsetBytes where the first vertex's x is: a multiple of 4, at least 0
     * @param strideBytes from one vertex's x to the next one's: a multiple of 4, at least 12
     * @throws IllegalArgumentException if {@code glBuffer} is 0 or names no buffer object, if the
     *     offset or stride is off, if the buffer is smaller than {@code offsetBytes + (vertexCount() -
     *     1) * strideBytes + 12} bytes, or if that range is more than one shader storage binding can
     *     see ({@code GL_MAX_SHADER_STORAGE_BLOCK_SIZE}); nothing is changed then
     * @throws IllegalStateException if the mesh or its tessellator is closed, or not called on the
     *     tessellator's thread with its context current (checked before any GL call)
     * @throws GpuException if the driver reports an error
     */
    void updatePositions(int glBuffer, long offsetBytes, int strideBytes);

    /**
     * Deletes the level-0 records and the output buffers. The scratch the frames used belongs to
     * the tessellator, which keeps it for its other meshes' frames and deletes it once unused for a
     * while, or when it is closed. Closing twice does nothing; any other call afterwards throws
     * {@link IllegalStateException}.
     *
     * @throws IllegalStateException if called from another thread or with another context (or none)
     *     current: nothing is deleted and the mesh stays open, so that it can be closed again from its
     *     tessellator's thread
     */
    @Override
    void close();
}
