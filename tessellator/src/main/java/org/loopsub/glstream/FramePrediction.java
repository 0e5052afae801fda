package org.loopsub.glstream;

/**
 * What the last frame of a prepared mesh needed: records per level and output triangles. A
 * resident frame plans its room from it, with a margin (an eighth): a camera that moves a little
 * between frames changes the sizes a little. Sizes rise at once and fall by a sixteenth per frame,
 * less than the margin, so that a camera going back and forth stays within the room of its larger
 * frames.
 */
public final class FramePrediction {
    /** Records per level, {@link #used} of them; kept, since a frame updates it every time. */
    private long[] records = new long[16];
    private int used;
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
        int seen = out.levelRecordCount();
        int n = Math.max(seen, used);
        if (n > records.length) {
            records = java.util.Arrays.copyOf(records, Math.max(n, 2 * records.length));
        }
        for (int i = 0; i < n; i++) {
            long was = i < used ? records[i] - records[i] / 16 : 0;
            records[i] = Math.max(i < seen ? out.levelRecords(i) : 0, was);
        }
        while (n > 1 && records[n - 1] == 0) {
            n--;
        }
        used = n;
        end = Math.max(out.drawTriangles(), end - end / 16);
    }

    /** Forgets the sizes (the next frame takes the level-by-level path). */
    public void forget() {
        used = 0;
        end = -1;
    }

    /** @return records at {@code level} last frame */
    long records(int level) {
        return level < used ? records[level] : 0;
    }

    /** @return the deepest level that had records last frame */
    int deepest() {
        return Math.max(0, used - 1);
    }

    /** @return output triangles last frame, padding included */
    long end() {
        return end;
    }
}
