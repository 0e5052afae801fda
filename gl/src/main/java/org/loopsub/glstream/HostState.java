package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL43C.glBindBuffer;
import static org.lwjgl.opengl.GL43C.glBindBufferBase;
import static org.lwjgl.opengl.GL43C.glUseProgram;

/**
 * What every entry point leaves behind (the host renderer's contract, as in OpenSubdiv's GL
 * evaluators): the program that was current is current again, and the shader-storage binding points
 * the passes use ({@link #STORAGE_BINDINGS_USED}) are unbound. A host that keeps its own buffers on
 * those binding points rebinds them before its next pass.
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
}
