package org.loopsub.api;

/**
 * A back end, found through {@link java.util.ServiceLoader}. Implementations list themselves in
 * {@code META-INF/services/org.loopsub.api.TessellatorProvider} for the class path and in their
 * module's {@code provides} for the module path.
 */
public interface TessellatorProvider {
    /** @return the back end's name as users select it ({@code "java"}, {@code "gl"}) */
    String name();

    /**
     * @return why this back end cannot run here, or {@code null} if it can. Cheap to call.
     */
    String unavailableReason();

    /**
     * @return a new tessellator; the caller closes it
     * @throws IllegalStateException if the back end cannot run here
     */
    Tessellator create();
}
