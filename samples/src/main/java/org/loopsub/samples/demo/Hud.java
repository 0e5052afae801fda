package org.loopsub.samples.demo;

import static org.lwjgl.opengl.GL43C.*;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import org.lwjgl.system.MemoryUtil;

/**
 * Draws text and flat rectangles over the picture, in pixels from the top-left corner: the
 * {@link BitmapFont} as an atlas texture, every glyph and rectangle a quad of one stream of vertices
 * rebuilt each frame and drawn with one call. Call {@link #begin}, then {@link #text} and
 * {@link #rect} in back-to-front order, then {@link #end}. Owns its program, texture and buffers;
 * close it on the GL thread.
 */
final class Hud implements AutoCloseable {
    /** x, y (pixels), u, v (atlas texels; u below 0: solid), r, g, b, a. */
    private static final int FLOATS_PER_VERTEX = 8;
    private static final int VERTICES_PER_QUAD = 6;

    private final BitmapFont font;
    private final ShaderProgram program;
    private final int texture;
    private final int vertexArray;
    private final int vertexBuffer;
    private FloatBuffer vertices;
    private int width;
    private int height;
    private int scale = 1;

    /**
     * Uploads the font and makes the program and buffers, on the current context.
     *
     * @param font the glyphs
     */
    Hud(BitmapFont font) {
        this.font = font;
        program = new ShaderProgram("hud");
        texture = glGenTextures();
        glBindTexture(GL_TEXTURE_2D, texture);
        byte[] atlas = font.atlas();
        ByteBuffer pixels = MemoryUtil.memAlloc(atlas.length);
        int alignment = glGetInteger(GL_UNPACK_ALIGNMENT);
        try {
            pixels.put(atlas).flip();
            // rows of one byte per pixel are not 4-byte aligned
            glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
            glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, font.atlasWidth(), font.atlasHeight(), 0, GL_RED,
                    GL_UNSIGNED_BYTE, pixels);
        } finally {
            glPixelStorei(GL_UNPACK_ALIGNMENT, alignment);
            MemoryUtil.memFree(pixels);
        }
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
        glBindTexture(GL_TEXTURE_2D, 0);

        vertexArray = glGenVertexArrays();
        vertexBuffer = glGenBuffers();
        glBindVertexArray(vertexArray);
        glBindVertexBuffer(0, vertexBuffer, 0, FLOATS_PER_VERTEX * Float.BYTES);
        int[] sizes = {2, 2, 4};
        int offset = 0;
        for (int a = 0; a < sizes.length; a++) {
            glVertexAttribFormat(a, sizes[a], GL_FLOAT, false, offset * Float.BYTES);
            glVertexAttribBinding(a, 0);
            glEnableVertexAttribArray(a);
            offset += sizes[a];
        }
        glBindVertexArray(0);
        vertices = MemoryUtil.memAllocFloat(1024 * VERTICES_PER_QUAD * FLOATS_PER_VERTEX);

        glUseProgram(program.id());
        glUniform1i(program.location("font"), 0);
        glUseProgram(0);
    }

    /**
     * Starts a frame's overlay.
     *
     * @param framebufferWidth pixels across
     * @param framebufferHeight pixels down
     */
    void begin(int framebufferWidth, int framebufferHeight) {
        width = framebufferWidth;
        height = framebufferHeight;
        scale = scaleFor(framebufferHeight);
        vertices.clear();
    }

    /**
     * @param framebufferHeight pixels down
     * @return screen pixels per font pixel: twice the size on a large picture, where 7-pixel glyphs are small
     */
    static int scaleFor(int framebufferHeight) {
        return framebufferHeight >= 600 ? 2 : 1;
    }

    /** @param s screen pixels per font pixel for the text and line heights that follow (a smaller panel) */
    void scale(int s) {
        scale = s;
    }

    /** @return screen pixels per font pixel in this frame */
    int scale() {
        return scale;
    }

    /** @return the height of a line of text, in screen pixels */
    int lineHeight() {
        return BitmapFont.LINE_HEIGHT * scale;
    }

    /**
     * @param s text
     * @return its width in screen pixels
     */
    int width(String s) {
        return s.length() * BitmapFont.ADVANCE * scale;
    }

    /**
     * A solid rectangle.
     *
     * @param x left edge, pixels
     * @param y top edge, pixels down
     * @param w width
     * @param h height
     * @param rgb colour
     * @param alpha opacity
     */
    void rect(float x, float y, float w, float h, float[] rgb, float alpha) {
        quad(x, y, w, h, -1, -1, 0, 0, rgb, alpha);
    }

    /**
     * A line of text, its glyphs' top-left corner at {@code (x, y)}.
     *
     * @param x left edge, pixels
     * @param y top edge, pixels down
     * @param s the text (ASCII; lower case is drawn in capitals)
     * @param rgb colour
     * @param alpha opacity
     * @return the x just after the text
     */
    float text(float x, float y, String s, float[] rgb, float alpha) {
        float gx = Math.round(x);
        float gy = Math.round(y);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != ' ') {
                float u = font.slotOf(c) * BitmapFont.ADVANCE;
                quad(gx, gy, BitmapFont.GLYPH_WIDTH * scale, BitmapFont.GLYPH_HEIGHT * scale, u, 0,
                        BitmapFont.GLYPH_WIDTH, BitmapFont.GLYPH_HEIGHT, rgb, alpha);
            }
            gx += BitmapFont.ADVANCE * scale;
        }
        return gx;
    }

    private void quad(float x, float y, float w, float h, float u, float v, float du, float dv, float[] rgb,
                      float alpha) {
        if (vertices.remaining() < VERTICES_PER_QUAD * FLOATS_PER_VERTEX) {
            FloatBuffer bigger = MemoryUtil.memAllocFloat(2 * vertices.capacity());
            vertices.flip();
            bigger.put(vertices);
            MemoryUtil.memFree(vertices);
            vertices = bigger;
        }
        float u1 = u < 0 ? u : u + du;
        // two triangles: top-left, bottom-left, bottom-right; top-left, bottom-right, top-right
        vertex(x, y, u, v, rgb, alpha);
        vertex(x, y + h, u, v + dv, rgb, alpha);
        vertex(x + w, y + h, u1, v + dv, rgb, alpha);
        vertex(x, y, u, v, rgb, alpha);
        vertex(x + w, y + h, u1, v + dv, rgb, alpha);
        vertex(x + w, y, u1, v, rgb, alpha);
    }

    private void vertex(float x, float y, float u, float v, float[] rgb, float alpha) {
        vertices.put(x).put(y).put(u).put(v).put(rgb[0]).put(rgb[1]).put(rgb[2]).put(alpha);
    }

    /** Draws what was added since {@link #begin}, blended over the picture, with no depth test. */
    void end() {
        int count = vertices.position() / FLOATS_PER_VERTEX;
        if (count == 0) {
            return;
        }
        vertices.flip();
        glBindBuffer(GL_ARRAY_BUFFER, vertexBuffer);
        // a new store each frame (orphaning), so the driver need not wait for last frame's draw
        glBufferData(GL_ARRAY_BUFFER, vertices, GL_STREAM_DRAW);
        glBindBuffer(GL_ARRAY_BUFFER, 0);

        glDisable(GL_DEPTH_TEST);
        glEnable(GL_BLEND);
        glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
        glUseProgram(program.id());
        glUniform2f(program.location("viewport"), width, height);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, texture);
        glBindVertexArray(vertexArray);
        glDrawArrays(GL_TRIANGLES, 0, count);
        glBindVertexArray(0);
        glBindTexture(GL_TEXTURE_2D, 0);
        glUseProgram(0);
        glDisable(GL_BLEND);
        glEnable(GL_DEPTH_TEST);
        vertices.clear();
    }

    @Override
    public void close() {
        program.close();
        glDeleteTextures(texture);
        glDeleteVertexArrays(vertexArray);
        glDeleteBuffers(vertexBuffer);
        MemoryUtil.memFree(vertices);
        vertices = null;
    }
}
