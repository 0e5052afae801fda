package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.api.BoundaryInterpolation;
import org.loopsub.api.Crease;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.reference.ReferenceCreaseLoop;
import org.loopsub.testing.CrackCheck;
import org.loopsub.testing.SyntheticMeshes;
import org.loopsub.testing.TestCriteria;

/**
 * Creases and corners equal the independent reference ({@link ReferenceCreaseLoop}: OpenSubdiv
 * 3.5's Loop rules in double, written from OpenSubdiv 3.5's rules, docs/design.md §3) vertex for vertex and face for
 * face at levels 1 to 3, within 1e-5 of the bounding-box diagonal: integer, fractional and infinite
 * sharpness, darts, corners made of three sharp edges, both boundary options, rookT's 280 tags.
 */
class CreaseTest {

    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        for (float s : new float[] {10f, 2f, 1f, 0.5f, 1.5f, 2.3f}) {
            all.add(Arguments.of("octahedron equator s=" + s, SyntheticMeshes.octahedronEquator(s), BoundaryInterpolation.EDGE_ONLY, 3));
            all.add(Arguments.of("open mesh, scattered tags s=" + s, SyntheticMeshes.gridWithLine(s), BoundaryInterpolation.EDGE_ONLY, 3));
        }
        all.add(Arguments.of("rookT", TestMeshes.load("rookT.obj"), BoundaryInterpolation.EDGE_ONLY, 2));
        all.add(Arguments.of("mesh_with_border, edge and corner", TestMeshes.load("mesh_with_border.obj"),
                BoundaryInterpolation.EDGE_AND_CORNER, 3));
        all.add(Arguments.of("tags and edge-and-corner", SyntheticMeshes.gridWithLine(1.5f), BoundaryInterpolation.EDGE_AND_CORNER, 3));
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void equalsTheReference(String name, TriangleMesh mesh, BoundaryInterpolation boundary, int levels) {
        ReferenceCreaseLoop.Options o = new ReferenceCreaseLoop.Options(
                boundary == BoundaryInterpolation.EDGE_ONLY ? ReferenceCreaseLoop.Boundary.EDGE_ONLY
                        : ReferenceCreaseLoop.Boundary.EDGE_AND_CORNER, ReferenceCreaseLoop.Creasing.UNIFORM);
        ReferenceCreaseLoop.Level base = ReferenceCreaseLoop.base(mesh, Map.of(), o);
        try (Tessellator t = Tessellators.create("java")) {
            for (int level = 1; level <= levels; level++) {
                ReferenceCreaseLoop.Level ref = ReferenceCreaseLoop.refine(base, level);
                RefineResult r = t.refine(mesh, RefineOptions.uniform(level).withBoundary(boundary));
                double diag = MeshMatcher.diagonal(ref.mesh().positions());
                MeshMatcher.assertSameMesh(r.mesh(), ref.mesh().positions(), ref.mesh().triangles(), 1e-5 * diag,
                        name + " level " + level);
            }
        }
    }

    /** {@code withCreases(false)} is plain Loop; with the tags the output differs. */
    @Test
    void ignoringCreasesGivesPlainLoop() {
        TriangleMesh creased = SyntheticMeshes.octahedronEquator(10f);
        TriangleMesh plain = SyntheticMeshes.octahedron();
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult ignored = t.refine(creased, RefineOptions.uniform(2).withCreases(false));
            RefineResult smooth = t.refine(plain, RefineOptions.uniform(2));
            RefineResult sharp = t.refine(creased, RefineOptions.uniform(2));
            for (int v = 0; v < smooth.mesh().vertexCount(); v++) {
                for (int x = 0; x < 3; x++) {
                    assertEquals(smooth.mesh().position(v, x), ignored.mesh().position(v, x), "vertex " + v);
                }
            }
            boolean differs = false;
            for (int v = 0; v < smooth.mesh().vertexCount(); v++) {
                differs |= smooth.mesh().position(v, 0) != sharp.mesh().position(v, 0);
            }
            assertTrue(differs, "the crease changed nothing");
        }
    }

    /**
     * The limit surface with infinitely sharp creases and corners: positions equal the reference's
     * limit (OpenSubdiv's crease and corner limit masks at the finest level) within 1e-5 of the
     * diagonal, and normals within 0.05 degrees wherever the reference's rule is smooth. (At crease
     * vertices the normal is one-sided; which side is a convention, see docs/design.md.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("limitCases")
    void limitEqualsTheReference(String name, TriangleMesh mesh, BoundaryInterpolation boundary) {
        ReferenceCreaseLoop.Options o = new ReferenceCreaseLoop.Options(
                boundary == BoundaryInterpolation.EDGE_ONLY ? ReferenceCreaseLoop.Boundary.EDGE_ONLY
                        : ReferenceCreaseLoop.Boundary.EDGE_AND_CORNER, ReferenceCreaseLoop.Creasing.UNIFORM);
        ReferenceCreaseLoop.Level base = ReferenceCreaseLoop.base(mesh, Map.of(), o);
        try (Tessellator t = Tessellators.create("java")) {
            for (int level = 0; level <= 3; level++) {
                ReferenceCreaseLoop.Limit ref = ReferenceCreaseLoop.limit(ReferenceCreaseLoop.refine(base, level));
                RefineResult r = t.refine(mesh, RefineOptions.uniform(level).withBoundary(boundary).withLimitSurface(true));
                double diag = MeshMatcher.diagonal(ref.positions());
                int[] partner = new int[r.mesh().vertexCount()];
                MeshMatcher.assertSameMesh(r.mesh(), ref.positions(), ref.level().mesh().triangles(), 1e-5 * diag,
                        name + " level " + level, partner);
                for (int v = 0; v < partner.length; v++) {
                    if (ref.rules()[partner[v]] != ReferenceCreaseLoop.Rule.SMOOTH) {
                        continue;
                    }
                    double dot = 0;
                    for (int x = 0; x < 3; x++) {
                        dot += r.normal(v, x) * ref.normals()[3 * partner[v] + x];
                    }
                    double deg = Math.toDegrees(Math.acos(Math.min(1, dot)));
                    assertTrue(deg <= 0.05, name + " level " + level + ": normal of vertex " + v + " is " + deg
                            + " degrees off");
                }
            }
        }
    }

    static Stream<Arguments> limitCases() {
        return Stream.of(
                Arguments.of("octahedron, sharp equator", SyntheticMeshes.octahedronEquator(10f), BoundaryInterpolation.EDGE_ONLY),
                Arguments.of("mesh_with_border, edge and corner", TestMeshes.load("mesh_with_border.obj"),
                        BoundaryInterpolation.EDGE_AND_CORNER),
                Arguments.of("rookT", TestMeshes.load("rookT.obj"), BoundaryInterpolation.EDGE_ONLY),
                Arguments.of("octahedron, equator s=1.5", SyntheticMeshes.octahedronEquator(1.5f), BoundaryInterpolation.EDGE_ONLY),
                Arguments.of("octahedron, equator s=2", SyntheticMeshes.octahedronEquator(2f), BoundaryInterpolation.EDGE_ONLY),
                Arguments.of("open mesh, scattered tags s=10", SyntheticMeshes.gridWithLine(10f), BoundaryInterpolation.EDGE_ONLY),
                Arguments.of("open mesh, scattered tags s=0.5", SyntheticMeshes.gridWithLine(0.5f), BoundaryInterpolation.EDGE_ONLY));
    }

    /**
     * Corner tags ({@code t corner}, read from OBJ text) equal the reference's vertex sharpness:
     * infinite keeps the vertex fixed at every level, 1.5 for one level and blends at the next.
     */
    @Test
    void cornerTagsEqualTheReference() throws Exception {
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        StringBuilder obj = new StringBuilder();
        for (int v = 0; v < ico.vertexCount(); v++) {
            obj.append("v ").append(ico.position(v, 0)).append(' ').append(ico.position(v, 1)).append(' ')
                    .append(ico.position(v, 2)).append('\n');
        }
        for (int t = 0; t < ico.triangleCount(); t++) {
            obj.append("f ").append(ico.vertex(t, 0) + 1).append(' ').append(ico.vertex(t, 1) + 1).append(' ')
                    .append(ico.vertex(t, 2) + 1).append('\n');
        }
        obj.append("t corner 1/1/0 0 10\n").append("t corner 2/2/0 3 5 1.5 0.5\n");
        TriangleMesh tagged = org.loopsub.obj.ObjReader.read(new java.io.StringReader(obj.toString()), "tags").mesh();
        assertEquals(3, tagged.corners().size(), "three corner tags read");
        ReferenceCreaseLoop.Level base = ReferenceCreaseLoop.base(ico, Map.of(0, 10f, 3, 1.5f, 5, 0.5f),
                ReferenceCreaseLoop.Options.DEFAULT);
        try (Tessellator t = Tessellators.create("java")) {
            for (int level = 1; level <= 3; level++) {
                ReferenceCreaseLoop.Level ref = ReferenceCreaseLoop.refine(base, level);
                RefineResult r = t.refine(tagged, RefineOptions.uniform(level));
                MeshMatcher.assertSameMesh(r.mesh(), ref.mesh().positions(), ref.mesh().triangles(),
                        1e-5 * MeshMatcher.diagonal(ref.mesh().positions()), "corner tags level " + level);
                ReferenceCreaseLoop.Limit lim = ReferenceCreaseLoop.limit(ref);
                RefineResult rl = t.refine(tagged, RefineOptions.uniform(level).withLimitSurface(true));
                MeshMatcher.assertSameMesh(rl.mesh(), lim.positions(), ref.mesh().triangles(),
                        1e-5 * MeshMatcher.diagonal(lim.positions()), "corner tags, limit, level " + level);
            }
        }
    }

    /**
     * Seeded random tags on closed and open meshes (edges with sharpness 0.3 to infinite, boundary
     * edges and corners included, vertex tags): uniform output and its limit equal the reference at
     * levels 1 and 2, with both boundary options. Meshes and tags no other test chose.
     */
    @Test
    void randomTagsEqualTheReference() {
        float[] values = {0.3f, 1f, 1.7f, 2.5f, 3f, 10f};
        TriangleMesh[] meshes = {TestMeshes.load("icosahedron.obj"), TestMeshes.load("mesh_with_border.obj"),
            SyntheticMeshes.diskWithHoles(), SyntheticMeshes.highValenceCone(9), SyntheticMeshes.torus(6, 5, 2)};
        try (Tessellator t = Tessellators.create("java")) {
            for (int mi = 0; mi < meshes.length; mi++) {
                TriangleMesh m = meshes[mi];
                java.util.Random random = new java.util.Random(100 + mi);
                List<Crease> tags = new ArrayList<>();
                for (int f = 0; f < m.triangleCount(); f++) {
                    if (random.nextInt(4) == 0) {
                        int c = random.nextInt(3);
                        tags.add(new Crease(m.vertex(f, c), m.vertex(f, (c + 1) % 3), values[random.nextInt(values.length)]));
                    }
                }
                Map<Integer, Float> vertexTags = new java.util.HashMap<>();
                List<org.loopsub.api.Corner> corners = new ArrayList<>();
                for (int v = 0; v < m.vertexCount(); v++) {
                    if (random.nextInt(10) == 0) {
                        float s = values[random.nextInt(values.length)];
                        vertexTags.put(v, s);
                        corners.add(new org.loopsub.api.Corner(v, s));
                    }
                }
                TriangleMesh tagged = new TriangleMesh(m.positions(), m.triangles(), tags).withCorners(corners);
                for (BoundaryInterpolation b : BoundaryInterpolation.values()) {
                    ReferenceCreaseLoop.Options o = new ReferenceCreaseLoop.Options(
                            b == BoundaryInterpolation.EDGE_ONLY ? ReferenceCreaseLoop.Boundary.EDGE_ONLY
                                    : ReferenceCreaseLoop.Boundary.EDGE_AND_CORNER, ReferenceCreaseLoop.Creasing.UNIFORM);
                    ReferenceCreaseLoop.Level base = ReferenceCreaseLoop.base(tagged, vertexTags, o);
                    for (int level = 1; level <= 2; level++) {
                        String what = "mesh " + mi + " " + b + " level " + level;
                        ReferenceCreaseLoop.Level ref = ReferenceCreaseLoop.refine(base, level);
                        RefineResult r = t.refine(tagged, RefineOptions.uniform(level).withBoundary(b));
                        MeshMatcher.assertSameMesh(r.mesh(), ref.mesh().positions(), ref.mesh().triangles(),
                                1e-5 * MeshMatcher.diagonal(ref.mesh().positions()), what);
                        ReferenceCreaseLoop.Limit lim = ReferenceCreaseLoop.limit(ref);
                        RefineResult rl = t.refine(tagged, RefineOptions.uniform(level).withBoundary(b).withLimitSurface(true));
                        MeshMatcher.assertSameMesh(rl.mesh(), lim.positions(), ref.mesh().triangles(),
                                1e-5 * MeshMatcher.diagonal(lim.positions()), what + " limit");
                    }
                }
            }
        }
    }

    /** Adaptive refinement with creases stays crack-free, with and without the limit surface. */
    @Test
    void adaptiveWithCreasesIsCrackFree() {
        TriangleMesh[] meshes = {SyntheticMeshes.octahedronEquator(1.5f), SyntheticMeshes.gridWithLine(0.5f), SyntheticMeshes.gridWithLine(10f), TestMeshes.load("rookT.obj")};
        try (Tessellator t = Tessellators.create("java")) {
            for (TriangleMesh m : meshes) {
                for (long seed = 21; seed < 23; seed++) {
                    for (boolean limit : new boolean[] {false, true}) {
                        RefineResult r = t.refine(m, RefineOptions.adaptive(m.triangleCount() > 500 ? 3 : 4,
                                TestCriteria.randomCriterion(seed, 0.3)).withLimitSurface(limit));
                        CrackCheck.assertCrackFree(m, r.mesh(), "creases, seed " + seed + (limit ? ", limit" : ""));
                    }
                }
            }
        }
    }

    /** Chaikin's creasing equals the reference's at levels 1 to 3 (positions), and its limit. */
    @Test
    void chaikinEqualsTheReference() {
        List<TriangleMesh> meshes = new ArrayList<>(List.of(SyntheticMeshes.octahedronEquator(2.5f), SyntheticMeshes.gridWithLine(1.7f),
                TestMeshes.load("rookT.obj")));
        meshes.add(SyntheticMeshes.randomTags(SyntheticMeshes.torus(6, 5, 2), 7));
        try (Tessellator tess = Tessellators.create("java")) {
            for (int mi = 0; mi < meshes.size(); mi++) {
                TriangleMesh m = meshes.get(mi);
                ReferenceCreaseLoop.Level base = ReferenceCreaseLoop.base(m, Map.of(), new ReferenceCreaseLoop.Options(
                        ReferenceCreaseLoop.Boundary.EDGE_ONLY, ReferenceCreaseLoop.Creasing.CHAIKIN));
                for (int level = 1; level <= (m.triangleCount() > 1000 ? 2 : 3); level++) {
                    ReferenceCreaseLoop.Level ref = ReferenceCreaseLoop.refine(base, level);
                    RefineOptions o = RefineOptions.uniform(level).withCreasing(org.loopsub.api.Creasing.CHAIKIN);
                    RefineResult r = tess.refine(m, o);
                    MeshMatcher.assertSameMesh(r.mesh(), ref.mesh().positions(), ref.mesh().triangles(),
                            1e-5 * MeshMatcher.diagonal(ref.mesh().positions()), "chaikin mesh " + mi + " level " + level);
                    ReferenceCreaseLoop.Limit lim = ReferenceCreaseLoop.limit(ref);
                    RefineResult rl = tess.refine(m, o.withLimitSurface(true));
                    MeshMatcher.assertSameMesh(rl.mesh(), lim.positions(), ref.mesh().triangles(),
                            1e-5 * MeshMatcher.diagonal(lim.positions()), "chaikin limit mesh " + mi + " level " + level);
                }
            }
            // the random tags meet with different sharpness: Chaikin's surface is not the uniform one
            TriangleMesh mixed = meshes.get(meshes.size() - 1);
            float[] chaikin = tess.refine(mixed, RefineOptions.uniform(2).withCreasing(org.loopsub.api.Creasing.CHAIKIN))
                    .mesh().positions();
            float[] uniform = tess.refine(mixed, RefineOptions.uniform(2)).mesh().positions();
            assertTrue(!java.util.Arrays.equals(chaikin, uniform), "Chaikin changed nothing");
        }
    }
}
