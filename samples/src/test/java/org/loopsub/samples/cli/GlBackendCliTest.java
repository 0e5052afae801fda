package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
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
 * The command line on the GL back end: {@code --backend}, {@code --scan}, {@code verify} and the GPU
 * figures of {@code bench}. CI has Mesa's llvmpipe (EGL surfaceless), so these run there; on a
 * machine without any GL 4.3 context they are skipped, unless {@code CI} is set.
 */
@Tag("gl")
class GlBackendCliTest {
    /** The {@code gpu} object's keys, in the order they are written. */
    private static final List<String> GPU_KEYS = List.of("renderer", "gl_version", "context", "scan",
            "subgroup_size", "budget_bytes", "kernel_nanos", "kernel_first_nanos", "kernel_run_nanos", "kernel_triangles_per_second",
            "bytes_read", "bytes_written", "gb_per_second", "copy_bandwidth_gbs", "bandwidth_fraction",
            "end_to_end_nanos", "end_to_end_run_nanos", "end_to_end_upload_nanos", "end_to_end_issue_nanos",
            "end_to_end_wait_nanos", "end_to_end_timed_nanos", "gpu_first_to_last_pass_nanos", "end_to_end_triangles_per_second", "programs_compiled",
            "programs_from_binaries", "compile_wait_nanos", "clock_wakes", "levels", "passes");

    private static String renderer;
    private static boolean software;
    private static boolean subgroups;

    @TempDir
    Path dir;

    @BeforeAll
    static void needsAContext() {
        // made and closed here, on the thread that runs the tests, as the commands do
        try (GlContext ctx = GlContext.createHeadless()) {
            renderer = ctx.renderer();
            software = ctx.isSoftware();
            subgroups = ctx.hasSubgroups();
        } catch (GlUnavailableException e) {
            if (System.getenv("CI") != null) {
                throw e;
            }
            Assumptions.abort("skipped, no OpenGL 4.3 context on this machine: " + e.getMessage());
        }
    }

    private Path subdivide(String name, String... args) {
        Path output = dir.resolve(name);
        List<String> all = new ArrayList<>(List.of("subdivide", "-o", output.toString()));
        all.addAll(List.of(args));
        Cli.Result r = Cli.run(all.toArray(String[]::new));
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        return output;
    }

    private void assertSameBytes(String what, String... args) throws Exception {
        assertSameBytes(what, List.of(args), List.of());
    }

    /** Runs {@code args} on both back ends, with {@code glArgs} added on the GL run. */
    private void assertSameBytes(String what, List<String> args, List<String> glArgs) throws Exception {
        List<String> java = new ArrayList<>(args);
        java.addAll(List.of("--backend", "java"));
        List<String> gl = new ArrayList<>(args);
        gl.addAll(List.of("--backend", "gl"));
        gl.addAll(glArgs);
        byte[] expected = Files.readAllBytes(subdivide(what + "-java.obj", java.toArray(String[]::new)));
        byte[] actual = Files.readAllBytes(subdivide(what + "-gl.obj", gl.toArray(String[]::new)));
        assertTrue(expected.length > 0);
        assertArrayEquals(expected, actual, what + ": --backend gl wrote other bytes than --backend java");
    }

    @Test
    void autoSaysWhichBackEndItChoseAndWhy() {
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-o", dir.resolve("auto.obj").toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        if (software) {
            assertEquals("loopsub: back end java (auto): the only GL renderer found is " + renderer
                    + ", a software renderer (--backend gl would use it anyway)\n", r.err());
        } else {
            assertTrue(r.err().startsWith("loopsub: back end gl (auto): " + renderer + ", OpenGL "), r::both);
        }
        Cli.Result quiet = Cli.run("subdivide", "--sample", "icosahedron", "-o", dir.resolve("q.obj").toString(),
                "-q");
        assertEquals("", quiet.err(), quiet::both);
    }

    @Test
    void autoOnASoftwareRendererPicksJava() {
        Assumptions.assumeTrue(software, "the renderer is hardware: " + renderer);
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-o", dir.resolve("s.obj").toString(),
                "--stats", "--scan", "hillis-steele");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(r.out().contains("(back end java)"), r::both);
        assertTrue(r.err().contains("a software renderer") && r.err().contains("; --scan is ignored"), r::both);
    }

    @Test
    void glIsUsedWhenAskedForEvenInSoftware() {
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-o", dir.resolve("g.obj").toString(),
                "--backend", "gl", "--stats");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(r.out().contains("(back end gl)"), r::both);
        assertEquals("", r.err(), "an explicit back end needs no explanation");
    }

    @Test
    void uniformIcosahedronSameBytesOnBothBackEnds() throws Exception {
        assertSameBytes("ico2", "--sample", "icosahedron", "--levels", "2");
    }

    @Test
    void adaptiveBigguySameBytesOnBothBackEnds() throws Exception {
        assertSameBytes("bigguy-adaptive", "--sample", "bigguy", "--adaptive", "--max-edge", "0.5",
                "--max-depth", "2");
    }

    @ParameterizedTest
    @ValueSource(strings = {"hillis-steele", "reduce-then-scan"})
    void everyPortableScanGivesTheSameBytes(String scan) throws Exception {
        byte[] expected = Files.readAllBytes(subdivide("j.obj", "--sample", "icosahedron", "-l", "3",
                "--backend", "java"));
        byte[] actual = Files.readAllBytes(subdivide("g.obj", "--sample", "icosahedron", "-l", "3",
                "--backend", "gl", "--scan", scan));
        assertArrayEquals(expected, actual, scan);
    }

    @Test
    void tinyBudgetCutsTheStreamWithoutChangingTheBytes() throws Exception {
        // 10 KiB holds a few dozen records: every level runs in many windows
        List<String> tiny = List.of("--gl-budget-mib", "0.01");
        assertSameBytes("bigguy-tiny", List.of("--sample", "bigguy", "--adaptive", "--max-edge", "0.5", "--max-depth",
                "1"), tiny);
        assertSameBytes("ico-tiny", List.of("--sample", "icosahedron", "-l", "3"), tiny);
    }

    /** verify with --displace: uniform and adaptive, the GL back end's bytes are the Java back end's. */
    @Test
    void verifyDisplaced() throws java.io.IOException {
        java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(16, 8,
                java.awt.image.BufferedImage.TYPE_USHORT_GRAY);
        for (int y = 0; y < 8; y++) {
            for (int x = 0; x < 16; x++) {
                img.getRaster().setSample(x, y, 0, (x * 7919 + y * 104729) % 65536);
            }
        }
        Path map = dir.resolve("map.png");
        javax.imageio.ImageIO.write(img, "png", map.toFile());
        for (List<String> refine : List.of(List.of("--levels", "2"),
                List.of("--adaptive", "--max-edge", "0.3", "--max-depth", "3"))) {
            List<String> args = new ArrayList<>(List.of("verify", "--sample", "cylinder", "--scan", "reduce-then-scan",
                    "--displace", map.toString(), "--displace-scale", "0.1", "--displace-offset", "0.02"));
            args.addAll(refine);
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertEquals(ExitCodes.OK, r.exitCode(), r::both);
            assertTrue(r.out().contains("displaced (16 x 8 map"), r::both);
            // a renderer's displaced frames too: positions to the bit, flat normals (FrameCheck.compareFlat)
            assertTrue(r.out().contains("frame 1 (level by level): identical"), r::both);
            assertTrue(r.out().contains("frame 2") && !r.out().contains("DIFFERENT"), r::both);
            assertTrue(r.out().contains("result: identical"), r::both);
        }
    }

    @Test
    void verifyReportsIdenticalForEveryStrategy() {
        Cli.Result r = Cli.run("verify", "--sample", "icosahedron", "--levels", "2");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        String out = r.out();
        assertTrue(out.contains("renderer: " + renderer), r::both);
        // the header comment, 162 v, 162 vn and 320 f lines
        assertTrue(Pattern.compile("(?m)^GL version: \\S").matcher(out).find(), r::both);
        assertTrue(Pattern.compile("(?m)^subgroup size: (\\d+|none)").matcher(out).find(), r::both);
        assertTrue(Pattern.compile("(?m)^java: \\d+ bytes, 645 lines$").matcher(out).find(), r::both);
        assertTrue(out.contains("hillis-steele: identical ("), r::both);
        assertTrue(out.contains("reduce-then-scan: identical ("), r::both);
        assertTrue(out.contains(subgroups ? "subgroup: identical (" : "subgroup: skipped"), r::both);
        // a renderer's frames too: 20 x 4^2 triangles each
        assertTrue(out.contains("frame 1 (level by level): identical (320 triangles)"), r::both);
        assertTrue(out.contains("frame 2: identical (320 triangles)"), r::both);
        assertTrue(out.contains("result: identical"), r::both);
        assertFalse(out.contains("DIFFERENT"), r::both);
    }

    @Test
    void verifyAdaptiveWithOneStrategyAndATinyBudget() {
        Cli.Result r = Cli.run("verify", "--sample", "bigguy", "--adaptive", "--max-edge", "0.5", "--max-depth", "2",
                "--scan", "reduce-then-scan", "--gl-budget-mib", "0.01");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(r.out().contains("reduce-then-scan: identical ("), r::both);
        assertFalse(r.out().contains("hillis-steele"), r::both);
        // the second frame plans its room from the first and keeps its sizes on the GPU
        assertTrue(r.out().contains("frame 1 (level by level): identical ("), r::both);
        assertTrue(r.out().contains("frame 2 (sizes kept on the GPU): identical ("), r::both);
    }

    @Test
    void subgroupScanWithoutSubgroupsIsAResourceProblem() {
        Assumptions.assumeFalse(subgroups, renderer + " has subgroups");
        String why = "--scan subgroup needs GL_KHR_shader_subgroup";
        Path out = dir.resolve("sg.obj");
        Cli.Result sub = Cli.run("subdivide", "--sample", "icosahedron", "-o", out.toString(), "--backend", "gl",
                "--scan", "subgroup");
        assertEquals(ExitCodes.RESOURCE, sub.exitCode(), sub::both);
        assertTrue(sub.err().startsWith("loopsub: " + why), sub::both);
        assertFalse(Files.exists(out));
        Cli.Result verify = Cli.run("verify", "--sample", "icosahedron", "-l", "1", "--scan", "subgroup");
        assertEquals(ExitCodes.RESOURCE, verify.exitCode(), verify::both);
        assertTrue(verify.err().contains(why), verify::both);
        Cli.Result bench = Cli.run("bench", "--sample", "icosahedron", "-l", "1", "--backend", "gl", "--scan",
                "subgroup");
        assertEquals(ExitCodes.RESOURCE, bench.exitCode(), bench::both);
        assertTrue(bench.err().contains(why), bench::both);
    }

    @Test
    void benchOnGlPrintsKernelTimeAndBandwidth() throws Exception {
        Path json = dir.resolve("gl.json");
        Cli.Result r = Cli.run("bench", "--sample", "icosahedron", "--levels", "2", "--backend", "gl", "--reps", "3",
                "--warmup", "1", "--copy-bandwidth-gbs", "10", "--verify", "--json", json.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        String out = r.out();
        assertTrue(out.contains("refinement: uniform, 2 levels; back end gl (scan reduce-then-scan)"), r::both);
        assertTrue(out.contains("output: 320 triangles, left on the GPU"), r::both);
        assertTrue(out.contains("GPU: " + renderer + ", OpenGL "), r::both);
        assertTrue(Pattern.compile("(?m)^total +[0-9.]+ +100\\.00% +[0-9.]+ [KMG]?i?B +[0-9.]+$").matcher(out)
                .find(), r::both);
        assertTrue(Pattern.compile("(?m)^loop_split +[0-9.]+ ").matcher(out).find(), r::both);
        assertTrue(Pattern.compile("kernel time: [0-9.]+ ms \\(first timed run [0-9.]+ ms\\); \\S+ triangles/s; .* read\\+written .*: [0-9.]+ GB/s = "
                + "[0-9.]+ of the measured copy bandwidth of 10 GB/s").matcher(out).find(), r::both);
        assertTrue(Pattern.compile("end to end: [0-9.]+ ms \\(upload to output ready .*\\); \\S+ triangles/s")
                .matcher(out).find(), r::both);
        assertTrue(out.contains("verify: identical ("), r::both);
        assertEquals("", r.err(), r::both);

        String text = Files.readString(json, StandardCharsets.UTF_8);
        Map<?, ?> map = assertInstanceOf(Map.class, ReadJson.parse(text), text);
        assertEquals("gl", map.get("backend"));
        assertEquals(320L, map.get("output_triangles"));
        assertEquals(null, map.get("output_vertices"), "the GL path does not weld");
        assertEquals("identical", map.get("verify"));
        Map<?, ?> gpu = assertInstanceOf(Map.class, map.get("gpu"), text);
        assertEquals(GPU_KEYS, new ArrayList<>(gpu.keySet()), text);
        assertEquals(renderer, gpu.get("renderer"));
        // the run's passes were compiled or linked from kept binaries; only an NVIDIA GPU's clocks are woken
        assertTrue(((Number) gpu.get("programs_compiled")).longValue()
                + ((Number) gpu.get("programs_from_binaries")).longValue() > 0, text);
        if (!renderer.contains("NVIDIA")) {
            assertEquals(0L, ((Number) gpu.get("clock_wakes")).longValue(), text);
        }
        assertEquals("reduce-then-scan", gpu.get("scan"));
        assertTrue(((String) gpu.get("gl_version")).length() > 0);
        long kernel = (Long) gpu.get("kernel_nanos");
        assertTrue(kernel > 0, text);
        List<?> kernelRuns = (List<?>) gpu.get("kernel_run_nanos");
        assertEquals(3, kernelRuns.size());
        assertTrue(kernelRuns.contains(kernel), "the median is one of the runs");
        assertEquals(kernelRuns.get(0), gpu.get("kernel_first_nanos"), "the first timed run");
        long bytes = (Long) gpu.get("bytes_read") + (Long) gpu.get("bytes_written");
        assertTrue(bytes > 0, text);
        double gbs = ((Number) gpu.get("gb_per_second")).doubleValue();
        assertEquals((double) bytes / kernel, gbs, gbs * 1e-5);
        assertEquals(10L, gpu.get("copy_bandwidth_gbs"));
        assertEquals(gbs / 10, ((Number) gpu.get("bandwidth_fraction")).doubleValue(), gbs * 1e-5);
        assertEquals(Math.round(320 / (kernel / 1e9)), gpu.get("kernel_triangles_per_second"));
        long e2e = (Long) gpu.get("end_to_end_nanos");
        assertTrue(e2e > 0);
        assertEquals(Math.round(320 / (e2e / 1e9)), gpu.get("end_to_end_triangles_per_second"));
        // the phases are medians taken on their own, so they need not add up; each is within the whole
        for (String phase : List.of("end_to_end_upload_nanos", "end_to_end_issue_nanos", "end_to_end_wait_nanos")) {
            long nanos = (Long) gpu.get(phase);
            assertTrue(nanos >= 0 && nanos <= e2e, phase + " " + nanos + " of " + e2e);
        }
        assertTrue((Long) gpu.get("end_to_end_timed_nanos") > 0, text);
        long gpuSpan = (Long) gpu.get("gpu_first_to_last_pass_nanos");
        assertTrue(gpuSpan >= kernel || Math.abs(gpuSpan - kernel) < 1000, "the passes lie inside their first-to-last span: "
                + gpuSpan + " against kernels " + kernel);
        List<?> levels = (List<?>) gpu.get("levels");
        assertEquals(2, levels.size(), "levels 0 and 1 run passes; level 2 is their output");
        long levelBytes = 0;
        for (int i = 0; i < levels.size(); i++) {
            Map<?, ?> level = (Map<?, ?>) levels.get(i);
            assertEquals(List.of("level", "kernel_nanos", "bytes_read", "bytes_written", "gb_per_second"),
                    new ArrayList<>(level.keySet()));
            assertEquals((long) i, level.get("level"));
            levelBytes += (Long) level.get("bytes_read") + (Long) level.get("bytes_written");
        }
        assertEquals(bytes, levelBytes, "the levels' bytes add up to the total");
        List<?> passes = (List<?>) gpu.get("passes");
        assertEquals("loop_split", ((Map<?, ?>) passes.get(0)).get("pass"), text);
        assertFalse(text.matches("(?s).*20[0-9][0-9]-[01][0-9]-.*"), "no timestamps");
    }

    /**
     * The GL back end on an OpenGL 4.3 context, as NVIDIA's driver gives GLFW's 4.3 request (the
     * demo's): the paths below 4.5 (staging uploads, buffers bound to copy) write the same bytes and
     * the same frames. Mesa reports 4.3 when told to (MESA_GL_VERSION_OVERRIDE), in a process of its own.
     */
    @Test
    void verifyOnAnOpenGl43Context() throws Exception {
        Assumptions.assumeTrue(renderer.contains("llvmpipe"), "only Mesa takes MESA_GL_VERSION_OVERRIDE: " + renderer);
        String javaBin = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder b = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"),
                LoopsubCommand.class.getName(), "verify", "--sample", "bigguy", "--adaptive", "--max-edge", "0.5",
                "--max-depth", "3", "--limit", "--scan", "reduce-then-scan").redirectErrorStream(true);
        b.environment().put("MESA_GL_VERSION_OVERRIDE", "4.3");
        Process p = b.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.contains("GL version: 4.3"), out);
        assertTrue(out.contains("reduce-then-scan: identical ("), out);
        assertTrue(out.contains("frame 2 (sizes kept on the GPU): identical ("), out);
    }

    /**
     * A coloured OBJ: auto gives it to the Java back end, which keeps its colours (the GL back end
     * refuses primvars); --backend gl drops them with a note and writes the same positions.
     */
    @Test
    void colouredInputGoesToJavaUnderAutoAndLosesItsColoursOnGlWithANote() throws Exception {
        Path obj = dir.resolve("tetra.obj");
        Files.writeString(obj, "v 0 0 0 1 0 0\nv 1 0 0 0 1 0\nv 0 1 0 0 0 1\nv 0 0 1 1 1 0\n"
                + "f 1 3 2\nf 1 2 4\nf 2 3 4\nf 1 4 3\n", StandardCharsets.US_ASCII);
        Path auto = dir.resolve("auto.glb");
        Cli.Result r = Cli.run("subdivide", obj.toString(), "-l", "2", "-o", auto.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(r.err().startsWith("loopsub: back end java (auto): the input carries per-vertex channel 'color', "
                + "which only the Java back end refines"), r::both);
        String json = new String(Files.readAllBytes(auto), StandardCharsets.ISO_8859_1);
        assertTrue(json.contains("\"COLOR_0\""), "the colours reach the file");

        Path java = dir.resolve("java.obj");
        Path gl = dir.resolve("gl.obj");
        assertEquals(ExitCodes.OK, Cli.run("subdivide", obj.toString(), "-l", "2", "--backend", "java", "-o",
                java.toString()).exitCode());
        Cli.Result g = Cli.run("subdivide", obj.toString(), "-l", "2", "--backend", "gl", "-o", gl.toString());
        assertEquals(ExitCodes.OK, g.exitCode(), g::both);
        assertTrue(g.err().contains("tetra.obj: the GL back end does not refine per-vertex channels yet: "
                + "channel 'color' left out"), g::both);
        // the Java back end's file carries the refined colours after each position; GL's the same without
        StringBuilder withoutColours = new StringBuilder();
        for (String line : Files.readAllLines(java, StandardCharsets.US_ASCII)) {
            String[] t = line.split(" ");
            if (line.startsWith("v ")) {
                assertEquals(7, t.length, "a colour after the position: " + line);
                line = String.join(" ", List.of(t).subList(0, 4));
            }
            withoutColours.append(line).append('\n');
        }
        assertEquals(withoutColours.toString(), Files.readString(gl, StandardCharsets.US_ASCII),
                "positions and normals alike");
    }

    @Test
    void benchAdaptiveOnGlTimesEveryPass() {
        Cli.Result r = Cli.run("bench", "--sample", "bigguy", "--adaptive", "--max-edge", "0.5", "--max-depth", "2",
                "--backend", "gl", "--reps", "1", "--warmup", "0", "--verify");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        for (String pass : List.of("loop_flag_edges", "loop_split")) {
            assertTrue(Pattern.compile("(?m)^" + pass + " +[0-9.]+ ").matcher(r.out()).find(), pass + "\n" + r.both());
        }
        // the edge test filters the records it tests: no level here runs the filter alone
        assertFalse(Pattern.compile("(?m)^loop_filter ").matcher(r.out()).find(), r::both);
        assertTrue(r.out().contains("1464 slivers"), r::both);
        assertTrue(r.out().contains("verify: identical ("), r::both);
    }

    @Test
    void benchWithAutoOnSoftwareHasNoGpuSection() throws Exception {
        Assumptions.assumeTrue(software, "the renderer is hardware: " + renderer);
        Path json = dir.resolve("auto.json");
        Cli.Result r = Cli.run("bench", "--sample", "icosahedron", "-l", "1", "--reps", "1", "--warmup", "0",
                "--verify", "--json", json.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(r.err().startsWith("loopsub: back end java (auto): "), r::both);
        assertTrue(r.out().contains("verify: nothing to compare, the back end is java"), r::both);
        Map<?, ?> map = (Map<?, ?>) ReadJson.parse(Files.readString(json));
        assertEquals("java", map.get("backend"));
        assertTrue(map.containsKey("gpu") && map.get("gpu") == null);
        assertTrue(map.containsKey("verify") && map.get("verify") == null);
    }
}
