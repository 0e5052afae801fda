package org.loopsub.api;

/**
 * How boundaries refine (OpenSubdiv's boundary interpolation options for Loop). Either way boundary
 * edges are infinitely sharp: the boundary curve is a cubic B-spline of the boundary vertices.
 */
public enum BoundaryInterpolation {
    /** Boundary vertices follow the boundary curve (the default, and what plain Loop does). */
    EDGE_ONLY,
    /** As {@link #EDGE_ONLY}, and a boundary vertex with a single face is a corner: it stays put. */
    EDGE_AND_CORNER
}
