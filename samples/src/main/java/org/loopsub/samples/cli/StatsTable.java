package org.loopsub.samples.cli;

import java.io.PrintWriter;
import java.util.List;
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
     * @param adaptive whether edges could stop early, so that slivers are worth a total
     * @param conforming whether the finished side was cut instead (--conforming): the output holds no sliver
     * @param refineNanos time spent in the tessellator (weld, validate, refine, output weld)
     * @param totalNanos time from start to the output file being in place
     */
    static void print(PrintWriter out, RefineResult result, boolean adaptive, boolean conforming, long refineNanos,
                      long totalNanos) {
        levels(out, result.levels());
        long triangles = result.triangleCount();
        String slivers = "";
        if (adaptive) {
            long n = slivers(result.levels());
            slivers = conforming
                    ? String.format(Locale.ROOT, ", no slivers (%d T-junctions closed by cutting the finished side)", n)
                    : String.format(Locale.ROOT, ", %d slivers (%s of the triangles)", n, percent(n, triangles));
        }
        out.printf(Locale.ROOT, "output: %d vertices, %d triangles%s (back end %s)%n",
                result.mesh().vertexCount(), triangles, slivers, result.backend());
        double perSecond = refineNanos > 0 ? triangles / (refineNanos / 1e9) : 0;
        out.printf(Locale.ROOT, "time: refine %s ms, total %s ms; %s triangles/s (refine)%n",
                Units.millis(refineNanos), Units.millis(totalNanos), Units.count(Math.round(perSecond)));
        out.flush();
    }

    /**
     * The per-level rows with their heading.
     *
     * @param out where they go
     * @param levels what each level did
     */
    static void levels(PrintWriter out, List<LevelStats> levels) {
        out.printf(Locale.ROOT, "%5s %12s %12s %12s %12s %10s%n", "level", "active", "finished", "slivers",
                "split", "ms");
        for (LevelStats s : levels) {
            out.printf(Locale.ROOT, "%5d %12d %12d %12d %12d %10s%n", s.level(), s.activeTriangles(),
                    s.finishedTriangles(), s.slivers(), s.splitTriangles(), Units.millis(s.nanos()));
        }
    }

    /** @return the slivers of every level */
    static long slivers(List<LevelStats> levels) {
        long n = 0;
        for (LevelStats s : levels) {
            n += s.slivers();
        }
        return n;
    }

    /** @return e.g. {@code 2.35%}; two decimals because slivers are often a small share */
    static String percent(long part, long whole) {
        return String.format(Locale.ROOT, "%.2f%%", whole > 0 ? 100.0 * part / whole : 0.0);
    }
}
