package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 21: the built-in samples. Every one listed refines, the help lists each with its
 * description, and the uv and crease samples carry what they are there to show.
 */
class SamplesTest {
    @TempDir
    Path dir;

    static Stream<String> names() {
        return Samples.all().keySet().stream();
    }

    private static long count(Path obj, String prefix) throws Exception {
        return Cli.lines(obj, prefix).size();
    }

    @Test
    void theSamplesIncludeAUvMeshAndACreasedMesh() {
        assertEquals(List.of("bigguy", "cylinder", "icosahedron", "rook"), List.copyOf(Samples.all().keySet()));
    }

    @ParameterizedTest
    @MethodSource("names")
    void everySampleRefinesTwoLevels(String name) throws Exception {
        Cli.Result info = Cli.run("info", "--sample", name);
        assertEquals(ExitCodes.OK, info.exitCode(), info::both);
        Path out = dir.resolve(name + ".obj");
        Cli.Result r = Cli.run("subdivide", "--sample", name, "--levels", "2", "--backend", "java", "-q", "-o",
                out.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertEquals("", r.err(), "no warnings: " + r.both());
        long input;
        try (var in = Samples.open(name)) {
            input = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("f ")).count();
        }
        assertTrue(input > 0);
        assertEquals(16 * input, count(out, "f "), "two uniform levels make 16 triangles of each");
    }

    @Test
    void theCylinderHasSeamsAndItsUvsAreCarried() throws Exception {
        Cli.Result info = Cli.run("info", "--sample", "cylinder");
        assertTrue(info.out().contains("boundary edges:   0"), info::both);
        String obj;
        try (var in = Samples.open("cylinder")) {
            obj = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        long positions = obj.lines().filter(l -> l.startsWith("v ")).count();
        long uvs = obj.lines().filter(l -> l.startsWith("vt ")).count();
        assertTrue(uvs > positions, "seams: some positions have more than one uv (" + uvs + " uvs, " + positions
                + " positions)");
        for (String rule : new String[] {"linear", "smooth"}) {
            Path out = dir.resolve(rule + ".obj");
            Cli.Result r = Cli.run("subdivide", "--sample", "cylinder", "-l", "2", "--uv", rule, "-q", "-o",
                    out.toString());
            assertEquals(ExitCodes.OK, r.exitCode(), r::both);
            assertTrue(count(out, "vt ") > count(out, "v "), "seams kept through refinement (" + rule + ")");
            assertTrue(Cli.lines(out, "f ").stream().allMatch(l -> l.matches("f( \\d+/\\d+/\\d+){3}")),
                    "faces as f v/vt/vn");
        }
        assertNotEquals(Files.readString(dir.resolve("linear.obj")), Files.readString(dir.resolve("smooth.obj")));
    }

    @Test
    void theRooksCreaseTagsApply() throws Exception {
        Cli.Result info = Cli.run("info", "--sample", "rook");
        assertTrue(info.out().contains("crease tags:      280"), info::both);
        Path creased = dir.resolve("creased.obj");
        Path smooth = dir.resolve("smooth.obj");
        assertEquals(0, Cli.run("subdivide", "--sample", "rook", "-l", "1", "-q", "-o", creased.toString()).exitCode());
        assertEquals(0, Cli.run("subdivide", "--sample", "rook", "-l", "1", "-q", "--ignore-creases", "-o",
                smooth.toString()).exitCode());
        assertNotEquals(Cli.lines(creased, "v "), Cli.lines(smooth, "v "), "the tags change the surface");
    }

    @Test
    void theHelpListsEverySampleWithItsDescription() {
        for (String command : new String[] {"subdivide", "demo"}) {
            String help = Cli.run(command, "--help").out();
            assertTrue(help.contains("Samples (--sample <name>):"), help);
            for (Map.Entry<String, String> e : Samples.all().entrySet()) {
                String line = "  " + e.getKey() + " ".repeat(13 - e.getKey().length()) + e.getValue() + "\n";
                assertTrue(help.contains(line), () -> command + " --help lacks the line\n" + line + "in\n" + help);
                assertTrue(line.length() <= 81, "fits 80 columns: " + line);
            }
        }
    }

    @Test
    void anUnknownSampleNamesTheKnownOnes() {
        Cli.Result r = Cli.run("subdivide", "--sample", "teacup", "-o", dir.resolve("x.obj").toString());
        assertEquals(ExitCodes.USAGE, r.exitCode(), r::both);
        assertTrue(r.err().contains("known samples: bigguy, cylinder, icosahedron, rook"), r::both);
        assertFalse(Files.exists(dir.resolve("x.obj")));
    }
}
