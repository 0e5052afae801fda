package org.loopsub.engine;

import org.loopsub.api.Tessellator;
import org.loopsub.api.TessellatorProvider;

/** Registers the Java back end with {@link java.util.ServiceLoader}; it runs everywhere. */
public final class JavaTessellatorProvider implements TessellatorProvider {
    @Override
    public String name() {
        return "java";
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    @Override
    public Tessellator create() {
        return new JavaTessellator();
    }
}
