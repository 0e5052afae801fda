package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of bad input exits with 3, names the problem and its place on stderr, and leaves no
 * output file (and an existing one untouched).
 */
class BrokenInputTest {
    /** A closed tetrahedron, the smallest valid input; fixtures are small edits of it. */
    private static final String TETRA_VERTICES = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n";
    private static final String TETRA_FACES = "f 1 3 2\nf 1 2 4\nf 2 3 4\nf 3 1 4\n";

    @TempDir
    Path dir;

    /**
     * @return name, OBJ text, and the phrases stderr must contain (the problem's name first, then
     *     where it is)
     */
    static Stream<Arguments> fixtures() {
        return Stream.of(
                Arguments.of("unparseable", TETRA_VERTICES + "v 1 two 3\n" + TETRA_FACES,
                        List.of("unparseable line", "line 5", "'two'")),
                Arguments.of("index-out-of-range", TETRA_VERTICES + TETRA_FACES + "f 1 2 9\n",
                        List.of("vertex index out of range", "line 9", "9")),
                Arguments.of("nan", "v nan 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n" + TETRA_FACES,
                        List.of("coordinate not finite", "vertex 1", "line 1")),
                Arguments.of("degenerate-face", TETRA_VERTICES + TETRA_FACES + "f 1 1 2\n",
                        List.of("degenerate face", "face on line 9 (the file's face 5)", "vertex 1 twice")),
                Arguments.of("duplicate-face", TETRA_VERTICES + TETRA_FACES + "f 2 1 3\n",
                        List.of("duplicate face", "face on line 9 (the file's face 5)",
                                "face on line 5 (the file's face 1)")),
                Arguments.of("edge-with-3-faces", TETRA_VERTICES + "v 1 1 1\n" + "f 1 2 3\nf 2 1 4\nf 1 2 5\n",
                        List.of("non-manifold edge", "vertex 1", "vertex 2", "3 faces")),
                Arguments.of("non-manifold-vertex", TETRA_VERTICES + "v 0 -1 0\nv -1 0 0\n"
                                + "f 1 2 3\nf 1 5 6\n",
                        List.of("non-manifold vertex", "vertex 1", "2 separate fans")),
                Arguments.of("inconsistent-orientation", TETRA_VERTICES + "f 1 2 3\nf 1 2 4\n",
                        List.of("inconsistent orientation",
                                "face on line 5 (the file's face 1) and face on line 6 (the file's face 2)",
                                "vertex 1 to vertex 2")),
                // the smooth rule's ring sums would overflow: refused, not "unexpected error" at the end
                Arguments.of("huge-uv", TETRA_VERTICES + "vt 0 0\nvt 1 0\nvt 0 2e38\nvt 1 1\n"
                                + "f 1/1 3/3 2/2\nf 1/1 2/2 4/4\nf 2/2 3/3 4/4\nf 3/3 1/1 4/4\n",
                        List.of("too large", "uv 3 has v = 2.0E38", "2^120")),
                // info agrees with subdivide: one unit next to 1e38 is below float precision in the frame
                Arguments.of("below-precision", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1e38\n" + TETRA_FACES,
                        List.of("below float precision", "vertices 1 and 2")),
                Arguments.of("empty-file", "", List.of("empty mesh")),
                Arguments.of("no-faces", TETRA_VERTICES, List.of("empty mesh", "no face")));
    }

    /**
     * An OBJ text: {@code unused} vertices no face uses, then the hub (the file's vertex
     * {@code unused + 1}) and a closed flat fan of {@code n} triangles around it (valence n).
     */
    static String fanObj(int unused, int n) {
        StringBuilder obj = new StringBuilder();
        for (int i = 0; i < unused; i++) {
            obj.append("v ").append(5 + i).append(' ').append(5 + i).append(' ').append(5 + i).append('\n');
        }
        obj.append("v 0 0 0\n");
        for (int i = 0; i < n; i++) {
            double a = 2 * Math.PI * i / n;
            obj.append("v ").append((float) Math.cos(a)).append(' ').append((float) Math.sin(a)).append(" 0\n");
        }
        int hub = unused + 1;
        for (int i = 0; i < n; i++) {
            obj.append("f ").append(hub).append(' ').append(hub + 1 + i).append(' ').append(hub + 1 + (i + 1) % n)
                    .append('\n');
        }
        return obj.toString();
    }

    private Path write(String name, String text) throws Exception {
        Path file = dir.resolve(name + ".obj");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static void assertRefused(Cli.Result r, String input, List<String> phrases) {
        assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
        String first = r.err().lines().findFirst().orElse("");
        assertTrue(first.startsWith("loopsub: " + input + ": "), () -> "names the file first:\n" + r.both());
        for (String phrase : phrases) {
            assertTrue(first.contains(phrase), () -> "first line lacks '" + phrase + "':\n" + r.both());
        }
        assertFalse(r.err().contains("\tat "), () -> "stack trace shown:\n" + r.both());
        assertEquals("", r.out(), "nothing on stdout");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void subdivideRefusesAndWritesNothing(String name, String obj, List<String> phrases) throws Exception {
        Path input = write(name, obj);
        Path output = dir.resolve("out.obj");
        Cli.Result r = Cli.run("subdivide", input.toString(), "-o", output.toString());
        assertRefused(r, input.toString(), phrases);
        assertFalse(Files.exists(output), "no output file");
        assertEquals(1, Files.list(dir).count(), "no temporary file left behind either");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void infoRefuses(String name, String obj, List<String> phrases) throws Exception {
        Path input = write(name, obj);
        Cli.Result r = Cli.run("info", input.toString());
        assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
        String all = r.out() + r.err();
        for (String phrase : phrases) {
            assertTrue(all.contains(phrase), () -> "report lacks '" + phrase + "':\n" + r.both());
        }
    }

    @Test
    void existingOutputIsUntouchedWhenTheInputIsInvalid() throws Exception {
        Path input = write("degenerate", TETRA_VERTICES + TETRA_FACES + "f 1 1 2\n");
        Path output = dir.resolve("keep.obj");
        byte[] before = "# precious\nv 0 0 0\n".getBytes(StandardCharsets.UTF_8);
        Files.write(output, before);
        Cli.Result r = Cli.run("subdivide", input.toString(), "-o", output.toString(), "-l", "2");
        assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
        assertArrayEquals(before, Files.readAllBytes(output));
        assertEquals(2, Files.list(dir).count(), "no temporary file left behind");
    }

    @Test
    void teapotIsRefusedForItsNonManifoldVertex() throws Exception {
        Path teapot = Cli.mesh("teapot.obj");
        Path output = dir.resolve("teapot2.obj");
        Cli.Result r = Cli.run("subdivide", teapot.toString(), "-o", output.toString());
        assertRefused(r, teapot.toString(), List.of("non-manifold vertex", "vertex "));
        assertFalse(Files.exists(output));
    }

    /**
     * A vertex past the valence limit is refused with no hint to try {@code --weld none}: that weld
     * is refused as well. info says the same as subdivide.
     */
    @Test
    void tooLargeAValenceGetsNoWeldHint() throws Exception {
        Path fan = write("fan", fanObj(0, 300));
        Path output = dir.resolve("fan-out.obj");
        Cli.Result r = Cli.run("subdivide", fan.toString(), "-o", output.toString(), "--backend", "java");
        assertRefused(r, fan.toString(), List.of("too large", "valence 300"));
        assertFalse(r.err().contains("--weld none"), r::both);
        assertFalse(Files.exists(output));
        Cli.Result info = Cli.run("info", fan.toString());
        assertEquals(ExitCodes.INPUT, info.exitCode(), info::both);
        assertTrue(info.out().contains("too large: vertex 1 has valence 300"), info::both);
    }

    /** loopsub's own glTF output given back as input is named for what it is. */
    /**
     * Vertices float cannot tell apart at the mesh's extent are refused with no hint to try
     * {@code --weld none}: that weld keeps them just as close, and is refused the same way.
     */
    @Test
    void belowFloatPrecisionGetsNoWeldHint() throws Exception {
        Path spike = write("spike", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1e38\n" + TETRA_FACES);
        for (String weld : new String[] {"exact", "none"}) {
            for (String backend : new String[] {"java", "auto"}) {
                Path output = dir.resolve("spike-out.obj");
                Cli.Result r = Cli.run("subdivide", spike.toString(), "-o", output.toString(), "--backend", backend,
                        "--weld", weld, "-q");
                assertRefused(r, spike.toString(), List.of("below float precision", "vertices 1 and 2"));
                assertFalse(r.err().contains("--weld none"), r::both);
                assertEquals(1, r.err().lines().count(), r::both);
                assertFalse(Files.exists(output));
            }
        }
    }

    @Test
    void binaryGltfAsInput() throws Exception {
        Path glb = dir.resolve("ico.glb");
        assertEquals(ExitCodes.OK, Cli.run("subdivide", "--sample", "icosahedron", "-o", glb.toString(), "-q").exitCode());
        Cli.Result r = Cli.run("info", glb.toString());
        assertRefused(r, glb.toString(), List.of("binary glTF", "not OBJ"));
    }

    @Test
    void missingInputFile() throws Exception {
        Path missing = dir.resolve("missing.obj");
        Path output = dir.resolve("out.obj");
        Cli.Result r = Cli.run("subdivide", missing.toString(), "-o", output.toString());
        assertRefused(r, missing.toString(), List.of("no such file"));
        assertEquals(0, Files.list(dir).count(), "nothing created");
    }

    @Test
    void directoryAsInput() throws Exception {
        Cli.Result r = Cli.run("subdivide", dir.toString(), "-o", dir.resolve("out.obj").toString());
        assertRefused(r, dir.toString(), List.of("is a directory"));
    }

    @Test
    void everyProblemIsListedNotOnlyTheFirst() throws Exception {
        // a degenerate face and, elsewhere, two faces running an edge the same way
        Path input = write("two-problems", TETRA_VERTICES + "v 2 2 2\nf 1 2 3\nf 1 2 4\nf 5 5 1\n");
        Cli.Result r = Cli.run("subdivide", input.toString(), "-o", dir.resolve("out.obj").toString());
        assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
        assertTrue(r.err().contains("degenerate face"), r::both);
        assertTrue(r.err().contains("inconsistent orientation"), r::both);
    }

    @ParameterizedTest(name = "--debug at {0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {0, 1})
    void debugShowsTheCauseBeforeOrAfterTheSubcommand(int at) throws Exception {
        Path input = write("empty", "");
        List<String> args = new java.util.ArrayList<>(List.of("subdivide", input.toString(), "-o",
                dir.resolve("o.obj").toString()));
        args.add(at, "--debug");
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
        assertTrue(r.err().startsWith("loopsub: " + input + ": empty mesh"), r::both);
        assertTrue(r.err().contains("InvalidMeshException") && r.err().contains("\tat "), r::both);
    }
}
