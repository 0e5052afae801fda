package org.loopsub.glstream;

import java.util.ArrayList;
import java.util.List;

/**
 * What one level (or a fused pair of levels) did, and the records it left for the next. The engine
 * keeps two and alternates them, since a level reads the list the one before filled.
 */
final class LevelRun {
    long active;
    long finished;
    long slivers;
    long direct;
    /** Records of the level after this one, when a fused pass refined them too (uniform only). */
    long middle;
    final List<Segment> next = new ArrayList<>();

    /** Empties it for another level. */
    LevelRun reset() {
        active = 0;
        finished = 0;
        slivers = 0;
        direct = 0;
        middle = 0;
        next.clear();
        return this;
    }
}
