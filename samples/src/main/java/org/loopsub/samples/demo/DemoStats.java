package org.loopsub.samples.demo;

import java.awt.image.BufferedImage;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.Locale;

/**
 * What the demo measured, frame by frame: host time per frame (input, refinement, drawing and the
 * buffer swap: the time from one frame's start to the next), host time of the refine call (from the
 * call until it returns with the output ready to draw, its waits for the GPU included), GPU time of
 * the refinement passes
 * ({@code GpuFrame.gpuNanos()}), and triangles drawn. Summaries use the middle value of the sorted
 * values (the lower of the two middle ones for an even count, so a triangle count stays a count) and
 * the nearest-rank 95th percentile. Times are kept in milliseconds rounded to microseconds, the
 * precision the summary line prints, so that the line and {@code --stats-json} give the same numbers.
 */
public final class DemoStats {
    private final String renderer;
    private final String glVersion;
    private BigDecimal[] frameMs = new BigDecimal[64];
    private BigDecimal[] refineGpuMs = new BigDecimal[64];
    private BigDecimal[] refineHostMs = new BigDecimal[64];
    private long[] triangles = new long[64];
    private int frames;
    private BufferedImage lastFrame;
    private float startScreenPx = Float.NaN;

    /**
     * @param renderer the GL renderer the demo ran on
     * @param glVersion its GL version string
     */
    DemoStats(String renderer, String glVersion) {
        this.renderer = renderer;
        this.glVersion = glVersion;
    }

    /**
     * Records a frame; its GPU time and triangles follow with {@link #gpu} and {@link #triangles}
     * once they are known.
     *
     * @param frameNanos host time of the frame
     * @param refineNanos host time of its refine call
     */
    void frame(long frameNanos, long refineNanos) {
        if (frames == frameMs.length) {
            frameMs = Arrays.copyOf(frameMs, 2 * frames);
            refineHostMs = Arrays.copyOf(refineHostMs, 2 * frames);
            refineGpuMs = Arrays.copyOf(refineGpuMs, 2 * frames);
            triangles = Arrays.copyOf(triangles, 2 * frames);
        }
        frameMs[frames] = ms(frameNanos);
        refineHostMs[frames] = ms(refineNanos);
        frames++;
    }

    /**
     * @param frame index of a recorded frame
     * @param nanos GPU time of its refinement
     */
    void gpu(int frame, long nanos) {
        refineGpuMs[frame] = ms(nanos);
    }

    /**
     * @param frame index of a recorded frame
     * @param triangleCount triangles it drew
     */
    void triangles(int frame, long triangleCount) {
        triangles[frame] = triangleCount;
    }

    private static BigDecimal ms(long nanos) {
        return BigDecimal.valueOf(nanos).movePointLeft(6).setScale(3, RoundingMode.HALF_EVEN);
    }

    /** @return frames drawn */
    public int frames() {
        return frames;
    }

    /** @return the renderer string of the GL context */
    public String renderer() {
        return renderer;
    }

    /** @return the GL version string of the context */
    public String glVersion() {
        return glVersion;
    }

    /** @return host milliseconds of each frame, rounded to microseconds */
    public BigDecimal[] frameMs() {
        return Arrays.copyOf(frameMs, frames);
    }

    /** @return GPU milliseconds of each frame's refinement ({@code null} where not measured) */
    public BigDecimal[] refineGpuMs() {
        return Arrays.copyOf(refineGpuMs, frames);
    }

    /** @return host milliseconds of each frame's refine call */
    public BigDecimal[] refineHostMs() {
        return Arrays.copyOf(refineHostMs, frames);
    }

    /** @return the median host time of the refine call, or {@code null} with no frames */
    public BigDecimal refineHostMsMedian() {
        return rank(refineHostMs(), 0.5);
    }

    /** @return triangles of each frame */
    public long[] triangles() {
        return Arrays.copyOf(triangles, frames);
    }

    /** @return the median host time per frame, or {@code null} with no frames */
    public BigDecimal frameMsMedian() {
        return rank(frameMs(), 0.5);
    }

    /** @return the 95th percentile of the host time per frame, or {@code null} with no frames */
    public BigDecimal frameMsP95() {
        return rank(frameMs(), 0.95);
    }

    /** @return the median GPU time of the refinement, or {@code null} with no measured frame */
    public BigDecimal refineGpuMsMedian() {
        return rank(Arrays.stream(refineGpuMs()).filter(v -> v != null).toArray(BigDecimal[]::new), 0.5);
    }

    /** @return the median triangle count, or -1 with no frames */
    public long trianglesMedian() {
        if (frames == 0) {
            return -1;
        }
        long[] sorted = triangles();
        Arrays.sort(sorted);
        return sorted[index(frames, 0.5)];
    }

    private static BigDecimal rank(BigDecimal[] values, double q) {
        if (values.length == 0) {
            return null;
        }
        BigDecimal[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[index(values.length, q)];
    }

    /** Nearest rank: the smallest value with at least a share {@code q} of the values at or below it. */
    static int index(int n, double q) {
        return Math.max(0, (int) Math.ceil(q * n) - 1);
    }

    /**
     * @return {@code frames N, frame ms median X p95 Y, refine gpu ms median Z, triangles median T},
     *     with {@code n/a} for a figure that has no value
     */
    public String summaryLine() {
        return String.format(Locale.ROOT, "frames %d, frame ms median %s p95 %s, refine gpu ms median %s, "
                        + "triangles median %s", frames, text(frameMsMedian()), text(frameMsP95()),
                text(refineGpuMsMedian()), frames == 0 ? "n/a" : Long.toString(trianglesMedian()));
    }

    private static String text(BigDecimal v) {
        return v == null ? "n/a" : v.toPlainString();
    }

    /** @param image the last frame, read back for {@link DemoOptions#keepLastFrame()} */
    void lastFrame(BufferedImage image) {
        lastFrame = image;
    }

    /**
     * @return the last frame drawn as an RGB image, if {@link DemoOptions#keepLastFrame()} asked for it;
     *     {@code null} otherwise, or if no frame was drawn
     */
    public BufferedImage lastFrame() {
        return lastFrame;
    }

    /** @param px the screen-space bound the demo started with (the command line's, or a software renderer's) */
    public void startScreenPx(float px) {
        startScreenPx = px;
    }

    /** @return the screen-space bound the demo started with; NaN before it started */
    public float startScreenPx() {
        return startScreenPx;
    }
}
