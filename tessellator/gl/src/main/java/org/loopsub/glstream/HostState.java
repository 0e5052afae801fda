package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_CURRENT_PROGRAM;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_BINDING;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_SIZE;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_START;
import static org.lwjgl.opengl.GL43C.glBindBuffer;
import static org.lwjgl.opengl.GL43C.glBindBufferBase;
import static org.lwjgl.opengl.GL43C.glBindBufferRange;
import static org.lwjgl.opengl.GL43C.glUseProgram;

import org.loopsub.gl.GlContext;

/**
 * What every entry point leaves behind (the host renderer's contract, as in OpenSubdiv's GL
 * evaluators): the program that was current is current again, and the shader-storage binding points
 * the passes use ({@link #STORAGE_BINDINGS_USED}) are unbound. A host that keeps its own buffers on
 * those binding points rebinds them before its next pass. Calls that run a pass but must change
 * nothing (prepare, updatePositions: loop_tile) save and restore what they borrow ({@link Borrowed}).
 */
public final class HostState {
    /** Shader-storage binding points 0 to this minus one are the passes' ({@link ShaderContract}). */
    public static final int STORAGE_BINDINGS_USED = ShaderContract.BINDINGS_USED;

    private HostState() {
    }

    /**
     * Unbinds the passes' storage bindings and the generic one, and makes the host's program
     * current again.
     *
     * @param hostProgram the program that was current when the entry point was called
     */
    public static void restore(int hostProgram) {
        for (int i = 0; i < STORAGE_BINDINGS_USED; i++) {
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, 0);
        }
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        glUseProgram(hostProgram);
    }

    /**
     * What a call that must change nothing (prepare, updatePositions) saves before it borrows some
     * binding points for a pass, and puts back after: the program, the generic binding and each
     * borrowed point's buffer and range. Read through the context's scratch memory, not LWJGL's
     * getters, which make a buffer object per call: updatePositions allocates nothing.
     */
    static final class Borrowed {
        private final GlContext context;
        private final int[] points;
        /** Per borrowed point: buffer, start, size. */
        private final long[] saved;
        private int program;
        private int generic;

        /** @param points the binding points the pass binds */
        Borrowed(GlContext context, int... points) {
            this.context = context;
            this.points = points.clone();
            this.saved = new long[3 * points.length];
        }

        /** Notes the host's state. */
        void save() {
            program = context.getInteger(GL_CURRENT_PROGRAM);
            generic = context.getInteger(GL_SHADER_STORAGE_BUFFER_BINDING);
            for (int i = 0; i < points.length; i++) {
                saved[3 * i] = context.getInteger(GL_SHADER_STORAGE_BUFFER_BINDING, points[i]);
                saved[3 * i + 1] = context.getInteger64(GL_SHADER_STORAGE_BUFFER_START, points[i]);
                saved[3 * i + 2] = context.getInteger64(GL_SHADER_STORAGE_BUFFER_SIZE, points[i]);
            }
        }

        /** Puts back what {@link #save} noted. */
        void restore() {
            for (int i = 0; i < points.length; i++) {
                int buffer = (int) saved[3 * i];
                if (buffer == 0 || saved[3 * i + 2] == 0) {
                    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, points[i], buffer);
                } else {
                    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, points[i], buffer, saved[3 * i + 1], saved[3 * i + 2]);
                }
            }
            glBindBuffer(GL_SHADER_STORAGE_BUFFER, generic);
            glUseProgram(program);
        }
    }
}
