package org.loopsub.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.reference.ReferenceCreaseLoop.Boundary;
import org.loopsub.reference.ReferenceCreaseLoop.Creasing;
import org.loopsub.reference.ReferenceCreaseLoop.Level;
import org.loopsub.reference.ReferenceCreaseLoop.Options;
import org.loopsub.reference.ReferenceFaceVarying.Channel;
import org.loopsub.reference.ReferenceFaceVarying.Interpolation;
import org.loopsub.reference.ReferenceFaceVarying.Refined;
import org.loopsub.reference.ReferenceLoop.RefMesh;
import org.loopsub.testing.SyntheticMeshes;

/**
 * Checks {@link ReferenceFaceVarying}: the linear rule against barycentric interpolation, the
 * smooth rule on seamless projections against the refined positions, and seams, darts and corners
 * against values worked out by hand from OpenSubdiv 3.5's rules (docs/design.md §3).
 */
class ReferenceFaceVaryingTest {
    private static final Options EDGE_ONLY = Options.DEFAULT;
    private static final Options EDGE_AND_CORNER = new Options(Boundary.EDGE_AND_CORNER, Creasing.UNIFORM);

    private static RefMesh ref(org.loopsub.api.TriangleMesh m) {
        return ReferenceLoop.fromTriangleMesh(m);
    }

    /** One value per vertex: its (x, y). */
    private static Channel projection(RefMesh m) {
        double[] values = new double[2 * m.vertexCount()];
        for (int v = 0; v < m.vertexCount(); v++) {
            values[2 * v] = m.positions()[3 * v];
            values[2 * v + 1] = m.positions()[3 * v + 1];
        }
        return new Channel(m.triangles().clone(), values);
    }

    private static int gridVertex(RefMesh m, int n, int i, int j) {
        for (int v = 0; v < m.vertexCount(); v++) {
            if (Math.round(m.positions()[3 * v] * n) == i && Math.round(m.positions()[3 * v + 1] * n) == j) {
                return v;
            }
        }
        throw new AssertionError("no grid vertex " + i + ", " + j);
    }

    /** Distinct value indices per vertex. */
    private static Map<Integer, TreeSet<Integer>> valuesPerVertex(RefMesh m, Channel ch) {
        Map<Integer, TreeSet<Integer>> map = new HashMap<>();
        for (int i = 0; i < m.triangles().length; i++) {
            map.computeIfAbsent(m.triangles()[i], k -> new TreeSet<>()).add(ch.cornerValues()[i]);
        }
        return map;
    }

    /** The value a vertex carries in a face that holds it. */
    private static double[] valueIn(RefMesh m, Channel ch, int v, int t) {
        for (int c = 0; c < 3; c++) {
            if (m.triangles()[3 * t + c] == v) {
                int x = ch.cornerValues()[3 * t + c];
                return new double[] {ch.values()[2 * x], ch.values()[2 * x + 1]};
            }
        }
        throw new AssertionError();
    }

    private static double[] value(Channel ch, int x) {
        return new double[] {ch.values()[2 * x], ch.values()[2 * x + 1]};
    }

    private static void assertUv(double u, double v, double[] actual, double tol, String what) {
        assertEquals(u, actual[0], tol, what + " u");
        assertEquals(v, actual[1], tol, what + " v");
    }

    // ------------------------------------------------------------------ linear

    /** Corner barycentric coordinates (3 x 3) of fine triangle T of level L within its base triangle. */
    private static double[][] barycentric(int fine, int levels) {
        int[] digits = new int[levels];
        int t = fine;
        for (int l = levels - 1; l >= 0; l--) {
            digits[l] = t % 4;
            t /= 4;
        }
        double[][] c = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        for (int l = 0; l < levels; l++) {
            double[] a = c[0];
            double[] b = c[1];
            double[] cc = c[2];
            double[] ab = mid(a, b);
            double[] bc = mid(b, cc);
            double[] ca = mid(cc, a);
            c = switch (digits[l]) {
                case 0 -> new double[][] {a, ab, ca};
                case 1 -> new double[][] {ab, b, bc};
                case 2 -> new double[][] {ca, bc, cc};
                default -> new double[][] {ab, bc, ca};
            };
        }
        return c;
    }

    private static double[] mid(double[] a, double[] b) {
        return new double[] {(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2};
    }

    static Stream<Arguments> linearCases() {
        RefMesh grid = ref(SyntheticMeshes.openGrid(3));
        // every corner its own value: a fully discontinuous channel
        int[] own = new int[grid.triangles().length];
        double[] ownValues = new double[2 * own.length];
        for (int i = 0; i < own.length; i++) {
            own[i] = i;
            int v = grid.triangles()[i];
            ownValues[2 * i] = grid.positions()[3 * v] + 0.37 * (i / 3);
            ownValues[2 * i + 1] = Math.sin(i) * 2;
        }
        RefMesh torus = ref(SyntheticMeshes.torus(6, 5, 3));
        double[] wiggle = new double[2 * torus.vertexCount()];
        for (int v = 0; v < torus.vertexCount(); v++) {
            wiggle[2 * v] = Math.cos(3 * v);
            wiggle[2 * v + 1] = v * 0.01;
        }
        return Stream.of(
                Arguments.of("open grid, seamless", grid, projection(grid)),
                Arguments.of("open grid, every corner its own value", grid, new Channel(own, ownValues)),
                Arguments.of("torus, arbitrary values", torus, new Channel(torus.triangles().clone(), wiggle)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("linearCases")
    void linearRuleIsBarycentricInterpolationOfTheBaseFace(String name, RefMesh base, Channel ch) {
        int levels = 3;
        Level surface = ReferenceCreaseLoop.base(base, Map.of(), Map.of(), EDGE_ONLY);
        Refined r = ReferenceFaceVarying.refine(surface, ch, Interpolation.LINEAR, levels);
        Channel fine = r.lastChannel();
        int triangles = r.last().mesh().triangleCount();
        for (int t = 0; t < triangles; t++) {
            int t0 = t >> (2 * levels);
            double[][] bary = barycentric(t, levels);
            for (int c = 0; c < 3; c++) {
                for (int axis = 0; axis < 2; axis++) {
                    double expected = 0;
                    for (int k = 0; k < 3; k++) {
                        expected += bary[c][k] * ch.value(t0, k, axis);
                    }
                    assertEquals(expected, fine.value(t, c, axis), 1e-12, name + ": triangle " + t + " corner " + c);
                }
            }
        }
        // values are shared exactly where base values are: a continuous channel stays continuous
        Map<Integer, TreeSet<Integer>> per = valuesPerVertex(r.last().mesh(), fine);
        Map<Integer, TreeSet<Integer>> perBase = valuesPerVertex(base, ch);
        int maxBase = perBase.values().stream().mapToInt(Set::size).max().orElse(0);
        int maxFine = per.values().stream().mapToInt(Set::size).max().orElse(0);
        assertEquals(maxBase, maxFine, name + ": most values at one vertex");
        double[] limit = ReferenceFaceVarying.limit(r.last(), fine, Interpolation.LINEAR);
        assertEquals(0, maxAbsDiff(limit, fine.values()), 0, "linear limit = copy");
    }

    private static double maxAbsDiff(double[] a, double[] b) {
        double worst = 0;
        for (int i = 0; i < a.length; i++) {
            worst = Math.max(worst, Math.abs(a[i] - b[i]));
        }
        return worst;
    }

    // ------------------------------------------------------------------ smooth, seamless projection

    static Stream<Arguments> seamlessCases() {
        RefMesh torus = ref(SyntheticMeshes.torus(8, 6, 7));
        Map<Long, Float> tags = new HashMap<>();
        for (int i = 0; i < 8; i++) {
            tags.put(ReferenceCreaseLoop.key(i * 6, ((i + 1) % 8) * 6), 10f);
            tags.put(ReferenceCreaseLoop.key(i * 6 + 3, ((i + 1) % 8) * 6 + 3), 1.5f);
        }
        RefMesh grid = ref(SyntheticMeshes.openGrid(5));
        Map<Long, Float> line = new HashMap<>();
        for (int i = 0; i < 5; i++) {
            line.put(ReferenceCreaseLoop.key(gridVertex(grid, 5, i, 2), gridVertex(grid, 5, i + 1, 2)), 2.5f);
        }
        return Stream.of(
                Arguments.of("open grid, edge and corner", ReferenceCreaseLoop.base(grid, Map.of(), Map.of(), EDGE_AND_CORNER), 3),
                Arguments.of("open grid, semi-sharp line and a corner",
                        ReferenceCreaseLoop.base(grid, line, Map.of(gridVertex(grid, 5, 3, 4), 1.5f), EDGE_AND_CORNER), 3),
                Arguments.of("annulus", ReferenceCreaseLoop.base(ref(SyntheticMeshes.annulus(10)), Map.of(), Map.of(),
                        EDGE_ONLY), 3),
                Arguments.of("torus, sharp and semi-sharp loops, a corner",
                        ReferenceCreaseLoop.base(torus, tags, Map.of(20, 10f), EDGE_ONLY), 3),
                Arguments.of("mesh_with_border, edge and corner",
                        ReferenceCreaseLoop.base(ref(TestMeshes.load("mesh_with_border.obj")), Map.of(), Map.of(),
                                EDGE_AND_CORNER), 2));
    }

    /**
     * With one value per vertex, (x, y) of the positions, every value is matched (or an ear, a corner
     * like its vertex with edge-and-corner): the smooth rule applies the surface's masks, so the
     * values stay the projection of the refined positions, creases, semi-sharp decay and limit
     * included.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("seamlessCases")
    void smoothRuleKeepsASeamlessProjectionTheProjectionOfTheSurface(String name, Level base, int levels) {
        Refined r = ReferenceFaceVarying.refine(base, projection(base.mesh()), Interpolation.SMOOTH, levels);
        for (int l = 0; l <= levels; l++) {
            RefMesh m = r.levels().get(l).mesh();
            Channel ch = r.channels().get(l);
            assertEquals(m.vertexCount(), ch.valueCount(), name + ": one value per vertex at level " + l);
            for (int i = 0; i < m.triangles().length; i++) {
                int v = m.triangles()[i];
                int x = ch.cornerValues()[i];
                assertUv(m.positions()[3 * v], m.positions()[3 * v + 1], value(ch, x), 1e-12,
                        name + ": level " + l + " vertex " + v);
            }
        }
        Level last = r.last();
        Channel ch = r.lastChannel();
        double[] limit = ReferenceFaceVarying.limit(last, ch, Interpolation.SMOOTH);
        double[] surface = ReferenceCreaseLoop.limit(last).positions();
        for (int i = 0; i < last.mesh().triangles().length; i++) {
            int v = last.mesh().triangles()[i];
            int x = ch.cornerValues()[i];
            assertUv(surface[3 * v], surface[3 * v + 1], new double[] {limit[2 * x], limit[2 * x + 1]}, 1e-12,
                    name + ": limit at vertex " + v);
        }
    }

    @Test
    void withEdgeOnlyTheEarsKeepTheirValueWhileTheSurfaceMoves() {
        RefMesh grid = ref(SyntheticMeshes.openGrid(4));
        int ear = gridVertex(grid, 4, 4, 0);
        Refined r = ReferenceFaceVarying.refine(ReferenceCreaseLoop.base(grid, Map.of(), Map.of(), EDGE_ONLY),
                projection(grid), Interpolation.SMOOTH, 2);
        for (int l = 1; l <= 2; l++) {
            RefMesh m = r.levels().get(l).mesh();
            Channel ch = r.channels().get(l);
            int corner = -1;
            for (int i = 0; i < m.triangles().length; i++) {
                if (m.triangles()[i] == ear) {
                    corner = i;
                }
            }
            assertUv(1, 0, value(ch, ch.cornerValues()[corner]), 0, "ear value at level " + l);
            assertTrue(Math.abs(m.positions()[3 * ear] - 1) > 1e-3, "the ear's position moves (edge only)");
        }
    }

    // ------------------------------------------------------------------ seams

    /**
     * A 4 x 4 grid cut along x = 1/2: faces left of the cut carry values (x, y), faces right of it
     * their own copies (x + 1, y), so the right chart is the left one moved by (1, 0).
     */
    private static Channel cutAlongHalf(RefMesh grid) {
        int vertexCount = grid.vertexCount();
        int[] tri = grid.triangles();
        int[] corners = new int[tri.length];
        double[] values = new double[4 * vertexCount];
        for (int v = 0; v < vertexCount; v++) {
            values[2 * v] = grid.positions()[3 * v];
            values[2 * v + 1] = grid.positions()[3 * v + 1];
            values[2 * (vertexCount + v)] = grid.positions()[3 * v] + 1;
            values[2 * (vertexCount + v) + 1] = grid.positions()[3 * v + 1];
        }
        for (int t = 0; t < tri.length / 3; t++) {
            double cx = (grid.positions()[3 * tri[3 * t]] + grid.positions()[3 * tri[3 * t + 1]]
                    + grid.positions()[3 * tri[3 * t + 2]]) / 3;
            for (int c = 0; c < 3; c++) {
                corners[3 * t + c] = cx < 0.5 ? tri[3 * t + c] : vertexCount + tri[3 * t + c];
            }
        }
        return new Channel(corners, values);
    }

    private static int faceWith(RefMesh m, int a, int b, boolean left) {
        for (int t = 0; t < m.triangleCount(); t++) {
            Set<Integer> s = new HashSet<>();
            double cx = 0;
            for (int c = 0; c < 3; c++) {
                s.add(m.triangles()[3 * t + c]);
                cx += m.positions()[3 * m.triangles()[3 * t + c]] / 3;
            }
            if (s.contains(a) && s.contains(b) && (cx < 0.5) == left) {
                return t;
            }
        }
        throw new AssertionError("no face on edge " + a + "-" + b);
    }

    @Test
    void aSeamKeepsTwoValuesRefinedAsCurvesOnEachSide() {
        RefMesh grid = ref(SyntheticMeshes.openGrid(4));
        Channel cut = cutAlongHalf(grid);
        Level base = ReferenceCreaseLoop.base(grid, Map.of(), Map.of(), EDGE_ONLY);
        ReferenceCreaseLoop.Step step = ReferenceCreaseLoop.step(base);
        Channel one = ReferenceFaceVarying.step(step, cut, Interpolation.SMOOTH);
        RefMesh m1 = step.child().mesh();
        Map<Integer, TreeSet<Integer>> per = valuesPerVertex(m1, one);
        // the seam chain: five old vertices and four edge points carry two values, all others one
        int two = 0;
        for (TreeSet<Integer> s : per.values()) {
            assertTrue(s.size() <= 2);
            two += s.size() == 2 ? 1 : 0;
        }
        assertEquals(9, two, "seam vertices at level 1");
        // interior seam vertex (2, 2): a crease value on each side, along the seam
        int c22 = gridVertex(grid, 4, 2, 2);
        int c21 = gridVertex(grid, 4, 2, 1);
        int c20 = gridVertex(grid, 4, 2, 0);
        int c24 = gridVertex(grid, 4, 2, 4);
        assertUv(0.5, 0.5, valueIn(m1, one, c22, childFace(grid, faceWith(grid, c22, c21, true), c22)), 1e-15, "left (2,2)");
        assertUv(1.5, 0.5, valueIn(m1, one, c22, childFace(grid, faceWith(grid, c22, c21, false), c22)), 1e-15, "right (2,2)");
        // seam edge (2,1)-(2,2): 1/2 (a + b) on each side
        int e = step.edgeVertex().get(ReferenceCreaseLoop.key(c21, c22));
        int left = faceWith(grid, c21, c22, true);
        int right = faceWith(grid, c21, c22, false);
        assertUv(0.5, 0.375, childValue(grid, m1, one, e, left), 1e-15, "seam edge, left");
        assertUv(1.5, 0.375, childValue(grid, m1, one, e, right), 1e-15, "seam edge, right");
        // bottom end (2, 0): its left span is one face (corner, kept); its right span has two faces
        // (crease: 3/4 (1.5, 0) + 1/8 ((1.75, 0) + (1.5, 0.25)))
        assertUv(0.5, 0, valueIn(m1, one, c20, childFace(grid, faceWith(grid, c20, c21, true), c20)), 0, "bottom end, left");
        assertUv(1.53125, 0.03125, valueIn(m1, one, c20, childFace(grid, faceWith(grid, c20, c21, false), c20)), 1e-15,
                "bottom end, right");
        // top end (2, 4): left span two faces (crease: 3/4 (0.5, 1) + 1/8 ((0.5, 0.75) + (0.25, 1))),
        // right span one face (corner)
        int c23 = gridVertex(grid, 4, 2, 3);
        assertUv(0.46875, 0.96875, valueIn(m1, one, c24, childFace(grid, faceWith(grid, c24, c23, true), c24)), 1e-15,
                "top end, left");
        assertUv(1.5, 1, valueIn(m1, one, c24, childFace(grid, faceWith(grid, c24, c23, false), c24)), 0, "top end, right");
        // matched vertices next to the seam use the surface masks: at level 1 their values are the
        // projection of the refined positions (+1 in u on the right)
        Set<Integer> ears = Set.of(gridVertex(grid, 4, 4, 0), gridVertex(grid, 4, 0, 4));
        int matched = 0;
        for (int t = 0; t < m1.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                int v = m1.triangles()[3 * t + c];
                if (per.get(v).size() == 2 || ears.contains(v)) {
                    continue;
                }
                double[] uv = value(one, one.cornerValues()[3 * t + c]);
                double shift = isLeft(grid, t / 4) ? 0 : 1;
                assertUv(m1.positions()[3 * v] + shift, m1.positions()[3 * v + 1], uv, 1e-12,
                        "matched value of vertex " + v);
                matched++;
            }
        }
        assertTrue(matched > 100);
        // level 2: the seam children carry two values; each side follows the curve rule along the seam
        ReferenceCreaseLoop.Step step2 = ReferenceCreaseLoop.step(step.child());
        Channel two2 = ReferenceFaceVarying.step(step2, one, Interpolation.SMOOTH);
        Map<Integer, TreeSet<Integer>> per2 = valuesPerVertex(step2.child().mesh(), two2);
        int seam2 = 0;
        for (TreeSet<Integer> s : per2.values()) {
            seam2 += s.size() == 2 ? 1 : 0;
        }
        assertEquals(17, seam2, "seam vertices at level 2");
        // (2, 2) at level 2: 3/4 x + 1/8 (its level-1 seam neighbours), on each side
        int mid = e;
        int up = step.edgeVertex().get(ReferenceCreaseLoop.key(c22, c23));
        RefMesh m2 = step2.child().mesh();
        for (boolean side : new boolean[] {true, false}) {
            int f1 = childFace(grid, faceWith(grid, c22, c21, side), c22);
            double[] x = valueIn(m1, one, c22, f1);
            double[] below = childValue(grid, m1, one, mid, faceWith(grid, c21, c22, side));
            double[] above = childValue(grid, m1, one, up, faceWith(grid, c22, c23, side));
            double[] got = valueIn(m2, two2, c22, childFace(m1, f1, c22));
            assertUv(0.75 * x[0] + 0.125 * (below[0] + above[0]), 0.75 * x[1] + 0.125 * (below[1] + above[1]), got,
                    1e-15, "level 2 seam vertex, " + (side ? "left" : "right"));
        }
    }

    /** The child face of face t that holds its corner v (child k holds corner k). */
    private static int childFace(RefMesh m, int t, int v) {
        for (int c = 0; c < 3; c++) {
            if (m.triangles()[3 * t + c] == v) {
                return 4 * t + c;
            }
        }
        throw new AssertionError("vertex " + v + " not in face " + t);
    }

    private static boolean isLeft(RefMesh grid, int t) {
        double cx = 0;
        for (int c = 0; c < 3; c++) {
            cx += grid.positions()[3 * grid.triangles()[3 * t + c]] / 3;
        }
        return cx < 0.5;
    }

    /** The value of child vertex cv in a child face of base face t that holds it. */
    private static double[] childValue(RefMesh parent, RefMesh child, Channel ch, int cv, int t) {
        for (int k = 0; k < 4; k++) {
            int ct = 4 * t + k;
            for (int c = 0; c < 3; c++) {
                if (child.triangles()[3 * ct + c] == cv) {
                    return value(ch, ch.cornerValues()[3 * ct + c]);
                }
            }
        }
        throw new AssertionError("vertex " + cv + " not in the children of face " + t);
    }

    @Test
    void aSlitEndingInsideMakesADart() {
        RefMesh grid = ref(SyntheticMeshes.openGrid(4));
        int c21 = gridVertex(grid, 4, 2, 1);
        int c22 = gridVertex(grid, 4, 2, 2);
        // copies of (2, 0) and (2, 1) with the same uv for the faces right of the slit
        Channel ch = slitWithDart(grid, 0.5, 0.25);
        ReferenceCreaseLoop.Step step = ReferenceCreaseLoop.step(ReferenceCreaseLoop.base(grid, Map.of(), Map.of(), EDGE_ONLY));
        Channel one = ReferenceFaceVarying.step(step, ch, Interpolation.SMOOTH);
        RefMesh m1 = step.child().mesh();
        assertEquals(1, valuesPerVertex(m1, one).get(c22).size(), "the slit's end has one value");
        // dart: 3/4 (0.5, 0.5) + 1/8 ((0.5, 0.25) + (0.5, 0.25)); the surface mask would give (0.5, 0.5)
        assertUv(0.5, 0.4375, valueIn(m1, one, c22, childFace(grid, faceWith(grid, c22, c21, true), c22)), 1e-15, "dart value");
        assertUv(0.5, 0.5, new double[] {m1.positions()[3 * c22], m1.positions()[3 * c22 + 1]}, 1e-15,
                "surface point");
        // (2, 1): two values with the same uv, each a crease along the slit: 3/4 (0.5, 0.25) + 1/8 ((0.5, 0) + (0.5, 0.5))
        assertEquals(2, valuesPerVertex(m1, one).get(c21).size());
        for (boolean side : new boolean[] {true, false}) {
            assertUv(0.5, 0.25, valueIn(m1, one, c21, childFace(grid, faceWith(grid, c21, c22, side), c21)), 1e-15, "slit point");
        }
    }

    /**
     * A sharp edge inside a value's span makes it a corner: infinitely sharp always, semi-sharp while
     * the sharpness lasts, then blended with the positions' transition weight, then a crease. The
     * left value of the cut's top end (2, 4) has a two-face span whose inner edge runs to (1, 3).
     */
    @Test
    void sharpEdgesInsideASpanMakeTheValueACorner() {
        RefMesh grid = ref(SyntheticMeshes.openGrid(4));
        Channel cut = cutAlongHalf(grid);
        int c24 = gridVertex(grid, 4, 2, 4);
        int c23 = gridVertex(grid, 4, 2, 3);
        int c13 = gridVertex(grid, 4, 1, 3);
        int face = faceWith(grid, c24, c23, true);
        for (float s : new float[] {10f, 1.5f}) {
            Level base = ReferenceCreaseLoop.base(grid, Map.of(ReferenceCreaseLoop.key(c24, c13), s), Map.of(), EDGE_ONLY);
            Refined r = ReferenceFaceVarying.refine(base, cut, Interpolation.SMOOTH, 3);
            double[][] got = new double[4][];
            int f = face;
            for (int l = 0; l <= 3; l++) {
                RefMesh m = r.levels().get(l).mesh();
                got[l] = valueIn(m, r.channels().get(l), c24, f);
                f = childFace(m, f, c24);
            }
            assertUv(0.5, 1, got[1], 0, "s = " + s + ": level 1 corner");
            if (s == 10f) {
                assertUv(0.5, 1, got[2], 0, "infinite: level 2 corner");
                assertUv(0.5, 1, got[3], 0, "infinite: level 3 corner");
            } else {
                // level 2: 1/2 (0.5, 1) + 1/2 (3/4 (0.5, 1) + 1/8 ((0.375, 1) + (0.5, 0.875)))
                assertUv(0.4921875, 0.9921875, got[2], 1e-15, "s = 1.5: level 2 blend");
                assertTrue(Math.abs(got[3][0] - got[2][0]) > 1e-3, "s = 1.5: a crease at level 3");
            }
        }
    }

    // ------------------------------------------------------------------ a span's own sharpness

    /**
     * A slit (2, 0)-(2, 1)-(2, 2) in a 4 x 4 grid: the faces right of it carry their own copy of
     * (2, 1) at (0.6, 0.25) (and of (2, 0) at (0.5, 0)); (2, 2), the slit's end, keeps one value:
     * a dart.
     */
    private static Channel slitWithDart(RefMesh grid) {
        return slitWithDart(grid, 0.6, 0.25);
    }

    /** {@link #slitWithDart(RefMesh)} with the right side's copy of (2, 1) at (u, v). */
    private static Channel slitWithDart(RefMesh grid, double u, double v21) {
        int vertexCount = grid.vertexCount();
        int c20 = gridVertex(grid, 4, 2, 0);
        int c21 = gridVertex(grid, 4, 2, 1);
        int[] tri = grid.triangles();
        int[] corners = tri.clone();
        double[] values = new double[2 * (vertexCount + 2)];
        for (int v = 0; v < vertexCount; v++) {
            values[2 * v] = grid.positions()[3 * v];
            values[2 * v + 1] = grid.positions()[3 * v + 1];
        }
        values[2 * vertexCount] = 0.5;
        values[2 * vertexCount + 1] = 0;
        values[2 * vertexCount + 2] = u;
        values[2 * vertexCount + 3] = v21;
        int[] slit = {c20, c21};
        for (int t = 0; t < grid.triangleCount(); t++) {
            if (isLeft(grid, t)) {
                continue;
            }
            for (int c = 0; c < 3; c++) {
                for (int k = 0; k < 2; k++) {
                    if (tri[3 * t + c] == slit[k]) {
                        corners[3 * t + c] = vertexCount + k;
                    }
                }
            }
        }
        return new Channel(corners, values);
    }

    /**
     * A dart's span is all its faces but its inner edges are all its edges except the seam
     * (OpenSubdiv's {@code FVarLevel::gatherValueSpans} skips the seam edge when it counts sharp
     * edges): a sharp seam edge, infinitely sharp or not, neither pins the dart nor enters its
     * transition weight. Dart at (2, 2) = (0.5, 0.5), seam edge to (2, 1), whose far values are
     * (0.5, 0.25) on the left and (0.6, 0.25) on the right.
     */
    @Test
    void aDartWhoseSeamEdgeIsSharpIsNotPinned() {
        RefMesh grid = ref(SyntheticMeshes.openGrid(4));
        Channel ch = slitWithDart(grid);
        int c21 = gridVertex(grid, 4, 2, 1);
        int c22 = gridVertex(grid, 4, 2, 2);
        int c32 = gridVertex(grid, 4, 3, 2);
        int face = faceWith(grid, c22, c21, true);
        // level 1, the dart: 3/4 x + 1/8 (e0 + e1) = (0.375 + 0.1375, 0.375 + 0.0625)
        double[] dart1 = {0.75 * 0.5 + 0.125 * (0.5 + 0.6), 0.75 * 0.5 + 0.125 * (0.25 + 0.25)};
        assertUv(0.5125, 0.4375, dart1, 1e-15, "hand arithmetic");
        // level 2: the seam's child edge ends at its midpoint, one value per side:
        // left 1/2 ((0.5, 0.5) + (0.5, 0.25)) = (0.5, 0.375), right 1/2 ((0.5, 0.5) + (0.6, 0.25)) = (0.55, 0.375)
        double[] dart2 = {0.75 * dart1[0] + 0.125 * (0.5 + 0.55), 0.75 * dart1[1] + 0.125 * (0.375 + 0.375)};
        assertUv(0.515625, 0.421875, dart2, 1e-15, "hand arithmetic");
        for (float s : new float[] {10f, 1.5f}) {
            Level base = ReferenceCreaseLoop.base(grid, Map.of(ReferenceCreaseLoop.key(c21, c22), s), Map.of(), EDGE_ONLY);
            Refined r = ReferenceFaceVarying.refine(base, ch, Interpolation.SMOOTH, 2);
            RefMesh m1 = r.levels().get(1).mesh();
            int f1 = childFace(grid, face, c22);
            assertEquals(1, valuesPerVertex(m1, r.channels().get(1)).get(c22).size(), "s = " + s + ": one value");
            assertUv(dart1[0], dart1[1], valueIn(m1, r.channels().get(1), c22, f1), 1e-15,
                    "seam edge " + s + ": level 1 dart, not the corner (0.5, 0.5)");
            assertUv(dart2[0], dart2[1], valueIn(r.levels().get(2).mesh(), r.channels().get(2), c22,
                    childFace(m1, f1, c22)), 1e-15, "seam edge " + s + ": level 2 dart");
        }
        // a semi-sharp seam edge (1.5 or 1) and 0.5 on the inner edge to (3, 2): the span decays in
        // step 1 with weight 0.5 (the inner edge alone; the seam edge's 1 would make it 0.75),
        // whether or not the seam edge is still sharp after it
        double[] blend = {0.5 * 0.5 + 0.5 * dart1[0], 0.5 * 0.5 + 0.5 * dart1[1]};
        assertUv(0.50625, 0.46875, blend, 1e-15, "hand arithmetic");
        for (float s : new float[] {1.5f, 1f}) {
            Level base = ReferenceCreaseLoop.base(grid,
                    Map.of(ReferenceCreaseLoop.key(c21, c22), s, ReferenceCreaseLoop.key(c22, c32), 0.5f), Map.of(),
                    EDGE_ONLY);
            Refined r = ReferenceFaceVarying.refine(base, ch, Interpolation.SMOOTH, 1);
            assertUv(blend[0], blend[1], valueIn(r.last().mesh(), r.lastChannel(), c22, childFace(grid, face, c22)),
                    1e-15, "seam edge " + s + ", inner edge 0.5: level 1 blend");
        }
    }

    /**
     * A vertex with two values whose spans hold different semi-sharp edges that decay in the same
     * step: each value blends with its own span's transition weight (OpenSubdiv's
     * {@code FVarRefinement::getFractionalWeight}: the vertex's and the span's inner edges'
     * sharpness), not the vertex's. The cut along x = 1/2 of {@link #cutAlongHalf}, with (2, 2) moved
     * to (0.6, 0.5) on the left and (1.4, 0.5) on the right so that its crease values differ from
     * it; the left span's inner edges run to (1, 2) and (1, 1), the right one's to (3, 2) and (3, 3);
     * {@code left} on the edge to (1, 2), {@code right} on the edge to (3, 2).
     */
    @Test
    void twoValuesWhoseSpansDecayTogetherBlendEachByItsOwnWeight() {
        RefMesh grid = ref(SyntheticMeshes.openGrid(4));
        int c21 = gridVertex(grid, 4, 2, 1);
        int c22 = gridVertex(grid, 4, 2, 2);
        int c12 = gridVertex(grid, 4, 1, 2);
        int c32 = gridVertex(grid, 4, 3, 2);
        Channel cut = cutAlongHalf(grid);
        double[] values = cut.values().clone();
        values[2 * c22] = 0.6;
        values[2 * (grid.vertexCount() + c22)] = 1.4;
        Channel ch = new Channel(cut.cornerValues(), values);
        // crease values of (2, 2), 3/4 x + 1/8 (e0 + e1) along the seam, at level 1 from (2, 1) and
        // (2, 3) ((0.5 | 1.5, 0.25) and (0.5 | 1.5, 0.75)), at level 2 from their level-1 midpoints
        // 1/2 (x + e) ((0.55 | 1.45, 0.375) and (0.55 | 1.45, 0.625)); v stays 0.5 throughout
        double creaseLeft1 = 0.75 * 0.6 + 0.125 * (0.5 + 0.5);   // 0.575
        double creaseRight1 = 0.75 * 1.4 + 0.125 * (1.5 + 1.5);  // 1.425
        double creaseLeft2 = 0.75 * 0.6 + 0.125 * (0.55 + 0.55); // 0.5875
        double creaseRight2 = 0.75 * 1.4 + 0.125 * (1.45 + 1.45); // 1.4125
        Options chaikin = new Options(Boundary.EDGE_ONLY, Creasing.CHAIKIN);
        // sharpness left and right of the seam at (2, 2), the step where both decay, the blends there
        record Decay(String what, float left, float right, Options options, int level, double u0, double u1) {
        }
        Decay[] cases = {
            // uniform 0.5 | 1, step 1: weights 0.5 | 1 (the vertex's: 0.75)
            new Decay("0.5 | 1", 0.5f, 1f, EDGE_ONLY, 1,
                    0.5 * 0.6 + 0.5 * creaseLeft1, 1 * 1.4 + 0 * creaseRight1),
            // uniform 1.5 | 1.25: corners at level 1; step 2 from 0.5 | 0.25 (the vertex's: 0.375)
            new Decay("1.5 | 1.25", 1.5f, 1.25f, EDGE_ONLY, 2,
                    0.5 * 0.6 + 0.5 * creaseLeft2, 0.25 * 1.4 + 0.75 * creaseRight2),
            // Chaikin 1.5 | 1: halves at (2, 2) after step 1 3/4 1.5 + 1/4 1 - 1 = 0.375 and
            // 3/4 1 + 1/4 1.5 - 1 = 0.125 (corners at level 1); both 0 after step 2: weights 0.375 | 0.125
            new Decay("Chaikin 1.5 | 1", 1.5f, 1f, chaikin, 2,
                    0.375 * 0.6 + 0.625 * creaseLeft2, 0.125 * 1.4 + 0.875 * creaseRight2),
        };
        assertEquals(0.5875, cases[0].u0(), 1e-15);
        assertEquals(0.59375, cases[1].u0(), 1e-15);
        assertEquals(1.409375, cases[1].u1(), 1e-15);
        assertEquals(0.5921875, cases[2].u0(), 1e-15);
        assertEquals(1.4109375, cases[2].u1(), 1e-15);
        for (Decay d : cases) {
            Level base = ReferenceCreaseLoop.base(grid,
                    Map.of(ReferenceCreaseLoop.key(c22, c12), d.left(), ReferenceCreaseLoop.key(c22, c32), d.right()),
                    Map.of(), d.options());
            Refined r = ReferenceFaceVarying.refine(base, ch, Interpolation.SMOOTH, d.level());
            for (boolean left : new boolean[] {true, false}) {
                int f = faceWith(grid, c22, c21, left);
                for (int l = 1; l <= d.level(); l++) {
                    RefMesh m = r.levels().get(l - 1).mesh();
                    f = childFace(m, f, c22);
                    double[] got = valueIn(r.levels().get(l).mesh(), r.channels().get(l), c22, f);
                    String what = d.what() + ", " + (left ? "left" : "right") + ", level " + l;
                    if (l < d.level()) {
                        assertUv(left ? 0.6 : 1.4, 0.5, got, 0, what + ": still a corner");
                    } else {
                        assertUv(left ? d.u0() : d.u1(), 0.5, got, 1e-15, what + ": blend");
                    }
                }
            }
        }
    }
}
