package org.loopsub.stream;

import java.util.ArrayList;
import java.util.List;

/**
 * The edge test's verdicts of one refinement (every record's complete bits after the test, level
 * by level and chunk by chunk), kept so that a second run over the same topology can split exactly
 * the same records: the replay that refines a mesh's primvars (docs/design.md §3, "Primvars").
 *
 * <p>A replay's stream has the same records in the same chunks as the run that recorded them,
 * whatever its layout carries: the records' order and count follow the topology and the verdicts
 * alone, and metadata words from 2 on hold nothing but complete bits, whose count depends on the fan
 * capacity alone. So the replay copies those words where the recording run tested its spokes, and
 * the filter, the split and the output order follow as they did.
 *
 * <p>One run records ({@link #recording}); any number of runs then replay ({@link #replay}), one
 * at a time or at once: a replay only reads.
 */
public final class Verdicts {
    private final boolean adaptive;
    /** Per level, per chunk: its records' metadata words 2 and up, record after record. */
    private final List<int[][]> levels;
    private final boolean replaying;

    private Verdicts(boolean adaptive, List<int[][]> levels, boolean replaying) {
        this.adaptive = adaptive;
        this.levels = levels;
        this.replaying = replaying;
    }

    /**
     * @param test the criterion of the run to record; uniform refinement ({@link SpokeTest#canComplete()}
     *     false) records nothing
     * @return verdicts to pass to the run that tests
     */
    public static Verdicts recording(SpokeTest test) {
        return new Verdicts(test.canComplete(), new ArrayList<>(), false);
    }

    /** @return the recorded verdicts, for a run that replays them instead of testing */
    public Verdicts replay() {
        return new Verdicts(adaptive, levels, true);
    }

    /**
     * @return the criterion a replay runs with: it completes the same edges as the recorded run's
     *     (through the copied bits) and is never asked itself
     */
    public SpokeTest test() {
        return new SpokeTest() {
            @Override
            public boolean complete(int level, float[] p, int a, int b, int c, int d) {
                throw new IllegalStateException("a replay copies its verdicts; it tests no edge");
            }

            @Override
            public boolean canComplete() {
                return adaptive;
            }
        };
    }

    /** @return whether this one replays (else it records) */
    boolean replaying() {
        return replaying;
    }

    /** Makes room for a level's chunks before they are tested (one thread). */
    void startLevel(int level, int chunks) {
        if (replaying) {
            if (level >= levels.size() || levels.get(level).length != chunks) {
                throw new IllegalStateException("level " + level + " of the replay has " + chunks
                        + " chunks where the recorded run had " + (level < levels.size() ? levels.get(level).length : 0));
            }
            return;
        }
        while (levels.size() <= level) {
            levels.add(null);
        }
        levels.set(level, new int[chunks][]);
    }

    /** The recording run: keeps the chunk's complete bits as its edge test left them. */
    void record(int level, int index, RecordChunk chunk, RecordLayout layout) {
        int mi = layout.metaInts();
        int words = mi - 2;
        int[] kept = new int[chunk.count * words];
        for (int r = 0; r < chunk.count; r++) {
            System.arraycopy(chunk.meta, r * mi + 2, kept, r * words, words);
        }
        levels.get(level)[index] = kept;
    }

    /** A replay: sets the chunk's complete bits to the recorded run's, in place of its edge test. */
    void copy(int level, int index, RecordChunk chunk, RecordLayout layout) {
        int mi = layout.metaInts();
        int words = mi - 2;
        int[] kept = levels.get(level)[index];
        if (kept.length != chunk.count * words) {
            throw new IllegalStateException("chunk " + index + " of level " + level + " holds " + chunk.count
                    + " records where the recorded run had " + kept.length / Math.max(1, words));
        }
        for (int r = 0; r < chunk.count; r++) {
            System.arraycopy(kept, r * words, chunk.meta, r * mi + 2, words);
        }
    }
}
