package org.loopsub.samples.demo;

import static org.lwjgl.opengl.GL43C.*;

import java.util.HashMap;
import java.util.Map;
import org.loopsub.samples.embed.GlImages;

/**
 * One linked program of the demo, from GLSL resources next to this class. The {@code #version} line
 * and the {@code #define}s are passed as source strings of their own ahead of the file, so that a
 * file stays generic and the numbers it is sized by (e.g. the most blocks it colours) come from the
 * Java code that fills them. Compile and link failures name the file and carry the driver's log.
 */
final class ShaderProgram implements AutoCloseable {
    private final int id;
    private final String name;
    private final Map<String, Integer> locations = new HashMap<>();

    /**
     * @param name the stem of the resources: {@code name.vert} and {@code name.frag}
     * @param defines {@code NAME value} pairs, each made a {@code #define} in both stages
     * @throws IllegalStateException if a resource is missing, or a stage does not compile or link
     */
    ShaderProgram(String name, String... defines) {
        this.name = name;
        StringBuilder header = new StringBuilder("#version 430 core\n");
        for (String d : defines) {
            header.append("#define ").append(d).append('\n');
        }
        int vs = GlImages.compileShader(ShaderProgram.class, GL_VERTEX_SHADER, name + ".vert", header.toString());
        int fs;
        try {
            fs = GlImages.compileShader(ShaderProgram.class, GL_FRAGMENT_SHADER, name + ".frag", header.toString());
        } catch (RuntimeException e) {
            glDeleteShader(vs);
            throw e;
        }
        id = GlImages.linkProgram("shader program " + name, vs, fs);
    }

    /** @return the program's GL name */
    int id() {
        return id;
    }

    /**
     * @param uniform a uniform's name
     * @return its location (looked up once), -1 if the linker dropped it as unused
     */
    int location(String uniform) {
        return locations.computeIfAbsent(uniform, u -> glGetUniformLocation(id, u));
    }

    @Override
    public void close() {
        glDeleteProgram(id);
    }

    @Override
    public String toString() {
        return "shader program " + name;
    }
}
