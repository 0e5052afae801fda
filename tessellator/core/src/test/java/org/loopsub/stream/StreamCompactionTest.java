package org.loopsub.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The host scan and compaction (the "solve" the GPU strategies are held to) against their
 * definitions written out: {@code out[i] = in[0] + ... + in[i-1]}, and the flagged indices in
 * ascending order.
 */
class StreamCompactionTest {
    @Test
    void exclusiveSumIsThePrefixSumAlsoInPlace() {
        Random random = new Random(3);
        for (int n : new int[] {0, 1, 2, 31, 32, 33, 1000}) {
            int[] in = random.ints(n, 0, 4).toArray();
            int[] expected = new int[n];
            int total = 0;
            for (int i = 0; i < n; i++) {
                int s = 0;
                for (int j = 0; j < i; j++) {
                    s += in[j];
                }
                expected[i] = s;
                total += in[i];
            }
            int[] out = new int[n + 5];
            Arrays.fill(out, -7);
            assertEquals(total, StreamCompaction.exclusiveSum(in, out, n), "total, n = " + n);
            assertArrayEquals(expected, Arrays.copyOf(out, n), "sums, n = " + n);
            for (int i = n; i < out.length; i++) {
                assertEquals(-7, out[i], "wrote past n = " + n);
            }
            // in and out may be the same array (the filter reuses its counts)
            int[] same = in.clone();
            assertEquals(total, StreamCompaction.exclusiveSum(same, same, n), "in place total, n = " + n);
            assertArrayEquals(expected, same, "in place, n = " + n);
        }
    }

    @Test
    void flaggedIndicesKeepsExactlyTheFlaggedOnesInOrder() {
        Random random = new Random(5);
        for (int n : new int[] {0, 1, 7, 64, 999}) {
            for (double p : new double[] {0, 0.3, 1}) {
                int[] flags = new int[n];
                StringBuilder kept = new StringBuilder();
                for (int i = 0; i < n; i++) {
                    // any non-zero value keeps, not just 1
                    flags[i] = random.nextDouble() < p ? 1 + random.nextInt(5) : 0;
                    if (flags[i] != 0) {
                        kept.append(i).append(' ');
                    }
                }
                int[] expected = kept.length() == 0 ? new int[0]
                        : Arrays.stream(kept.toString().trim().split(" ")).mapToInt(Integer::parseInt).toArray();
                int[] out = new int[n];
                int count = StreamCompaction.flaggedIndices(flags, n, out);
                assertEquals(expected.length, count, "n = " + n + ", p = " + p);
                assertArrayEquals(expected, Arrays.copyOf(out, count), "n = " + n + ", p = " + p);
            }
        }
    }
}
