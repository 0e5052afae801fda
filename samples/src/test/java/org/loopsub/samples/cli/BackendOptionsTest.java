package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.loopsub.gl.GpuScan;
import org.loopsub.gl.GpuTimer;

/**
 * What needs no GL context: the usage errors of the back-end options, the byte comparison, and the
 * GPU report's arithmetic and JSON (fed with made-up spans).
 */
class BackendOptionsTest {
    private static Cli.Result usageError(String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(ExitCodes.USAGE, r.exitCode(), r::both);
        assertFalse(r.err().contains("\tat "), () -> "stack trace shown:\n" + r.both());
        return r;
    }

    @Test
    void unknownBackEndListsTheKnownOnes() {
        Cli.Result r = usageError("subdivide", "--sample", "icosahedron", "-o", "x.obj", "--backend", "vulkan");
        assertTrue(r.err().contains("unknown back end 'vulkan'; available: gl, java, auto"), r::both);
        Cli.Result b = usageError("bench", "--sample", "icosahedron", "-l", "1", "--backend", "cuda");
        assertTrue(b.err().contains("unknown back end 'cuda'"), b::both);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--scan=hillis-steele", "--gl-budget-mib=1"})
    void glOnlyOptionsWithJava(String option) {
        Cli.Result r = usageError("subdivide", "--sample", "icosahedron", "-o", "x.obj", "--backend", "java", option);
        assertTrue(r.err().contains(option.substring(0, option.indexOf('=')) + " applies to the gl back end only"),
                r::both);
    }

    @Test
    void unknownScan() {
        Cli.Result r = usageError("subdivide", "--sample", "icosahedron", "-o", "x.obj", "--scan", "bitonic");
        assertTrue(r.err().contains("'bitonic' is not a scan strategy; expected one of hillis-steele, "
                + "reduce-then-scan, subgroup"), r::both);
        Cli.Result v = usageError("verify", "--sample", "icosahedron", "-l", "1", "--scan", "bitonic");
        assertTrue(v.err().contains("unknown --scan 'bitonic'; expected one of all, hillis-steele"), v::both);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "NaN", "2e6"})
    void budgetOutOfRange(String mib) {
        Cli.Result r = usageError("subdivide", "--sample", "icosahedron", "-o", "x.obj", "--gl-budget-mib", mib);
        assertTrue(r.err().contains("--gl-budget-mib must be more than 0"), r::both);
        Cli.Result v = usageError("verify", "--sample", "icosahedron", "-l", "1", "--gl-budget-mib", mib);
        assertTrue(v.err().contains("--gl-budget-mib must be more than 0"), v::both);
    }

    @Test
    void benchGlOnlyOptionsWithJava() {
        Cli.Result verify = usageError("bench", "--sample", "icosahedron", "-l", "1", "--backend", "java", "--verify");
        assertTrue(verify.err().contains("--verify compares the gl back end with the java one"), verify::both);
        Cli.Result bw = usageError("bench", "--sample", "icosahedron", "-l", "1", "--backend", "java",
                "--copy-bandwidth-gbs", "900");
        assertTrue(bw.err().contains("--copy-bandwidth-gbs applies to the gl back end only"), bw::both);
        Cli.Result zero = usageError("bench", "--sample", "icosahedron", "-l", "1", "--copy-bandwidth-gbs", "0");
        assertTrue(zero.err().contains("--copy-bandwidth-gbs must be a positive number"), zero::both);
    }

    @Test
    void verifyNeedsLevelsOrAdaptive() {
        Cli.Result r = usageError("verify", "--sample", "icosahedron");
        assertTrue(r.err().contains("give --levels <N> for uniform refinement or --adaptive"), r::both);
    }

    @Test
    void whatTheGlBackEndCannotRunIsAUsageError() {
        CliFailure f = assertThrows(CliFailure.class, () -> Backend.unsupportedIsUsage(() -> {
            throw new UnsupportedOperationException("the GL back end takes one screen-space criterion");
        }));
        assertEquals(ExitCodes.USAGE, f.exitCode());
        assertEquals(List.of("the GL back end cannot run this: the GL back end takes one screen-space criterion; "
                + "use --backend java"), f.lines());
    }

    @Test
    void scanNames() {
        assertEquals(List.of("hillis-steele", "reduce-then-scan", "subgroup"), new Names.ScanNames());
        assertEquals(GpuScan.Strategy.REDUCE_THEN_SCAN, Names.scan("Reduce-Then-Scan"));
        assertEquals(GpuScan.Strategy.HILLIS_STEELE, Names.scan("HILLIS_STEELE"));
        assertNull(Names.scan("all"));
    }

    @Test
    void firstDifferenceNamesTheLineInBoth() {
        assertNull(ObjCompare.firstDifference("v 1 2 3\nf 1 2 3\n", "v 1 2 3\nf 1 2 3\n"));
        ObjCompare.Difference d = ObjCompare.firstDifference("v 1 2 3\nv 4 5 6\nf 1 2 3\n",
                "v 1 2 3\nv 4 5 6.5\nf 1 2 3\n");
        assertEquals(new ObjCompare.Difference(2, "v 4 5 6", "v 4 5 6.5"), d);
        ObjCompare.Difference shorter = ObjCompare.firstDifference("v 1\nv 2\n", "v 1\n");
        assertEquals(new ObjCompare.Difference(2, "v 2", ObjCompare.END_OF_FILE), shorter);
        ObjCompare.Difference first = ObjCompare.firstDifference("a\n", "b\n");
        assertEquals(new ObjCompare.Difference(1, "a", "b"), first);
        assertEquals(3, ObjCompare.lines("a\nb\nc\n"));
    }

    /** An end-to-end time split evenly between the three host phases, the GPU busy for {@code gpu}. */
    private static org.loopsub.glengine.GpuRun.EndToEnd e2e(long total, long gpu) {
        return new org.loopsub.glengine.GpuRun.EndToEnd(total, total / 3, total / 3, total - 2 * (total / 3), gpu);
    }

    private static GpuTimer.Span span(String label, int level, long read, long written, long nanos) {
        return new GpuTimer.Span(label, level, read, written, nanos);
    }

    @Test
    void gpuReportTakesEachMedianOnItsOwn() {
        // three runs; bytes are those of the first run
        List<List<GpuTimer.Span>> runs = List.of(
                List.of(span("loop_split", 0, 100, 400, 10), span("loop_split", 1, 400, 600, 30)),
                List.of(span("loop_split", 0, 100, 400, 50), span("loop_split", 1, 400, 600, 20)),
                List.of(span("loop_split", 0, 100, 400, 20), span("loop_split", 1, 400, 600, 40)));
        GpuReport g = new GpuReport("r", "4.6", "route", "reduce-then-scan", 32, 1 << 30, runs,
                List.of(e2e(300, 30), e2e(100, 10), e2e(200, 20)), List.of(), 1000, 2.0, GpuReport.Programs.NONE);
        assertEquals(60, g.kernelNanos(), "kernel runs 40, 70, 60");
        assertEquals(200, g.endToEndMedianNanos());
        Map<?, ?> phases = (Map<?, ?>) ReadJson.parse(Json.write(g.toJson()));
        assertEquals(20L, phases.get("gpu_first_to_last_pass_nanos"), "median of 30, 10, 20");
        assertEquals(66L, phases.get("end_to_end_upload_nanos"), "median of 100, 33, 66");
        assertEquals(500, g.bytesRead());
        assertEquals(1000, g.bytesWritten());
        List<GpuReport.Row> levels = g.levels();
        assertEquals(2, levels.size());
        assertEquals(20, levels.get(0).nanos());
        assertEquals(30, levels.get(1).nanos());
        assertEquals(1000, levels.get(1).bytes());
        assertEquals(25.0, GpuReport.gbPerSecond(1500, 60));
        assertEquals(12.5, g.bandwidthFraction());
        assertEquals(Math.round(1000 / 60e-9), GpuReport.perSecond(1000, 60));
        assertEquals(1, GpuReport.median(new long[] {1, 2}), "even count: the lower middle, as bench's median run");
        assertEquals("0.0001235", GpuReport.decimal(0.00012345678, 4));
        assertEquals("null", GpuReport.decimal(Double.NaN, 4));

        Map<?, ?> json = (Map<?, ?>) ReadJson.parse(Json.write(g.toJson()));
        assertEquals(60L, json.get("kernel_nanos"));
        assertEquals(List.of(40L, 70L, 60L), json.get("kernel_run_nanos"));
        assertEquals(25L, json.get("gb_per_second"));
        assertEquals(12.5, json.get("bandwidth_fraction"));
        assertEquals(32L, json.get("subgroup_size"));
        List<?> passes = (List<?>) json.get("passes");
        assertEquals(1, passes.size());
        assertEquals(60L, ((Map<?, ?>) passes.get(0)).get("kernel_nanos"));
        assertEquals(new ArrayList<>(List.of("pass", "kernel_nanos", "bytes_read", "bytes_written", "gb_per_second")),
                new ArrayList<>(((Map<?, ?>) passes.get(0)).keySet()));
    }

    @Test
    void gpuReportTakesEndToEndFromTheUntimedRuns() {
        // timed runs 300, 100, 200 (timestamps cost time); untimed 90, 150, 60
        List<List<GpuTimer.Span>> runs = List.of(List.of(span("loop_split", 0, 1, 1, 10)),
                List.of(span("loop_split", 0, 1, 1, 10)), List.of(span("loop_split", 0, 1, 1, 10)));
        GpuReport g = new GpuReport("r", "4.6", "route", "reduce-then-scan", 32, 1, runs,
                List.of(e2e(300, 30), e2e(100, 10), e2e(200, 20)), List.of(e2e(90, 0), e2e(150, 0), e2e(60, 0)),
                1000, null, GpuReport.Programs.NONE);
        assertEquals(90, g.endToEndMedianNanos(), "median of the untimed 90, 150, 60");
        assertEquals(200, g.timedEndToEndNanos(), "median of the timed 300, 100, 200");
        Map<?, ?> json = (Map<?, ?>) ReadJson.parse(Json.write(g.toJson()));
        assertEquals(90L, json.get("end_to_end_nanos"));
        assertEquals(200L, json.get("end_to_end_timed_nanos"));
        assertEquals(30L, json.get("end_to_end_upload_nanos"), "a third of the untimed 90 (50, 30, 20)");
        assertEquals(20L, json.get("gpu_first_to_last_pass_nanos"), "only the timed runs have GPU times");
        java.io.StringWriter text = new java.io.StringWriter();
        try (java.io.PrintWriter out = new java.io.PrintWriter(text)) {
            g.print(out);
        }
        assertTrue(text.toString().contains("end to end: 0.000 ms (upload to output ready on the GPU, host waits "
                + "included, runs without timestamps)"), text.toString());
        assertTrue(text.toString().contains("timed runs: end to end 0.000 ms"), text.toString());
    }

    @Test
    void gpuReportSaysWhatItsProgramsCost() {
        GpuReport g = new GpuReport("r", "4.6", "route", "reduce-then-scan", 32, 1, List.of(List.of()), List.of(e2e(5, 0)),
                List.of(), 10, null, new GpuReport.Programs(6, 2, 4_210_000_000L, 1));
        Map<?, ?> json = (Map<?, ?>) ReadJson.parse(Json.write(g.toJson()));
        assertEquals(6L, json.get("programs_compiled"));
        assertEquals(2L, json.get("programs_from_binaries"));
        assertEquals(4_210_000_000L, json.get("compile_wait_nanos"));
        assertEquals(1L, json.get("clock_wakes"));
        java.io.StringWriter text = new java.io.StringWriter();
        try (java.io.PrintWriter out = new java.io.PrintWriter(text)) {
            g.print(out);
        }
        assertTrue(text.toString().contains(
                "programs: 6 compiled (the host waited 4210.000 ms), 2 linked from kept binaries; clocks woken"),
                text.toString());
    }

    @Test
    void gpuReportWithoutBandwidthWritesNulls() {
        GpuReport g = new GpuReport("r", "4.5", "route", "hillis-steele", 0, 1, List.of(List.of()), List.of(e2e(5, 0)),
                List.of(), 10, null, GpuReport.Programs.NONE);
        Map<?, ?> json = (Map<?, ?>) ReadJson.parse(Json.write(g.toJson()));
        assertTrue(json.containsKey("copy_bandwidth_gbs") && json.get("copy_bandwidth_gbs") == null);
        assertNull(json.get("bandwidth_fraction"));
        assertNull(json.get("gb_per_second"), "no kernel time: no bandwidth rather than infinity");
        assertEquals(List.of(), json.get("levels"));
    }
}
