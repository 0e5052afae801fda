package org.loopsub.api;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Finds back ends on the class path and the module path. */
public final class Tessellators {
    private Tessellators() {
    }

    /**
     * @return every back end on the class path and the module path, sorted by name (the class path's
     *     order is the build's business: the back ends may come from several jars)
     */
    public static List<TessellatorProvider> providers() {
        List<TessellatorProvider> all = new ArrayList<>();
        ServiceLoader.load(TessellatorProvider.class, Tessellators.class.getClassLoader()).forEach(all::add);
        all.sort(java.util.Comparator.comparing(TessellatorProvider::name));
        return all;
    }

    /**
     * @param name a back end's name
     * @return a new tessellator of that back end
     * @throws IllegalArgumentException if no back end has that name
     * @throws IllegalStateException if it cannot run here (the message says why)
     */
    public static Tessellator create(String name) {
        for (TessellatorProvider p : providers()) {
            if (p.name().equals(name)) {
                String why = p.unavailableReason();
                if (why != null) {
                    throw new IllegalStateException("back end '" + name + "' is not available: " + why);
                }
                return p.create();
            }
        }
        List<String> names = providers().stream().map(TessellatorProvider::name).toList();
        throw new IllegalArgumentException("no back end named '" + name + "'; known: " + names);
    }
}
