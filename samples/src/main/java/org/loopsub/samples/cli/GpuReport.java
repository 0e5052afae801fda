package org.loopsub.samples.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.loopsub.glengine.GpuRun;
import org.loopsub.gl.GpuTimer;

/**
 * What the GPU did in {@code bench}'s timed runs of the GL back end: the passes' GPU durations (from
 * timestamp queries), the bytes they move, and the host's end-to-end time. Every time is a median over
 * the runs taken on its own (kernel total, each level, each pass, end to end), so that one slow
 * run does not move the others; the rows therefore need not add up to the total exactly. The bytes
 * do not vary between runs (the same work is done) and are taken from the first.
 *
 * @param renderer {@code GL_RENDERER}
 * @param glVersion {@code GL_VERSION}
 * @param route how the context was reached
 * @param scan the scan strategy's name
 * @param subgroupSize the subgroup size, 0 without subgroups
 * @param budgetBytes the memory budget of one binding of records
 * @param runs the timed passes of each timed run, in run order
 * @param endToEnd each timed run's host time from upload to output ready (host waits included), and where it went
 * @param untimed the same for as many runs without timestamps, taken between the timed ones: what a
 *                caller sees (the timestamps themselves cost host and GPU time); empty to report the
 *                timed runs' alone
 * @param outputTriangles triangles made by each run
 * @param copyBandwidthGbs the device's copy bandwidth as the user measured it, or {@code null}
 * @param programs what preparing the passes cost the process, over all its runs (warm-ups included)
 */
record GpuReport(String renderer, String glVersion, String route, String scan, int subgroupSize, long budgetBytes,
                 List<List<GpuTimer.Span>> runs, List<GpuRun.EndToEnd> endToEnd, List<GpuRun.EndToEnd> untimed,
                 long outputTriangles, Double copyBandwidthGbs,
                 Programs programs) {

    /**
     * What the process's programs cost: a first run compiles them (seconds), a later one links the
     * binaries an earlier one kept; after a long compile an NVIDIA GPU's clocks are woken.
     *
     * @param compiled programs compiled from source
     * @param fromBinaries programs linked from kept binaries
     * @param compileWaitNanos time the host waited for compiles
     * @param clockWakes times a context was made to raise the clocks after a long compile
     */
    record Programs(long compiled, long fromBinaries, long compileWaitNanos, long clockWakes) {
        static final Programs NONE = new Programs(0, 0, 0, 0);
    }


    /**
     * The spans of one level, or of one pass stem, over the runs.
     *
     * @param name the level number or the pass stem
     * @param runNanos the spans' GPU time summed per run
     * @param bytesRead bytes the spans read (first run)
     * @param bytesWritten bytes they wrote (first run)
     */
    record Row(String name, long[] runNanos, long bytesRead, long bytesWritten) {
        /** @return the median over the runs */
        long nanos() {
            return median(runNanos);
        }

        /** @return bytes read and written */
        long bytes() {
            return bytesRead + bytesWritten;
        }
    }

    /** Copies the arrays and lists, so the report stays what was measured. */
    GpuReport {
        runs = runs.stream().map(List::copyOf).toList();
        endToEnd = List.copyOf(endToEnd);
        untimed = List.copyOf(untimed);
        if (runs.size() != endToEnd.size() || runs.isEmpty()) {
            throw new IllegalArgumentException("one span list and one end-to-end time per run, at least one run");
        }
    }

    /** @return each run's end-to-end time: the untimed runs', or the timed ones' without them */
    long[] endToEndNanos() {
        return phase(GpuRun.EndToEnd::totalNanos);
    }

    /** @return one part of each run's end-to-end time (untimed runs where there are some) */
    private long[] phase(ToLongFunction<GpuRun.EndToEnd> part) {
        return (untimed.isEmpty() ? endToEnd : untimed).stream().mapToLong(part).toArray();
    }

    /** @return the timed runs' median end-to-end time, timestamps included */
    long timedEndToEndNanos() {
        return timedMedian(GpuRun.EndToEnd::totalNanos);
    }

    /** @return the timed runs' median GPU span from the first pass's start to the last one's end */
    long gpuSpanNanos() {
        return timedMedian(GpuRun.EndToEnd::gpuNanos);
    }

    /** @return the median over the timed runs of one part of their end-to-end time */
    private long timedMedian(ToLongFunction<GpuRun.EndToEnd> part) {
        return median(endToEnd.stream().mapToLong(part).toArray());
    }

    /** @return each run's kernel time: the sum of its passes' GPU durations */
    long[] kernelRunNanos() {
        long[] k = new long[runs.size()];
        for (int i = 0; i < k.length; i++) {
            for (GpuTimer.Span s : runs.get(i)) {
                k[i] += s.nanos();
            }
        }
        return k;
    }

    /** @return the median kernel time */
    long kernelNanos() {
        return median(kernelRunNanos());
    }

    /** @return the median end-to-end time */
    long endToEndMedianNanos() {
        return median(endToEndNanos());
    }

    long bytesRead() {
        return runs.get(0).stream().mapToLong(GpuTimer.Span::bytesRead).sum();
    }

    long bytesWritten() {
        return runs.get(0).stream().mapToLong(GpuTimer.Span::bytesWritten).sum();
    }

    /** @return the kernel time per level, in level order */
    List<Row> levels() {
        return rows(GpuTimer.Span::level, new TreeMap<>());
    }

    /** @return the kernel time per pass stem, in the order the passes first ran */
    List<Row> passes() {
        return rows(GpuTimer.Span::label, new LinkedHashMap<>());
    }

    private <K> List<Row> rows(Function<GpuTimer.Span, K> key, Map<K, long[]> sums) {
        int n = runs.size();
        Map<K, long[]> bytes = new LinkedHashMap<>();
        for (int r = 0; r < n; r++) {
            for (GpuTimer.Span s : runs.get(r)) {
                sums.computeIfAbsent(key.apply(s), k -> new long[n])[r] += s.nanos();
                if (r == 0) {
                    long[] b = bytes.computeIfAbsent(key.apply(s), k -> new long[2]);
                    b[0] += s.bytesRead();
                    b[1] += s.bytesWritten();
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<K, long[]> e : sums.entrySet()) {
            long[] b = bytes.getOrDefault(e.getKey(), new long[2]);
            rows.add(new Row(String.valueOf(e.getKey()), e.getValue(), b[0], b[1]));
        }
        return rows;
    }

    /**
     * @param bytes bytes moved
     * @param nanos in this time
     * @return GB/s (10^9 bytes, as bandwidths are quoted), or {@code NaN} without a time
     */
    static double gbPerSecond(long bytes, long nanos) {
        return nanos > 0 ? (double) bytes / nanos : Double.NaN;
    }

    /**
     * @param triangles triangles made
     * @param nanos in this time
     * @return triangles per second, rounded; 0 without a time
     */
    static long perSecond(long triangles, long nanos) {
        return nanos > 0 ? Math.round(triangles / (nanos / 1e9)) : 0;
    }

    /** @return achieved over measured bandwidth, or {@code NaN} if no bandwidth was given */
    double bandwidthFraction() {
        return copyBandwidthGbs == null ? Double.NaN
                : gbPerSecond(bytesRead() + bytesWritten(), kernelNanos()) / copyBandwidthGbs;
    }

    /**
     * @param values per-run values
     * @return the middle one; for an even count the lower of the two middle ones, as {@code bench} picks
     *     its median run
     */
    static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(sorted.length - 1) / 2];
    }

    /** @param out where the text section goes */
    void print(PrintWriter out) {
        out.printf(Locale.ROOT, "GPU: %s, OpenGL %s, scan %s, subgroup size %s%n", renderer, glVersion, scan,
                subgroupSize > 0 ? Integer.toString(subgroupSize) : "none");
        out.println("GPU kernels (median of the timed runs for each figure on its own):");
        out.printf(Locale.ROOT, "%-22s %12s %8s %14s %10s%n", "level", "kernel ms", "share", "read+written",
                "GB/s");
        long kernel = kernelNanos();
        for (Row r : levels()) {
            row(out, r.name(), r.nanos(), kernel, r.bytes());
        }
        row(out, "total", kernel, kernel, bytesRead() + bytesWritten());
        out.printf(Locale.ROOT, "%-22s %12s %8s %14s %10s%n", "pass", "kernel ms", "share", "read+written", "GB/s");
        for (Row r : passes()) {
            row(out, r.name(), r.nanos(), kernel, r.bytes());
        }
        long bytes = bytesRead() + bytesWritten();
        String fraction = copyBandwidthGbs == null ? ""
                : String.format(Locale.ROOT, " = %s of the measured copy bandwidth of %s GB/s",
                        decimal(bandwidthFraction(), 3), decimal(copyBandwidthGbs, 4));
        out.printf(Locale.ROOT, "kernel time: %s ms (first timed run %s ms); %s triangles/s; %s read+written "
                        + "(%s read, %s written): %s GB/s%s%n", ms(kernel), ms(kernelRunNanos()[0]),
                Units.count(perSecond(outputTriangles, kernel)),
                Units.bytes(bytes), Units.bytes(bytesRead()), Units.bytes(bytesWritten()),
                decimal(gbPerSecond(bytes, kernel), 4), fraction);
        long e2e = endToEndMedianNanos();
        out.printf(Locale.ROOT, "end to end: %s ms (upload to output ready on the GPU, host waits included%s); "
                        + "%s triangles/s%n", ms(e2e), untimed.isEmpty() ? "" : ", runs without timestamps",
                Units.count(perSecond(outputTriangles, e2e)));
        long gpu = gpuSpanNanos();
        out.printf(Locale.ROOT, "  of it: upload %s ms, issuing the passes %s ms, waiting for the GPU %s ms%n",
                ms(median(phase(GpuRun.EndToEnd::uploadNanos))), ms(median(phase(GpuRun.EndToEnd::issueNanos))),
                ms(median(phase(GpuRun.EndToEnd::waitNanos))));
        out.printf(Locale.ROOT, "  timed runs: end to end %s ms; the GPU from the first pass's start to the last "
                + "one's end %s ms (%s ms between passes)%n", ms(timedEndToEndNanos()), ms(gpu),
                ms(Math.max(0, gpu - kernel)));
        out.printf(Locale.ROOT, "programs: %d compiled (the host waited %s ms), %d linked from kept binaries%s%n",
                programs.compiled(), ms(programs.compileWaitNanos()), programs.fromBinaries(),
                programs.clockWakes() == 0 ? "" : "; clocks woken after the compile");
    }

    private static void row(PrintWriter out, String name, long nanos, long total, long bytes) {
        out.printf(Locale.ROOT, "%-22s %12s %8s %14s %10s%n", name, ms(nanos), StatsTable.percent(nanos, total),
                Units.bytes(bytes), decimal(gbPerSecond(bytes, nanos), 4));
    }

    /** Kernel times are often far below a millisecond: three decimals. */
    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }

    /**
     * @param value a number
     * @param digits significant digits
     * @return it in plain decimal notation, or {@code null} if it is not finite
     */
    static String decimal(double value, int digits) {
        BigDecimal d = Json.decimal(value, digits);
        return d == null ? "null" : d.toPlainString();
    }

    /** @return the section as a JSON object (keys in a fixed order), the value of bench's {@code gpu} key */
    ObjectNode toJson() {
        ObjectNode b = Json.object();
        long kernel = kernelNanos();
        long bytes = bytesRead() + bytesWritten();
        long e2e = endToEndMedianNanos();
        b.put("renderer", renderer);
        b.put("gl_version", glVersion);
        b.put("context", route);
        b.put("scan", scan);
        b.put("subgroup_size", subgroupSize);
        b.put("budget_bytes", budgetBytes);
        b.put("kernel_nanos", kernel);
        b.put("kernel_first_nanos", kernelRunNanos()[0]);
        array(b.putArray("kernel_run_nanos"), kernelRunNanos());
        b.put("kernel_triangles_per_second", perSecond(outputTriangles, kernel));
        b.put("bytes_read", bytesRead());
        b.put("bytes_written", bytesWritten());
        b.put("gb_per_second", Json.decimal(gbPerSecond(bytes, kernel), 6));
        b.put("copy_bandwidth_gbs", copyBandwidthGbs == null ? null : Json.decimal(copyBandwidthGbs, 6));
        b.put("bandwidth_fraction", Json.decimal(bandwidthFraction(), 6));
        b.put("end_to_end_nanos", e2e);
        array(b.putArray("end_to_end_run_nanos"), endToEndNanos());
        b.put("end_to_end_upload_nanos", median(phase(GpuRun.EndToEnd::uploadNanos)));
        b.put("end_to_end_issue_nanos", median(phase(GpuRun.EndToEnd::issueNanos)));
        b.put("end_to_end_wait_nanos", median(phase(GpuRun.EndToEnd::waitNanos)));
        b.put("end_to_end_timed_nanos", timedEndToEndNanos());
        b.put("gpu_first_to_last_pass_nanos", gpuSpanNanos());
        b.put("end_to_end_triangles_per_second", perSecond(outputTriangles, e2e));
        b.put("programs_compiled", programs.compiled());
        b.put("programs_from_binaries", programs.fromBinaries());
        b.put("compile_wait_nanos", programs.compileWaitNanos());
        b.put("clock_wakes", programs.clockWakes());
        rowsJson(b.putArray("levels"), levels(), "level", false);
        rowsJson(b.putArray("passes"), passes(), "pass", true);
        return b;
    }

    private static void rowsJson(ArrayNode out, List<Row> rows, String key, boolean named) {
        for (Row r : rows) {
            ObjectNode row = out.addObject();
            if (named) {
                row.put(key, r.name());
            } else {
                row.put(key, Integer.parseInt(r.name()));
            }
            row.put("kernel_nanos", r.nanos())
                    .put("bytes_read", r.bytesRead())
                    .put("bytes_written", r.bytesWritten())
                    .put("gb_per_second", Json.decimal(gbPerSecond(r.bytes(), r.nanos()), 6));
        }
    }

    private static void array(ArrayNode out, long[] values) {
        for (long v : values) {
            out.add(v);
        }
    }
}
