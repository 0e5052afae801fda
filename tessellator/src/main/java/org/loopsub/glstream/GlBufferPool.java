package org.loopsub.glstream;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.loopsub.gl.GlBuffer;

/**
 * Keeps GL buffers between refinements, so that a renderer that re-tessellates every frame (and a
 * benchmark that repeats a run) does not allocate and first-touch gigabytes of GPU memory each time.
 *
 * <p>Requests are rounded up to size classes (powers of 2 and 1.5 times powers of 2, at least 64
 * KiB): a frame whose sizes drift a little, as a moving camera's do, takes the same buffers as the
 * frame before. A request takes the smallest free buffer of at least its class and at most twice
 * it; otherwise a new one is made. Buffers handed out may be larger than asked for.
 *
 * <p>Free buffers that no refinement has taken for {@link #IDLE_REFINEMENTS} refinements are
 * deleted ({@link #refinementDone()}), so a renderer whose frames grow and shrink does not
 * accumulate one buffer of every size it ever needed.
 *
 * <p>Once closed, the pool hands out nothing and deletes what comes back, so a run that outlives
 * its tessellator does not leak its buffers.
 */
public final class GlBufferPool implements AutoCloseable {
    private static final long GRANULE = 1L << 16;
    /** Refinements a free buffer may sit unused before it is deleted. */
    static final int IDLE_REFINEMENTS = 8;

    /** A free buffer and the refinement count when it came back. */
    private record Free(GlBuffer buffer, long since) {
    }

    private final List<Free> free = new ArrayList<>();
    private long refinements;
    private boolean closed;

    /** @return the size class of a request: a power of 2 or 1.5 times one, at least the granule */
    static long sizeClass(long bytes) {
        if (bytes <= GRANULE) {
            return GRANULE;
        }
        long power = Long.highestOneBit(bytes);
        if (power == bytes) {
            return power;
        }
        long threeHalves = power + power / 2;
        return bytes <= threeHalves ? threeHalves : 2 * power;
    }

    public GlBuffer acquire(long bytes, String label) {
        if (closed) {
            throw new IllegalStateException("buffer pool is closed");
        }
        long want = sizeClass(bytes);
        Free best = null;
        for (Free f : free) {
            long b = f.buffer().bytes();
            if (b >= want && b <= 2 * want && (best == null || b < best.buffer().bytes())) {
                best = f;
            }
        }
        if (best != null) {
            free.remove(best);
            return best.buffer();
        }
        return GlBuffer.allocate(want, label);
    }

    public void release(GlBuffer buffer) {
        if (buffer == null) {
            return;
        }
        if (closed) {
            buffer.close();
        } else {
            free.add(new Free(buffer, refinements));
        }
    }

    /** Counts a refinement and deletes the free buffers that have been idle too long. */
    public void refinementDone() {
        refinements++;
        for (Iterator<Free> it = free.iterator(); it.hasNext(); ) {
            Free f = it.next();
            if (refinements - f.since() > IDLE_REFINEMENTS) {
                f.buffer().close();
                it.remove();
            }
        }
    }

    /** @return bytes held in free buffers (for tests) */
    long freeBytes() {
        return free.stream().mapToLong(f -> f.buffer().bytes()).sum();
    }

    @Override
    public void close() {
        closed = true;
        free.forEach(f -> f.buffer().close());
        free.clear();
    }
}
