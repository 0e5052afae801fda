package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue: {@code --max-triangles N} said nothing about what it chose. One note on stderr (none with
 * {@code -q}) says it: the level of a uniform run, the refinements and the deepest level of an
 * adaptive one, whose triangles are the ones written.
 */
class BudgetNoteTest {
    @TempDir
    Path dir;

    private static List<String> notes(Cli.Result r) {
        return r.err().lines().filter(l -> l.startsWith("loopsub: --max-triangles ")).toList();
    }

    @Test
    void aUniformRunSaysTheLevelItTook() {
        Cli.Result r = Cli.run("subdivide", "--sample", "bigguy", "-l", "5", "--max-triangles", "100000",
                "--backend", "java", "-o", dir.resolve("u.obj").toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertEquals(List.of("loopsub: --max-triangles 100000: level 2, 46400 triangles (level 3 would make 185600)"),
                notes(r), r::both);

        Cli.Result asked = Cli.run("subdivide", "--sample", "icosahedron", "-l", "2", "--max-triangles", "100000",
                "--backend", "java", "-o", dir.resolve("a.obj").toString());
        assertEquals(List.of("loopsub: --max-triangles 100000: level 2, 320 triangles, as asked"), notes(asked),
                asked::both);
    }

    @Test
    void anAdaptiveRunSaysWhatItKept() throws Exception {
        Path out = dir.resolve("edge.obj");
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "--adaptive", "--max-edge", "0.05",
                "--max-depth", "6", "--max-triangles", "2000", "--backend", "java", "-o", out.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        long written = Cli.lines(out, "f ").size();
        assertEquals(List.of("loopsub: --max-triangles 2000: refined 4 times, coarser each time (the depth shrinks);"
                + " kept: " + written + " triangles, deepest level 3 of --max-depth 6"), notes(r), r::both);

        Cli.Result screen = Cli.run("subdivide", "--sample", "icosahedron", "--adaptive", "--screen-px", "4",
                "--eye", "0,0,5", "--target", "0,0,0", "--max-depth", "6", "--max-triangles", "2000",
                "--backend", "java", "-o", dir.resolve("screen.obj").toString());
        assertEquals(1, notes(screen).size(), screen::both);
        assertTrue(notes(screen).get(0).contains(" coarser each time (the --screen-px bound grows, then the depth"
                + " shrinks); kept: "), screen::both);

        Cli.Result fits = Cli.run("subdivide", "--sample", "icosahedron", "--adaptive", "--max-edge", "0.5",
                "--max-triangles", "100000", "--backend", "java", "-o", dir.resolve("fits.obj").toString());
        long kept = Cli.lines(dir.resolve("fits.obj"), "f ").size();
        assertEquals(1, notes(fits).size(), fits::both);
        assertTrue(notes(fits).get(0).startsWith("loopsub: --max-triangles 100000: fits as asked: " + kept
                + " triangles, deepest level "), fits::both);
    }

    @Test
    void quietSaysNothingAndNoBudgetNoNote() {
        Cli.Result quiet = Cli.run("subdivide", "--sample", "icosahedron", "-l", "3", "--max-triangles", "1000",
                "--backend", "java", "-q", "-o", dir.resolve("q.obj").toString());
        assertEquals(ExitCodes.OK, quiet.exitCode(), quiet::both);
        assertEquals("", quiet.err(), quiet::both);
        Cli.Result none = Cli.run("subdivide", "--sample", "icosahedron", "-l", "3", "--backend", "java",
                "-o", dir.resolve("n.obj").toString());
        assertFalse(none.err().contains("--max-triangles"), none::both);
    }
}
