package org.loopsub.gl;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Tuning of the tile kernels, apart from the algorithm (CUB's policy idea): work-group size and items per
 * invocation. Turned into the {@code WG_SIZE} and {@code ITEMS} defines of the scan shaders.
 *
 * @param threads invocations per work group: a power of two from 64 to 1024 (a multiple of every
 *        subgroup size seen: 8 to 64)
 * @param itemsPerThread elements each invocation loads per tile, 1 to 32
 */
public record ScanPolicy(int threads, int itemsPerThread) {
    /**
     * 256 x 8: 2048-element tiles. Striped loads stay coalesced, the 8 KiB tile plus scan scratch fit the
     * 32 KiB of shared memory llvmpipe offers, and 2^28 elements need only two spine levels.
     */
    public static final ScanPolicy DEFAULT = new ScanPolicy(256, 8);

    /** Validates the shape and the shared memory it needs (32 KiB is the guaranteed minimum). */
    public ScanPolicy {
        if (threads < 64 || threads > 1024 || Integer.bitCount(threads) != 1) {
            throw new IllegalArgumentException("threads must be a power of two in [64, 1024]: " + threads);
        }
        if (itemsPerThread < 1 || itemsPerThread > 32) {
            throw new IllegalArgumentException("itemsPerThread must be in [1, 32]: " + itemsPerThread);
        }
        long tile = (long) threads * itemsPerThread;
        long shared = 4 * (tile + tile / 32 + 2L * threads);
        if (shared > 32 * 1024) {
            throw new IllegalArgumentException("policy needs " + shared + " bytes of shared memory, more than 32 KiB");
        }
    }

    /** @return elements per tile (one work group) */
    public int tile() {
        return threads * itemsPerThread;
    }

    /** @return the defines, in the order the shaders expect */
    public Map<String, String> defines() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("WG_SIZE", Integer.toString(threads));
        d.put("ITEMS", Integer.toString(itemsPerThread));
        return d;
    }
}
