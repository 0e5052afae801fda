package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code loopsub subdivide --adaptive}: each criterion runs, and the result keeps its promises. */
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

    /** @return the length of the longest edge of any face, in double from the printed floats */
    private static double longestEdge(Path obj) throws Exception {
        List<double[]> v = new ArrayList<>();
        for (String line : Cli.lines(obj, "v ")) {
            String[] p = line.split(" ");
            v.add(new double[] {Double.parseDouble(p[1]), Double.parseDouble(p[2]), Double.parseDouble(p[3])});
        }
        double longest = 0;
        for (String face : Cli.lines(obj, "f ")) {
            String[] corners = face.substring(2).split(" ");
            for (int i = 0; i < 3; i++) {
                double[] a = v.get(index(corners[i]));
                double[] b = v.get(index(corners[(i + 1) % 3]));
                longest = Math.max(longest, Math.sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1])
                        + (a[2] - b[2]) * (a[2] - b[2])));
            }
        }
        return longest;
    }

    private static int index(String corner) {
        return Integer.parseInt(corner.substring(0, corner.indexOf('/'))) - 1;
    }

    @Test
    void maxEdgeMeetsTheLimitWithFewerTrianglesThanUniform() throws Exception {
        float limit = 0.1f;
        Path adaptive = dir.resolve("adaptive.obj");
        run(adaptive, "--sample", "icosahedron", "--adaptive", "--max-edge", Float.toString(limit));
        double longest = longestEdge(adaptive);
        assertTrue(longest <= limit * (1 + 1e-5), () -> "longest edge " + longest + " > " + limit);

        // the shallowest uniform level that meets the same limit
        int level = 0;
        Path uniform;
        do {
            uniform = dir.resolve("uniform" + level + ".obj");
            run(uniform, "--sample", "icosahedron", "--levels", Integer.toString(level));
            level++;
        } while (longestEdge(uniform) > limit * (1 + 1e-5));
        int uniformTriangles = Cli.lines(uniform, "f ").size();
        int adaptiveTriangles = Cli.lines(adaptive, "f ").size();
        assertTrue(adaptiveTriangles < uniformTriangles,
                () -> adaptiveTriangles + " adaptive triangles, " + uniformTriangles + " uniform");
    }

    @Test
    void screenSpaceRunSucceeds() throws Exception {
        Path out = dir.resolve("screen.obj");
        run(out, "--sample", "icosahedron", "--adaptive", "--max-depth", "5", "--screen-px", "20",
                "--eye", "0,0,3", "--target", "0,0,0", "--up", "0, 1, 0", "--fov", "60", "--viewport", "800x600");
        int near = Cli.lines(out, "f ").size();
        assertTrue(near > 20, "refined where visible");

        // further away, edges look shorter: fewer triangles
        Path far = dir.resolve("far.obj");
        run(far, "--sample", "icosahedron", "--adaptive", "--max-depth", "5", "--screen-px", "20",
                "--eye", "0,0,30", "--target", "0,0,0", "--fov", "60", "--viewport", "800x600");
        assertTrue(Cli.lines(far, "f ").size() < near, "a distant camera needs fewer triangles");
    }

    @Test
    void flatnessRunSucceeds() throws Exception {
        Path out = dir.resolve("flat.obj");
        Cli.Result r = run(out, "--sample", "icosahedron", "--adaptive", "--flatness", "0.001", "--stats");
        assertTrue(Cli.lines(out, "f ").size() > 20);
        assertTrue(r.out().contains(" slivers ("), r::both);
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
    }

    @Test
    void maxDepthCapsTheRefinement() throws Exception {
        // an edge limit no level reaches: everything stops at the maximum depth, as uniform would
        Path capped = dir.resolve("capped.obj");
        Path uniform = dir.resolve("uniform.obj");
        run(capped, "--sample", "icosahedron", "--adaptive", "--max-edge", "1e-6", "--max-depth", "2");
        run(uniform, "--sample", "icosahedron", "--levels", "2");
        assertArrayEquals(Files.readAllBytes(uniform), Files.readAllBytes(capped));
    }

    @Test
    void statsTotalsCountTheSlivers() {
        Cli.Result r = run(dir.resolve("s.obj"), "--sample", "icosahedron", "--adaptive", "--max-edge", "0.1",
                "--stats");
        String[] lines = r.out().split("\n");
        assertTrue(lines[0].matches(" *level +active +finished +slivers +split +ms"), r::both);
        long finished = 0;
        long slivers = 0;
        int row = 1;
        for (; lines[row].matches(" *\\d+ .*"); row++) {
            String[] cells = lines[row].trim().split(" +");
            finished += Long.parseLong(cells[2]);
            slivers += Long.parseLong(cells[3]);
        }
        Matcher m = Pattern.compile("output: \\d+ vertices, (\\d+) triangles, (\\d+) slivers \\(([0-9.]+)% of the "
                + "triangles\\) \\(back end java\\)").matcher(lines[row]);
        assertTrue(m.matches(), r::both);
        long triangles = Long.parseLong(m.group(1));
        assertEquals(finished + slivers, triangles, "every output triangle is a finished one or a sliver");
        assertEquals(slivers, Long.parseLong(m.group(2)), r::both);
        assertTrue(slivers > 0, "this run has T-junctions");
        assertEquals(100.0 * slivers / triangles, Double.parseDouble(m.group(3)), 0.01, r::both);
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
