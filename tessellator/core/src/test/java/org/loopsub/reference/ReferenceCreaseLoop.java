package org.loopsub.reference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.loopsub.api.Crease;
import org.loopsub.api.TriangleMesh;
import org.loopsub.reference.ReferenceLoop.RefMesh;

/**
 * Loop subdivision with OpenSubdiv 3.5's creasing rules, in double precision, written from the
 * formulas of OpenSubdiv 3.5's rules as docs/design.md §3 gives them (which restates OpenSubdiv 3.5's
 * {@code sdc/loopScheme.h}, {@code sdc/scheme.h}, {@code sdc/crease.h}/{@code crease.cpp} and
 * {@code vtr/refinement.cpp}). It shares no code with the engine; only {@link ReferenceLoop.RefMesh}
 * is reused as the mesh type.
 *
 * <p><b>Sharpness</b> is a float as in OpenSubdiv: {@code 0} smooth, {@code >= 10} infinite
 * ({@link #INFINITE}). Boundary edges are always infinitely sharp. Boundary option
 * {@link Boundary#EDGE_ONLY} leaves boundary vertices at vertex sharpness 0;
 * {@link Boundary#EDGE_AND_CORNER} gives a boundary vertex with exactly one face vertex sharpness 10.
 * Per level (float arithmetic): uniform creasing {@code s' = 10 if s >= 10; s - 1 if s > 1; else 0}
 * for both halves of an edge and for vertex sharpness; Chaikin creasing gives the half of an edge
 * at end vertex {@code v} {@code s' = 3/4 s + 1/4 avg(s of the other semi-sharp edges at v) - 1}
 * (plain {@code s - 1} with no other semi-sharp edge), at least 0, infinite stays 10; vertex
 * sharpness decays uniformly. Edges new inside a face and new edge vertices get 0.
 *
 * <p><b>Vertex rule</b>: vertex sharpness {@code > 0} is a corner, otherwise by the number
 * {@code k} of sharp ({@code s > 0}) incident edges: 0 smooth, 1 dart, 2 crease, {@code >= 3}
 * corner.
 *
 * <p><b>Masks</b> ({@code p} the vertex, {@code q_i} its neighbours, {@code n} their number for an
 * interior vertex; edge {@code (a, b)} with opposite vertices {@code c, d}):
 * <ul>
 *   <li>smooth edge: {@code 3/8 (a + b) + 1/8 (c + d)}; crease edge (both child halves stay
 *       sharp): {@code 1/2 (a + b)}; transition edge (sharp, but a child half decays to 0), with
 *       {@code w = s} unclamped: {@code (w/2 + (1 - w) 3/8)(a + b) + (1 - w)/8 (c + d)};</li>
 *   <li>smooth or dart vertex: {@code (1 - n beta) p + beta sum q_i}, Loop's
 *       {@code beta(n) = (5/8 - (3/8 + 1/4 cos(2 pi / n))^2) / n} (exactly {@code 1/16} for
 *       {@code n = 6}); crease vertex: {@code 3/4 p + 1/8 (q_e0 + q_e1)} over its two sharp edges;
 *       corner: {@code p};</li>
 *   <li>vertex transition: the parent rule comes from the sharpness before this level's decay,
 *       the child rule from after it; where they differ and the parent rule is crease or corner, the
 *       mask is {@code w * parent mask + (1 - w) * child mask}, {@code w} the average of the parent
 *       sharpness values that decay to 0 in this step (the vertex's own, and each incident edge's
 *       value whose half at this vertex becomes 0), at most 1.</li>
 * </ul>
 *
 * <p><b>Numbering</b> as {@link ReferenceLoop}: old vertices keep {@code 0..V-1}; edge points follow
 * as {@code V + e}, edges numbered by first appearance (triangles in order, edges {@code ab, bc, ca});
 * triangle {@code abc} becomes {@code (a, ab, ca), (ab, b, bc), (ca, bc, c), (ab, bc, ca)}.
 *
 * <p><b>Limit</b> ({@link #limit}), with the rule of the level it is taken at (a semi-sharp edge
 * that has not decayed counts as sharp): smooth and dart vertices
 * {@code (1 - n eps) p + eps sum q_i}, {@code eps = 1 / (n + 3/(8 beta))}, tangents
 * {@code du = sum cos(2 pi i/n) q_i}, {@code dv = sum sin(2 pi i/n) q_i}; crease vertices
 * {@code 2/3 p + 1/6 (q_e0 + q_e1)}, {@code du = 3/2 (q_e0 - q_e1)}, {@code dv} from the
 * {@code k = e1 - e0 - 1} edges strictly between the sharp edges {@code e0 < e1} of the
 * counter-clockwise list ({@code k = 0}: {@code 3 q_e0 + 3 q_e1 - 6 p}; {@code 1}:
 * {@code 3 q_(e0+1) - 3 p}; {@code 2}: {@code -sqrt3 p - sqrt3/2 (q_e0 + q_e1) + sqrt3 (q_(e0+1) + q_(e0+2))};
 * {@code >= 3}, {@code theta = pi/(k+1)}:
 * {@code -3 sin(theta) (q_e0 + q_e1) + sum_{i=1..k} 6 (1 - cos theta) sin(i theta) q_(e0+i)});
 * corners {@code p}, {@code du = 3 (q_0 - p)}, {@code dv = 3 (q_1 - p)}; normal
 * {@code normalize(du x dv)}. The counter-clockwise list of a boundary vertex starts at its leading
 * boundary edge (the boundary edge that runs {@code p -> next} in its face); that of an interior
 * vertex starts at the edge {@code p -> next} of its lowest-numbered face (this choice only decides
 * which side of an interior crease or corner the one-sided normal is taken on). The dart's smooth
 * limit mask is an approximation (as in OpenSubdiv): a dart's limit point moves slightly with the
 * level it is taken at; all other limit points are exact.
 */
public final class ReferenceCreaseLoop {
    /** Infinite sharpness (OpenSubdiv's {@code Crease::SHARPNESS_INFINITE}). */
    public static final float INFINITE = 10f;

    private ReferenceCreaseLoop() {
    }

    /** OpenSubdiv's boundary interpolation options that make sense for Loop. */
    public enum Boundary {
        /** Boundary edges infinitely sharp, boundary vertices not tagged (OpenSubdiv's default). */
        EDGE_ONLY,
        /** As {@link #EDGE_ONLY}, and a boundary vertex with one face gets vertex sharpness 10. */
        EDGE_AND_CORNER
    }

    /** How semi-sharp edge sharpness decays per level. */
    public enum Creasing {
        /** {@code s - 1} per level (OpenSubdiv's default). */
        UNIFORM,
        /** Chaikin's rule: each half averages with the other semi-sharp edges at its end. */
        CHAIKIN
    }

    /** A vertex's subdivision rule. */
    public enum Rule {
        /** No sharp edge. */
        SMOOTH,
        /** One sharp edge (smooth masks). */
        DART,
        /** Two sharp edges. */
        CREASE,
        /** Three or more sharp edges, or vertex sharpness. */
        CORNER
    }

    /**
     * @param boundary boundary interpolation
     * @param creasing sharpness decay
     */
    public record Options(Boundary boundary, Creasing creasing) {
        /** Edge only, uniform creasing: OpenSubdiv's defaults. */
        public static final Options DEFAULT = new Options(Boundary.EDGE_ONLY, Creasing.UNIFORM);
    }

    /**
     * @param a one end
     * @param b the other end
     * @return the key of edge {@code (a, b)}: the smaller index in the high 32 bits
     */
    public static long key(int a, int b) {
        return a < b ? ((long) a << 32) | b : ((long) b << 32) | a;
    }

    /**
     * One level: a mesh and its sharpness.
     *
     * @param mesh positions and triangles
     * @param edgeSharpness sharpness of every edge with {@code s > 0} by {@link #key(int, int)},
     *     boundary edges included (at 10); edges absent are smooth
     * @param vertexSharpness sharpness per vertex ({@code 0} for none)
     * @param options boundary and creasing options
     */
    public record Level(RefMesh mesh, Map<Long, Float> edgeSharpness, float[] vertexSharpness, Options options) {
        /**
         * @param a one end
         * @param b the other end
         * @return the sharpness of edge {@code (a, b)}, 0 if absent
         */
        public float edgeSharpness(int a, int b) {
            return edgeSharpness.getOrDefault(key(a, b), 0f);
        }
    }

    /**
     * One refinement step and the masks it used.
     *
     * @param parent the level refined
     * @param child the new level
     * @param parentRule rule of each parent vertex from the sharpness before the decay
     * @param childRule rule of each parent vertex from the sharpness after the decay
     * @param transitionWeight per parent vertex the transition weight {@code w} where the vertex
     *     mask blended the parent and child rules, else {@code NaN}
     * @param rings counter-clockwise neighbours of each parent vertex (boundary: {@code q_0..q_n}
     *     from the leading boundary edge; interior: from the lowest-numbered face's edge)
     * @param boundary whether each parent vertex is on the boundary
     * @param edgeVertex child vertex index of each parent edge, by {@link #key(int, int)}
     * @param stencilIndices per child vertex the parent vertices its mask uses
     * @param stencilWeights per child vertex the weights, parallel to {@code stencilIndices}
     */
    public record Step(Level parent, Level child, Rule[] parentRule, Rule[] childRule, double[] transitionWeight,
            int[][] rings, boolean[] boundary, Map<Long, Integer> edgeVertex,
            int[][] stencilIndices, double[][] stencilWeights) {
    }

    /**
     * Limit data per vertex.
     *
     * @param level the level the limit was taken at
     * @param positions limit positions, x, y, z per vertex
     * @param normals unit normals {@code normalize(du x dv)} (zero where that is zero)
     * @param du first tangent per vertex
     * @param dv second tangent per vertex
     * @param rules the rule used per vertex
     */
    public record Limit(Level level, double[] positions, double[] normals, double[] du, double[] dv, Rule[] rules) {
    }

    /**
     * @param creases crease tags (e.g. {@link TriangleMesh#creases()})
     * @return their sharpness by {@link #key(int, int)} (a later tag on the same edge wins)
     */
    public static Map<Long, Float> edgeSharpness(List<Crease> creases) {
        Map<Long, Float> map = new HashMap<>();
        for (Crease c : creases) {
            map.put(key(c.v0(), c.v1()), c.sharpness());
        }
        return map;
    }

    /**
     * Sets up the base level: boundary edges at 10; tags on pairs that are not edges are ignored
     * (a warning in OpenSubdiv, not an error); with {@link Boundary#EDGE_AND_CORNER} boundary
     * vertices with one face get vertex sharpness 10.
     *
     * @param mesh a manifold, consistently oriented triangle mesh
     * @param edgeSharpness tagged edge sharpness by {@link #key(int, int)} (values {@code >= 0})
     * @param vertexSharpness tagged vertex sharpness by vertex index
     * @param options options
     * @return the base level
     */
    public static Level base(RefMesh mesh, Map<Long, Float> edgeSharpness, Map<Integer, Float> vertexSharpness,
            Options options) {
        int[] tri = mesh.triangles();
        Map<Long, Integer> faces = new HashMap<>();
        int[] faceCount = new int[mesh.vertexCount()];
        for (int i = 0; i < tri.length; i++) {
            int a = tri[i];
            int b = tri[i % 3 == 2 ? i - 2 : i + 1];
            faces.merge(key(a, b), 1, Integer::sum);
            faceCount[a]++;
        }
        Map<Long, Float> sharp = new HashMap<>();
        for (Map.Entry<Long, Float> e : edgeSharpness.entrySet()) {
            if (faces.containsKey(e.getKey()) && e.getValue() > 0) {
                sharp.put(e.getKey(), e.getValue());
            }
        }
        float[] vs = new float[mesh.vertexCount()];
        for (Map.Entry<Integer, Float> e : vertexSharpness.entrySet()) {
            int v = e.getKey();
            if (v >= 0 && v < vs.length && e.getValue() > 0) {
                vs[v] = e.getValue();
            }
        }
        Set<Integer> onBoundary = new HashSet<>();
        for (Map.Entry<Long, Integer> e : faces.entrySet()) {
            if (e.getValue() == 1) {
                sharp.put(e.getKey(), INFINITE);
                onBoundary.add((int) (e.getKey() >>> 32));
                onBoundary.add((int) (long) e.getKey());
            }
        }
        if (options.boundary() == Boundary.EDGE_AND_CORNER) {
            for (int v : onBoundary) {
                if (faceCount[v] == 1) {
                    vs[v] = INFINITE;
                }
            }
        }
        return new Level(mesh, sharp, vs, options);
    }

    /**
     * @param mesh a float mesh whose {@link TriangleMesh#creases()} give the edge sharpness
     * @param vertexSharpness corner tags by vertex index
     * @param options options
     * @return the base level in double precision
     */
    public static Level base(TriangleMesh mesh, Map<Integer, Float> vertexSharpness, Options options) {
        return base(ReferenceLoop.fromTriangleMesh(mesh), edgeSharpness(mesh.creases()), vertexSharpness, options);
    }

    /**
     * @param level a level
     * @param levels how many steps
     * @return the level after {@code levels} steps
     */
    public static Level refine(Level level, int levels) {
        Level l = level;
        for (int i = 0; i < levels; i++) {
            l = step(l).child();
        }
        return l;
    }

    /**
     * Loop's original weight.
     *
     * @param n valence
     * @return {@code (5/8 - (3/8 + 1/4 cos(2 pi / n))^2) / n}, exactly {@code 1/16} for 6
     */
    public static double beta(int n) {
        if (n == 6) {
            return 1.0 / 16.0;
        }
        double c = 3.0 / 8.0 + 0.25 * Math.cos(2 * Math.PI / n);
        return (5.0 / 8.0 - c * c) / n;
    }

    /**
     * Counter-clockwise rings of a mesh, ordered as in {@link Step#rings()}.
     *
     * @param rings neighbours of each vertex (boundary: {@code q_0..q_n} from the leading boundary
     *     edge; interior: from the edge {@code p -> next} of the lowest-numbered face)
     * @param boundary whether each vertex is on the boundary
     */
    public record Rings(int[][] rings, boolean[] boundary) {
    }

    /**
     * @param mesh a manifold, consistently oriented triangle mesh
     * @return its counter-clockwise rings
     */
    public static Rings rings(RefMesh mesh) {
        Topology top = new Topology(mesh);
        return new Rings(top.rings, top.boundary);
    }

    // ---------------------------------------------------------------- topology

    /** Edges, faces and counter-clockwise rings of one level. */
    private static final class Topology {
        final int vertexCount;
        final int[] tri;
        final Map<Long, Integer> edgeIndex = new HashMap<>();
        final List<int[]> edges = new ArrayList<>(); // a, b, opposite0, opposite1, faces
        final int[] faceEdges;
        final int[][] rings;
        final int[][] ringEdges;
        final boolean[] boundary;

        Topology(RefMesh m) {
            vertexCount = m.vertexCount();
            tri = m.triangles();
            int triangles = m.triangleCount();
            faceEdges = new int[3 * triangles];
            @SuppressWarnings("unchecked")
            Map<Integer, Integer>[] succ = new Map[vertexCount];
            int[] firstNext = new int[vertexCount];
            Arrays.fill(firstNext, -1);
            for (int v = 0; v < vertexCount; v++) {
                succ[v] = new HashMap<>();
            }
            for (int t = 0; t < triangles; t++) {
                for (int c = 0; c < 3; c++) {
                    int a = tri[3 * t + c];
                    int b = tri[3 * t + (c + 1) % 3];
                    int o = tri[3 * t + (c + 2) % 3];
                    Integer e = edgeIndex.get(key(a, b));
                    if (e == null) {
                        e = edges.size();
                        edgeIndex.put(key(a, b), e);
                        edges.add(new int[] {a, b, o, -1, 1});
                    } else {
                        int[] ed = edges.get(e);
                        if (ed[4] >= 2) {
                            throw new IllegalArgumentException("edge " + a + "-" + b + " in more than two faces");
                        }
                        ed[3] = o;
                        ed[4]++;
                    }
                    faceEdges[3 * t + c] = e;
                    if (succ[a].put(b, o) != null) {
                        throw new IllegalArgumentException("directed edge " + a + "->" + b + " twice");
                    }
                    if (firstNext[a] < 0) {
                        firstNext[a] = b;
                    }
                }
            }
            rings = new int[vertexCount][];
            ringEdges = new int[vertexCount][];
            boundary = new boolean[vertexCount];
            for (int v = 0; v < vertexCount; v++) {
                Map<Integer, Integer> s = succ[v];
                if (s.isEmpty()) {
                    throw new IllegalArgumentException("vertex " + v + " is in no face");
                }
                Set<Integer> targets = new HashSet<>(s.values());
                int start = -1;
                int starts = 0;
                for (int b : s.keySet()) {
                    if (!targets.contains(b)) {
                        start = b;
                        starts++;
                    }
                }
                if (starts > 1) {
                    throw new IllegalArgumentException("vertex " + v + " is non-manifold");
                }
                boundary[v] = starts == 1;
                int count = boundary[v] ? s.size() + 1 : s.size();
                int[] ring = new int[count];
                int cur = boundary[v] ? start : firstNext[v];
                for (int i = 0; i < count; i++) {
                    if (i > 0 && (cur < 0 || cur == ring[0])) {
                        throw new IllegalArgumentException("vertex " + v + " is non-manifold");
                    }
                    ring[i] = cur;
                    Integer next = s.get(cur);
                    cur = next == null ? -1 : next;
                }
                if (boundary[v] ? cur != -1 : cur != ring[0]) {
                    throw new IllegalArgumentException("vertex " + v + " is non-manifold");
                }
                rings[v] = ring;
                ringEdges[v] = new int[count];
                for (int i = 0; i < count; i++) {
                    ringEdges[v][i] = edgeIndex.get(key(v, ring[i]));
                }
            }
        }

        float sharpness(Level level, int e) {
            int[] ed = edges.get(e);
            return ed[4] == 1 ? INFINITE : level.edgeSharpness(ed[0], ed[1]);
        }
    }

    private static float decay(float s) {
        if (s >= INFINITE) {
            return INFINITE;
        }
        return s > 1f ? s - 1f : 0f;
    }

    private static Rule rule(float vertexSharpness, int sharpEdges) {
        if (vertexSharpness > 0) {
            return Rule.CORNER;
        }
        switch (sharpEdges) {
            case 0:
                return Rule.SMOOTH;
            case 1:
                return Rule.DART;
            case 2:
                return Rule.CREASE;
            default:
                return Rule.CORNER;
        }
    }

    // ---------------------------------------------------------------- refinement

    /**
     * One refinement step.
     *
     * @param level the level to refine
     * @return the child level and the masks used
     */
    public static Step step(Level level) {
        RefMesh m = level.mesh();
        Topology top = new Topology(m);
        int vertexCount = top.vertexCount;
        int edgeCount = top.edges.size();
        double[] p = m.positions();
        float[] s = new float[edgeCount];
        for (int e = 0; e < edgeCount; e++) {
            s[e] = top.sharpness(level, e);
        }
        // child sharpness of each edge half: [2e] at end a, [2e + 1] at end b
        float[] half = new float[2 * edgeCount];
        for (int e = 0; e < edgeCount; e++) {
            int[] ed = top.edges.get(e);
            for (int end = 0; end < 2; end++) {
                half[2 * e + end] = level.options().creasing() == Creasing.CHAIKIN
                        ? chaikin(top, s, e, ed[end])
                        : decay(s[e]);
            }
        }
        float[] vs = level.vertexSharpness();
        float[] vsChild = new float[vertexCount + edgeCount];
        Rule[] parentRule = new Rule[vertexCount];
        Rule[] childRule = new Rule[vertexCount];
        double[] transition = new double[vertexCount];
        int[][] stencilIndices = new int[vertexCount + edgeCount][];
        double[][] stencilWeights = new double[vertexCount + edgeCount][];
        for (int v = 0; v < vertexCount; v++) {
            vsChild[v] = decay(vs[v]);
            int[] ring = top.rings[v];
            int[] re = top.ringEdges[v];
            List<Integer> parentSharp = new ArrayList<>();
            List<Integer> childSharp = new ArrayList<>();
            double decayedSum = 0;
            int decayedCount = 0;
            if (vs[v] > 0 && vsChild[v] <= 0) {
                decayedSum += vs[v];
                decayedCount++;
            }
            for (int i = 0; i < ring.length; i++) {
                int e = re[i];
                float childHalf = half[2 * e + (top.edges.get(e)[0] == v ? 0 : 1)];
                if (s[e] > 0) {
                    parentSharp.add(ring[i]);
                    if (childHalf <= 0) {
                        decayedSum += s[e];
                        decayedCount++;
                    }
                }
                if (childHalf > 0) {
                    childSharp.add(ring[i]);
                }
            }
            parentRule[v] = rule(vs[v], parentSharp.size());
            childRule[v] = rule(vsChild[v], childSharp.size());
            Map<Integer, Double> mask = new LinkedHashMap<>();
            transition[v] = Double.NaN;
            if (parentRule[v] == childRule[v]
                    || !(parentRule[v] == Rule.CREASE || parentRule[v] == Rule.CORNER)) {
                vertexMask(mask, parentRule[v], v, ring, top.boundary[v], parentSharp, 1.0);
            } else {
                double w = decayedCount == 0 ? 0 : Math.min(1.0, decayedSum / decayedCount);
                transition[v] = w;
                vertexMask(mask, parentRule[v], v, ring, top.boundary[v], parentSharp, w);
                vertexMask(mask, childRule[v], v, ring, top.boundary[v], childSharp, 1 - w);
            }
            store(mask, stencilIndices, stencilWeights, v);
        }
        Map<Long, Integer> edgeVertex = new HashMap<>();
        for (int e = 0; e < edgeCount; e++) {
            int[] ed = top.edges.get(e);
            edgeVertex.put(key(ed[0], ed[1]), vertexCount + e);
            Map<Integer, Double> mask = new LinkedHashMap<>();
            if (s[e] > 0 && half[2 * e] > 0 && half[2 * e + 1] > 0) {
                add(mask, ed[0], 0.5);
                add(mask, ed[1], 0.5);
            } else {
                double w = s[e] > 0 ? s[e] : 0; // transition weight, not clamped
                add(mask, ed[0], w / 2 + (1 - w) * 3.0 / 8.0);
                add(mask, ed[1], w / 2 + (1 - w) * 3.0 / 8.0);
                if (ed[4] != 2) {
                    throw new IllegalStateException("boundary edge without sharpness");
                }
                add(mask, ed[2], (1 - w) / 8.0);
                add(mask, ed[3], (1 - w) / 8.0);
            }
            store(mask, stencilIndices, stencilWeights, vertexCount + e);
        }
        double[] out = new double[3 * (vertexCount + edgeCount)];
        for (int c = 0; c < out.length / 3; c++) {
            int[] idx = stencilIndices[c];
            double[] wts = stencilWeights[c];
            for (int x = 0; x < 3; x++) {
                double sum = 0;
                for (int i = 0; i < idx.length; i++) {
                    sum += wts[i] * p[3 * idx[i] + x];
                }
                out[3 * c + x] = sum;
            }
        }
        int triangles = m.triangleCount();
        int[] tri = top.tri;
        int[] children = new int[12 * triangles];
        for (int t = 0; t < triangles; t++) {
            int a = tri[3 * t];
            int b = tri[3 * t + 1];
            int c = tri[3 * t + 2];
            int ab = vertexCount + top.faceEdges[3 * t];
            int bc = vertexCount + top.faceEdges[3 * t + 1];
            int ca = vertexCount + top.faceEdges[3 * t + 2];
            int[] four = {a, ab, ca, ab, b, bc, ca, bc, c, ab, bc, ca};
            System.arraycopy(four, 0, children, 12 * t, 12);
        }
        Map<Long, Float> childSharpness = new HashMap<>();
        for (int e = 0; e < edgeCount; e++) {
            int[] ed = top.edges.get(e);
            if (half[2 * e] > 0) {
                childSharpness.put(key(ed[0], vertexCount + e), half[2 * e]);
            }
            if (half[2 * e + 1] > 0) {
                childSharpness.put(key(vertexCount + e, ed[1]), half[2 * e + 1]);
            }
        }
        Level child = new Level(new RefMesh(out, children), childSharpness, vsChild, level.options());
        return new Step(level, child, parentRule, childRule, transition, top.rings, top.boundary, edgeVertex,
                stencilIndices, stencilWeights);
    }

    /** Chaikin's decay of edge {@code e}'s half at end {@code v}. */
    private static float chaikin(Topology top, float[] s, int e, int v) {
        float se = s[e];
        if (se >= INFINITE) {
            return INFINITE;
        }
        if (se <= 0) {
            return 0f;
        }
        float sum = 0f;
        int count = 0;
        for (int other : top.ringEdges[v]) {
            if (other != e && s[other] > 0 && s[other] < INFINITE) {
                sum += s[other];
                count++;
            }
        }
        float child = count == 0 ? se - 1f : 0.75f * se + 0.25f * (sum / count) - 1f;
        return child > 0 ? child : 0f;
    }

    private static void vertexMask(Map<Integer, Double> mask, Rule rule, int v, int[] ring, boolean boundary,
            List<Integer> sharp, double scale) {
        switch (rule) {
            case SMOOTH, DART -> {
                if (boundary) {
                    throw new IllegalStateException("smooth rule at boundary vertex " + v);
                }
                int n = ring.length;
                double beta = beta(n);
                add(mask, v, scale * (n == 6 ? 0.625 : 1 - n * beta));
                for (int q : ring) {
                    add(mask, q, scale * beta);
                }
            }
            case CREASE -> {
                add(mask, v, scale * 0.75);
                add(mask, sharp.get(0), scale * 0.125);
                add(mask, sharp.get(1), scale * 0.125);
            }
            case CORNER -> add(mask, v, scale);
            default -> throw new IllegalStateException();
        }
    }

    private static void add(Map<Integer, Double> mask, int v, double w) {
        mask.merge(v, w, Double::sum);
    }

    private static void store(Map<Integer, Double> mask, int[][] indices, double[][] weights, int c) {
        indices[c] = new int[mask.size()];
        weights[c] = new double[mask.size()];
        int i = 0;
        for (Map.Entry<Integer, Double> e : mask.entrySet()) {
            indices[c][i] = e.getKey();
            weights[c][i] = e.getValue();
            i++;
        }
    }

    // ---------------------------------------------------------------- limit

    /**
     * Limit positions, tangents and normals with the rules of {@code level} (class comment).
     *
     * @param level the level to take the limit at
     * @return per vertex limit data
     */
    public static Limit limit(Level level) {
        RefMesh m = level.mesh();
        Topology top = new Topology(m);
        int vertexCount = top.vertexCount;
        double[] p = m.positions();
        double[] pos = new double[3 * vertexCount];
        double[] du = new double[3 * vertexCount];
        double[] dv = new double[3 * vertexCount];
        double[] nrm = new double[3 * vertexCount];
        Rule[] rules = new Rule[vertexCount];
        double s3 = Math.sqrt(3);
        for (int v = 0; v < vertexCount; v++) {
            int[] ring = top.rings[v];
            int[] re = top.ringEdges[v];
            List<Integer> sharp = new ArrayList<>();
            for (int i = 0; i < ring.length; i++) {
                if (top.sharpness(level, re[i]) > 0) {
                    sharp.add(i);
                }
            }
            Rule r = rule(level.vertexSharpness()[v], sharp.size());
            rules[v] = r;
            int n = ring.length;
            for (int x = 0; x < 3; x++) {
                double pv = p[3 * v + x];
                double position;
                double u;
                double w;
                if (r == Rule.SMOOTH || r == Rule.DART) {
                    double eps = n == 6 ? 1.0 / 12.0 : 1.0 / (n + 3.0 / (8.0 * beta(n)));
                    double sum = 0;
                    u = 0;
                    w = 0;
                    double h = Math.sqrt(3) / 2;
                    double[] cu = {1, 0.5, -0.5, -1, -0.5, 0.5};
                    double[] cv = {0, h, h, 0, -h, -h};
                    for (int i = 0; i < n; i++) {
                        double q = p[3 * ring[i] + x];
                        sum += q;
                        u += (n == 6 ? cu[i] : Math.cos(2 * Math.PI * i / n)) * q;
                        w += (n == 6 ? cv[i] : Math.sin(2 * Math.PI * i / n)) * q;
                    }
                    position = (n == 6 ? 0.5 : 1 - n * eps) * pv + eps * sum;
                } else if (r == Rule.CREASE) {
                    int e0 = sharp.get(0);
                    int e1 = sharp.get(1);
                    int k = e1 - e0 - 1;
                    double a = p[3 * ring[e0] + x];
                    double b = p[3 * ring[e1] + x];
                    position = 2.0 / 3.0 * pv + 1.0 / 6.0 * (a + b);
                    u = 1.5 * (a - b);
                    if (k == 0) {
                        w = 3 * a + 3 * b - 6 * pv;
                    } else if (k == 1) {
                        w = 3 * p[3 * ring[e0 + 1] + x] - 3 * pv;
                    } else if (k == 2) {
                        w = -s3 * pv - s3 / 2 * (a + b) + s3 * (p[3 * ring[e0 + 1] + x] + p[3 * ring[e0 + 2] + x]);
                    } else {
                        double theta = Math.PI / (k + 1);
                        w = -3 * Math.sin(theta) * (a + b);
                        for (int i = 1; i <= k; i++) {
                            w += 6 * (1 - Math.cos(theta)) * Math.sin(i * theta) * p[3 * ring[e0 + i] + x];
                        }
                    }
                } else {
                    position = pv;
                    u = 3 * (p[3 * ring[0] + x] - pv);
                    w = 3 * (p[3 * ring[1] + x] - pv);
                }
                pos[3 * v + x] = position;
                du[3 * v + x] = u;
                dv[3 * v + x] = w;
            }
            int o = 3 * v;
            double cx = du[o + 1] * dv[o + 2] - du[o + 2] * dv[o + 1];
            double cy = du[o + 2] * dv[o] - du[o] * dv[o + 2];
            double cz = du[o] * dv[o + 1] - du[o + 1] * dv[o];
            double len = Math.sqrt(cx * cx + cy * cy + cz * cz);
            if (len > 0) {
                nrm[o] = cx / len;
                nrm[o + 1] = cy / len;
                nrm[o + 2] = cz / len;
            }
        }
        return new Limit(level, pos, nrm, du, dv, rules);
    }
}
