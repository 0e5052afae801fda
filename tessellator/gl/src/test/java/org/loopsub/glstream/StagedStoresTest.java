package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;

import org.junit.jupiter.api.Test;
import org.loopsub.gl.GlTuning;
import org.loopsub.stream.RecordLayout;
import org.loopsub.stream.RecordLayout.Feature;

/**
 * The work group of loop_split's regular halves (SplitSchedule.splitGroup) and the one in which the fused
 * pass stages its stores in shared memory (SplitSchedule.stagedGroup).
 */
class StagedStoresTest {
    /** GL 4.3's least GL_MAX_COMPUTE_SHARED_MEMORY_SIZE. */
    private static final int GL_MINIMUM = 32768;
    private static final int NVIDIA = 49152;

    @Test
    void theDefaultGroupStagesPositionsOnEveryDriver() {
        int group = GlTuning.DEFAULTS.splitGroup();
        assertEquals(group, SplitSchedule.stagedGroup(group, 1, GL_MINIMUM));
    }

    @Test
    void linearUvsAloneTakeTheirOwnGroup() {
        // the two defaults are equal (128): tuning that sets them apart shows which layout takes which
        GlTuning t;
        System.setProperty("loopsub.gl.splitGroup", "256");
        System.setProperty("loopsub.gl.splitGroupLinearUvs", "64");
        try {
            t = GlTuning.fromSystemProperties();
        } finally {
            System.clearProperty("loopsub.gl.splitGroup");
            System.clearProperty("loopsub.gl.splitGroupLinearUvs");
        }
        assertEquals(64, SplitSchedule.splitGroup(RecordLayout.of(6, EnumSet.of(Feature.UVS)), t));
        assertEquals(64, SplitSchedule.splitGroup(RecordLayout.of(6, EnumSet.of(Feature.UVS, Feature.CREASES)), t));
        assertEquals(256, SplitSchedule.splitGroup(RecordLayout.of(6), t));
        assertEquals(256, SplitSchedule.splitGroup(RecordLayout.of(6, EnumSet.of(Feature.UVS, Feature.LIMIT)), t));
        assertEquals(256, SplitSchedule.splitGroup(RecordLayout.of(6, EnumSet.of(Feature.UVS, Feature.SMOOTH_UVS)), t));
        assertEquals(GlTuning.PROCESS.splitGroupLinearUvs(), SplitSchedule.splitGroup(RecordLayout.of(6, EnumSet.of(Feature.UVS))));
    }

    @Test
    void aGroupWhoseBanksDoNotFitShrinksToWholeWarpsThatDo() {
        // 128 invocations of two banks (292 bytes each) take 37,376 bytes: over the minimum, within NVIDIA's
        assertEquals(128, SplitSchedule.stagedGroup(128, 2, NVIDIA));
        assertEquals(96, SplitSchedule.stagedGroup(128, 2, GL_MINIMUM));
        // three banks, 436 bytes each: 75 invocations of the minimum, 112 of NVIDIA's
        assertEquals(64, SplitSchedule.stagedGroup(128, 3, GL_MINIMUM));
        assertEquals(96, SplitSchedule.stagedGroup(128, 3, NVIDIA));
        for (int banks = 1; banks <= 3; banks++) {
            for (int max : new int[] {GL_MINIMUM, NVIDIA}) {
                int g = SplitSchedule.stagedGroup(1024, banks, max);
                assertEquals(0, g % 32, "whole warps");
                assertTrue((long) g * SplitSchedule.stagedBytesPerInvocation(banks) <= max, "fits");
                assertTrue((long) (g + 32) * SplitSchedule.stagedBytesPerInvocation(banks) > max, "the most that fit");
            }
        }
    }

    @Test
    void lessThanAWarpStoresStraight() {
        assertEquals(0, SplitSchedule.stagedGroup(128, 3, 32 * SplitSchedule.stagedBytesPerInvocation(3) - 1));
    }

    @Test
    void withLimitDataEachOutputBufferHasABank() {
        assertEquals(1, SplitSchedule.stageBanks(RecordLayout.of(2)));
        assertEquals(1, SplitSchedule.stageBanks(RecordLayout.of(2, EnumSet.of(Feature.UVS))));
        assertEquals(2, SplitSchedule.stageBanks(RecordLayout.of(2, EnumSet.of(Feature.LIMIT))));
        assertEquals(3, SplitSchedule.stageBanks(RecordLayout.of(2, EnumSet.of(Feature.LIMIT, Feature.UVS))));
    }
}
