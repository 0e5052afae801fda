package org.loopsub.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.loopsub.api.Corner;
import org.loopsub.api.Crease;
import org.loopsub.api.Creasing;
import org.loopsub.api.TriangleMesh;
import org.loopsub.testing.SyntheticMeshes;

/**
 * Builds uv channels with chosen seam topology for the smooth face-varying tests ({@link UvSmoothTest}),
 * and names the branches of the smooth rule a channel reaches at its base level ({@link #features}).
 * The classification is written here, apart from {@code ReferenceFaceVarying}, so that a case that
 * silently stops reaching its branch (a changed mesh, an unlucky seed) fails as a harness error
 * instead of passing as a weaker test.
 */
final class UvCharts {
    private UvCharts() {
    }

    // ------------------------------------------------------------------ topology

    /**
     * The faces around each vertex counter-clockwise. Face {@code i} of vertex {@code v} lies between
     * spokes {@code i} and {@code i + 1} (cyclic for an interior vertex); a boundary vertex's first
     * spoke is the boundary edge that leads its first face.
     */
    static final class Fans {
        final TriangleMesh mesh;
        final int[][] faces;
        final int[][] spokes;
        final boolean[] boundary;
        private final Map<Long, Integer> directed = new HashMap<>();

        Fans(TriangleMesh m) {
            mesh = m;
            int nv = m.vertexCount();
            List<List<Integer>> around = new ArrayList<>();
            for (int v = 0; v < nv; v++) {
                around.add(new ArrayList<>());
            }
            for (int t = 0; t < m.triangleCount(); t++) {
                for (int c = 0; c < 3; c++) {
                    directed.put(pair(m.vertex(t, c), m.vertex(t, (c + 1) % 3)), t);
                    around.get(m.vertex(t, c)).add(t);
                }
            }
            faces = new int[nv][];
            spokes = new int[nv][];
            boundary = new boolean[nv];
            for (int v = 0; v < nv; v++) {
                List<Integer> mine = around.get(v);
                if (mine.isEmpty()) {
                    faces[v] = new int[0];
                    spokes[v] = new int[0];
                    continue;
                }
                int start = mine.get(0);
                for (int t : mine) {
                    if (!directed.containsKey(pair(next(t, v), v))) {
                        start = t;
                        boundary[v] = true;
                    }
                }
                List<Integer> f = new ArrayList<>();
                List<Integer> s = new ArrayList<>();
                int t = start;
                do {
                    f.add(t);
                    s.add(next(t, v));
                    Integer n = directed.get(pair(v, prev(t, v)));
                    if (n == null) {
                        s.add(prev(t, v));
                        break;
                    }
                    t = n;
                } while (t != start);
                if (f.size() != mine.size()) {
                    throw new IllegalArgumentException("vertex " + v + " is not manifold");
                }
                faces[v] = f.stream().mapToInt(Integer::intValue).toArray();
                spokes[v] = s.stream().mapToInt(Integer::intValue).toArray();
            }
        }

        int next(int t, int v) {
            for (int c = 0; c < 3; c++) {
                if (mesh.vertex(t, c) == v) {
                    return mesh.vertex(t, (c + 1) % 3);
                }
            }
            throw new IllegalArgumentException("vertex " + v + " not in face " + t);
        }

        int prev(int t, int v) {
            for (int c = 0; c < 3; c++) {
                if (mesh.vertex(t, c) == v) {
                    return mesh.vertex(t, (c + 2) % 3);
                }
            }
            throw new IllegalArgumentException("vertex " + v + " not in face " + t);
        }

        /** @return the face that runs a -> b, or -1 */
        int face(int a, int b) {
            return directed.getOrDefault(pair(a, b), -1);
        }

        /** @return the uv index of vertex v in face t */
        int uvAt(int v, int t) {
            for (int c = 0; c < 3; c++) {
                if (mesh.vertex(t, c) == v) {
                    return mesh.uvIndex(t, c);
                }
            }
            throw new IllegalArgumentException("vertex " + v + " not in face " + t);
        }

        /** @return the faces on the two sides of interior edge (a, b), or null for a boundary edge */
        int[] sides(int a, int b) {
            int f = face(a, b);
            int g = face(b, a);
            return f < 0 || g < 0 ? null : new int[] {f, g};
        }

        /** A seam: an interior edge whose faces name different uv indices at either end. */
        boolean seam(int a, int b) {
            int[] fg = sides(a, b);
            return fg != null && (uvAt(a, fg[0]) != uvAt(a, fg[1]) || uvAt(b, fg[0]) != uvAt(b, fg[1]));
        }
    }

    static long pair(int a, int b) {
        return ((long) a << 32) | (b & 0xffffffffL);
    }

    static long edge(int a, int b) {
        return a < b ? pair(a, b) : pair(b, a);
    }

    // ------------------------------------------------------------------ building channels

    /** The same mesh with a new uv channel, its creases and corners kept. */
    static TriangleMesh withUvs(TriangleMesh m, float[] uvs, int[] indices) {
        return new TriangleMesh(m.positions(), m.triangles(), m.creases(), uvs, indices).withCorners(m.corners());
    }

    /** The same mesh (uvs kept) with these tags. */
    static TriangleMesh withTags(TriangleMesh m, List<Crease> creases, List<Corner> corners) {
        return new TriangleMesh(m.positions(), m.triangles(), creases, m.uvs(), m.uvIndices()).withCorners(corners);
    }

    /** uv' = (su u + ou, sv v + ov) on every value: the rules are affine, the numbers are not unit. */
    static TriangleMesh affine(TriangleMesh m, float su, float ou, float sv, float ov) {
        float[] uv = m.uvs();
        for (int i = 0; i < uv.length; i += 2) {
            uv[i] = su * uv[i] + ou;
            uv[i + 1] = sv * uv[i + 1] + ov;
        }
        return withUvs(m, uv, m.uvIndices());
    }

    /**
     * uv' = (u + 0.3 v^2, v + 0.5 u^2) on every value. A straight, evenly spaced seam keeps its crease
     * values where they are (3/4 x + 1/8 (e0 + e1) = x), so a corner, a crease and any blend of the
     * two look alike there; bent, they differ, and a wrong transition weight shows.
     */
    static TriangleMesh bend(TriangleMesh m) {
        float[] uv = m.uvs();
        for (int i = 0; i < uv.length; i += 2) {
            float u = uv[i];
            float v = uv[i + 1];
            uv[i] = u + 0.3f * v * v;
            uv[i + 1] = v + 0.5f * u * u;
        }
        return withUvs(m, uv, m.uvIndices());
    }

    /**
     * One chart per face label: the vertices of each chart get their own uv copies, the unit xy
     * projection shrunk to a quarter and shifted per chart, so every chart border is a seam with
     * values that differ on its two sides.
     */
    static TriangleMesh charts(TriangleMesh m, int[] chartOfFace) {
        float[] unit = SyntheticMeshes.unitXy(m);
        Map<Long, Integer> index = new HashMap<>();
        List<Float> values = new ArrayList<>();
        int[] idx = new int[3 * m.triangleCount()];
        for (int t = 0; t < m.triangleCount(); t++) {
            int chart = chartOfFace[t];
            for (int c = 0; c < 3; c++) {
                int v = m.vertex(t, c);
                Integer i = index.get(pair(chart, v));
                if (i == null) {
                    i = values.size() / 2;
                    index.put(pair(chart, v), i);
                    values.add(0.25f * unit[2 * v] + 0.25f * (chart % 4));
                    values.add(0.25f * unit[2 * v + 1] + 0.25f * (chart / 4 % 4));
                }
                idx[3 * t + c] = i;
            }
        }
        return withUvs(m, toFloats(values), idx);
    }

    /**
     * Grows {@code count} charts from random seed faces, one random frontier face at a time, so
     * charts are connected but ragged: borders meet in vertices with two, three and more values,
     * and a chart can touch a vertex in two separate runs.
     */
    static int[] randomCharts(TriangleMesh m, int count, long seed) {
        Random random = new Random(seed);
        int nt = m.triangleCount();
        Map<Long, List<Integer>> edgeFaces = new HashMap<>();
        for (int t = 0; t < nt; t++) {
            for (int c = 0; c < 3; c++) {
                long e = edge(m.vertex(t, c), m.vertex(t, (c + 1) % 3));
                edgeFaces.computeIfAbsent(e, k -> new ArrayList<>()).add(t);
            }
        }
        int[] chart = new int[nt];
        Arrays.fill(chart, -1);
        List<int[]> frontier = new ArrayList<>();
        Set<Integer> seeds = new HashSet<>();
        while (seeds.size() < Math.min(count, nt)) {
            seeds.add(random.nextInt(nt));
        }
        int label = 0;
        for (int s : new TreeSet<>(seeds)) {
            frontier.add(new int[] {s, label++});
        }
        while (!frontier.isEmpty()) {
            int[] f = frontier.remove(random.nextInt(frontier.size()));
            if (chart[f[0]] >= 0) {
                continue;
            }
            chart[f[0]] = f[1];
            for (int c = 0; c < 3; c++) {
                for (int g : edgeFaces.get(edge(m.vertex(f[0], c), m.vertex(f[0], (c + 1) % 3)))) {
                    if (chart[g] < 0) {
                        frontier.add(new int[] {g, f[1]});
                    }
                }
            }
        }
        for (int t = 0; t < nt; t++) {
            if (chart[t] < 0) {
                chart[t] = 0; // a component no seed reached
            }
        }
        return chart;
    }

    /**
     * Cuts a seamless projection along the given edges. At each vertex the faces split into groups
     * at the cut edges that split there (all cut edges at the vertex except those named in
     * {@code keep} as {@link #pair pair(vertex, far end)}); each group gets its own uv index, the
     * vertex's unit xy moved by a per-group step so the two sides of a cut differ. A cut that
     * reaches an interior vertex by one edge leaves that vertex one value (a slit's end: a dart);
     * {@code keep} makes other slit ends, e.g. two slits ending at one vertex, or a slit ending on
     * a seam.
     *
     * @param paths each a run of vertices, consecutive ones joined by an edge to cut
     */
    static TriangleMesh cut(TriangleMesh m, List<int[]> paths, Set<Long> keep) {
        Set<Long> cuts = new HashSet<>();
        for (int[] p : paths) {
            for (int i = 0; i + 1 < p.length; i++) {
                if (m.vertexCount() <= Math.max(p[i], p[i + 1])) {
                    throw new IllegalArgumentException("no vertex " + Math.max(p[i], p[i + 1]));
                }
                cuts.add(edge(p[i], p[i + 1]));
            }
        }
        TriangleMesh plain = SyntheticMeshes.projected(m);
        Fans fans = new Fans(plain);
        for (long e : cuts) {
            if (fans.sides((int) (e >>> 32), (int) e) == null) {
                throw new IllegalArgumentException("cut edge " + (e >>> 32) + "-" + (int) e
                        + " is not an interior edge");
            }
        }
        float[] unit = SyntheticMeshes.unitXy(m);
        List<Float> values = new ArrayList<>();
        int[] idx = new int[3 * m.triangleCount()];
        for (int v = 0; v < m.vertexCount(); v++) {
            int[] f = fans.faces[v];
            int[] s = fans.spokes[v];
            int n = f.length;
            // spoke i lies between faces i - 1 and i (a boundary vertex's first and last spokes
            // are boundary edges, never cut)
            boolean[] splits = new boolean[s.length];
            int first = -1;
            for (int i = 0; i < s.length; i++) {
                splits[i] = cuts.contains(edge(v, s[i])) && !keep.contains(pair(v, s[i]));
                if (splits[i] && first < 0) {
                    first = i;
                }
            }
            // an interior vertex's groups wrap around: start counting at a splitting spoke
            int start = fans.boundary[v] || first < 0 ? 0 : first;
            int group = -1;
            for (int k = 0; k < n; k++) {
                int i = (start + k) % n;
                if (k == 0 || splits[i]) {
                    group++;
                    values.add(unit[2 * v] + 0.03f * group);
                    values.add(unit[2 * v + 1] - 0.02f * group);
                }
                int t = f[i];
                for (int c = 0; c < 3; c++) {
                    if (m.vertex(t, c) == v) {
                        idx[3 * t + c] = values.size() / 2 - 1;
                    }
                }
            }
        }
        return withUvs(m, toFloats(values), idx);
    }

    private static float[] toFloats(List<Float> values) {
        float[] out = new float[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i);
        }
        return out;
    }

    /**
     * @param m a mesh from {@code SyntheticMeshes.openGrid(n)} (or another grid on [0,1]^2)
     * @param n its squares per side
     * @param ij pairs (i, j): the vertices at (i / n, j / n)
     * @return their indices
     */
    static int[] gridPath(TriangleMesh m, int n, int... ij) {
        int[] out = new int[ij.length / 2];
        for (int k = 0; k < out.length; k++) {
            out[k] = -1;
            for (int v = 0; v < m.vertexCount(); v++) {
                if (Math.round(m.position(v, 0) * n) == ij[2 * k]
                        && Math.round(m.position(v, 1) * n) == ij[2 * k + 1]) {
                    out[k] = v;
                }
            }
            if (out[k] < 0) {
                throw new IllegalArgumentException("no grid vertex (" + ij[2 * k] + ", " + ij[2 * k + 1] + ")");
            }
        }
        return out;
    }

    /** @return crease tags of the given sharpness on every edge of the path */
    static List<Crease> creasesAlong(int[] path, float sharpness) {
        List<Crease> out = new ArrayList<>();
        for (int i = 0; i + 1 < path.length; i++) {
            out.add(new Crease(path[i], path[i + 1], sharpness));
        }
        return out;
    }

    // ------------------------------------------------------------------ which rules a channel reaches

    /** Branch names reported by {@link #features}. */
    static final String MATCHED_INTERIOR = "matched interior";
    static final String MATCHED_BOUNDARY = "matched boundary";
    static final String ONE_FACE = "corner: span of one face";
    static final String TWO_RUNS = "corner: value in two separate runs";
    static final String FAR_END_SEAM = "corner: seam at the far end of an edge inside the span";
    static final String MULTI_SLIT = "corner: one value, two or more seam edges";
    static final String DART = "dart";
    static final String CREASE = "crease";
    static final String THREE_VALUES = "vertex with three or more values";
    static final String INF_SPAN = "corner: infinitely sharp edge inside the span";
    static final String INF_VERTEX = "corner: infinitely sharp vertex";
    static final String SEMI_SPAN = "semi-sharp edge inside a crease or dart span";
    static final String SEMI_VERTEX = "semi-sharp vertex with a crease or dart value";
    static final String SHARP_SEAM = "sharp edge along a seam";
    /**
     * A transition step of a semi-sharp crease or dart value where another edge at its vertex, outside
     * the value's span (a seam edge, or an inner edge of another value's span), decays in the same
     * step with a different sharpness: the span's own transition weight (OpenSubdiv's
     * {@code FVarRefinement::getFractionalWeight}: the vertex and the span's inner edges only) then
     * differs from the positions' weight at that vertex (all decaying edges).
     */
    static final String SPAN_WEIGHT = "transition weight of a span apart from the vertex's";
    /**
     * A dart whose seam edge is itself sharp: the seam edge is no inner edge of the dart's span
     * (OpenSubdiv's {@code gatherValueSpans} skips it), so it neither pins the dart nor enters its
     * transition weight.
     */
    static final String SHARP_DART_SEAM = "dart whose seam edge is sharp";

    /** {@link #features(TriangleMesh, int, Creasing)} with uniform creasing. */
    static Set<String> features(TriangleMesh m, int steps) {
        return features(m, steps, Creasing.UNIFORM);
    }

    /**
     * Classifies every vertex value of the base level by the smooth rule (docs/design.md §3,
     * "Face-varying interpolation"), including how creases and corner tags act on it over
     * {@code steps} steps of the given creasing.
     *
     * @return the branch names reached
     */
    static Set<String> features(TriangleMesh m, int steps, Creasing creasing) {
        Fans fans = new Fans(m);
        Map<Long, Float> sharp = new HashMap<>();
        for (Crease c : m.creases()) {
            sharp.put(edge(c.v0(), c.v1()), c.sharpness());
        }
        float[] vertexSharpness = new float[m.vertexCount()];
        for (Corner c : m.corners()) {
            vertexSharpness[c.vertex()] = c.sharpness();
        }
        Set<String> out = new TreeSet<>();
        for (int v = 0; v < m.vertexCount(); v++) {
            int[] f = fans.faces[v];
            int[] s = fans.spokes[v];
            int n = f.length;
            if (n == 0) {
                continue;
            }
            boolean interior = !fans.boundary[v];
            List<Integer> seams = new ArrayList<>();
            for (int q : s) {
                if (fans.seam(v, q)) {
                    seams.add(q);
                    if (sharp.getOrDefault(edge(v, q), 0f) > 0) {
                        out.add(SHARP_SEAM);
                    }
                }
            }
            if (seams.isEmpty() && (interior || n > 1)) {
                out.add(interior ? MATCHED_INTERIOR : MATCHED_BOUNDARY);
                continue;
            }
            int[] value = new int[n];
            Set<Integer> distinct = new HashSet<>();
            for (int i = 0; i < n; i++) {
                value[i] = fans.uvAt(v, f[i]);
                distinct.add(value[i]);
            }
            if (distinct.size() >= 3) {
                out.add(THREE_VALUES);
            }
            float vs = vertexSharpness[v];
            if (interior && distinct.size() == 1) {
                if (seams.size() >= 2) {
                    out.add(MULTI_SLIT);
                    continue;
                }
                if (vs >= 10) {
                    out.add(INF_VERTEX);
                    continue;
                }
                if (sharp.getOrDefault(edge(v, seams.get(0)), 0f) > 0) {
                    out.add(SHARP_DART_SEAM);
                }
                List<Integer> inner = new ArrayList<>();
                boolean inf = false;
                for (int q : s) {
                    if (q != seams.get(0)) {
                        inner.add(q);
                        inf |= sharp.getOrDefault(edge(v, q), 0f) >= 10;
                    }
                }
                if (inf) {
                    out.add(INF_SPAN);
                    continue;
                }
                out.add(DART);
                sharpness(out, v, inner, s, sharp, vs, steps, creasing);
                continue;
            }
            for (int x : distinct) {
                int runs = 0;
                int start = -1;
                int length = 0;
                for (int i = 0; i < n; i++) {
                    int before = interior ? (i + n - 1) % n : i - 1;
                    boolean in = value[i] == x;
                    if (in && (before < 0 || value[before] != x)) {
                        runs++;
                        start = i;
                    }
                    if (in) {
                        length++;
                    }
                }
                if (runs != 1) {
                    out.add(TWO_RUNS);
                    continue;
                }
                if (length == 1) {
                    out.add(ONE_FACE);
                    continue;
                }
                List<Integer> inner = new ArrayList<>();
                boolean farEnd = false;
                for (int i = 1; i < length; i++) {
                    int q = s[(start + i) % s.length];
                    inner.add(q);
                    farEnd |= fans.seam(v, q);
                }
                if (farEnd) {
                    out.add(FAR_END_SEAM);
                    continue;
                }
                if (vs >= 10) {
                    out.add(INF_VERTEX);
                    continue;
                }
                boolean inf = false;
                for (int q : inner) {
                    inf |= sharp.getOrDefault(edge(v, q), 0f) >= 10;
                }
                if (inf) {
                    out.add(INF_SPAN);
                    continue;
                }
                out.add(CREASE);
                sharpness(out, v, inner, s, sharp, vs, steps, creasing);
            }
        }
        return out;
    }

    /**
     * Notes a semi-sharp span or vertex, and whether a transition step gives the span a weight other
     * than the vertex's ({@link #SPAN_WEIGHT}). The sharpness of the edges at {@code v} is followed
     * step by step: with either creasing the child halves at {@code v} depend only on the edges at
     * {@code v}.
     */
    private static void sharpness(Set<String> out, int v, List<Integer> inner, int[] spokes, Map<Long, Float> sharp,
                                  float vs, int steps, Creasing creasing) {
        boolean semi = false;
        for (int q : inner) {
            float e = sharp.getOrDefault(edge(v, q), 0f);
            semi |= e > 0 && e < 10;
        }
        if (vs > 0 && vs < 10) {
            out.add(SEMI_VERTEX);
        }
        if (semi) {
            out.add(SEMI_SPAN);
        }
        if (!semi && !(vs > 0)) {
            return;
        }
        float pv = vs;
        Map<Integer, Float> pe = new HashMap<>();
        for (int q : spokes) {
            pe.put(q, sharp.getOrDefault(edge(v, q), 0f));
        }
        for (int step = 0; step < steps; step++) {
            float cv = decay(pv);
            Map<Integer, Float> ce = new HashMap<>();
            for (int q : spokes) {
                ce.put(q, creasing == Creasing.CHAIKIN ? chaikin(pe, q) : decay(pe.get(q)));
            }
            double allSum = 0;
            int allCount = 0;
            double spanSum = 0;
            int spanCount = 0;
            boolean spanParent = pv > 0;
            boolean spanChild = cv > 0;
            if (pv > 0 && cv <= 0) {
                allSum += pv;
                allCount++;
                spanSum += pv;
                spanCount++;
            }
            for (int q : spokes) {
                float p = pe.get(q);
                float c = ce.get(q);
                if (inner.contains(q)) {
                    spanParent |= p > 0;
                    spanChild |= c > 0;
                }
                if (p > 0 && c <= 0) {
                    allSum += p;
                    allCount++;
                    if (inner.contains(q)) {
                        spanSum += p;
                        spanCount++;
                    }
                }
            }
            if (spanParent && !spanChild) {
                double all = allCount == 0 ? 0 : Math.min(1, allSum / allCount);
                double span = spanCount == 0 ? 0 : Math.min(1, spanSum / spanCount);
                if (Math.abs(all - span) > 1e-9) {
                    out.add(SPAN_WEIGHT);
                }
            }
            pv = cv;
            pe = ce;
        }
    }

    /** OpenSubdiv's uniform decay, in float as the reference does it. */
    private static float decay(float s) {
        return s >= 10 ? 10 : s > 1 ? s - 1 : 0;
    }

    /**
     * Chaikin's decay of the half at this vertex of the edge to {@code q}: {@code 3/4 s + 1/4 a - 1},
     * {@code a} the average of the vertex's other semi-sharp edges ({@code s - 1} without them).
     */
    private static float chaikin(Map<Integer, Float> sharpness, int q) {
        float s = sharpness.get(q);
        if (s >= 10) {
            return 10;
        }
        if (s <= 0) {
            return 0;
        }
        float sum = 0;
        int count = 0;
        for (Map.Entry<Integer, Float> e : sharpness.entrySet()) {
            if (e.getKey() != q && e.getValue() > 0 && e.getValue() < 10) {
                sum += e.getValue();
                count++;
            }
        }
        float child = count == 0 ? s - 1 : 0.75f * s + 0.25f * (sum / count) - 1;
        return child > 0 ? child : 0;
    }
}
