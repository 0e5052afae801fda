package org.loopsub.samples.demo;

/**
 * The animated deformation of the control mesh (key A): a sine wave travelling along the mesh's
 * longest axis that pushes each control point sideways, along the axis of middle extent, so that the
 * mesh sways like a flag in the wind. Smooth in space and time, so every frame's cage is a valid
 * mesh of the same topology, and what the demo shows is the refinement following the moved cage.
 */
final class Wave {
    /** Amplitude as a share of the longest extent. */
    static final double AMPLITUDE = 0.06;
    /** Seconds for the wave to travel one wavelength (the mesh's length). */
    static final double PERIOD_SECONDS = 2;
    /** Seconds over which the amplitude grows from 0 when the animation starts, so the cage does not jump. */
    static final double RAMP_SECONDS = 0.5;

    private final float[] rest;
    private final int along;
    private final int across;
    private final double start;
    private final double length;

    /**
     * @param rest x, y, z of each control point at rest (kept, not copied)
     */
    Wave(float[] rest) {
        this.rest = rest;
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < rest.length; i++) {
            lo[i % 3] = Math.min(lo[i % 3], rest[i]);
            hi[i % 3] = Math.max(hi[i % 3], rest[i]);
        }
        Integer[] axes = {0, 1, 2};
        // by extent, longest first; ties by axis number, so the choice is the same on every run
        java.util.Arrays.sort(axes, (a, b) -> hi[a] - lo[a] != hi[b] - lo[b]
                ? Double.compare(hi[b] - lo[b], hi[a] - lo[a]) : Integer.compare(a, b));
        along = axes[0];
        across = axes[1];
        start = rest.length == 0 ? 0 : lo[along];
        length = rest.length == 0 ? 0 : hi[along] - lo[along];
    }

    /** @return the axis the wave travels along (0 = x, 1 = y, 2 = z) */
    int along() {
        return along;
    }

    /** @return the axis the points move along */
    int across() {
        return across;
    }

    /**
     * @param seconds time since the animation started
     * @param dest receives x, y, z per control point (as long as the rest positions)
     * @return {@code dest}
     */
    float[] at(double seconds, float[] dest) {
        System.arraycopy(rest, 0, dest, 0, rest.length);
        if (length == 0) {
            return dest;
        }
        double amplitude = amplitude(seconds);
        double phase = 2 * Math.PI * seconds / PERIOD_SECONDS;
        for (int v = 0; v < rest.length; v += 3) {
            double s = (rest[v + along] - start) / length;
            dest[v + across] = (float) (rest[v + across] + amplitude * Math.sin(2 * Math.PI * s - phase));
        }
        return dest;
    }

    /** @return how far the points move sideways at their most, {@code seconds} into the animation */
    double amplitude(double seconds) {
        return AMPLITUDE * length * Math.min(1, seconds / RAMP_SECONDS);
    }

    /**
     * @return the wave's phase {@code seconds} into the animation, in [0, 2 pi): it repeats each period,
     *     so a float keeps its precision however long the animation runs (GpuWave)
     */
    double phase(double seconds) {
        return 2 * Math.PI * ((seconds / PERIOD_SECONDS) % 1.0);
    }

    /** @return where the wave's axis starts: the rest positions' least coordinate along it */
    double start() {
        return start;
    }

    /** @return the rest positions' extent along the wave's axis (0: no wave) */
    double length() {
        return length;
    }
}
