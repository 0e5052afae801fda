package org.loopsub.samples.demo;

import static org.lwjgl.opengl.GL43C.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

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
        int vs = compile(GL_VERTEX_SHADER, name + ".vert", header.toString());
        int fs;
        try {
            fs = compile(GL_FRAGMENT_SHADER, name + ".frag", header.toString());
        } catch (RuntimeException e) {
            glDeleteShader(vs);
            throw e;
        }
        id = glCreateProgram();
        glAttachShader(id, vs);
        glAttachShader(id, fs);
        glLinkProgram(id);
        // the program keeps what it linked; the shader objects are not needed again
        glDetachShader(id, vs);
        glDetachShader(id, fs);
        glDeleteShader(vs);
        glDeleteShader(fs);
        if (glGetProgrami(id, GL_LINK_STATUS) == GL_FALSE) {
            String log = glGetProgramInfoLog(id);
            glDeleteProgram(id);
            throw new IllegalStateException("linking shader program " + name + " failed: " + log);
        }
    }

    private static int compile(int type, String resource, String header) {
        String source;
        try (InputStream in = ShaderProgram.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("shader resource missing: " + resource);
            }
            source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read shader " + resource, e);
        }
        int s = glCreateShader(type);
        glShaderSource(s, header, "#line 1\n", source);
        glCompileShader(s);
        if (glGetShaderi(s, GL_COMPILE_STATUS) == GL_FALSE) {
            String log = glGetShaderInfoLog(s);
            glDeleteShader(s);
            throw new IllegalStateException("compiling " + resource + " failed: " + log);
        }
        return s;
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
