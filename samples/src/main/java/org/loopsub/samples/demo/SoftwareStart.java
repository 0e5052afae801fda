package org.loopsub.samples.demo;

import org.loopsub.api.gpu.GpuTessellators;

/**
 * The screen-space bound the demo starts with. A software renderer (Mesa's llvmpipe, as on a machine
 * with no GPU) refines and rasterises on the CPU: bigguy at the default 1 px makes 2.4 M triangles, 3
 * to 10 s a frame on 2 cores; at {@link #SOFTWARE_SCREEN_PX} it makes about 50 thousand, 0.15 to 0.3
 * s a frame. So there, unless the user gave {@code --screen-px}, the demo starts at that coarser
 * bound, and says so. The depth is left alone: at that bound the criterion stops bigguy at level 5,
 * whatever the depth above it.
 *
 * @param screenPx the bound to start with
 * @param note what was changed and how to undo it, for stderr and the HUD; {@code null} if nothing was
 */
record SoftwareStart(float screenPx, String note) {
    /** The bound a software renderer starts at when the user did not choose one. */
    static final float SOFTWARE_SCREEN_PX = 8;

    /**
     * @param glRenderer the context's {@code GL_RENDERER}
     * @param screenPx the bound of the command line (its default when not given)
     * @param screenPxGiven whether the user gave {@code --screen-px}: then it is kept on any renderer
     * @return the starting bound, and a note if it is not {@code screenPx}
     */
    static SoftwareStart choose(String glRenderer, float screenPx, boolean screenPxGiven) {
        if (screenPxGiven || !GpuTessellators.isSoftwareRenderer(glRenderer) || screenPx >= SOFTWARE_SCREEN_PX) {
            return new SoftwareStart(screenPx, null);
        }
        return new SoftwareStart(SOFTWARE_SCREEN_PX, "software GL: " + Overlay.px(SOFTWARE_SCREEN_PX)
                + " px (set --screen-px to override)");
    }
}
