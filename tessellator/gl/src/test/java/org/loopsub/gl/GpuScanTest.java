package org.loopsub.gl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.lwjgl.opengl.GL43C.GL_CURRENT_PROGRAM;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_BINDING;
import static org.lwjgl.opengl.GL43C.glGetInteger;
import static org.lwjgl.opengl.GL43C.glGetIntegeri;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.gl.GpuScan.Strategy;
import org.loopsub.stream.StreamCompaction;

/** The GPU scans against their Java twin, {@link StreamCompaction}, bit for bit. */
class GpuScanTest extends GlTestBase {
    private static final int[] SIZES = {0, 1, 255, 256, 257, 65535, (1 << 20) + 3};
    /** Results go to a word inside a bigger buffer, to exercise the unaligned result offset. */
    private static final long RESULT_OFFSET = 12;

    static Stream<Arguments> strategiesAndSizes() {
        return Arrays.stream(Strategy.values())
                .flatMap(s -> Arrays.stream(SIZES).mapToObj(n -> Arguments.of(s, n)));
    }

    private GpuScan scan(Strategy s) {
        if (s == Strategy.SUBGROUP) {
            Assumptions.assumeTrue(gl.hasSubgroups(), "no KHR_shader_subgroup on " + gl.renderer());
        }
        return new GpuScan(gl, s);
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("strategiesAndSizes")
    void exclusiveSumMatchesJava(Strategy strategy, int n) {
        try (GpuScan scan = scan(strategy)) {
            checkSum(scan, randomInts(n, 17L * n + strategy.ordinal(), false), false);
        }
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("strategiesAndSizes")
    void selectFlaggedMatchesJava(Strategy strategy, int n) {
        try (GpuScan scan = scan(strategy)) {
            checkSelect(scan, randomInts(n, 31L * n + strategy.ordinal(), true));
        }
    }

    @ParameterizedTest
    @EnumSource(Strategy.class)
    void exclusiveSumInPlace(Strategy strategy) {
        try (GpuScan scan = scan(strategy)) {
            for (int n : new int[] {1, 2, 3, 257, 65535}) {
                checkSum(scan, randomInts(n, n, false), true);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Strategy.class)
    void selectAllAndNone(Strategy strategy) {
        try (GpuScan scan = scan(strategy)) {
            int[] ones = new int[5000];
            Arrays.fill(ones, 7);
            checkSelect(scan, ones);
            checkSelect(scan, new int[5000]);
        }
    }

    /** Bindings capped at 64 KiB: many chunks, ranged bindings, the host-placed selection outputs. */
    @ParameterizedTest
    @EnumSource(Strategy.class)
    void chunkedPathsMatchJava(Strategy strategy) {
        if (strategy == Strategy.SUBGROUP) {
            Assumptions.assumeTrue(gl.hasSubgroups(), "no KHR_shader_subgroup on " + gl.renderer());
        }
        try (GpuScan scan = new GpuScan(gl, strategy, ScanPolicy.DEFAULT, 64 * 1024)) {
            checkSum(scan, randomInts(100_003, 5, false), false);
            checkSum(scan, randomInts(65_536, 6, false), true);
            checkSelect(scan, randomInts(100_003, 7, true));
        }
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("strategiesAndSizes")
    void partitionIsBothSelections(Strategy strategy, int n) {
        try (GpuScan scan = scan(strategy)) {
            // a window's records: each active or finished, then a tail past its count that is neither
            SplittableRandom r = new SplittableRandom(41L * n + strategy.ordinal());
            for (int tail : new int[] {0, n / 3, n}) {
                int[][] flags = partitionFlags(n, n - tail, r);
                checkPartition(scan, flags[0], flags[1]);
            }
        }
    }

    /** All of one side, and the chunked paths with their host-placed starts of both selections. */
    @ParameterizedTest
    @EnumSource(Strategy.class)
    void partitionOfOneSideAndInChunks(Strategy strategy) {
        if (strategy == Strategy.SUBGROUP) {
            Assumptions.assumeTrue(gl.hasSubgroups(), "no KHR_shader_subgroup on " + gl.renderer());
        }
        try (GpuScan scan = new GpuScan(gl, strategy, ScanPolicy.DEFAULT, 64 * 1024)) {
            int[] ones = new int[5000];
            Arrays.fill(ones, 1);
            checkPartition(scan, ones, new int[5000]);
            checkPartition(scan, new int[5000], ones);
            SplittableRandom r = new SplittableRandom(8);
            int[][] flags = partitionFlags(100_003, 90_001, r);
            checkPartition(scan, flags[0], flags[1]);
        }
    }

    /** {flags, other}: elements [0, counted) flagged in exactly one of them (0/1), the rest in neither. */
    private static int[][] partitionFlags(int n, int counted, SplittableRandom r) {
        int[] keep = new int[n];
        int[] done = new int[n];
        for (int i = 0; i < counted; i++) {
            if (r.nextInt(3) == 0) {
                keep[i] = 1;
            } else {
                done[i] = 1;
            }
        }
        return new int[][] {keep, done};
    }

    private void checkPartition(GpuScan scan, int[] flags, int[] other) {
        int n = flags.length;
        int[] want = new int[n];
        int[] wantOther = new int[n];
        int count = StreamCompaction.flaggedIndices(flags, n, want);
        int otherCount = StreamCompaction.flaggedIndices(other, n, wantOther);
        try (GlBuffer flagBuf = GlBuffer.of(flags, "partition_flags");
                GlBuffer otherBuf = GlBuffer.of(other, "partition_other");
                GlBuffer out = GlBuffer.allocate(4L * n, "partition_out");
                GlBuffer otherOut = GlBuffer.allocate(4L * n, "partition_other_out");
                GlBuffer scratch = GlBuffer.allocate(scan.scratchBytes(n), "partition_scratch");
                GlBuffer result = GlBuffer.allocate(32, "partition_counts")) {
            out.fill(0, n, 0xdeadbeef);
            otherOut.fill(0, n, 0xdeadbeef);
            result.fill(0, 8, 0xdeadbeef);
            scan.partition(flagBuf, otherBuf, n, out, otherOut, scratch, result, RESULT_OFFSET);
            int[] counts = result.readInts(RESULT_OFFSET, 2);
            String what = "partition " + scan.strategy() + " n=" + n;
            assertEquals(count, counts[0], what + ": count");
            assertEquals(otherCount, counts[1], what + ": other count");
            int[] got = out.readInts(0, n);
            int[] gotOther = otherOut.readInts(0, n);
            assertArraysEqual(Arrays.copyOf(want, count), Arrays.copyOf(got, count), what);
            assertArraysEqual(Arrays.copyOf(wantOther, otherCount), Arrays.copyOf(gotOther, otherCount), what + " (other)");
            for (int i = otherCount; i < n; i++) {
                assertEquals(0xdeadbeef, gotOther[i], what + ": other slot " + i + " past the count was written");
            }
        }
    }

    /** 2^22 values below 1024: the total exceeds 2^31 (wraps as int) but not 2^32, so uint must hold it. */
    @ParameterizedTest
    @EnumSource(value = Strategy.class, names = {"REDUCE_THEN_SCAN", "SUBGROUP"})
    void largeSumIsUnsignedAndExact(Strategy strategy) {
        int n = 1 << 22;
        SplittableRandom r = new SplittableRandom(99);
        int[] in = new int[n];
        long expected = 0;
        for (int i = 0; i < n; i++) {
            in[i] = 512 + r.nextInt(512);
            expected += in[i];
        }
        try (GpuScan scan = scan(strategy)) {
            long total = checkSum(scan, in, false);
            assertEquals(expected, total);
        }
    }

    @Test
    void leavesNoBindingsBehind() {
        try (GpuScan scan = new GpuScan(gl, GpuScan.defaultStrategy(gl))) {
            checkSelect(scan, randomInts(10_000, 3, true));
            assertEquals(0, glGetInteger(GL_CURRENT_PROGRAM));
            for (int b = 0; b < 4; b++) {
                assertEquals(0, glGetIntegeri(GL_SHADER_STORAGE_BUFFER_BINDING, b), "binding " + b);
            }
        }
    }

    @Test
    void subgroupNeedsSubgroups() {
        Assumptions.assumeFalse(gl.hasSubgroups());
        assertThrows(IllegalStateException.class, () -> new GpuScan(gl, Strategy.SUBGROUP));
    }

    /** @return the total as an unsigned value */
    private long checkSum(GpuScan scan, int[] in, boolean inPlace) {
        int n = in.length;
        int[] want = new int[n];
        int wantTotal = StreamCompaction.exclusiveSum(in, want, n);
        try (GlBuffer inBuf = GlBuffer.of(in, "scan_in");
                GlBuffer outBuf = inPlace ? null : GlBuffer.allocate(4L * n, "scan_out");
                GlBuffer scratch = GlBuffer.allocate(scan.scratchBytes(n), "scan_scratch");
                GlBuffer result = GlBuffer.allocate(32, "scan_result")) {
            GlBuffer out = inPlace ? inBuf : outBuf;
            result.fill(0, 8, 0xdeadbeef);
            long t0 = System.nanoTime();
            scan.exclusiveSum(inBuf, out, n, scratch, result, RESULT_OFFSET);
            int[] got = out.readInts(0, n);
            int[] words = result.readInts(0, 8);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            if (n >= 1 << 20) {
                System.out.println("exclusiveSum " + scan.strategy() + " n=" + n + ": " + ms + " ms with readback");
            }
            assertArraysEqual(want, got, "exclusiveSum " + scan.strategy() + " n=" + n);
            assertEquals(wantTotal, words[(int) (RESULT_OFFSET / 4)], "total");
            assertEquals(0xdeadbeef, words[(int) (RESULT_OFFSET / 4) + 1], "the word after the total");
            return Integer.toUnsignedLong(words[(int) (RESULT_OFFSET / 4)]);
        }
    }

    private void checkSelect(GpuScan scan, int[] flags) {
        int n = flags.length;
        int[] want = new int[n];
        int count = StreamCompaction.flaggedIndices(flags, n, want);
        try (GlBuffer flagBuf = GlBuffer.of(flags, "select_flags");
                GlBuffer out = GlBuffer.allocate(4L * n, "select_out");
                GlBuffer scratch = GlBuffer.allocate(scan.scratchBytes(n), "select_scratch");
                GlBuffer result = GlBuffer.allocate(32, "select_count")) {
            out.fill(0, n, 0xdeadbeef);
            result.fill(0, 8, 0xdeadbeef);
            long t0 = System.nanoTime();
            scan.selectFlagged(flagBuf, n, out, scratch, result, RESULT_OFFSET);
            int[] got = out.readInts(0, n);
            int gotCount = result.readInts(RESULT_OFFSET, 1)[0];
            long ms = (System.nanoTime() - t0) / 1_000_000;
            if (n >= 1 << 20) {
                System.out.println("selectFlagged " + scan.strategy() + " n=" + n + ": " + ms + " ms with readback");
            }
            assertEquals(count, gotCount, "count");
            assertArraysEqual(Arrays.copyOf(want, count), Arrays.copyOf(got, count), "selectFlagged " + scan.strategy() + " n=" + n);
            for (int i = count; i < n; i++) {
                if (got[i] != 0xdeadbeef) {
                    assertEquals(0xdeadbeef, got[i], "slot " + i + " past the count was written");
                }
            }
        }
    }

    /** assertArrayEquals prints whole arrays; name the first mismatch instead. */
    private static void assertArraysEqual(int[] want, int[] got, String what) {
        if (!Arrays.equals(want, got)) {
            for (int i = 0; i < want.length; i++) {
                if (want[i] != got[i]) {
                    assertEquals(want[i], got[i], what + ": first mismatch at " + i + " of " + want.length);
                }
            }
            assertArrayEquals(want, got, what);
        }
    }

    /** Values over the whole int range, or flags of which about half are zero and the rest arbitrary. */
    private static int[] randomInts(int n, long seed, boolean flags) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = flags ? (r.nextBoolean() ? 0 : r.nextInt()  | 1 << r.nextInt(32)) : r.nextInt();
        }
        return a;
    }
}
