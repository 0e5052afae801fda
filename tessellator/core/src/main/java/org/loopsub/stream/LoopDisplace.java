package org.loopsub.stream;

import org.loopsub.api.Displacement;
import org.loopsub.parallel.Workers;

/**
 * Displacement of the output (docs/design.md §3, "Displacement"): each output corner, on the limit
 * surface, moves along its unit limit normal by {@code offset + scale * h(uv)}, {@code h} the height
 * map filtered bilinearly at the corner's uv. Twin of {@code loop_displace.comp}: the same functions,
 * the same float operations in the same order, the normal's length in double with its square root and
 * reciprocal correctly rounded (Java's are; the shader corrects the driver's, rounded_double.glsl).
 *
 * <p>The operation order, written once here and mirrored in the shader:
 *
 * <pre>
 * t  = u - floor(u)              (REPEAT)   or  min(max(u, 0), 1)   (CLAMP)         per axis
 * x  = t * width - 0.5           texel space: texel i's centre at i
 * i0 = floor(x), i1 = i0 + 1     wrapped (REPEAT) or clamped (CLAMP) into [0, width)
 * fx = x - floor(x)              exact
 * a  = h(i0, j0) + fx * (h(i1, j0) - h(i0, j0))
 * b  = h(i0, j1) + fx * (h(i1, j1) - h(i0, j1))
 * h  = a + fy * (b - a)
 * d  = offset + scale * h                                  (internal frame: both times 2^e)
 * s  = (nx nx + ny ny) + nz nz   in double (each product exact)
 * r  = 1 / sqrt(s)               in double, both correctly rounded; no move where s = 0
 * n' = (float) (n r)             per axis
 * p' = p + d * n'                per axis, float
 * </pre>
 *
 * All in float but the normal's length; no fused multiply-add (Java has none unless asked, the shader
 * marks every operation {@code precise}). Every corner of an output vertex carries the same position,
 * limit normal and, off uv seams, uv, so they all move alike: the output stays crack-free.
 */
public final class LoopDisplace {
    /** {@link Displacement.Wrap#REPEAT} as the shader's {@code WRAP_REPEAT}. */
    public static final int WRAP_REPEAT = 0;
    /** {@link Displacement.Wrap#CLAMP} as the shader's {@code WRAP_CLAMP}. */
    public static final int WRAP_CLAMP = 1;
    /** Where texel i's centre lies in texel space: x = t * width - this. */
    public static final float TEXEL_CENTRE = 0.5f;

    private final int width;
    private final int height;
    private final float[] map;
    private final float scale;
    private final float offset;
    private final int wrap;

    private LoopDisplace(int width, int height, float[] map, float scale, float offset, int wrap) {
        this.width = width;
        this.height = height;
        this.map = map;
        this.scale = scale;
        this.offset = offset;
        this.wrap = wrap;
    }

    /**
     * @param d the displacement, in the mesh's units
     * @param scaleExponent the internal frame's: internal = (p - centre) * 2^scaleExponent
     * @return the pass in the internal frame (scale and offset times 2^scaleExponent, exact)
     */
    public static LoopDisplace of(Displacement d, int scaleExponent) {
        return new LoopDisplace(d.width(), d.height(), d.heights(), Math.scalb(d.scale(), scaleExponent),
                Math.scalb(d.offset(), scaleExponent), d.wrap() == Displacement.Wrap.REPEAT ? WRAP_REPEAT : WRAP_CLAMP);
    }

    /** @return texels per row (the shader's uniform) */
    public int width() {
        return width;
    }

    /** @return rows (the shader's uniform) */
    public int height() {
        return height;
    }

    /** @return the heights, row 0 at v = 0 (the shader's buffer; not a copy: do not modify) */
    public float[] map() {
        return map;
    }

    /** @return the factor on a height, in the internal frame (the shader's uniform) */
    public float scale() {
        return scale;
    }

    /** @return the displacement added everywhere, in the internal frame (the shader's uniform) */
    public float offset() {
        return offset;
    }

    /** @return {@link #WRAP_REPEAT} or {@link #WRAP_CLAMP} (the shader's uniform) */
    public int wrap() {
        return wrap;
    }

    /**
     * Displaces every corner of the output in place.
     *
     * @param corners the output corners, {@link RecordLayout#vertexFloats()} each (position, limit
     *     normal, uv)
     * @param layout the layout that made them: it must carry normals and uvs
     * @param triangles output triangles in {@code corners}
     * @param workers the threads to run on
     */
    public void run(float[] corners, RecordLayout layout, long triangles, Workers workers) {
        if (!layout.carriesNormals() || !layout.uvs()) {
            throw new IllegalArgumentException("displacement needs limit normals and uvs in the output");
        }
        int vf = layout.vertexFloats();
        int uv = layout.vertexUv();
        long n = 3 * triangles;
        int blocks = (int) ((n + BLOCK - 1) / BLOCK);
        workers.forEach(blocks, b -> {
            long hi = Math.min(n, (b + 1L) * BLOCK);
            for (long v = (long) b * BLOCK; v < hi; v++) {
                int at = Math.toIntExact(vf * v);
                displace(corners, at, at + 3, at + uv);
            }
        });
    }

    private static final int BLOCK = 1 << 14;

    /**
     * Moves one corner: the position at {@code p}, its limit normal at {@code n} and its uv at
     * {@code uv}, all in {@code c}.
     */
    void displace(float[] c, int p, int n, int uv) {
        float d = offset + scale * height(c[uv], c[uv + 1]);
        double nx = c[n];
        double ny = c[n + 1];
        double nz = c[n + 2];
        double s = nx * nx + ny * ny + nz * nz;
        if (s == 0.0) {
            return;  // no direction to move along (the GPU's padding triangles, all zero)
        }
        double r = 1.0 / Math.sqrt(s);
        c[p] = c[p] + d * (float) (nx * r);
        c[p + 1] = c[p + 1] + d * (float) (ny * r);
        c[p + 2] = c[p + 2] + d * (float) (nz * r);
    }

    /** The map filtered bilinearly at (u, v): the order of the class comment. */
    float height(float u, float v) {
        float x = texelCoordinate(u, width);
        float y = texelCoordinate(v, height);
        int i0 = lowTexel(x, width);
        int i1 = highTexel(x, width);
        int j0 = lowTexel(y, height);
        int j1 = highTexel(y, height);
        float fx = x - (float) Math.floor(x);
        float fy = y - (float) Math.floor(y);
        float h00 = map[j0 * width + i0];
        float h10 = map[j0 * width + i1];
        float h01 = map[j1 * width + i0];
        float h11 = map[j1 * width + i1];
        float a = h00 + fx * (h10 - h00);
        float b = h01 + fx * (h11 - h01);
        return a + fy * (b - a);
    }

    /** A uv coordinate in texel space, after the wrap: texel i's centre at i, in [-0.5, n - 0.5]. */
    float texelCoordinate(float s, int n) {
        float t = wrap == WRAP_REPEAT ? s - (float) Math.floor(s) : Math.min(Math.max(s, 0f), 1f);
        return t * n - TEXEL_CENTRE;
    }

    /** The texel at or below x, in [0, n): the last one for -0.5 <= x < 0 (REPEAT), else the first. */
    int lowTexel(float x, int n) {
        int i = (int) Math.floor(x);
        return i >= 0 ? i : wrap == WRAP_REPEAT ? n - 1 : 0;
    }

    /** The texel above x, in [0, n): the first one past the last (REPEAT), else the last. */
    int highTexel(float x, int n) {
        int i = (int) Math.floor(x) + 1;
        return i < n ? i : wrap == WRAP_REPEAT ? 0 : n - 1;
    }
}
