package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Wrong command lines exit with 2, say what is wrong, write nothing, and show no stack trace. */
class UsageErrorTest {
    @TempDir
    Path dir;

    private Cli.Result usageError(String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(ExitCodes.USAGE, r.exitCode(), r::both);
        assertFalse(r.err().contains("\tat "), () -> "stack trace shown:\n" + r.both());
        return r;
    }

    private String out() {
        return dir.resolve("out.obj").toString();
    }

    /** An empty file name (a shell variable left unset) is said to be one, not taken for the working directory. */
    @Test
    void emptyFileNames() {
        Cli.Result out = usageError("subdivide", "--sample", "icosahedron", "-o", "");
        assertTrue(out.err().contains("the output file name is empty"), out::both);
        Cli.Result in = usageError("subdivide", "", "-o", out());
        assertTrue(in.err().contains("the input file name is empty"), in::both);
        assertFalse(java.nio.file.Files.exists(dir.resolve("out.obj")));
    }

    /**
     * A name ending in '/' names a directory: refused, rather than written as a file under the
     * directory's name (the path drops the slash), for every option that names an output.
     */
    @Test
    void anOutputNameEndingInASlashIsRefused() throws Exception {
        Path sub = dir.resolve("sub");
        Path existing = Files.createDirectory(dir.resolve("existing"));
        List<List<String>> commands = List.of(
                List.of("subdivide", "--sample", "icosahedron", "-l", "0", "--backend", "java", "-o"),
                List.of("bench", "--sample", "icosahedron", "-l", "0", "--reps", "1", "--backend", "java", "--json"),
                List.of("demo", "--headless", "--sample", "icosahedron", "--screenshot"),
                List.of("demo", "--headless", "--sample", "icosahedron", "--stats-json"));
        for (List<String> command : commands) {
            for (Path target : new Path[] {sub, existing}) {
                String name = target + "/";
                List<String> args = new java.util.ArrayList<>(command);
                args.add(name);
                Cli.Result r = usageError(args.toArray(String[]::new));
                assertTrue(r.err().contains("'" + name + "' ends in '/', so it names a directory, not a file"), r::both);
            }
        }
        assertFalse(Files.exists(sub), "no file named after the directory");
        assertEquals(0, Files.list(existing).count(), "nothing written into the directory either");
    }

    /**
     * A name this system cannot use (a NUL character here; outside ASCII under LC_ALL=C) is a usage
     * error that says so, not picocli's conversion failure naming InvalidPathException, for inputs
     * and outputs alike.
     */
    @Test
    void aNameTheSystemCannotUseIsSaidToBeOne() {
        String bad = dir + "/a\0b.obj";
        String said = "cannot use the name '" + dir + "/a\\x00b.obj' on this system: Nul character not allowed";
        List<List<String>> commands = List.of(
                List.of("subdivide", "--sample", "icosahedron", "-l", "0", "--backend", "java", "-o", bad),
                List.of("bench", "--sample", "icosahedron", "-l", "0", "--reps", "1", "--backend", "java", "--json",
                        bad),
                List.of("demo", "--headless", "--sample", "icosahedron", "--screenshot", bad),
                List.of("subdivide", bad, "-o", out()),
                List.of("info", bad),
                List.of("bench", bad, "-l", "0", "--backend", "java"),
                List.of("verify", bad, "-l", "0"),
                List.of("demo", "--headless", bad));
        for (List<String> command : commands) {
            Cli.Result r = usageError(command.toArray(String[]::new));
            assertTrue(r.err().contains(said), r::both);
            assertFalse(r.err().contains("InvalidPathException"), r::both);
        }
        assertFalse(Files.exists(dir.resolve("out.obj")));
    }

    @Test
    void missingOutputOption() {
        Cli.Result r = usageError("subdivide", "--sample", "icosahedron");
        assertTrue(r.err().contains("Missing required option: '--output=<out.obj>'"), r::both);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "17", "1000"})
    void levelsOutOfRange(String levels) throws Exception {
        Cli.Result r = usageError("subdivide", "--sample", "icosahedron", "-o", out(), "--levels", levels);
        assertTrue(r.err().contains("--levels must be 0 to 16, got " + levels), r::both);
        assertEquals(0, Files.list(dir).count(), "nothing written");
    }

    @Test
    void levelsNotANumber() {
        Cli.Result r = usageError("subdivide", "--sample", "icosahedron", "-o", out(), "--levels", "two");
        assertTrue(r.err().contains("'two' is not an int"), r::both);
    }

    @Test
    void unknownSampleListsTheKnownOnes() {
        Cli.Result r = usageError("subdivide", "--sample", "teacup", "-o", out());
        assertTrue(r.err().contains("unknown sample 'teacup'; known samples: bigguy, cylinder, icosahedron, rook"), r::both);
        assertFalse(Files.exists(dir.resolve("out.obj")));
    }

    @Test
    void sampleAndFileTogether() throws Exception {
        Path input = Cli.mesh("tetrahedron.obj");
        Cli.Result r = usageError("subdivide", input.toString(), "--sample", "icosahedron", "-o", out());
        assertTrue(r.err().contains("either an input file or --sample, not both"), r::both);
        assertEquals(0, Files.list(dir).count(), "nothing written");
    }

    @Test
    void neitherSampleNorFile() {
        Cli.Result r = usageError("subdivide", "-o", out());
        assertTrue(r.err().contains("missing input"), r::both);
    }

    @Test
    void unknownScheme() {
        Cli.Result r = usageError("subdivide", "--sample", "icosahedron", "-o", out(), "--scheme", "catmull");
        assertTrue(r.err().contains("'catmull' is not a scheme; expected one of loop, warren"), r::both);
    }

    @Test
    void schemeIsCaseInsensitive() {
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-o", out(), "--scheme", "Warren", "-l", "0");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
    }

    @Test
    void unknownBackEnd() {
        Cli.Result r = usageError("subdivide", "--sample", "icosahedron", "-o", out(), "--backend", "metal");
        assertTrue(r.err().contains("unknown back end 'metal'; available: gl, java, auto"), r::both);
    }

    @Test
    void negativeThreads() {
        Cli.Result r = usageError("subdivide", "--sample", "icosahedron", "-o", out(), "--threads", "-2");
        assertTrue(r.err().contains("--threads must be"), r::both);
    }

    @Test
    void unknownOption() {
        Cli.Result r = usageError("subdivide", "--sample", "icosahedron", "-o", out(), "--depth", "3");
        assertTrue(r.err().contains("Unknown option: '--depth'"), r::both);
    }

    @Test
    void noCommand() {
        Cli.Result r = usageError();
        assertTrue(r.err().contains("missing command"), r::both);
    }

    @Test
    void unknownCommand() {
        Cli.Result r = usageError("subdivde", "x.obj");
        assertTrue(r.err().contains("subdivde"), r::both);
    }

    @Test
    void infoWithoutInput() {
        Cli.Result r = usageError("info");
        assertTrue(r.err().contains("missing input"), r::both);
    }

    /**
     * Issue 21: the error, the command's synopsis and where its help is, not the whole help (which
     * scrolled the error out of sight).
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "subdivide --sample icosahedron -o OUT --levels two|loopsub subdivide (<in.obj> | --sample <name>) -o <out.obj>",
        "subdivide --sample icosahedron|loopsub subdivide (<in.obj> | --sample <name>) -o <out.obj>",
        "subdivide --sample icosahedron -o OUT --scheme catmull|loopsub subdivide (<in.obj> | --sample <name>)",
        "bench --sample icosahedron|loopsub bench (<in.obj> | --sample <name>) (-l N | --adaptive)",
        "verify --sample icosahedron -l 99|loopsub verify (<in.obj> | --sample <name>) (-l N | --adaptive)",
        "info|loopsub info (<in.obj> | --sample <name>)",
        "demo --sample icosahedron --frames 0|loopsub demo (<in.obj> | --sample <name>)",
        "--nosuch|loopsub [-hV] [--debug] COMMAND"})
    void aUsageErrorIsTheErrorTheSynopsisAndAPointerToTheHelp(String testCase) {
        String[] parts = testCase.split("\\|", 2);
        String[] args = parts[0].replace("OUT", out()).split(" ");
        Cli.Result r = usageError(args);
        List<String> lines = r.err().lines().toList();
        assertTrue(lines.size() <= 5, () -> "short: " + r.both());
        assertTrue(lines.get(0).startsWith("loopsub: "), r::both);
        String command = args[0].startsWith("-") ? "loopsub" : "loopsub " + args[0];
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("Usage: " + parts[1])), r::both);
        assertEquals("see '" + command + " --help'", lines.get(lines.size() - 1), r::both);
        assertFalse(r.err().contains("Options:"), "no option list");
        assertEquals("", r.out());
    }

    @Test
    void theHelpStillListsTheOptions() {
        Cli.Result r = Cli.run("subdivide", "--help");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(r.out().startsWith("Usage: loopsub subdivide (<in.obj> | --sample <name>) -o <out.obj> [OPTIONS]\n"),
                r::both);
        assertTrue(r.out().contains("Options:") && r.out().contains("--levels=<N>"), r::both);
    }
}
