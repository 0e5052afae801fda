package org.loopsub.gl;

/** No OpenGL 4.3+ context could be had; the message lists why each route failed. */
public class GlUnavailableException extends RuntimeException {
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
