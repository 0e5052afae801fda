package org.loopsub.api.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;

/** Finds GPU back ends on the class path and the module path. */
public final class GpuTessellators {
    private GpuTessellators() {
    }

    /** @return every GPU back end on the class path and the module path, in ServiceLoader's order */
    public static List<GpuTessellatorProvider> providers() {
        List<GpuTessellatorProvider> all = new ArrayList<>();
        ServiceLoader.load(GpuTessellatorProvider.class, GpuTessellators.class.getClassLoader()).forEach(all::add);
        return all;
    }

    /**
     * @param name a back end's name, e.g. {@code "gl"}
     * @return an offscreen context of that back end, current on this thread (see
     *     {@link GpuTessellatorProvider#createHeadlessContext()}); close it on this thread
     * @throws IllegalArgumentException if no GPU back end has that name
     * @throws IllegalStateException if no such context can be made here (the message says why)
     */
    public static AutoCloseable createHeadlessContext(String name) {
        return provider(name).createHeadlessContext();
    }

    /**
     * Whether a GL renderer draws on the CPU: Mesa's llvmpipe and softpipe, SwiftShader, or any whose
     * name says "software". Such a renderer runs every pass, but tens to hundreds of times slower
     * than a GPU, so a caller may pick lighter defaults on it (the command line's {@code --backend auto}
     * and the demo's starting criterion do).
     *
     * @param glRenderer the context's {@code GL_RENDERER} string
     * @return whether it names a software renderer
     */
    public static boolean isSoftwareRenderer(String glRenderer) {
        String r = glRenderer.toLowerCase(Locale.ROOT);
        return r.contains("llvmpipe") || r.contains("softpipe") || r.contains("software") || r.contains("swiftshader");
    }

    private static GpuTessellatorProvider provider(String name) {
        for (GpuTessellatorProvider p : providers()) {
            if (p.name().equals(name)) {
                String why = p.unavailableReason();
                if (why != null) {
                    throw new IllegalStateException("GPU back end '" + name + "' is not available: " + why);
                }
                return p;
            }
        }
        List<String> names = providers().stream().map(GpuTessellatorProvider::name).toList();
        throw new IllegalArgumentException("no GPU back end named '" + name + "'; known: " + names);
    }

    /**
     * @param name a back end's name, e.g. {@code "gl"}
     * @return a new tessellator of that back end, bound to the GL context current on this thread
     * @throws IllegalArgumentException if no GPU back end has that name
     * @throws IllegalStateException if no GL context is current on this thread (found out before any
     *     GL call), or the back end cannot run on it (the message says why)
     */
    public static GpuTessellator createForCurrentContext(String name) {
        return provider(name).createForCurrentContext();
    }
}
