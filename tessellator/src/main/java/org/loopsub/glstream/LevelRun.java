package org.loopsub.glstream;

import java.util.ArrayList;
import java.util.List;

/** What one level (or a fused pair of levels) did, and the records it left for the next. */
final class LevelRun {
    long active;
    long finished;
    long slivers;
    long direct;
    /** Records of the level after this one, when a fused pass refined them too (uniform only). */
    long middle;
    final List<Segment> next = new ArrayList<>();
}
