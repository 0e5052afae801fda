package org.loopsub.api;

/** Told about each level as soon as it is done; called on the thread that called refine. */
@FunctionalInterface
public interface ProgressListener {
    /** A listener that ignores everything. */
    ProgressListener NONE = stats -> { };

    /**
     * @param stats what the level did
     */
    void levelDone(LevelStats stats);
}
