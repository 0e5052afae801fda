package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Messages about the input name faces and vertices as the file has them, not as the engine numbers
 * them after dropping unused vertices and cutting polygons into triangles. Every fixture starts
 * with unused vertices and has quads before the offender, so the engine's numbers differ from the
 * file's for every face and vertex named.
 */
class FileNumberingTest {
    /**
     * Five separate pieces, one problem each. Vertices 1 and 2 are used by no face (the engine's
     * vertex n is the file's n + 2); quads shift the engine's triangles past the file's faces.
     */
    private static final String BROKEN = String.join("\n",
            "# broken on purpose",                          // 1
            "v 50 50 50", "v 60 60 60",                     // 2-3: vertices 1, 2 (unused)
            "v 0 0 0", "v 1 0 0", "v 0 1 0",                // 4-6: 3-5
            "v 10 0 0", "v 11 0 0", "v 11 1 0", "v 10 1 0", // 7-10: 6-9
            "v 20 0 0", "v 21 0 0", "v 20 1 0", "v 20 -1 0", "v 20 0 1", // 11-15: 10-14
            "v 30 0 0", "v 31 0 0", "v 30 1 0", "v 30 -1 0", // 16-19: 15-18
            "v 40 0 0", "v 41 0 0", "v 41 1 0", "v 39 0 0", "v 39 -1 0", // 20-24: 19-23
            "",
            "f 3 4 5 5",    // 26, face 1: its second triangle is degenerate
            "f 6 7 8 9",    // 27, face 2
            "f 8 9 6",      // 28, face 3: repeats face 2's second triangle
            "f 10 11 12 13", // 29, face 4
            "f 11 10 13",   // 30, face 5
            "f 10 11 14",   // 31, face 6: the third face on edge 10-11
            "f 15 16 17 18", // 32, face 7
            "f 15 16 18",   // 33, face 8: runs 15 -> 16 as face 7 does
            "f 19 20 21",   // 34, face 9
            "f 19 22 23",   // 35, face 10: meets face 9 at vertex 19 only
            "");

    /**
     * Valid, with an unused vertex 1: a quad whose second triangle is flat (vertex 5 halfway along
     * the diagonal 2-4), and a crease tag (0-based: the file's vertices 3 and 5) on no edge.
     */
    private static final String WARNED = String.join("\n",
            "v 9 9 9", "v 0 0 0", "v 2 0 0", "v 2 2 0", "v 1 1 0", // 1-5
            "# a quad",                                           // 6
            "f 2 3 4 5",                                          // 7
            "t crease 2/1/0 2 4 1",                               // 8
            "");

    /** Valid by index, but vertices 2 and 5 are one point in the engine's float frame. */
    private static final String TOO_CLOSE = String.join("\n",
            "v 9 9 9", "v 0 0 0", "v 1 0 0", "v 1 1 0", "v 1e-30 1e-30 0",
            "f 2 3 4 5",
            "");

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static void assertHas(String text, String phrase, Cli.Result r) {
        assertTrue(text.contains(phrase), () -> "lacks '" + phrase + "':\n" + r.both());
    }

    /** What the validator says about BROKEN, in the file's numbers, whichever command says it. */
    private static final List<String> BROKEN_PHRASES = List.of(
            "degenerate face: face on line 26 (the file's face 1) uses vertex 5 twice (vertices 3, 5, 5)",
            "duplicate face: face on line 28 (the file's face 3) uses the same vertices as face on line 27"
                    + " (the file's face 2) (8, 9, 6)",
            "non-manifold edge: the edge between vertex 10 and vertex 11 is shared by 3 faces (face on line 29"
                    + " (the file's face 4), face on line 30 (the file's face 5), face on line 31 (the file's face 6))",
            "inconsistent orientation: face on line 32 (the file's face 7) and face on line 33 (the file's face 8)"
                    + " both run the edge from vertex 15 to vertex 16",
            "non-manifold vertex: vertex 19 joins 2 separate fans");

    @Test
    void subdivideNamesTheFilesFacesAndVertices() throws Exception {
        Path in = write("broken.obj", BROKEN);
        for (String backend : List.of("java", "auto")) {
            Cli.Result r = Cli.run("subdivide", in.toString(), "-o", dir.resolve("out.obj").toString(),
                    "--backend", backend);
            assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
            for (String phrase : BROKEN_PHRASES) {
                assertHas(r.err(), phrase, r);
            }
        }
    }

    @Test
    void infoAndBenchNameTheFilesFacesAndVertices() throws Exception {
        Path in = write("broken.obj", BROKEN);
        Cli.Result info = Cli.run("info", in.toString());
        assertEquals(ExitCodes.INPUT, info.exitCode(), info::both);
        for (String phrase : BROKEN_PHRASES) {
            assertHas(info.out(), phrase, info);
        }
        Cli.Result bench = Cli.run("bench", in.toString(), "--backend", "java", "-l", "1", "--reps", "1");
        assertEquals(ExitCodes.INPUT, bench.exitCode(), bench::both);
        for (String phrase : BROKEN_PHRASES) {
            assertHas(bench.err(), phrase, bench);
        }
    }

    /** info reports {@code phrase} about {@code in}; subdivide refuses it with it, on either back end. */
    private void assertInfoAndSubdivideSay(Path in, String phrase) {
        Cli.Result info = Cli.run("info", in.toString());
        assertHas(info.out(), phrase, info);
        for (String backend : List.of("java", "auto")) {
            Cli.Result r = Cli.run("subdivide", in.toString(), "-o", dir.resolve("out.obj").toString(),
                    "--backend", backend);
            assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
            assertHas(r.err(), phrase, r);
        }
    }

    /** A fan of 300 triangles around the file's vertex 3 (vertices 1 and 2 unused: the engine's vertex 1). */
    @Test
    void tooHighAValenceNamesTheFilesVertex() throws Exception {
        Path in = write("hub.obj", BrokenInputTest.fanObj(2, 300));
        String phrase = "vertex 3 has valence 300; at most 254 is supported";
        assertInfoAndSubdivideSay(in, phrase);
    }

    @Test
    void belowPrecisionNamesTheFilesVertices() throws Exception {
        Path in = write("close.obj", TOO_CLOSE);
        String phrase = "below float precision: vertices 2 and 5 are closer than float precision";
        assertInfoAndSubdivideSay(in, phrase);
    }

    /** A concave polygon that folds when fanned is named by its line on stderr, unless quiet. */
    @Test
    void aFoldingPolygonIsWarnedAboutUnlessQuiet() throws Exception {
        Path in = write("concave.obj", "v 4 0 0\nv 1 1 0\nv 0 4 0\nv 0 0 0\n# reflex at vertex 2\nf 1 2 3 4\n");
        String out = dir.resolve("out.obj").toString();
        Cli.Result r = Cli.run("subdivide", in.toString(), "-o", out, "--backend", "java", "-l", "1");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertHas(r.err(), "warning: line 6: face 1 is not convex and its fan from the first vertex folds over", r);
        Cli.Result quiet = Cli.run("subdivide", in.toString(), "-o", out, "--backend", "java", "-l", "1", "-q");
        assertEquals(ExitCodes.OK, quiet.exitCode(), quiet::both);
        assertEquals("", quiet.err(), quiet::both);
    }

    /** The engine's warnings about the input reach the user in the file's numbers too. */
    @Test
    void warningsNameTheFilesFacesAndTagVertices() throws Exception {
        Path in = write("warned.obj", WARNED);
        String flat = "face on line 7 (the file's face 1) has (nearly) zero area";
        String crease = "crease tag names no edge of the mesh and is ignored (first: vertices 2 and 4, 0-based)";
        Cli.Result info = Cli.run("info", in.toString());
        assertEquals(ExitCodes.OK, info.exitCode(), info::both);
        assertHas(info.out(), flat, info);
        assertHas(info.out(), crease, info);
        Cli.Result sub = Cli.run("subdivide", in.toString(), "-o", dir.resolve("out.obj").toString(),
                "--backend", "java", "-l", "1");
        assertEquals(ExitCodes.OK, sub.exitCode(), sub::both);
        assertHas(sub.err(), "warning: " + flat, sub);
        assertHas(sub.err(), "warning: 1 " + crease, sub);
        Cli.Result bench = Cli.run("bench", in.toString(), "--backend", "java", "-l", "1", "--reps", "1");
        assertEquals(ExitCodes.OK, bench.exitCode(), bench::both);
        assertHas(bench.err(), "warning: " + flat, bench);
    }
}
