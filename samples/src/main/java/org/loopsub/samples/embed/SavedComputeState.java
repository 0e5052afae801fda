package org.loopsub.samples.embed;

import static org.lwjgl.opengl.GL43C.*;

/**
 * The GL state a refinement leaves changed, saved before it and put back after: the current program
 * and the shader storage bindings. {@code GlTessellator.refineOnGpu} and {@code GpuRun.faceNormals()}
 * bind their compute programs and their buffers to storage binding points and leave them there, so
 * a host that keeps its own storage buffers bound between frames would otherwise find the
 * tessellator's (pooled, later reused or deleted) buffers in their place.
 */
final class SavedComputeState implements AutoCloseable {
    private final int program = glGetInteger(GL_CURRENT_PROGRAM);
    private final int generic = glGetInteger(GL_SHADER_STORAGE_BUFFER_BINDING);
    private final int[] names;
    private final long[] starts;
    private final long[] sizes;

    SavedComputeState() {
        int n = glGetInteger(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS);
        names = new int[n];
        starts = new long[n];
        sizes = new long[n];
        for (int i = 0; i < n; i++) {
            names[i] = glGetIntegeri(GL_SHADER_STORAGE_BUFFER_BINDING, i);
            starts[i] = glGetInteger64i(GL_SHADER_STORAGE_BUFFER_START, i);
            sizes[i] = glGetInteger64i(GL_SHADER_STORAGE_BUFFER_SIZE, i);
        }
    }

    @Override
    public void close() {
        // a name the host deleted meanwhile cannot be bound again: leave the point empty instead
        glUseProgram(program != 0 && glIsProgram(program) ? program : 0);
        for (int i = 0; i < names.length; i++) {
            int name = names[i] != 0 && glIsBuffer(names[i]) ? names[i] : 0;
            // size 0 is how GL reports a glBindBufferBase binding (the whole buffer)
            if (name != 0 && sizes[i] > 0) {
                glBindBufferRange(GL_SHADER_STORAGE_BUFFER, i, name, starts[i], sizes[i]);
            } else {
                glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, name);
            }
        }
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, generic != 0 && glIsBuffer(generic) ? generic : 0);
    }
}
