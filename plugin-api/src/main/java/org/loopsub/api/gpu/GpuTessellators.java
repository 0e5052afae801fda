package org.loopsub.api.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Finds GPU back ends on the class path. */
public final class GpuTessellators {
    private GpuTessellators() {
    }

    /** @return every GPU back end on the class path, in class-path order */
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
