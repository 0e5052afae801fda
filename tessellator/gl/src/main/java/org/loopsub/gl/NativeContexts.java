package org.loopsub.gl;

import java.util.Locale;

import org.lwjgl.system.JNI;
import org.lwjgl.system.Library;
import org.lwjgl.system.SharedLibrary;

/**
 * Which GL context is current on the calling thread, asked of the window-system API that made it:
 * EGL ({@code eglGetCurrentContext}: our headless contexts, GLFW on Wayland or its null platform) or
 * GLX ({@code glXGetCurrentContext}: GLFW on X11). A GL call with no context current aborts the JVM
 * in LWJGL, and one with another context current silently works on that context's objects, so the
 * entry points of the GPU interface ask this before any GL call. LWJGL's own GL capabilities are per
 * thread and stay set after a context is released, so they cannot tell.
 *
 * <p>Each question is one native call and allocates nothing. Both libraries are looked up once; an
 * API whose library is missing answers 0 ("none current").
 */
final class NativeContexts {
    private static final int EGL_OPENGL_API = 0x30A2;

    /** The context was made through EGL. */
    static final int EGL = 1;
    /** The context was made through GLX. */
    static final int GLX = 2;

    private static volatile long eglGetCurrentContext = -1;
    private static long eglQueryAPI;
    private static long eglBindAPI;
    private static volatile long glxGetCurrentContext = -1;
    /** Kept loaded for the process: the addresses above point into them. */
    @SuppressWarnings("unused")
    private static SharedLibrary egl;
    @SuppressWarnings("unused")
    private static SharedLibrary glx;

    private NativeContexts() {
    }

    /**
     * @param api {@link #EGL} or {@link #GLX}
     * @return the handle of the context of that API current on this thread, 0 if none
     */
    static long current(int api) {
        return api == EGL ? egl() : glx();
    }

    /** @return {@code eglGetCurrentContext()}, 0 if none or if there is no EGL library */
    static long egl() {
        long f = eglGetCurrentContext;
        if (f == -1) {
            f = lookUpEgl();
        }
        if (f == 0) {
            return 0;
        }
        long c = JNI.callP(f);
        if (c == 0) {
            // EGL answers for the thread's bound client API, OpenGL ES unless the thread chose: a
            // thread that made an OpenGL context current without binding the API first has one
            int api = JNI.callI(eglQueryAPI);
            if (api != EGL_OPENGL_API && JNI.callI(EGL_OPENGL_API, eglBindAPI) != 0) {
                c = JNI.callP(f);
                JNI.callI(api, eglBindAPI);
            }
        }
        return c;
    }

    /** @return {@code glXGetCurrentContext()}, 0 if none or if there is no GLX library */
    static long glx() {
        long f = glxGetCurrentContext;
        if (f == -1) {
            f = lookUpGlx();
        }
        return f == 0 ? 0 : JNI.callP(f);
    }

    private static synchronized long lookUpEgl() {
        if (eglGetCurrentContext == -1) {
            // the library itself, not LWJGL's EGL class: that one initialises EGL's client platforms
            // (eglQueryString on no display), and a second EGL client in a process whose window
            // library (GLFW) owns EGL made NVIDIA's driver crash at exit
            long f = 0;
            try {
                SharedLibrary lib = Library.loadNative(NativeContexts.class, "org.lwjgl.egl", "libEGL.so.1");
                f = lib.getFunctionAddress("eglGetCurrentContext");
                eglQueryAPI = lib.getFunctionAddress("eglQueryAPI");
                eglBindAPI = lib.getFunctionAddress("eglBindAPI");
                if (f != 0 && eglQueryAPI != 0 && eglBindAPI != 0) {
                    egl = lib;
                } else {
                    f = 0;
                    lib.free();
                }
            } catch (Throwable noEgl) {
                f = 0;
            }
            eglGetCurrentContext = f;
        }
        return eglGetCurrentContext;
    }

    private static synchronized long lookUpGlx() {
        if (glxGetCurrentContext == -1) {
            // loaded here rather than through LWJGL's GLX class, which resolves its functions with
            // GL's function provider: ours, on a process that made an EGL context, is EGL's
            // eglGetProcAddress, which knows no GLX function
            long f = 0;
            for (String name : new String[] {"libGLX.so.0", "libGL.so.1"}) {
                try {
                    SharedLibrary lib = Library.loadNative(NativeContexts.class, "org.lwjgl.opengl", name);
                    f = lib.getFunctionAddress("glXGetCurrentContext");
                    if (f != 0) {
                        glx = lib;
                        break;
                    }
                    lib.free();
                } catch (Throwable missing) {
                    f = 0;
                }
            }
            glxGetCurrentContext = f;
        }
        return glxGetCurrentContext;
    }

    /**
     * @param api {@link #EGL} or {@link #GLX}
     * @param handle a context handle of that API
     * @return e.g. {@code EGL context 0x7f12...}
     */
    static String describe(int api, long handle) {
        return (api == EGL ? "EGL" : "GLX") + " context 0x" + Long.toHexString(handle).toLowerCase(Locale.ROOT);
    }

    /**
     * What is current on this thread, for a message: one API's context or the other's, or none.
     *
     * @return e.g. {@code GLX context 0x...}, or {@code null} if neither API has one current
     */
    static String describeCurrent() {
        long e = egl();
        if (e != 0) {
            return describe(EGL, e);
        }
        long g = glx();
        return g != 0 ? describe(GLX, g) : null;
    }
}
