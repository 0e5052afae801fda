package org.loopsub.gl;

import static org.lwjgl.opengl.GL11C.GL_NO_ERROR;
import static org.lwjgl.opengl.GL11C.glGetError;

/**
 * Turns pending GL errors into {@link GlException}s named after the pass that left them.
 *
 * <p>{@code glGetError} is a synchronisation point of the driver (on NVIDIA's it was most of a
 * renderer frame's host time, checked after each of ~150 dispatches): a frame of a prepared mesh,
 * and a one-shot refinement, {@linkplain #deferOnThisThread() defer} the checks of their passes and
 * {@linkplain #checkDeferred check once} after them. GL errors stay recorded until read, so none is
 * lost; the message then names the frame or the refinement instead of the pass.
 */
public final class GlChecks {
    /** Per thread (each thread has its own context): whether checks wait for {@link #checkDeferred}. */
    private static final ThreadLocal<boolean[]> DEFERRED = ThreadLocal.withInitial(() -> new boolean[1]);

    private GlChecks() {
    }

    /** From now on this thread's checks do nothing until {@link #checkDeferred}. */
    public static void deferOnThisThread() {
        DEFERRED.get()[0] = true;
    }

    /** Ends the deferral of this thread's checks without checking (after a failure already reported). */
    public static void endDeferral() {
        DEFERRED.get()[0] = false;
    }

    /**
     * Ends the deferral of this thread's checks and checks once.
     *
     * @param where what ran since {@link #deferOnThisThread()}
     * @throws GlException naming {@code where} and every pending error enum
     */
    public static void checkDeferred(String where) {
        DEFERRED.get()[0] = false;
        check(where);
    }

    /**
     * Drains every pending GL error (a driver may queue several) and throws if there was any.
     *
     * @param where the pass or call to blame
     * @throws GlException naming {@code where} and every pending error enum
     */
    public static void check(String where) {
        if (DEFERRED.get()[0]) {
            return;
        }
        int first = glGetError();
        if (first != GL_NO_ERROR) {
            throw failure(first, where);
        }
    }

    /**
     * As {@link #check(String)} for a pass with a number (a level, a buffer name), building the
     * message only when there is an error: the passes check after every dispatch of every frame.
     *
     * @param where the pass or call to blame
     * @param number its level, buffer or distance, appended to {@code where}
     * @throws GlException naming both and every pending error enum
     */
    public static void check(String where, long number) {
        if (DEFERRED.get()[0]) {
            return;
        }
        int first = glGetError();
        if (first != GL_NO_ERROR) {
            throw failure(first, where + " " + number);
        }
    }

    private static GlException failure(int first, String where) {
        StringBuilder sb = new StringBuilder("GL error ").append(name(first));
        // bounded: a lost context can report errors forever
        for (int i = 0, e = glGetError(); e != GL_NO_ERROR && i < 16; i++, e = glGetError()) {
            sb.append(", ").append(name(e));
        }
        return new GlException(sb.append(" after ").append(where).toString());
    }

    static String name(int error) {
        String n;
        switch (error) {
            case 0x0500: n = "GL_INVALID_ENUM"; break;
            case 0x0501: n = "GL_INVALID_VALUE"; break;
            case 0x0502: n = "GL_INVALID_OPERATION"; break;
            case 0x0503: n = "GL_STACK_OVERFLOW"; break;
            case 0x0504: n = "GL_STACK_UNDERFLOW"; break;
            case 0x0505: n = "GL_OUT_OF_MEMORY"; break;
            case 0x0506: n = "GL_INVALID_FRAMEBUFFER_OPERATION"; break;
            case 0x0507: n = "GL_CONTEXT_LOST"; break;
            default: n = "GL error";
        }
        return n + " (0x" + Integer.toHexString(error) + ")";
    }
}
