package org.loopsub.api.gpu;

/**
 * The GPU back end failed for a reason outside the caller's arguments: the driver reported a GL error
 * (out of memory, a lost context) or would not build one of the library's own shaders. The message
 * names the pass and the driver's words; the cause is the back end's own exception.
 *
 * <p>The work in progress is lost and the object that threw may hold GPU memory it will not give
 * back until it is closed: close the mesh (and, after a lost context, the tessellator).
 */
public class GpuException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed, naming the pass
     * @param cause the back end's exception
     */
    public GpuException(String message, Throwable cause) {
        super(message, cause);
    }
}
