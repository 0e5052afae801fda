package org.loopsub.glstream;

import org.loopsub.gl.GlBuffer;

/**
 * A piece of a level's stream on the GPU: {@code count} records in buffers of whole tiles of
 * {@value #TILE} (float {@code f} of record {@code r} at {@code ((r / 32) * pointFloats + f) * 32 +
 * r % 32}, metadata alike; see loop_record.glsl).
 */
record Segment(GlBuffer points, GlBuffer meta, long count) {
    /** Records per tile of the GPU layout (loop_record.glsl). */
    static final int TILE = 32;

    /** Records rounded up to whole tiles: what a segment of that many records holds room for. */
    static long tiled(long records) {
        return (records + TILE - 1) / TILE * TILE;
    }

    long capacity() {
        return tiled(count);
    }
}
