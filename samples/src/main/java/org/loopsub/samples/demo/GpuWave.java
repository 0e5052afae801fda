package org.loopsub.samples.demo;

import static org.lwjgl.opengl.GL43C.GL_COMPUTE_SHADER;
import static org.lwjgl.opengl.GL43C.GL_CURRENT_PROGRAM;
import static org.lwjgl.opengl.GL43C.GL_DYNAMIC_COPY;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL43C.GL_STATIC_DRAW;
import static org.lwjgl.opengl.GL43C.glBindBuffer;
import static org.lwjgl.opengl.GL43C.glBindBufferBase;
import static org.lwjgl.opengl.GL43C.glBufferData;
import static org.lwjgl.opengl.GL43C.glDeleteBuffers;
import static org.lwjgl.opengl.GL43C.glDeleteProgram;
import static org.lwjgl.opengl.GL43C.glDispatchCompute;
import static org.lwjgl.opengl.GL43C.glGenBuffers;
import static org.lwjgl.opengl.GL43C.glGetInteger;
import static org.lwjgl.opengl.GL43C.glGetUniformLocation;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1f;
import static org.lwjgl.opengl.GL43C.glProgramUniform1i;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;
import static org.lwjgl.opengl.GL43C.glUseProgram;

import java.util.Locale;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.samples.embed.GlImages;

/**
 * The demo's animation (key A, {@code --animate}) computed where a skinned or morphing character's
 * cage is: on the GPU. A compute pass (wave.comp, {@link Wave}'s formula) writes the moved control
 * points into a GL buffer, and {@link GpuMesh#updatePositions(int, long, int)} takes them from there:
 * no cage goes through host memory, per frame or at rest (the rest positions stay in a buffer of
 * their own).
 */
final class GpuWave implements AutoCloseable {
    private static final int LOCAL_SIZE = 64;
    private final Wave wave;
    private final int count;
    private final int program;
    private final int rest;
    private final int moved;
    private final int amplitude;
    private final int phase;

    /** @param rest x, y, z of each control point at rest (copied to the GPU once) */
    GpuWave(float[] rest) {
        this.wave = new Wave(rest);
        this.count = rest.length / 3;
        String header = "#version 430 core\n#define TWO_PI " + String.format(Locale.ROOT, "%.9f", 2 * Math.PI) + "\n";
        this.program = GlImages.linkProgram("the demo's wave",
                GlImages.compileShader(GpuWave.class, GL_COMPUTE_SHADER, "wave.comp", header));
        this.rest = buffer(rest, GL_STATIC_DRAW);
        this.moved = buffer(rest, GL_DYNAMIC_COPY);
        glProgramUniform1ui(program, glGetUniformLocation(program, "uCount"), count);
        glProgramUniform1i(program, glGetUniformLocation(program, "uAlong"), wave.along());
        glProgramUniform1i(program, glGetUniformLocation(program, "uAcross"), wave.across());
        glProgramUniform1f(program, glGetUniformLocation(program, "uStart"), (float) wave.start());
        glProgramUniform1f(program, glGetUniformLocation(program, "uLength"), (float) wave.length());
        this.amplitude = glGetUniformLocation(program, "uAmplitude");
        this.phase = glGetUniformLocation(program, "uPhase");
        GlImages.check("setting up the demo's wave");
    }

    private static int buffer(float[] data, int usage) {
        int b = glGenBuffers();
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
        glBufferData(GL_SHADER_STORAGE_BUFFER, data, usage);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        return b;
    }

    /**
     * Moves the mesh's cage to the wave {@code seconds} into the animation: the pass, the barrier its
     * stores need before loopsub reads them as a storage buffer, and the move, all on the GPU timeline.
     */
    void moveTo(GpuMesh mesh, double seconds) {
        if (wave.length() == 0) {
            rest(mesh);
            return;
        }
        int previous = glGetInteger(GL_CURRENT_PROGRAM);
        glProgramUniform1f(program, amplitude, (float) wave.amplitude(seconds));
        glProgramUniform1f(program, phase, (float) wave.phase(seconds));
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, rest);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, moved);
        glUseProgram(program);
        glDispatchCompute((count + LOCAL_SIZE - 1) / LOCAL_SIZE, 1, 1);
        glUseProgram(previous);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, 0);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        // the pass wrote with shader stores; updatePositions reads them as a storage buffer
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        mesh.updatePositions(moved, 0, 12);
    }

    /** Puts the mesh's cage back at rest, from the rest positions' buffer. */
    void rest(GpuMesh mesh) {
        mesh.updatePositions(rest, 0, 12);
    }

    @Override
    public void close() {
        glDeleteProgram(program);
        glDeleteBuffers(new int[] {rest, moved});
    }
}
