package org.loopsub.samples.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.loopsub.api.LevelStats;
import org.loopsub.api.RefineResult;

/** The {@code --stats} report: what each level did, then totals and throughput. */
final class StatsTable {
    private StatsTable() {
    }

    /**
     * @param out where the report goes
     * @param result the refinement
     * @param refineNanos time spent in the tessellator (weld, validate, refine, output weld)
     * @param totalNanos time from start to the output file being in place
     */
    static void print(PrintWriter out, RefineResult result, long refineNanos, long totalNanos) {
        out.printf(Locale.ROOT, "%5s %12s %12s %12s %12s %10s%n", "level", "active", "finished", "slivers",
                "split", "ms");
        for (LevelStats s : result.levels()) {
            out.printf(Locale.ROOT, "%5d %12d %12d %12d %12d %10s%n", s.level(), s.activeTriangles(),
                    s.finishedTriangles(), s.slivers(), s.splitTriangles(), Units.millis(s.nanos()));
        }
        long triangles = result.triangleCount();
        out.printf(Locale.ROOT, "output: %d vertices, %d triangles (back end %s)%n",
                result.mesh().vertexCount(), triangles, result.backend());
        double perSecond = refineNanos > 0 ? triangles / (refineNanos / 1e9) : 0;
        out.printf(Locale.ROOT, "time: refine %s ms, total %s ms; %s triangles/s (refine)%n",
                Units.millis(refineNanos), Units.millis(totalNanos), Units.count(Math.round(perSecond)));
        out.flush();
    }
}
