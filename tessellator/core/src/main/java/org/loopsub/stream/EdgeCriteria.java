package org.loopsub.stream;

import java.util.ArrayList;
import java.util.List;

import org.joml.Matrix4d;
import org.loopsub.api.Culling;
import org.loopsub.api.EdgePredicate;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.View;
import org.loopsub.rules.LoopRules;

/**
 * The built-in stop criteria as the edge test evaluates them, in the engine's internal frame (see
 * {@code InternalFrame}): positions there are {@code (p - centre) * 2^scaleExponent}. Lengths scale
 * by the same exact power of two, so verdicts equal those in the user's frame up to the recentring's
 * rounding. The arithmetic is the shader's, operation for operation: only {@code + - *}, squared
 * lengths, the perspective divide replaced by cross-multiplication, constants computed here on the
 * CPU (docs/design.md §5).
 */
public final class EdgeCriteria {
    /** The near plane, as a fraction of the mesh's bounding radius. */
    public static final double NEAR_FRACTION = 1e-3;

    private EdgeCriteria() {
    }

    /**
     * @param criteria the user's criteria (empty: uniform)
     * @param culling what the screen-space criterion's camera culls (nothing without one)
     * @param limitSurface whether the output is on the limit surface
     * @param centre the internal frame's centre
     * @param scaleExponent the internal frame's scale exponent
     * @param radius the mesh's bounding radius in the internal frame
     * @return one test that says complete when the spoke is culled or every criterion says so
     */
    public static SpokeTest of(List<StopCriterion> criteria, Culling culling, boolean limitSurface, float[] centre,
                               int scaleExponent, double radius) {
        return of(criteria, culling, limitSurface, centre, scaleExponent, radius, 0.0);
    }

    /**
     * As {@link #of(List, Culling, boolean, float[], int, double)}, for an output displaced by up to
     * {@code reach} (the mesh's units) off the limit surface: view culling's regions grow by it.
     */
    public static SpokeTest of(List<StopCriterion> criteria, Culling culling, boolean limitSurface, float[] centre,
                               int scaleExponent, double radius, double reach) {
        SpokeTest all = of(criteria, centre, scaleExponent, radius);
        ViewCulling cull = culling(criteria, culling, limitSurface, centre, scaleExponent, reach);
        if (!cull.any()) {
            return all;
        }
        // the criteria first: they are the cheaper test, and the shader asks in the same order
        return (level, p, a, b, oc, od) -> all.complete(level, p, a, b, oc, od) || cull.culled(p, a, b, oc, od);
    }

    /**
     * @param criteria the user's criteria
     * @param culling what to cull
     * @param limitSurface whether the output is on the limit surface
     * @param centre the internal frame's centre
     * @param scaleExponent the internal frame's scale exponent
     * @return the culling of the first screen-space criterion's camera; {@link ViewCulling#NONE} without one
     */
    public static ViewCulling culling(List<StopCriterion> criteria, Culling culling, boolean limitSurface,
                                      float[] centre, int scaleExponent) {
        return culling(criteria, culling, limitSurface, centre, scaleExponent, 0.0);
    }

    /**
     * As {@link #culling(List, Culling, boolean, float[], int)}, the regions grown by {@code reach}
     * (the mesh's units): a displaced output's.
     */
    public static ViewCulling culling(List<StopCriterion> criteria, Culling culling, boolean limitSurface,
                                      float[] centre, int scaleExponent, double reach) {
        for (StopCriterion c : criteria) {
            if (c instanceof StopCriterion.ScreenEdgeLength s) {
                return ViewCulling.of(s.camera(), culling, limitSurface, centre, scaleExponent, reach);
            }
        }
        return ViewCulling.NONE;
    }

    /**
     * @param criteria the user's criteria (empty: uniform)
     * @param centre the internal frame's centre
     * @param scaleExponent the internal frame's scale exponent
     * @param radius the mesh's bounding radius in the internal frame
     * @return one test that says complete when every criterion does (no culling)
     */
    public static SpokeTest of(List<StopCriterion> criteria, float[] centre, int scaleExponent, double radius) {
        if (criteria.isEmpty()) {
            return SpokeTest.NEVER;
        }
        List<SpokeTest> tests = new ArrayList<>();
        double scale = Math.scalb(1.0, scaleExponent);
        for (StopCriterion c : criteria) {
            if (c instanceof StopCriterion.MaxEdgeLength m) {
                tests.add(maxEdgeLength(squared(m.maxLength() * scale)));
            } else if (c instanceof StopCriterion.Flatness f) {
                tests.add(flatness(squared(f.tolerance() * scale)));
            } else if (c instanceof StopCriterion.ScreenEdgeLength s) {
                tests.add(screen(s.camera(), s.maxPixels(), centre, scaleExponent, (float) (NEAR_FRACTION * radius)));
            } else if (c instanceof StopCriterion.Custom u) {
                tests.add(custom(u.predicate(), centre, Math.scalb(1f, -scaleExponent)));
            } else {
                throw new IllegalArgumentException("unknown criterion " + c);
            }
        }
        if (tests.size() == 1) {
            return tests.get(0);
        }
        return (level, p, a, b, oc, od) -> {
            for (SpokeTest t : tests) {
                if (!t.complete(level, p, a, b, oc, od)) {
                    return false;
                }
            }
            return true;
        };
    }

    /**
     * @param x a length in the internal frame
     * @return its square as the float constant both back ends compare against
     */
    public static float squared(double x) {
        return (float) (x * x);
    }

    /**
     * @param maxSquared the squared length limit, internal frame
     * @return complete when {@code |a - b|^2 <= maxSquared}
     */
    public static SpokeTest maxEdgeLength(float maxSquared) {
        return (level, p, a, b, oc, od) -> {
            float dx = p[a] - p[b];
            float dy = p[a + 1] - p[b + 1];
            float dz = p[a + 2] - p[b + 2];
            return dx * dx + dy * dy + dz * dz <= maxSquared;
        };
    }

    /**
     * @param tolSquared the squared tolerance, internal frame
     * @return complete when the Loop edge point is within the tolerance of the chord midpoint
     */
    public static SpokeTest flatness(float tolSquared) {
        return (level, p, a, b, oc, od) -> {
            if (oc < 0 || od < 0) {
                return true;
            }
            float sum = 0f;
            for (int x = 0; x < 3; x++) {
                float d = LoopRules.edgePoint(p[a + x], p[b + x], p[oc + x], p[od + x])
                        - LoopRules.midpoint(p[a + x], p[b + x]);
                sum = sum + d * d;
            }
            return sum <= tolSquared;
        };
    }

    /**
     * The camera's clip transform for points in the internal frame, every row scaled by
     * {@code 2^scaleExponent} (exactly), so that {@code w} counts internal units as the near plane does.
     *
     * @param view the camera, mesh frame
     * @param centre internal frame centre
     * @param scaleExponent internal frame scale exponent
     * @return internal point to scaled clip coordinates, in double
     */
    public static Matrix4d internalClip(View view, float[] centre, int scaleExponent) {
        return internalClip(view, centre, scaleExponent, new Matrix4d(), new Matrix4d());
    }

    /**
     * As {@link #internalClip(View, float[], int)}, into {@code dest}.
     *
     * @param view the camera, mesh frame
     * @param centre internal frame centre
     * @param scaleExponent internal frame scale exponent
     * @param dest receives the transform
     * @param scratch scratch
     * @return {@code dest}
     */
    public static Matrix4d internalClip(View view, float[] centre, int scaleExponent, Matrix4d dest, Matrix4d scratch) {
        double s = Math.scalb(1.0, scaleExponent);
        // every row times 2^e, w's too (scaleLocal would leave it): ratios keep, w counts internal units
        return dest.scaling(s).m33(s).mul(view.clip(scratch))
                .translate(centre[0], centre[1], centre[2]).scale(Math.scalb(1.0, -scaleExponent));
    }

    /**
     * The projection rows for the screen-space test: {@code X, Y} in pixels times {@code W} and the
     * clip {@code W} (for a perspective camera the depth, in internal units), each
     * {@code row . (x, y, z, 1)}.
     *
     * @param view the camera, mesh frame
     * @param centre internal frame centre
     * @param scaleExponent internal frame scale exponent
     * @return 12 floats: the X row, the Y row, the W row
     */
    public static float[] screenRows(View view, float[] centre, int scaleExponent) {
        return screenRows(view, centre, scaleExponent, new float[12], new Matrix4d(), new Matrix4d());
    }

    /**
     * As {@link #screenRows(View, float[], int)}, into the caller's arrays (a renderer's camera
     * moves every frame).
     *
     * @param view the camera, mesh frame
     * @param centre internal frame centre
     * @param scaleExponent internal frame scale exponent
     * @param rows receives the 12 floats
     * @param m scratch
     * @param scratch scratch
     * @return {@code rows}
     */
    public static float[] screenRows(View view, float[] centre, int scaleExponent, float[] rows, Matrix4d m,
                                     Matrix4d scratch) {
        internalClip(view, centre, scaleExponent, m, scratch);
        // clip x in [-w, w] spans the viewport's width: half of it in pixels per unit of x/w
        for (int i = 0; i < 3; i++) {
            int clipRow = i == 2 ? 3 : i;
            double scale = i == 0 ? 0.5 * view.width() : i == 1 ? 0.5 * view.height() : 1;
            for (int j = 0; j < 4; j++) {
                rows[4 * i + j] = (float) (m.getRowColumn(clipRow, j) * scale);
            }
        }
        return rows;
    }

    private static SpokeTest screen(View camera, float maxPixels, float[] centre, int scaleExponent, float nearW) {
        float[] m = screenRows(camera, centre, scaleExponent);
        float pix2 = maxPixels * maxPixels;
        return (level, p, a, b, oc, od) -> {
            float wa = row(m, 8, p, a);
            float wb = row(m, 8, p, b);
            boolean behindA = wa <= nearW;
            boolean behindB = wb <= nearW;
            if (behindA || behindB) {
                return behindA && behindB;
            }
            float xa = row(m, 0, p, a);
            float xb = row(m, 0, p, b);
            float ya = row(m, 4, p, a);
            float yb = row(m, 4, p, b);
            float dx = xa * wb - xb * wa;
            float dy = ya * wb - yb * wa;
            float ww = wa * wb;
            return dx * dx + dy * dy <= pix2 * (ww * ww);
        };
    }

    private static float row(float[] m, int r, float[] p, int a) {
        return m[r] * p[a] + m[r + 1] * p[a + 1] + m[r + 2] * p[a + 2] + m[r + 3];
    }

    private static SpokeTest custom(EdgePredicate predicate, float[] centre, float inverseScale) {
        return (level, p, a, b, oc, od) -> {
            int first = lexicographicallyLess(p, b, a) ? b : a;
            int second = first == a ? b : a;
            return predicate.isComplete(level,
                    user(p[first], 0, centre, inverseScale), user(p[first + 1], 1, centre, inverseScale),
                    user(p[first + 2], 2, centre, inverseScale), user(p[second], 0, centre, inverseScale),
                    user(p[second + 1], 1, centre, inverseScale), user(p[second + 2], 2, centre, inverseScale));
        };
    }

    private static boolean lexicographicallyLess(float[] p, int a, int b) {
        for (int x = 0; x < 3; x++) {
            if (p[a + x] != p[b + x]) {
                return p[a + x] < p[b + x];
            }
        }
        return false;
    }

    /**
     * Back to the user's frame in float arithmetic, as the shader does: the power-of-two product is
     * exact, so the one rounding is the addition's.
     */
    private static float user(float q, int axis, float[] centre, float inverseScale) {
        return q * inverseScale + centre[axis];
    }
}
