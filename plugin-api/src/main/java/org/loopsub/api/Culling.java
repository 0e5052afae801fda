package org.loopsub.api;

/**
 * Which parts of the surface a screen-space refinement may leave coarse because the camera cannot
 * see them. It applies only with a {@link StopCriterion.ScreenEdgeLength} criterion, whose view it
 * uses; other refinements ignore it.
 *
 * <p>Culling is a verdict per edge, like every criterion (docs/design.md §4): an edge is complete
 * when the region around it lies outside the view frustum or faces away from the eye, so both
 * triangles that share it agree and the output stays crack-free. A triangle stops refining only
 * when all three of its edges are complete; its neighbours close the seam with slivers as usual.
 * The regions are taken with a margin, so the culled surface is never one the camera sees.
 */
public enum Culling {
    /** Frustum and back-face culling (the default). */
    ALL,
    /** Regions wholly outside one side plane of the view frustum (left, right, top or bottom). */
    FRUSTUM,
    /**
     * Regions whose surface faces away from the eye. It assumes back faces are not seen: a closed
     * surface, or a renderer that culls back faces. An open surface seen from both sides (the inside
     * of a car body, a leaf) wants {@link #FRUSTUM} instead.
     */
    BACKFACE,
    /** Refine everything the criteria ask for, seen or not. */
    NONE;

    /** @return whether regions outside the view frustum are culled */
    public boolean frustum() {
        return this == ALL || this == FRUSTUM;
    }

    /** @return whether regions facing away from the eye are culled */
    public boolean backface() {
        return this == ALL || this == BACKFACE;
    }
}
