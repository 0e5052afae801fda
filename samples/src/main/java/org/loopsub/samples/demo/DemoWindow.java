package org.loopsub.samples.demo;

import static org.lwjgl.glfw.GLFW.*;

import org.lwjgl.glfw.Callbacks;
import org.lwjgl.glfw.GLFWErrorCallback;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.MemoryStack;

/**
 * The demo's GLFW window and its OpenGL 4.3 core context, current on the thread that opened it: a
 * real window on the desktop (X11 or Wayland), or with {@code headless} a window of GLFW's null
 * platform, which has no display at all, with a context made through EGL (Mesa's surfaceless
 * platform, or a GPU's driver) so that the same frames are drawn and can be read back. Closing it
 * frees the callbacks, destroys the window and terminates GLFW.
 */
final class DemoWindow implements AutoCloseable {
    /** OpenGL 4.x minor versions asked for in turn, the newest first; 4.3 is what the engine needs. */
    private static final int[] CONTEXT_MINORS = {6, 5, 3};

    private final long handle;
    private boolean closed;

    private DemoWindow(long handle) {
        this.handle = handle;
    }

    /**
     * Initialises GLFW, opens the window and makes its context current on this thread.
     *
     * @param title the window's title (and the name {@code xdotool search --name} finds it by)
     * @param width framebuffer width asked for (a window manager may give another size)
     * @param height framebuffer height asked for
     * @param headless GLFW's null platform with an EGL context instead of a window on a display
     * @return the window, its context current
     * @throws DemoUnavailableException if there is no display (and not headless), or no OpenGL 4.3
     *     core context can be made
     */
    static DemoWindow open(String title, int width, int height, boolean headless) {
        String noDisplay = headless ? null : noDisplay(System::getenv);
        if (noDisplay != null) {
            throw new DemoUnavailableException(noDisplay);
        }
        // GLFW reports failures through this callback, not through return values' details
        String[] lastError = new String[1];
        int[] lastCode = new int[1];
        GLFWErrorCallback errors = GLFWErrorCallback.create((code, description) -> {
            lastCode[0] = code;
            lastError[0] = GLFWErrorCallback.getDescription(description);
        });
        GLFWErrorCallback previous = glfwSetErrorCallback(errors);
        if (previous != null) {
            previous.free();
        }
        // init hints outlive glfwTerminate: set the platform every time
        glfwInitHint(GLFW_PLATFORM, headless ? GLFW_PLATFORM_NULL : desktopPlatform());
        if (!glfwInit()) {
            String why = lastError[0] != null ? lastError[0] : "unknown reason";
            int code = lastCode[0];
            freeErrors();
            if (!headless && code == GLFW_PLATFORM_UNAVAILABLE) {
                throw new DemoUnavailableException("no display to open a window on (" + displayNote() + "; GLFW: "
                        + why + "); run with --headless to draw offscreen");
            }
            throw new DemoUnavailableException("cannot initialise GLFW" + (headless ? " (null platform)" : "")
                    + ": " + why + (headless ? "" : "; run with --headless to draw offscreen"));
        }
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        glfwWindowHint(GLFW_RESIZABLE, headless ? GLFW_FALSE : GLFW_TRUE);
        glfwWindowHint(GLFW_SCALE_FRAMEBUFFER, GLFW_FALSE);
        if (headless) {
            // the null platform's own context API is OSMesa, which is rarely installed; EGL is
            // there wherever Mesa or a GPU driver is
            glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_EGL_CONTEXT_API);
            glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
        }
        // The newest core context the driver gives: NVIDIA's answers a request for 4.3 with exactly
        // 4.3, and below 4.5 the engine takes its slower paths (staging uploads, buffers bound to copy),
        // where Mesa's answers with 4.5 and `loopsub verify`'s own context is 4.6.
        long window = 0L;
        for (int minor : CONTEXT_MINORS) {
            glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, minor);
            window = glfwCreateWindow(width, height, title, 0L, 0L);
            if (window != 0L) {
                break;
            }
        }
        if (window == 0L) {
            String why = lastError[0] != null ? lastError[0] : "unknown reason";
            glfwTerminate();
            freeErrors();
            throw new DemoUnavailableException("no OpenGL 4.3 core context" + (headless ? " headless (GLFW null "
                    + "platform, EGL)" : "") + ": " + why);
        }
        glfwMakeContextCurrent(window);
        GLCapabilities caps;
        try {
            if (headless && GL.getFunctionProvider() == null) {
                // GL entry points of an EGL context come through eglGetProcAddress, not GLX
                Configuration.OPENGL_CONTEXT_API.set("EGL");
            }
            caps = GL.createCapabilities();
        } catch (RuntimeException | LinkageError e) {
            destroy(window);
            throw new DemoUnavailableException("cannot load OpenGL functions for the demo's context: " + e, e);
        }
        if (!caps.OpenGL43) {
            destroy(window);
            throw new DemoUnavailableException("OpenGL 4.3 needed, the context has "
                    + org.lwjgl.opengl.GL11C.glGetString(org.lwjgl.opengl.GL11C.GL_VERSION));
        }
        // a window shows at the display's rate; offscreen, frames are timed as fast as they go
        glfwSwapInterval(headless ? 0 : 1);
        return new DemoWindow(window);
    }

    /**
     * Why no window can open, found before GLFW is initialised: with neither {@code DISPLAY} nor
     * {@code WAYLAND_DISPLAY} set, GLFW's Wayland probe asks libwayland for its default socket, and
     * libwayland prints {@code error: XDG_RUNTIME_DIR is invalid or not set in the environment.} on
     * the process's stderr (where Java cannot catch it) before GLFW gives up, so the user's first line
     * would be that one. A desktop that runs Wayland on its default socket without naming it is let
     * through.
     *
     * @param env the environment ({@code System::getenv}, or a map in tests)
     * @return the message, or {@code null} if there may be a display
     */
    static String noDisplay(java.util.function.UnaryOperator<String> env) {
        if (isSet(env.apply("DISPLAY")) || isSet(env.apply("WAYLAND_DISPLAY"))) {
            return null;
        }
        String runtime = env.apply("XDG_RUNTIME_DIR");
        if (isSet(runtime) && java.nio.file.Files.exists(java.nio.file.Path.of(runtime, "wayland-0"))) {
            return null;
        }
        return "no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set); run with --headless "
                + "to draw offscreen";
    }

    private static boolean isSet(String value) {
        return value != null && !value.isEmpty();
    }

    /** X11 when an X display is named and no Wayland one, skipping GLFW's Wayland probe; else any. */
    private static int desktopPlatform() {
        boolean x11 = System.getenv("DISPLAY") != null && !System.getenv("DISPLAY").isEmpty();
        boolean wayland = System.getenv("WAYLAND_DISPLAY") != null && !System.getenv("WAYLAND_DISPLAY").isEmpty();
        return x11 && !wayland && glfwPlatformSupported(GLFW_PLATFORM_X11) ? GLFW_PLATFORM_X11 : GLFW_ANY_PLATFORM;
    }

    private static String displayNote() {
        String display = System.getenv("DISPLAY");
        return display == null || display.isEmpty() ? "DISPLAY is not set" : "DISPLAY=" + display + " cannot be opened";
    }

    private static void destroy(long window) {
        glfwMakeContextCurrent(0L);
        GL.setCapabilities(null);
        Callbacks.glfwFreeCallbacks(window);
        glfwDestroyWindow(window);
        glfwTerminate();
        freeErrors();
        releaseEglThread();
    }

    /**
     * Releases this thread's EGL state after GLFW has terminated EGL. Without it NVIDIA's EGL (driver
     * 580) crashed at process exit once the engine had asked EGL which context is current (as every
     * entry of the GPU interface does); the same call ends the engine's own headless contexts. The
     * library is asked directly: LWJGL's EGL class would set up EGL's client platforms again.
     */
    private static void releaseEglThread() {
        try {
            org.lwjgl.system.SharedLibrary egl = org.lwjgl.system.Library.loadNative(DemoWindow.class, "org.lwjgl.egl",
                    "libEGL.so.1");
            long f = egl.getFunctionAddress("eglReleaseThread");
            if (f != 0) {
                org.lwjgl.system.JNI.callI(f);
            }
            egl.free();
        } catch (Throwable noEgl) {
            // no EGL in this process's reach: nothing to release
        }
    }

    private static void freeErrors() {
        GLFWErrorCallback cb = glfwSetErrorCallback(null);
        if (cb != null) {
            cb.free();
        }
    }

    /**
     * Routes the window's input to the controls.
     *
     * @param controls what keys and mouse moves change
     */
    void listen(Controls controls) {
        glfwSetKeyCallback(handle, (w, key, scancode, action, mods) -> controls.key(key, action, mods));
        glfwSetMouseButtonCallback(handle, (w, button, action, mods) -> controls.mouseButton(button, action));
        glfwSetCursorPosCallback(handle, (w, x, y) -> controls.cursor(x, y));
        glfwSetScrollCallback(handle, (w, dx, dy) -> controls.scroll(dy));
    }

    /** @return the framebuffer's size in pixels, {width, height} (0 while minimised) */
    int[] framebufferSize() {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            var w = stack.mallocInt(1);
            var h = stack.mallocInt(1);
            glfwGetFramebufferSize(handle, w, h);
            return new int[] {w.get(0), h.get(0)};
        }
    }

    /** @return framebuffer pixels per window coordinate unit, across (1 but on HiDPI screens) */
    double pixelsPerCursorUnit() {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            var w = stack.mallocInt(1);
            var h = stack.mallocInt(1);
            glfwGetWindowSize(handle, w, h);
            int fb = framebufferSize()[0];
            return w.get(0) > 0 && fb > 0 ? (double) fb / w.get(0) : 1;
        }
    }

    /** @return whether the user closed the window (its close button) */
    boolean closeRequested() {
        return glfwWindowShouldClose(handle);
    }

    /** Handles pending input and window events, calling the callbacks. */
    void poll() {
        glfwPollEvents();
    }

    /**
     * Sleeps until an event arrives or the time is up (while minimised, nothing is drawn).
     *
     * @param seconds the longest wait
     */
    void waitEvents(double seconds) {
        glfwWaitEventsTimeout(seconds);
    }

    /** Shows the frame drawn into the back buffer. */
    void swap() {
        glfwSwapBuffers(handle);
    }

    /** @param title the new title */
    void title(String title) {
        glfwSetWindowTitle(handle, title);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        destroy(handle);
    }
}
