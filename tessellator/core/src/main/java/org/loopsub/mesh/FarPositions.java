package org.loopsub.mesh;

import org.loopsub.api.TriangleMesh;

/**
 * Finds outputs whose detail float cannot hold at the mesh's distance from the origin. The engine
 * refines in a frame centred on the mesh ({@link InternalFrame}), where every output vertex is a
 * position of its own; mapped back to the user's frame, float keeps 24 significant bits of the
 * absolute coordinate, so where the output's spacing is below the float step there (a mesh far from
 * the origin, refined deeply) distinct vertices round onto one position and the output degenerates.
 * The refinement itself is right, only its output cannot be written there, so this warns rather
 * than refuses, as {@link TinyPositions} does at the other end of the range.
 *
 * <p>It looks at the output rather than predicting from the input, since adaptive depth, creases and
 * the limit surface all change the finest spacing; "one position" is the output weld's own rule
 * ({@link ExactPositions}), so an output near the origin, whose vertices the weld keeps apart, has none.
 */
public final class FarPositions {
    private FarPositions() {
    }

    /**
     * @param output a refinement's output, welded
     * @return a warning counting the vertices that share a position with an earlier one and naming
     *     the largest coordinate, or null if every vertex has a position of its own
     */
    public static String warning(TriangleMesh output) {
        int n = output.vertexCount();
        int[] slots = new int[tableSize(n)];
        int mask = slots.length - 1;
        int merged = 0;
        float largest = 0f;
        for (int v = 0; v < n; v++) {
            int x = ExactPositions.key(output.position(v, 0));
            int y = ExactPositions.key(output.position(v, 1));
            int z = ExactPositions.key(output.position(v, 2));
            for (int axis = 0; axis < 3; axis++) {
                largest = Math.max(largest, Math.abs(output.position(v, axis)));
            }
            for (int s = ExactPositions.hash(x, y, z) & mask; ; s = (s + 1) & mask) {
                int other = slots[s] - 1;
                if (other < 0) {
                    slots[s] = v + 1;
                    break;
                }
                if (ExactPositions.key(output.position(other, 0)) == x
                        && ExactPositions.key(output.position(other, 1)) == y
                        && ExactPositions.key(output.position(other, 2)) == z) {
                    merged++;
                    break;
                }
            }
        }
        if (merged == 0) {
            return null;
        }
        return merged + " of " + n + " output vertices fell on the position of another: float cannot hold the"
                + " output's detail this far from the origin (coordinates up to " + largest + "), so the output"
                + " loses it; move the mesh near the origin (subtract its centre) to keep it";
    }

    /** A power of two at least twice the count, so that probes stay short. */
    private static int tableSize(int n) {
        return Integer.highestOneBit(Math.max(2, 2 * n - 1)) << 1;
    }
}
