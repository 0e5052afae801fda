package org.loopsub.samples.meshes;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.loopsub.api.Camera;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.LevelStats;
import org.loopsub.api.Point3;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.obj.ObjReader;

/**
 * How far the output vertices of adaptive refinement lie from Loop's limit surface, with and without
 * {@link RefineOptions#withLimitSurface}.
 *
 * <p>The limit surface is sampled by the uniform refinement of the mesh to a reference depth with
 * the limit option: every vertex of that mesh is an exact limit point, and its triangles are the
 * piecewise-linear surface the distances are taken to. The distance of a point is its exact
 * Euclidean distance to the nearest reference triangle (closest point on a triangle, in double),
 * found through a bounding-volume hierarchy of the reference triangles: a branch-and-bound search
 * that skips a box only when the box is at least as far as the best triangle found, so the
 * distance is the true minimum over all triangles, not an approximation.
 *
 * <p>How far the reference itself is from the true surface is estimated from one level less: the
 * vertices of depth {@code D} are limit points, and their distance to the mesh of depth {@code D-1}
 * is that mesh's chord error at the edge midpoints; the error of depth {@code D} is about a quarter
 * of it where the surface is regular (it shrinks with the squared edge length), less near
 * extraordinary vertices. A second measure is taken where adaptive
 * refinement reached a level deeper than the reference: those vertices are limit points at the
 * reference's own edge midpoints.
 *
 * <p>Then the mesh is refined adaptively with the screen-space criterion, once without and once with
 * the limit option, for the benchmark camera at 1 and 4 pixels and for a close-up at 4 pixels (eye
 * at a quarter of the distance to the target), and every output vertex is measured. Printed per run: output
 * triangles and vertices, the largest, mean and 99th-percentile distance (absolute and as a fraction
 * of the reference's bounding-box diagonal), the vertices at distance 0, and the farthest vertex with
 * the first uniform level that has a vertex at exactly its position.
 *
 * <pre>
 *   java -Xmx8g -cp samples/target/loopsub.jar org.loopsub.samples.meshes.LimitDistance \
 *       testdata/meshes/bigguyT.obj 7 8
 *   (mesh, reference depth, adaptive maximum depth)
 * </pre>
 */
public final class LimitDistance {
    /** The benchmark camera of docs/benchmarks/README.md (bigguyT). */
    private static final Point3 EYE = new Point3(0.536435f, 1.05354f, 41.9797f);
    private static final Point3 TARGET = new Point3(0.536435f, 1.05354f, 0.0729135f);
    private static final Point3 UP = new Point3(0, 1, 0);
    private static final float FOV = 45;
    private static final int WIDTH = 1920;
    private static final int HEIGHT = 1080;

    private LimitDistance() {
    }

    /**
     * @param args the mesh (OBJ), the reference depth (default 7) and the adaptive maximum depth
     *     (default 8)
     * @throws IOException if the mesh cannot be read
     * @throws InvalidMeshException if it is not a usable mesh
     */
    public static void main(String[] args) throws IOException, InvalidMeshException {
        if (args.length < 1 || args.length > 3) {
            System.err.println("usage: LimitDistance <mesh.obj> [reference-depth=7] [max-depth=8]");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        int refDepth = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        int maxDepth = args.length > 2 ? Integer.parseInt(args[2]) : 8;
        TriangleMesh input = ObjReader.read(file).mesh();
        System.out.printf("mesh %s: %d vertices, %d triangles; reference: uniform depth %d with the limit surface; "
                + "adaptive max depth %d; java back end, %d processors, max heap %d MiB%n", file,
                input.vertexCount(), input.triangleCount(), refDepth, maxDepth,
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);

        try (Tessellator t = Tessellators.create("java")) {
            // the adaptive refinements first, keeping only their positions: a close-up's refinement needs
            // most of an 8 GiB heap, which it would not have beside the references
            List<Run> runs = adaptiveRuns(t, input, maxDepth);
            heap("after the adaptive refinements");
            List<List<float[]>> uniform = uniformPositions(t, input, refDepth);

            // depth D-1 first: its index measures the chord error of one level less
            Reference coarse = reference(t, input, refDepth - 1);
            Sampled fine = uniformLimit(t, input, refDepth);
            Distances chord = measure(fine.pos, coarse);
            long tb = System.nanoTime();
            Reference ref = new Reference(fine.pos, fine.tri);
            fine = null;
            System.out.printf("reference depth %d: index built in %.2f s%n", refDepth, (System.nanoTime() - tb) / 1e9);
            double diag = ref.diagonal();
            System.out.printf("reference depth %d: %d triangles, %d vertices, bounding-box diagonal %.6f%n",
                    refDepth, ref.triangleCount(), ref.vertexCount(), diag);
            System.out.printf("chord error of depth %d: depth-%d vertices (limit points) to the depth-%d mesh: "
                    + "max %.3e (%.3e diag), p99 %.3e, mean %.3e (over all, old vertices at 0); "
                    + "so depth %d is about a quarter where regular: ~%.1e (%.1e diag)%n",
                    refDepth - 1, refDepth, refDepth - 1, chord.max, chord.max / diag, chord.p99, chord.mean,
                    refDepth, chord.max / 4, chord.max / 4 / diag);
            heap("after the references");

            List<String> rows = new ArrayList<>();
            for (Run run : runs) {
                rows.add(report(run, ref, coarse, uniform, refDepth, maxDepth));
            }
            System.out.printf("%n| run | triangles | vertices | max | max/diag | p99 | p99/diag | mean | mean/diag "
                    + "| max to depth %d |%n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|%n", refDepth - 1);
            rows.forEach(System.out::println);
            heap("at the end");
        }
    }

    private record Case(String name, Point3 eye, float px) {
    }

    /** An adaptive refinement, measured later: its positions and what it printed. */
    private record Run(String name, Point3 eye, boolean limit, long triangles, long slivers, String finished,
                       double seconds, float[] pos) {
    }

    /** The adaptive refinements measured, without and with the limit surface: the whole figure and a close-up. */
    private static List<Run> adaptiveRuns(Tessellator t, TriangleMesh input, int maxDepth)
            throws InvalidMeshException {
        Point3 close = new Point3(lerp(TARGET.x(), EYE.x()), lerp(TARGET.y(), EYE.y()), lerp(TARGET.z(), EYE.z()));
        // the close-up at 1 px is left out: at depth 8 it is several times the 14 M triangles of the
        // close-up at 4 px, whose refinement alone peaks at about 6.8 GiB of heap
        List<Case> cases = List.of(new Case("1 px", EYE, 1), new Case("4 px", EYE, 4),
                new Case("close-up 4 px", close, 4));
        List<Run> runs = new ArrayList<>();
        for (Case c : cases) {
            for (boolean limit : new boolean[] {false, true}) {
                Camera camera = new Camera(c.eye, TARGET, UP, FOV, WIDTH, HEIGHT);
                RefineOptions options = RefineOptions.adaptive(maxDepth,
                        new StopCriterion.ScreenEdgeLength(camera, c.px)).withLimitSurface(limit);
                long t0 = System.nanoTime();
                RefineResult r = t.refine(input, options);
                double s = (System.nanoTime() - t0) / 1e9;
                long slivers = r.levels().stream().mapToLong(LevelStats::slivers).sum();
                StringBuilder finished = new StringBuilder();
                for (LevelStats l : r.levels()) {
                    finished.append(l.level() == 0 ? "" : " ").append(l.finishedTriangles());
                }
                runs.add(new Run(c.name + (limit ? ", --limit" : ""), c.eye, limit, r.triangleCount(), slivers,
                        finished.toString(), s, r.mesh().positions()));
                r = null;
            }
        }
        return runs;
    }

    /**
     * The uniform vertex positions of levels 0..refDepth-1, without and with the limit surface, to
     * name the level of a farthest vertex.
     */
    private static List<List<float[]>> uniformPositions(Tessellator t, TriangleMesh input, int refDepth)
            throws InvalidMeshException {
        List<List<float[]>> uniform = new ArrayList<>();
        for (boolean limit : new boolean[] {false, true}) {
            List<float[]> levels = new ArrayList<>();
            for (int l = 0; l < refDepth; l++) {
                levels.add(t.refine(input, RefineOptions.uniform(l).withLimitSurface(limit)).mesh().positions());
            }
            uniform.add(levels);
        }

        return uniform;
    }

    /** Prints a run's distances to the references and returns its row of the table. */
    private static String report(Run run, Reference ref, Reference coarse, List<List<float[]>> uniform, int refDepth,
                                 int maxDepth) {
        double diag = ref.diagonal();
        float[] pos = run.pos;
        long t1 = System.nanoTime();
        Distances d = measure(pos, ref);
        Distances dc = measure(pos, coarse);
        double sm = (System.nanoTime() - t1) / 1e9;
        System.out.printf("%n%s: eye %s, %d triangles (%d slivers), %d vertices; refine %.2f s, "
                + "measure %.2f s%n  finished triangles per level 0..%d: %s%n",
                run.name, run.eye, run.triangles, run.slivers, pos.length / 3, run.seconds, sm, maxDepth,
                run.finished);
        System.out.printf("  to depth %d: max %.3e (%.3e diag), p99 %.3e (%.3e diag), mean %.3e "
                + "(%.3e diag), %d vertices at 0%n", refDepth, d.max, d.max / diag, d.p99, d.p99 / diag,
                d.mean, d.mean / diag, d.zeros);
        if (d.max == 0) {
            System.out.printf("  every vertex at distance 0%n");
        } else {
            int level = levelOf(pos, d.argMax, uniform.get(run.limit ? 1 : 0));
            System.out.printf("  farthest vertex %d at (%.6f, %.6f, %.6f), %s%n", d.argMax,
                    pos[3 * d.argMax], pos[3 * d.argMax + 1], pos[3 * d.argMax + 2], level < 0
                            ? "at no vertex position of uniform levels 0.." + (refDepth - 1)
                            : "first a vertex position of uniform level " + level
                                    + (run.limit ? " with" : " without") + " the limit surface");
        }
        System.out.printf("  to depth %d: max %.3e, p99 %.3e, mean %.3e%n", refDepth - 1, dc.max, dc.p99,
                dc.mean);
        return String.format(Locale.ROOT, "| %s | %,d | %,d | %.3e | %.2e | %.3e | %.2e | %.3e | %.2e "
                + "| %.3e |", run.name, run.triangles, pos.length / 3, d.max, d.max / diag, d.p99,
                d.p99 / diag, d.mean, d.mean / diag, dc.max);
    }

    /** The first level whose uniform refinement has a vertex at exactly the position of vertex v, or -1. */
    private static int levelOf(float[] pos, int v, List<float[]> levels) {
        for (int l = 0; l < levels.size(); l++) {
            float[] p = levels.get(l);
            for (int i = 0; i < p.length; i += 3) {
                if (p[i] == pos[3 * v] && p[i + 1] == pos[3 * v + 1] && p[i + 2] == pos[3 * v + 2]) {
                    return l;
                }
            }
        }
        return -1;
    }

    private static float lerp(float target, float eye) {
        return (float) (target + 0.25 * ((double) eye - target));
    }

    private static void heap(String when) {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.printf("peak heap %s: %d MiB%n", when, peak >> 20);
    }

    /** The positions and triangles of a refinement, without its normals. */
    private record Sampled(float[] pos, int[] tri) {
    }

    /** The uniform limit refinement, its result dropped. */
    private static Sampled uniformLimit(Tessellator t, TriangleMesh input, int depth) {
        long t0 = System.nanoTime();
        TriangleMesh m = t.refine(input, RefineOptions.uniform(depth).withLimitSurface(true)).mesh();
        System.out.printf("uniform depth %d with --limit: %d triangles in %.2f s%n", depth, m.triangleCount(),
                (System.nanoTime() - t0) / 1e9);
        return new Sampled(m.positions(), m.triangles());
    }

    private static Reference reference(Tessellator t, TriangleMesh input, int depth) {
        Sampled m = uniformLimit(t, input, depth);
        long t0 = System.nanoTime();
        Reference ref = new Reference(m.pos, m.tri);
        System.out.printf("reference depth %d: %d triangles, index built in %.2f s%n", depth, ref.triangleCount(),
                (System.nanoTime() - t0) / 1e9);
        return ref;
    }

    /**
     * The distances of points to a reference.
     *
     * @param max the largest
     * @param argMax the point at the largest
     * @param mean the mean
     * @param p99 the 99th percentile (nearest rank)
     * @param zeros points at distance 0
     */
    record Distances(double max, int argMax, double mean, double p99, long zeros) {
    }

    /**
     * @param pos points, x, y, z each
     * @param ref the reference
     * @return their distances to it
     */
    static Distances measure(float[] pos, Reference ref) {
        int n = pos.length / 3;
        double[] d = new double[n];
        IntStream.range(0, n).parallel().forEach(i -> d[i] = ref.distance(pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]));
        double max = -1;
        int argMax = -1;
        double sum = 0;
        long zeros = 0;
        for (int i = 0; i < n; i++) {
            sum += d[i];
            if (d[i] > max) {
                max = d[i];
                argMax = i;
            }
            if (d[i] == 0) {
                zeros++;
            }
        }
        Arrays.parallelSort(d);
        double p99 = n == 0 ? 0 : d[Math.max(0, (int) Math.ceil(0.99 * n) - 1)];
        return new Distances(max, argMax, n == 0 ? 0 : sum / n, p99, zeros);
    }

    /**
     * Squared distance from a point to a triangle (closest point by Voronoi regions, Ericson,
     * Real-Time Collision Detection 5.1.5), in double. A triangle of zero area is measured as its
     * three edges.
     *
     * @param p the point (x, y, z)
     * @param a first corner
     * @param b second corner
     * @param c third corner
     * @return the squared distance
     */
    static double distanceSquared(double[] p, double[] a, double[] b, double[] c) {
        return distanceSquared(p[0], p[1], p[2], a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]);
    }

    static double distanceSquared(double px, double py, double pz, double ax, double ay, double az,
                                  double bx, double by, double bz, double cx, double cy, double cz) {
        double abx = bx - ax;
        double aby = by - ay;
        double abz = bz - az;
        double acx = cx - ax;
        double acy = cy - ay;
        double acz = cz - az;
        double nx = aby * acz - abz * acy;
        double ny = abz * acx - abx * acz;
        double nz = abx * acy - aby * acx;
        if (nx == 0 && ny == 0 && nz == 0) {
            return Math.min(segment(px, py, pz, ax, ay, az, bx, by, bz),
                    Math.min(segment(px, py, pz, bx, by, bz, cx, cy, cz), segment(px, py, pz, cx, cy, cz, ax, ay, az)));
        }
        double apx = px - ax;
        double apy = py - ay;
        double apz = pz - az;
        double d1 = abx * apx + aby * apy + abz * apz;
        double d2 = acx * apx + acy * apy + acz * apz;
        if (d1 <= 0 && d2 <= 0) {
            return sq(apx, apy, apz); // vertex region a
        }
        double bpx = px - bx;
        double bpy = py - by;
        double bpz = pz - bz;
        double d3 = abx * bpx + aby * bpy + abz * bpz;
        double d4 = acx * bpx + acy * bpy + acz * bpz;
        if (d3 >= 0 && d4 <= d3) {
            return sq(bpx, bpy, bpz); // vertex region b
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double v = d1 / (d1 - d3); // edge ab
            return sq(apx - v * abx, apy - v * aby, apz - v * abz);
        }
        double cpx = px - cx;
        double cpy = py - cy;
        double cpz = pz - cz;
        double d5 = abx * cpx + aby * cpy + abz * cpz;
        double d6 = acx * cpx + acy * cpy + acz * cpz;
        if (d6 >= 0 && d5 <= d6) {
            return sq(cpx, cpy, cpz); // vertex region c
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double w = d2 / (d2 - d6); // edge ac
            return sq(apx - w * acx, apy - w * acy, apz - w * acz);
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
            double w = (d4 - d3) / ((d4 - d3) + (d5 - d6)); // edge bc
            return sq(bpx - w * (cx - bx), bpy - w * (cy - by), bpz - w * (cz - bz));
        }
        // inside the face: the distance to the plane, which is exact and needs no closest point
        double h = nx * apx + ny * apy + nz * apz;
        return h * h / (nx * nx + ny * ny + nz * nz);
    }

    private static double segment(double px, double py, double pz, double ax, double ay, double az,
                                  double bx, double by, double bz) {
        double abx = bx - ax;
        double aby = by - ay;
        double abz = bz - az;
        double apx = px - ax;
        double apy = py - ay;
        double apz = pz - az;
        double len = sq(abx, aby, abz);
        double t = len == 0 ? 0 : Math.max(0, Math.min(1, (abx * apx + aby * apy + abz * apz) / len));
        return sq(apx - t * abx, apy - t * aby, apz - t * abz);
    }

    private static double sq(double x, double y, double z) {
        return x * x + y * y + z * z;
    }

    /**
     * A triangle mesh and a bounding-volume hierarchy of its triangles (boxes split at the middle of
     * the longest axis of their triangles' centroids, at most {@value #LEAF} triangles a leaf),
     * answering exact point-to-mesh distances.
     */
    static final class Reference {
        private static final int LEAF = 4;

        private final float[] pos;
        private final int[] tri;
        /** Triangle numbers, in leaf order. */
        private final int[] order;
        /** Per node: min x, y, z, max x, y, z. */
        private float[] box;
        /** Per node: first child (the second follows it) and 0, or first entry of order and count. */
        private int[] link;
        private int nodes;

        /**
         * @param pos positions, x, y, z per vertex (kept, not copied)
         * @param tri three vertex indices per triangle (kept, not copied)
         */
        Reference(float[] pos, int[] tri) {
            this.pos = pos;
            this.tri = tri;
            int n = tri.length / 3;
            order = new int[n];
            float[] cx = new float[n];
            float[] cy = new float[n];
            float[] cz = new float[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
                int a = 3 * tri[3 * i];
                int b = 3 * tri[3 * i + 1];
                int c = 3 * tri[3 * i + 2];
                cx[i] = (pos[a] + pos[b] + pos[c]) / 3;
                cy[i] = (pos[a + 1] + pos[b + 1] + pos[c + 1]) / 3;
                cz[i] = (pos[a + 2] + pos[b + 2] + pos[c + 2]) / 3;
            }
            int guess = Math.max(16, n / 2);
            box = new float[6 * guess];
            link = new int[2 * guess];
            nodes = 1;
            if (n > 0) {
                build(0, 0, n, new float[][] {cx, cy, cz});
            }
        }

        private int allocPair() {
            if (nodes + 2 > link.length / 2) {
                int cap = (int) Math.min(Integer.MAX_VALUE / 6, link.length / 2 * 3L / 2 + 2);
                box = Arrays.copyOf(box, 6 * cap);
                link = Arrays.copyOf(link, 2 * cap);
            }
            int first = nodes;
            nodes += 2;
            return first;
        }

        private void build(int node, int lo, int hi, float[][] c) {
            int axis = -1;
            float mid = 0;
            if (hi - lo > LEAF) {
                float extent = -1;
                for (int k = 0; k < 3; k++) {
                    float min = Float.POSITIVE_INFINITY;
                    float max = Float.NEGATIVE_INFINITY;
                    float[] ck = c[k];
                    for (int i = lo; i < hi; i++) {
                        min = Math.min(min, ck[i]);
                        max = Math.max(max, ck[i]);
                    }
                    if (max - min > extent) {
                        extent = max - min;
                        axis = k;
                        mid = (float) (0.5 * ((double) min + max));
                    }
                }
            }
            if (axis < 0) {
                leaf(node, lo, hi);
                return;
            }
            float[] ck = c[axis];
            int m = lo;
            for (int i = lo; i < hi; i++) {
                if (ck[i] < mid) {
                    swap(c, i, m++);
                }
            }
            if (m == lo || m == hi) {
                m = (lo + hi) >>> 1; // all centroids on one side: any halving will do
            }
            int first = allocPair();
            link[2 * node] = first;
            link[2 * node + 1] = 0;
            build(first, lo, m, c);
            build(first + 1, m, hi, c);
            for (int k = 0; k < 3; k++) {
                box[6 * node + k] = Math.min(box[6 * first + k], box[6 * first + 6 + k]);
                box[6 * node + 3 + k] = Math.max(box[6 * first + 3 + k], box[6 * first + 9 + k]);
            }
        }

        private void swap(float[][] c, int i, int j) {
            int o = order[i];
            order[i] = order[j];
            order[j] = o;
            for (float[] ck : c) {
                float f = ck[i];
                ck[i] = ck[j];
                ck[j] = f;
            }
        }

        private void leaf(int node, int lo, int hi) {
            link[2 * node] = lo;
            link[2 * node + 1] = hi - lo;
            float[] b = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
            for (int i = lo; i < hi; i++) {
                for (int corner = 0; corner < 3; corner++) {
                    int v = 3 * tri[3 * order[i] + corner];
                    for (int k = 0; k < 3; k++) {
                        b[k] = Math.min(b[k], pos[v + k]);
                        b[3 + k] = Math.max(b[3 + k], pos[v + k]);
                    }
                }
            }
            System.arraycopy(b, 0, box, 6 * node, 6);
        }

        /** @return the number of triangles */
        int triangleCount() {
            return order.length;
        }

        /** @return the number of vertices */
        int vertexCount() {
            return pos.length / 3;
        }

        /** @return the diagonal of the bounding box of the triangles */
        double diagonal() {
            double dx = (double) box[3] - box[0];
            double dy = (double) box[4] - box[1];
            double dz = (double) box[5] - box[2];
            return Math.sqrt(dx * dx + dy * dy + dz * dz);
        }

        private double boxDistanceSquared(int node, double x, double y, double z) {
            int o = 6 * node;
            double dx = Math.max(0, Math.max(box[o] - x, x - box[o + 3]));
            double dy = Math.max(0, Math.max(box[o + 1] - y, y - box[o + 4]));
            double dz = Math.max(0, Math.max(box[o + 2] - z, z - box[o + 5]));
            return dx * dx + dy * dy + dz * dz;
        }

        /**
         * The exact distance to the nearest triangle: a box is skipped only when it is at least as
         * far as the best triangle so far.
         *
         * @param x x
         * @param y y
         * @param z z
         * @return the distance from (x, y, z) to the mesh; infinite for a mesh without triangles
         */
        double distance(double x, double y, double z) {
            if (order.length == 0) {
                return Double.POSITIVE_INFINITY;
            }
            double best = Double.POSITIVE_INFINITY;
            int[] stack = new int[64];
            int top = 0;
            stack[top++] = 0;
            while (top > 0) {
                int node = stack[--top];
                if (boxDistanceSquared(node, x, y, z) >= best) {
                    continue;
                }
                int count = link[2 * node + 1];
                int first = link[2 * node];
                if (count > 0) {
                    for (int i = first; i < first + count; i++) {
                        int t = 3 * order[i];
                        int a = 3 * tri[t];
                        int b = 3 * tri[t + 1];
                        int c = 3 * tri[t + 2];
                        best = Math.min(best, distanceSquared(x, y, z, pos[a], pos[a + 1], pos[a + 2],
                                pos[b], pos[b + 1], pos[b + 2], pos[c], pos[c + 1], pos[c + 2]));
                    }
                    if (best == 0) {
                        return 0;
                    }
                    continue;
                }
                if (top + 2 > stack.length) {
                    stack = Arrays.copyOf(stack, 2 * stack.length);
                }
                double d0 = boxDistanceSquared(first, x, y, z);
                double d1 = boxDistanceSquared(first + 1, x, y, z);
                // the nearer child on top, visited first
                if (d0 <= d1) {
                    stack[top++] = first + 1;
                    stack[top++] = first;
                } else {
                    stack[top++] = first;
                    stack[top++] = first + 1;
                }
            }
            return Math.sqrt(best);
        }

        /**
         * The same distance by testing every triangle, for tests.
         *
         * @param x x
         * @param y y
         * @param z z
         * @return the distance from (x, y, z) to the mesh
         */
        double bruteForceDistance(double x, double y, double z) {
            double best = Double.POSITIVE_INFINITY;
            for (int t = 0; t < tri.length; t += 3) {
                int a = 3 * tri[t];
                int b = 3 * tri[t + 1];
                int c = 3 * tri[t + 2];
                best = Math.min(best, distanceSquared(x, y, z, pos[a], pos[a + 1], pos[a + 2],
                        pos[b], pos[b + 1], pos[b + 2], pos[c], pos[c + 1], pos[c + 2]));
            }
            return Math.sqrt(best);
        }
    }
}
