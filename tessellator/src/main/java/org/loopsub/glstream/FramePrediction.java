package org.loopsub.glstream;

import java.util.List;

/**
 * What the last frame of a prepared mesh needed: records per level and output triangles. A
 * resident frame plans its room from it, with a margin (an eighth): a camera that moves a little
 * between frames changes the sizes a little. Sizes rise at once and fall by a sixteenth per frame,
 * less than the margin, so that a camera going back and forth stays within the room of its larger
 * frames.
 */
public final class FramePrediction {
    private long[] records = new long[0];
    private long end = -1;

    /** @return whether a frame has been seen */
    boolean known() {
        return end >= 0;
    }

    /**
     * Records the sizes of a finished frame (either path).
     *
     * @param out the frame's output, after the read-back
     */
    public void update(GlOutput out) {
        List<Long> r = out.levelRecords;
        long[] next = new long[Math.max(r.size(), records.length)];
        for (int i = 0; i < next.length; i++) {
            long was = i < records.length ? records[i] - records[i] / 16 : 0;
            next[i] = Math.max(i < r.size() ? r.get(i) : 0, was);
        }
        int used = next.length;
        while (used > 1 && next[used - 1] == 0) {
            used--;
        }
        records = java.util.Arrays.copyOf(next, used);
        end = Math.max(out.drawTriangles(), end - end / 16);
    }

    /** Forgets the sizes (the next frame takes the level-by-level path). */
    public void forget() {
        records = new long[0];
        end = -1;
    }

    /** @return records at {@code level} last frame */
    long records(int level) {
        return level < records.length ? records[level] : 0;
    }

    /** @return the deepest level that had records last frame */
    int deepest() {
        return Math.max(0, records.length - 1);
    }

    /** @return output triangles last frame, padding included */
    long end() {
        return end;
    }
}
