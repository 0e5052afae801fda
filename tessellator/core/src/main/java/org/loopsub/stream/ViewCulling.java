package org.loopsub.stream;

import org.joml.Matrix4d;
import org.joml.Vector4d;
import org.loopsub.api.Culling;
import org.loopsub.api.View;

/**
 * View culling as the edge test evaluates it (docs/design.md §4, "View culling"): a spoke is complete
 * when the region around it lies wholly outside one side plane of the view frustum, or when the
 * triangles on both sides of it face away from the eye, each by a margin. Twin of {@code culled} in
 * {@code loop_flag_edges.comp}: the same constants, computed here once, and the same float operations
 * in the same order.
 *
 * <p>The region of a spoke {@code a b} is its two triangles {@code (a, b, d)} and {@code (a, c, b)},
 * the only points every record that holds the spoke can see, grown by a multiple of their longest
 * edge: what the refinement makes of those triangles lies in the convex hull of their vertices'
 * one-rings (Loop's masks have non-negative weights, and so do the crease, boundary and limit masks),
 * and each ring point is one edge from a, b, c or d. The test is symmetric: it first puts the spoke
 * into a canonical order, so both records compute the same floats.
 */
public final class ViewCulling {
    /** The frustum test's margin: the points grown by this many times their longest edge. */
    public static final double FRUSTUM_MARGIN = 2.0;
    /** The back-face test's margin in position, in longest edges. */
    public static final double BACKFACE_MARGIN = 1.0;
    /**
     * The back-face test's margin in angle on the limit surface: a triangle culls only when it faces
     * away from the eye by more than this, so that the finer surface it becomes, whose normals turn
     * away from the coarse triangle's, faces away too.
     */
    public static final double BACKFACE_DEGREES_LIMIT = 4.0;
    /**
     * The same on the control points, wider: there a vertex beside a culled edge keeps its level's
     * position (docs/design.md §4, rule 2), which bends the visible surface next to it a little, so
     * the culled region stays further behind the silhouette.
     */
    public static final double BACKFACE_DEGREES = 20.0;
    /**
     * The back-face test's bound on bending: a spoke culls only where its two triangles meet at less
     * than this angle between their normals. Where the control net still bends more, the surface it
     * becomes turns further than its triangles show; a level or two later it bends less and culls.
     */
    public static final double BACKFACE_BEND_DEGREES = 8.0;

    /** No culling. */
    public static final ViewCulling NONE = new ViewCulling(false, false, new float[16], new float[4], 0f, 0f, 0f, 0f, 0.0);

    private final boolean frustum;
    private final boolean backface;
    /** Left, right, bottom, top: {@code n . p + w}, unit normal, negative outside; internal frame. */
    private final float[] planes;
    /** The eye in homogeneous internal coordinates ({@code w = 0}: a direction towards an orthographic eye). */
    private final float[] eye;
    private final float frustumMargin2;
    /** Not final: it depends on whether the camera is orthographic, which {@link #refill} may change. */
    private float backfaceMargin2;
    private final float backfaceAngle2;
    private final float bendCos2;
    /**
     * How far the output may lie off the surface the test sees, in the internal frame: a displacement's
     * reach, by which every side plane moves outward.
     */
    private final double reach;
    /** Scratch of {@link #refill}, made at its first call. */
    private Matrix4d clip;
    private Matrix4d scratch;
    private Vector4d row;
    private Vector4d other;

    private ViewCulling(boolean frustum, boolean backface, float[] planes, float[] eye, float frustumMargin2,
                        float backfaceMargin2, float backfaceAngle2, float bendCos2, double reach) {
        this.frustum = frustum;
        this.backface = backface;
        this.planes = planes;
        this.eye = eye;
        this.frustumMargin2 = frustumMargin2;
        this.backfaceMargin2 = backfaceMargin2;
        this.backfaceAngle2 = backfaceAngle2;
        this.bendCos2 = bendCos2;
        this.reach = reach;
    }

    /**
     * @param view the camera
     * @param culling what to cull
     * @param limitSurface whether the output is on the limit surface (which takes the narrower margin)
     * @param centre the internal frame's centre
     * @param scaleExponent the internal frame's scale exponent
     * @return the culling test in the internal frame
     */
    public static ViewCulling of(View view, Culling culling, boolean limitSurface, float[] centre, int scaleExponent) {
        return of(view, culling, limitSurface, centre, scaleExponent, 0.0);
    }

    /**
     * The culling test of a displaced output: the frustum's side planes moved outward by the
     * displacement's reach, so that a region culls only when what it becomes, displaced, lies outside
     * too. The back-face test cannot bound a displaced surface's normals: the caller leaves it out
     * ({@code RefineOptions.effectiveCulling}).
     *
     * @param reach how far an output vertex may move off the limit surface, in the mesh's units
     *     (0 for none)
     * @return the culling test in the internal frame
     */
    public static ViewCulling of(View view, Culling culling, boolean limitSurface, float[] centre, int scaleExponent,
                                 double reach) {
        if (culling == Culling.NONE) {
            return NONE;
        }
        double sin = Math.sin(Math.toRadians(limitSurface ? BACKFACE_DEGREES_LIMIT : BACKFACE_DEGREES));
        // (t |v| + r)^2 <= 2 t^2 |v|^2 + 2 r^2: the test compares squares only
        ViewCulling c = new ViewCulling(culling.frustum(), culling.backface(), new float[16], new float[4],
                (float) (FRUSTUM_MARGIN * FRUSTUM_MARGIN), 0f, (float) (2 * sin * sin),
                (float) Math.pow(Math.cos(Math.toRadians(BACKFACE_BEND_DEGREES)), 2), Math.scalb(reach, scaleExponent));
        c.refill(view, centre, scaleExponent);
        return c;
    }

    /**
     * The planes and the eye of another camera, in place (a renderer's camera moves every frame; the
     * margins stay). Allocates nothing after the first call.
     *
     * @param view the camera
     * @param centre the internal frame's centre
     * @param scaleExponent the internal frame's scale exponent
     */
    public void refill(View view, float[] centre, int scaleExponent) {
        if (clip == null) {
            clip = new Matrix4d();
            scratch = new Matrix4d();
            row = new Vector4d();
            other = new Vector4d();
        }
        Matrix4d m = EdgeCriteria.internalClip(view, centre, scaleExponent, clip, scratch);
        // w + x, w - x, w + y, w - y: left, right, bottom, top
        for (int i = 0; i < 4; i++) {
            m.getRow(3, row);
            m.getRow(i / 2, other);
            if (i % 2 == 0) {
                row.add(other);
            } else {
                row.sub(other);
            }
            plane(row, reach, planes, 4 * i);
        }
        // The eye is the point clip space sends to (0, 0, z, 0): the inverse's column z.
        Vector4d e = scratch.set(m).invert().getColumn(2, row);
        double xyz = Math.sqrt(e.x * e.x + e.y * e.y + e.z * e.z);
        if (Math.abs(e.w) > 1e-12 * xyz) {
            eye[0] = (float) (e.x / e.w);
            eye[1] = (float) (e.y / e.w);
            eye[2] = (float) (e.z / e.w);
            eye[3] = 1f;
        } else {
            // orthographic: clip z grows away from the viewer, so the eye lies the other way
            eye[0] = (float) (-e.x / xyz);
            eye[1] = (float) (-e.y / xyz);
            eye[2] = (float) (-e.z / xyz);
            eye[3] = 0f;
        }
        // an orthographic eye is a direction: the same everywhere, so no margin in position
        backfaceMargin2 = eye[3] == 0f ? 0f : (float) (2 * BACKFACE_MARGIN * BACKFACE_MARGIN);
    }

    /** A unit plane from {@code p}, moved outward by {@code grow}: n . q + w grows by it at every point. */
    private static void plane(Vector4d p, double grow, float[] dest, int at) {
        double n = Math.sqrt(p.x * p.x + p.y * p.y + p.z * p.z);
        dest[at] = (float) (p.x / n);
        dest[at + 1] = (float) (p.y / n);
        dest[at + 2] = (float) (p.z / n);
        dest[at + 3] = (float) (p.w / n + grow);
    }

    /** @return whether this culls anything */
    public boolean any() {
        return frustum || backface;
    }

    /** @return whether regions outside the frustum are culled */
    public boolean frustum() {
        return frustum;
    }

    /** @return whether regions facing away are culled */
    public boolean backface() {
        return backface;
    }

    /**
     * @param dest receives the side planes, 4 floats each (the shader's uniform)
     * @return {@code dest}
     */
    public float[] planes(float[] dest) {
        System.arraycopy(planes, 0, dest, 0, 16);
        return dest;
    }

    /**
     * @param dest receives the homogeneous eye (the shader's uniform)
     * @return {@code dest}
     */
    public float[] eye(float[] dest) {
        System.arraycopy(eye, 0, dest, 0, 4);
        return dest;
    }

    /** @return the frustum margin squared, in longest edges */
    public float frustumMargin2() {
        return frustumMargin2;
    }

    /** @return twice the back-face position margin squared, in longest edges */
    public float backfaceMargin2() {
        return backfaceMargin2;
    }

    /** @return twice the squared sine of the back-face angle margin */
    public float backfaceAngle2() {
        return backfaceAngle2;
    }

    /** @return the squared cosine of the largest bend at which the back-face test culls */
    public float bendCos2() {
        return bendCos2;
    }

    /**
     * @param p point coordinates
     * @param a one end of the spoke
     * @param b the other end
     * @param c the vertex of triangle {@code (a, c, b)}, or -1 if there is none (a boundary)
     * @param d the vertex of triangle {@code (a, b, d)}, or -1
     * @return whether the camera cannot see the region of the spoke
     */
    public boolean culled(float[] p, int a, int b, int c, int d) {
        if (canonicalSwap(p, a, b, c, d)) {
            int t = a;
            a = b;
            b = t;
            t = c;
            c = d;
            d = t;
        }
        float m2 = squaredLength(p, a, b);
        if (c >= 0) {
            m2 = larger(m2, larger(squaredLength(p, a, c), squaredLength(p, b, c)));
        }
        if (d >= 0) {
            m2 = larger(m2, larger(squaredLength(p, a, d), squaredLength(p, b, d)));
        }
        if (frustum) {
            float margin = frustumMargin2 * m2;
            for (int i = 0; i < 16; i += 4) {
                if (outside(p, i, a, margin) && outside(p, i, b, margin) && (c < 0 || outside(p, i, c, margin))
                        && (d < 0 || outside(p, i, d, margin))) {
                    return true;
                }
            }
        }
        if (backface && c >= 0 && d >= 0) {
            float margin = backfaceMargin2 * m2;
            float ex = p[b] - p[a];
            float ey = p[b + 1] - p[a + 1];
            float ez = p[b + 2] - p[a + 2];
            float dx = p[d] - p[a];
            float dy = p[d + 1] - p[a + 1];
            float dz = p[d + 2] - p[a + 2];
            float cx = p[c] - p[a];
            float cy = p[c + 1] - p[a + 1];
            float cz = p[c + 2] - p[a + 2];
            // the normals of (a, b, d) and (a, c, b): (b - a) x (d - a) and (c - a) x (b - a)
            float n1x = ey * dz - ez * dy;
            float n1y = ez * dx - ex * dz;
            float n1z = ex * dy - ey * dx;
            float n2x = cy * ez - cz * ey;
            float n2y = cz * ex - cx * ez;
            float n2z = cx * ey - cy * ex;
            return facesAway(p, a, n1x, n1y, n1z, margin) && facesAway(p, a, n2x, n2y, n2z, margin)
                    && flatEnough(n1x, n1y, n1z, n2x, n2y, n2z);
        }
        return false;
    }

    /**
     * Whether {@code (b, a, d, c)} comes before {@code (a, b, c, d)}: a before b by position, and on
     * a tie the side with the smaller opposite vertex first (none before any).
     */
    static boolean canonicalSwap(float[] p, int a, int b, int c, int d) {
        int order = compare(p, b, a);
        if (order != 0) {
            return order < 0;
        }
        if (c < 0 || d < 0) {
            return c >= 0;
        }
        return compare(p, d, c) < 0;
    }

    private static int compare(float[] p, int a, int b) {
        for (int x = 0; x < 3; x++) {
            if (p[a + x] != p[b + x]) {
                return p[a + x] < p[b + x] ? -1 : 1;
            }
        }
        return 0;
    }

    private static float larger(float x, float y) {
        return x > y ? x : y;
    }

    private static float squaredLength(float[] p, int a, int b) {
        float dx = p[a] - p[b];
        float dy = p[a + 1] - p[b + 1];
        float dz = p[a + 2] - p[b + 2];
        return dx * dx + dy * dy + dz * dz;
    }

    private boolean outside(float[] p, int plane, int q, float margin) {
        float s = planes[plane] * p[q] + planes[plane + 1] * p[q + 1] + planes[plane + 2] * p[q + 2] + planes[plane + 3];
        return s < 0f && s * s > margin;
    }

    /** Whether two triangles' normals are within the bend bound of each other. */
    private boolean flatEnough(float n1x, float n1y, float n1z, float n2x, float n2y, float n2z) {
        float dot = n1x * n2x + n1y * n2y + n1z * n2z;
        float nn1 = n1x * n1x + n1y * n1y + n1z * n1z;
        float nn2 = n2x * n2x + n2y * n2y + n2z * n2z;
        return dot > 0f && dot * dot > bendCos2 * nn1 * nn2;
    }

    /** Whether the triangle at corner q0 with normal n (its front's) faces away from the eye by the margins. */
    private boolean facesAway(float[] p, int q0, float nx, float ny, float nz, float margin) {
        float vx = eye[0] - eye[3] * p[q0];
        float vy = eye[1] - eye[3] * p[q0 + 1];
        float vz = eye[2] - eye[3] * p[q0 + 2];
        float s = vx * nx + vy * ny + vz * nz;
        if (!(s < 0f)) {
            return false;
        }
        float vv = vx * vx + vy * vy + vz * vz;
        float nn = nx * nx + ny * ny + nz * nz;
        return s * s > (backfaceAngle2 * vv + margin) * nn;
    }
}
