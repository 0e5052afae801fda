package org.loopsub.samples.demo;

import java.util.Locale;

/**
 * Progress lines of a headless run, for stderr: a run of a fixed number of frames may take minutes
 * on a software renderer, and without them it would look hung. Nothing in the first
 * {@link #QUIET_NANOS} (short runs stay silent), then at most one line per {@link #EVERY_NANOS}:
 * {@code frame 10/30, 0.82 s/frame, about 16 s left}. The time per frame is the mean since the line
 * before, so that the first frame's shader compiles do not weigh on every later line.
 */
final class FrameProgress {
    /** Runs shorter than this print nothing. */
    static final long QUIET_NANOS = 2_000_000_000L;
    /** The least time between two lines. */
    static final long EVERY_NANOS = 1_000_000_000L;

    private final long frames;
    private final long start;
    private long lastLine;
    private long lastFrames;

    /**
     * @param frames the frames the run will draw
     * @param startNanos when it started, on the clock later calls use
     */
    FrameProgress(long frames, long startNanos) {
        this.frames = frames;
        this.start = startNanos;
        this.lastLine = startNanos;
    }

    /**
     * @param done frames drawn so far
     * @param nowNanos the time now
     * @return the line to print now, or {@code null}
     */
    String after(long done, long nowNanos) {
        if (nowNanos - start < QUIET_NANOS || nowNanos - lastLine < EVERY_NANOS || done >= frames || done <= lastFrames) {
            return null;
        }
        double perFrame = (nowNanos - lastLine) / 1e9 / (done - lastFrames);
        lastLine = nowNanos;
        lastFrames = done;
        return String.format(Locale.ROOT, "frame %d/%d, %.2f s/frame, about %.0f s left", done, frames, perFrame,
                perFrame * (frames - done));
    }
}
