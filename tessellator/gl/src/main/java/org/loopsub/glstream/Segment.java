package org.loopsub.glstream;

import org.loopsub.gl.GlBuffer;

/**
 * A piece of a level's stream on the GPU: {@code count} records in buffers of whole tiles of
 * {@value #TILE} (float {@code f} of record {@code r} at {@code ((r / 32) * pointFloats + f) * 32 +
 * r % 32}, metadata alike; see loop_record.glsl).
 *
 * <p>A holder rather than a record: a frame makes and drops segments at every level, so the
 * children's holders are recycled ({@link GlPasses#childSegment}, {@link GlPasses#release}) and
 * a steady frame makes none. Level 0's belong to its {@link GlLevel0}.
 */
final class Segment {
    /** Records per tile of the GPU layout (loop_record.glsl). */
    static final int TILE = 32;

    private GlBuffer points;
    private GlBuffer meta;
    private long count;

    Segment(GlBuffer points, GlBuffer meta, long count) {
        set(points, meta, count);
    }

    /** Points the holder at other buffers (a recycled holder). */
    void set(GlBuffer points, GlBuffer meta, long count) {
        this.points = points;
        this.meta = meta;
        this.count = count;
    }

    GlBuffer points() {
        return points;
    }

    GlBuffer meta() {
        return meta;
    }

    long count() {
        return count;
    }

    /** Records rounded up to whole tiles: what a segment of that many records holds room for. */
    static long tiled(long records) {
        return (records + TILE - 1) / TILE * TILE;
    }

    long capacity() {
        return tiled(count);
    }
}
