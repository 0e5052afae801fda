package org.loopsub.samples.embed;

import static org.lwjgl.opengl.GL43C.*;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.lwjgl.system.MemoryUtil;

/**
 * The GL plumbing a renderer has of its own, here the embedding example's (and, from it, the samples'
 * other offscreen renderers): compiling a shader from a class resource, checking for GL errors,
 * reading the framebuffer back as an image and writing it as a PNG. It lives beside the example so
 * that the example uses plugin-api, loopsub-obj, LWJGL and JOML only. Every method needs an OpenGL
 * 4.3 core context current on the calling thread, except {@link #writePng}.
 */
public final class GlImages {
    private GlImages() {
    }

    /**
     * Compiles one shader stage.
     *
     * @param owner the class next to whose package the resource lies
     * @param type e.g. {@code GL_VERTEX_SHADER}
     * @param resource the GLSL source, relative to {@code owner}'s package
     * @return the shader's name
     * @throws IllegalStateException if the resource is missing or unreadable, or does not compile
     */
    public static int compileShader(Class<?> owner, int type, String resource) {
        return compileShader(owner, type, resource, "");
    }

    /**
     * Compiles one shader stage whose file carries no {@code #version}: {@code header} (the version
     * line and any {@code #define}s) goes first as a source string of its own, so the driver's line
     * numbers still count from the file's first line.
     *
     * @param owner the class next to whose package the resource lies
     * @param type e.g. {@code GL_VERTEX_SHADER}
     * @param resource the GLSL source, relative to {@code owner}'s package
     * @param header source sent ahead of the file; empty for a file with its own {@code #version}
     * @return the shader's name
     * @throws IllegalStateException if the resource is missing or unreadable, or does not compile
     */
    public static int compileShader(Class<?> owner, int type, String resource, String header) {
        String source;
        try (InputStream in = owner.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("shader resource missing: " + resource);
            }
            source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read shader " + resource, e);
        }
        int s = glCreateShader(type);
        if (header.isEmpty()) {
            glShaderSource(s, source);
        } else {
            glShaderSource(s, header, "#line 1\n", source);
        }
        glCompileShader(s);
        if (glGetShaderi(s, GL_COMPILE_STATUS) == GL_FALSE) {
            String log = glGetShaderInfoLog(s);
            glDeleteShader(s);
            throw new IllegalStateException("compiling " + resource + " failed: " + log);
        }
        return s;
    }

    /**
     * Links compiled stages into a program and deletes the stages (the program keeps what it linked).
     *
     * @param what the program's name, for the message
     * @param shaders the stages; zeros are skipped (an optional stage not given)
     * @return the program's name
     * @throws IllegalStateException if linking fails, with the driver's log
     */
    public static int linkProgram(String what, int... shaders) {
        int p = glCreateProgram();
        for (int s : shaders) {
            if (s != 0) {
                glAttachShader(p, s);
            }
        }
        glLinkProgram(p);
        for (int s : shaders) {
            if (s != 0) {
                glDetachShader(p, s);
                glDeleteShader(s);
            }
        }
        if (glGetProgrami(p, GL_LINK_STATUS) == GL_FALSE) {
            String log = glGetProgramInfoLog(p);
            glDeleteProgram(p);
            throw new IllegalStateException("linking " + what + " failed: " + log);
        }
        return p;
    }

    /**
     * @param what the step just done, for the message
     * @throws IllegalStateException if GL reports an error
     */
    public static void check(String what) {
        int e = glGetError();
        if (e != GL_NO_ERROR) {
            throw new IllegalStateException(what + ": GL error 0x" + Integer.toHexString(e));
        }
    }

    /**
     * Reads the RGBA8 colour of the bound read framebuffer. The caller binds the framebuffer and sets
     * the pixel pack state (no pack buffer bound, no row length or skips); any pack alignment up to 4
     * will do, since a row of RGBA bytes is a multiple of 4.
     *
     * @param width pixels to read across, from the left edge
     * @param height pixels to read up, from the bottom edge
     * @return an RGB image, top row first (GL's first row is the bottom one)
     * @throws IllegalStateException if GL reports an error
     */
    public static BufferedImage readRgb(int width, int height) {
        ByteBuffer pixels = MemoryUtil.memAlloc(width * height * 4);
        try {
            glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
            check("glReadPixels");
            BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            int[] row = new int[width];
            for (int y = 0; y < height; y++) {
                int base = y * width * 4;
                for (int x = 0; x < width; x++) {
                    int i = base + 4 * x;
                    row[x] = (pixels.get(i) & 0xff) << 16 | (pixels.get(i + 1) & 0xff) << 8 | pixels.get(i + 2) & 0xff;
                }
                image.setRGB(0, height - 1 - y, width, 1, row, 0, width);
            }
            return image;
        } finally {
            MemoryUtil.memFree(pixels);
        }
    }

    /**
     * Writes an image as a PNG, creating the folders it goes in.
     *
     * @param image the picture
     * @param file the PNG to write (replaced if it exists)
     * @throws IOException if it cannot be written
     */
    public static void writePng(BufferedImage image, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer in this JDK");
        }
    }
}
