package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.loopsub.api.LevelStats;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;

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
        assertEquals("loopsub: level 1 done: the mesh has 80 triangles (1.4 s)" + nl
                + "loopsub: level 2 done: the mesh has 320 triangles (1.5 s)" + nl, text.toString());
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
        String first = "loopsub: level 0 done: the mesh has 20 triangles (2.0 s)" + nl;
        assertEquals(first + "loopsub: level 1 done: the mesh has 62 triangles (2.0 s)" + nl
                + "loopsub: over the triangle budget: refining again, coarser (2.0 s)" + nl
                + first, text.toString());
        assertEquals(2, p.refinements());
    }

    /**
     * Issue: {@code -l 3} printed levels 0 to 3 with the counts of levels 1 to 3, the last one twice.
     * Each level is named once, with its own mesh's triangles, the last with the output's: a uniform
     * run (whose last levels the Java back end splits in one sweep) and an adaptive one.
     */
    @Test
    void eachLevelIsNamedOnceWithItsOwnCount() {
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        Progress p = new Progress(new PrintWriter(text), true, -1, now::get);
        RefineResult uniform = refine(ico, RefineOptions.uniform(3), p);
        String nl = System.lineSeparator();
        assertEquals("loopsub: level 0 done: the mesh has 20 triangles (0.0 s)" + nl
                + "loopsub: level 1 done: the mesh has 80 triangles (0.0 s)" + nl
                + "loopsub: level 2 done: the mesh has 320 triangles (0.0 s)" + nl
                + "loopsub: level 3 done: the mesh has 1280 triangles (0.0 s)" + nl, text.toString());
        assertEquals(1280, uniform.triangleCount());

        text.getBuffer().setLength(0);
        Progress q = new Progress(new PrintWriter(text), true, -1, now::get);
        RefineResult adaptive = refine(ico, RefineOptions.adaptive(4, new StopCriterion.Flatness(0.02f)), q);
        List<String> lines = text.toString().lines().toList();
        for (int level = 0; level < lines.size(); level++) {
            assertTrue(lines.get(level).startsWith("loopsub: level " + level + " done: "), text::toString);
        }
        assertTrue(lines.size() > 2, "the adaptive run goes deeper than level 1: " + text);
        String last = lines.get(lines.size() - 1);
        assertTrue(last.contains(" has " + adaptive.triangleCount() + " triangles"), () -> last + " vs "
                + adaptive.triangleCount() + " triangles written");
    }

    private static RefineResult refine(TriangleMesh mesh, RefineOptions options, Progress progress) {
        try (Tessellator java = Tessellators.create("java")) {
            return java.refine(mesh, options, progress);
        }
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
