package org.loopsub.samples.embed;

import static org.lwjgl.opengl.GL43C.*;

import java.nio.ByteBuffer;
import org.lwjgl.system.MemoryStack;

/**
 * The slice of GL state that {@link FrameRenderer} changes, saved on entry and put back on exit, so
 * that the host's own drawing finds its framebuffer, program, vertex array, draw-indirect buffer and
 * switches as it left them. Querying state costs a round trip on some drivers; a real renderer that
 * owns the whole frame would rather set what it needs at the start of each pass and skip the save.
 */
final class SavedGlState implements AutoCloseable {
    private static final int[] SWITCHES = {GL_DEPTH_TEST, GL_CULL_FACE, GL_BLEND, GL_SCISSOR_TEST, GL_STENCIL_TEST,
        GL_RASTERIZER_DISCARD};

    private final int drawFramebuffer = glGetInteger(GL_DRAW_FRAMEBUFFER_BINDING);
    private final int readFramebuffer = glGetInteger(GL_READ_FRAMEBUFFER_BINDING);
    private final int renderbuffer = glGetInteger(GL_RENDERBUFFER_BINDING);
    private final int program = glGetInteger(GL_CURRENT_PROGRAM);
    private final int vertexArray = glGetInteger(GL_VERTEX_ARRAY_BINDING);
    private final int drawIndirectBuffer = glGetInteger(GL_DRAW_INDIRECT_BUFFER_BINDING);
    private final int pixelPackBuffer = glGetInteger(GL_PIXEL_PACK_BUFFER_BINDING);
    private final int packAlignment = glGetInteger(GL_PACK_ALIGNMENT);
    private final int packRowLength = glGetInteger(GL_PACK_ROW_LENGTH);
    private final int packSkipRows = glGetInteger(GL_PACK_SKIP_ROWS);
    private final int packSkipPixels = glGetInteger(GL_PACK_SKIP_PIXELS);
    private final int depthFunc = glGetInteger(GL_DEPTH_FUNC);
    private final boolean depthMask = glGetBoolean(GL_DEPTH_WRITEMASK);
    private final int[] viewport = new int[4];
    private final boolean[] colourMask = new boolean[4];
    private final float[] clearColour = new float[4];
    private final double clearDepth = glGetDouble(GL_DEPTH_CLEAR_VALUE);
    private final boolean[] enabled = new boolean[SWITCHES.length];

    SavedGlState() {
        glGetIntegerv(GL_VIEWPORT, viewport);
        glGetFloatv(GL_COLOR_CLEAR_VALUE, clearColour);
        try (MemoryStack stack = MemoryStack.stackPush()) {
            ByteBuffer mask = stack.malloc(4);
            glGetBooleanv(GL_COLOR_WRITEMASK, mask);
            for (int i = 0; i < 4; i++) {
                colourMask[i] = mask.get(i) != 0;
            }
        }
        for (int i = 0; i < SWITCHES.length; i++) {
            enabled[i] = glIsEnabled(SWITCHES[i]);
        }
    }

    /**
     * Sets the switches a plain opaque pass needs, whatever the host left: depth test and writes on,
     * and nothing that would clip, blend or discard the clear and the triangles.
     */
    static void setOpaquePass() {
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_LESS);
        glDepthMask(true);
        glColorMask(true, true, true, true);
        glDisable(GL_CULL_FACE);
        glDisable(GL_BLEND);
        glDisable(GL_SCISSOR_TEST);
        glDisable(GL_STENCIL_TEST);
        glDisable(GL_RASTERIZER_DISCARD);
    }

    @Override
    public void close() {
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, drawFramebuffer);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, readFramebuffer);
        glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
        // A program deleted while current stays current but its name is gone, and binding the name
        // again is an error: then the host's program cannot be put back, and none is bound.
        glUseProgram(program != 0 && glIsProgram(program) ? program : 0);
        glBindVertexArray(vertexArray);
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, drawIndirectBuffer);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, pixelPackBuffer);
        glPixelStorei(GL_PACK_ALIGNMENT, packAlignment);
        glPixelStorei(GL_PACK_ROW_LENGTH, packRowLength);
        glPixelStorei(GL_PACK_SKIP_ROWS, packSkipRows);
        glPixelStorei(GL_PACK_SKIP_PIXELS, packSkipPixels);
        glDepthFunc(depthFunc);
        glDepthMask(depthMask);
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
        glColorMask(colourMask[0], colourMask[1], colourMask[2], colourMask[3]);
        glClearColor(clearColour[0], clearColour[1], clearColour[2], clearColour[3]);
        glClearDepth(clearDepth);
        for (int i = 0; i < SWITCHES.length; i++) {
            if (enabled[i]) {
                glEnable(SWITCHES[i]);
            } else {
                glDisable(SWITCHES[i]);
            }
        }
    }
}
