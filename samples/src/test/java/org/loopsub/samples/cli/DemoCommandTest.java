package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GlUnavailableException;

/**
 * {@code loopsub demo} headless (GLFW's null platform with an EGL context: Mesa's llvmpipe in CI): the
 * frames are drawn and the last one saved, the summary line and the JSON agree, the refinement
 * follows the orbiting camera; and the failures: bad options (2), an invalid mesh (3), an unwritable
 * output (4), no display without {@code --headless} (5). Small pictures, the icosahedron and few
 * frames keep it quick on a software renderer.
 */
@Tag("gl")
class DemoCommandTest {
    /** The summary line the demo prints on stdout. */
    private static final Pattern SUMMARY = Pattern.compile("frames (\\d+), frame ms median (\\d+\\.\\d{3}) p95 "
            + "(\\d+\\.\\d{3}), refine gpu ms median (\\d+\\.\\d{3}), triangles median (\\d+)");
    /** The background, as {@code LevelColours.BACKGROUND} in 8-bit RGB. */
    private static final int BACKGROUND = rgb(0.11f, 0.12f, 0.15f);
    /** Enough for a few frames of the icosahedron, small, on llvmpipe; a criterion that still decides. */
    private static final String[] SMALL = {"demo", "--headless", "--sample", "icosahedron", "--size", "320x240",
        "--screen-px", "8", "--max-depth", "6"};

    private static boolean gl;

    @TempDir
    Path dir;

    @BeforeAll
    static void probeGl() {
        // the same check the other GL command tests make: EGL with an OpenGL 4.3 context
        try (GlContext ctx = GlContext.createHeadless()) {
            gl = true;
        } catch (GlUnavailableException e) {
            if (System.getenv("CI") != null) {
                throw e;
            }
            gl = false;
        }
    }

    private static void needsGl() {
        Assumptions.assumeTrue(gl, "skipped, no OpenGL 4.3 context on this machine");
    }

    private static int rgb(float r, float g, float b) {
        return Math.round(r * 255) << 16 | Math.round(g * 255) << 8 | Math.round(b * 255);
    }

    private static String[] with(String[] base, String... more) {
        List<String> all = new ArrayList<>(List.of(base));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(Path file) throws Exception {
        return (Map<String, Object>) ReadJson.parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    @SuppressWarnings("unchecked")
    private static List<Long> perFrameTriangles(Map<String, Object> report) {
        List<Long> t = new ArrayList<>();
        for (Object f : (List<Object>) report.get("per_frame")) {
            t.add((Long) ((Map<String, Object>) f).get("triangles"));
        }
        return t;
    }

    @Test
    void headlessFramesPictureSummaryAndJsonAgree() throws Exception {
        needsGl();
        Path png = dir.resolve("shot.png");
        Path stats = dir.resolve("stats.json");
        Cli.Result r = Cli.run(with(SMALL, "--frames", "4", "--orbit", "15", "--screenshot", png.toString(),
                "--stats-json", stats.toString()));
        assertEquals(0, r.exitCode(), r::both);

        // one line on stdout, in the documented form
        String out = r.out().strip();
        assertFalse(out.contains("\n"), r::both);
        Matcher m = SUMMARY.matcher(out);
        assertTrue(m.matches(), () -> "summary line: " + out);
        assertFalse(r.err().contains("Exception"), r::both);
        assertTrue(r.err().contains("loopsub: demo: sample:icosahedron"), r::both);

        // the JSON holds the very numbers of the line
        Map<String, Object> report = json(stats);
        assertEquals(List.of("mesh", "renderer", "gl_version", "headless", "width", "height", "screen_px", "max_depth",
                "orbit_degrees", "frames", "frame_ms_median", "frame_ms_p95", "refine_gpu_ms_median",
                "refine_host_ms_median", "triangles_median", "per_frame"), new ArrayList<>(report.keySet()), "keys in order");
        // the refine call's host time is part of the frame's
        assertTrue(((Number) report.get("refine_host_ms_median")).doubleValue() > 0);
        assertTrue(((Number) report.get("refine_host_ms_median")).doubleValue()
                <= ((Number) report.get("frame_ms_p95")).doubleValue());
        assertEquals(4L, report.get("frames"));
        assertEquals(Long.parseLong(m.group(1)), report.get("frames"));
        assertEquals(new BigDecimal(m.group(2)).doubleValue(), ((Number) report.get("frame_ms_median")).doubleValue());
        assertEquals(new BigDecimal(m.group(3)).doubleValue(), ((Number) report.get("frame_ms_p95")).doubleValue());
        assertEquals(new BigDecimal(m.group(4)).doubleValue(),
                ((Number) report.get("refine_gpu_ms_median")).doubleValue());
        assertEquals(Long.parseLong(m.group(5)), report.get("triangles_median"));
        assertEquals("sample:icosahedron", report.get("mesh"));
        assertEquals(320L, report.get("width"));
        assertEquals(Boolean.TRUE, report.get("headless"));
        List<Long> triangles = perFrameTriangles(report);
        assertEquals(4, triangles.size());
        List<Long> sorted = new ArrayList<>(triangles);
        sorted.sort(null);
        assertEquals(sorted.get(1), report.get("triangles_median"), "lower median of 4 frames");

        // the camera turned 15 degrees a frame, so the screen-space criterion refined differently
        assertTrue(new HashSet<>(triangles).size() > 1, () -> "orbiting should change the triangles: " + triangles);

        // the picture: the mesh in the middle, the background where the HUD leaves it (the panels are
        // in the top-left and bottom-left corners)
        BufferedImage image = ImageIO.read(png.toFile());
        if (Files.getFileStore(dir).supportsFileAttributeView("posix")) {
            // issue 21: the picture and the JSON get the same permissions as any output
            assertEquals(Files.getPosixFilePermissions(png), Files.getPosixFilePermissions(stats));
            assertTrue(Files.getPosixFilePermissions(png).contains(PosixFilePermission.OWNER_WRITE));
        }
        assertTrue(r.err().contains("loopsub: demo: saved " + png), r::both);
        assertEquals(320, image.getWidth());
        assertEquals(240, image.getHeight());
        int mesh = 0;
        int centre = 0;
        for (int y = 105; y < 165; y++) {
            for (int x = 130; x < 190; x++) {
                centre++;
                if ((image.getRGB(x, y) & 0xffffff) != BACKGROUND) {
                    mesh++;
                }
            }
        }
        assertTrue(mesh > 0.95 * centre, "the mesh fills the middle: " + mesh + " of " + centre);
        // (not the top rows, whose figures panel grows to the right when a loaded machine makes the
        // frame times long numbers, nor the bottom left with the level legend)
        for (int[] corner : new int[][] {{0, 100}, {280, 200}, {280, 100}}) {
            for (int y = corner[1]; y < corner[1] + 40; y++) {
                for (int x = corner[0]; x < corner[0] + 40; x++) {
                    assertEquals(BACKGROUND, image.getRGB(x, y) & 0xffffff, "background at " + x + "," + y);
                }
            }
        }
    }

    /**
     * View culling must not change the picture: the same frame drawn by the demo with and without it
     * (no overlay), compared pixel by pixel. On the limit surface every vertex is where it would be
     * anyway; on the control points a vertex beside a culled edge keeps its level's position, as at
     * any seam between levels, so a few pixels along the silhouette may move.
     */
    @Test
    void cullingLeavesThePictureAsItWas() throws Exception {
        needsGl();
        for (boolean limit : new boolean[] {true, false}) {
            long[] triangles = new long[2];
            BufferedImage[] shots = new BufferedImage[2];
            for (int i = 0; i < 2; i++) {
                Path png = dir.resolve("cull" + i + limit + ".png");
                Path stats = dir.resolve("cull" + i + limit + ".json");
                List<String> args = new ArrayList<>(List.of("demo", "--headless", "--sample", "bigguy", "--size",
                        "320x240", "--screen-px", "2", "--max-depth", "6", "--frames", "1", "--no-hud",
                        "--cull", i == 0 ? "none" : "all", "--screenshot", png.toString(), "--stats-json",
                        stats.toString()));
                if (limit) {
                    args.add("--limit");
                }
                Cli.Result r = Cli.run(args.toArray(String[]::new));
                assertEquals(0, r.exitCode(), r::both);
                shots[i] = ImageIO.read(png.toFile());
                triangles[i] = (Long) json(stats).get("triangles_median");
            }
            int covered = 0;
            int differing = 0;
            for (int y = 0; y < shots[0].getHeight(); y++) {
                for (int x = 0; x < shots[0].getWidth(); x++) {
                    int a = shots[0].getRGB(x, y) & 0xFFFFFF;
                    int b = shots[1].getRGB(x, y) & 0xFFFFFF;
                    if (a != BACKGROUND || b != BACKGROUND) {
                        covered++;
                    }
                    if (channelDifference(a, b) > 8) {
                        differing++;
                    }
                }
            }
            String what = (limit ? "limit surface" : "control points") + ": " + differing + " of " + covered
                    + " covered pixels differ; triangles " + triangles[1] + " culled, " + triangles[0] + " not";
            assertTrue(covered > 5000, what);
            assertTrue(differing <= (limit ? 0.001 : 0.005) * covered, what);
            // bigguy whole in the view: what faces away goes
            assertTrue(triangles[1] < (limit ? 0.8 : 0.95) * triangles[0], what);
        }
    }

    private static int channelDifference(int a, int b) {
        int most = 0;
        for (int shift = 0; shift < 24; shift += 8) {
            most = Math.max(most, Math.abs((a >> shift & 0xFF) - (b >> shift & 0xFF)));
        }
        return most;
    }

    @Test
    void withoutOrbitEveryFrameRefinesAlike() throws Exception {
        needsGl();
        Path stats = dir.resolve("still.json");
        Cli.Result r = Cli.run(with(SMALL, "--frames", "3", "--stats-json", stats.toString()));
        assertEquals(0, r.exitCode(), r::both);
        List<Long> triangles = perFrameTriangles(json(stats));
        assertEquals(3, triangles.size());
        assertEquals(1, new HashSet<>(triangles).size(), () -> "a still camera, the same frames: " + triangles);
        assertTrue(triangles.get(0) > 20 * 4, "refined beyond level 1: " + triangles);
    }

    /**
     * {@code --animate} starts with the cage moving: after the wave's ramp the last frame is not the
     * still mesh's, and the run ends as any other (summary line, exit 0).
     */
    @Test
    void animateStartsWithTheCageMoving() throws Exception {
        needsGl();
        BufferedImage[] shots = new BufferedImage[2];
        for (int i = 0; i < 2; i++) {
            Path png = dir.resolve("frame" + i + ".png");
            List<String> args = new ArrayList<>(List.of(with(SMALL, "--frames", "40", "--no-hud",
                    "--screenshot", png.toString())));
            if (i == 1) {
                args.add("--animate");
            }
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertEquals(0, r.exitCode(), r::both);
            assertTrue(SUMMARY.matcher(r.out()).find(), r::both);
            shots[i] = ImageIO.read(png.toFile());
        }
        int changed = 0;
        for (int y = 0; y < shots[0].getHeight(); y++) {
            for (int x = 0; x < shots[0].getWidth(); x++) {
                if (shots[0].getRGB(x, y) != shots[1].getRGB(x, y)) {
                    changed++;
                }
            }
        }
        assertTrue(changed > 100, "the moved cage changes the picture: " + changed + " pixels differ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"--max-depth=17", "--max-depth=-1", "--size=0x240", "--size=big", "--screen-px=0",
        "--screen-px=1000", "--frames=0", "--orbit=NaN", "--orbit=x", "--bogus"})
    void badOptionsAreUsageErrors(String option) {
        Cli.Result r = Cli.run("demo", "--headless", "--sample", "icosahedron", option);
        assertEquals(ExitCodes.USAGE, r.exitCode(), r::both);
        assertTrue(r.err().contains("Usage: loopsub demo") || r.err().contains("loopsub demo --help"), r::both);
        assertEquals("", r.out());
    }

    @Test
    void inputMustBeGivenOnce() {
        assertEquals(ExitCodes.USAGE, Cli.run("demo", "--headless").exitCode());
        assertEquals(ExitCodes.USAGE, Cli.run("demo", "--headless", "--sample", "nosuch").exitCode());
        assertEquals(ExitCodes.USAGE, Cli.run("demo", "--headless", "x.obj", "--sample", "bigguy").exitCode());
    }

    @Test
    void uvRuleIsLinearOrSmooth() {
        Cli.Result r = Cli.run("demo", "--headless", "--sample", "icosahedron", "--uv", "cubic");
        assertEquals(ExitCodes.USAGE, r.exitCode(), r::both);
        assertTrue(r.err().contains("--uv must be linear or smooth"), r::both);
    }

    /**
     * The prepared mesh's warnings name the file's faces, as every other command's do
     * (FileNumberingTest): an unused vertex 1, then a quad whose second triangle is flat, which the
     * engine calls its face 2.
     */
    @Test
    void warningsNameTheFilesFaces() throws Exception {
        needsGl();
        Path obj = dir.resolve("warned.obj");
        Files.writeString(obj, "v 9 9 9\nv 0 0 0\nv 2 0 0\nv 2 2 0\nv 1 1 0\nf 2 3 4 5\n", StandardCharsets.UTF_8);
        Cli.Result r = Cli.run("demo", obj.toString(), "--headless", "--size", "160x120", "--frames", "1",
                "--screen-px", "8", "--max-depth", "2");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(r.err().contains("warning: face on line 6 (the file's face 1) has (nearly) zero area"), r::both);
        assertFalse(r.err().contains("face 2"), r::both);
    }

    /**
     * --check-frames: the demo's own frames (GLFW's context, the orbit camera's matrices, the limit
     * surface) against the Java back end, frame by frame; a moved cage's frames are not compared.
     */
    @Test
    void checkFramesComparesTheDemosOwnFrames() {
        needsGl();
        Cli.Result r = Cli.run("demo", "--headless", "--sample", "bigguy", "--size", "320x180", "--frames", "3",
                "--screen-px", "8", "--max-depth", "4", "--limit", "--orbit", "7", "--check-frames", "2");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(r.err().matches("(?s).*frame 1: the reference's \\d+ triangles.*"), r::both);
        assertTrue(r.err().matches("(?s).*frame 2: the reference's \\d+ triangles.*"), r::both);
        assertFalse(r.err().contains("frame 3:"), r::both);
        assertFalse(r.err().contains("DIFFERENT"), r::both);
        Cli.Result moving = Cli.run("demo", "--headless", "--sample", "icosahedron", "--size", "160x120", "--frames",
                "1", "--animate", "--check-frames", "1");
        assertEquals(ExitCodes.OK, moving.exitCode(), moving::both);
        assertTrue(moving.err().contains("frame 1: not checked"), moving::both);
    }

    /**
     * {@code --displace} headless: the cylinder's displaced frames (the first level by level, the
     * later ones resident) are the Java back end's displaced triangles (--check-frames), and a mesh
     * without uvs or a scale without a map is refused before any frame.
     */
    @Test
    void displacedFramesRunHeadlessAndAreTheReferences() {
        needsGl();
        String bumps = org.loopsub.corpus.TestMeshes.dir().resolveSibling("maps").resolve("bumps.png").toString();
        Cli.Result r = Cli.run("demo", "--headless", "--sample", "cylinder", "--size", "320x180", "--frames", "3",
                "--screen-px", "8", "--max-depth", "5", "--orbit", "7", "--displace", bumps, "--displace-scale", "0.1",
                "--check-frames", "3");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        for (int frame = 1; frame <= 3; frame++) {
            assertTrue(r.err().matches("(?s).*frame " + frame + ": the reference's \\d+ triangles.*"), r::both);
        }
        assertFalse(r.err().contains("DIFFERENT"), r::both);
        Cli.Result noUvs = Cli.run("demo", "--headless", "--sample", "icosahedron", "--frames", "1", "--displace", bumps,
                "--displace-scale", "0.1");
        assertEquals(ExitCodes.INPUT, noUvs.exitCode(), noUvs::both);
        assertTrue(noUvs.err().contains("has no uvs"), noUvs::both);
        Cli.Result noMap = Cli.run("demo", "--headless", "--sample", "cylinder", "--displace-scale", "0.1");
        assertEquals(ExitCodes.USAGE, noMap.exitCode(), noMap::both);
    }

    @ParameterizedTest
    @ValueSource(strings = {"nonmanifold_edge.obj", "empty.obj", "nan_coordinate.obj"})
    void invalidMeshIsAnInputProblem(String fixture) throws Exception {
        Path obj = dir.resolve(fixture);
        try (InputStream in = java.nio.file.Files.newInputStream(org.loopsub.corpus.TestMeshes.broken(fixture))) {
            Assumptions.assumeTrue(in != null, "fixture on the test class path");
            Files.copy(in, obj, StandardCopyOption.REPLACE_EXISTING);
        }
        // refused before any window or context is made: the same with or without a display
        Cli.Result r = Cli.run("demo", obj.toString(), "--headless", "--frames", "1");
        assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
        assertTrue(r.err().startsWith("loopsub: " + obj), r::both);
        assertFalse(r.err().contains("Exception"), r::both);
        assertEquals("", r.out());
    }

    @Test
    void missingFileIsAnInputProblem() {
        Cli.Result r = Cli.run("demo", dir.resolve("nosuch.obj").toString(), "--headless");
        assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
        assertTrue(r.err().contains("no such file"), r::both);
    }

    @Test
    void unwritableOutputsAreOutputProblems() {
        Path nowhere = dir.resolve("no-such-dir");
        Cli.Result r = Cli.run("demo", "--headless", "--sample", "icosahedron", "--screenshot",
                nowhere.resolve("a.png").toString());
        assertEquals(ExitCodes.OUTPUT, r.exitCode(), r::both);
        assertTrue(r.err().contains("does not exist"), r::both);
        r = Cli.run("demo", "--headless", "--sample", "icosahedron", "--stats-json", dir.toString());
        assertEquals(ExitCodes.OUTPUT, r.exitCode(), r::both);
        assertTrue(r.err().contains("is a directory"), r::both);
    }

    /**
     * Issue 21, item 4: on a software renderer the demo starts coarser when --screen-px is not given,
     * says so on stderr and in the JSON; given, the bound is kept. {@code -q} leaves stderr empty.
     */
    @Test
    void softwareRendererStartsCoarserUnlessTheBoundIsGiven() throws Exception {
        needsGl();
        Path stats = dir.resolve("stats.json");
        String[] noBound = {"demo", "--headless", "--sample", "icosahedron", "--size", "320x240", "--frames", "2",
            "--stats-json", stats.toString()};
        Cli.Result r = Cli.run(noBound);
        assertEquals(0, r.exitCode(), r::both);
        Map<String, Object> report = json(stats);
        boolean software = org.loopsub.api.gpu.GpuTessellators.isSoftwareRenderer((String) report.get("renderer"));
        assertEquals(software, r.err().contains("loopsub: demo: software GL: 8 px (set --screen-px to override)"),
                r::both);
        assertEquals(software ? 8L : 1L, ((Number) report.get("screen_px")).longValue(), r::both);

        r = Cli.run(with(noBound, "--screen-px", "1"));
        assertEquals(0, r.exitCode(), r::both);
        assertFalse(r.err().contains("software GL"), r::both);
        assertEquals(1L, ((Number) json(stats).get("screen_px")).longValue());

        r = Cli.run(with(noBound, "-q", "--screenshot", dir.resolve("q.png").toString()));
        assertEquals(0, r.exitCode(), r::both);
        assertEquals("", r.err(), "--quiet: nothing on stderr");
        assertTrue(SUMMARY.matcher(r.out().strip()).matches(), r::both);
    }

    @Test
    void withoutDisplayAWindowIsRefusedWithAHint() {
        Assumptions.assumeTrue(System.getenv("DISPLAY") == null && System.getenv("WAYLAND_DISPLAY") == null,
                "this JVM has a display");
        Cli.Result r = Cli.run("demo", "--sample", "icosahedron", "--frames", "1");
        assertEquals(ExitCodes.RESOURCE, r.exitCode(), r::both);
        assertTrue(r.err().contains("--headless"), r::both);
        assertTrue(r.err().contains("no display"), r::both);
        assertFalse(r.err().contains("Exception"), r::both);
        assertEquals("", r.out());
    }
}
