package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTestBase;

/** The pool reuses buffers across drifting sizes and lets go of the ones no refinement takes. */
class GlBufferPoolTest extends GlTestBase {

    @Test
    void sizeClassesArePowersOfTwoAndThreeHalves() {
        assertEquals(1L << 16, GlBufferPool.sizeClass(1));
        assertEquals(1L << 16, GlBufferPool.sizeClass(1L << 16));
        assertEquals(3L << 15, GlBufferPool.sizeClass((1L << 16) + 1));
        assertEquals(3L << 15, GlBufferPool.sizeClass(3L << 15));
        assertEquals(1L << 17, GlBufferPool.sizeClass((3L << 15) + 1));
        for (long b = 1; b < 1L << 36; b = b * 7 / 5 + 3) {
            long c = GlBufferPool.sizeClass(b);
            assertTrue(c >= b && (c <= 1L << 16 || c < 1.5 * b + 1), b + " -> " + c);
        }
    }

    @Test
    void driftingSizesTakeTheSameBufferAndIdleOnesAreDeleted() {
        try (GlBufferPool pool = new GlBufferPool()) {
            GlBuffer first = pool.acquire(1_000_000, "test");
            pool.release(first);
            pool.refinementDone();
            long allocated = gl.buffersAllocated();
            // a frame a little larger, then a little smaller: the same buffer
            GlBuffer again = pool.acquire(1_040_000, "test");
            assertSame(first, again);
            pool.release(again);
            pool.refinementDone();
            again = pool.acquire(980_000, "test");
            assertSame(first, again);
            pool.release(again);
            assertEquals(allocated, gl.buffersAllocated());
            for (int i = 0; i < GlBufferPool.IDLE_REFINEMENTS; i++) {
                pool.refinementDone();
            }
            assertTrue(pool.freeBytes() > 0, "kept while young");
            pool.refinementDone();
            assertEquals(0, pool.freeBytes(), "deleted once idle for longer");
        }
    }

    @Test
    void aRoleTakesBackItsOwnBufferBeforeASmallerOneOfAnotherRole() {
        try (GlBufferPool pool = new GlBufferPool()) {
            GlBuffer keep = pool.acquire(1_500_000, "keep");
            GlBuffer done = pool.acquire(1_000_000, "done");
            pool.release(done);
            pool.release(keep);
            // both fit a request of 1 MB; the smaller one served another role
            assertSame(keep, pool.acquire(1_000_000, "keep"));
            assertSame(done, pool.acquire(1_000_000, "other"), "no buffer of its role: the smallest that fits");
        }
    }
}
