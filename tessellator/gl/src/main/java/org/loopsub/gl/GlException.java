package org.loopsub.gl;

/** A GL call or pass left an error: the message names the pass and the error enum. */
public class GlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed, naming the pass
     */
    public GlException(String message) {
        super(message);
    }

    /**
     * @param message what failed, naming the pass
     * @param cause the underlying failure
     */
    public GlException(String message, Throwable cause) {
        super(message, cause);
    }
}
