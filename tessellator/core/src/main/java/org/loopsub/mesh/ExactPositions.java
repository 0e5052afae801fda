package org.loopsub.mesh;

/**
 * What "the same position" means for the input and the output welds, in one place: two positions
 * are one vertex exactly when their coordinates have equal {@linkplain #key keys}.
 *
 * <p>A key is the float's bit pattern, except that {@code -0.0} takes the key of {@code +0.0}:
 * the two compare equal as floats, and a refinement that reaches zero from either side (a mesh
 * symmetric about a coordinate plane) would otherwise leave a crack on that plane. No tolerance: a
 * tolerance would make the result depend on the order of the vertices. NaN keys are bit patterns
 * like any other, so two NaNs with the same bits would match; the input weld never asks (it
 * leaves NaN vertices unmerged, for the validator to report), and the output never holds one.
 *
 * <p>The output weld's uvs are one value by the same rule, their two keys standing for x and y and
 * 0 for z: a uv seam is then exactly where the engine hands over different values.
 *
 * <p>Both welds probe open-addressing tables with {@link #hash}; it sits on the output weld's hot
 * path, so it is three multiplications and no more.
 */
final class ExactPositions {
    private static final int NEGATIVE_ZERO = 0x80000000;

    private ExactPositions() {
    }

    /**
     * @param f a coordinate
     * @return its key: the raw bits, with {@code -0.0} folded onto {@code +0.0}
     */
    static int key(float f) {
        int b = Float.floatToRawIntBits(f);
        return b == NEGATIVE_ZERO ? 0 : b;
    }

    /**
     * Mixes the three keys of a position. The low bits pick a table slot, the high bits the output
     * weld's partition, so both ends are well mixed.
     *
     * @param x key of x
     * @param y key of y
     * @param z key of z
     * @return the hash
     */
    static int hash(int x, int y, int z) {
        long h = x * 0x9E3779B97F4A7C15L;
        h = (h ^ y) * 0xC2B2AE3D27D4EB4FL;
        h = (h ^ z) * 0x165667B19E3779F9L;
        return (int) (h ^ (h >>> 32));
    }
}
