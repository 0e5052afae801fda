package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        assertContains(r.out(), "Usage: loopsub", "subdivide", "info", "--debug", "--help", "--version",
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
                "--sample=<name>", "bigguy, icosahedron",
                "-o, --output=<out.obj>", "(required)",
                "-l, --levels=<N>", "0 to 16", "Default: 1.",
                "--scheme=<scheme>", "loop", "warren", "Default: loop.",
                "--threads=<N>", "Default: 0.",
                "--backend=<name>", "Default: java.",
                "--stats", "on stdout",
                "-q, --quiet", "--debug", "-h, --help", "-V, --version",
                "Exit codes:", "Examples:");
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
        assertContains(r.out(), "Java ", "back ends: java");
    }
}
