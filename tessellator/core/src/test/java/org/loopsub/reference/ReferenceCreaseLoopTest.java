package org.loopsub.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.reference.ReferenceCreaseLoop.Boundary;
import org.loopsub.reference.ReferenceCreaseLoop.Creasing;
import org.loopsub.reference.ReferenceCreaseLoop.Level;
import org.loopsub.reference.ReferenceCreaseLoop.Limit;
import org.loopsub.reference.ReferenceCreaseLoop.Options;
import org.loopsub.reference.ReferenceCreaseLoop.Rule;
import org.loopsub.reference.ReferenceCreaseLoop.Step;
import org.loopsub.reference.ReferenceLoop.RefMesh;
import org.loopsub.testing.SyntheticMeshes;

/**
 * Checks {@link ReferenceCreaseLoop} against plain Loop ({@link ReferenceLoop}), against a separate
 * cubic B-spline curve refinement, and against masks written out by hand from OpenSubdiv 3.5's rules (docs/design.md §3).
 */
class ReferenceCreaseLoopTest {
    private static final Options EDGE_ONLY = Options.DEFAULT;
    private static final Options CHAIKIN = new Options(Boundary.EDGE_ONLY, Creasing.CHAIKIN);
    private static final Options EDGE_AND_CORNER = new Options(Boundary.EDGE_AND_CORNER, Creasing.UNIFORM);

    static Stream<Arguments> meshes() {
        return Stream.of(
                Arguments.of("tetrahedron", SyntheticMeshes.tetrahedron(), 3),
                Arguments.of("octahedron", SyntheticMeshes.octahedron(), 3),
                Arguments.of("cone 24", SyntheticMeshes.highValenceCone(24), 3),
                Arguments.of("open grid", SyntheticMeshes.openGrid(5), 3),
                Arguments.of("disk with holes", SyntheticMeshes.diskWithHoles(), 2),
                Arguments.of("annulus", SyntheticMeshes.annulus(12), 3),
                Arguments.of("icosahedron.obj", TestMeshes.load("icosahedron.obj"), 3),
                Arguments.of("mesh_with_border.obj", TestMeshes.load("mesh_with_border.obj"), 2));
    }

    private static RefMesh ref(TriangleMesh m) {
        return ReferenceLoop.fromTriangleMesh(m);
    }

    private static Level untagged(RefMesh m, Options o) {
        return ReferenceCreaseLoop.base(m, Map.of(), Map.of(), o);
    }

    private static double scale(double[] p) {
        double max = 0;
        for (double x : p) {
            max = Math.max(max, Math.abs(x));
        }
        return Math.max(max, 1e-300);
    }

    private static double maxDiff(double[] a, double[] b) {
        assertEquals(a.length, b.length);
        double worst = 0;
        for (int i = 0; i < a.length; i++) {
            worst = Math.max(worst, Math.abs(a[i] - b[i]));
        }
        return worst;
    }

    private static double[] point(double[] p, int v) {
        return new double[] {p[3 * v], p[3 * v + 1], p[3 * v + 2]};
    }

    private static void assertPoint(double[] expected, double[] p, int v, double tol, String what) {
        for (int x = 0; x < 3; x++) {
            assertEquals(expected[x], p[3 * v + x], tol, what + " axis " + x);
        }
    }

    /** sum of w_i * p[v_i]. */
    private static double[] combo(double[] p, int[] v, double[] w) {
        double[] r = new double[3];
        for (int i = 0; i < v.length; i++) {
            for (int x = 0; x < 3; x++) {
                r[x] += w[i] * p[3 * v[i] + x];
            }
        }
        return r;
    }

    /** Neighbours of a vertex from the triangles alone. */
    private static List<Integer> neighbours(RefMesh m, int v) {
        List<Integer> out = new ArrayList<>();
        int[] t = m.triangles();
        for (int i = 0; i < t.length; i++) {
            if (t[i] == v) {
                int b = t[i % 3 == 2 ? i - 2 : i + 1];
                if (!out.contains(b)) {
                    out.add(b);
                }
                int c = t[i % 3 == 0 ? i + 2 : i - 1];
                if (!out.contains(c)) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    /** The two vertices opposite edge (a, b), from the triangles alone. */
    private static int[] opposite(RefMesh m, int a, int b) {
        int[] t = m.triangles();
        int[] out = {-1, -1};
        int found = 0;
        for (int f = 0; f < m.triangleCount(); f++) {
            int hits = 0;
            int other = -1;
            for (int c = 0; c < 3; c++) {
                int v = t[3 * f + c];
                if (v == a || v == b) {
                    hits++;
                } else {
                    other = v;
                }
            }
            if (hits == 2) {
                out[found++] = other;
            }
        }
        return out;
    }

    /** Plain Loop's smooth vertex mask at an interior vertex, written out. */
    private static double[] smooth(RefMesh m, int v) {
        List<Integer> q = neighbours(m, v);
        int n = q.size();
        double c = 3.0 / 8.0 + 0.25 * Math.cos(2 * Math.PI / n);
        double beta = (5.0 / 8.0 - c * c) / n;
        double[] r = new double[3];
        for (int x = 0; x < 3; x++) {
            double sum = 0;
            for (int u : q) {
                sum += m.positions()[3 * u + x];
            }
            r[x] = (1 - n * beta) * m.positions()[3 * v + x] + beta * sum;
        }
        return r;
    }

    private static final int TORUS_N = 8;
    private static final int TORUS_M = 6;

    private static RefMesh torus() {
        return ref(SyntheticMeshes.torus(TORUS_N, TORUS_M, 7));
    }

    /** A closed loop of torus edges (i, 0) - (i + 1, 0) around the tube's centre line. */
    private static int[] torusLoop() {
        int[] loop = new int[TORUS_N];
        for (int i = 0; i < TORUS_N; i++) {
            loop[i] = i * TORUS_M;
        }
        return loop;
    }

    private static Map<Long, Float> tagLoop(int[] loop, float s) {
        Map<Long, Float> map = new HashMap<>();
        for (int i = 0; i < loop.length; i++) {
            map.put(ReferenceCreaseLoop.key(loop[i], loop[(i + 1) % loop.length]), s);
        }
        return map;
    }

    // ------------------------------------------------------------------ no tags

    @ParameterizedTest(name = "{0}")
    @MethodSource("meshes")
    void withoutTagsItIsPlainLoop(String name, TriangleMesh mesh, int levels) {
        RefMesh base = ref(mesh);
        double scale = scale(base.positions());
        for (Options o : List.of(EDGE_ONLY, CHAIKIN)) {
            Level level = untagged(base, o);
            RefMesh plain = base;
            for (int l = 1; l <= levels; l++) {
                level = ReferenceCreaseLoop.step(level).child();
                plain = ReferenceLoop.subdivide(plain, 1, false);
                assertArrayEquals(plain.triangles(), level.mesh().triangles(), name + ": numbering at level " + l);
                double d = maxDiff(plain.positions(), level.mesh().positions());
                assertTrue(d <= 1e-12 * scale, name + " " + o + ": level " + l + " differs by " + d);
            }
        }
        // the limit is ReferenceLimit's (same formulas, written separately)
        Level one = ReferenceCreaseLoop.refine(untagged(base, EDGE_ONLY), 1);
        Limit limit = ReferenceCreaseLoop.limit(one);
        ReferenceLimit.Result other = ReferenceLimit.limit(one.mesh());
        assertTrue(maxDiff(other.positions(), limit.positions()) <= 1e-12 * scale, name + ": limit positions");
        assertTrue(maxDiff(other.normals(), limit.normals()) <= 1e-9, name + ": limit normals");
    }

    @Test
    void edgeAndCornerFixesEarsOnly() {
        RefMesh base = ref(TestMeshes.load("mesh_with_border.obj"));
        Level level = untagged(base, EDGE_AND_CORNER);
        List<Integer> ears = new ArrayList<>();
        for (int v = 0; v < base.vertexCount(); v++) {
            if (level.vertexSharpness()[v] > 0) {
                ears.add(v);
                assertEquals(2, neighbours(base, v).size(), "tagged vertex " + v + " is an ear");
            }
        }
        assertEquals(2, ears.size(), "mesh_with_border has two ears (README)");
        RefMesh plain = ReferenceLoop.subdivide(base, 1, false);
        Level one = ReferenceCreaseLoop.step(level).child();
        for (int v = 0; v < plain.vertexCount(); v++) {
            if (ears.contains(v)) {
                assertPoint(point(base.positions(), v), one.mesh().positions(), v, 0, "ear " + v);
                assertTrue(Math.abs(plain.positions()[3 * v] - base.positions()[3 * v])
                        + Math.abs(plain.positions()[3 * v + 1] - base.positions()[3 * v + 1]) > 1e-6, "plain Loop moves ears");
            } else {
                assertPoint(point(plain.positions(), v), one.mesh().positions(), v, 1e-12, "vertex " + v);
            }
        }
        Level two = ReferenceCreaseLoop.refine(level, 2);
        for (int v : ears) {
            assertPoint(point(base.positions(), v), two.mesh().positions(), v, 0, "ear " + v + " at level 2");
            assertPoint(point(base.positions(), v), ReferenceCreaseLoop.limit(two).positions(), v, 0, "ear limit");
        }
    }

    // ------------------------------------------------------------------ sharp curves

    /** One step of the closed uniform cubic B-spline: vertex 3/4 p + 1/8 (prev + next), edge 1/2 (a + b). */
    private static List<double[]> curveStep(List<double[]> poly) {
        List<double[]> out = new ArrayList<>();
        int n = poly.size();
        for (int i = 0; i < n; i++) {
            double[] prev = poly.get((i + n - 1) % n);
            double[] p = poly.get(i);
            double[] next = poly.get((i + 1) % n);
            double[] v = new double[3];
            double[] e = new double[3];
            for (int x = 0; x < 3; x++) {
                v[x] = 0.75 * p[x] + 0.125 * (prev[x] + next[x]);
                e[x] = 0.5 * (p[x] + next[x]);
            }
            out.add(v);
            out.add(e);
        }
        return out;
    }

    static Stream<Arguments> sharpLoops() {
        return Stream.of(
                Arguments.of("octahedron equator", ref(SyntheticMeshes.octahedron()), new int[] {0, 2, 1, 3}),
                Arguments.of("torus loop", torus(), torusLoop()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sharpLoops")
    void infinitelySharpLoopFollowsTheCubicBSplineCurve(String name, RefMesh base, int[] loop) {
        for (Options o : List.of(EDGE_ONLY, CHAIKIN)) {
            Level level = ReferenceCreaseLoop.base(base, tagLoop(loop, ReferenceCreaseLoop.INFINITE), Map.of(), o);
            List<double[]> curve = new ArrayList<>();
            for (int v : loop) {
                curve.add(point(base.positions(), v));
            }
            int[] chain = loop;
            double scale = scale(base.positions());
            for (int l = 1; l <= 3; l++) {
                Step step = ReferenceCreaseLoop.step(level);
                for (int v : chain) {
                    assertEquals(Rule.CREASE, step.parentRule()[v], name + ": chain vertex " + v);
                }
                int[] next = new int[2 * chain.length];
                for (int i = 0; i < chain.length; i++) {
                    next[2 * i] = chain[i];
                    next[2 * i + 1] = step.edgeVertex().get(ReferenceCreaseLoop.key(chain[i], chain[(i + 1) % chain.length]));
                }
                chain = next;
                curve = curveStep(curve);
                level = step.child();
                for (int i = 0; i < chain.length; i++) {
                    assertPoint(curve.get(i), level.mesh().positions(), chain[i], 1e-12 * scale,
                            name + " " + o + ": level " + l + " chain point " + i);
                    assertEquals(ReferenceCreaseLoop.INFINITE,
                            level.edgeSharpness(chain[i], chain[(i + 1) % chain.length]), "halves stay infinite");
                }
            }
            // limit: the cubic B-spline's limit point 2/3 p + 1/6 (prev + next), and it stays put
            Limit limit = ReferenceCreaseLoop.limit(level);
            Limit finer = ReferenceCreaseLoop.limit(ReferenceCreaseLoop.step(level).child());
            for (int i = 0; i < chain.length; i++) {
                double[] prev = curve.get((i + chain.length - 1) % chain.length);
                double[] next = curve.get((i + 1) % chain.length);
                double[] expected = new double[3];
                for (int x = 0; x < 3; x++) {
                    expected[x] = 2.0 / 3.0 * curve.get(i)[x] + (prev[x] + next[x]) / 6;
                }
                assertEquals(Rule.CREASE, limit.rules()[chain[i]]);
                assertPoint(expected, limit.positions(), chain[i], 1e-12 * scale, name + ": limit of chain point " + i);
                assertPoint(expected, finer.positions(), chain[i], 1e-12 * scale, name + ": finer limit " + i);
            }
        }
    }

    // ------------------------------------------------------------------ semi-sharp decay

    @Test
    void integerSharpnessIsAFullCreaseForThatManyLevelsThenSmooth() {
        RefMesh base = torus();
        double scale = scale(base.positions());
        Level sharp = ReferenceCreaseLoop.base(base, tagLoop(torusLoop(), 10f), Map.of(), EDGE_ONLY);
        for (int k = 1; k <= 2; k++) {
            Level semi = ReferenceCreaseLoop.base(base, tagLoop(torusLoop(), k), Map.of(), EDGE_ONLY);
            Level semiK = ReferenceCreaseLoop.refine(semi, k);
            Level sharpK = ReferenceCreaseLoop.refine(sharp, k);
            assertTrue(maxDiff(sharpK.mesh().positions(), semiK.mesh().positions()) <= 1e-12 * scale,
                    "s = " + k + " is sharp for " + k + " levels");
            assertTrue(semiK.edgeSharpness().isEmpty(), "all decayed after " + k + " levels");
            Level next = ReferenceCreaseLoop.step(semiK).child();
            RefMesh plain = ReferenceLoop.subdivide(semiK.mesh(), 1, false);
            assertTrue(maxDiff(plain.positions(), next.mesh().positions()) <= 1e-12 * scale,
                    "s = " + k + " is smooth at level " + (k + 1));
            double crease = maxDiff(ReferenceCreaseLoop.step(sharpK).child().mesh().positions(),
                    next.mesh().positions());
            assertTrue(crease > 1e-3 * scale, "the crease matters: " + crease);
        }
    }

    @Test
    void fractionalEdgeBlendsAndItsDartEndsUseSmoothMasks() {
        RefMesh base = ref(SyntheticMeshes.openGrid(4));
        // an interior edge: two interior vertices that are neighbours
        int a = -1;
        int b = -1;
        Level probe = untagged(base, EDGE_ONLY);
        Step ps = ReferenceCreaseLoop.step(probe);
        for (int v = 0; v < base.vertexCount() && a < 0; v++) {
            if (!ps.boundary()[v]) {
                for (int q : ps.rings()[v]) {
                    if (!ps.boundary()[q]) {
                        a = v;
                        b = q;
                        break;
                    }
                }
            }
        }
        assertTrue(a >= 0);
        Map<Long, Float> tags = Map.of(ReferenceCreaseLoop.key(a, b), 0.5f);
        Step step = ReferenceCreaseLoop.step(ReferenceCreaseLoop.base(base, tags, Map.of(), EDGE_ONLY));
        assertEquals(Rule.DART, step.parentRule()[a]);
        assertEquals(Rule.SMOOTH, step.childRule()[a]);
        int[] cd = opposite(base, a, b);
        // w = 0.5: (1/4 + 1/2 * 3/8)(a + b) + 1/16 (c + d)
        double[] expected = combo(base.positions(), new int[] {a, b, cd[0], cd[1]},
                new double[] {0.4375, 0.4375, 0.0625, 0.0625});
        int e = step.edgeVertex().get(ReferenceCreaseLoop.key(a, b));
        double[] out = step.child().mesh().positions();
        assertPoint(expected, out, e, 1e-14, "edge point of the s = 0.5 edge");
        RefMesh plain = ReferenceLoop.subdivide(base, 1, false);
        for (int v = 0; v < plain.vertexCount(); v++) {
            if (v != e) {
                assertPoint(point(plain.positions(), v), out, v, 1e-14, "untouched vertex " + v);
            }
        }
        // the blend is not the plain edge point
        assertTrue(Math.abs(plain.positions()[3 * e] - out[3 * e]) + Math.abs(plain.positions()[3 * e + 2] - out[3 * e + 2]) > 1e-4);
    }

    @Test
    void sharpnessOneAndAHalfIsACreaseThenBlendsWithAHalf() {
        RefMesh base = torus();
        double scale = scale(base.positions());
        int[] loop = torusLoop();
        Level semi = ReferenceCreaseLoop.base(base, tagLoop(loop, 1.5f), Map.of(), EDGE_ONLY);
        Level sharp = ReferenceCreaseLoop.base(base, tagLoop(loop, 10f), Map.of(), EDGE_ONLY);
        Step first = ReferenceCreaseLoop.step(semi);
        assertTrue(maxDiff(ReferenceCreaseLoop.step(sharp).child().mesh().positions(),
                first.child().mesh().positions()) <= 1e-12 * scale, "level 1 is a full crease");
        Level one = first.child();
        RefMesh m1 = one.mesh();
        double[] p1 = m1.positions();
        Step second = ReferenceCreaseLoop.step(one);
        double[] p2 = second.child().mesh().positions();
        int checkedEdges = 0;
        int checkedVertices = 0;
        for (int i = 0; i < loop.length; i++) {
            int v = loop[i];
            int mid = first.edgeVertex().get(ReferenceCreaseLoop.key(v, loop[(i + 1) % loop.length]));
            assertEquals(0.5f, one.edgeSharpness(v, mid), "halves decay to 0.5");
            for (int end : new int[] {v, mid}) {
                // chain vertex: crease with two 0.5 edges -> smooth; w = 0.5
                List<Integer> sharpNbrs = new ArrayList<>();
                for (int q : neighbours(m1, end)) {
                    if (one.edgeSharpness(end, q) > 0) {
                        sharpNbrs.add(q);
                    }
                }
                assertEquals(2, sharpNbrs.size());
                double[] crease = combo(p1, new int[] {end, sharpNbrs.get(0), sharpNbrs.get(1)},
                        new double[] {0.75, 0.125, 0.125});
                double[] smooth = smooth(m1, end);
                double[] expected = new double[3];
                for (int x = 0; x < 3; x++) {
                    expected[x] = 0.5 * crease[x] + 0.5 * smooth[x];
                }
                assertEquals(0.5, second.transitionWeight()[end], 0);
                assertPoint(expected, p2, end, 1e-12 * scale, "transition vertex " + end);
                checkedVertices++;
                int other = end == v ? loop[(i + 1) % loop.length] : mid;
                int half = end == v ? mid : loop[(i + 1) % loop.length];
                int[] cd = opposite(m1, end, half);
                double[] edge = combo(p1, new int[] {end, half, cd[0], cd[1]},
                        new double[] {0.4375, 0.4375, 0.0625, 0.0625});
                assertPoint(edge, p2, second.edgeVertex().get(ReferenceCreaseLoop.key(end, half)), 1e-12 * scale,
                        "transition edge " + end + "-" + half + " (" + other + ")");
                checkedEdges++;
            }
        }
        assertEquals(2 * loop.length, checkedVertices);
        assertEquals(2 * loop.length, checkedEdges);
        assertTrue(second.child().edgeSharpness().isEmpty());
    }

    @Test
    void creaseVertexTransitionWeightIsTheAverageOfTheDecayingSharpness() {
        RefMesh base = torus();
        Step probe = ReferenceCreaseLoop.step(untagged(base, EDGE_ONLY));
        int v = 2 * TORUS_M + 3;
        int[] ring = probe.rings()[v];
        assertEquals(6, ring.length);
        double[] p = base.positions();
        double[] crease = combo(p, new int[] {v, ring[0], ring[3]}, new double[] {0.75, 0.125, 0.125});
        double[] smooth = smooth(base, v);
        // OpenSubdiv's example: 0.3 and 0.5 both decay to 0 -> w = 0.4 (float sharpness: to 1e-7)
        Step step = ReferenceCreaseLoop.step(ReferenceCreaseLoop.base(base,
                Map.of(ReferenceCreaseLoop.key(v, ring[0]), 0.3f, ReferenceCreaseLoop.key(v, ring[3]), 0.5f),
                Map.of(), EDGE_ONLY));
        assertEquals(Rule.CREASE, step.parentRule()[v]);
        assertEquals(Rule.SMOOTH, step.childRule()[v]);
        assertEquals(0.4, step.transitionWeight()[v], 1e-7);
        double[] expected = new double[3];
        for (int x = 0; x < 3; x++) {
            expected[x] = 0.4 * crease[x] + 0.6 * smooth[x];
        }
        assertPoint(expected, step.child().mesh().positions(), v, 1e-7, "crease 0.3/0.5");
        // 0.5 and 2: only the 0.5 edge decays -> child dart, w = 0.5
        step = ReferenceCreaseLoop.step(ReferenceCreaseLoop.base(base,
                Map.of(ReferenceCreaseLoop.key(v, ring[0]), 0.5f, ReferenceCreaseLoop.key(v, ring[3]), 2f),
                Map.of(), EDGE_ONLY));
        assertEquals(Rule.DART, step.childRule()[v]);
        assertEquals(0.5, step.transitionWeight()[v], 0);
        for (int x = 0; x < 3; x++) {
            expected[x] = 0.5 * crease[x] + 0.5 * smooth[x];
        }
        assertPoint(expected, step.child().mesh().positions(), v, 1e-14, "crease 0.5/2");
        // corner of three edges 10, 10, 0.5 -> child crease over the two infinite edges, w = 0.5
        step = ReferenceCreaseLoop.step(ReferenceCreaseLoop.base(base,
                Map.of(ReferenceCreaseLoop.key(v, ring[0]), 10f, ReferenceCreaseLoop.key(v, ring[3]), 10f,
                        ReferenceCreaseLoop.key(v, ring[1]), 0.5f),
                Map.of(), EDGE_ONLY));
        assertEquals(Rule.CORNER, step.parentRule()[v]);
        assertEquals(Rule.CREASE, step.childRule()[v]);
        for (int x = 0; x < 3; x++) {
            expected[x] = 0.5 * p[3 * v + x] + 0.5 * crease[x];
        }
        assertPoint(expected, step.child().mesh().positions(), v, 1e-14, "corner 10/10/0.5");
        // vertex sharpness 0.5 on a smooth vertex: 1/2 p + 1/2 smooth
        step = ReferenceCreaseLoop.step(ReferenceCreaseLoop.base(base, Map.of(), Map.of(v, 0.5f), EDGE_ONLY));
        for (int x = 0; x < 3; x++) {
            expected[x] = 0.5 * p[3 * v + x] + 0.5 * smooth[x];
        }
        assertPoint(expected, step.child().mesh().positions(), v, 1e-14, "vertex sharpness 0.5");
    }

    @Test
    void cornerTagKeepsTheVertexFixed() {
        RefMesh base = ref(TestMeshes.load("icosahedron.obj"));
        int v = 0;
        double[] p0 = point(base.positions(), v);
        Level level = ReferenceCreaseLoop.base(base, Map.of(), Map.of(v, 10f), EDGE_ONLY);
        for (int l = 1; l <= 3; l++) {
            level = ReferenceCreaseLoop.step(level).child();
            assertPoint(p0, level.mesh().positions(), v, 0, "infinite corner at level " + l);
        }
        assertPoint(p0, ReferenceCreaseLoop.limit(level).positions(), v, 0, "corner limit");
        // sharpness 2: fixed for two levels, moves at the third
        Level two = ReferenceCreaseLoop.base(base, Map.of(), Map.of(v, 2f), EDGE_ONLY);
        for (int l = 1; l <= 3; l++) {
            two = ReferenceCreaseLoop.step(two).child();
            double moved = Math.abs(two.mesh().positions()[0] - p0[0]) + Math.abs(two.mesh().positions()[1] - p0[1])
                    + Math.abs(two.mesh().positions()[2] - p0[2]);
            if (l <= 2) {
                assertEquals(0, moved, 0, "sharpness 2 at level " + l);
            } else {
                assertTrue(moved > 1e-3, "sharpness 2 moves at level 3");
            }
        }
    }

    // ------------------------------------------------------------------ Chaikin

    @Test
    void chaikinAveragesWithTheOtherSemiSharpEdges() {
        RefMesh base = torus();
        Step probe = ReferenceCreaseLoop.step(untagged(base, EDGE_ONLY));
        int v = 2 * TORUS_M + 3;
        int[] ring = probe.rings()[v];
        Map<Long, Float> tags = Map.of(ReferenceCreaseLoop.key(v, ring[0]), 3f, ReferenceCreaseLoop.key(v, ring[3]), 2f);
        Step step = ReferenceCreaseLoop.step(ReferenceCreaseLoop.base(base, tags, Map.of(), CHAIKIN));
        Level child = step.child();
        int e0 = step.edgeVertex().get(ReferenceCreaseLoop.key(v, ring[0]));
        int e3 = step.edgeVertex().get(ReferenceCreaseLoop.key(v, ring[3]));
        // at v: 3/4 * 3 + 1/4 * 2 - 1 = 1.75 and 3/4 * 2 + 1/4 * 3 - 1 = 1.25
        assertEquals(1.75f, child.edgeSharpness(v, e0));
        assertEquals(1.25f, child.edgeSharpness(v, e3));
        // at the far ends (no other semi-sharp edge): s - 1
        assertEquals(2f, child.edgeSharpness(e0, ring[0]));
        assertEquals(1f, child.edgeSharpness(e3, ring[3]));
        // uniform for comparison
        Level uniform = ReferenceCreaseLoop.step(ReferenceCreaseLoop.base(base, tags, Map.of(), EDGE_ONLY)).child();
        assertEquals(2f, uniform.edgeSharpness(v, e0));
        assertEquals(1f, uniform.edgeSharpness(v, e3));
    }

    // ------------------------------------------------------------------ rook

    @Test
    void rookCreasesRefineAsCreases() {
        TriangleMesh rook = TestMeshes.load("rookT.obj");
        ObjTags tags = ObjTags.load("rookT.obj");
        assertEquals(280, tags.edgeSharpness().size());
        RefMesh base = ref(rook);
        Level level = ReferenceCreaseLoop.base(base, tags.edgeSharpness(), tags.vertexSharpness(), EDGE_ONLY);
        int tagged = 0;
        for (long k : tags.edgeSharpness().keySet()) {
            if (level.edgeSharpness().getOrDefault(k, 0f) == 7.9f) {
                tagged++;
            }
        }
        assertEquals(280, tagged, "every tag is an edge of the mesh");
        double scale = scale(base.positions());
        Map<Long, Float> sharp = level.edgeSharpness();
        for (int l = 1; l <= 2; l++) {
            Step step = ReferenceCreaseLoop.step(level);
            RefMesh m = level.mesh();
            double[] out = step.child().mesh().positions();
            float expectedChild = l == 1 ? 7.9f - 1f : 7.9f - 1f - 1f;
            int creases = 0;
            int corners = 0;
            for (Map.Entry<Long, Float> e : sharp.entrySet()) {
                int a = (int) (e.getKey() >>> 32);
                int b = (int) (long) e.getKey();
                int mid = step.edgeVertex().get(e.getKey());
                double[] expected = combo(m.positions(), new int[] {a, b}, new double[] {0.5, 0.5});
                assertPoint(expected, out, mid, 1e-12 * scale, "level " + l + " sharp edge " + a + "-" + b);
                if (e.getValue() < ReferenceCreaseLoop.INFINITE) {
                    assertEquals(expectedChild, step.child().edgeSharpness(a, mid), "decayed half");
                    assertEquals(expectedChild, step.child().edgeSharpness(mid, b), "decayed half");
                }
            }
            for (int v = 0; v < m.vertexCount(); v++) {
                List<Integer> ends = new ArrayList<>();
                for (int q : neighbours(m, v)) {
                    if (sharp.containsKey(ReferenceCreaseLoop.key(v, q))) {
                        ends.add(q);
                    }
                }
                if (ends.size() == 2) {
                    double[] expected = combo(m.positions(), new int[] {v, ends.get(0), ends.get(1)},
                            new double[] {0.75, 0.125, 0.125});
                    assertPoint(expected, out, v, 1e-12 * scale, "level " + l + " crease vertex " + v);
                    assertEquals(Rule.CREASE, step.parentRule()[v]);
                    creases++;
                } else if (ends.size() >= 3) {
                    assertPoint(point(m.positions(), v), out, v, 0, "level " + l + " corner " + v);
                    corners++;
                } else {
                    assertTrue(step.parentRule()[v] == Rule.SMOOTH || step.parentRule()[v] == Rule.DART);
                }
            }
            assertTrue(creases > 100 && corners > 0, "creases " + creases + ", corners " + corners);
            level = step.child();
            sharp = level.edgeSharpness();
        }
        assertEquals(1510 * 16, level.mesh().triangleCount());
    }

    // ------------------------------------------------------------------ limit

    static Stream<Arguments> limitCases() {
        RefMesh torus = torus();
        Map<Long, Float> loop = tagLoop(torusLoop(), 10f);
        RefMesh grid = ref(SyntheticMeshes.openGrid(6));
        return Stream.of(
                Arguments.of("torus, sharp loop and a corner",
                        ReferenceCreaseLoop.base(torus, loop, Map.of(3 * TORUS_M + 3, 10f), EDGE_ONLY)),
                Arguments.of("octahedron, sharp equator",
                        ReferenceCreaseLoop.base(ref(SyntheticMeshes.octahedron()), tagLoop(new int[] {0, 2, 1, 3}, 10f),
                                Map.of(), EDGE_ONLY)),
                Arguments.of("open grid, bent sharp line", ReferenceCreaseLoop.base(grid, bentLine(grid), Map.of(), EDGE_ONLY)),
                Arguments.of("mesh_with_border, edge and corner",
                        untagged(ref(TestMeshes.load("mesh_with_border.obj")), EDGE_AND_CORNER)),
                Arguments.of("torus, s = 2.5 decayed after 3 levels",
                        ReferenceCreaseLoop.refine(ReferenceCreaseLoop.base(torus, tagLoop(torusLoop(), 2.5f), Map.of(),
                                EDGE_ONLY), 3)));
    }

    /** Grid vertex (i, j) of an open n x n grid, found by position. */
    private static int gridVertex(RefMesh m, int n, int i, int j) {
        for (int v = 0; v < m.vertexCount(); v++) {
            if (Math.round(m.positions()[3 * v] * n) == i && Math.round(m.positions()[3 * v + 1] * n) == j) {
                return v;
            }
        }
        throw new AssertionError("no grid vertex " + i + ", " + j);
    }

    /**
     * A sharp polyline across a 6 x 6 grid from boundary to boundary with turns of 45, 90 and 135
     * degrees, so that interior crease vertices see k = 0..4 edges on their sides.
     */
    private static Map<Long, Float> bentLine(RefMesh grid) {
        int[][] path = {{0, 1}, {1, 1}, {2, 1}, {3, 2}, {3, 3}, {2, 3}, {2, 4}, {3, 5}, {4, 5}, {5, 5}, {6, 6}};
        Map<Long, Float> map = new HashMap<>();
        for (int i = 0; i + 1 < path.length; i++) {
            map.put(ReferenceCreaseLoop.key(gridVertex(grid, 6, path[i][0], path[i][1]),
                    gridVertex(grid, 6, path[i + 1][0], path[i + 1][1])), 10f);
        }
        return map;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("limitCases")
    void limitPositionsDoNotChangeWithRefinement(String name, Level base) {
        double scale = scale(base.mesh().positions());
        Level level = base;
        Limit coarse = ReferenceCreaseLoop.limit(level);
        for (int l = 1; l <= 2; l++) {
            level = ReferenceCreaseLoop.step(level).child();
            Limit fine = ReferenceCreaseLoop.limit(level);
            double worst = 0;
            for (int i = 0; i < coarse.positions().length; i++) {
                worst = Math.max(worst, Math.abs(coarse.positions()[i] - fine.positions()[i]));
            }
            assertTrue(worst <= 1e-12 * scale, name + ": level " + (l - 1) + " vs " + l + " limit differs by " + worst);
            for (Rule r : fine.rules()) {
                assertTrue(r != Rule.DART, name + ": no darts (their smooth limit mask is approximate)");
            }
            coarse = fine;
        }
    }

    @Test
    void planarGridWithCreasesAndCornersHasPlusZLimitNormals() {
        RefMesh grid = ref(SyntheticMeshes.planarGrid(6, 0f, 0f));
        Level base = ReferenceCreaseLoop.base(grid, bentLine(grid), Map.of(gridVertex(grid, 6, 4, 2), 10f,
                gridVertex(grid, 6, 0, 0), 10f), EDGE_ONLY);
        int[] seen = new int[Rule.values().length];
        for (int l = 0; l <= 2; l++) {
            Level level = ReferenceCreaseLoop.refine(base, l);
            Limit limit = ReferenceCreaseLoop.limit(level);
            for (int v = 0; v < level.mesh().vertexCount(); v++) {
                seen[limit.rules()[v].ordinal()]++;
                assertEquals(0, limit.positions()[3 * v + 2], 0, "limit z");
                assertEquals(1.0, limit.normals()[3 * v + 2], 1e-15, "level " + l + " vertex " + v + " "
                        + limit.rules()[v] + " normal");
            }
        }
        for (Rule r : List.of(Rule.SMOOTH, Rule.CREASE, Rule.CORNER)) {
            assertTrue(seen[r.ordinal()] > 0, "covers " + r);
        }
    }

    @Test
    void sharpEquatorOfTheOctahedronHasOutwardNormals() {
        Level level = ReferenceCreaseLoop.base(ref(SyntheticMeshes.octahedron()), tagLoop(new int[] {0, 2, 1, 3}, 10f),
                Map.of(4, 10f), EDGE_ONLY);
        for (int l = 0; l <= 2; l++) {
            Limit limit = ReferenceCreaseLoop.limit(ReferenceCreaseLoop.refine(level, l));
            double[] p = limit.positions();
            for (int v = 0; v < p.length / 3; v++) {
                double dot = 0;
                for (int x = 0; x < 3; x++) {
                    dot += p[3 * v + x] * limit.normals()[3 * v + x];
                }
                assertTrue(dot > 0, "level " + l + " vertex " + v + " " + limit.rules()[v] + " normal points inward");
            }
        }
    }

    @Test
    void undecayedSemiSharpEdgesCountAsSharpInTheLimit() {
        RefMesh base = torus();
        int[] loop = torusLoop();
        Limit limit = ReferenceCreaseLoop.limit(ReferenceCreaseLoop.base(base, tagLoop(loop, 0.25f), Map.of(), EDGE_ONLY));
        for (int i = 0; i < loop.length; i++) {
            int v = loop[i];
            assertEquals(Rule.CREASE, limit.rules()[v]);
            double[] expected = combo(base.positions(), new int[] {v, loop[(i + 1) % loop.length],
                loop[(i + loop.length - 1) % loop.length]}, new double[] {2.0 / 3.0, 1.0 / 6.0, 1.0 / 6.0});
            assertPoint(expected, limit.positions(), v, 1e-15, "semi-sharp crease limit " + v);
        }
    }
}
