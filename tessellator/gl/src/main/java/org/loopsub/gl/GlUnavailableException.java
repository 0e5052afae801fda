package org.loopsub.gl;

/**
 * No OpenGL 4.3+ context could be had; the message lists why each route failed. An
 * {@link IllegalStateException}, as {@link org.loopsub.api.TessellatorProvider#create()} promises for a back
 * end that cannot run here.
 */
public class GlUnavailableException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message why each route failed
     */
    public GlUnavailableException(String message) {
        super(message);
    }

    /**
     * @param message why
     * @param cause the underlying failure
     */
    public GlUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
