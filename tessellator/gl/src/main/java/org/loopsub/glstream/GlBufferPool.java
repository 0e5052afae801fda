package org.loopsub.glstream;

import org.loopsub.gl.GlBuffer;

/**
 * Keeps GL buffers between refinements, so that a renderer that re-tessellates every frame (and a
 * benchmark that repeats a run) does not allocate and first-touch gigabytes of GPU memory each time.
 *
 * <p>Requests are rounded up to size classes (powers of 2 and 1.5 times powers of 2, at least 64
 * KiB): a frame whose sizes drift a little, as a moving camera's do, takes the same buffers as the
 * frame before. A request takes the smallest free buffer of at least its class and at most twice
 * it, one made for the same role (its label) first; otherwise a new one is made. Buffers handed out
 * may be larger than asked for.
 *
 * <p>Roles first, because a driver's debug output speaks up whenever a buffer turns up at a set of
 * binding points it has not been bound at before (NVIDIA's "will use VIDEO memory" notices): a pool
 * that handed a level's flags out as another level's output from frame to frame kept it talking on
 * every steady frame. With each role taking back its own buffers a steady frame binds each buffer
 * where it was bound the frame before.
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
    /**
     * Refinements a free buffer may sit unused before it is deleted: about two seconds of a
     * renderer's frames, so that a camera moving to and fro finds its buffers again instead of
     * making new ones (a new buffer is a new object: a steady renderer allocates nothing).
     */
    static final int IDLE_REFINEMENTS = 120;

    /**
     * The free buffers and the refinement count when each came back, in parallel arrays: a frame
     * takes and gives back dozens of buffers, and a holder object per return would be garbage.
     */
    private GlBuffer[] free = new GlBuffer[16];
    private long[] since = new long[16];
    private int freeCount;
    private long refinements;
    private boolean closed;
    private final UploadArena uploads = new UploadArena();

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
        int best = -1;
        boolean bestSameRole = false;
        for (int i = 0; i < freeCount; i++) {
            long b = free[i].bytes();
            if (b < want || b > 2 * want) {
                continue;
            }
            // labels are constants: equals is an identity check in practice, and allocates nothing
            boolean sameRole = label != null && label.equals(free[i].label());
            if (best < 0 || (sameRole && !bestSameRole)
                    || (sameRole == bestSameRole && b < free[best].bytes())) {
                best = i;
                bestSameRole = sameRole;
            }
        }
        if (best >= 0) {
            GlBuffer taken = free[best];
            removeFree(best);
            return taken;
        }
        return GlBuffer.allocate(want, label);
    }

    /** Drops entry i, keeping the others in the order they came back (the choice above is by size alone). */
    private void removeFree(int i) {
        System.arraycopy(free, i + 1, free, i, freeCount - i - 1);
        System.arraycopy(since, i + 1, since, i, freeCount - i - 1);
        free[--freeCount] = null;
    }

    public void release(GlBuffer buffer) {
        if (buffer == null) {
            return;
        }
        if (closed) {
            buffer.close();
            return;
        }
        if (freeCount == free.length) {
            free = java.util.Arrays.copyOf(free, 2 * freeCount);
            since = java.util.Arrays.copyOf(since, 2 * freeCount);
        }
        free[freeCount] = buffer;
        since[freeCount++] = refinements;
    }

    /** Counts a refinement and deletes the free buffers that have been idle too long. */
    public void refinementDone() {
        refinements++;
        for (int i = freeCount - 1; i >= 0; i--) {
            if (refinements - since[i] > IDLE_REFINEMENTS) {
                free[i].close();
                removeFree(i);
            }
        }
    }

    /** @return bytes held in free buffers (for tests) */
    long freeBytes() {
        long sum = 0;
        for (int i = 0; i < freeCount; i++) {
            sum += free[i].bytes();
        }
        return sum;
    }

    @Override
    public void close() {
        closed = true;
        for (int i = 0; i < freeCount; i++) {
            free[i].close();
            free[i] = null;
        }
        freeCount = 0;
        uploads.close();
    }

    /** @return the host memory level 0 goes up through, kept like the buffers */
    UploadArena uploads() {
        return uploads;
    }
}
