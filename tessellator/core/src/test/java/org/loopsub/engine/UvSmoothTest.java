package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.api.Corner;
import org.loopsub.api.Crease;
import org.loopsub.api.Creasing;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.UvInterpolation;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.reference.ReferenceCreaseLoop;
import org.loopsub.reference.ReferenceFaceVarying;
import org.loopsub.testing.SyntheticMeshes;

/**
 * The smooth uv rule ({@link UvInterpolation#SMOOTH}, OpenSubdiv's FVAR_LINEAR_CORNERS_ONLY) of the
 * Java back end equals the independent reference ({@link ReferenceFaceVarying}, SMOOTH) corner for
 * corner at uniform levels 1 to 3 within 1e-6, and on the limit surface at levels 0 to 3.
 *
 * <p>The smooth rule has many branches that a plain seam never reaches, and a wrong branch often
 * moves only a handful of values, so each case builds a channel for particular branches: seamless
 * projections (one-face corners and matched boundaries), seam loops and jagged seams (crease
 * values), random charts (vertices with three and more values, values in two runs), slits (darts,
 * several slit ends at one vertex, a slit ending on a seam), and seams crossed and followed by crease
 * and corner tags (sharp spans, semi-sharp spans that decay, sharp vertices). {@link UvCharts#features}
 * checks, independently of the reference, that every case still reaches the branches it was built
 * for ({@link #casesReachTheirBranches}). Each case runs again with its uvs scaled and moved off the
 * unit square. {@link #smoothDiffersFromLinear} shows that the cases can tell the smooth rule from
 * the linear one, so this class cannot pass on an engine that ignores the option.
 *
 * <p>Two configurations get cases of their own, because reading "semi-sharp spans blend like
 * positions" loosely gets them wrong: a value whose span decays in the same step as another edge at
 * its vertex (another span's, or a seam edge) blends by its span's own transition weight, not the
 * vertex's ({@link UvCharts#SPAN_WEIGHT}; uniform, fractional and Chaikin sharpness); and a dart's
 * seam edge, sharp or not, is no edge of its span, so it neither pins the dart nor weighs in its
 * transition ({@link UvCharts#SHARP_DART_SEAM}). Both are OpenSubdiv 3.5's {@code FVarRefinement}
 * and {@code FVarLevel::gatherValueSpans}; {@code ReferenceFaceVaryingTest} checks them by hand.
 *
 * <p>The class runs in about fifteen seconds (two cores): the cases are small (the grids have 128
 * triangles), each reference is computed once and shared by the uniform, limit and linear tests,
 * and the scaled copy of the one large mesh stops at level 2 ({@link #levels}). Most of the time
 * goes to refining level 3 and matching its vertices, once per case and test.
 */
class UvSmoothTest {
    /**
     * The rule under test. Set to LINEAR, every comparison runs the engine's existing linear rule
     * against the reference's and must pass: that is how the harness itself was checked.
     */
    private static final UvInterpolation RULE = UvInterpolation.SMOOTH;
    private static final ReferenceFaceVarying.Interpolation REFERENCE_RULE =
            ReferenceFaceVarying.Interpolation.valueOf(RULE.name());
    private static final int LEVELS = 3;
    /** Scaled copies' uvs: u' = 4 u - 1.5, v' = -3 v + 2.25 (negative, above 1, v mirrored). */
    private static final String SCALED = " (uvs scaled)";

    /** One case: a mesh with its uv channel (and tags), its creasing, and the branches it must reach. */
    private record Case(String name, TriangleMesh mesh, Creasing creasing, Set<String> branches) {
    }

    private static Case c(String name, TriangleMesh mesh, String... branches) {
        return new Case(name, mesh, Creasing.UNIFORM, Set.of(branches));
    }

    private static Case chaikin(String name, TriangleMesh mesh, String... branches) {
        return new Case(name + " (Chaikin)", mesh, Creasing.CHAIKIN, Set.of(branches));
    }

    private static List<Case> baseCases() {
        TriangleMesh border = TestMeshes.load("mesh_with_border.obj");
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        TriangleMesh disk = SyntheticMeshes.diskWithHoles();
        TriangleMesh grid = SyntheticMeshes.openGrid(8);
        TriangleMesh torus = SyntheticMeshes.torus(6, 5, 3);
        TriangleMesh octahedron = SyntheticMeshes.octahedron();
        List<Case> cases = new ArrayList<>();

        // one value per vertex: one-face boundary vertices stay, the rest follows Loop's masks
        cases.add(c("open grid projected", SyntheticMeshes.projected(SyntheticMeshes.openGrid(6)),
                UvCharts.ONE_FACE, UvCharts.MATCHED_BOUNDARY, UvCharts.MATCHED_INTERIOR));
        cases.add(c("mesh_with_border projected", SyntheticMeshes.projected(border),
                UvCharts.ONE_FACE, UvCharts.MATCHED_BOUNDARY, UvCharts.MATCHED_INTERIOR));
        cases.add(c("disk with holes projected", SyntheticMeshes.projected(disk),
                UvCharts.ONE_FACE, UvCharts.MATCHED_BOUNDARY, UvCharts.MATCHED_INTERIOR));
        cases.add(c("icosahedron projected", SyntheticMeshes.projected(ico), UvCharts.MATCHED_INTERIOR));

        // seam loops on closed meshes, and jagged seams: crease values
        cases.add(c("octahedron hemispheres", UvCharts.charts(octahedron, new int[] {0, 0, 0, 0, 1, 1, 1, 1}),
                UvCharts.CREASE, UvCharts.MATCHED_INTERIOR));
        TriangleMesh cone = SyntheticMeshes.highValenceCone(9);
        int[] coneHalves = new int[cone.triangleCount()];
        for (int t = 0; t < coneHalves.length; t++) {
            coneHalves[t] = t % 2;
        }
        cases.add(c("valence-9 cone hemispheres", UvCharts.charts(cone, coneHalves),
                UvCharts.CREASE, UvCharts.MATCHED_INTERIOR));
        int[] torusHalves = new int[torus.triangleCount()];
        for (int t = 0; t < torusHalves.length; t++) {
            torusHalves[t] = t / 2 / 5 < 3 ? 0 : 1; // by the ring index i of torus(6, 5)
        }
        cases.add(c("torus cut into two tubes", UvCharts.charts(torus, torusHalves),
                UvCharts.CREASE, UvCharts.MATCHED_INTERIOR));
        cases.add(c("icosahedron jagged seam", SyntheticMeshes.seamed(ico), UvCharts.CREASE));
        cases.add(c("disk with holes jagged seam", SyntheticMeshes.seamed(disk), UvCharts.CREASE));

        // random charts: two, three and more values at a vertex
        cases.add(c("icosahedron 4 random charts", UvCharts.charts(ico, UvCharts.randomCharts(ico, 4, 12)),
                UvCharts.CREASE, UvCharts.THREE_VALUES));
        TriangleMesh cone12 = SyntheticMeshes.highValenceCone(12);
        cases.add(c("valence-12 cone 5 random charts", UvCharts.charts(cone12, UvCharts.randomCharts(cone12, 5, 12)),
                UvCharts.CREASE, UvCharts.THREE_VALUES));
        TriangleMesh torus86 = SyntheticMeshes.torus(8, 6, 5);
        cases.add(c("torus 6 random charts", UvCharts.charts(torus86, UvCharts.randomCharts(torus86, 6, 13)),
                UvCharts.CREASE, UvCharts.THREE_VALUES));
        cases.add(c("disk with holes 6 random charts", UvCharts.charts(disk, UvCharts.randomCharts(disk, 6, 14)),
                UvCharts.CREASE, UvCharts.THREE_VALUES));
        cases.add(c("mesh_with_border 8 random charts", UvCharts.charts(border, UvCharts.randomCharts(border, 8, 15)),
                UvCharts.CREASE, UvCharts.THREE_VALUES));

        // slits: darts, and one value with two seam edges
        cases.add(c("grid slit from the boundary", UvCharts.cut(grid,
                List.of(UvCharts.gridPath(grid, 8, 0, 4, 1, 4, 2, 4, 3, 4)), Set.of()),
                UvCharts.DART, UvCharts.CREASE));
        int[] twoEnds = UvCharts.gridPath(grid, 8, 2, 4, 3, 4, 4, 4, 5, 4, 6, 4);
        cases.add(c("grid two slits ending at one vertex", UvCharts.cut(grid, List.of(twoEnds),
                keepAll(twoEnds[2], twoEnds[1], twoEnds[3])),
                UvCharts.MULTI_SLIT, UvCharts.DART, UvCharts.CREASE));
        int[] inner = {torusVertex(1, 1), torusVertex(2, 1), torusVertex(3, 1), torusVertex(4, 1)};
        int[] meet = {torusVertex(1, 3), torusVertex(2, 3), torusVertex(3, 3), torusVertex(4, 3), torusVertex(5, 3)};
        cases.add(c("torus inner slit and two slits ending at one vertex",
                UvCharts.cut(torus, List.of(inner, meet), keepAll(meet[2], meet[1], meet[3])),
                UvCharts.DART, UvCharts.MULTI_SLIT, UvCharts.CREASE));

        // a value in two separate runs around a vertex
        cases.add(c("grid quadrants, opposite ones one chart", UvCharts.charts(grid, quadrants(grid)),
                UvCharts.TWO_RUNS, UvCharts.THREE_VALUES, UvCharts.CREASE));
        cases.add(c("octahedron charts alternating around the top",
                UvCharts.charts(octahedron, new int[] {0, 1, 0, 1, 2, 2, 2, 2}), UvCharts.TWO_RUNS, UvCharts.CREASE));

        // an edge inside a span that is a seam only at its far end
        int[] seam = UvCharts.gridPath(grid, 8, 0, 4, 1, 4, 2, 4, 3, 4, 4, 4, 5, 4, 6, 4, 7, 4, 8, 4);
        int[] ontoSeam = UvCharts.gridPath(grid, 8, 4, 0, 4, 1, 4, 2, 4, 3, 4, 4);
        int[] ontoBoundary = UvCharts.gridPath(grid, 8, 6, 0, 6, 1, 6, 2);
        Set<Long> keep = new HashSet<>();
        keep.add(UvCharts.pair(ontoSeam[4], ontoSeam[3]));
        keep.add(UvCharts.pair(ontoBoundary[0], ontoBoundary[1]));
        cases.add(c("grid slits ending on a seam and on the boundary",
                UvCharts.cut(grid, List.of(seam, ontoSeam, ontoBoundary), keep),
                UvCharts.FAR_END_SEAM, UvCharts.DART, UvCharts.CREASE));

        // crease and corner tags along and across seams, and on darts
        cases.add(c("grid seam crossed and followed by creases", seamWithCreases(grid),
                UvCharts.SHARP_SEAM, UvCharts.INF_SPAN, UvCharts.SEMI_SPAN, UvCharts.SEMI_VERTEX,
                UvCharts.INF_VERTEX, UvCharts.CREASE));
        cases.add(c("grid slits with creases and corners", slitsWithCreases(grid),
                UvCharts.DART, UvCharts.SEMI_SPAN, UvCharts.SEMI_VERTEX, UvCharts.INF_SPAN));
        TriangleMesh torusCharts = UvCharts.charts(torus86, UvCharts.randomCharts(torus86, 5, 21));
        cases.add(c("torus random charts, random creases and corners", randomTags(torusCharts, 22),
                UvCharts.SHARP_SEAM, UvCharts.SEMI_SPAN, UvCharts.CREASE));
        TriangleMesh icoCharts = UvCharts.charts(ico, UvCharts.randomCharts(ico, 3, 23));
        cases.add(c("icosahedron random charts, random creases and corners", randomTags(icoCharts, 24),
                UvCharts.SHARP_SEAM, UvCharts.CREASE));

        // two values whose spans decay in the same step with different sharpness: each blends by its
        // own span's transition weight
        cases.add(c("grid seam, 0.5 below and 1 above a vertex", spansDecayingTogether(grid,
                        new float[] {0.5f, 1f}, null, null),
                UvCharts.SPAN_WEIGHT, UvCharts.SEMI_SPAN, UvCharts.CREASE));
        cases.add(c("grid seam, 1.5 below and 1.2 above, 2.3 below and 2.7 above", spansDecayingTogether(grid,
                        new float[] {1.5f, 1.2f}, new float[] {2.3f, 2.7f}, null),
                UvCharts.SPAN_WEIGHT, UvCharts.SEMI_SPAN, UvCharts.CREASE));
        cases.add(c("grid seam, 1.5 below a vertex, 1.25 along the seam", spansDecayingTogether(grid,
                        new float[] {1.5f, 0f}, null, 1.25f),
                UvCharts.SPAN_WEIGHT, UvCharts.SHARP_SEAM, UvCharts.SEMI_SPAN, UvCharts.CREASE));
        cases.add(chaikin("grid seam, 1.5 below and 1 above, 2.3 below and 2 above", spansDecayingTogether(grid,
                        new float[] {1.5f, 1f}, new float[] {2.3f, 2f}, null),
                UvCharts.SPAN_WEIGHT, UvCharts.SEMI_SPAN, UvCharts.CREASE));
        cases.add(chaikin("grid seam crossed and followed by creases", seamWithCreases(grid),
                UvCharts.SHARP_SEAM, UvCharts.INF_SPAN, UvCharts.SEMI_SPAN, UvCharts.SEMI_VERTEX,
                UvCharts.INF_VERTEX, UvCharts.CREASE));

        // darts whose seam edge is sharp: not pinned, and the seam edge is left out of their weight
        cases.add(c("grid slits, dart seam edges at 10 and 1.5", dartsWithSharpSeams(grid, 10f, 1.5f, 0f),
                UvCharts.SHARP_DART_SEAM, UvCharts.DART, UvCharts.SHARP_SEAM));
        cases.add(c("grid slits, dart seam edges at 1.5 and 1, 0.5 inside the darts' spans",
                dartsWithSharpSeams(grid, 1.5f, 1f, 0.5f),
                UvCharts.SHARP_DART_SEAM, UvCharts.DART, UvCharts.SEMI_SPAN, UvCharts.SPAN_WEIGHT));
        return cases;
    }

    /** Every case as built, then again with its uvs scaled and moved off the unit square. */
    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Case c : baseCases()) {
            out.add(Arguments.of(c.name(), c.mesh(), c.creasing()));
        }
        for (Case c : baseCases()) {
            out.add(Arguments.of(c.name() + SCALED, UvCharts.affine(c.mesh(), 4f, -1.5f, -3f, 2.25f), c.creasing()));
        }
        return out.stream();
    }

    static Stream<Arguments> branchCases() {
        return baseCases().stream().map(c -> Arguments.of(c.name(), c.mesh(), c.creasing(), c.branches()));
    }

    private static int torusVertex(int i, int j) {
        return (i % 6) * 5 + j % 5; // torus(6, 5)'s numbering
    }

    private static Set<Long> keepAll(int v, int... far) {
        Set<Long> keep = new HashSet<>();
        for (int q : far) {
            keep.add(UvCharts.pair(v, q));
        }
        return keep;
    }

    /** Quadrant charts of a grid on [0,1]^2 with the two opposite quadrants (0 and 3) one chart. */
    private static int[] quadrants(TriangleMesh m) {
        int[] chart = new int[m.triangleCount()];
        for (int t = 0; t < chart.length; t++) {
            float cx = 0;
            float cy = 0;
            for (int c = 0; c < 3; c++) {
                cx += m.position(m.vertex(t, c), 0) / 3;
                cy += m.position(m.vertex(t, c), 1) / 3;
            }
            int q = (cx < 0.5f ? 0 : 1) + (cy < 0.5f ? 0 : 2);
            chart[t] = q == 3 ? 0 : q;
        }
        return chart;
    }

    /**
     * A seam across the grid along y = 1/2: infinitely sharp along its left half, 1.5 along its
     * right; crossed by 2.3 (at x = 2/8), 0.5 (at 6/8) and an infinitely sharp crease (at 1/8);
     * a 1.5 corner and an infinite corner on it; 2.3 on smooth edges away from it. The uvs are bent
     * ({@link UvCharts#bend}): along the straight seam a semi-sharp value's corner, crease and blend
     * would all be the same point.
     */
    private static TriangleMesh seamWithCreases(TriangleMesh grid) {
        int[] seam = UvCharts.gridPath(grid, 8, 0, 4, 1, 4, 2, 4, 3, 4, 4, 4, 5, 4, 6, 4, 7, 4, 8, 4);
        TriangleMesh m = UvCharts.cut(grid, List.of(seam), Set.of());
        List<Crease> creases = new ArrayList<>();
        creases.addAll(UvCharts.creasesAlong(UvCharts.gridPath(grid, 8, 0, 4, 1, 4, 2, 4, 3, 4), 10f));
        creases.addAll(UvCharts.creasesAlong(UvCharts.gridPath(grid, 8, 5, 4, 6, 4, 7, 4, 8, 4), 1.5f));
        creases.addAll(UvCharts.creasesAlong(UvCharts.gridPath(grid, 8, 2, 2, 2, 3, 2, 4, 2, 5, 2, 6), 2.3f));
        creases.addAll(UvCharts.creasesAlong(UvCharts.gridPath(grid, 8, 6, 3, 6, 4, 6, 5), 0.5f));
        creases.addAll(UvCharts.creasesAlong(UvCharts.gridPath(grid, 8, 1, 3, 1, 4, 1, 5), 10f));
        creases.addAll(UvCharts.creasesAlong(UvCharts.gridPath(grid, 8, 5, 1, 6, 2, 7, 3), 2.3f));
        int[] corners = UvCharts.gridPath(grid, 8, 4, 4, 7, 4);
        return UvCharts.bend(
                UvCharts.withTags(m, creases, List.of(new Corner(corners[0], 1.5f), new Corner(corners[1], 10f))));
    }

    /**
     * Darts under tags: a semi-sharp edge (1.5) in one dart's span, an infinitely sharp one in
     * another's, a corner tag of 1 on a third dart, and a semi-sharp crease (1) across a slit.
     */
    private static TriangleMesh slitsWithCreases(TriangleMesh grid) {
        int[] a = UvCharts.gridPath(grid, 8, 0, 4, 1, 4, 2, 4, 3, 4);
        int[] b = UvCharts.gridPath(grid, 8, 0, 2, 1, 2, 2, 2);
        int[] d = UvCharts.gridPath(grid, 8, 8, 6, 7, 6, 6, 6, 5, 6);
        TriangleMesh m = UvCharts.cut(grid, List.of(a, b, d), Set.of());
        List<Crease> creases = new ArrayList<>();
        creases.addAll(UvCharts.creasesAlong(UvCharts.gridPath(grid, 8, 3, 4, 3, 5), 1.5f));
        creases.addAll(UvCharts.creasesAlong(UvCharts.gridPath(grid, 8, 2, 2, 3, 2), 10f));
        creases.addAll(UvCharts.creasesAlong(UvCharts.gridPath(grid, 8, 6, 5, 6, 6, 6, 7), 1f));
        int[] corner = UvCharts.gridPath(grid, 8, 5, 6);
        return UvCharts.withTags(m, creases, List.of(new Corner(corner[0], 1f)));
    }

    /**
     * A seam across the grid along y = 1/2 with tags at two of its vertices, (2, 4) and (5, 4): at
     * (x, 4), the first sharpness on its edge down to (x, 3) (inside the lower value's span; 0 for
     * none) and the second on its edge up to (x, 5) (inside the upper one's); {@code along} on the
     * two seam edges at (2, 4). Chosen so that two sharpness values at a vertex decay in the same
     * step with different values: each value then blends by its own span's weight. The uvs are bent
     * ({@link UvCharts#bend}) so that the blend shows.
     *
     * @param at2 sharpness below and above (2, 4)
     * @param at5 sharpness below and above (5, 4), or null for none
     * @param along sharpness of the seam edges at (2, 4), or null for none
     */
    private static TriangleMesh spansDecayingTogether(TriangleMesh grid, float[] at2, float[] at5, Float along) {
        int[] seam = UvCharts.gridPath(grid, 8, 0, 4, 1, 4, 2, 4, 3, 4, 4, 4, 5, 4, 6, 4, 7, 4, 8, 4);
        TriangleMesh m = UvCharts.cut(grid, List.of(seam), Set.of());
        List<Crease> creases = new ArrayList<>();
        int[] xs = {2, 5};
        float[][] tags = {at2, at5};
        for (int k = 0; k < 2; k++) {
            if (tags[k] == null) {
                continue;
            }
            int x = xs[k];
            int[] downUp = UvCharts.gridPath(grid, 8, x, 3, x, 4, x, 5);
            if (tags[k][0] > 0) {
                creases.add(new Crease(downUp[1], downUp[0], tags[k][0]));
            }
            if (tags[k][1] > 0) {
                creases.add(new Crease(downUp[1], downUp[2], tags[k][1]));
            }
        }
        if (along != null) {
            creases.addAll(UvCharts.creasesAlong(UvCharts.gridPath(grid, 8, 1, 4, 2, 4, 3, 4), along));
        }
        return UvCharts.bend(UvCharts.withTags(m, creases, List.of()));
    }

    /**
     * Two slits from the boundary: (0, 2) to the dart at (3, 2), whose last (seam) edge gets
     * {@code seamA}, and (8, 6) to the dart at (5, 6), whose last edge gets {@code seamB}; with
     * {@code inSpan > 0} each dart's edge straight on, (3, 2)-(4, 2) and (5, 6)-(4, 6), gets it too.
     */
    private static TriangleMesh dartsWithSharpSeams(TriangleMesh grid, float seamA, float seamB, float inSpan) {
        int[] a = UvCharts.gridPath(grid, 8, 0, 2, 1, 2, 2, 2, 3, 2, 4, 2);
        int[] b = UvCharts.gridPath(grid, 8, 8, 6, 7, 6, 6, 6, 5, 6, 4, 6);
        TriangleMesh m = UvCharts.cut(grid, List.of(Arrays.copyOf(a, 4), Arrays.copyOf(b, 4)), Set.of());
        List<Crease> creases = new ArrayList<>();
        creases.add(new Crease(a[2], a[3], seamA));
        creases.add(new Crease(b[2], b[3], seamB));
        if (inSpan > 0) {
            creases.add(new Crease(a[3], a[4], inSpan));
            creases.add(new Crease(b[3], b[4], inSpan));
        }
        return UvCharts.withTags(m, creases, List.of());
    }

    /**
     * Random tags: a fifth of the edges get sharpness 10, 0.5, 1, 1.5 or 2.3, and a few vertices a
     * corner tag of 10 or 1.5.
     */
    private static TriangleMesh randomTags(TriangleMesh m, long seed) {
        Random random = new Random(seed);
        float[] choices = {10f, 0.5f, 1f, 1.5f, 2.3f};
        Set<Long> seen = new HashSet<>();
        List<Crease> creases = new ArrayList<>();
        for (int t = 0; t < m.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                int a = m.vertex(t, c);
                int b = m.vertex(t, (c + 1) % 3);
                if (seen.add(UvCharts.edge(a, b)) && random.nextInt(5) == 0) {
                    creases.add(new Crease(a, b, choices[random.nextInt(choices.length)]));
                }
            }
        }
        List<Corner> corners = new ArrayList<>();
        for (int v = 0; v < m.vertexCount(); v++) {
            if (random.nextInt(8) == 0) {
                corners.add(new Corner(v, random.nextBoolean() ? 10f : 1.5f));
            }
        }
        return UvCharts.withTags(m, creases, corners);
    }

    // ------------------------------------------------------------------ reference

    private static final Map<String, ReferenceFaceVarying.Refined> REFERENCE = new ConcurrentHashMap<>();

    /** The reference on levels 0..3, kept per case and rule: the uniform, limit and linear tests share it. */
    private static ReferenceFaceVarying.Refined reference(String name, TriangleMesh mesh, Creasing creasing,
                                                          ReferenceFaceVarying.Interpolation rule) {
        return REFERENCE.computeIfAbsent(name + " " + rule,
                k -> reference(mesh, creasing, rule, levels(name, mesh)));
    }

    /**
     * 3, but 2 for the scaled copies of the large mesh: scaling tests the numbers, not the depth, and
     * level 3 of its 1014 triangles costs seconds.
     */
    private static int levels(String name, TriangleMesh mesh) {
        return name.endsWith(SCALED) && mesh.triangleCount() > 500 ? 2 : LEVELS;
    }

    private static ReferenceFaceVarying.Refined reference(TriangleMesh mesh, Creasing creasing,
                                                          ReferenceFaceVarying.Interpolation rule, int levels) {
        Map<Integer, Float> corners = new HashMap<>();
        for (Corner c : mesh.corners()) {
            corners.put(c.vertex(), c.sharpness());
        }
        ReferenceCreaseLoop.Options options = new ReferenceCreaseLoop.Options(ReferenceCreaseLoop.Boundary.EDGE_ONLY,
                ReferenceCreaseLoop.Creasing.valueOf(creasing.name()));
        ReferenceCreaseLoop.Level base = ReferenceCreaseLoop.base(mesh, corners, options);
        double[] values = new double[2 * mesh.uvCount()];
        for (int i = 0; i < mesh.uvCount(); i++) {
            values[2 * i] = mesh.uv(i, 0);
            values[2 * i + 1] = mesh.uv(i, 1);
        }
        ReferenceFaceVarying.Channel channel = new ReferenceFaceVarying.Channel(mesh.uvIndices(), values);
        return ReferenceFaceVarying.refine(base, channel, rule, levels);
    }

    /** 1e-6, relative once values leave the unit range: the engine's uvs are floats. */
    private static double tolerance(TriangleMesh mesh) {
        double max = 1;
        for (float x : mesh.uvs()) {
            max = Math.max(max, Math.abs(x));
        }
        return 1e-6 * max;
    }

    // ------------------------------------------------------------------ tests

    @ParameterizedTest(name = "{0}")
    @MethodSource("branchCases")
    void casesReachTheirBranches(String name, TriangleMesh mesh, Creasing creasing, Set<String> branches) {
        Set<String> found = UvCharts.features(mesh, LEVELS, creasing);
        Set<String> missing = new TreeSet<>(branches);
        missing.removeAll(found);
        assertTrue(missing.isEmpty(), name + " does not reach " + missing + " (it reaches " + found + ")");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void smoothUvsEqualTheReference(String name, TriangleMesh mesh, Creasing creasing) {
        assertEqualsReference(name, mesh, creasing, false);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void smoothLimitUvsEqualTheReference(String name, TriangleMesh mesh, Creasing creasing) {
        assertEqualsReference(name, mesh, creasing, true);
    }

    /**
     * The engine's uvs against the reference's at every level (refined values from level 1, limit
     * values from level 0), every level's differences reported at once.
     */
    private static void assertEqualsReference(String name, TriangleMesh mesh, Creasing creasing, boolean limit) {
        ReferenceFaceVarying.Refined ref = reference(name, mesh, creasing, REFERENCE_RULE);
        double tolerance = tolerance(mesh);
        String what = name + (limit ? " (limit)" : "");
        List<String> bad = new ArrayList<>();
        double worst = 0;
        try (Tessellator t = Tessellators.create("java")) {
            for (int level = limit ? 0 : 1; level <= levels(name, mesh); level++) {
                RefineResult r = t.refine(mesh, RefineOptions.uniform(level).withLimitSurface(limit)
                        .withCreasing(creasing).withUvInterpolation(RULE));
                ReferenceCreaseLoop.Level l = ref.levels().get(level);
                ReferenceFaceVarying.Channel c = ref.channels().get(level);
                ReferenceFaceVarying.Channel expected = limit ? new ReferenceFaceVarying.Channel(c.cornerValues(),
                        ReferenceFaceVarying.limit(l, c, REFERENCE_RULE)) : c;
                double[] positions = limit ? ReferenceCreaseLoop.limit(l).positions() : l.mesh().positions();
                Diff d = compare(what + " level " + level, r, positions, l.mesh().triangles(), expected, tolerance);
                worst = Math.max(worst, d.worst());
                if (d.over() > 0) {
                    bad.add("level " + level + ": " + d);
                }
            }
        }
        assertTrue(bad.isEmpty(), what + ": worst uv difference " + worst + " (tolerance " + tolerance + "); " + bad);
    }

    /**
     * Every case's smooth reference differs from its linear one by more than the tolerance
     * somewhere at levels 1 and 2: otherwise an engine that ignores the option would pass it.
     */
    @Test
    void smoothDiffersFromLinear() {
        List<String> same = new ArrayList<>();
        StringBuilder all = new StringBuilder();
        for (Case c : baseCases()) {
            ReferenceFaceVarying.Refined smooth =
                    reference(c.name(), c.mesh(), c.creasing(), ReferenceFaceVarying.Interpolation.SMOOTH);
            ReferenceFaceVarying.Refined linear =
                    reference(c.mesh(), c.creasing(), ReferenceFaceVarying.Interpolation.LINEAR, 2);
            double d = 0;
            for (int level = 1; level <= 2; level++) {
                ReferenceFaceVarying.Channel s = smooth.channels().get(level);
                ReferenceFaceVarying.Channel l = linear.channels().get(level);
                for (int t = 0; t < s.cornerValues().length / 3; t++) {
                    for (int k = 0; k < 3; k++) {
                        for (int x = 0; x < 2; x++) {
                            d = Math.max(d, Math.abs(s.value(t, k, x) - l.value(t, k, x)));
                        }
                    }
                }
            }
            all.append(String.format("%n  %-55s %.3g", c.name(), d));
            if (d <= 1e-6) {
                same.add(c.name());
            }
        }
        assertTrue(same.isEmpty(), "smooth equals linear for " + same + ":" + all);
    }

    // ------------------------------------------------------------------ comparison

    /**
     * @param worst largest difference of a uv component
     * @param over corner values beyond the tolerance
     * @param total corner values compared
     * @param first the first one beyond it, described
     */
    record Diff(double worst, int over, int total, String first) {
        @Override
        public String toString() {
            return String.format("worst %.3g, %d of %d corner values off%s", worst, over, total,
                    first == null ? "" : ", first " + first);
        }
    }

    /** Matches the output faces to the reference's by their vertices, then compares corner uvs (UvTest too). */
    static Diff compare(String what, RefineResult r, double[] refPositions, int[] refTriangles,
                                ReferenceFaceVarying.Channel ref, double tolerance) {
        assertTrue(r.hasUvs(), what + ": the result has uvs");
        int[] partner = new int[r.mesh().vertexCount()];
        MeshMatcher.assertSameMesh(r.mesh(), refPositions, refTriangles, 1e-5 * MeshMatcher.diagonal(refPositions),
                what, partner);
        Map<List<Integer>, Integer> refFace = new HashMap<>();
        for (int t = 0; t < refTriangles.length / 3; t++) {
            refFace.put(MeshMatcher.canonical(refTriangles[3 * t], refTriangles[3 * t + 1], refTriangles[3 * t + 2]),
                    t);
        }
        double worst = 0;
        int over = 0;
        int total = 0;
        String first = null;
        for (int t = 0; t < r.mesh().triangleCount(); t++) {
            int[] p = new int[3];
            for (int c = 0; c < 3; c++) {
                p[c] = partner[r.mesh().vertex(t, c)];
            }
            Integer rt = refFace.get(MeshMatcher.canonical(p[0], p[1], p[2]));
            if (rt == null) {
                fail(what + ": no reference face for output face " + t);
            }
            for (int c = 0; c < 3; c++) {
                int rc = -1;
                for (int k = 0; k < 3; k++) {
                    if (refTriangles[3 * rt + k] == p[c]) {
                        rc = k;
                    }
                }
                double du = Math.abs(r.uv(r.uvIndex(t, c), 0) - ref.value(rt, rc, 0));
                double dv = Math.abs(r.uv(r.uvIndex(t, c), 1) - ref.value(rt, rc, 1));
                double d = Math.max(du, dv);
                worst = Math.max(worst, d);
                total++;
                if (d > tolerance) {
                    over++;
                    if (first == null) {
                        first = String.format("output face %d corner %d: expected (%.7g, %.7g), got (%.7g, %.7g)", t, c,
                                ref.value(rt, rc, 0), ref.value(rt, rc, 1), r.uv(r.uvIndex(t, c), 0),
                                r.uv(r.uvIndex(t, c), 1));
                    }
                }
            }
        }
        return new Diff(worst, over, total, first);
    }
}
