package org.loopsub.samples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** The summary figures: lower median, nearest-rank 95th percentile, milliseconds to the microsecond. */
class DemoStatsTest {
    @Test
    void summaryOfFrames() {
        DemoStats s = new DemoStats("r", "v");
        long[] frameNanos = {30_000_000, 10_000_000, 20_000_000, 40_000_000, 1_000_000_000};
        long[] triangles = {500, 100, 300, 200, 400};
        for (int i = 0; i < frameNanos.length; i++) {
            s.frame(frameNanos[i], frameNanos[i] / 10 + 7);
            s.gpu(i, 1_000_000L * (i + 1) + 500);
            s.triangles(i, triangles[i]);
        }
        assertEquals(5, s.frames());
        assertEquals(new BigDecimal("30.000"), s.frameMsMedian());
        assertEquals(new BigDecimal("1000.000"), s.frameMsP95(), "nearest rank: the slowest of 5");
        assertEquals(new BigDecimal("3.000"), s.refineGpuMsMedian(), "3.0005 ms to the microsecond, half even");
        assertEquals(300, s.trianglesMedian());
        assertEquals(new BigDecimal("3.000"), s.refineHostMsMedian(), "a tenth of the frames' median, to the microsecond");
        assertEquals(new BigDecimal("100.000"), s.refineHostMs()[4]);
        assertEquals("frames 5, frame ms median 30.000 p95 1000.000, refine gpu ms median 3.000, triangles median 300",
                s.summaryLine());
    }

    @Test
    void evenCountTakesTheLowerMiddle() {
        DemoStats s = new DemoStats("r", "v");
        s.frame(2_000_000, 1_000_000);
        s.frame(1_000_000, 500_000);
        s.triangles(0, 7);
        s.triangles(1, 9);
        assertEquals(new BigDecimal("1.000"), s.frameMsMedian());
        assertEquals(7, s.trianglesMedian());
        assertNull(s.refineGpuMsMedian(), "no GPU time recorded");
        assertEquals("frames 2, frame ms median 1.000 p95 2.000, refine gpu ms median n/a, triangles median 7",
                s.summaryLine());
    }

    @Test
    void manyFramesGrowTheRecord() {
        DemoStats s = new DemoStats("r", "v");
        for (int i = 0; i < 1000; i++) {
            s.frame(1_000_000L * (i + 1), 0);
            s.triangles(i, i);
        }
        assertEquals(1000, s.frames());
        assertEquals(new BigDecimal("500.000"), s.frameMsMedian());
        assertEquals(new BigDecimal("950.000"), s.frameMsP95());
        assertEquals(0, DemoStats.index(1, 0.95));
    }
}
