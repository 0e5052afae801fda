/**
 * loopsub-gl: the OpenGL 4.3 compute back end, provided as the
 * {@link org.loopsub.api.TessellatorProvider} and the {@link org.loopsub.api.gpu.GpuTessellatorProvider}
 * named {@code gl}. It exports nothing: programs and renderers use org.loopsub.api and
 * org.loopsub.api.gpu, and find this back end through {@link java.util.ServiceLoader}.
 *
 * <p>LWJGL's natives modules ({@code org.lwjgl.natives}, {@code org.lwjgl.opengl.natives}) are
 * required by no module, LWJGL's own included: a program on the module path adds them to the boot
 * layer ({@code --add-modules}).
 */
module org.loopsub.gl {
    requires org.loopsub.api;
    requires org.loopsub.core;
    // the GLSL sources, read as resources of that open module
    requires org.loopsub.shaders;
    requires org.joml;
    requires org.lwjgl;
    requires org.lwjgl.opengl;
    requires org.lwjgl.egl;
    // a software renderer's buffers are the process's memory: its size from the platform MXBean
    requires java.management;
    requires jdk.management;

    provides org.loopsub.api.TessellatorProvider with org.loopsub.glengine.GlTessellatorProvider;
    provides org.loopsub.api.gpu.GpuTessellatorProvider with org.loopsub.glengine.GlGpuTessellatorProvider;
}
