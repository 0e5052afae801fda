package org.loopsub.glengine;

import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.api.gpu.GpuTessellatorProvider;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GlUnavailableException;

/** Registers the GL back end as a {@link GpuTessellatorProvider} for renderers. */
public final class GlGpuTessellatorProvider implements GpuTessellatorProvider {
    /** Creates the provider; {@link java.util.ServiceLoader} calls this. */
    public GlGpuTessellatorProvider() {
    }

    @Override
    public String name() {
        return "gl";
    }

    /** Loads nothing beyond LWJGL's GL bindings, which need no context: always {@code null} once linked. */
    @Override
    public String unavailableReason() {
        try {
            Class.forName("org.lwjgl.opengl.GL43C");
            return null;
        } catch (ClassNotFoundException | LinkageError e) {
            return "LWJGL's OpenGL bindings are not loadable: " + e;
        }
    }

    /**
     * @throws IllegalStateException if no GL context is current on this thread (asked of EGL and GLX
     *     before any GL call) or it is older than 4.3
     */
    @Override
    public GpuTessellator createForCurrentContext() {
        GlContext context;
        try {
            context = GlContext.wrapCurrent();
        } catch (GlUnavailableException e) {
            // plugin-api's callers see only its own and the JDK's exception types
            throw new IllegalStateException(e.getMessage(), e);
        }
        return new GlGpuTessellator(context);
    }

    /**
     * An EGL context with no surface (device platform on NVIDIA, surfaceless on Mesa), OpenGL 4.3
     * core or later.
     *
     * @throws IllegalStateException listing why each route failed
     */
    @Override
    public AutoCloseable createHeadlessContext() {
        try {
            return GlContext.createHeadless();
        } catch (GlUnavailableException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
