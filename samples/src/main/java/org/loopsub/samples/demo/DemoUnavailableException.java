package org.loopsub.samples.demo;

/**
 * The demo cannot run on this machine: no display to open a window on (and {@code --headless} not
 * asked for), or no OpenGL 4.3 core context, or the GPU back end refuses the context. The message
 * says which and what to do; the command line turns it into exit status 5.
 */
public class DemoUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what is missing and what to do
     */
    public DemoUnavailableException(String message) {
        super(message);
    }

    /**
     * @param message what is missing and what to do
     * @param cause the failure behind it
     */
    public DemoUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
