package org.loopsub.samples.demo;

import static org.lwjgl.glfw.GLFW.*;

import java.util.List;
import org.loopsub.api.Culling;
import org.loopsub.api.RefineOptions;

/**
 * The demo's interactive settings and the keys and mouse moves that change them. GLFW's callbacks
 * hand their events here ({@link #key}, {@link #mouseButton}, {@link #cursor}, {@link #scroll});
 * the frame loop reads the settings. Kept apart from the window so that the key map is plain Java
 * (the GLFW key codes are compile-time constants, no native call) and can be tested without one.
 */
final class Controls {
    /**
     * A uniform frame never makes more triangles than this: the triangle count grows fourfold per
     * level, and a level too many would fill the GPU's memory (bigguy at level 8 is 190 M triangles).
     */
    static final long UNIFORM_TRIANGLE_BUDGET = 1L << 23;

    /** The keys, as the help overlay and docs/demo.md list them. */
    static final List<String> HELP = List.of(
            "Left drag      orbit",
            "Right drag     pan (or middle drag)",
            "Wheel          zoom",
            "W              wireframe overlay",
            "L              colour by level, slivers highlighted",
            "+ / -          screen px up / down (also ] / [)",
            "PgUp / PgDn    max depth up / down (also D / Shift-D)",
            "U              uniform / adaptive",
            "M              limit surface / control points",
            "T              checker texture from the mesh's uvs",
            "B              displacement (--displace) on / off",
            "F              freeze the refinement camera",
            "C              culling: all / frustum / backface / none",
            "A              animate the control mesh",
            "S              screenshot (loopsub-demo-N.png)",
            "H              this help",
            "Esc            quit");

    private final OrbitCamera camera;
    private float screenPx;
    private int depth;
    private boolean uniform;
    private boolean wireframe;
    private boolean levelColours;
    private boolean limit;
    private boolean checker;
    private boolean displaced;
    /** Whether the demo has a height map ({@code --displace}): without one, B does nothing. */
    private boolean displaceable;
    private boolean frozen;
    private Culling culling;
    private boolean animating;
    private boolean help;
    private boolean quit;
    private int screenshots;
    private boolean frozenChanged;

    private int dragButton = -1;
    private double lastX = Double.NaN;
    private double lastY = Double.NaN;
    /** Framebuffer pixels per cursor unit (HiDPI screens report the cursor in smaller units). */
    private double pixelScale = 1;
    private int viewportWidth = 1;
    private int viewportHeight = 1;

    /**
     * @param camera the camera the mouse moves
     * @param screenPx the starting screen-space bound
     * @param depth the starting max depth
     * @param culling the starting culling
     */
    Controls(OrbitCamera camera, float screenPx, int depth, Culling culling) {
        this.camera = camera;
        this.screenPx = screenPx;
        this.depth = depth;
        this.culling = culling;
    }

    /**
     * A key event, as GLFW's key callback reports it.
     *
     * @param key the {@code GLFW_KEY_*} code (the key's place on a US keyboard)
     * @param action {@code GLFW_PRESS}, {@code GLFW_REPEAT} or {@code GLFW_RELEASE}
     * @param mods {@code GLFW_MOD_*} bits
     */
    void key(int key, int action, int mods) {
        if (action == GLFW_RELEASE) {
            return;
        }
        boolean repeat = action == GLFW_REPEAT;
        boolean shift = (mods & GLFW_MOD_SHIFT) != 0;
        switch (key) {
            case GLFW_KEY_ESCAPE -> quit = true;
            // steps may repeat while the key is held; toggles may not, or holding one would flicker
            case GLFW_KEY_EQUAL, GLFW_KEY_KP_ADD, GLFW_KEY_RIGHT_BRACKET -> screenPx(screenPx * 2);
            case GLFW_KEY_MINUS, GLFW_KEY_KP_SUBTRACT, GLFW_KEY_LEFT_BRACKET -> screenPx(screenPx / 2);
            case GLFW_KEY_PAGE_UP -> depth(depth + 1);
            case GLFW_KEY_PAGE_DOWN -> depth(depth - 1);
            case GLFW_KEY_D -> depth(shift ? depth - 1 : depth + 1);
            default -> {
                if (!repeat) {
                    toggle(key);
                }
            }
        }
    }

    private void toggle(int key) {
        switch (key) {
            case GLFW_KEY_W -> wireframe = !wireframe;
            case GLFW_KEY_L -> levelColours = !levelColours;
            case GLFW_KEY_U -> uniform = !uniform;
            case GLFW_KEY_M -> limit = !limit;
            case GLFW_KEY_T -> checker = !checker;
            case GLFW_KEY_B -> displaced = displaceable && !displaced;
            case GLFW_KEY_F -> {
                frozen = !frozen;
                frozenChanged = true;
            }
            case GLFW_KEY_C -> culling = Culling.values()[(culling.ordinal() + 1) % Culling.values().length];
            case GLFW_KEY_A -> animating = !animating;
            case GLFW_KEY_S -> screenshots++;
            case GLFW_KEY_H -> help = !help;
            default -> {
                // not ours
            }
        }
    }

    private void screenPx(float px) {
        screenPx = Math.max(DemoOptions.MIN_SCREEN_PX, Math.min(DemoOptions.MAX_SCREEN_PX, px));
    }

    private void depth(int d) {
        depth = Math.max(0, Math.min(RefineOptions.MAX_LEVELS, d));
    }

    /**
     * A mouse button event.
     *
     * @param button {@code GLFW_MOUSE_BUTTON_*}
     * @param action {@code GLFW_PRESS} or {@code GLFW_RELEASE}
     */
    void mouseButton(int button, int action) {
        if (action == GLFW_PRESS && dragButton < 0) {
            dragButton = button;
        } else if (action == GLFW_RELEASE && button == dragButton) {
            dragButton = -1;
        }
    }

    /**
     * The cursor moved: a drag with the left button orbits, with the right or middle one pans.
     *
     * @param x cursor position, in the window's screen coordinates
     * @param y cursor position, down from the top
     */
    void cursor(double x, double y) {
        if (dragButton >= 0 && !Double.isNaN(lastX)) {
            double dx = (x - lastX) * pixelScale;
            double dy = (y - lastY) * pixelScale;
            if (dragButton == GLFW_MOUSE_BUTTON_LEFT) {
                // dragging right turns the mesh right: the eye goes left around it
                camera.orbit(-dx * OrbitCamera.DEGREES_PER_PIXEL, dy * OrbitCamera.DEGREES_PER_PIXEL);
            } else {
                camera.pan(dx, dy, viewportWidth, viewportHeight);
            }
        }
        lastX = x;
        lastY = y;
    }

    /**
     * The wheel turned.
     *
     * @param steps vertical scroll; positive (away from the user) zooms in
     */
    void scroll(double steps) {
        camera.zoom(steps);
    }

    /**
     * @param pixelsPerCursorUnit framebuffer pixels per window coordinate unit
     * @param height framebuffer height in pixels
     */
    void viewport(double pixelsPerCursorUnit, int height) {
        viewport(pixelsPerCursorUnit, height, height);
    }

    /**
     * @param pixelsPerCursorUnit framebuffer pixels per window coordinate unit
     * @param width the mesh's viewport width in pixels
     * @param height the mesh's viewport height in pixels
     */
    void viewport(double pixelsPerCursorUnit, int width, int height) {
        this.pixelScale = pixelsPerCursorUnit;
        this.viewportWidth = width;
        this.viewportHeight = height;
    }

    /** @return the screen-space bound now, pixels */
    float screenPx() {
        return screenPx;
    }

    /** @return the deepest level now (adaptive), or the levels asked for (uniform) */
    int depth() {
        return depth;
    }

    /** @return whether refinement is uniform rather than adaptive */
    /** @return whether frames put their vertices on the limit surface */
    Culling culling() {
        return culling;
    }

    /** @return whether the limit surface is on */
    boolean limit() {
        return limit;
    }

    /** @return whether the mesh is drawn with a checker texture from its uvs */
    boolean checker() {
        return checker;
    }

    /** @param on the starting setting of {@link #checker()} */
    void checker(boolean on) {
        checker = on;
    }

    /** @return whether frames displace (never without a height map) */
    boolean displaced() {
        return displaced;
    }

    /** @param available whether the demo has a height map: frames then start displaced, and B toggles it */
    void displaceable(boolean available) {
        displaceable = available;
        displaced = available;
    }

    /** @param on the starting setting of {@link #animating()} */
    void animating(boolean on) {
        animating = on;
    }

    /** @param on the starting setting of {@link #limit()} */
    void limit(boolean on) {
        limit = on;
    }

    boolean uniform() {
        return uniform;
    }

    /** @return whether the wireframe overlay is on */
    boolean wireframe() {
        return wireframe;
    }

    /** @return whether triangles are coloured by level */
    boolean levelColours() {
        return levelColours;
    }

    /** @return whether the refinement camera is frozen */
    boolean frozen() {
        return frozen;
    }

    /** @return whether {@link #frozen()} changed since the last call (the loop then takes a new snapshot) */
    boolean takeFrozenChange() {
        boolean c = frozenChanged;
        frozenChanged = false;
        return c;
    }

    /** @return whether the control mesh is animated */
    boolean animating() {
        return animating;
    }

    /** @return whether the help overlay is shown */
    boolean help() {
        return help;
    }

    /** @return whether Escape was pressed */
    boolean quit() {
        return quit;
    }

    /** @return screenshots asked for since the last call (S presses) */
    int takeScreenshots() {
        int n = screenshots;
        screenshots = 0;
        return n;
    }

    /**
     * The levels of a uniform frame: the depth, or fewer where that would pass
     * {@link #UNIFORM_TRIANGLE_BUDGET}.
     *
     * @param controlTriangles triangles of the control mesh
     * @return uniform levels to refine to
     */
    int uniformLevels(long controlTriangles) {
        int levels = 0;
        long t = controlTriangles;
        while (levels < depth && t * 4 <= UNIFORM_TRIANGLE_BUDGET) {
            t *= 4;
            levels++;
        }
        return levels;
    }
}
