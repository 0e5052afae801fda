/**
 * The OpenGL compute back end's infrastructure: a headless or embedded GL 4.3+ context
 * ({@link org.loopsub.gl.GlContext}), shader programs loaded from the {@code loopsub-shaders} resources
 * ({@link org.loopsub.gl.ComputeProgram}), shader storage buffers ({@link org.loopsub.gl.GlBuffer}) and the
 * scan / compaction primitives ({@link org.loopsub.gl.GpuScan}).
 *
 * <p>Every type here talks to the GL context current on the calling thread: create, use and close them on
 * the thread that owns the {@link org.loopsub.gl.GlContext}. GL errors become
 * {@link org.loopsub.gl.GlException}s naming the pass; shader build failures
 * {@link org.loopsub.gl.ShaderException}s carrying the shader stem and the driver's log. Setting the system
 * property {@code loopsub.gl.debug=true} installs LWJGL's debug message callback on contexts created here.
 */
package org.loopsub.gl;
