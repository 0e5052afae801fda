package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.loopsub.gl.GlTuning;

/**
 * When uniform refinement may fuse its last two levels: the pass after the fused one is dispatched in
 * rows of {@link SplitSchedule#DENSE_ROW} groups, and its rows must fit one dimension of a dispatch even
 * when every parent of a window is general (SplitSchedule.denseFits). What the fused pass writes is held
 * against the Java back end by the engine tests (GlBackendTest, many windows included).
 */
class DenseChildrenTest {
    /** The largest window GlStreamEngine makes. */
    private static final long LARGEST_WINDOW = 1L << 24;

    @Test
    void theDefaultGroupsFitTheLargestWindow() {
        GlTuning d = GlTuning.DEFAULTS;
        int smallest = Math.min(d.splitGroup(), Math.min(d.generalGroup(), d.generalGroupLimit()));
        assertTrue(SplitSchedule.denseFits(LARGEST_WINDOW, smallest));
    }

    @Test
    void tinyGroupsOnALargeWindowDoNotFuse() {
        // 2^26 children in groups of 16: 2^22 groups, 65,536 rows of 64, one more than a dimension holds
        assertFalse(SplitSchedule.denseFits(LARGEST_WINDOW, 16));
        assertTrue(SplitSchedule.denseFits(LARGEST_WINDOW, 32));
        assertTrue(SplitSchedule.denseFits(LARGEST_WINDOW / 2, 16));
        assertTrue(SplitSchedule.denseFits(1, 1));
    }
}
