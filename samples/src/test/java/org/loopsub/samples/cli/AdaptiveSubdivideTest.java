package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loopsub subdivide --adaptive}: the output file keeps the promises of the command's help,
 * checked on the file itself with the test's own reading of it ({@link ObjMesh}): no cracks, the
 * stop criterion honoured, the {@code --stats} table true to the file, and uniform refinement where
 * the criterion never stops.
 */
class AdaptiveSubdivideTest {
    @TempDir
    Path dir;

    private Cli.Result run(Path output, String... args) {
        List<String> all = new ArrayList<>(List.of("subdivide"));
        all.addAll(List.of(args));
        all.addAll(List.of("-o", output.toString()));
        Cli.Result r = Cli.run(all.toArray(String[]::new));
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        return r;
    }

    // ---- The --stats report.

    /** One row of the table. */
    record Level(int level, long active, long finished, long slivers, long split) {
    }

    /** The table and the totals line. */
    record Stats(List<Level> levels, long vertices, long triangles, long slivers) {
        long finished() {
            return levels.stream().mapToLong(Level::finished).sum();
        }

        long sliverRows() {
            return levels.stream().mapToLong(Level::slivers).sum();
        }
    }

    private static final Pattern TOTALS = Pattern.compile(
            "output: (\\d+) vertices, (\\d+) triangles, (\\d+) slivers \\(([0-9.]+)% of the triangles\\) "
                    + "\\(back end \\w+\\)");

    private static Stats stats(Cli.Result r) {
        String[] lines = r.out().split("\n");
        assertTrue(lines[0].matches(" *level +active +finished +slivers +split +ms"), r::both);
        List<Level> levels = new ArrayList<>();
        int row = 1;
        for (; lines[row].matches(" *\\d+ .*"); row++) {
            String[] cells = lines[row].trim().split(" +");
            levels.add(new Level(Integer.parseInt(cells[0]), Long.parseLong(cells[1]), Long.parseLong(cells[2]),
                    Long.parseLong(cells[3]), Long.parseLong(cells[4])));
        }
        Matcher m = TOTALS.matcher(lines[row]);
        assertTrue(m.matches(), r::both);
        long triangles = Long.parseLong(m.group(2));
        long slivers = Long.parseLong(m.group(3));
        assertEquals(triangles > 0 ? 100.0 * slivers / triangles : 0, Double.parseDouble(m.group(4)), 0.01, r::both);
        return new Stats(levels, Long.parseLong(m.group(1)), triangles, slivers);
    }

    /**
     * The table against the file and against itself: levels 0, 1, ... in order, level 0 is the
     * input, a level's records either finish or split, the next level has four children per split
     * record, and the file holds exactly the finished triangles and slivers the table counts.
     */
    private static void assertStatsDescribe(Stats s, ObjMesh input, ObjMesh out, String what) {
        assertEquals(input.faceCount(), s.levels().get(0).active(), what + ": level 0 is the input");
        for (int l = 0; l < s.levels().size(); l++) {
            Level row = s.levels().get(l);
            assertEquals(l, row.level(), what + ": level numbers");
            assertEquals(row.active(), row.finished() + row.split(), what + ": level " + l + " finishes or splits each");
            if (l + 1 < s.levels().size()) {
                assertEquals(4 * row.split(), s.levels().get(l + 1).active(), what + ": level " + (l + 1) + " children");
            } else {
                assertEquals(0, row.split(), what + ": the last level splits nothing");
            }
        }
        assertEquals(out.faceCount(), s.triangles(), what + ": triangles reported vs f lines");
        assertEquals(out.vertexCount(), s.vertices(), what + ": vertices reported vs v lines");
        assertEquals(s.finished() + s.sliverRows(), out.faceCount(), what + ": finished + slivers of the rows vs f lines");
        assertEquals(s.sliverRows(), s.slivers(), what + ": slivers of the rows vs the total");
    }

    /** Each face of the file, in order: the level it finished at, and whether it is a sliver. */
    private static int[] faceLevels(Stats s, boolean[] sliver) {
        int[] level = new int[sliver.length];
        int at = 0;
        for (Level row : s.levels()) {
            for (long i = 0; i < row.finished(); i++, at++) {
                level[at] = row.level();
            }
            for (long i = 0; i < row.slivers(); i++, at++) {
                level[at] = row.level();
                sliver[at] = true;
            }
        }
        return level;
    }

    /** @return the largest coordinate magnitude, for tolerances relative to the mesh's size */
    private static double extent(ObjMesh m) {
        double e = 0;
        for (float p : m.positions) {
            e = Math.max(e, Math.abs(p));
        }
        return e;
    }

    /**
     * {@code --max-edge L --max-depth D}, computed here from the input and the file: a face that
     * finished above depth D has no edge longer than L (slivers too: their long edge is a complete
     * edge, the others its halves, with the middle corner at its midpoint); exactly the input faces
     * whose three edges are at most L finish at level 0, as they are, in input order.
     */
    private static void assertMaxEdgeHonoured(ObjMesh input, ObjMesh out, Stats s, double limit, int depth, String what) {
        // Floats in the engine's frame against doubles here: allow the rounding of a few operations.
        double slack = 1e-5 * limit + 1e-6 * extent(input);
        boolean[] sliver = new boolean[out.faceCount()];
        int[] level = faceLevels(s, sliver);
        int early = 0;
        for (int t = 0; t < out.faceCount(); t++) {
            if (level[t] >= depth) {
                continue;
            }
            early++;
            if (out.longestEdge(t) > limit + slack) {
                fail(what + ": face " + (t + 1) + " finished at level " + level[t] + " < " + depth + " with an edge of "
                        + out.longestEdge(t) + " > " + limit);
            }
            if (sliver[t]) {
                double[] a = out.corner(t, 0);
                double[] b = out.corner(t, 1);
                double[] mid = {(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2};
                assertTrue(ObjMesh.distance(mid, out.corner(t, 2)) <= 1e-6 * extent(input),
                        what + ": sliver " + (t + 1) + " is not (a, b, midpoint)");
            }
        }
        assertTrue(early > 0 && early < out.faceCount(), what + ": some faces finish early, some at the depth");
        // Level 0 against the input itself.
        List<Integer> fine = new ArrayList<>();
        for (int t = 0; t < input.faceCount(); t++) {
            double longest = input.longestEdge(t);
            assertTrue(Math.abs(longest - limit) > 1e-4 * limit, what + ": pick a limit away from input edge " + longest);
            if (longest <= limit) {
                fine.add(t);
            }
        }
        assertEquals(fine.size(), s.levels().get(0).finished(), what + ": input faces with no edge above the limit");
        for (int i = 0; i < fine.size(); i++) {
            for (int c = 0; c < 3; c++) {
                double d = ObjMesh.distance(input.corner(fine.get(i), c), out.corner(i, c));
                assertTrue(d <= 1e-6 * extent(input), what + ": output face " + (i + 1) + " is not input face "
                        + (fine.get(i) + 1));
            }
        }
    }

    /** The median edge length of the input times {@code f}, nudged off any input edge length. */
    private static float limitNear(ObjMesh input, double f) {
        double[] lengths = new double[input.faceCount()];
        for (int t = 0; t < input.faceCount(); t++) {
            lengths[t] = input.longestEdge(t);
        }
        Arrays.sort(lengths);
        float limit = (float) (lengths[lengths.length / 2] * f);
        for (boolean clear = false; !clear; ) {
            clear = true;
            for (double l : lengths) {
                if (Math.abs(l - limit) <= 1e-4 * limit) {
                    limit *= 1.001f;
                    clear = false;
                }
            }
        }
        return limit;
    }

    @Test
    void maxEdgeOnAClosedMeshIsCrackFreeHonouredAndReportedTruly() throws Exception {
        Path in = Cli.mesh("bigguyT.obj");
        ObjMesh input = ObjMesh.read(in);
        float limit = limitNear(input, 0.9);
        Path out = dir.resolve("bigguy.obj");
        Cli.Result r = run(out, in.toString(), "--adaptive", "--max-edge", Float.toString(limit), "--max-depth", "3",
                "--stats", "--backend", "java");
        ObjMesh output = ObjMesh.read(out);
        Stats s = stats(r);
        ObjMesh.assertCrackFree(input, output, "bigguy");
        assertStatsDescribe(s, input, output, "bigguy");
        assertMaxEdgeHonoured(input, output, s, limit, 3, "bigguy");
        assertTrue(s.levels().get(0).finished() > 0, "some input faces are fine as they are");
        assertTrue(s.slivers() > 0, "this run has T-junctions");
    }

    /** --conforming: the same refinement without a zero-area face, still closed; refused without --adaptive. */
    @Test
    void conformingOutputHasNoZeroAreaFaceAndStaysClosed() throws Exception {
        Path in = Cli.mesh("bigguyT.obj");
        ObjMesh input = ObjMesh.read(in);
        float limit = limitNear(input, 0.9);
        Path plain = dir.resolve("plain.obj");
        Path conforming = dir.resolve("conforming.obj");
        run(plain, in.toString(), "--adaptive", "--max-edge", Float.toString(limit), "--max-depth", "3", "--backend", "java");
        Cli.Result r = run(conforming, in.toString(), "--adaptive", "--max-edge", Float.toString(limit), "--max-depth", "3",
                "--stats", "--backend", "java", "--conforming");
        ObjMesh withSlivers = ObjMesh.read(plain);
        ObjMesh output = ObjMesh.read(conforming);
        assertTrue(zeroHeightFaces(withSlivers) > 0, "the run without --conforming has slivers");
        assertEquals(0, zeroHeightFaces(output), "faces without area");
        ObjMesh.assertCrackFree(input, output, "bigguy conforming");
        assertTrue(r.out().contains("no slivers ("), r::both);
        Cli.Result uniform = Cli.run("subdivide", "--sample", "icosahedron", "-o", dir.resolve("u.obj").toString(),
                "--conforming");
        assertEquals(ExitCodes.USAGE, uniform.exitCode(), uniform::both);
        assertTrue(uniform.err().contains("--conforming needs --adaptive"), uniform::both);
    }

    /** Faces whose height over their longest edge is below a millionth of the mesh's extent. */
    private static int zeroHeightFaces(ObjMesh m) {
        double tiny = 1e-6 * extent(m);
        int n = 0;
        for (int t = 0; t < m.faceCount(); t++) {
            double[] a = m.corner(t, 0);
            double[] b = m.corner(t, 1);
            double[] c = m.corner(t, 2);
            double[] u = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
            double[] v = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
            double x = u[1] * v[2] - u[2] * v[1];
            double y = u[2] * v[0] - u[0] * v[2];
            double z = u[0] * v[1] - u[1] * v[0];
            if (Math.sqrt(x * x + y * y + z * z) <= tiny * m.longestEdge(t)) {
                n++;
            }
        }
        return n;
    }

    @Test
    void maxEdgeOnAnOpenMeshIsCrackFreeHonouredAndReportedTruly() throws Exception {
        Path in = Cli.mesh("mesh_with_border.obj");
        ObjMesh input = ObjMesh.read(in);
        float limit = limitNear(input, 0.3);
        Path out = dir.resolve("border.obj");
        Cli.Result r = run(out, in.toString(), "--adaptive", "--max-edge", Float.toString(limit), "--max-depth", "3",
                "--stats", "--backend", "java");
        ObjMesh output = ObjMesh.read(out);
        Stats s = stats(r);
        ObjMesh.assertCrackFree(input, output, "mesh_with_border");
        assertStatsDescribe(s, input, output, "mesh_with_border");
        assertMaxEdgeHonoured(input, output, s, limit, 3, "mesh_with_border");
        assertTrue(s.slivers() > 0, "this run has T-junctions");
    }

    @Test
    void anEdgeOfExactlyTheLimitIsFine() throws Exception {
        // "--max-edge L: an edge is fine once it is at most L long." Integer corners make every
        // length exact in the engine's frame too (it moves and scales by powers of two): three
        // triangles with edges 6, 5, 5 are fine at L = 6 and finish as they are; the fourth has
        // two edges of sqrt(73) and is refined.
        Path in = dir.resolve("strip.obj");
        Files.writeString(in, String.join("\n", "v 0 0 0", "v 6 0 0", "v 12 0 0", "v 3 4 0", "v 9 4 0", "v 6 12 0",
                "f 1 2 4", "f 2 5 4", "f 2 3 5", "f 4 5 6", ""), StandardCharsets.UTF_8);
        ObjMesh input = ObjMesh.read(in);
        Path out = dir.resolve("strip-out.obj");
        Cli.Result r = run(out, in.toString(), "--adaptive", "--max-edge", "6", "--max-depth", "2", "--stats",
                "--backend", "java");
        ObjMesh output = ObjMesh.read(out);
        Stats s = stats(r);
        assertEquals(3, s.levels().get(0).finished(), r::both);
        ObjMesh.assertCrackFree(input, output, "strip");
        assertStatsDescribe(s, input, output, "strip");
        for (int t = 0; t < 3; t++) {
            for (int c = 0; c < 3; c++) {
                assertArrayEquals(input.corner(t, c), output.corner(t, c), "face " + (t + 1) + " as it was");
            }
        }
    }

    @Test
    void maxEdgeMeetsTheLimitWithFewerTrianglesThanUniform() throws Exception {
        float limit = 0.1f;
        Path adaptive = dir.resolve("adaptive.obj");
        run(adaptive, "--sample", "icosahedron", "--adaptive", "--max-edge", Float.toString(limit));
        ObjMesh a = ObjMesh.read(adaptive);
        double longest = 0;
        for (int t = 0; t < a.faceCount(); t++) {
            longest = Math.max(longest, a.longestEdge(t));
        }
        double found = longest;
        assertTrue(longest <= limit * (1 + 1e-5), () -> "longest edge " + found + " > " + limit);

        // the shallowest uniform level that meets the same limit
        int level = 0;
        ObjMesh uniform;
        double uniformLongest;
        do {
            Path u = dir.resolve("uniform" + level + ".obj");
            run(u, "--sample", "icosahedron", "--levels", Integer.toString(level));
            uniform = ObjMesh.read(u);
            uniformLongest = 0;
            for (int t = 0; t < uniform.faceCount(); t++) {
                uniformLongest = Math.max(uniformLongest, uniform.longestEdge(t));
            }
            level++;
        } while (uniformLongest > limit * (1 + 1e-5));
        int uniformTriangles = uniform.faceCount();
        assertTrue(a.faceCount() < uniformTriangles, () -> a.faceCount() + " adaptive triangles, " + uniformTriangles
                + " uniform");
    }

    @Test
    void screenSpaceRunIsCrackFreeAndRefinesLessFurtherAway() throws Exception {
        ObjMesh input = ObjMesh.read(Cli.mesh("icosahedron.obj"));
        Path out = dir.resolve("screen.obj");
        Cli.Result r = run(out, "--sample", "icosahedron", "--adaptive", "--max-depth", "5", "--screen-px", "20",
                "--eye", "0,0,3", "--target", "0,0,0", "--up", "0, 1, 0", "--fov", "60", "--viewport", "800x600",
                "--stats");
        ObjMesh near = ObjMesh.read(out);
        ObjMesh.assertCrackFree(input, near, "screen near");
        assertStatsDescribe(stats(r), input, near, "screen near");

        // further away, edges look shorter: fewer triangles
        Path far = dir.resolve("far.obj");
        run(far, "--sample", "icosahedron", "--adaptive", "--max-depth", "5", "--screen-px", "20",
                "--eye", "0,0,30", "--target", "0,0,0", "--fov", "60", "--viewport", "800x600");
        ObjMesh distant = ObjMesh.read(far);
        ObjMesh.assertCrackFree(input, distant, "screen far");
        assertTrue(distant.faceCount() < near.faceCount(), "a distant camera needs fewer triangles");
    }

    @Test
    void flatnessRunIsCrackFreeAndReportedTruly() throws Exception {
        ObjMesh input = ObjMesh.read(Cli.mesh("icosahedron.obj"));
        Path out = dir.resolve("flat.obj");
        Cli.Result r = run(out, "--sample", "icosahedron", "--adaptive", "--flatness", "0.001", "--max-depth", "4",
                "--stats");
        ObjMesh output = ObjMesh.read(out);
        Stats s = stats(r);
        ObjMesh.assertCrackFree(input, output, "flatness");
        assertStatsDescribe(s, input, output, "flatness");
        assertTrue(s.slivers() > 0, r::both);
    }

    @Test
    void criteriaCombine() throws Exception {
        // an edge stops only when both say so: never fewer triangles than either alone
        Path edge = dir.resolve("edge.obj");
        Path flat = dir.resolve("flat.obj");
        Path both = dir.resolve("both.obj");
        run(edge, "--sample", "icosahedron", "--adaptive", "--max-edge", "0.2");
        run(flat, "--sample", "icosahedron", "--adaptive", "--flatness", "0.001");
        run(both, "--sample", "icosahedron", "--adaptive", "--max-edge", "0.2", "--flatness", "0.001");
        int n = Cli.lines(both, "f ").size();
        assertTrue(n >= Cli.lines(edge, "f ").size() && n >= Cli.lines(flat, "f ").size(), "combined: " + n);
        ObjMesh.assertCrackFree(ObjMesh.read(Cli.mesh("icosahedron.obj")), ObjMesh.read(both), "combined");
    }

    @Test
    void aCriterionThatNeverStopsIsUniformRefinement() throws Exception {
        // An edge limit no level reaches: everything stops at the maximum depth, byte for byte what
        // uniform refinement to that level writes (no finished records above it, no slivers).
        for (String mesh : new String[] {"icosahedron.obj", "mesh_with_border.obj"}) {
            for (int depth : new int[] {0, 1, 2}) {
                String in = Cli.mesh(mesh).toString();
                Path capped = dir.resolve("capped.obj");
                Path uniform = dir.resolve("uniform.obj");
                Cli.Result r = run(capped, in, "--adaptive", "--max-edge", "1e-6", "--max-depth", Integer.toString(depth),
                        "--stats");
                run(uniform, in, "--levels", Integer.toString(depth));
                assertArrayEquals(Files.readAllBytes(uniform), Files.readAllBytes(capped), mesh + " depth " + depth);
                Stats s = stats(r);
                assertEquals(0, s.slivers(), mesh + " depth " + depth);
                ObjMesh input = ObjMesh.read(Cli.mesh(mesh));
                assertStatsDescribe(s, input, ObjMesh.read(capped), mesh + " depth " + depth);
                assertEquals((long) (input.faceCount() * Math.pow(4, depth)), s.triangles(), mesh + " depth " + depth);
            }
        }
    }

    @Test
    void sameBytesForAnyThreadCount() throws Exception {
        String bunny = Cli.mesh("bunny_npm.obj").toString();
        String[] adaptive = {"--adaptive", "--max-depth", "4", "--max-edge", "0.3", "--flatness", "0.005"};
        Path one = dir.resolve("t1.obj");
        Path two = dir.resolve("t2.obj");
        Path again = dir.resolve("t2again.obj");
        run(one, concat(new String[] {bunny, "--threads", "1"}, adaptive));
        run(two, concat(new String[] {bunny, "--threads", "2"}, adaptive));
        run(again, concat(new String[] {bunny, "--threads", "2"}, adaptive));
        byte[] first = Files.readAllBytes(one);
        assertTrue(Cli.lines(one, "f ").size() > 3674, "refined");
        assertArrayEquals(first, Files.readAllBytes(two), "--threads 1 and 2");
        assertArrayEquals(first, Files.readAllBytes(again), "two runs");
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
