package org.loopsub.reference;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.loopsub.reference.ReferenceCreaseLoop.Level;
import org.loopsub.reference.ReferenceCreaseLoop.Rule;
import org.loopsub.reference.ReferenceCreaseLoop.Step;
import org.loopsub.reference.ReferenceLoop.RefMesh;

/**
 * Face-varying (UV) refinement alongside {@link ReferenceCreaseLoop}, in double precision, written
 * from OpenSubdiv 3.5's rules as docs/design.md §3 gives them ("Face-varying interpolation"), which restates OpenSubdiv
 * 3.5's face-varying rules ({@code vtr/fvarLevel.cpp}, {@code vtr/fvarRefinement.cpp},
 * {@code far/primvarRefiner.h}) for the options {@code FVAR_LINEAR_ALL} ({@link Interpolation#LINEAR})
 * and {@code FVAR_LINEAR_CORNERS_ONLY} ({@link Interpolation#SMOOTH}). It shares no code with the
 * engine.
 *
 * <p>A {@link Channel} gives each face corner a value index ({@code 3 t + c} for corner {@code c}
 * of triangle {@code t}) and each value two doubles. Two corners at a vertex are continuous only
 * when they carry the same index. An interior edge is a <b>seam</b> when its two faces carry
 * different indices at either end; boundary edges never are. A vertex is <b>mismatched</b> when it
 * ends a seam, or (smooth rule) is a boundary vertex with one face, or (linear rule) is any boundary
 * vertex. The <b>span</b> of a value at a vertex is the run of consecutive faces around it that carry
 * it.
 *
 * <p><b>Linear</b>: edge points {@code 1/2 (a + b)} on each face side, vertex values copied, limit =
 * copy.
 *
 * <p><b>Smooth</b>:
 * <ul>
 *   <li>continuous edge: the surface's own edge mask ({@link Step#stencilWeights()}) on the values,
 *       the opposite values each taken in its own face (so sharp edges give {@code 1/2 (a + b)},
 *       semi-sharp ones blend as for positions); seam edge: one value per face side,
 *       {@code 1/2 (uv_a + uv_b)} of that face's own end values;</li>
 *   <li>matched vertex: the surface's vertex mask (rule and transition weight) on the neighbour
 *       values;</li>
 *   <li>mismatched vertex, per value {@code x} with span {@code S}: <i>corner</i> (copied) when
 *       {@code S} has one face, when {@code x} occurs in two separate runs or an interior edge inside
 *       {@code S} is a seam at its far end, or when {@code S} holds an infinitely sharp edge or the
 *       vertex is infinitely sharp; <i>dart</i> when the vertex is interior, has a single value and
 *       exactly one seam edge {@code e_k}: {@code 3/4 x + 1/8 (the two values at the far end of e_k)}
 *       (two or more seam edges: corner); <i>crease</i> otherwise:
 *       {@code 3/4 x + 1/8 (e0 + e1)}, {@code e0} the value at the far end of the leading edge of
 *       the span's first face, {@code e1} at the far end of the trailing edge of its last face (each
 *       in that face);</li>
 *   <li>semi-sharp spans ("blend like positions", as OpenSubdiv's {@code FVarRefinement} does it): a
 *       crease value whose span holds a semi-sharp inner edge ({@code 0 < s < 10}) or whose vertex is
 *       semi-sharp is a corner while that sharpness lasts; in the step where it decays to 0 the value
 *       is {@code w x + (1 - w) crease}, {@code w} the span's transition weight (average of the
 *       vertex's own and the span's inner edges' sharpness values that decay to 0 in this step, at
 *       most 1); after that a crease. A dart's inner edges are all its edges but the seam.</li>
 *   <li>deeper levels: seams, mismatches and spans are found again on each level from the child value
 *       indices, which is the same as OpenSubdiv's inheritance (a seam's child edge vertex gets one
 *       value per face side, vertex children inherit their values, child edges of a seam stay seams,
 *       edges inside a face are continuous).</li>
 *   <li>limit ({@link #limit}): matched values get the position limit mask of the vertex rule
 *       (smooth/dart {@code (1 - n eps) x + eps sum}, crease {@code 2/3 x + 1/6 (q_e0 + q_e1)}, corner
 *       copy), corner values are copied, crease and dart values {@code 2/3 x + 1/6 (e0 + e1)} (the
 *       dart's ends being the two values at the far end of its seam edge); a semi-sharp span that has
 *       not decayed counts as sharp (corner). OpenSubdiv uses the float constants {@code 2.0f/3.0f},
 *       {@code 1.0f/6.0f} there: compare to it to 1e-6.</li>
 * </ul>
 *
 * <p><b>Child value numbering</b>: values of vertex children first, in order of parent vertex and
 * then of the value's first face counter-clockwise around it; then edge children in the order of
 * {@link ReferenceCreaseLoop}'s child vertices, a seam's two face sides in the order of its faces'
 * indices. Child corners follow {@link ReferenceCreaseLoop}'s child triangles.
 */
public final class ReferenceFaceVarying {
    private ReferenceFaceVarying() {
    }

    /** The face-varying interpolation option. */
    public enum Interpolation {
        /** {@code FVAR_LINEAR_ALL}: piecewise linear over the base triangles. */
        LINEAR,
        /** {@code FVAR_LINEAR_CORNERS_ONLY}: smooth, with one-face corners kept. */
        SMOOTH
    }

    /**
     * A face-varying channel.
     *
     * @param cornerValues value index of every face corner, {@code 3 t + c}
     * @param values two doubles per value
     */
    public record Channel(int[] cornerValues, double[] values) {
        /** @return number of values */
        public int valueCount() {
            return values.length / 2;
        }

        /**
         * @param triangle a triangle
         * @param corner 0, 1 or 2
         * @param axis 0 (u) or 1 (v)
         * @return the value at that corner
         */
        public double value(int triangle, int corner, int axis) {
            return values[2 * cornerValues[3 * triangle + corner] + axis];
        }
    }

    /**
     * A refined mesh with its channel, level by level.
     *
     * @param levels surface levels, {@code levels.get(0)} the base
     * @param channels the channel on each level
     */
    public record Refined(List<Level> levels, List<Channel> channels) {
        /** @return the finest surface level */
        public Level last() {
            return levels.get(levels.size() - 1);
        }

        /** @return the finest channel */
        public Channel lastChannel() {
            return channels.get(channels.size() - 1);
        }
    }

    /**
     * @param base the surface
     * @param channel its channel
     * @param rule interpolation
     * @param levels how many steps
     * @return surface and channel on every level
     */
    public static Refined refine(Level base, Channel channel, Interpolation rule, int levels) {
        List<Level> ls = new ArrayList<>();
        List<Channel> cs = new ArrayList<>();
        ls.add(base);
        cs.add(channel);
        Level level = base;
        Channel ch = channel;
        for (int i = 0; i < levels; i++) {
            Step step = ReferenceCreaseLoop.step(level);
            ch = step(step, ch, rule);
            level = step.child();
            ls.add(level);
            cs.add(ch);
        }
        return new Refined(ls, cs);
    }

    // ---------------------------------------------------------------- analysis of one level

    /** Faces around each vertex and the value analysis of one level. */
    private static final class Around {
        final RefMesh mesh;
        final Channel ch;
        final int[][] rings;
        final boolean[] boundary;
        /** face i around v lies between ring[i] and ring[i + 1] (cyclic for interior vertices). */
        final int[][] faces;
        final Map<Long, Integer> directedFace = new HashMap<>();

        Around(RefMesh mesh, Channel ch, int[][] rings, boolean[] boundary) {
            this.mesh = mesh;
            this.ch = ch;
            this.rings = rings;
            this.boundary = boundary;
            int[] tri = mesh.triangles();
            for (int t = 0; t < mesh.triangleCount(); t++) {
                for (int c = 0; c < 3; c++) {
                    directedFace.put(directed(tri[3 * t + c], tri[3 * t + (c + 1) % 3]), t);
                }
            }
            faces = new int[rings.length][];
            for (int v = 0; v < rings.length; v++) {
                int n = boundary[v] ? rings[v].length - 1 : rings[v].length;
                faces[v] = new int[n];
                for (int i = 0; i < n; i++) {
                    faces[v][i] = directedFace.get(directed(v, rings[v][i]));
                }
            }
        }

        static long directed(int a, int b) {
            return ((long) a << 32) | (b & 0xffffffffL);
        }

        /** @return the value index of vertex x in face t */
        int val(int x, int t) {
            int[] tri = mesh.triangles();
            for (int c = 0; c < 3; c++) {
                if (tri[3 * t + c] == x) {
                    return ch.cornerValues()[3 * t + c];
                }
            }
            throw new IllegalArgumentException("vertex " + x + " not in face " + t);
        }

        /** @return the faces of edge (a, b): the one with a -> b, then the one with b -> a (or -1) */
        int[] edgeFaces(int a, int b) {
            Integer f = directedFace.get(directed(a, b));
            Integer g = directedFace.get(directed(b, a));
            return new int[] {f == null ? -1 : f, g == null ? -1 : g};
        }

        boolean seam(int a, int b) {
            int[] fg = edgeFaces(a, b);
            if (fg[0] < 0 || fg[1] < 0) {
                return false;
            }
            return val(a, fg[0]) != val(a, fg[1]) || val(b, fg[0]) != val(b, fg[1]);
        }

        /** seam at the far end q of edge (v, q), the near ends matching. */
        boolean seamAtFarEnd(int v, int q) {
            int[] fg = edgeFaces(v, q);
            return fg[0] >= 0 && fg[1] >= 0 && val(q, fg[0]) != val(q, fg[1]);
        }

        boolean mismatched(int v, Interpolation rule) {
            if (boundary[v] && (rule == Interpolation.LINEAR || faces[v].length == 1)) {
                return true;
            }
            for (int q : rings[v]) {
                if (seam(v, q)) {
                    return true;
                }
            }
            return false;
        }

        /** Distinct values at v in order of their first face counter-clockwise. */
        List<Integer> valuesAt(int v) {
            List<Integer> out = new ArrayList<>();
            for (int f : faces[v]) {
                int x = val(v, f);
                if (!out.contains(x)) {
                    out.add(x);
                }
            }
            return out;
        }
    }

    /** How one mismatched value at a vertex is treated. */
    private record ValueRule(Kind kind, int end0Vertex, int end0Face, int end1Vertex, int end1Face,
            List<Integer> spanEdges) {
    }

    private enum Kind {
        CORNER, CREASE, DART
    }

    /**
     * The rule of value x at mismatched vertex v ignoring sharpness, plus the span's interior
     * edges (far-end vertices) for the sharpness checks.
     */
    private static ValueRule valueRule(Around a, int v, int x) {
        int[] faces = a.faces[v];
        int[] ring = a.rings[v];
        int n = faces.length;
        boolean interior = !a.boundary[v];
        List<Integer> values = a.valuesAt(v);
        if (interior && values.size() == 1) {
            List<Integer> seams = new ArrayList<>();
            for (int q : ring) {
                if (a.seam(v, q)) {
                    seams.add(q);
                }
            }
            // the span is every face; its inner edges all but the seams (OpenSubdiv's gatherValueSpans)
            List<Integer> inner = new ArrayList<>();
            for (int q : ring) {
                if (!seams.contains(q)) {
                    inner.add(q);
                }
            }
            if (seams.size() == 1) {
                int q = seams.get(0);
                int[] fg = a.edgeFaces(v, q);
                return new ValueRule(Kind.DART, q, fg[0], q, fg[1], inner);
            }
            return new ValueRule(Kind.CORNER, -1, -1, -1, -1, inner);
        }
        // runs of x
        int runs = 0;
        int start = -1;
        int length = 0;
        for (int i = 0; i < n; i++) {
            boolean in = a.val(v, faces[i]) == x;
            int prev = interior ? (i + n - 1) % n : i - 1;
            boolean prevIn = prev >= 0 && a.val(v, faces[prev]) == x;
            if (in && !prevIn) {
                runs++;
                start = i;
            }
            if (in) {
                length++;
            }
        }
        if (runs != 1) {
            return new ValueRule(Kind.CORNER, -1, -1, -1, -1, List.of());
        }
        int last = (start + length - 1) % n;
        List<Integer> inner = new ArrayList<>();
        for (int i = 1; i < length; i++) {
            inner.add(ring[(start + i) % ring.length]);
        }
        if (length == 1) {
            return new ValueRule(Kind.CORNER, -1, -1, -1, -1, inner);
        }
        for (int q : inner) {
            if (a.seamAtFarEnd(v, q)) {
                return new ValueRule(Kind.CORNER, -1, -1, -1, -1, inner);
            }
        }
        int e0 = ring[start];
        int e1 = ring[(last + 1) % ring.length];
        return new ValueRule(Kind.CREASE, e0, faces[start], e1, faces[last], inner);
    }

    // ---------------------------------------------------------------- one step

    /**
     * Refines a channel by one level alongside the surface step.
     *
     * @param step the surface step ({@link ReferenceCreaseLoop#step})
     * @param ch the channel on {@code step.parent()}
     * @param rule interpolation
     * @return the channel on {@code step.child()}
     */
    public static Channel step(Step step, Channel ch, Interpolation rule) {
        Level parent = step.parent();
        Level child = step.child();
        RefMesh m = parent.mesh();
        int vertexCount = m.vertexCount();
        Around a = new Around(m, ch, step.rings(), step.boundary());
        List<double[]> out = new ArrayList<>();
        Map<Long, Integer> vertexValue = new HashMap<>(); // (v, x) -> child value
        for (int v = 0; v < vertexCount; v++) {
            List<Integer> values = a.valuesAt(v);
            boolean mismatched = a.mismatched(v, rule);
            for (int x : values) {
                double[] uv;
                if (rule == Interpolation.LINEAR) {
                    uv = copy(ch, x);
                } else if (!mismatched) {
                    uv = applyVertexStencil(a, step, v);
                } else {
                    uv = mismatchedValue(a, step, v, x);
                }
                vertexValue.put(pair(v, x), out.size());
                out.add(uv);
            }
        }
        Map<Long, Integer> edgeValue = new HashMap<>(); // (child vertex, face or -1) -> child value
        int[] tri = m.triangles();
        int childVertexCount = child.mesh().vertexCount();
        int[] edgeA = new int[childVertexCount];
        int[] edgeB = new int[childVertexCount];
        for (Map.Entry<Long, Integer> e : step.edgeVertex().entrySet()) {
            edgeA[e.getValue()] = (int) (e.getKey() >>> 32);
            edgeB[e.getValue()] = (int) (long) e.getKey();
        }
        for (int ev = vertexCount; ev < childVertexCount; ev++) {
            int ea = edgeA[ev];
            int eb = edgeB[ev];
            int[] fg = a.edgeFaces(ea, eb);
            boolean seam = a.seam(ea, eb);
            if (rule == Interpolation.LINEAR || seam) {
                // 1/2 (a + b) on each face side; one value unless the edge is a seam
                int[] sides = fg[0] < 0 ? new int[] {fg[1]}
                        : fg[1] < 0 ? new int[] {fg[0]}
                        : new int[] {Math.min(fg[0], fg[1]), Math.max(fg[0], fg[1])};
                int shared = -1;
                for (int t : sides) {
                    if (!seam && shared >= 0) {
                        edgeValue.put(pair(ev, t), shared);
                        continue;
                    }
                    double[] uv = new double[2];
                    for (int x = 0; x < 2; x++) {
                        uv[x] = 0.5 * (ch.values()[2 * a.val(ea, t) + x] + ch.values()[2 * a.val(eb, t) + x]);
                    }
                    edgeValue.put(pair(ev, t), out.size());
                    shared = out.size();
                    out.add(uv);
                }
            } else {
                int[] idx = step.stencilIndices()[ev];
                double[] w = step.stencilWeights()[ev];
                double[] uv = new double[2];
                for (int i = 0; i < idx.length; i++) {
                    int q = idx[i];
                    int face = fg[0] >= 0 && contains(tri, fg[0], q) ? fg[0] : fg[1];
                    int value = a.val(q, face);
                    for (int x = 0; x < 2; x++) {
                        uv[x] += w[i] * ch.values()[2 * value + x];
                    }
                }
                for (int t : fg) {
                    if (t >= 0) {
                        edgeValue.put(pair(ev, t), out.size());
                    }
                }
                out.add(uv);
            }
        }
        int[] childCorners = new int[3 * child.mesh().triangleCount()];
        int[] childTri = child.mesh().triangles();
        for (int t = 0; t < m.triangleCount(); t++) {
            for (int k = 0; k < 12; k++) {
                int cv = childTri[12 * t + k];
                Integer value = cv < vertexCount
                        ? vertexValue.get(pair(cv, a.val(cv, t)))
                        : edgeValue.get(pair(cv, t));
                childCorners[12 * t + k] = value;
            }
        }
        double[] values = new double[2 * out.size()];
        for (int i = 0; i < out.size(); i++) {
            values[2 * i] = out.get(i)[0];
            values[2 * i + 1] = out.get(i)[1];
        }
        return new Channel(childCorners, values);
    }

    private static boolean contains(int[] tri, int t, int v) {
        return tri[3 * t] == v || tri[3 * t + 1] == v || tri[3 * t + 2] == v;
    }

    private static long pair(int a, int b) {
        return ((long) a << 32) | (b & 0xffffffffL);
    }

    private static double[] copy(Channel ch, int x) {
        return new double[] {ch.values()[2 * x], ch.values()[2 * x + 1]};
    }

    /** Value of neighbour q seen from vertex v (matched: the same in every face around v). */
    private static int neighbourValue(Around a, int v, int q) {
        if (q == v) {
            return a.val(v, a.faces[v][0]);
        }
        int[] fg = a.edgeFaces(v, q);
        return a.val(q, fg[0] >= 0 ? fg[0] : fg[1]);
    }

    private static double[] applyVertexStencil(Around a, Step step, int v) {
        int[] idx = step.stencilIndices()[v];
        double[] w = step.stencilWeights()[v];
        double[] uv = new double[2];
        for (int i = 0; i < idx.length; i++) {
            int value = neighbourValue(a, v, idx[i]);
            for (int x = 0; x < 2; x++) {
                uv[x] += w[i] * a.ch.values()[2 * value + x];
            }
        }
        return uv;
    }

    private static double[] mismatchedValue(Around a, Step step, int v, int x) {
        ValueRule r = valueRule(a, v, x);
        double[] xv = copy(a.ch, x);
        if (r.kind() == Kind.CORNER) {
            return xv;
        }
        double[] curve = new double[2];
        int v0 = a.val(r.end0Vertex(), r.end0Face());
        int v1 = a.val(r.end1Vertex(), r.end1Face());
        for (int k = 0; k < 2; k++) {
            curve[k] = 0.75 * xv[k] + 0.125 * (a.ch.values()[2 * v0 + k] + a.ch.values()[2 * v1 + k]);
        }
        // sharpness of the span: infinite -> corner; semi-sharp -> corner while it lasts, blend when it decays
        Level parent = step.parent();
        Level child = step.child();
        float vs = parent.vertexSharpness()[v];
        float vsChild = child.vertexSharpness()[v];
        boolean parentSharp = vs > 0;
        boolean childSharp = vsChild > 0;
        boolean infinite = vs >= ReferenceCreaseLoop.INFINITE;
        for (int q : r.spanEdges()) {
            float s = parent.edgeSharpness(v, q);
            float sc = child.edgeSharpness(v, step.edgeVertex().get(ReferenceCreaseLoop.key(v, q)));
            infinite |= s >= ReferenceCreaseLoop.INFINITE;
            parentSharp |= s > 0;
            childSharp |= sc > 0;
        }
        if (infinite || childSharp) {
            return xv;
        }
        if (!parentSharp) {
            return curve;
        }
        double w = transitionWeight(step, v, r.spanEdges());
        return new double[] {w * xv[0] + (1 - w) * curve[0], w * xv[1] + (1 - w) * curve[1]};
    }

    /**
     * The span's transition weight at v: the average of the sharpness values that decay to 0 in this
     * step among the vertex's own and those of the span's inner edges, at most 1 (OpenSubdiv's
     * {@code FVarRefinement::getFractionalWeight}: only the value's span, not the whole vertex).
     */
    private static double transitionWeight(Step step, int v, List<Integer> spanEdges) {
        Level parent = step.parent();
        Level child = step.child();
        double sum = 0;
        int count = 0;
        if (parent.vertexSharpness()[v] > 0 && child.vertexSharpness()[v] <= 0) {
            sum += parent.vertexSharpness()[v];
            count++;
        }
        for (int q : spanEdges) {
            float s = parent.edgeSharpness(v, q);
            float sc = child.edgeSharpness(v, step.edgeVertex().get(ReferenceCreaseLoop.key(v, q)));
            if (s > 0 && sc <= 0) {
                sum += s;
                count++;
            }
        }
        return count == 0 ? 0 : Math.min(1.0, sum / count);
    }

    // ---------------------------------------------------------------- limit

    /**
     * Limit values (class comment).
     *
     * @param level the surface level
     * @param ch its channel
     * @param rule interpolation
     * @return two doubles per value of {@code ch}
     */
    public static double[] limit(Level level, Channel ch, Interpolation rule) {
        double[] out = ch.values().clone();
        if (rule == Interpolation.LINEAR) {
            return out;
        }
        ReferenceCreaseLoop.Rings rings = ReferenceCreaseLoop.rings(level.mesh());
        Around a = new Around(level.mesh(), ch, rings.rings(), rings.boundary());
        ReferenceCreaseLoop.Limit surface = ReferenceCreaseLoop.limit(level);
        double[] values = ch.values();
        for (int v = 0; v < level.mesh().vertexCount(); v++) {
            int[] ring = a.rings[v];
            if (!a.mismatched(v, rule)) {
                int x = a.val(v, a.faces[v][0]);
                Rule r = surface.rules()[v];
                Map<Integer, Double> mask = new LinkedHashMap<>();
                if (r == Rule.SMOOTH || r == Rule.DART) {
                    int n = ring.length;
                    double eps = n == 6 ? 1.0 / 12.0 : 1.0 / (n + 3.0 / (8.0 * ReferenceCreaseLoop.beta(n)));
                    mask.put(v, n == 6 ? 0.5 : 1 - n * eps);
                    for (int q : ring) {
                        mask.merge(q, eps, Double::sum);
                    }
                } else if (r == Rule.CREASE) {
                    mask.put(v, 2.0 / 3.0);
                    for (int q : ring) {
                        if (a.boundary[v] ? q == ring[0] || q == ring[ring.length - 1] : level.edgeSharpness(v, q) > 0) {
                            mask.merge(q, 1.0 / 6.0, Double::sum);
                        }
                    }
                } else {
                    mask.put(v, 1.0);
                }
                double[] uv = new double[2];
                for (Map.Entry<Integer, Double> e : mask.entrySet()) {
                    int value = neighbourValue(a, v, e.getKey());
                    for (int k = 0; k < 2; k++) {
                        uv[k] += e.getValue() * values[2 * value + k];
                    }
                }
                out[2 * x] = uv[0];
                out[2 * x + 1] = uv[1];
                continue;
            }
            for (int x : a.valuesAt(v)) {
                ValueRule r = valueRule(a, v, x);
                boolean sharp = level.vertexSharpness()[v] > 0;
                for (int q : r.spanEdges()) {
                    sharp |= level.edgeSharpness(v, q) > 0;
                }
                if (r.kind() == Kind.CORNER || sharp) {
                    continue;
                }
                int v0 = a.val(r.end0Vertex(), r.end0Face());
                int v1 = a.val(r.end1Vertex(), r.end1Face());
                for (int k = 0; k < 2; k++) {
                    out[2 * x + k] = 2.0 / 3.0 * values[2 * x + k] + (values[2 * v0 + k] + values[2 * v1 + k]) / 6.0;
                }
            }
        }
        return out;
    }
}
