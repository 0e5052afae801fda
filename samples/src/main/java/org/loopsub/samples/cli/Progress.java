package org.loopsub.samples.cli;

import java.io.PrintWriter;
import java.util.function.LongSupplier;
import org.loopsub.api.LevelStats;
import org.loopsub.api.ProgressListener;

/**
 * Prints one line per refinement level on stderr, but only once the run has taken longer than a
 * threshold: short runs stay silent, long ones show they are alive.
 */
final class Progress implements ProgressListener {
    /** Runs shorter than this print no progress. */
    static final long DEFAULT_THRESHOLD_NANOS = 1_000_000_000L;

    private final PrintWriter err;
    private final boolean enabled;
    private final long thresholdNanos;
    private final LongSupplier clock;
    private final long start;
    /** Triangles the coarser levels of this refinement finished (written whole or as slivers). */
    private long emittedBefore;
    private int refinements;

    /**
     * @param err where the lines go
     * @param enabled false to print nothing ({@code --quiet})
     * @param thresholdNanos print only after this much time since construction
     * @param clock nanosecond clock (a fake one in tests)
     */
    Progress(PrintWriter err, boolean enabled, long thresholdNanos, LongSupplier clock) {
        this.err = err;
        this.enabled = enabled;
        this.thresholdNanos = thresholdNanos;
        this.clock = clock;
        this.start = clock.getAsLong();
    }

    /**
     * @param err where the lines go
     * @param enabled false to print nothing
     */
    Progress(PrintWriter err, boolean enabled) {
        this(err, enabled, DEFAULT_THRESHOLD_NANOS, System::nanoTime);
    }

    /** @return nanoseconds since this run started */
    long elapsedNanos() {
        return clock.getAsLong() - start;
    }

    @Override
    public void levelDone(LevelStats stats) {
        if (stats.level() == 0) {
            // a refinement begins: a triangle budget runs several, each counted on its own
            refinements++;
            emittedBefore = 0;
            if (refinements > 1) {
                print("over the triangle budget: refining again, coarser");
            }
        }
        // The level's own mesh: what the coarser levels finished, plus every record of this level.
        // Counting the split ones four times instead would name the next level's mesh, and a last
        // level (all finished) would repeat it.
        long triangles = emittedBefore + stats.activeTriangles();
        emittedBefore += stats.finishedTriangles() + stats.slivers();
        print("level " + stats.level() + " done: the mesh has " + triangles + " triangles");
    }

    /** @return the refinements seen so far: more than one where a triangle budget made it run again */
    int refinements() {
        return refinements;
    }

    /**
     * Announces a step that may take a while (writing a large file).
     *
     * @param what the step, e.g. {@code writing out.obj}
     */
    void step(String what) {
        print(what + "...");
    }

    private void print(String text) {
        long elapsed = elapsedNanos();
        if (enabled && elapsed > thresholdNanos) {
            err.println("loopsub: " + text + " (" + Units.seconds(elapsed) + ")");
            err.flush();
        }
    }
}
