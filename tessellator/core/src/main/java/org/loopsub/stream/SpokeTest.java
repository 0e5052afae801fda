package org.loopsub.stream;

/**
 * The stop criterion as the edge-test pass sees it: is this spoke complete at this level? It must be
 * a symmetric, deterministic function of the edge (swap {@code a, b} or {@code c, d} and the answer
 * is the same, to the bit), or neighbouring records disagree and the output cracks.
 */
public interface SpokeTest {
    /**
     * @param level the level of the record being tested (0 = input mesh)
     * @param p point coordinates
     * @param a offset in {@code p} of one end's x
     * @param b offset of the other end's x
     * @param c offset of one opposite vertex's x, or -1 on a boundary
     * @param d offset of the other opposite vertex's x, or -1 on a boundary
     * @return whether the edge needs no further refinement
     */
    boolean complete(int level, float[] p, int a, int b, int c, int d);

    /** @return whether {@link #complete} can return true at all; if not the edge test is skipped */
    default boolean canComplete() {
        return true;
    }

    /** Uniform refinement: no edge completes before the maximum depth. */
    SpokeTest NEVER = new SpokeTest() {
        @Override
        public boolean complete(int level, float[] p, int a, int b, int c, int d) {
            return false;
        }

        @Override
        public boolean canComplete() {
            return false;
        }
    };
}
