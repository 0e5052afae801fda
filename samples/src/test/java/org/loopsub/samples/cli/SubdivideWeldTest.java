package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code subdivide --weld exact|none} (issue 21): the teapot, whose patches touch at points once
 * welded, is refused by default and refined by its own indices with {@code none}.
 */
class SubdivideWeldTest {
    @TempDir
    Path dir;

    @Test
    void theTeapotIsRefusedWeldedAndRefinedByItsIndices() throws Exception {
        Path teapot = Cli.mesh("teapot.obj");
        Path out = dir.resolve("teapot.obj");
        Cli.Result refused = Cli.run("subdivide", teapot.toString(), "-o", out.toString(), "--backend", "java");
        assertEquals(ExitCodes.INPUT, refused.exitCode(), refused::both);
        assertTrue(refused.err().contains("non-manifold vertex"), refused::both);
        assertTrue(refused.err().contains("--weld none"), "the refusal suggests the file's own indexing: " + refused.both());
        assertFalse(Files.exists(out));

        Cli.Result r = Cli.run("subdivide", teapot.toString(), "-o", out.toString(), "--backend", "java",
                "--weld", "none");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertFalse(r.err().contains("merged"), "nothing merged: " + r.err());
        int faces = Cli.lines(teapot, "f ").size();
        assertEquals(4 * faces, Cli.lines(out, "f ").size(), "every (triangle) face split in four");
    }

    @Test
    void aSplitSeamRefinesDifferentlyWithoutWeld() throws Exception {
        // two triangles sharing the edge (0,0,0)-(1,0,0) by position only, bent along it
        Path in = dir.resolve("bent.obj");
        Files.writeString(in, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 0\nv 1 0 0\nv 1 -1 1\nf 1 2 3\nf 5 4 6\n");
        Path exact = dir.resolve("exact.obj");
        Path none = dir.resolve("none.obj");
        Cli.Result a = Cli.run("subdivide", in.toString(), "-o", exact.toString(), "--backend", "java", "-l", "2");
        Cli.Result b = Cli.run("subdivide", in.toString(), "-o", none.toString(), "--backend", "java", "-l", "2",
                "--weld", "none");
        assertEquals(ExitCodes.OK, a.exitCode(), a::both);
        assertEquals(ExitCodes.OK, b.exitCode(), b::both);
        assertTrue(a.err().contains("2 input vertices shared an exact position"), a::both);
        assertNotEquals(Cli.lines(exact, "v "), Cli.lines(none, "v "));
    }

    @Test
    void anUnknownRuleIsAUsageError() {
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-o", dir.resolve("x.obj").toString(),
                "--weld", "tolerant");
        assertEquals(ExitCodes.USAGE, r.exitCode(), r::both);
        assertTrue(r.err().contains("--weld must be exact or none"), r::both);
    }
}
