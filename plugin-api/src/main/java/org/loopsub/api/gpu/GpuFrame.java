package org.loopsub.api.gpu;

import java.util.List;
import org.joml.Matrix4f;
import org.loopsub.api.LevelStats;

/**
 * The output of one {@link GpuMesh#refine}: triangles in GL buffers of the renderer's context, ready
 * to draw, never read back by the library.
 *
 * <p><b>Layout.</b> Non-indexed triangles: vertex {@code i} is corner {@code i % 3} of triangle
 * {@code i / 3}. {@link #positionBuffer()} holds 3 floats per vertex (x, y, z, tightly packed) in
 * the mesh's <em>internal frame</em>; {@link #modelMatrix(Matrix4f)} takes it to the mesh's own
 * coordinates (a translation and a uniform power-of-two scale: the engine recentres the mesh so
 * that float precision does not depend on where it sits). {@link #normalBuffer()} holds a unit
 * shading normal per vertex, 3 floats: the limit surface's, or in a displaced frame each displaced
 * triangle's face normal (a uniform scale does not change normals, so they hold in both frames).
 * Triangles come in the order of {@link #levels()}: per
 * level its finished triangles, then its slivers; at the last level the triangles made directly.
 *
 * <p><b>Drawing.</b> {@link #drawIndirectBuffer()} holds one {@code DrawArraysIndirectCommand}
 * at offset 0: {@code {count = 3 * (triangles + padding), instanceCount = 1, first = 0,
 * baseInstance = 0}}, where the padding is the degenerate triangles between {@linkplain #blocks()
 * blocks} (up to 3 before a block that starts on a multiple of 4): the draw ends with the last
 * block's last triangle.
 * Bind it to {@code GL_DRAW_INDIRECT_BUFFER} and call {@code glDrawArraysIndirect(GL_TRIANGLES, 0)}.
 *
 * <p>The buffer names stay the same from frame to frame unless a frame needed more room than any
 * before; compare them with the previous frame's when caching vertex array state. All buffers are
 * owned by the {@link GpuMesh}: do not delete them.
 *
 * <p><b>Lifetime.</b> A frame is valid until the next {@link GpuMesh#refine} of its mesh (or until the
 * mesh is closed); {@link GpuMesh#updatePositions} leaves it alone. To allocate nothing, a mesh hands
 * out two frame objects in turn: the object a refine returns is the one returned two refines before,
 * now standing for the new frame. So keep no frame past the next refine: once the next refine has
 * replaced it, every method throws {@link IllegalStateException} (except {@link #gpuNanos()} if it
 * was read before), and after the refine after that the same object answers for that later frame.
 * The lists of {@link #levels()} and {@link #blocks()} are views of the frame, with the same lifetime:
 * unmodifiable, and throwing once the frame is replaced; copy them to keep their figures.
 *
 * <p><b>No garbage.</b> The getters allocate nothing. Reading an element of {@link #levels()} or
 * {@link #blocks()} makes its record only when its figures differ from those last read at the same
 * index of the same list: a steady frame's elements cost nothing, a moving camera's changed ones a
 * small record each. Read them by index ({@code get(i)}, {@code size()}): an iterator is an object too.
 *
 * <p>Every method must be called on the tessellator's thread with its context current, and
 * checks that first ({@link GpuTessellator}, "Threads and context").
 */
public interface GpuFrame {
    /**
     * Where a run of output triangles lies: the triangles one level finished, its slivers, or the
     * triangles the last level made. A renderer colours by level with these (e.g. from
     * {@code gl_VertexID / 3}); the gaps between blocks hold degenerate triangles.
     *
     * @param level the level whose records made the triangles
     * @param slivers whether they are T-junction slivers (zero area)
     * @param firstTriangle index of the first triangle in the buffers
     * @param triangleCount how many
     */
    record Block(int level, boolean slivers, long firstTriangle, long triangleCount) {
    }

    /**
     * @return GL name of the position buffer
     * @throws IllegalStateException if the frame was replaced, its mesh is closed, or not called on the
     *     tessellator's thread with its context current
     */
    int positionBuffer();

    /**
     * The normals, parallel to the positions (3 floats per vertex): each vertex's Loop limit
     * normal, the cross product of the limit surface's tangents there (OpenSubdiv 3.5's masks), at
     * unit length. A vertex gets it once, from its one-ring where refinement creates it, and keeps it,
     * so the vertices of one position share it across triangles and levels, and slivers shade like
     * their neighbours. With {@link org.loopsub.api.RefineOptions#withLimitSurface} the positions are
     * the limit positions these normals belong to; without, they are the control points of the level
     * where each triangle finished, and the normals are still the limit surface's. The degenerate
     * triangles in the gaps between {@linkplain #blocks() blocks} have zero normals.
     *
     * <p><b>Displaced frames</b> ({@link org.loopsub.api.RefineOptions#withDisplacement}): the
     * positions are those of {@code Tessellator.refine}'s displaced output, bit for bit (each moved
     * along its unit limit normal by the map's height), and the normals are flat: each triangle's
     * unit face normal (the cross product of its displaced edges, in its winding's direction) at its
     * three corners, since the limit normal is not the displaced surface's and the displaced surface's
     * own at a vertex would need its displaced neighbours. At the triangle sizes screen-space
     * refinement makes (a pixel or a few) flat shading does not show. A triangle of zero area (a
     * sliver whose corners stayed in line) has a zero normal, as the padding does. These are not the
     * bits of {@code Tessellator.refine}'s normals, which its weld averages over the faces around each
     * vertex.
     *
     * @return GL name of the normal buffer
     * @throws IllegalStateException as {@link #positionBuffer()}
     */
    int normalBuffer();

    /**
     * The texture coordinates, parallel to the positions: 2 floats per vertex, {@code (u, v)},
     * tightly packed (vertex i's at floats 2i and 2i + 1: a stride of 8 bytes). Each corner has the uv
     * of its face (a vertex on a seam has one per side), refined by the rule the options ask for
     * ({@link org.loopsub.api.RefineOptions#withUvInterpolation}). Present only when the prepared
     * mesh has uvs ({@link org.loopsub.api.TriangleMesh#hasUvs()}).
     *
     * @return GL name of the uv buffer, or 0 when the mesh has no uvs
     * @throws IllegalStateException as {@link #positionBuffer()}
     */
    default int uvBuffer() {
        return 0;
    }

    /**
     * @return GL name of the buffer holding the draw command at offset 0
     * @throws IllegalStateException as {@link #positionBuffer()}
     */
    int drawIndirectBuffer();

    /**
     * The number of triangles, padding not counted. An adaptive frame's sizes stay on the GPU: the
     * first call reads them, waiting for the GPU if it has not finished the frame (call it after the
     * frame was drawn, e.g. after the buffer swap, to wait for nothing); a uniform frame's follow from
     * the mesh. The draw needs none of it: it reads its count from {@link #drawIndirectBuffer()}.
     *
     * @return output triangles of this frame
     * @throws IllegalStateException as {@link #positionBuffer()}
     */
    long triangleCount();

    /**
     * Whether the frame stopped short of its criteria: its room on the GPU (planned from the frames
     * before) or its triangle budget ran out at its last level, whose triangles were then drawn whole,
     * as at a depth stop: crack-free, coarser there than asked. The room grows for the next frames.
     * Waits as {@link #triangleCount()} does.
     *
     * @return whether the frame stopped short
     * @throws IllegalStateException as {@link #positionBuffer()}
     */
    default boolean stoppedShort() {
        return false;
    }

    /**
     * What each level did. {@link LevelStats#nanos()} is the host time of a level the host waited
     * for (an adaptive frame refined level by level, which reads each level's counts back), and 0
     * where it waited for none (a frame whose sizes stayed on the GPU, a uniform frame). Waits as
     * {@link #triangleCount()} does. A frame that stopped short of its room ends with a level whose
     * records all finished ({@link LevelStats#finishedTriangles()} equals
     * {@link LevelStats#activeTriangles()}) before the depth asked for.
     *
     * @return the levels, a view of this frame (see the class comment: lifetime, garbage)
     * @throws IllegalStateException as {@link #positionBuffer()}; so do the view's methods once the
     *     frame is replaced
     */
    List<LevelStats> levels();

    /**
     * The runs of triangles in the buffers. Waits as {@link #triangleCount()} does.
     *
     * @return the runs of triangles in the buffers, in output order: a view of this frame (see the
     *     class comment: lifetime, garbage)
     * @throws IllegalStateException as {@link #positionBuffer()}; so do the view's methods once the
     *     frame is replaced
     */
    List<Block> blocks();

    /**
     * @param dest receives the transform from the internal frame to the mesh's coordinates
     * @return {@code dest}
     * @throws IllegalStateException as {@link #positionBuffer()}
     */
    Matrix4f modelMatrix(Matrix4f dest);

    /**
     * GPU time of this frame's passes, from timer queries issued around them. Waits for the GPU
     * if it has not finished the frame yet: call it after the frame was drawn (e.g. after the
     * buffer swap), or a frame later but before the next refine. Once read, the value stays readable
     * until the frame object is handed out again.
     *
     * @return nanoseconds of GPU time from the first pass to the last
     * @throws IllegalStateException if it was not read before the frame was replaced, or as
     *     {@link #positionBuffer()}
     */
    long gpuNanos();
}
