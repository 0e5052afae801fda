package org.loopsub.api;

import org.joml.Matrix4d;

/**
 * What the screen-space criterion and view culling need of a camera: the transform from mesh
 * coordinates to clip space (OpenGL's convention: a point is in view when {@code -w <= x, y <= w})
 * and the viewport it maps to. Either the eye/target form ({@link Camera}) or matrices
 * ({@link MatrixCamera}, perspective or orthographic).
 */
public sealed interface View permits Camera, MatrixCamera {
    /**
     * The clip transform's rows that the engine uses: x, y and w of clip space (the depth row z is
     * not needed, so near and far planes do not matter).
     *
     * @param dest receives mesh coordinates to clip coordinates
     * @return {@code dest}
     */
    Matrix4d clip(Matrix4d dest);

    /** @return viewport width in pixels */
    int width();

    /** @return viewport height in pixels */
    int height();
}
