package org.loopsub.api.gpu;

/**
 * A GPU back end, found through {@link java.util.ServiceLoader}. Implementations list themselves in
 * {@code META-INF/services/org.loopsub.api.gpu.GpuTessellatorProvider} for the class path and in
 * their module's {@code provides} for the module path.
 */
public interface GpuTessellatorProvider {
    /** @return the back end's name, e.g. {@code "gl"} */
    String name();

    /**
     * Whether the back end's libraries are present. Cheap: it makes no context and needs none
     * current. Whether the current context is good enough (version, extensions) is found out by
     * {@link #createForCurrentContext()}.
     *
     * @return why this back end cannot run here, or {@code null} if it may
     */
    String unavailableReason();

    /**
     * Creates a tessellator bound to the GL context current on the calling thread.
     *
     * @return the tessellator; the caller closes it, on this thread, with that context current
     * @throws IllegalStateException if no context is current (found out before any GL call, which
     *     would abort the JVM) or it cannot run the back end (e.g. OpenGL below 4.3); the message says why
     */
    GpuTessellator createForCurrentContext();

    /**
     * Makes an offscreen context of this back end current on the calling thread, for programs with
     * no window: tests, batch renderers, a demo run headless. It has no default framebuffer; draw
     * into a framebuffer object.
     *
     * @return the context; closing it (on this thread) releases it
     * @throws IllegalStateException if no such context can be made here (the message says why)
     */
    AutoCloseable createHeadlessContext();
}
