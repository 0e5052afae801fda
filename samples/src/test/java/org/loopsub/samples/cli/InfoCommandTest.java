package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code loopsub info} reports the welded mesh and exits with its validity. */
class InfoCommandTest {
    @TempDir
    Path dir;

    /** @return the value printed after {@code label:} on its own line */
    private static String field(String report, String label) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(label) + ":\\s+(.*)$").matcher(report);
        assertTrue(m.find(), () -> "no '" + label + "' in:\n" + report);
        return m.group(1);
    }

    @Test
    void bunnyIsValidAndCounted() {
        Cli.Result r = Cli.run("info", Cli.mesh("bunny_npm.obj").toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertEquals("1839", field(r.out(), "vertices"));
        assertEquals("3674", field(r.out(), "triangles"));
        // closed: Euler's formula for a sphere, and no boundary
        assertEquals("5511", field(r.out(), "edges"));
        assertEquals("0", field(r.out(), "boundary edges"));
        assertEquals("0", field(r.out(), "boundary loops"));
        assertEquals("yes", field(r.out(), "valid"));
        assertTrue(r.out().contains("problems: none"), r::both);
        assertEquals("", r.err());
    }

    @Test
    void cornerTagsAndTextureCoordinatesAreCounted(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path in = dir.resolve("tagged.obj");
        java.nio.file.Files.writeString(in, "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\n"
                + "f 1/1 2/2 3/3\nt corner 2/1/0 0 1 10\n");
        Cli.Result r = Cli.run("info", in.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertEquals("2", field(r.out(), "corner tags"));
        assertEquals("3 (vt, carried through refinement)", field(r.out(), "texture coords"));
    }

    @Test
    void valenceHistogramAddsUpToTheVertices() {
        Cli.Result r = Cli.run("info", Cli.mesh("bunny_npm.obj").toString());
        Matcher m = Pattern.compile("(?m)^  valence +(\\d+): (\\d+) vert").matcher(r.out());
        int vertices = 0;
        int weighted = 0;
        while (m.find()) {
            vertices += Integer.parseInt(m.group(2));
            weighted += Integer.parseInt(m.group(1)) * Integer.parseInt(m.group(2));
        }
        assertEquals(1839, vertices, r::both);
        assertEquals(2 * 5511, weighted, "each edge counted at both ends");
    }

    @Test
    void openMeshHasOneBoundaryLoop() {
        Cli.Result r = Cli.run("info", Cli.mesh("mesh_with_border.obj").toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertEquals("80", field(r.out(), "boundary edges"));
        assertEquals("1", field(r.out(), "boundary loops"));
    }

    @Test
    void teapotIsInvalid() {
        Path teapot = Cli.mesh("teapot.obj");
        Cli.Result r = Cli.run("info", teapot.toString());
        assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
        assertEquals("no", field(r.out(), "valid"));
        assertEquals("992", field(r.out(), "triangles"));
        assertEquals("64", field(r.out(), "boundary edges"));
        assertTrue(r.out().contains("  non-manifold vertex: vertex "), r::both);
        assertTrue(Integer.parseInt(field(r.out(), "merged vertices").split(" ")[0]) > 0, r::both);
        assertTrue(r.err().startsWith("loopsub: " + teapot + ": cannot be subdivided"), r::both);
    }

    @Test
    void sampleIsValid() {
        Cli.Result r = Cli.run("info", "--sample", "bigguy");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertEquals("2900", field(r.out(), "triangles"));
        assertEquals("sample:bigguy", field(r.out(), "mesh"));
    }

    @Test
    void weldWarningsAreReported() throws Exception {
        // a tetrahedron whose vertex 1 is repeated as vertex 5, plus an unused vertex 6
        Path input = dir.resolve("dup.obj");
        Files.writeString(input, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 0 0 0\nv 9 9 9\n"
                + "f 1 3 2\nf 1 2 4\nf 2 3 4\nf 3 5 4\n");
        Cli.Result r = Cli.run("info", input.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertEquals("4", field(r.out(), "vertices"));
        assertTrue(field(r.out(), "merged vertices").startsWith("1 "), r::both);
        assertTrue(field(r.out(), "dropped vertices").startsWith("1 "), r::both);
        assertTrue(r.out().contains("dropped (the first is vertex"), r::both);
    }

    @Test
    void missingFile() {
        Cli.Result r = Cli.run("info", dir.resolve("nope.obj").toString());
        assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
        assertTrue(r.err().contains("no such file"), r::both);
    }
}
