package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The help text names every option with its default, and help and version exit with 0. */
class HelpTest {
    private static void assertContains(String text, String... parts) {
        for (String part : parts) {
            assertTrue(text.contains(part), () -> "missing '" + part + "' in:\n" + text);
        }
    }

    /** Collapses picocli's line wrapping so phrases can be searched whole. */
    private static String flat(String help) {
        return help.replaceAll("\\s+", " ");
    }

    @Test
    void topLevelHelpListsCommandsAndExitCodes() {
        Cli.Result r = Cli.run("--help");
        assertEquals(0, r.exitCode(), r::both);
        assertContains(r.out(), "Usage: loopsub", "subdivide", "info", "bench", "verify", "demo", "--debug", "--help",
                "--version",
                "Exit codes:", "JAVA_OPTS");
        for (int code = 0; code <= 5; code++) {
            assertTrue(r.out().contains("\n  " + code + "   "), "exit code " + code + " documented");
        }
        assertEquals("", r.err());
    }

    @Test
    void subdivideHelpDescribesEveryOptionWithItsDefault() {
        Cli.Result r = Cli.run("subdivide", "--help");
        assertEquals(0, r.exitCode(), r::both);
        String help = flat(r.out());
        assertContains(help, "Usage: loopsub subdivide", "<in.obj>",
                "--sample=<name>", "bigguy, cylinder, icosahedron, rook",
                "-o, --output=<out.obj>", "(required)",
                "-l, --levels=<N>", "0 to 16", "Default: 1.",
                "--scheme=<scheme>", "loop", "warren", "Default: loop.",
                "--threads=<N>", "Default: 0.",
                "--backend=<name>", "gl", "java", "auto", "Default: auto.",
                "--scan=<scan>", "hillis-steele, reduce-then-scan, subgroup",
                "--stats", "on stdout",
                "-q, --quiet", "--debug", "-h, --help", "-V, --version",
                "Exit codes:", "Examples:");
    }

    @Test
    void subdivideHelpDescribesTheAdaptiveOptions() {
        String help = flat(Cli.run("subdivide", "--help").out());
        assertContains(help, "--adaptive", "Excludes --levels.", "Default: off (uniform).",
                "--max-depth=<D>", "Default: 6.",
                "--max-edge=<L>", "--screen-px=<P>", "--flatness=<T>", "Default: not used.",
                "--eye=<x,y,z>", "--target=<x,y,z>", "(and required by it)",
                "--up=<x,y,z>", "Default: 0,1,0.",
                "--fov=<deg>", "Default: 45.",
                "--viewport=<WxH>", "Default: 1920x1080.",
                "slivers and their share of the triangles");
    }

    @Test
    void benchHelpDescribesEveryOptionWithItsDefault() {
        Cli.Result r = Cli.run("bench", "--help");
        assertEquals(0, r.exitCode(), r::both);
        String help = flat(r.out());
        assertContains(help, "Usage: loopsub bench", "<in.obj>", "--sample=<name>",
                "-l, --levels=<N>", "Give either this or --adaptive.",
                "--adaptive", "--max-depth=<D>", "--max-edge=<L>", "--screen-px=<P>", "--flatness=<T>",
                "--reps=<R>", "Default: 5.",
                "--warmup=<W>", "Default: 2.",
                "--threads=<N>", "Default: 0.",
                "--json=<out.json>", "Default: none.",
                "--backend=<name>", "Default: auto.", "--scan=<scan>",
                "--verify", "--copy-bandwidth-gbs=<X>",
                "kernel time", "end-to-end", "GB/s",
                "triangles/s", "No mesh is written.", "Exit codes:", "Examples:");
        for (String line : r.out().split("\n")) {
            assertTrue(line.length() <= 80, () -> "longer than 80 columns: " + line);
        }
    }

    @Test
    void verifyHelpDescribesItsOptionsAndExitStatus() {
        Cli.Result r = Cli.run("verify", "--help");
        assertEquals(0, r.exitCode(), r::both);
        String help = flat(r.out());
        assertContains(help, "Usage: loopsub verify", "<in.obj>", "--sample=<name>", "-l, --levels=<N>",
                "--adaptive", "--max-edge=<L>", "--scheme=<scheme>", "--scan=<scan>", "Default: all.",
                "0 every output is identical", "1 an output differs", "5 no OpenGL 4.3 context", "Examples:");
        assertFalse(help.contains("--gl-budget-mib"), "a testing option, hidden");
        for (String line : r.out().split("\n")) {
            assertTrue(line.length() <= 80, () -> "longer than 80 columns: " + line);
        }
    }

    @Test
    void demoHelpDescribesEveryOptionWithItsDefault() {
        Cli.Result r = Cli.run("demo", "--help");
        assertEquals(0, r.exitCode(), r::both);
        String help = flat(r.out());
        assertContains(help, "Usage: loopsub demo", "<in.obj>", "--sample=<name>", "bigguy, cylinder, icosahedron, rook",
                "--screen-px=<P>", "0.25 to 256.0", "Default: 1.",
                "--max-depth=<D>", "0 to 16", "Default: 8.",
                "--size=<WxH>", "Default: 1280x720.",
                "--headless", "null platform", "EGL", "Default: off (a window).",
                "--frames=<N>", "Default: no limit in a window, 120 with --headless.",
                "--orbit=<DEG>", "Default: 0.",
                "--screenshot=<FILE.png>", "--stats-json=<FILE>", "Default: none.",
                "left drag orbits", "W wireframe", "L colour by level", "F freeze", "A animate", "H help",
                "frames N, frame ms median X p95 Y, refine gpu ms median Z, triangles median T",
                "5 no display (and no --headless), or no OpenGL 4.3 context", "Exit codes:", "Examples:");
        for (String line : r.out().split("\n")) {
            assertTrue(line.length() <= 80, () -> "longer than 80 columns: " + line);
        }
    }

    @Test
    void glBudgetIsHidden() {
        assertFalse(Cli.run("subdivide", "--help").out().contains("--gl-budget-mib"));
        assertFalse(Cli.run("bench", "--help").out().contains("--gl-budget-mib"));
    }

    @Test
    void infoHelpDescribesItsExitStatus() {
        Cli.Result r = Cli.run("info", "--help");
        assertEquals(0, r.exitCode(), r::both);
        assertContains(flat(r.out()), "Usage: loopsub info", "<in.obj>", "--sample=<name>",
                "0 the mesh is valid", "3 the mesh is not valid");
    }

    @Test
    void helpSubcommandShowsTheSameText() {
        assertEquals(Cli.run("subdivide", "--help").out(), Cli.run("help", "subdivide").out());
    }

    @Test
    void versionNamesTheProductAndTheBackEnds() {
        Cli.Result r = Cli.run("--version");
        assertEquals(0, r.exitCode(), r::both);
        assertTrue(r.out().startsWith("loopsub "), r::both);
        // both back ends, by name, whichever jar brought them
        assertContains(r.out(), "Java ", "back ends: gl", ", java");
    }

    /** Every subcommand offers -V and --version (picocli's standard options): they print what the top level does. */
    @Test
    void subcommandVersionIsTheTopLevelVersion() {
        String version = Cli.run("--version").out();
        for (String command : new String[] {"subdivide", "info", "bench", "verify", "demo"}) {
            for (String option : new String[] {"-V", "--version"}) {
                Cli.Result r = Cli.run(command, option);
                assertEquals(ExitCodes.OK, r.exitCode(), r::both);
                assertEquals(version, r.out(), command + " " + option);
                assertEquals("", r.err(), r::both);
            }
        }
    }

    @Test
    void unknownCommandIsAUsageErrorEvenWithHelp() {
        for (String[] args : new String[][] {{"nosuch"}, {"nosuch", "--help"}, {"--help", "nosuch"},
            {"nosuch", "--version"}}) {
            Cli.Result r = Cli.run(args);
            assertEquals(ExitCodes.USAGE, r.exitCode(), r::both);
            assertContains(r.err(), "'nosuch'");
            assertFalse(r.out().contains("Usage: loopsub"), "no help text on stdout for an unknown command");
        }
    }

    @Test
    void shortHelpAndVersionWork() {
        assertEquals(Cli.run("--help").out(), Cli.run("-h").out());
        assertEquals(Cli.run("--version").out(), Cli.run("-V").out());
    }

    /** Issue 21: the help says what is really read and written, and what a 0.0 ms level means. */
    @Test
    void subdivideHelpStatesTheOutputFormatAndTheFusedLevels() {
        String help = flat(Cli.run("subdivide", "--help").out());
        assertFalse(help.contains("vt/vn ignored"), "uvs are carried, not ignored");
        assertContains(help, "'vt' lines", "'f v/vt/vn' with texture coordinates", "'f v//vn'",
                "vn is ignored", "or - for stdin", "or - for stdout",
                "A level whose ms is 0.0 ran no passes of its own", "on stderr with -o -");
    }

    /** What the help says about faces is what subdivide writes, with uvs and without. */
    @Test
    void theFaceFormsInTheHelpAreTheOnesWritten() {
        String withUvs = Cli.runWithStdin("v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nf 1/1 2/2 3/3\n",
                "subdivide", "-", "-l", "0", "-q", "-o", "-").out();
        assertTrue(withUvs.contains("\nf 1/1/1 2/2/2 3/3/3\n"), withUvs);
        String without = Cli.runWithStdin("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
                "subdivide", "-", "-l", "0", "-q", "-o", "-").out();
        assertTrue(without.contains("\nf 1//1 2//2 3//3\n"), without);
    }
}
