package org.loopsub.api;

/**
 * How texture coordinates (a mesh's face-varying uv channel) refine: OpenSubdiv's face-varying
 * linear interpolation options. Values at a vertex are continuous across two faces only where the
 * faces name the same uv index there; elsewhere (seams) each side keeps its own.
 */
public enum UvInterpolation {
    /**
     * {@code FVAR_LINEAR_ALL} (the default): every refined uv is the barycentric interpolation of its
     * base triangle's three uvs, so the map over each input triangle stays piecewise linear.
     */
    LINEAR,
    /**
     * {@code FVAR_LINEAR_CORNERS_ONLY}: uvs follow Loop's masks (and the mesh's creases) where they
     * are continuous; every seam side and chart boundary refines as a uniform cubic B-spline curve in
     * uv space; a value whose chart has one face at its vertex (or that a seam pins) stays put.
     */
    SMOOTH
}
