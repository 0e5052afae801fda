package org.loopsub.samples.render;

import java.util.Optional;
import org.loopsub.api.LevelStats;
import org.loopsub.api.RefineResult;

/**
 * The level at which each output face finished, and which faces are slivers, recovered from the
 * output order. The result carries no per-face level, but the Java back end emits, level after
 * level, that level's finished faces and then its slivers (docs/architecture.md, "Determinism"), and
 * {@link LevelStats} counts both; the running sums therefore cut the face list into levels. Where the
 * counts do not add up to the face count (another back end, another order), there is no answer and a
 * picture falls back to colouring by size.
 *
 * <p>Knowing the slivers by position matters: a sliver {@code (a, b, m)} is collinear only up to float
 * rounding, which on a mesh far from the origin can exceed any fixed "zero area" threshold.
 *
 * @param levels the level of each output face, 0 for faces of the input mesh
 * @param slivers whether each output face is a sliver
 */
public record FaceLevels(int[] levels, boolean[] slivers) {
    /** Checks both arrays describe the same faces. */
    public FaceLevels {
        if (levels.length != slivers.length) {
            throw new IllegalArgumentException("levels and slivers differ in length: " + levels.length + " vs "
                    + slivers.length);
        }
    }

    /**
     * @param result a refinement result of the Java back end
     * @return the level and sliver flag of each output face, or empty if the level statistics do not
     *     account for exactly the faces of the mesh
     */
    public static Optional<FaceLevels> of(RefineResult result) {
        int n = result.mesh().triangleCount();
        int[] level = new int[n];
        boolean[] sliver = new boolean[n];
        long next = 0;
        for (LevelStats s : result.levels()) {
            long finishedEnd = next + s.finishedTriangles();
            long end = finishedEnd + s.slivers();
            if (end > n) {
                return Optional.empty();
            }
            for (long t = next; t < end; t++) {
                level[(int) t] = s.level();
                sliver[(int) t] = t >= finishedEnd;
            }
            next = end;
        }
        return next == n ? Optional.of(new FaceLevels(level, sliver)) : Optional.empty();
    }
}
