package org.loopsub.api;

import java.util.Objects;

import org.joml.Matrix4d;
import org.joml.Matrix4dc;
import org.joml.Matrix4fc;

/**
 * A camera given as a renderer holds it: a projection (perspective or orthographic), a view and a
 * model matrix for the mesh, OpenGL's conventions (clip space {@code -w <= x, y, z <= w}). The
 * matrices are copied: later changes to the caller's matrices do not reach it.
 *
 * <p>The engine measures and culls in the mesh's own coordinates through
 * {@code projection * view * model}. A perspective projection must have its eye in front of the
 * mesh's near part as usual (clip {@code w} is the depth); an edge with both ends behind the eye is
 * complete, one crossing the eye's plane is refined.
 */
public final class MatrixCamera implements View {
    private final Matrix4d projection;
    private final Matrix4d view;
    private final Matrix4d model;
    private final int width;
    private final int height;

    private MatrixCamera(Matrix4d projection, Matrix4d view, Matrix4d model, int width, int height) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("viewport must be positive, got " + width + "x" + height);
        }
        Matrix4d clip = new Matrix4d(projection).mul(view).mul(model);
        if (!clip.isFinite()) {
            throw new IllegalArgumentException("the matrices must be finite");
        }
        if (Math.abs(clip.determinant()) == 0) {
            throw new IllegalArgumentException("projection * view * model is singular");
        }
        this.projection = projection;
        this.view = view;
        this.model = model;
        this.width = width;
        this.height = height;
    }

    /**
     * @param projection the projection matrix
     * @param view the view matrix (world to camera)
     * @param model the mesh's model matrix (mesh to world)
     * @param width viewport width in pixels
     * @param height viewport height in pixels
     * @return the camera
     * @throws IllegalArgumentException if the viewport is empty or the product is singular or not finite
     */
    public static MatrixCamera of(Matrix4dc projection, Matrix4dc view, Matrix4dc model, int width, int height) {
        return new MatrixCamera(new Matrix4d(Objects.requireNonNull(projection, "projection")),
                new Matrix4d(Objects.requireNonNull(view, "view")), new Matrix4d(Objects.requireNonNull(model, "model")),
                width, height);
    }

    /**
     * As {@link #of(Matrix4dc, Matrix4dc, Matrix4dc, int, int)}, from float matrices.
     *
     * @param projection the projection matrix
     * @param view the view matrix (world to camera)
     * @param model the mesh's model matrix (mesh to world)
     * @param width viewport width in pixels
     * @param height viewport height in pixels
     * @return the camera
     */
    public static MatrixCamera of(Matrix4fc projection, Matrix4fc view, Matrix4fc model, int width, int height) {
        return new MatrixCamera(new Matrix4d(Objects.requireNonNull(projection, "projection")),
                new Matrix4d(Objects.requireNonNull(view, "view")), new Matrix4d(Objects.requireNonNull(model, "model")),
                width, height);
    }

    /**
     * As {@link #of(Matrix4dc, Matrix4dc, Matrix4dc, int, int)} with the identity as model matrix.
     *
     * @param projection the projection matrix
     * @param view the view matrix
     * @param width viewport width in pixels
     * @param height viewport height in pixels
     * @return the camera
     */
    public static MatrixCamera of(Matrix4fc projection, Matrix4fc view, int width, int height) {
        return new MatrixCamera(new Matrix4d(Objects.requireNonNull(projection, "projection")),
                new Matrix4d(Objects.requireNonNull(view, "view")), new Matrix4d(), width, height);
    }

    @Override
    public Matrix4d clip(Matrix4d dest) {
        return dest.set(projection).mul(view).mul(model);
    }

    /** @param dest receives the projection matrix @return {@code dest} */
    public Matrix4d projection(Matrix4d dest) {
        return dest.set(projection);
    }

    /** @param dest receives the view matrix @return {@code dest} */
    public Matrix4d view(Matrix4d dest) {
        return dest.set(view);
    }

    /** @param dest receives the model matrix @return {@code dest} */
    public Matrix4d model(Matrix4d dest) {
        return dest.set(model);
    }

    @Override
    public int width() {
        return width;
    }

    @Override
    public int height() {
        return height;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MatrixCamera m && m.width == width && m.height == height && m.projection.equals(projection)
                && m.view.equals(view) && m.model.equals(model);
    }

    @Override
    public int hashCode() {
        return Objects.hash(projection, view, model, width, height);
    }

    @Override
    public String toString() {
        return "MatrixCamera[" + width + "x" + height + ", projection=" + projection + ", view=" + view + ", model="
                + model + "]";
    }
}
