package org.loopsub.api;

import java.util.Arrays;
import java.util.Objects;

/**
 * A scalar displacement of the limit surface along its normal, from a height map sampled at each
 * output vertex's uv: an immutable value that {@link RefineOptions#withDisplacement} takes.
 *
 * <p>Each output vertex {@code p} with unit limit normal {@code n} and uv {@code (u, v)} moves to
 * {@code p + (offset + scale * h(u, v)) * n}, where {@code h} filters the map bilinearly:
 *
 * <ul>
 *   <li>The map is {@code width * height} floats, row-major, <b>row 0 at v = 0</b> (v up, as OBJ's
 *       {@code vt} and OpenGL's textures have it: an image stored top row first is flipped when it
 *       becomes a map, as the command line does). Texel {@code (i, j)} is {@code heights[j * width + i]},
 *       sampled at its centre {@code ((i + 0.5) / width, (j + 0.5) / height)}.
 *   <li>A uv outside [0, 1] is handled by the map's {@link Wrap}: {@link Wrap#REPEAT} (the default)
 *       tiles the map, {@link Wrap#CLAMP} holds its edge texels.
 *   <li>The arithmetic is float and written out (never a texture unit), in one order on both back
 *       ends, so they write the same bytes (docs/design.md, "Displacement").
 * </ul>
 *
 * <p>{@code scale} and {@code offset} are in the mesh's own units. The map's range, grown by them,
 * bounds how far any vertex moves ({@link #reach()}): view culling grows its regions by it.
 */
public final class Displacement {
    /** How a uv outside [0, 1] samples the map. */
    public enum Wrap {
        /** Tiles the map: u and u + 1 sample alike, and bilinear filtering wraps across the edges. */
        REPEAT,
        /** Clamps u and v to [0, 1], so the edge texels extend outward. */
        CLAMP
    }

    private final int width;
    private final int height;
    private final float[] heights;
    private final float scale;
    private final float offset;
    private final Wrap wrap;
    private final float reach;

    private Displacement(int width, int height, float[] heights, float scale, float offset, Wrap wrap) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("a height map needs at least 1 x 1 texels, got " + width + " x " + height);
        }
        if ((long) width * height != heights.length) {
            throw new IllegalArgumentException("a " + width + " x " + height + " height map needs "
                    + (long) width * height + " heights, got " + heights.length);
        }
        if (!Float.isFinite(scale) || !Float.isFinite(offset)) {
            throw new IllegalArgumentException("displacement scale and offset must be finite, got " + scale + " and "
                    + offset);
        }
        float lo = Float.POSITIVE_INFINITY;
        float hi = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < heights.length; i++) {
            float h = heights[i];
            if (!Float.isFinite(h)) {
                throw new IllegalArgumentException("height " + i + " (texel " + i % width + ", " + i / width
                        + ") is not finite: " + h);
            }
            lo = Math.min(lo, h);
            hi = Math.max(hi, h);
        }
        this.width = width;
        this.height = height;
        this.heights = heights;
        this.scale = scale;
        this.offset = offset;
        this.wrap = Objects.requireNonNull(wrap, "wrap");
        // bilinear weights are convex, so h stays within [lo, hi] up to a few roundings of float, which
        // the relative slack covers
        double most = Math.max(Math.abs(offset + (double) scale * lo), Math.abs(offset + (double) scale * hi));
        this.reach = (float) (most * (1 + 1e-5) + Math.ulp(Math.abs(offset)));
    }

    /**
     * @param width texels per row, at least 1
     * @param height rows, at least 1
     * @param heights {@code width * height} finite heights, row 0 at v = 0 (copied)
     * @param scale what a height is multiplied by, in the mesh's units
     * @param offset what is added to every displacement, in the mesh's units
     * @return the displacement, wrapping with {@link Wrap#REPEAT}
     * @throws IllegalArgumentException for a map of another size than its heights, a non-finite
     *     height, scale or offset
     */
    public static Displacement of(int width, int height, float[] heights, float scale, float offset) {
        return new Displacement(width, height, heights.clone(), scale, offset, Wrap.REPEAT);
    }

    /**
     * @param wrap how uvs outside [0, 1] sample the map
     * @return a copy with that wrap
     */
    public Displacement withWrap(Wrap wrap) {
        return new Displacement(width, height, heights, scale, offset, wrap);
    }

    /** @return texels per row */
    public int width() {
        return width;
    }

    /** @return rows */
    public int height() {
        return height;
    }

    /** @return the heights, row-major, row 0 at v = 0 (a copy) */
    public float[] heights() {
        return heights.clone();
    }

    /**
     * @param i column, 0 to {@code width() - 1}
     * @param j row, 0 to {@code height() - 1} (0 at v = 0)
     * @return the texel's height
     */
    public float height(int i, int j) {
        return heights[Objects.checkIndex(j, height) * width + Objects.checkIndex(i, width)];
    }

    /** @return the factor on a height, in the mesh's units */
    public float scale() {
        return scale;
    }

    /** @return the displacement added everywhere, in the mesh's units */
    public float offset() {
        return offset;
    }

    /** @return how uvs outside [0, 1] sample the map */
    public Wrap wrap() {
        return wrap;
    }

    /**
     * @return a bound on {@code |offset + scale * h|} over every uv: no vertex moves further than
     *     this, in the mesh's units
     */
    public float reach() {
        return reach;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Displacement d && d.width == width && d.height == height
                && Float.floatToIntBits(d.scale) == Float.floatToIntBits(scale)
                && Float.floatToIntBits(d.offset) == Float.floatToIntBits(offset) && d.wrap == wrap
                && Arrays.equals(d.heights, heights);
    }

    @Override
    public int hashCode() {
        return Objects.hash(width, height, scale, offset, wrap, Arrays.hashCode(heights));
    }

    @Override
    public String toString() {
        return "Displacement[" + width + " x " + height + ", scale=" + scale + ", offset=" + offset + ", wrap=" + wrap
                + "]";
    }
}
