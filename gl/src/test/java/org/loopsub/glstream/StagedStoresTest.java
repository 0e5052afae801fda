package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.loopsub.gl.GlTuning;

/** When the fused pass stages its stores in shared memory (GlPasses.stagesStores). */
class StagedStoresTest {
    /** GL 4.3's least GL_MAX_COMPUTE_SHARED_MEMORY_SIZE. */
    private static final int GL_MINIMUM = 32768;

    @Test
    void theDefaultGroupStagesOnEveryDriver() {
        assertTrue(GlPasses.stagesStores(GlTuning.DEFAULTS.splitGroup(), GL_MINIMUM));
    }

    @Test
    void aGroupWhoseStagingDoesNotFitStoresStraight() {
        int group = 256;  // 37,888 bytes: over the minimum, within NVIDIA's 48 KiB
        assertFalse(GlPasses.stagesStores(group, GL_MINIMUM));
        assertTrue(GlPasses.stagesStores(group, 49152));
        assertFalse(GlPasses.stagesStores(1024, 49152));
    }
}
