package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code loopsub subdivide} writes the refined mesh, the same bytes every time. */
class SubdivideCommandTest {
    @TempDir
    Path dir;

    private Path run(String name, String... args) {
        Path output = dir.resolve(name);
        String[] all = new String[args.length + 3];
        all[0] = "subdivide";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "-o";
        all[args.length + 2] = output.toString();
        Cli.Result r = Cli.run(all);
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        return output;
    }

    @Test
    void icosahedronTwoLevels() throws Exception {
        Path out = run("ico2.obj", "--sample", "icosahedron", "--levels", "2");
        // V = 10 * 4^2 + 2 for a subdivided icosahedron; F = 20 * 4^2
        assertEquals(162, Cli.lines(out, "v ").size());
        assertEquals(162, Cli.lines(out, "vn ").size());
        List<String> faces = Cli.lines(out, "f ");
        assertEquals(320, faces.size());
        for (String f : faces) {
            for (String corner : f.substring(2).split(" ")) {
                int v = Integer.parseInt(corner.substring(0, corner.indexOf('/')));
                assertTrue(v >= 1 && v <= 162, f);
            }
        }
    }

    /**
     * {@code --limit}: the same topology, every vertex on the limit surface; the icosahedron's limit
     * surface lies inside its level-2 control polyhedron, so every vertex moves inwards, and the
     * limit normals of this symmetric mesh are radial.
     */
    @Test
    void limitPutsTheVerticesOnTheLimitSurface() throws Exception {
        Path control = run("ico2c.obj", "--sample", "icosahedron", "--levels", "2");
        Path limit = run("ico2l.obj", "--sample", "icosahedron", "--levels", "2", "--limit");
        List<String> cv = Cli.lines(control, "v ");
        List<String> lv = Cli.lines(limit, "v ");
        List<String> ln = Cli.lines(limit, "vn ");
        assertEquals(cv.size(), lv.size());
        assertEquals(Cli.lines(control, "f "), Cli.lines(limit, "f "), "the same faces");
        for (int i = 0; i < cv.size(); i++) {
            double[] c = xyz(cv.get(i));
            double[] l = xyz(lv.get(i));
            double[] n = xyz(ln.get(i));
            double rc = Math.sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
            double rl = Math.sqrt(l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
            assertTrue(rl < rc, "vertex " + i + " moved inwards");
            double cos = (l[0] * n[0] + l[1] * n[1] + l[2] * n[2]) / rl;
            assertTrue(cos > 0.98, "normal " + i + " radial: " + cos);
        }
    }

    private static double[] xyz(String line) {
        String[] p = line.trim().split(" +");
        return new double[] {Double.parseDouble(p[1]), Double.parseDouble(p[2]), Double.parseDouble(p[3])};
    }

    /**
     * rookT's crease tags apply by default and {@code --ignore-creases} drops them (a different
     * surface, the same topology); {@code --boundary} takes edge-only or edge-and-corner, and
     * refuses anything else with a usage error.
     */
    @Test
    void creaseTagsApplyUnlessIgnored() throws Exception {
        String rook = Cli.mesh("rookT.obj").toString();
        Path sharp = run("rook-sharp.obj", rook, "-l", "1");
        Path smooth = run("rook-smooth.obj", rook, "-l", "1", "--ignore-creases");
        assertEquals(Cli.lines(sharp, "f "), Cli.lines(smooth, "f "), "the same faces");
        assertTrue(!Cli.lines(sharp, "v ").equals(Cli.lines(smooth, "v ")), "the tags changed no vertex");
        String border = Cli.mesh("mesh_with_border.obj").toString();
        Path edge = run("border-e.obj", border, "-l", "1", "--boundary", "edge-only");
        Path corner = run("border-c.obj", border, "-l", "1", "--boundary", "edge-and-corner");
        assertTrue(!Cli.lines(edge, "v ").equals(Cli.lines(corner, "v ")), "edge-and-corner changed no vertex");
        Cli.Result bad = Cli.run("subdivide", border, "-l", "1", "--boundary", "sharp", "-o",
                dir.resolve("bad.obj").toString());
        assertEquals(ExitCodes.USAGE, bad.exitCode(), bad::both);
        assertTrue(bad.err().contains("--boundary must be edge-only or edge-and-corner"), bad::both);
        Path chaikin = run("rook-chaikin.obj", rook, "-l", "1", "--creasing", "chaikin");
        assertEquals(Cli.lines(sharp, "f "), Cli.lines(chaikin, "f "), "the same faces");
        Cli.Result badCreasing = Cli.run("subdivide", rook, "-l", "1", "--creasing", "smooth", "-o",
                dir.resolve("bad2.obj").toString());
        assertEquals(ExitCodes.USAGE, badCreasing.exitCode(), badCreasing::both);
    }

    /**
     * {@code --uv smooth} refines texture coordinates by OpenSubdiv's smooth face-varying rule: the
     * same faces, other uvs than the default linear rule (a bumpy grid's projection is not linear in
     * the refined positions); anything but linear or smooth is a usage error.
     */
    @Test
    void uvRuleIsChosenByUv() throws Exception {
        StringBuilder obj = new StringBuilder();
        int n = 4;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                obj.append("v ").append(i).append(' ').append(j).append(' ').append((i * 7 + j * 3) % 5 * 0.2).append('\n');
                obj.append("vt ").append(i / 3.0).append(' ').append(j / 3.0).append('\n');
            }
        }
        for (int j = 0; j + 1 < n; j++) {
            for (int i = 0; i + 1 < n; i++) {
                int a = j * n + i + 1;
                int b = a + 1;
                int c = a + n;
                int d = c + 1;
                obj.append("f ").append(a).append('/').append(a).append(' ').append(b).append('/').append(b).append(' ')
                        .append(d).append('/').append(d).append('\n');
                obj.append("f ").append(a).append('/').append(a).append(' ').append(d).append('/').append(d).append(' ')
                        .append(c).append('/').append(c).append('\n');
            }
        }
        Path grid = dir.resolve("uv-grid.obj");
        Files.writeString(grid, obj.toString());
        Path linear = run("uv-linear.obj", grid.toString(), "-l", "2");
        Path smooth = run("uv-smooth.obj", grid.toString(), "-l", "2", "--uv", "smooth");
        assertEquals(Cli.lines(linear, "f "), Cli.lines(smooth, "f "), "the same faces");
        assertEquals(Cli.lines(linear, "v "), Cli.lines(smooth, "v "), "the same positions");
        assertTrue(!Cli.lines(linear, "vt ").equals(Cli.lines(smooth, "vt ")), "--uv smooth changed no uv");
        // the grid's corner (3, 0) has one face: the smooth rule keeps its uv (1, 0)
        List<String> uvs = Cli.lines(smooth, "vt ");
        assertTrue(uvs.stream().anyMatch(l -> l.matches("vt 1(\\.0+)? 0(\\.0+)?")), () -> "corner uv kept: " + uvs);
        Cli.Result bad = Cli.run("subdivide", grid.toString(), "-l", "1", "--uv", "cubic", "-o",
                dir.resolve("bad-uv.obj").toString());
        assertEquals(ExitCodes.USAGE, bad.exitCode(), bad::both);
        assertTrue(bad.err().contains("--uv must be linear or smooth"), bad::both);
    }

    @Test
    void levelZeroKeepsTheInput() throws Exception {
        Path out = run("tet0.obj", Cli.mesh("tetrahedron.obj").toString(), "--levels", "0");
        assertEquals(4, Cli.lines(out, "v ").size());
        assertEquals(4, Cli.lines(out, "f ").size());
    }

    @Test
    void relativeOutputPathIsAccepted() throws Exception {
        // the launcher does not cd, so a relative -o must resolve against the working directory
        Path rel = Path.of("target", "cli-test-relative-" + ProcessHandle.current().pid() + ".obj");
        try {
            Files.createDirectories(Path.of("target"));
            Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-l", "0", "-o", rel.toString());
            assertEquals(ExitCodes.OK, r.exitCode(), r::both);
            assertEquals(12, Cli.lines(rel, "v ").size());
        } finally {
            Files.deleteIfExists(rel);
        }
    }

    @Test
    void sameBytesEveryRunAndForAnyThreadCount() throws Exception {
        String bunny = Cli.mesh("bunny_npm.obj").toString();
        byte[] first = Files.readAllBytes(run("a.obj", bunny, "-l", "2"));
        byte[] again = Files.readAllBytes(run("b.obj", bunny, "-l", "2"));
        byte[] one = Files.readAllBytes(run("t1.obj", bunny, "-l", "2", "--threads", "1"));
        byte[] two = Files.readAllBytes(run("t2.obj", bunny, "-l", "2", "--threads", "2"));
        assertEquals(3674 * 16, Cli.lines(dir.resolve("a.obj"), "f ").size());
        assertArrayEquals(first, again, "two runs");
        assertArrayEquals(first, one, "--threads 1");
        assertArrayEquals(first, two, "--threads 2");
    }

    @Test
    void warrenDiffersFromLoopButHasTheSameTopology() throws Exception {
        byte[] loop = Files.readAllBytes(run("loop.obj", "--sample", "icosahedron", "-l", "1"));
        byte[] warren = Files.readAllBytes(run("warren.obj", "--sample", "icosahedron", "-l", "1", "--scheme",
                "warren"));
        assertFalse(java.util.Arrays.equals(loop, warren), "valence 5: the weights differ");
        assertEquals(Cli.lines(dir.resolve("loop.obj"), "f "), Cli.lines(dir.resolve("warren.obj"), "f "));
    }

    @Test
    void existingOutputIsReplaced() throws Exception {
        Path out = dir.resolve("old.obj");
        Files.writeString(out, "# old\n");
        run("old.obj", "--sample", "icosahedron", "-l", "1");
        assertEquals(42, Cli.lines(out, "v ").size());
        assertEquals(1, Files.list(dir).count(), "no temporary file left behind");
    }

    @Test
    void statsTableOnStdout() {
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-l", "3", "--stats", "-o",
                dir.resolve("s.obj").toString(), "--backend", "java");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        String[] lines = r.out().split("\n");
        assertTrue(lines[0].matches(" *level +active +finished +slivers +split +ms"), r::both);
        // uniform: every level splits all its triangles, 20 * 4^level
        for (int level = 0; level < 3; level++) {
            String[] cells = lines[1 + level].trim().split(" +");
            assertEquals(Integer.toString(level), cells[0]);
            long active = 20L << (2 * level);
            assertEquals(Long.toString(active), cells[1], r::both);
            assertEquals(Long.toString(active), cells[4], r::both);
        }
        assertTrue(r.out().contains("output: 642 vertices, 1280 triangles"), r::both);
        Matcher m = Pattern.compile("time: refine [0-9.]+ ms, total [0-9.]+ ms; \\S+ triangles/s").matcher(r.out());
        assertTrue(m.find(), r::both);
        assertEquals("", r.err(), "fast runs print no progress");
    }

    @Test
    void withoutStatsStdoutIsEmpty() {
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-o", dir.resolve("q.obj").toString(),
                "--backend", "java");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertEquals("", r.out());
        assertEquals("", r.err());
    }

    @Test
    void weldWarningsOnStderrUnlessQuiet() throws Exception {
        Path input = dir.resolve("dup.obj");
        Files.writeString(input, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 0 0 0\nv 9 9 9\n"
                + "f 1 3 2\nf 1 2 4\nf 2 3 4\nf 3 5 4\n");
        Cli.Result r = Cli.run("subdivide", input.toString(), "-o", dir.resolve("w.obj").toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(r.err().contains("loopsub: " + input + ": warning: 1 input vertex shared an exact position"),
                r::both);
        assertTrue(r.err().contains("warning: 1 vertex used by no face was dropped"), r::both);

        Cli.Result quiet = Cli.run("subdivide", input.toString(), "-o", dir.resolve("w2.obj").toString(), "-q");
        assertEquals(ExitCodes.OK, quiet.exitCode(), quiet::both);
        assertEquals("", quiet.err());
        assertArrayEquals(Files.readAllBytes(dir.resolve("w.obj")), Files.readAllBytes(dir.resolve("w2.obj")));
    }

    /**
     * A unit tetrahedron at 4e6 refined 3 levels has detail below float's step there (0.25): its
     * output vertices fall onto each other, which the warning counts; at the origin there is none.
     */
    @Test
    void anOutputTooFineForItsDistanceFromTheOriginIsAWarning() throws Exception {
        String faces = "f 1 3 2\nf 1 2 4\nf 2 3 4\nf 3 1 4\n";
        Path far = dir.resolve("far.obj");
        Files.writeString(far, "v 4e6 4e6 4e6\nv 4000001 4e6 4e6\nv 4e6 4000001 4e6\nv 4e6 4e6 4000001\n" + faces);
        Path farOut = dir.resolve("far3.obj");
        Cli.Result r = Cli.run("subdivide", far.toString(), "-l", "3", "--backend", "java", "-o", farOut.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        List<String> v = Cli.lines(farOut, "v ");
        int fell = v.size() - (int) v.stream().distinct().count();
        assertTrue(fell > 0, "the output does lose vertices there");
        assertTrue(r.err().contains("loopsub: " + far + ": warning: " + fell + " of " + v.size()
                + " output vertices fell on the position of another"), r::both);
        assertTrue(r.err().contains("move the mesh near the origin"), r::both);
        Cli.Result quiet = Cli.run("subdivide", far.toString(), "-l", "3", "--backend", "java", "-q", "-o",
                dir.resolve("far3q.obj").toString());
        assertEquals("", quiet.err(), quiet::both);

        Path near = dir.resolve("near.obj");
        Files.writeString(near, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n" + faces);
        Path nearOut = dir.resolve("near3.obj");
        Cli.Result atOrigin = Cli.run("subdivide", near.toString(), "-l", "3", "--backend", "java", "-o",
                nearOut.toString());
        assertEquals(ExitCodes.OK, atOrigin.exitCode(), atOrigin::both);
        assertFalse(atOrigin.err().contains("warning"), atOrigin::both);
        List<String> nv = Cli.lines(nearOut, "v ");
        assertEquals(nv.size(), nv.stream().distinct().count(), "every vertex a position of its own");
    }

    /** A crease tag on two vertices that share no edge is a warning (as in OpenSubdiv), not an error. */
    @Test
    void aCreaseTagOnNoEdgeIsAWarning() throws Exception {
        Path in = dir.resolve("square.obj");
        Files.writeString(in, "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3\nf 1 3 4\n"
                + "t crease 2/1/0 1 3 2.0\nt crease 2/1/0 0 1 2.0\n");
        Cli.Result r = Cli.run("subdivide", in.toString(), "-l", "1", "-o", dir.resolve("square1.obj").toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(r.err().contains("1 crease tag names no edge of the mesh and is ignored (first: vertices 1 and 3"),
                r::both);
    }

    @Test
    void tooManyTrianglesForOneRunIsAResourceProblem() throws Exception {
        // 2900 * 4^9 triangles do not fit the engine's output array, whatever the heap
        Path out = dir.resolve("huge.obj");
        Cli.Result r = Cli.run("subdivide", "--sample", "bigguy", "-l", "9", "-o", out.toString());
        assertEquals(ExitCodes.RESOURCE, r.exitCode(), r::both);
        // the array takes 8 levels; the heap of this JVM may take fewer
        LevelAdviceTest.assertAdvisesWhatFitsThisHeap(r.err(), 8);
        assertFalse(Files.exists(out));
    }

    @Test
    void debugIsAcceptedAfterTheSubcommandToo() {
        Cli.Result r = Cli.run("subdivide", "--debug", "--sample", "icosahedron", "-l", "0", "-o",
                dir.resolve("d.obj").toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
    }
}
