package org.loopsub.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToLongFunction;

import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.TriangleMesh;

/**
 * {@link RefineOptions#triangleBudget()}, the same for every back end: a refinement that made more
 * triangles than the budget runs again coarser, until it fits. Coarser means a screen-space
 * criterion's pixels grown (the output shrinks with their square), and after a few tries, or
 * without one, one level less; level 0 is the control mesh, which fits (checked up front). Every
 * try is an ordinary refinement, so the output is crack-free, and the tries depend on the counts
 * alone, which both back ends make alike: the same options give the same bytes on both.
 *
 * <p>Public for the GL back end's facade and GPU meshes in loopsub-gl, to which alone the core
 * module exports this package.
 */
public final class TriangleBudget {
    /** Screen scalings tried before the depth shrinks. */
    static final int SCREEN_TRIES = 6;

    private TriangleBudget() {
    }

    /**
     * What a refinement within a budget ended with.
     *
     * @param result the first result that fits
     * @param options the options that made it
     * @param <T> the result's type
     */
    public record Fitted<T>(T result, RefineOptions options) {
    }

    /**
     * Refines within the options' budget: again coarser while the result is over it. The one loop
     * of the facades and of a GPU mesh's frames.
     *
     * @param start the options to run first (see {@link #start}), with a budget
     * @param once one refinement
     * @param triangles the triangles of a result
     * @param <T> the result's type
     * @return the first result that fits and its options
     */
    public static <T> Fitted<T> fit(RefineOptions start, Function<RefineOptions, T> once, ToLongFunction<T> triangles) {
        RefineOptions o = start;
        T r = once.apply(o);
        for (int tries = 1; triangles.applyAsLong(r) > o.triangleBudget(); tries++) {
            o = coarser(o, tries, triangles.applyAsLong(r));
            r = once.apply(o);
        }
        return new Fitted<>(r, o);
    }

    /**
     * A facade's refinement within the options' budget (no budget: one refinement).
     *
     * @param input the control mesh
     * @param options the caller's options
     * @param once one refinement
     * @return the first result that fits
     */
    static RefineResult refine(TriangleMesh input, RefineOptions options, Function<RefineOptions, RefineResult> once) {
        if (options.triangleBudget() == 0) {
            return once.apply(options);
        }
        return fit(start(options, input.triangleCount()), once, r -> r.mesh().triangleCount()).result();
    }

    /**
     * The options to start from: a uniform refinement takes the most levels that fit at once.
     *
     * @param o the caller's options
     * @param inputTriangles the control mesh's triangles
     * @return the options to run first
     * @throws IllegalArgumentException if the control mesh alone is over the budget
     */
    public static RefineOptions start(RefineOptions o, long inputTriangles) {
        int levels = o.levelsWithinBudget(inputTriangles);
        return o.isAdaptive() || levels == o.levels() ? o : o.withLevels(levels);
    }

    /**
     * @param o the options of the try that made too many
     * @param tries tries so far, the first one counted
     * @param made triangles it made
     * @return the options of the next try, coarser
     */
    static RefineOptions coarser(RefineOptions o, int tries, long made) {
        long budget = o.triangleBudget();
        int screen = screenIndex(o);
        if (screen >= 0 && tries <= SCREEN_TRIES) {
            StopCriterion.ScreenEdgeLength s = (StopCriterion.ScreenEdgeLength) o.criteria().get(screen);
            double grow = Math.max(1.25, Math.sqrt((double) made / budget) * 1.05);
            return withPixels(o, screen, (float) Math.min(Float.MAX_VALUE, s.maxPixels() * grow));
        }
        return o.withLevels(o.levels() - 1);
    }

    /**
     * @param o options
     * @return the screen-space criterion's pixels, or 0 without one
     */
    public static float pixels(RefineOptions o) {
        int i = screenIndex(o);
        return i < 0 ? 0 : ((StopCriterion.ScreenEdgeLength) o.criteria().get(i)).maxPixels();
    }

    /**
     * @param o options with a screen-space criterion
     * @param pixels its new bound
     * @return a copy with that bound
     */
    public static RefineOptions withPixels(RefineOptions o, float pixels) {
        return withPixels(o, screenIndex(o), pixels);
    }

    private static RefineOptions withPixels(RefineOptions o, int screen, float pixels) {
        List<StopCriterion> criteria = new ArrayList<>(o.criteria());
        StopCriterion.ScreenEdgeLength s = (StopCriterion.ScreenEdgeLength) criteria.get(screen);
        criteria.set(screen, new StopCriterion.ScreenEdgeLength(s.camera(), pixels));
        return o.withCriteria(criteria);
    }

    private static int screenIndex(RefineOptions o) {
        List<StopCriterion> c = o.criteria();
        for (int i = 0; i < c.size(); i++) {
            if (c.get(i) instanceof StopCriterion.ScreenEdgeLength) {
                return i;
            }
        }
        return -1;
    }
}
