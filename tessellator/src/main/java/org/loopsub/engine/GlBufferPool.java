package org.loopsub.engine;

import java.util.ArrayList;
import java.util.List;

import org.loopsub.gl.GlBuffer;

/**
 * Keeps GL buffers between refinements, so that a renderer that re-tessellates every frame (and a
 * benchmark that repeats a run) does not allocate and first-touch gigabytes of GPU memory each time.
 * A request takes the smallest free buffer that is large enough and not more than twice as large;
 * otherwise a new one is made. Buffers handed out may be larger than asked for.
 *
 * <p>Once closed, the pool hands out nothing and deletes what comes back, so a run that outlives
 * its tessellator does not leak its buffers.
 */
final class GlBufferPool implements AutoCloseable {
    private static final long GRANULE = 1L << 16;

    private final List<GlBuffer> free = new ArrayList<>();
    private boolean closed;

    GlBuffer acquire(long bytes, String label) {
        if (closed) {
            throw new IllegalStateException("buffer pool is closed");
        }
        long want = Math.max(GRANULE, (bytes + GRANULE - 1) / GRANULE * GRANULE);
        GlBuffer best = null;
        for (GlBuffer b : free) {
            if (b.bytes() >= want && b.bytes() <= 2 * want && (best == null || b.bytes() < best.bytes())) {
                best = b;
            }
        }
        if (best != null) {
            free.remove(best);
            return best;
        }
        return GlBuffer.allocate(want, label);
    }

    void release(GlBuffer buffer) {
        if (buffer == null) {
            return;
        }
        if (closed) {
            buffer.close();
        } else {
            free.add(buffer);
        }
    }

    @Override
    public void close() {
        closed = true;
        free.forEach(GlBuffer::close);
        free.clear();
    }
}
