package org.loopsub.glstream;

/**
 * What the last frame of a prepared mesh needed: records per level and output triangles. A
 * resident frame plans its room from it, with a margin (an eighth): a camera that moves a little
 * between frames changes the sizes a little. Sizes rise at once and fall by a sixteenth per frame,
 * less than the margin, so that a camera going back and forth stays within the room of its larger
 * frames. A resident frame that stopped short of its plan tells what its next level wanted: the
 * prediction takes that level, and one more grown by the same factor, so that the room catches up
 * with a camera that came closer within a frame or two. A frame run level by level (the first, or
 * one whose plan would not fit) measures every level, and its sizes replace the prediction.
 */
public final class FramePrediction {
    /** Records per level, {@link #used} of them; kept, since a frame updates it every time. */
    private long[] records = new long[16];
    /** Levels whose size is a stop's guess, not a size a frame measured. */
    private boolean[] guessed = new boolean[16];
    /** Whether {@link #end} is a stop's guess. */
    private boolean lastGuessed;
    private int used;
    private long end = -1;
    /** What the last frame read back wanted (made, or would have made had it not stopped), whether it stopped; how many were read. */
    private long lastWanted;
    private boolean lastStopped;
    private long reads;

    /** @return whether a frame has been seen */
    boolean known() {
        return end >= 0;
    }

    /**
     * Records the sizes of a frame the host ran level by level, which measured every level. Its sizes
     * replace a stop's guesses (below) rather than join them: a guess too large for a level's one
     * segment holds the next frames off the resident path, and kept, it did so until it decayed
     * (about 30 frames of host waits on llvmpipe's 128 MiB bindings). Sizes that earlier frames
     * measured stay as they fall, as after a resident frame.
     *
     * @param out the frame's output, after the read-back
     */
    public void update(GlOutput out) {
        int seen = out.levelRecordCount();
        decay(seen);
        for (int i = 0; i < used; i++) {
            long measured = i < seen ? out.levelRecords(i) : 0;
            records[i] = guessed[i] ? measured : Math.max(measured, records[i]);
            guessed[i] = false;
        }
        trim();
        end = lastGuessed ? out.drawTriangles() : Math.max(out.drawTriangles(), end - end / 16);
        lastGuessed = false;
        noteRead(out.drawTriangles(), false);
    }

    private void noteRead(long wanted, boolean stopped) {
        lastWanted = wanted;
        lastStopped = stopped;
        reads++;
    }

    /** @return frames read so far: a caller notes it to see whether a newer one came */
    public long reads() {
        return reads;
    }

    /** @return whether the last frame read stopped short of its room (its plan, or a triangle budget) */
    public boolean lastStopped() {
        return lastStopped;
    }

    /**
     * @return output triangles of the last frame read, padding included; if it stopped short, an
     *     estimate of those it would have made
     */
    public long lastWanted() {
        return lastWanted;
    }

    /**
     * Records the sizes a resident frame's read-back found.
     *
     * @param sizes holding the frame's header
     */
    void update(GlSizes sizes) {
        int seen = sizes.levels();
        int stop = sizes.stopLevel();
        decay(stop >= 0 ? Math.max(seen, stop + 3) : seen);
        for (int i = 0; i < seen; i++) {
            guessed[i] &= sizes.records(i) < records[i];
            records[i] = Math.max(sizes.records(i), records[i]);
        }
        long wanted = sizes.end();
        if (stop >= 0) {
            // the level below the stop, and one more grown as that one grew from the stop; twice
            // what the stop wanted, since a stop says the sizes grow fast (a camera flying in)
            long next = (long) Math.min(1L << 40, 2.0 * sizes.wantNext());
            double growth = Math.min(4.0, Math.max(1.0, (double) next / Math.max(1, sizes.records(stop))));
            long after = (long) Math.min(1L << 40, next * growth);
            guess(stop + 1, next);
            guess(stop + 2, after);
            wanted = Math.max(wanted, sizes.wantEnd() + next + after);
            lastGuessed = wanted > end - end / 16;
        }
        trim();
        end = Math.max(wanted, end - end / 16);
        noteRead(wanted, stop >= 0);
    }

    private void guess(int level, long wanted) {
        if (wanted > records[level]) {
            records[level] = wanted;
            guessed[level] = true;
        }
    }

    /** Lets every kept level fall by a sixteenth, over at least {@code levels} levels. */
    private void decay(int levels) {
        int n = Math.max(levels, used);
        if (n > records.length) {
            records = java.util.Arrays.copyOf(records, Math.max(n, 2 * records.length));
            guessed = java.util.Arrays.copyOf(guessed, records.length);
        }
        for (int i = 0; i < n; i++) {
            records[i] = i < used ? records[i] - records[i] / 16 : 0;
            guessed[i] &= i < used;
        }
        used = n;
    }

    private void trim() {
        while (used > 1 && records[used - 1] == 0) {
            used--;
        }
    }

    /** Forgets the sizes (the next frame takes the level-by-level path). */
    public void forget() {
        used = 0;
        end = -1;
        java.util.Arrays.fill(guessed, false);
        lastGuessed = false;
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
