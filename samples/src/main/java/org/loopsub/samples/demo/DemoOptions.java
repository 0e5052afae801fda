package org.loopsub.samples.demo;

import org.loopsub.api.Culling;
import org.loopsub.api.Displacement;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.UvInterpolation;

/**
 * What the demo is asked for on the command line ({@code loopsub demo}).
 *
 * @param width framebuffer width in pixels
 * @param height framebuffer height in pixels
 * @param screenPx the screen-space criterion's starting bound: longest projected edge, in pixels
 * @param maxDepth the starting deepest level, 0 to {@link RefineOptions#MAX_LEVELS}
 * @param headless draw offscreen (GLFW's null platform with an EGL context) rather than in a window
 * @param frames stop after this many frames; 0 for no limit (a window runs until closed)
 * @param orbitDegrees turn the camera this far around the target every frame
 * @param keepLastFrame read the last frame back into {@link DemoStats#lastFrame()}, for the caller to save
 *     ({@code --screenshot}); a window asked to close then draws one more frame for it
 * @param limit start on the limit surface (key M toggles it)
 * @param checker start with the checker texture from the mesh's uvs (key T toggles it)
 * @param animate start with the control mesh animated (key A toggles it)
 * @param uvInterpolation how the mesh's uvs refine
 * @param culling what the refinement leaves coarse because the camera cannot see it (key C cycles it)
 * @param hud whether the text overlay is drawn (off for clean screenshots)
 * @param maxTriangles a frame's triangle budget, 0 for none
 * @param screenPxGiven whether the user chose {@code screenPx}: if not, a software renderer starts
 *     coarser ({@link SoftwareStart})
 * @param quiet no notes and no progress lines on stderr, only errors
 * @param checkFrames how many of the first frames {@code frameChecker} compares (0: none)
 * @param frameChecker what compares them, or null
 * @param displacement the height map the frames displace by (key B toggles it; on from the start), or
 *     null for none; the mesh must have uvs
 */
public record DemoOptions(int width, int height, float screenPx, int maxDepth, boolean headless, long frames,
                          float orbitDegrees, boolean keepLastFrame, boolean limit, boolean checker,
                          boolean animate, UvInterpolation uvInterpolation, Culling culling, boolean hud, long maxTriangles,
                          boolean screenPxGiven, boolean quiet, int checkFrames, FrameChecker frameChecker,
                          Displacement displacement) {
    /** The smallest screen-space bound the demo goes down to: finer makes tens of millions of triangles. */
    public static final float MIN_SCREEN_PX = 0.25f;
    /** The largest screen-space bound the demo goes up to. */
    public static final float MAX_SCREEN_PX = 256;

    /** Checks the values; the command line has already refused the ones a user can get wrong. */
    public DemoOptions {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("size must be positive, got " + width + "x" + height);
        }
        if (!(screenPx >= MIN_SCREEN_PX && screenPx <= MAX_SCREEN_PX)) {
            throw new IllegalArgumentException("screen px must be in [" + MIN_SCREEN_PX + ", " + MAX_SCREEN_PX
                    + "], got " + screenPx);
        }
        if (maxDepth < 0 || maxDepth > RefineOptions.MAX_LEVELS) {
            throw new IllegalArgumentException("max depth must be in 0.." + RefineOptions.MAX_LEVELS + ", got "
                    + maxDepth);
        }
        java.util.Objects.requireNonNull(uvInterpolation, "uvInterpolation");
        java.util.Objects.requireNonNull(culling, "culling");
        if (maxTriangles < 0) {
            throw new IllegalArgumentException("max triangles must be 0 (none) or more, got " + maxTriangles);
        }
        if (frames < 0) {
            throw new IllegalArgumentException("frames must not be negative, got " + frames);
        }
        if (!Float.isFinite(orbitDegrees)) {
            throw new IllegalArgumentException("orbit must be finite, got " + orbitDegrees);
        }
    }
}
