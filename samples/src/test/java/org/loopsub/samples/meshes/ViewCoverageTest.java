package org.loopsub.samples.meshes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ViewCoverage} against meshes whose pictures can be worked out by hand: a unit cube
 * [0,1]^3 seen from three eyes (one face, one face with two sides exactly edge-on, three faces),
 * its covered pixels against the analytic projection of the face or silhouette, computed here
 * with a camera basis built by hand rather than JOML's; triangles beside and behind the view; a
 * floor that passes under the eye, which only near-plane clipping draws right; {@code --compare};
 * the JSON and the image against the text; and the exit statuses.
 */
class ViewCoverageTest {
    private static final int W = 640;
    private static final int H = 480;
    /** Pixels per unit at distance 1 for the default 45 degree vertical field of view. */
    private static final double F = (H / 2.0) / Math.tan(Math.toRadians(22.5));
    private static final String VIEWPORT = W + "x" + H;

    @TempDir
    Path dir;

    /** A mesh being built: vertices and counter-clockwise triangles, written as OBJ. */
    private static final class Mesh {
        final List<double[]> vertices = new ArrayList<>();
        final List<int[]> triangles = new ArrayList<>();

        int vertex(double x, double y, double z) {
            vertices.add(new double[] {x, y, z});
            return vertices.size() - 1;
        }

        Mesh triangle(int a, int b, int c) {
            triangles.add(new int[] {a, b, c});
            return this;
        }

        Mesh triangle(double[] a, double[] b, double[] c) {
            return triangle(vertex(a[0], a[1], a[2]), vertex(b[0], b[1], b[2]), vertex(c[0], c[1], c[2]));
        }

        /** The cube [0,1]^3 moved by dx along x; corner x + 2y + 4z, every normal outward. */
        Mesh cube(double dx) {
            int o = vertices.size();
            for (int i = 0; i < 8; i++) {
                vertex((i & 1) + dx, (i >> 1) & 1, (i >> 2) & 1);
            }
            int[][] faces = {
                {4, 5, 7, 4, 7, 6}, // +z
                {0, 2, 3, 0, 3, 1}, // -z
                {1, 3, 7, 1, 7, 5}, // +x
                {0, 4, 6, 0, 6, 2}, // -x
                {2, 6, 7, 2, 7, 3}, // +y
                {0, 1, 5, 0, 5, 4}, // -y
            };
            for (int[] f : faces) {
                for (int k = 0; k < 6; k += 3) {
                    int[] t = {o + f[k], o + f[k + 1], o + f[k + 2]};
                    // the fixture's own check: the normal points away from the centre
                    double[] n = normal(t);
                    double[] a = vertices.get(t[0]);
                    double out = n[0] * (a[0] - 0.5 - dx) + n[1] * (a[1] - 0.5) + n[2] * (a[2] - 0.5);
                    assertTrue(out > 0, "cube triangle " + t[0] + " " + t[1] + " " + t[2] + " faces inward");
                    triangle(t[0], t[1], t[2]);
                }
            }
            return this;
        }

        private double[] normal(int[] t) {
            double[] a = vertices.get(t[0]);
            double[] b = vertices.get(t[1]);
            double[] c = vertices.get(t[2]);
            double[] u = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
            double[] v = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
            return new double[] {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
        }

        Path write(Path file) throws IOException {
            StringBuilder s = new StringBuilder();
            for (double[] v : vertices) {
                s.append(String.format(Locale.ROOT, "v %s %s %s%n", (float) v[0], (float) v[1], (float) v[2]));
            }
            for (int[] t : triangles) {
                s.append("f ").append(t[0] + 1).append(' ').append(t[1] + 1).append(' ').append(t[2] + 1).append('\n');
            }
            Files.writeString(file, s, StandardCharsets.UTF_8);
            return file;
        }
    }

    /** What a run printed. */
    private record Run(int status, Map<String, String> figures, String out, String err) {
        long count(String key) {
            String v = figures.get(key);
            assertTrue(v != null, "no figure " + key + " in\n" + out);
            return Long.parseLong(v);
        }

        double number(String key) {
            return Double.parseDouble(figures.get(key));
        }
    }

    private static Run run(Object... args) {
        String[] a = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            a[i] = args[i].toString();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = ViewCoverage.run(a, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        Map<String, String> figures = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int colon = line.indexOf(": ");
            if (colon > 0) {
                figures.put(line.substring(0, colon), line.substring(colon + 2));
            }
        }
        return new Run(status, figures, text, err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Projects points the way the tool should, from a camera basis built by hand (right = forward x
     * up, up' = right x forward), to screen x and row (rows from the top), pixel centres at
     * half-integers.
     */
    private record Projector(double[] eye, double[] right, double[] up, double[] forward) {
        static Projector of(double[] eye, double[] target) {
            double[] f = unit(new double[] {target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]});
            double[] r = unit(cross(f, new double[] {0, 1, 0}));
            return new Projector(eye, r, cross(r, f), f);
        }

        double[] screen(double x, double y, double z) {
            double[] d = {x - eye[0], y - eye[1], z - eye[2]};
            double depth = dot(d, forward);
            return new double[] {W / 2.0 + F * dot(d, right) / depth, H / 2.0 - F * dot(d, up) / depth};
        }

        private static double dot(double[] a, double[] b) {
            return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
        }

        private static double[] cross(double[] a, double[] b) {
            return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
        }

        private static double[] unit(double[] a) {
            double l = Math.sqrt(dot(a, a));
            return new double[] {a[0] / l, a[1] / l, a[2] / l};
        }
    }

    /** The pixel centres in the screen rectangle [x0, x1] x [y0, y1]. */
    private static long centresIn(double x0, double x1, double y0, double y1) {
        long nx = Math.max(0, (long) Math.floor(x1 - 0.5) - (long) Math.ceil(x0 - 0.5) + 1);
        long ny = Math.max(0, (long) Math.floor(y1 - 0.5) - (long) Math.ceil(y0 - 0.5) + 1);
        return nx * ny;
    }

    /** As the command line reads a coordinate. */
    private static double[] point(float x, float y, float z) {
        return new double[] {x, y, z};
    }

    private static String arg(double[] p) {
        return (float) p[0] + "," + (float) p[1] + "," + (float) p[2];
    }

    /** Checks the covered pixels of the cube's front face (z = 1), seen straight down -z. */
    private static void assertFrontSquare(Run r, double[] eye) {
        Projector p = Projector.of(eye, new double[] {eye[0], eye[1], eye[2] - 1});
        double[] lowLeft = p.screen(0, 0, 1);
        double[] topRight = p.screen(1, 1, 1);
        double side = topRight[0] - lowLeft[0];
        // the face is parallel to the screen, so its projection is a square
        assertEquals(side, lowLeft[1] - topRight[1], 1e-9);
        long covered = r.count("covered_pixels");
        assertTrue(Math.abs(covered - side * side) <= 4 * side, covered + " pixels for a square of side " + side);
        assertEquals(centresIn(lowLeft[0], topRight[0], topRight[1], lowLeft[1]), covered);
    }

    @Test
    void aCubeSeenFromInFrontOfItsFaceShowsThatFaceAlone() throws IOException {
        // eye off the axes but over the face: the four sides and the back all face away
        double[] eye = point(0.6f, 0.45f, 4f);
        Path cube = new Mesh().cube(0).write(dir.resolve("cube.obj"));
        Run r = run(cube, "--eye", arg(eye), "--target", "0.6,0.45,3", "--viewport", VIEWPORT);
        assertEquals(0, r.status, r.err);
        assertEquals(12, r.count("triangles"));
        assertEquals(0, r.count("degenerate"));
        assertEquals(10, r.count("facing_away"));
        assertEquals(0, r.count("edge_on"));
        assertEquals(0, r.count("outside_view"));
        assertEquals(2, r.count("visible_candidates"));
        assertEquals(2, r.count("visible_triangles"));
        assertEquals(10 / 12.0, r.number("facing_away_fraction"), 1e-6);
        assertFrontSquare(r, eye);
        assertEquals(12.0 / r.count("covered_pixels"), r.number("triangles_per_covered_pixel"), 1e-6);
    }

    @Test
    void sidesSeenExactlyEdgeOnFaceNeitherWay() throws IOException {
        // the eye lies in the planes x = 0 and y = 0: the -x and -y sides are seen edge-on; +x, +y and
        // the back face away
        double[] eye = point(0, 0, 4);
        Path cube = new Mesh().cube(0).write(dir.resolve("cube.obj"));
        Run r = run(cube, "--eye", arg(eye), "--target", "0,0,3", "--viewport", VIEWPORT);
        assertEquals(0, r.status, r.err);
        assertEquals(6, r.count("facing_away"));
        assertEquals(4, r.count("edge_on"));
        assertEquals(6, r.count("visible_candidates"));
        assertEquals(2, r.count("visible_triangles"));
        assertFrontSquare(r, eye);
        assertEquals(193L * 193L, r.count("covered_pixels")); // side F / 3 = 193.1 from pixel edge 320, 240
    }

    @Test
    void aCubeSeenFromAboveAndBesideShowsThreeFacesWithinItsSilhouette() throws IOException {
        // beyond the +x and +y planes: +x, +y and +z face the eye, -x, -y and -z face away
        double[] eye = point(1.7f, 1.4f, 4f);
        double[] target = point(0.5f, 0.5f, 0.5f);
        Path cube = new Mesh().cube(0).write(dir.resolve("cube.obj"));
        Run r = run(cube, "--eye", arg(eye), "--target", arg(target), "--viewport", VIEWPORT);
        assertEquals(0, r.status, r.err);
        assertEquals(6, r.count("facing_away"));
        assertEquals(0, r.count("edge_on"));
        assertEquals(6, r.count("visible_candidates"));
        assertEquals(6, r.count("visible_triangles"));
        // the silhouette: the hexagon of the corners other than (0,0,0), hidden, and (1,1,1), inside
        Projector p = Projector.of(eye, target);
        int[] hexagon = {4, 5, 1, 3, 2, 6};
        double area = 0;
        double perimeter = 0;
        for (int i = 0; i < 6; i++) {
            int a = hexagon[i];
            int b = hexagon[(i + 1) % 6];
            double[] pa = p.screen(a & 1, (a >> 1) & 1, (a >> 2) & 1);
            double[] pb = p.screen(b & 1, (b >> 1) & 1, (b >> 2) & 1);
            area += pa[0] * pb[1] - pb[0] * pa[1];
            perimeter += Math.hypot(pb[0] - pa[0], pb[1] - pa[1]);
        }
        area = Math.abs(area) / 2;
        long covered = r.count("covered_pixels");
        assertTrue(Math.abs(covered - area) <= perimeter / 2, covered + " pixels for a silhouette of " + area
                + " square pixels and perimeter " + perimeter);
    }

    @Test
    void trianglesBesideOrBehindTheViewAreOutsideAndZeroAreaOnesApart() throws IOException {
        double[] eye = point(0.6f, 0.45f, 4f);
        Mesh m = new Mesh().cube(0);
        // wholly left of the view (it is about 2.2 wide at z = 0): two facing the eye, one away
        m.triangle(new double[] {-50, 0, 0}, new double[] {-49, 0, 0}, new double[] {-49, 1, 0});
        m.triangle(new double[] {-60, -1, 0}, new double[] {-58, -1, 0}, new double[] {-59, 2, 0});
        m.triangle(new double[] {-50, 0, 0}, new double[] {-49, 1, 0}, new double[] {-49, 0, 0});
        // behind the eye, its front towards it: outside the near plane
        m.triangle(new double[] {0, 0, 6}, new double[] {0, 1, 6}, new double[] {1, 0, 6});
        // across the left border, in front of the cube's plane: a candidate
        m.triangle(new double[] {-3, -0.5, 1}, new double[] {-1, -0.5, 1}, new double[] {-1, 0.5, 1});
        // zero area
        m.triangle(new double[] {0, 0, 2}, new double[] {0.5, 0, 2}, new double[] {1, 0, 2});
        Run r = run(m.write(dir.resolve("mixed.obj")), "--eye", arg(eye), "--target", "0.6,0.45,3",
                "--viewport", VIEWPORT);
        assertEquals(0, r.status, r.err);
        assertEquals(18, r.count("triangles"));
        assertEquals(1, r.count("degenerate"));
        assertEquals(11, r.count("facing_away"));
        assertEquals(4, r.count("outside_view"));
        assertEquals(1, r.count("facing_away_and_outside_view"));
        assertEquals(3, r.count("visible_candidates"));
        assertEquals(3, r.count("visible_triangles"));
        assertEquals(4 / 17.0, r.number("outside_view_fraction"), 1e-6);
        assertEquals(3 / 17.0, r.number("visible_candidates_fraction"), 1e-6);
    }

    @Test
    void aSquareInFrontHidesTheCubeWhicheverIsDrawnFirst() throws IOException {
        double[] eye = point(0.6f, 0.45f, 4f);
        Projector p = Projector.of(eye, new double[] {eye[0], eye[1], eye[2] - 1});
        double[] lowLeft = p.screen(-0.2, -0.2, 1.5);
        double[] topRight = p.screen(1.2, 1.2, 1.5);
        long square = centresIn(lowLeft[0], topRight[0], topRight[1], lowLeft[1]);
        for (boolean squareFirst : new boolean[] {true, false}) {
            Mesh m = new Mesh();
            if (!squareFirst) {
                m.cube(0);
            }
            // the square's projection holds the cube's front face's, and the screen holds the square's
            int a = m.vertex(-0.2, -0.2, 1.5);
            int b = m.vertex(1.2, -0.2, 1.5);
            int c = m.vertex(1.2, 1.2, 1.5);
            int d = m.vertex(-0.2, 1.2, 1.5);
            m.triangle(a, b, c).triangle(a, c, d);
            if (squareFirst) {
                m.cube(0);
            }
            Run r = run(m.write(dir.resolve("occluded.obj")), "--eye", arg(eye), "--target", "0.6,0.45,3",
                    "--viewport", VIEWPORT);
            assertEquals(0, r.status, r.err);
            assertEquals(4, r.count("visible_candidates"));
            assertEquals(2, r.count("visible_triangles"), "square first: " + squareFirst);
            assertEquals(square, r.count("covered_pixels"));
        }
    }

    @Test
    void aFloorPassingUnderTheEyeCoversTheScreenBelowItsFarEdge() throws IOException {
        // two corners of each triangle lie behind the eye: without clipping at the near plane they
        // would project onto the wrong side of the screen
        Mesh m = new Mesh();
        int a = m.vertex(-100, -1, 100);
        int b = m.vertex(100, -1, 100);
        int c = m.vertex(100, -1, -100);
        int d = m.vertex(-100, -1, -100);
        m.triangle(a, b, c).triangle(a, c, d);
        Run r = run(m.write(dir.resolve("floor.obj")), "--eye", "0,0,0", "--target", "0,0,-1",
                "--viewport", VIEWPORT);
        assertEquals(0, r.status, r.err);
        assertEquals(0, r.count("facing_away"));
        assertEquals(0, r.count("outside_view"));
        // the far edge, at depth 100 and 1 below the eye, is a row F / 100 below the centre; at that
        // depth the floor is 2 F wide, wider than the screen
        double horizon = H / 2.0 + F / 100;
        long rows = H - (long) Math.ceil(horizon - 0.5);
        assertEquals(rows * W, r.count("covered_pixels"));
    }

    @Test
    void comparedWithItselfNothingDiffersAndWithAShiftedCopyMuchDoes() throws IOException {
        Path cube = new Mesh().cube(0).write(dir.resolve("cube.obj"));
        Path same = new Mesh().cube(0).write(dir.resolve("same.obj"));
        Path shifted = new Mesh().cube(0.25).write(dir.resolve("shifted.obj"));
        Run r = run(cube, "--compare", same, "--eye", "0.6,0.45,4", "--target", "0.6,0.45,3", "--viewport", VIEWPORT);
        assertEquals(0, r.status, r.err);
        assertEquals(0, r.count("pixels_differing"));
        assertEquals(0.0, r.number("pixels_differing_fraction"));
        assertEquals(r.count("covered_pixels"), r.count("compare_covered_pixels"));

        Run s = run(cube, "--compare", shifted, "--eye", "0.6,0.45,4", "--target", "0.6,0.45,3",
                "--viewport", VIEWPORT);
        assertEquals(0, s.status, s.err);
        // the eye stays over both front faces, so each picture is its front face alone: a strip a quarter
        // of the face wide on either side is covered in one picture only, half the face in all, and the
        // union is one and a quarter faces
        long covered = s.count("covered_pixels");
        assertEquals(covered, s.count("compare_covered_pixels"), covered / 100.0);
        assertTrue(Math.abs(s.count("pixels_differing") - covered / 2.0) < covered / 50.0, s.out);
        assertEquals(0.4, s.number("pixels_differing_fraction"), 0.01, s.out);
    }

    @Test
    void greysDifferOnlyBeyondTheTolerance() {
        ViewCoverage.Frame a = new ViewCoverage.Frame(4, 1);
        ViewCoverage.Frame b = new ViewCoverage.Frame(4, 1);
        // pixel 0: both covered, greys 8 apart; 1: 9 apart; 2: covered in a only; 3: in neither
        a.owner[0] = 0;
        b.owner[0] = 0;
        a.grey[0] = (byte) 200;
        b.grey[0] = (byte) 208;
        a.owner[1] = 0;
        b.owner[1] = 0;
        a.grey[1] = (byte) 100;
        b.grey[1] = (byte) 91;
        a.owner[2] = 0;
        assertEquals(List.of(2L, 3L), List.of(a.differences(b)[0], a.differences(b)[1]));
    }

    @Test
    void theJsonAndTheImageAgreeWithTheText() throws IOException {
        Path cube = new Mesh().cube(0).write(dir.resolve("cube.obj"));
        Path json = dir.resolve("out.json");
        Path png = dir.resolve("out.png");
        Run r = run(cube, "--eye", "0.6,0.45,4", "--target", "0.6,0.45,3", "--viewport", VIEWPORT,
                "--json", json, "--image", png);
        assertEquals(0, r.status, r.err);
        assertEquals(List.of("mesh", "viewport", "triangles", "degenerate", "facing_away", "facing_away_fraction",
                "edge_on", "outside_view", "outside_view_fraction", "facing_away_and_outside_view",
                "visible_candidates", "visible_candidates_fraction", "covered_pixels", "covered_pixels_fraction",
                "triangles_per_covered_pixel", "visible_triangles", "visible_triangles_fraction"),
                List.copyOf(r.figures.keySet()));

        JsonNode root = new ObjectMapper().readTree(json.toFile());
        List<String> keys = new ArrayList<>();
        for (Iterator<String> it = root.fieldNames(); it.hasNext();) {
            keys.add(it.next());
        }
        assertEquals(List.copyOf(r.figures.keySet()), keys);
        for (Map.Entry<String, String> e : r.figures.entrySet()) {
            JsonNode n = root.get(e.getKey());
            if (n.isNumber()) {
                assertEquals(0, new BigDecimal(e.getValue()).compareTo(n.decimalValue()), e.getKey());
            } else {
                assertEquals(e.getValue(), n.asText(), e.getKey());
            }
        }

        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(W, image.getWidth());
        assertEquals(H, image.getHeight());
        Raster raster = image.getRaster();
        long lit = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                if (raster.getSample(x, y, 0) != 0) {
                    lit++;
                }
            }
        }
        assertEquals(r.count("covered_pixels"), lit);
        assertEquals(0, raster.getSample(0, 0, 0));
        // the front face's first triangle (4, 5, 7) has its centroid at (2/3, 1/3, 1): its grey is
        // 40 + 215 cos of the angle between the normal +z and the way to the eye
        double[] toEye = {0.6f - 2 / 3.0, 0.45f - 1 / 3.0, 3};
        double cos = toEye[2] / Math.sqrt(toEye[0] * toEye[0] + toEye[1] * toEye[1] + toEye[2] * toEye[2]);
        Projector p = Projector.of(point(0.6f, 0.45f, 4f), new double[] {0.6f, 0.45f, 3});
        double[] centroid = p.screen(2 / 3.0, 1 / 3.0, 1);
        assertEquals(40 + Math.round(215 * cos), raster.getSample((int) centroid[0], (int) centroid[1], 0));
    }

    @Test
    void usageErrorsExitWith2AndUnreadableInputWith3() throws IOException {
        Path cube = new Mesh().cube(0).write(dir.resolve("cube.obj"));
        Object[][] usage = {
            {},
            {cube},
            {cube, "--eye", "0,0,4"},
            {cube, "--eye", "0,0,4", "--target", "0,0"},
            {cube, "--eye", "0,0,4", "--target", "0,0,4"},
            {cube, "--eye", "0,0,4", "--target", "0,1,4", "--up", "0,2,0"},
            {cube, "--eye", "0,0,4", "--target", "0,0,0", "--fov", "180"},
            {cube, "--eye", "0,0,4", "--target", "0,0,0", "--viewport", "640"},
            {cube, "--eye", "0,0,4", "--target", "0,0,0", "--zoom", "2"},
            {cube, "--eye", "0,0,4", "--target", "0,0,0", "--json"},
            {cube, cube, "--eye", "0,0,4", "--target", "0,0,0"},
        };
        for (Object[] args : usage) {
            Run r = run(args);
            assertEquals(2, r.status, List.of(args).toString());
            assertTrue(r.err.startsWith("ViewCoverage: ") && r.err.contains(ViewCoverage.USAGE), r.err);
            assertEquals(1, r.err.lines().count(), r.err);
            assertEquals("", r.out);
        }
        Path garbage = dir.resolve("garbage.obj");
        Files.writeString(garbage, "v 0 0\nf 1 2 3\n");
        Object[][] unreadable = {
            {dir.resolve("missing.obj"), "--eye", "0,0,4", "--target", "0,0,0"},
            {garbage, "--eye", "0,0,4", "--target", "0,0,0"},
            {cube, "--eye", "0,0,4", "--target", "0,0,0", "--compare", dir.resolve("missing.obj")},
        };
        for (Object[] args : unreadable) {
            Run r = run(args);
            assertEquals(3, r.status, List.of(args).toString());
            assertEquals(1, r.err.lines().count(), r.err);
        }
    }
}
