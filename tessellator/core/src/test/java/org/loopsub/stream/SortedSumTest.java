package org.loopsub.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.loopsub.rules.LoopRules;

/**
 * The regular split sums a valence-6 ring with a sorting network ({@link RegularSplit#sortedSum6});
 * the general path with an insertion sort ({@link LoopRules#sortedSum}). Both records that share a
 * vertex must get the same bits whichever path each takes and however its ring is rotated, so the
 * two must be equal to the bit, and independent of the order of their inputs.
 */
class SortedSumTest {
    private static float reference(float[] six) {
        return LoopRules.sortedSum(six.clone(), 6);
    }

    private static float network(float[] v) {
        return RegularSplit.sortedSum6(v[0], v[1], v[2], v[3], v[4], v[5]);
    }

    private static String show(float[] v) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            b.append(i > 0 ? ", " : "").append(v[i]).append(" (0x").append(Integer.toHexString(Float.floatToRawIntBits(v[i])))
                    .append(')');
        }
        return b.append(']').toString();
    }

    private static void assertSameBits(float expected, float actual, float[] input, String what) {
        if (Float.floatToRawIntBits(expected) != Float.floatToRawIntBits(actual)) {
            fail(what + " for " + show(input) + ": expected " + expected + " (0x"
                    + Integer.toHexString(Float.floatToRawIntBits(expected)) + "), got " + actual + " (0x"
                    + Integer.toHexString(Float.floatToRawIntBits(actual)) + ")");
        }
    }

    /** All 720 orders of six values (Heap's algorithm), each as a new array. */
    private static List<float[]> permutations(float[] values) {
        List<float[]> out = new ArrayList<>();
        float[] a = values.clone();
        int[] c = new int[a.length];
        out.add(a.clone());
        int i = 0;
        while (i < a.length) {
            if (c[i] < i) {
                int j = i % 2 == 0 ? 0 : c[i];
                float t = a[j];
                a[j] = a[i];
                a[i] = t;
                out.add(a.clone());
                c[i]++;
                i = 0;
            } else {
                c[i] = 0;
                i++;
            }
        }
        return out;
    }

    /** A finite, normal (or zero) float of random sign, mantissa and exponent between 2^lo and 2^hi. */
    private static float randomFloat(Random random, int lo, int hi) {
        if (random.nextInt(16) == 0) {
            return random.nextBoolean() ? 0f : -0f;
        }
        int exponent = lo + random.nextInt(hi - lo + 1);
        float f = Math.scalb(1f + random.nextFloat(), exponent);
        return random.nextBoolean() ? -f : f;
    }

    private static float leftToRight(float[] v) {
        float s = 0f;
        for (float f : v) {
            s += f;
        }
        return s;
    }

    /**
     * Sets of six values whose sum changes when any two neighbours of the ascending order from the
     * second on trade places (the first two commute: 0 + a + b is 0 + b + a): a network that leaves
     * any such pair out of order shows in the sum. Drawn from a fixed seed.
     */
    private static List<float[]> orderSensitiveSets(int count) {
        Random random = new Random(42);
        List<float[]> sets = new ArrayList<>();
        for (int tries = 0; tries < 100_000 && sets.size() < count; tries++) {
            float[] v = new float[6];
            for (int i = 0; i < 6; i++) {
                v[i] = randomFloat(random, -6, 6);
            }
            float[] sorted = v.clone();
            Arrays.sort(sorted);
            boolean sensitive = true;
            for (int i = 1; i < 5 && sensitive; i++) {
                float[] swapped = sorted.clone();
                swapped[i] = sorted[i + 1];
                swapped[i + 1] = sorted[i];
                sensitive = leftToRight(swapped) != leftToRight(sorted);
            }
            if (sensitive) {
                sets.add(v);
            }
        }
        assertEquals(count, sets.size(), "order-sensitive value sets found");
        return sets;
    }

    @Test
    void everyOrderOfSeveralValueSetsGivesTheInsertionSortsBits() {
        // Sets chosen for the cases a sort must get right: mixed magnitudes that cancel, both
        // zeros, ties, all negative; and sets whose sum tells every misplaced neighbour pair.
        List<float[]> sets = new ArrayList<>(List.of(
            new float[] {1e8f, -1e8f, 1f, 3.5e-3f, -7.25f, 0.1f},
            new float[] {0f, -0f, 0f, -0f, 1e-30f, -1e-30f},
            new float[] {2.5f, 2.5f, -2.5f, 2.5f, 1e-7f, 2.5f},
            new float[] {-1.1f, -2.2f, -3.3f, -4.4f, -5.5f, -6.6f},
            new float[] {3e30f, 1e-20f, -3e30f, 7f, 1e20f, -1e20f},
            new float[] {0.3f, 0.3f, 0.3f, 0.3f, 0.3f, 0.3f},
            new float[] {16777216f, 1f, 1f, 1f, -16777216f, 0.5f}));
        sets.addAll(orderSensitiveSets(6));
        for (float[] set : sets) {
            float expected = reference(set);
            List<float[]> orders = permutations(set);
            assertEquals(720, orders.size());
            for (float[] order : orders) {
                assertSameBits(expected, reference(order), order, "insertion sort depends on the input order");
                assertSameBits(expected, network(order), order, "sortedSum6 differs from sortedSum");
            }
        }
    }

    @Test
    void randomInputsAgree() {
        Random random = new Random(20261124L);
        float[] v = new float[6];
        for (int n = 0; n < 200_000; n++) {
            // Wide and narrow exponent ranges; every few rounds, ties (copies of one value).
            int lo = n % 3 == 0 ? -60 : -4;
            int hi = n % 3 == 0 ? 60 : 4;
            for (int i = 0; i < 6; i++) {
                v[i] = i > 0 && random.nextInt(5) == 0 ? v[random.nextInt(i)] : randomFloat(random, lo, hi);
            }
            float expected = reference(v);
            assertSameBits(expected, network(v), v, "sortedSum6 differs from sortedSum");
            // A rotation and a reflection: the same ring seen from another record.
            float[] rotated = {v[2], v[3], v[4], v[5], v[0], v[1]};
            float[] reflected = {v[5], v[4], v[3], v[2], v[1], v[0]};
            assertSameBits(expected, network(rotated), rotated, "sortedSum6 depends on the ring's rotation");
            assertSameBits(expected, network(reflected), reflected, "sortedSum6 depends on the ring's direction");
        }
    }

    @Test
    void theSumIsTheSumOfTheAscendingSequence() {
        // Independent of both implementations: sort with Arrays.sort (which orders -0 before +0),
        // add from the left, starting at +0.
        Random random = new Random(7);
        float[] v = new float[6];
        for (int n = 0; n < 20_000; n++) {
            for (int i = 0; i < 6; i++) {
                v[i] = randomFloat(random, -30, 30);
            }
            float[] sorted = v.clone();
            Arrays.sort(sorted);
            float s = 0f;
            for (float f : sorted) {
                s += f;
            }
            assertSameBits(s, network(v), v, "sortedSum6 is not the left-to-right sum of the sorted values");
        }
    }

    @Test
    void sortKeysOrderLikeTheFloats() {
        Random random = new Random(11);
        for (int n = 0; n < 100_000; n++) {
            float a = randomFloat(random, -40, 40);
            float b = randomFloat(random, -40, 40);
            int ka = RegularSplit.sortKey(a);
            int kb = RegularSplit.sortKey(b);
            assertEquals(Float.compare(a, b), Integer.compare(ka, kb), a + " vs " + b);
            assertEquals(Float.floatToRawIntBits(a), Float.floatToRawIntBits(RegularSplit.fromSortKey(ka)), "round trip of " + a);
        }
    }
}
