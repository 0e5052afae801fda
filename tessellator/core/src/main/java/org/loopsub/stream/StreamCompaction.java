package org.loopsub.stream;

/**
 * The scan and compaction primitives of the filter, in the form the GPU back end exposes them
 * (CUB-style: caller-owned output, stable order). This is the host {@code solve} the GPU strategies
 * are tested against.
 */
public final class StreamCompaction {
    private StreamCompaction() {
    }

    /**
     * Exclusive prefix sum: {@code out[i] = in[0] + ... + in[i-1]}. {@code in} and {@code out} may be
     * the same array.
     *
     * @param in the values
     * @param out receives the sums
     * @param n how many
     * @return the total, {@code in[0] + ... + in[n-1]}
     */
    public static int exclusiveSum(int[] in, int[] out, int n) {
        int sum = 0;
        for (int i = 0; i < n; i++) {
            int v = in[i];
            out[i] = sum;
            sum += v;
        }
        return sum;
    }

    /**
     * Stable compaction of indices: writes every {@code i} with {@code flags[i] != 0} to
     * {@code out}, in ascending order.
     *
     * @param flags keep flags
     * @param n how many
     * @param out receives the kept indices
     * @return how many were kept
     */
    public static int flaggedIndices(int[] flags, int n, int[] out) {
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (flags[i] != 0) {
                out[kept++] = i;
            }
        }
        return kept;
    }
}
