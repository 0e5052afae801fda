package org.loopsub.samples.demo;

import static org.lwjgl.opengl.GL43C.*;

import java.nio.IntBuffer;
import java.util.List;
import org.joml.Matrix4f;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.gpu.GpuFrame;
import org.lwjgl.system.MemoryUtil;

/**
 * Draws a {@link GpuFrame} as it lies in the GPU's buffers: one vertex array with the frame's
 * position and normal buffers as attributes 0 and 1, one {@code glDrawArraysIndirect} with the
 * frame's draw command, smooth shading from the per-vertex normals, and optionally a wireframe
 * (barycentric, in the same pass), colours by level (from {@link GpuFrame#blocks()}) and the slivers'
 * edges as lines. Nothing is read back. Owns its programs, vertex array and index buffer; close it on
 * the GL thread.
 */
final class MeshRenderer implements AutoCloseable {
    /**
     * Blocks the level colouring can tell apart: each level has at most two (finished, slivers), and
     * the last one its own; more than this only happens if the engine changes its layout, and then the
     * rest take the last block's colour.
     */
    static final int MAX_BLOCKS = 64;

    /** Three floats per vertex, tightly packed: the layout of both the positions and the normals. */
    private static final int VERTEX_STRIDE = 3 * Float.BYTES;
    private static final int POSITION = 0;
    private static final int NORMAL = 1;
    /** Attribute and binding of the frame's uvs ({@code GpuFrame.uvBuffer()}), for the checker texture. */
    private static final int UV = 2;
    /** Two floats per vertex, tightly packed: the layout of the uvs. */
    private static final int UV_STRIDE = 2 * Float.BYTES;
    private static final float[] LINE_COLOUR = {0.05f, 0.05f, 0.07f};

    private final ShaderProgram fill;
    private final ShaderProgram lines;
    private final int vertexArray;
    private final int edgeIndices;
    /** Triangles whose edges {@link #edgeIndices} walks now. */
    private long edgeTriangles;
    private final int[] blockTable = new int[2 * MAX_BLOCKS];
    private final float[] modelView = new float[16];
    private final float[] projection = new float[16];

    /** Compiles the programs and makes the vertex array, on the current context. */
    MeshRenderer() {
        String[] defines = {"MAX_BLOCKS " + MAX_BLOCKS, "LEVELS " + (RefineOptions.MAX_LEVELS + 1)};
        fill = new ShaderProgram("mesh", defines);
        try {
            lines = new ShaderProgram("lines", defines);
        } catch (RuntimeException e) {
            fill.close();
            throw e;
        }
        vertexArray = glGenVertexArrays();
        edgeIndices = glGenBuffers();
        glBindVertexArray(vertexArray);
        // the attribute formats stay; each frame only binds the frame's buffers to the two bindings
        glVertexAttribFormat(POSITION, 3, GL_FLOAT, false, 0);
        glVertexAttribBinding(POSITION, POSITION);
        glEnableVertexAttribArray(POSITION);
        glVertexAttribFormat(NORMAL, 3, GL_FLOAT, false, 0);
        glVertexAttribBinding(NORMAL, NORMAL);
        glEnableVertexAttribArray(NORMAL);
        glVertexAttribFormat(UV, 2, GL_FLOAT, false, 0);
        glVertexAttribBinding(UV, UV);
        // the index buffer is vertex array state: bound here once, filled when slivers need it
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, edgeIndices);
        glBindVertexArray(0);

        glUseProgram(fill.id());
        glUniform3fv(fill.location("palette"), LevelColours.all());
        glUniform3fv(fill.location("baseColour"), LevelColours.BASE);
        glUniform3fv(fill.location("lineColour"), LINE_COLOUR);
        glUseProgram(lines.id());
        glUniform3fv(lines.location("colour"), LevelColours.SLIVER);
        glUseProgram(0);
    }

    /**
     * Draws the frame into the bound framebuffer, depth-tested.
     *
     * @param frame the frame just refined
     * @param modelViewMatrix view times the frame's model matrix
     * @param projectionMatrix the projection
     * @param wireframe overlay the triangles' edges
     * @param levelColours colour triangles by level and draw the slivers' edges
     * @param checker squares of a checker texture per unit of uv (0: none; the mesh needs uvs)
     */
    void draw(GpuFrame frame, Matrix4f modelViewMatrix, Matrix4f projectionMatrix, boolean wireframe,
              boolean levelColours, int checker) {
        modelViewMatrix.get(modelView);
        projectionMatrix.get(projection);
        glBindVertexArray(vertexArray);
        glBindVertexBuffer(POSITION, frame.positionBuffer(), 0, VERTEX_STRIDE);
        glBindVertexBuffer(NORMAL, frame.normalBuffer(), 0, VERTEX_STRIDE);
        boolean textured = checker > 0 && frame.uvBuffer() != 0;
        if (textured) {
            glBindVertexBuffer(UV, frame.uvBuffer(), 0, UV_STRIDE);
            glEnableVertexAttribArray(UV);
        } else {
            glDisableVertexAttribArray(UV);
        }

        glUseProgram(fill.id());
        glUniformMatrix4fv(fill.location("modelView"), false, modelView);
        glUniformMatrix4fv(fill.location("projection"), false, projection);
        glUniform1i(fill.location("wireframe"), wireframe ? 1 : 0);
        glUniform1i(fill.location("levelColours"), levelColours ? 1 : 0);
        glUniform1i(fill.location("checker"), textured ? checker : 0);
        if (levelColours) {
            int n = blockTable(frame.blocks());
            glUniform1i(fill.location("blockCount"), n);
            glUniform2iv(fill.location("blocks"), blockTable);
        }
        // pushed back a little, so that the sliver lines on top of the surface win the depth test
        glEnable(GL_POLYGON_OFFSET_FILL);
        glPolygonOffset(1, 1);
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, frame.drawIndirectBuffer());
        glDrawArraysIndirect(GL_TRIANGLES, 0);
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
        glDisable(GL_POLYGON_OFFSET_FILL);

        if (levelColours) {
            drawSlivers(frame.blocks());
        }
        glUseProgram(0);
        glBindVertexArray(0);
    }

    /**
     * Fills {@link #blockTable} from the frame's blocks.
     *
     * @return the entries used
     */
    private int blockTable(List<GpuFrame.Block> blocks) {
        int n = Math.min(blocks.size(), MAX_BLOCKS);
        for (int i = 0; i < n; i++) {
            // the last entry takes everything after it, should there be more blocks than entries
            GpuFrame.Block b = blocks.get(i == n - 1 ? blocks.size() - 1 : i);
            long end = b.firstTriangle() + b.triangleCount();
            blockTable[2 * i] = (int) Math.min(Integer.MAX_VALUE, end);
            blockTable[2 * i + 1] = b.level();
        }
        return n;
    }

    private void drawSlivers(List<GpuFrame.Block> blocks) {
        long most = 0;
        for (GpuFrame.Block b : blocks) {
            if (b.slivers()) {
                most = Math.max(most, b.triangleCount());
            }
        }
        if (most == 0) {
            return;
        }
        ensureEdgeIndices(most);
        glUseProgram(lines.id());
        glUniformMatrix4fv(lines.location("modelView"), false, modelView);
        glUniformMatrix4fv(lines.location("projection"), false, projection);
        glDepthFunc(GL_LEQUAL);
        for (GpuFrame.Block b : blocks) {
            if (b.slivers() && b.triangleCount() > 0) {
                // the base vertex moves the same index pattern to the block's first triangle
                glDrawElementsBaseVertex(GL_LINES, Math.toIntExact(6 * b.triangleCount()), GL_UNSIGNED_INT, 0L,
                        Math.toIntExact(3 * b.firstTriangle()));
            }
        }
        glDepthFunc(GL_LESS);
    }

    /** Grows the edge index buffer (geometrically) to walk at least {@code triangles} triangles. */
    private void ensureEdgeIndices(long triangles) {
        if (triangles <= edgeTriangles) {
            return;
        }
        long want = Math.max(triangles, 2 * edgeTriangles);
        want = Math.max(want, 1024);
        // the pattern: corners (0,1), (1,2), (2,0) of each triangle, as vertex indices 3t + corner
        IntBuffer idx = MemoryUtil.memAllocInt(Math.toIntExact(6 * want));
        try {
            for (int t = 0; t < want; t++) {
                int v = 3 * t;
                idx.put(v).put(v + 1).put(v + 1).put(v + 2).put(v + 2).put(v);
            }
            idx.flip();
            // the vertex array holds the element binding; it is bound by the caller
            glBufferData(GL_ELEMENT_ARRAY_BUFFER, idx, GL_STATIC_DRAW);
        } finally {
            MemoryUtil.memFree(idx);
        }
        edgeTriangles = want;
    }

    @Override
    public void close() {
        fill.close();
        lines.close();
        glDeleteVertexArrays(vertexArray);
        glDeleteBuffers(edgeIndices);
    }
}
