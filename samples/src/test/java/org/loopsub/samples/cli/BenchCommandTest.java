package org.loopsub.samples.cli;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code loopsub bench} times refinement in memory and reports it as text and as JSON. */
class BenchCommandTest {
    /** The JSON keys, in the order they are written. */
    private static final List<String> KEYS = List.of("input", "input_triangles", "mode", "refinement", "max_depth",
            "backend", "threads", "java", "warmup", "reps", "run_nanos", "median_run", "median_nanos", "min_nanos",
            "max_nanos", "first_nanos", "output_triangles", "output_vertices", "slivers", "triangles_per_second", "levels",
            "outside_levels_nanos", "peak_heap_bytes", "max_heap_bytes", "gpu", "verify");

    @TempDir
    Path dir;

    @Test
    void uniformRunPrintsTimesThroughputAndLevels() {
        Cli.Result r = Cli.run("bench", "--sample", "icosahedron", "--levels", "2", "--reps", "2", "--warmup", "0",
                "--backend", "java");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        String out = r.out();
        assertTrue(out.contains("input: sample:icosahedron, 20 triangles"), r::both);
        assertTrue(out.contains("refinement: uniform, 2 levels; back end java"), r::both);
        assertTrue(out.contains("runs: 2 timed after 0 warm-ups"), r::both);
        assertTrue(Pattern.compile("refine time: median [0-9.]+ ms, min [0-9.]+ ms, max [0-9.]+ ms, first timed run [0-9.]+ ms").matcher(out)
                .find(), r::both);
        assertTrue(out.contains("output: 162 vertices, 320 triangles\n"), r::both);
        assertTrue(Pattern.compile("throughput: \\S+ triangles/s \\(median run\\)").matcher(out).find(), r::both);
        assertTrue(Pattern.compile(" *level +active +finished +slivers +split +ms\n +0 +20 +0 +0 +20 ").matcher(out)
                .find(), r::both);
        assertTrue(Pattern.compile("outside the level loop: [0-9.]+ ms").matcher(out).find(), r::both);
        assertTrue(Pattern.compile("heap: peak [0-9.]+ [KMG]?i?B .*, max ").matcher(out).find(), r::both);
        assertEquals("", r.err(), "a bench prints only its report");
    }

    @Test
    void jsonHasEveryKeyInOrder() throws Exception {
        Path json = dir.resolve("bench.json");
        Cli.Result r = Cli.run("bench", "--sample", "icosahedron", "--levels", "2", "--reps", "3", "--warmup", "1",
                "--threads", "2", "--backend", "java", "--json", json.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        String text = Files.readString(json, StandardCharsets.UTF_8);
        Object parsed = ReadJson.parse(text);
        Map<?, ?> map = assertInstanceOf(Map.class, parsed, text);
        assertEquals(KEYS, new ArrayList<>(map.keySet()), text);
        assertEquals("sample:icosahedron", map.get("input"));
        assertEquals(20L, map.get("input_triangles"));
        assertEquals("uniform", map.get("mode"));
        assertEquals(2L, map.get("max_depth"));
        assertEquals("java", map.get("backend"));
        assertEquals(2L, map.get("threads"));
        assertEquals(1L, map.get("warmup"));
        assertEquals(3L, map.get("reps"));
        assertEquals(320L, map.get("output_triangles"));
        assertEquals(162L, map.get("output_vertices"));
        assertEquals(0L, map.get("slivers"));

        List<?> runs = (List<?>) map.get("run_nanos");
        assertEquals(3, runs.size());
        long min = Long.MAX_VALUE;
        long max = 0;
        for (Object o : runs) {
            min = Math.min(min, (Long) o);
            max = Math.max(max, (Long) o);
        }
        long median = (Long) map.get("median_nanos");
        assertEquals(min, map.get("min_nanos"));
        assertEquals(max, map.get("max_nanos"));
        assertEquals(runs.get(0), map.get("first_nanos"), "the first timed run");
        assertEquals(runs.get(((Long) map.get("median_run")).intValue()), median);
        assertTrue(min <= median && median <= max);
        assertEquals(Math.round(320 / (median / 1e9)), map.get("triangles_per_second"));

        List<?> levels = (List<?>) map.get("levels");
        assertEquals(3, levels.size(), "levels 0 and 1 split, level 2 is the output");
        long inLevels = 0;
        for (int i = 0; i < levels.size(); i++) {
            Map<?, ?> level = (Map<?, ?>) levels.get(i);
            assertEquals(List.of("level", "active", "finished", "slivers", "split", "nanos"),
                    new ArrayList<>(level.keySet()));
            assertEquals((long) i, level.get("level"));
            assertEquals(20L << (2 * i), level.get("active"));
            inLevels += (Long) level.get("nanos");
        }
        assertEquals(median - inLevels, map.get("outside_levels_nanos"));
        assertTrue((Long) map.get("peak_heap_bytes") > 0);
        assertTrue(map.get("max_heap_bytes") == null || (Long) map.get("max_heap_bytes") > 0);
        assertTrue(map.containsKey("gpu") && map.get("gpu") == null, "no GPU figures for the Java back end");
        assertTrue(map.containsKey("verify") && map.get("verify") == null, "no --verify");
        assertFalse(text.matches("(?s).*20[0-9][0-9]-[01][0-9]-.*"), "no timestamps");
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void adaptiveRunCountsSlivers() throws Exception {
        Path json = dir.resolve("adaptive.json");
        Cli.Result r = Cli.run("bench", "--sample", "icosahedron", "--adaptive", "--max-edge", "0.1", "--reps", "1",
                "--warmup", "0", "--backend", "java", "--json", json.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        Matcher m = Pattern.compile("output: \\d+ vertices, (\\d+) triangles, (\\d+) slivers \\(([0-9.]+)% of the "
                + "triangles\\)").matcher(r.out());
        assertTrue(m.find(), r::both);
        assertTrue(r.out().contains("refinement: adaptive to depth 6: max edge 0.1;"), r::both);
        Map<?, ?> map = (Map<?, ?>) ReadJson.parse(Files.readString(json));
        assertEquals("adaptive", map.get("mode"));
        assertEquals(6L, map.get("max_depth"));
        assertEquals(Long.parseLong(m.group(1)), map.get("output_triangles"));
        assertEquals(Long.parseLong(m.group(2)), map.get("slivers"));
        assertTrue((Long) map.get("slivers") > 0);
    }

    @Test
    void readsAFileAndWarnsAboutItOnce() throws Exception {
        Path input = dir.resolve("dup.obj");
        Files.writeString(input, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 0 0 0\n"
                + "f 1 3 2\nf 1 2 4\nf 2 3 4\nf 3 5 4\n");
        Cli.Result r = Cli.run("bench", input.toString(), "-l", "1", "--reps", "2", "--warmup", "2");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertEquals(1, r.err().split("shared an exact position", -1).length - 1, r::both);
        Cli.Result quiet = Cli.run("bench", input.toString(), "-l", "1", "--reps", "1", "--warmup", "0", "-q");
        assertEquals("", quiet.err(), quiet::both);
    }

    @Test
    void invalidInputIsAnInputProblem() throws Exception {
        Path input = dir.resolve("bad.obj");
        // three faces on one edge: read fine, refused by the tessellator's validation
        Files.writeString(input, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 1 1 1\nf 1 2 3\nf 2 1 4\nf 1 2 5\n");
        Cli.Result r = Cli.run("bench", input.toString(), "-l", "1");
        assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
        assertTrue(r.err().startsWith("loopsub: " + input + ": non-manifold edge"), r::both);
    }

    @Test
    void jsonInAMissingDirectoryIsAnOutputProblemFoundBeforeTheRuns() {
        Path json = dir.resolve("no-such-dir").resolve("b.json");
        Cli.Result r = Cli.run("bench", "--sample", "icosahedron", "-l", "1", "--json", json.toString());
        assertEquals(ExitCodes.OUTPUT, r.exitCode(), r::both);
        assertTrue(r.err().contains("does not exist"), r::both);
        assertEquals("", r.out(), "no report: the check comes first");
    }

    @Test
    void medianRunIsARealRun() {
        assertEquals(1, BenchCommand.medianRun(new long[] {30, 20, 10}));
        assertEquals(2, BenchCommand.medianRun(new long[] {40, 10, 20, 30}), "even count: the faster middle run");
        assertEquals(0, BenchCommand.medianRun(new long[] {5}));
        assertEquals(0, BenchCommand.medianRun(new long[] {7, 7}), "ties: the earlier run");
    }

    @Test
    void inputNamesNeedingEscapesSurviveTheJson() throws Exception {
        Path input = dir.resolve("a \"quoted\" \\ name.obj");
        Files.writeString(input, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 2 3 4\nf 3 1 4\n");
        Path json = dir.resolve("escaped.json");
        Cli.Result r = Cli.run("bench", input.toString(), "-l", "1", "--reps", "1", "--warmup", "0", "--backend",
                "java", "--json", json.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        Map<?, ?> map = (Map<?, ?>) ReadJson.parse(Files.readString(json));
        assertEquals(input.toString(), map.get("input"));
    }

    @Test
    void neitherLevelsNorAdaptive() {
        Cli.Result r = Cli.run("bench", "--sample", "icosahedron");
        assertEquals(ExitCodes.USAGE, r.exitCode(), r::both);
        assertTrue(r.err().contains("give --levels <N> for uniform refinement or --adaptive"), r::both);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--reps=0", "--reps=-1", "--reps=10001", "--warmup=-1", "--warmup=10001", "--levels=17",
        "--threads=-1", "--reps=x"})
    void outOfRange(String option) {
        List<String> args = new ArrayList<>(List.of("bench", "--sample", "icosahedron", option));
        if (!option.startsWith("--levels")) {
            args.addAll(List.of("--levels", "1"));
        }
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertEquals(ExitCodes.USAGE, r.exitCode(), r::both);
        assertTrue(r.err().contains(option.substring(0, option.indexOf('='))), r::both);
    }

    @Test
    void tooManyTrianglesIsAResourceProblem() {
        Cli.Result r = Cli.run("bench", "--sample", "bigguy", "-l", "9");
        assertEquals(ExitCodes.RESOURCE, r.exitCode(), r::both);
        // the array takes 8 levels; the heap of this JVM may take fewer
        LevelAdviceTest.assertAdvisesWhatFitsThisHeap(r.err(), 8);
    }

    @Test
    void inputProblemsAsForSubdivide() {
        Cli.Result none = Cli.run("bench", "-l", "1");
        assertEquals(ExitCodes.USAGE, none.exitCode(), none::both);
        assertTrue(none.err().contains("missing input"), none::both);
        Cli.Result missing = Cli.run("bench", dir.resolve("nope.obj").toString(), "-l", "1");
        assertEquals(ExitCodes.INPUT, missing.exitCode(), missing::both);
        assertTrue(missing.err().contains("no such file"), missing::both);
    }

    /** A budget may refine several times, so bench, which times one refinement, refuses it. */
    @Test
    void aTriangleBudgetIsAUsageError() {
        Cli.Result r = Cli.run("bench", "--sample", "icosahedron", "--levels", "2", "--reps", "1", "--warmup", "0",
                "--backend", "java", "--max-triangles", "1000");
        assertEquals(ExitCodes.USAGE, r.exitCode(), r::both);
        assertTrue(r.err().contains("--max-triangles"), r::both);
    }
}
