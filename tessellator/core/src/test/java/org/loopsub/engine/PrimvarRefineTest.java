package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.api.BoundaryInterpolation;
import org.loopsub.api.Corner;
import org.loopsub.api.Creasing;
import org.loopsub.api.Primvar;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.UvInterpolation;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.reference.ReferenceCreaseLoop;
import org.loopsub.reference.ReferenceFaceVarying;
import org.loopsub.reference.ReferencePrimvarRefiner;
import org.loopsub.reference.ReferencePrimvarRefiner.Channel;
import org.loopsub.testing.CrackCheck;
import org.loopsub.testing.SyntheticMeshes;
import org.loopsub.testing.TestCriteria;

/**
 * The Java back end's primvars: at uniform levels 0 to 3 every channel equals the independent
 * reference of OpenSubdiv's primvar rules ({@link ReferencePrimvarRefiner}) within 1e-6, vertex for
 * vertex (vertex and varying channels) and corner for corner (face-varying), on meshes with creases,
 * corner tags, boundaries and seams, with both face-varying rules, both boundary options, Chaikin
 * creasing and on the limit surface; adaptive output is crack-free in every channel (every corner of
 * a vertex carries the same bits) and a vertex channel that is an affine map of the positions stays
 * that map of the output's positions.
 */
class PrimvarRefineTest {
    private static final int LEVELS = 3;

    /** One case: a mesh with primvars and the options its reference follows. */
    private record Case(String name, TriangleMesh mesh, BoundaryInterpolation boundary, Creasing creasing) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> cases() {
        TriangleMesh border = TestMeshes.load("mesh_with_border.obj");
        TriangleMesh tagged = SyntheticMeshes.randomTags(border, 7);
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        TriangleMesh cornered = SyntheticMeshes.randomTags(ico, 3).withCorners(List.of(new Corner(0, 10f),
                new Corner(5, 1.5f)));
        return Stream.of(
                new Case("mesh_with_border, random tags", withChannels(tagged), BoundaryInterpolation.EDGE_ONLY,
                        Creasing.UNIFORM),
                new Case("icosahedron, tags and corners", withChannels(cornered), BoundaryInterpolation.EDGE_ONLY,
                        Creasing.UNIFORM),
                new Case("disk with holes, semi-sharp line, edge and corner",
                        withChannels(SyntheticMeshes.gridWithLine(1.5f)), BoundaryInterpolation.EDGE_AND_CORNER,
                        Creasing.UNIFORM),
                new Case("cone of valence 9, Chaikin", withChannels(SyntheticMeshes.randomTags(
                        SyntheticMeshes.highValenceCone(9), 5)), BoundaryInterpolation.EDGE_ONLY, Creasing.CHAIKIN))
                .map(Arguments::of);
    }

    /**
     * Three channels, none a function of the positions the masks could hide an error in: "color"
     * (vertex, width 4), "weights" (varying, width 5: three slices, the last one short) and "st2"
     * (face-varying, width 3, with the seam of {@link SyntheticMeshes#seamed}).
     */
    static TriangleMesh withChannels(TriangleMesh m) {
        int nv = m.vertexCount();
        float[] color = new float[4 * nv];
        float[] weights = new float[5 * nv];
        for (int v = 0; v < nv; v++) {
            for (int x = 0; x < 4; x++) {
                color[4 * v + x] = (float) Math.sin(1.7 * v + 0.9 * x + m.position(v, x % 3));
            }
            for (int x = 0; x < 5; x++) {
                weights[5 * v + x] = ((v * 7 + x * 3) % 11) / 11f;
            }
        }
        TriangleMesh seamed = SyntheticMeshes.seamed(m);
        float[] uv = seamed.uvs();
        int nu = seamed.uvCount();
        float[] st = new float[3 * nu];
        for (int i = 0; i < nu; i++) {
            st[3 * i] = uv[2 * i];
            st[3 * i + 1] = uv[2 * i + 1] * 2 - 1;
            st[3 * i + 2] = (i % 5) * 0.25f;
        }
        return m.withPrimvars(List.of(Primvar.vertex("color", 4, color), Primvar.varying("weights", 5, weights),
                Primvar.faceVarying("st2", 3, st, seamed.uvIndices())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void uniformChannelsEqualTheReference(Case c) {
        for (UvInterpolation rule : UvInterpolation.values()) {
            ReferenceFaceVarying.Interpolation refRule = ReferenceFaceVarying.Interpolation.valueOf(rule.name());
            ReferencePrimvarRefiner.Refined ref = ReferencePrimvarRefiner.refine(base(c), 
                    ReferencePrimvarRefiner.channels(c.mesh()), refRule, LEVELS);
            try (Tessellator t = Tessellators.create("java")) {
                for (int level = 0; level <= LEVELS; level++) {
                    for (boolean limit : new boolean[] {false, true}) {
                        RefineResult r = t.refine(c.mesh(), RefineOptions.uniform(level).withLimitSurface(limit)
                                .withBoundary(c.boundary()).withCreasing(c.creasing()).withUvInterpolation(rule));
                        ReferenceCreaseLoop.Level l = ref.levels().get(level);
                        List<Channel> expected = new ArrayList<>();
                        for (Channel ch : ref.channels().get(level)) {
                            expected.add(limit ? ReferencePrimvarRefiner.limit(l, ch, refRule) : ch);
                        }
                        double[] positions = limit ? ReferenceCreaseLoop.limit(l).positions() : l.mesh().positions();
                        assertEqualsReference(c + " " + rule + " level " + level + (limit ? " limit" : ""), r,
                                positions, l.mesh().triangles(), expected);
                    }
                }
            }
        }
    }

    private static ReferenceCreaseLoop.Level base(Case c) {
        Map<Integer, Float> corners = new HashMap<>();
        for (Corner k : c.mesh().corners()) {
            corners.put(k.vertex(), k.sharpness());
        }
        return ReferenceCreaseLoop.base(c.mesh(), corners, new ReferenceCreaseLoop.Options(
                ReferenceCreaseLoop.Boundary.valueOf(c.boundary().name()),
                ReferenceCreaseLoop.Creasing.valueOf(c.creasing().name())));
    }

    /** Matches output vertices and faces to the reference's, then every channel value to 1e-6. */
    private static void assertEqualsReference(String what, RefineResult r, double[] refPositions, int[] refTriangles,
                                              List<Channel> expected) {
        int[] partner = new int[r.mesh().vertexCount()];
        MeshMatcher.assertSameMesh(r.mesh(), refPositions, refTriangles, 1e-5 * MeshMatcher.diagonal(refPositions),
                what, partner);
        Map<List<Integer>, Integer> refFace = new HashMap<>();
        for (int t = 0; t < refTriangles.length / 3; t++) {
            refFace.put(MeshMatcher.canonical(refTriangles[3 * t], refTriangles[3 * t + 1], refTriangles[3 * t + 2]), t);
        }
        assertEquals(expected.size(), r.primvars().size(), what + ": channels");
        for (int i = 0; i < expected.size(); i++) {
            Channel e = expected.get(i);
            Primvar got = r.primvars().get(i);
            assertEquals(e.name(), got.name(), what);
            assertEquals(e.kind(), got.interpolation(), what);
            assertEquals(e.width(), got.width(), what);
            for (int t = 0; t < r.mesh().triangleCount(); t++) {
                int[] p = new int[3];
                for (int k = 0; k < 3; k++) {
                    p[k] = partner[r.mesh().vertex(t, k)];
                }
                Integer rt = refFace.get(MeshMatcher.canonical(p[0], p[1], p[2]));
                if (rt == null) {
                    fail(what + ": no reference face for output face " + t);
                }
                for (int k = 0; k < 3; k++) {
                    int rc = refTriangles[3 * rt] == p[k] ? 0 : refTriangles[3 * rt + 1] == p[k] ? 1 : 2;
                    int want = got.hasIndices() ? e.indices()[3 * rt + rc] : p[k];
                    int have = got.hasIndices() ? got.index(t, k) : r.mesh().vertex(t, k);
                    for (int x = 0; x < e.width(); x++) {
                        double d = Math.abs(got.value(have, x) - e.value(want, x));
                        if (d > 1e-6) {
                            fail(what + ": " + got.name() + " at output face " + t + " corner " + k + " component " + x
                                    + ": expected " + e.value(want, x) + ", got " + got.value(have, x));
                        }
                    }
                }
            }
        }
        assertTrue(r.warnings().stream().noneMatch(w -> w.startsWith("primvar")), what + ": " + r.warnings());
    }

    /** 4 floats from a position: the map {@link #adaptiveChannelsAreCrackFree} checks. */
    /** The output's channel "affine" is {@link #affine} of each output vertex's position. */
    private static void assertAffine(RefineResult r, String what) {
        Primvar a = r.mesh().primvar("affine").orElseThrow();
        double scale = 4 * MeshMatcher.diagonal(toDouble(r.mesh().positions()));
        for (int v = 0; v < r.mesh().vertexCount(); v++) {
            double[] want = affine(r.mesh().position(v, 0), r.mesh().position(v, 1), r.mesh().position(v, 2));
            for (int x = 0; x < 4; x++) {
                assertEquals(want[x], a.value(v, x), 1e-5 * scale, what + ": affine at vertex " + v);
            }
        }
    }

    /** {@link #affine} of each vertex's position, 4 floats a vertex: a vertex channel's values. */
    private static float[] affineValues(TriangleMesh mesh) {
        float[] values = new float[4 * mesh.vertexCount()];
        for (int v = 0; v < mesh.vertexCount(); v++) {
            double[] a = affine(mesh.position(v, 0), mesh.position(v, 1), mesh.position(v, 2));
            for (int x = 0; x < 4; x++) {
                values[4 * v + x] = (float) a[x];
            }
        }
        return values;
    }

    private static double[] affine(double x, double y, double z) {
        return new double[] {x + 2 * y - 0.5, 3 * z - 1, -x, 5};
    }

    static Stream<Arguments> adaptiveMeshes() {
        return Stream.of(
                Arguments.of("mesh_with_border, random tags", SyntheticMeshes.randomTags(
                        TestMeshes.load("mesh_with_border.obj"), 7)),
                Arguments.of("icosahedron", TestMeshes.load("icosahedron.obj")),
                Arguments.of("disk with holes", SyntheticMeshes.diskWithHoles()),
                Arguments.of("rookT", TestMeshes.load("rookT.obj")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("adaptiveMeshes")
    void adaptiveChannelsAreCrackFree(String name, TriangleMesh mesh) {
        float[] affine = affineValues(mesh);
        TriangleMesh m = withChannels(mesh);
        List<Primvar> channels = new ArrayList<>(m.primvars());
        channels.add(Primvar.vertex("affine", 4, affine));
        // face-varying without seams: its corners at a vertex weld to one value exactly when they agree to the bit
        channels.add(Primvar.faceVarying("seamless", 2, SyntheticMeshes.unitXy(mesh), mesh.triangles()));
        m = m.withPrimvars(channels);
        int depth = mesh.triangleCount() > 500 ? 3 : 5;
        try (Tessellator t = Tessellators.create("java")) {
            for (UvInterpolation rule : UvInterpolation.values()) {
                for (boolean limit : new boolean[] {false, true}) {
                    String what = name + " " + rule + (limit ? " limit" : "");
                    RefineResult r = t.refine(m, RefineOptions.adaptive(depth, TestCriteria.randomCriterion(17, 0.3))
                            .withLimitSurface(limit).withUvInterpolation(rule));
                    CrackCheck.assertCrackFree(m, r.mesh(), what);
                    assertTrue(r.warnings().stream().noneMatch(w -> w.startsWith("primvar")), what + ": " + r.warnings());
                    assertTrue(r.levels().stream().anyMatch(l -> l.finishedTriangles() > 0 && l.level() < depth),
                            what + ": the verdicts finish triangles early");
                    assertAffine(r, what);
                    Primvar s = r.mesh().primvar("seamless").orElseThrow();
                    int[] index = new int[r.mesh().vertexCount()];
                    java.util.Arrays.fill(index, -1);
                    for (int f = 0; f < r.mesh().triangleCount(); f++) {
                        for (int k = 0; k < 3; k++) {
                            int v = r.mesh().vertex(f, k);
                            if (index[v] >= 0 && index[v] != s.index(f, k)) {
                                fail(what + ": output vertex " + v + " has two seamless values");
                            }
                            index[v] = s.index(f, k);
                        }
                    }
                }
            }
        }
    }

    private static double[] toDouble(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }

    @Test
    void aWeldedVertexTakesItsSourcesValue() {
        // two copies of vertex 0 at one position: the weld keeps the first, whose value the channel keeps
        TriangleMesh tet = SyntheticMeshes.tetrahedron();
        float[] p = java.util.Arrays.copyOf(tet.positions(), 15);
        System.arraycopy(p, 0, p, 12, 3);
        int[] tri = tet.triangles();
        tri[3] = 4;
        float[] values = {1, 0, 0, 0, 99};
        TriangleMesh dup = TriangleMesh.of(p, tri).withPrimvars(List.of(Primvar.varying("w", 1, values)));
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult r = t.refine(dup, RefineOptions.uniform(0));
            Primvar w = r.primvars().get(0);
            for (int v = 0; v < r.mesh().vertexCount(); v++) {
                float expected = r.mesh().position(v, 0) == 1 && r.mesh().position(v, 1) == 1 ? 1 : 0;
                assertEquals(expected, w.value(v, 0), "vertex " + v);
            }
        }
    }

    /**
     * Conforming output (no slivers) carries vertex and varying channels: a vertex of the output keeps
     * its value, and a centroid that cuts a finished triangle takes the mean of its corners', so an
     * affine function of the positions stays that function of the conforming output's positions; a
     * face-varying channel is refused, naming it.
     */
    @Test
    void conformingOutputCarriesPerVertexChannelsAndRefusesFaceVaryingOnes() {
        TriangleMesh mesh = TestMeshes.load("mesh_with_border.obj");
        float[] affine = affineValues(mesh);
        TriangleMesh m = mesh.withPrimvars(List.of(Primvar.vertex("affine", 4, affine)));
        RefineOptions o = RefineOptions.adaptive(4, TestCriteria.randomCriterion(23, 0.4));
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult slivers = t.refine(m, o);
            RefineResult r = t.refine(m, o.withConforming(true));
            assertTrue(slivers.levels().stream().mapToLong(l -> l.slivers()).sum() > 0, "the verdicts made slivers");
            assertTrue(r.mesh().vertexCount() > slivers.mesh().vertexCount(), "centroids were added");
            CrackCheck.assertCrackFree(m, r.mesh(), "conforming with a channel");
            assertEquals(r.mesh().vertexCount(), r.mesh().primvar("affine").orElseThrow().valueCount());
            assertAffine(r, "conforming");
            TriangleMesh fv = mesh.withPrimvars(List.of(
                    Primvar.faceVarying("seamless", 2, SyntheticMeshes.unitXy(mesh), mesh.triangles())));
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> t.refine(fv, o.withConforming(true)));
            assertTrue(e.getMessage().contains("face-varying 'seamless'"), e.getMessage());
        }
    }
}
