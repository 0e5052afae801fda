package org.loopsub.samples.embed;

import static org.lwjgl.opengl.GL43C.*;

import java.awt.image.BufferedImage;
import org.joml.Matrix4d;
import org.joml.Matrix4dc;
import org.joml.Matrix4f;
import org.loopsub.api.Camera;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.samples.embed.GlImages;

/**
 * The renderer's side of the example: draws a {@link GpuFrame} straight from its GL buffers, with
 * one {@code glDrawArraysIndirect}, into a framebuffer of its own, smoothly shaded from the frame's
 * normals. Nothing of the mesh is read back; only the finished image is, and only because the
 * example has no window to show it in.
 *
 * <p>Needs an OpenGL 4.3 core context current on the calling thread (the one the
 * {@code GpuTessellator} was made on); close it on that thread. Every call puts back the GL state
 * it changes (framebuffers, viewport, program, vertex array, draw-indirect buffer, pixel pack
 * state, depth, blend, cull, scissor and stencil switches, clear values), so it can sit between the
 * host's own passes.
 */
public final class FrameRenderer implements AutoCloseable {
    /** Background, linear 0..1 RGB; the tests tell covered pixels from it. */
    public static final float[] BACKGROUND = {0.10f, 0.11f, 0.14f};
    /** The mesh's colour, shaded between 30% and 100% of it. */
    public static final float[] MESH = {0.98f, 0.66f, 0.28f};

    /** Positions and normals alike: three floats per vertex, tightly packed. */
    private static final int VERTEX_STRIDE = 3 * Float.BYTES;
    private static final int POSITION = 0;
    private static final int NORMAL = 1;

    private final int width;
    private final int height;
    private final int colour;
    private final int depth;
    private final int framebuffer;
    private final int program;
    private final int modelViewLocation;
    private final int projectionLocation;
    private final int vertexArray;
    private boolean closed;

    /**
     * Makes the framebuffer, the program and the vertex array on the current context.
     *
     * @param width image width in pixels
     * @param height image height in pixels
     * @throws IllegalStateException if the driver refuses the setup
     */
    public FrameRenderer(int width, int height) {
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
                glDeleteFramebuffers(framebuffer);
                glDeleteRenderbuffers(colour);
                glDeleteRenderbuffers(depth);
                throw new IllegalStateException("framebuffer incomplete: 0x" + Integer.toHexString(status));
            }

            program = GlImages.linkProgram("frame.vert + frame.frag",
                    GlImages.compileShader(FrameRenderer.class, GL_VERTEX_SHADER, "frame.vert"),
                    GlImages.compileShader(FrameRenderer.class, GL_FRAGMENT_SHADER, "frame.frag"));
            modelViewLocation = glGetUniformLocation(program, "modelView");
            projectionLocation = glGetUniformLocation(program, "projection");
            glUseProgram(program);
            glUniform3f(glGetUniformLocation(program, "colour"), MESH[0], MESH[1], MESH[2]);

            // The attribute formats are set once (GL 4.3's separate format); each draw only puts
            // the frame's buffers behind bindings 0 and 1.
            vertexArray = glGenVertexArrays();
            glBindVertexArray(vertexArray);
            for (int attribute : new int[] {POSITION, NORMAL}) {
                glVertexAttribFormat(attribute, 3, GL_FLOAT, false, 0);
                glVertexAttribBinding(attribute, attribute);
                glEnableVertexAttribArray(attribute);
            }
            GlImages.check("renderer setup");
        }
    }

    /**
     * Clears the image and draws the frame's triangles.
     *
     * @param frame the frame just refined
     * @param camera eye, target, up and field of view (the image's own aspect is used)
     * @param near distance of the near plane
     * @param far distance of the far plane
     */
    public void draw(GpuFrame frame, Camera camera, double near, double far) {
        Matrix4d view = new Matrix4d()
                .lookAt(camera.eye().x(), camera.eye().y(), camera.eye().z(),
                        camera.target().x(), camera.target().y(), camera.target().z(),
                        camera.up().x(), camera.up().y(), camera.up().z());
        Matrix4d projection = new Matrix4d()
                .perspective(Math.toRadians(camera.fovYDegrees()), (double) width / height, near, far);
        draw(frame, projection, view);
    }

    /**
     * Clears the image and draws the frame's triangles with the renderer's own matrices (those the
     * frame was refined for, through {@link org.loopsub.api.MatrixCamera}).
     *
     * @param frame the frame just refined
     * @param projection the projection matrix
     * @param view the view matrix, from the mesh's coordinates to the eye's
     */
    public void draw(GpuFrame frame, Matrix4dc projection, Matrix4dc view) {
        checkOpen();
        // In double: the model matrix may carry a mesh's far-off centre, which the view cancels.
        Matrix4d modelView = new Matrix4d(view).mul(new Matrix4d(frame.modelMatrix(new Matrix4f())));

        try (SavedGlState saved = new SavedGlState()) {
            glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
            glViewport(0, 0, width, height);
            SavedGlState.setOpaquePass();
            glClearColor(BACKGROUND[0], BACKGROUND[1], BACKGROUND[2], 1f);
            glClearDepth(1.0);
            glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

            glUseProgram(program);
            glUniformMatrix4fv(modelViewLocation, false, modelView.get(new float[16]));
            glUniformMatrix4fv(projectionLocation, false, projection.get(new float[16]));
            // refine() already issued the barrier that vertex fetch and the indirect command need
            glBindVertexArray(vertexArray);
            glBindVertexBuffer(POSITION, frame.positionBuffer(), 0, VERTEX_STRIDE);
            glBindVertexBuffer(NORMAL, frame.normalBuffer(), 0, VERTEX_STRIDE);
            glBindBuffer(GL_DRAW_INDIRECT_BUFFER, frame.drawIndirectBuffer());
            glDrawArraysIndirect(GL_TRIANGLES, 0);
            // The buffers are the GpuMesh's, and their names change when they grow: keep none.
            glBindVertexBuffer(POSITION, 0, 0, VERTEX_STRIDE);
            glBindVertexBuffer(NORMAL, 0, 0, VERTEX_STRIDE);
            GlImages.check("draw");
        }
    }

    /**
     * Reads the image back.
     *
     * @return an RGB image of the renderer's size, top row first
     */
    public BufferedImage read() {
        checkOpen();
        try (SavedGlState saved = new SavedGlState()) {
            glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
            // a pack buffer the host left bound would receive the pixels instead
            glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
            glPixelStorei(GL_PACK_ALIGNMENT, 4);
            glPixelStorei(GL_PACK_ROW_LENGTH, 0);
            glPixelStorei(GL_PACK_SKIP_ROWS, 0);
            glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
            return GlImages.readRgb(width, height);
        }
    }

    /** Deletes the renderer's GL objects; the frame's buffers stay the GpuMesh's. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        glDeleteVertexArrays(vertexArray);
        glDeleteProgram(program);
        glDeleteFramebuffers(framebuffer);
        glDeleteRenderbuffers(colour);
        glDeleteRenderbuffers(depth);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("renderer is closed");
        }
    }
}
