package org.loopsub.gl;

/**
 * A compute shader failed to compile or link, or the host asked it for a uniform it does not have;
 * carries the shader stem and the driver's info log (or what was missing).
 */
public class ShaderException extends GlException {
    private static final long serialVersionUID = 1L;

    private final String shaderName;
    private final String log;

    /**
     * @param shaderName the stem, e.g. {@code scan_reduce}
     * @param stage what failed: {@code compile}, {@code link}, {@code load} or {@code uniform lookup}
     * @param log the driver's info log (or the reason the source could not be read)
     */
    public ShaderException(String shaderName, String stage, String log) {
        super("shader " + shaderName + ": " + stage + " failed:\n" + log);
        this.shaderName = shaderName;
        this.log = log;
    }

    /** @return the shader stem */
    public String shaderName() {
        return shaderName;
    }

    /** @return the driver's info log */
    public String log() {
        return log;
    }
}
