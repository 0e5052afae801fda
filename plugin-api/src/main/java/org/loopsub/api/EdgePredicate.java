package org.loopsub.api;

/**
 * A user-supplied stop criterion for one edge, in the mesh's coordinate frame. The engine always
 * passes the lexicographically smaller end (by x, then y, then z) as {@code a}, so any predicate is
 * symmetric; it must also be deterministic (a pure function of its arguments), or neighbouring
 * triangles may disagree about an edge and the output cracks.
 */
@FunctionalInterface
public interface EdgePredicate {
    /**
     * @param level the level of the triangles that test the edge (0 = input mesh)
     * @param ax first end, x
     * @param ay first end, y
     * @param az first end, z
     * @param bx second end, x
     * @param by second end, y
     * @param bz second end, z
     * @return whether the edge needs no further refinement
     */
    boolean isComplete(int level, float ax, float ay, float az, float bx, float by, float bz);
}
