package org.loopsub.samples.embed;

import static org.lwjgl.opengl.GL43C.*;

import java.awt.image.BufferedImage;
import java.util.List;
import org.joml.Matrix4d;
import org.joml.Matrix4dc;
import org.joml.Vector3d;
import org.loopsub.api.Camera;
import org.loopsub.engine.GpuRun;
import org.loopsub.gl.GlBuffer;
import org.loopsub.samples.render.GlImages;
import org.loopsub.samples.render.ViewMath;

/**
 * The host renderer's side of the zero-read-back path: draws the triangles of a {@link GpuRun}
 * straight from the tessellator's GL buffers, as two vertex attributes of its own vertex array,
 * into its own framebuffer. Nothing of the mesh crosses back to the CPU; only the finished image is
 * read, and only because this example has no window to show it in.
 *
 * <p>Needs an OpenGL 4.3 core context current on the calling thread (the one the
 * {@code GlTessellator} runs on) and must be closed on that thread before the context goes. Every
 * call puts back the GL state it changes (framebuffers, viewport, program, vertex array, pixel pack
 * state, depth, blend, cull, scissor and stencil switches, clear values), so it can sit between the
 * host's own passes.
 */
public final class GpuRunRenderer implements AutoCloseable {
    /** Background, linear 0..1 RGB; tests compare read-back pixels against it. */
    public static final float[] BACKGROUND = {0.10f, 0.11f, 0.14f};
    /** The mesh's base colour, shaded between 40% and 100% of it. */
    public static final float[] MESH = {0.98f, 0.66f, 0.28f};

    /** Three floats per vertex, tightly packed: the layout of both the positions and the normals. */
    private static final int VERTEX_STRIDE = 3 * Float.BYTES;
    private static final int POSITION_BINDING = 0;
    private static final int NORMAL_BINDING = 1;

    private final int width;
    private final int height;
    private final int framebuffer;
    private final int colour;
    private final int depth;
    private final int program;
    private final int vertexArray;
    private final int primitivesQuery;
    private final int modelViewProjLocation;
    private final int lightDirLocation;
    private final int colourLocation;
    private boolean closed;

    /**
     * Creates the framebuffer, the program and the vertex array on the current context.
     *
     * @param width image width in pixels
     * @param height image height in pixels
     * @throws IllegalStateException if the driver refuses the setup
     */
    public GpuRunRenderer(int width, int height) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("image size must be positive, got " + width + "x" + height);
        }
        this.width = width;
        this.height = height;
        try (SavedGlState saved = new SavedGlState()) {
            colour = glGenRenderbuffers();
            glBindRenderbuffer(GL_RENDERBUFFER, colour);
            glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
            depth = glGenRenderbuffers();
            glBindRenderbuffer(GL_RENDERBUFFER, depth);
            glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
            framebuffer = glGenFramebuffers();
            glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
            glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour);
            glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
            int status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
            if (status != GL_FRAMEBUFFER_COMPLETE) {
                deleteTargets();
                throw new IllegalStateException("framebuffer incomplete: 0x" + Integer.toHexString(status));
            }

            program = GlImages.linkProgram("run.vert + run.frag",
                    GlImages.compileShader(GpuRunRenderer.class, GL_VERTEX_SHADER, "run.vert"),
                    GlImages.compileShader(GpuRunRenderer.class, GL_FRAGMENT_SHADER, "run.frag"));
            modelViewProjLocation = glGetUniformLocation(program, "modelViewProj");
            lightDirLocation = glGetUniformLocation(program, "lightDir");
            colourLocation = glGetUniformLocation(program, "colour");

            // Separate attribute formats (GL 4.3): the format is fixed once here and each draw only
            // swaps the buffers behind bindings 0 and 1, since a run may hand out several buffers.
            vertexArray = glGenVertexArrays();
            glBindVertexArray(vertexArray);
            for (int attribute : new int[] {POSITION_BINDING, NORMAL_BINDING}) {
                glVertexAttribFormat(attribute, 3, GL_FLOAT, false, 0);
                glVertexAttribBinding(attribute, attribute);
                glEnableVertexAttribArray(attribute);
            }
            primitivesQuery = glGenQueries();
            GlImages.check("renderer setup");
        }
    }

    /** @return image width in pixels */
    public int width() {
        return width;
    }

    /** @return image height in pixels */
    public int height() {
        return height;
    }

    /**
     * Clears the image and draws a run's triangles from its buffers: positions from
     * {@link GpuRun#buffers()}, flat normals from {@link GpuRun#faceNormals()}, placed in the user's
     * frame by the model matrix {@code translate(run.centre()) * scale(run.inverseScale())}.
     *
     * @param run the refinement, still open
     * @param camera eye, target, up and field of view; its viewport is ignored, the image's aspect is used
     * @param boundingSphere centre x, y, z and radius of a sphere holding the mesh (user frame): the
     *     near and far planes hug it
     * @return the triangles the GPU drew, counted by a {@code GL_PRIMITIVES_GENERATED} query
     */
    public long draw(GpuRun run, Camera camera, double[] boundingSphere) {
        return draw(run.buffers(), run.faceNormals(), run.triangleCounts(),
                new Matrix4d().translation(run.centre()[0], run.centre()[1], run.centre()[2]).scale(run.inverseScale()),
                camera, boundingSphere);
    }

    /**
     * Clears the image and draws triangles from GL buffers, 9 floats of positions and 9 of normals per
     * triangle, in the layout of {@link GpuRun#buffers()} and {@link GpuRun#faceNormals()}.
     *
     * @param positions corner positions, one buffer per segment
     * @param normals the matching normal buffers
     * @param counts triangles in each segment
     * @param model the model matrix, taking the positions to the user's frame; it must only translate
     *     and scale uniformly, as the normals are used untransformed
     * @param camera eye, target, up and field of view; its viewport is ignored
     * @param boundingSphere centre x, y, z and radius of a sphere holding the mesh (user frame)
     * @return the triangles the GPU drew, counted by a {@code GL_PRIMITIVES_GENERATED} query
     */
    public long draw(List<GlBuffer> positions, List<GlBuffer> normals, List<Long> counts, Matrix4dc model,
                     Camera camera, double[] boundingSphere) {
        checkOpen();
        if (positions.size() != counts.size() || normals.size() != counts.size()) {
            throw new IllegalArgumentException("need one position and one normal buffer per count: "
                    + positions.size() + ", " + normals.size() + ", " + counts.size());
        }
        float[] modelViewProj = viewProjection(camera, boundingSphere).mul(model).get(new float[16]);
        Vector3d key = ViewMath.keyLight(camera);
        float[] light = {(float) key.x, (float) key.y, (float) key.z};
        try (SavedGlState saved = new SavedGlState()) {
            glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
            glViewport(0, 0, width, height);
            SavedGlState.setOpaquePass();
            glClearColor(BACKGROUND[0], BACKGROUND[1], BACKGROUND[2], 1f);
            glClearDepth(1.0);
            glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

            // The buffers were written by compute shaders: vertex fetch must see those writes.
            // GpuRun.faceNormals() issues this barrier too, but a renderer that brings its own
            // normals (or none) must not depend on that.
            glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);

            glUseProgram(program);
            glUniformMatrix4fv(modelViewProjLocation, false, modelViewProj);
            glUniform3f(lightDirLocation, light[0], light[1], light[2]);
            glUniform3f(colourLocation, MESH[0], MESH[1], MESH[2]);
            glBindVertexArray(vertexArray);
            glBeginQuery(GL_PRIMITIVES_GENERATED, primitivesQuery);
            for (int i = 0; i < counts.size(); i++) {
                long n = counts.get(i);
                if (n == 0) {
                    continue;
                }
                GlBuffer p = positions.get(i);
                GlBuffer q = normals.get(i);
                if (p.bytes() < 36 * n || q.bytes() < 36 * n) {
                    throw new IllegalArgumentException("segment " + i + " holds fewer than " + n + " triangles");
                }
                glBindVertexBuffer(POSITION_BINDING, p.id(), 0, VERTEX_STRIDE);
                glBindVertexBuffer(NORMAL_BINDING, q.id(), 0, VERTEX_STRIDE);
                glDrawArrays(GL_TRIANGLES, 0, Math.toIntExact(3 * n));
            }
            glEndQuery(GL_PRIMITIVES_GENERATED);
            // The run's buffers go back to the tessellator's pool (or are deleted) when it closes:
            // the vertex array must not keep their names.
            glBindVertexBuffer(POSITION_BINDING, 0, 0, VERTEX_STRIDE);
            glBindVertexBuffer(NORMAL_BINDING, 0, 0, VERTEX_STRIDE);
            GlImages.check("draw");
        }
        // Waits for the GPU; a real renderer reads it a frame later, or not at all.
        return glGetQueryObjectui64(primitivesQuery, GL_QUERY_RESULT);
    }

    /**
     * Reads the image back, top row first; {@link GlImages#writePng} writes it as a PNG.
     *
     * @return an RGB image of {@link #width()} x {@link #height()}
     */
    public BufferedImage read() {
        checkOpen();
        try (SavedGlState saved = new SavedGlState()) {
            glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
            // a pack buffer bound by the host would receive the pixels instead of client memory
            glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
            glPixelStorei(GL_PACK_ALIGNMENT, 4);
            glPixelStorei(GL_PACK_ROW_LENGTH, 0);
            glPixelStorei(GL_PACK_SKIP_ROWS, 0);
            glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
            return GlImages.readRgb(width, height);
        }
    }

    /** Deletes the GL objects; the context and the tessellator's buffers stay. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        glDeleteQueries(primitivesQuery);
        glDeleteVertexArrays(vertexArray);
        glDeleteProgram(program);
        deleteTargets();
    }

    private void deleteTargets() {
        glDeleteFramebuffers(framebuffer);
        glDeleteRenderbuffers(colour);
        glDeleteRenderbuffers(depth);
    }

    /** Near and far planes hug the bounding sphere, so depth precision goes where the mesh is. */
    private Matrix4d viewProjection(Camera camera, double[] sphere) {
        double dist = new Vector3d(sphere[0], sphere[1], sphere[2])
                .distance(camera.eye().x(), camera.eye().y(), camera.eye().z());
        double radius = Math.max(sphere[3], 1e-6);
        double near = Math.max(dist - 1.01 * radius, 1e-3 * radius);
        double far = dist + 1.01 * radius;
        return ViewMath.viewProjection(camera, (double) width / height, near, far);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("renderer is closed");
        }
    }
}
