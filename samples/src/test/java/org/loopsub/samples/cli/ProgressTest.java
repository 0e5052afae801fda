package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.loopsub.api.LevelStats;
import org.junit.jupiter.api.Test;

/** Progress lines appear only once a run has taken more than the threshold, and never when quiet. */
class ProgressTest {
    private final AtomicLong now = new AtomicLong(5_000_000_000L);
    private final StringWriter text = new StringWriter();

    private Progress progress(boolean enabled) {
        return new Progress(new PrintWriter(text), enabled, 1_000_000_000L, now::get);
    }

    @Test
    void silentBeforeTheThresholdThenOneLinePerLevel() {
        Progress p = progress(true);
        now.addAndGet(400_000_000L);
        p.levelDone(new LevelStats(0, 20, 0, 0, 20, 1));
        assertEquals("", text.toString());
        now.addAndGet(1_000_000_000L);
        p.levelDone(new LevelStats(1, 80, 0, 0, 80, 1));
        now.addAndGet(100_000_000L);
        p.levelDone(new LevelStats(2, 320, 10, 2, 310, 1));
        String nl = System.lineSeparator();
        assertEquals("loopsub: level 1 done: the mesh has 320 triangles now (1.4 s)" + nl
                + "loopsub: level 2 done: the mesh has 1252 triangles now (1.5 s)" + nl, text.toString());
    }

    /** A triangle budget refines again, coarser: each run counts its own triangles, from level 0. */
    @Test
    void aSecondRunCountsFromNothing() {
        Progress p = progress(true);
        now.addAndGet(2_000_000_000L);
        p.levelDone(new LevelStats(0, 20, 5, 1, 14, 1));
        p.levelDone(new LevelStats(1, 56, 50, 0, 6, 1));
        p.levelDone(new LevelStats(0, 20, 5, 1, 14, 1));
        String nl = System.lineSeparator();
        String first = "loopsub: level 0 done: the mesh has 62 triangles now (2.0 s)" + nl;
        assertEquals(first + "loopsub: level 1 done: the mesh has 80 triangles now (2.0 s)" + nl
                + first, text.toString());
    }

    @Test
    void quietPrintsNothing() {
        Progress p = progress(false);
        now.addAndGet(10_000_000_000L);
        p.levelDone(new LevelStats(0, 20, 0, 0, 20, 1));
        p.step("writing x.obj");
        assertEquals("", text.toString());
    }

    @Test
    void stepsAreAnnouncedAfterTheThreshold() {
        Progress p = progress(true);
        now.addAndGet(2_000_000_000L);
        p.step("writing x.obj");
        assertEquals("loopsub: writing x.obj... (2.0 s)" + System.lineSeparator(), text.toString());
    }
}
