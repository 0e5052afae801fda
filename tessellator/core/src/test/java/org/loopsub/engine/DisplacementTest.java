package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.api.Displacement;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.reference.ReferenceCreaseLoop;
import org.loopsub.reference.ReferenceFaceVarying;
import org.loopsub.testing.CrackCheck;
import org.loopsub.testing.DisplacementMaps;
import org.loopsub.testing.SyntheticMeshes;
import org.loopsub.testing.TestCameras;
import org.loopsub.testing.TestCriteria;

/**
 * Displaced output ({@link RefineOptions#withDisplacement}) on the Java back end, against an
 * independent reference: OpenSubdiv's limit positions and normals in double
 * ({@link ReferenceCreaseLoop#limit}), the linear face-varying uvs ({@link ReferenceFaceVarying}) and
 * a bilinear filter in double written from the definition (texel centres, wrap) in
 * {@link DisplacementMaps}, sharing no code with the engine's.
 */
class DisplacementTest {
    static RefineResult refine(String backend, TriangleMesh mesh, RefineOptions options) {
        try (Tessellator t = Tessellators.create(backend)) {
            return t.refine(mesh, options);
        }
    }

    static Stream<Arguments> seamless() {
        return Stream.of(
                Arguments.of("mesh_with_border projected", SyntheticMeshes.projected(TestMeshes.load("mesh_with_border.obj"))),
                Arguments.of("icosahedron projected", SyntheticMeshes.projected(TestMeshes.load("icosahedron.obj"))),
                Arguments.of("disk with holes projected", SyntheticMeshes.projected(SyntheticMeshes.diskWithHoles())),
                Arguments.of("valence-9 cone projected", SyntheticMeshes.projected(SyntheticMeshes.highValenceCone(9))));
    }

    /**
     * Uniform output at levels 0-3: every output vertex is the reference's limit position moved along
     * the reference's unit limit normal by offset + scale h(uv), h the reference filter at the
     * reference's uv, within 1e-5 of the diagonal; and one output vertex per reference vertex.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("seamless")
    void uniformEqualsTheReference(String name, TriangleMesh mesh) {
        double diag = TestCameras.diagonal(mesh);
        for (Displacement.Wrap wrap : Displacement.Wrap.values()) {
            Displacement d = DisplacementMaps.map((float) (0.02 * diag), (float) (0.004 * diag)).withWrap(wrap);
            ReferenceCreaseLoop.Level base = ReferenceCreaseLoop.base(mesh, Map.of(), ReferenceCreaseLoop.Options.DEFAULT);
            ReferenceFaceVarying.Channel channel = channel(mesh);
            for (int level = 0; level <= 3; level++) {
                ReferenceFaceVarying.Refined ref = ReferenceFaceVarying.refine(base, channel,
                        ReferenceFaceVarying.Interpolation.LINEAR, level);
                double[] expected = displacedReference(ref, d);
                RefineResult r = refine("java", mesh, RefineOptions.uniform(level).withDisplacement(d));
                String what = name + " " + wrap + " level " + level;
                assertEquals(expected.length / 3, r.mesh().vertexCount(), what + ": vertices");
                double worst = worstNearest(r.mesh(), expected);
                assertTrue(worst <= 1e-5 * diag, what + ": a vertex lies " + worst / diag
                        + " diagonals from every displaced reference vertex");
            }
        }
    }

    static ReferenceFaceVarying.Channel channel(TriangleMesh mesh) {
        double[] values = new double[2 * mesh.uvCount()];
        for (int i = 0; i < mesh.uvCount(); i++) {
            values[2 * i] = mesh.uv(i, 0);
            values[2 * i + 1] = mesh.uv(i, 1);
        }
        return new ReferenceFaceVarying.Channel(mesh.uvIndices(), values);
    }

    /** Per reference vertex: limit + (offset + scale h(uv)) n, n of unit length, uv of any corner (no seams). */
    static double[] displacedReference(ReferenceFaceVarying.Refined ref, Displacement d) {
        ReferenceCreaseLoop.Limit lim = ReferenceCreaseLoop.limit(ref.last());
        int[] tris = ref.last().mesh().triangles();
        int nv = lim.positions().length / 3;
        double[] out = new double[3 * nv];
        boolean[] done = new boolean[nv];
        for (int t = 0; t < tris.length / 3; t++) {
            for (int c = 0; c < 3; c++) {
                int v = tris[3 * t + c];
                if (done[v]) {
                    continue;
                }
                done[v] = true;
                double u = ref.lastChannel().value(t, c, 0);
                double w = ref.lastChannel().value(t, c, 1);
                double amount = d.offset() + (double) d.scale() * DisplacementMaps.referenceHeight(d, u, w);
                double[] n = {lim.normals()[3 * v], lim.normals()[3 * v + 1], lim.normals()[3 * v + 2]};
                double len = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
                for (int x = 0; x < 3; x++) {
                    out[3 * v + x] = lim.positions()[3 * v + x] + amount * n[x] / len;
                }
            }
        }
        return out;
    }

    /** The largest distance from an output vertex to its nearest point of {@code points}. */
    static double worstNearest(TriangleMesh m, double[] points) {
        double worst = 0;
        for (int v = 0; v < m.vertexCount(); v++) {
            double best = Double.MAX_VALUE;
            for (int q = 0; q < points.length; q += 3) {
                double dx = m.position(v, 0) - points[q];
                double dy = m.position(v, 1) - points[q + 1];
                double dz = m.position(v, 2) - points[q + 2];
                best = Math.min(best, dx * dx + dy * dy + dz * dz);
            }
            worst = Math.max(worst, Math.sqrt(best));
        }
        return worst;
    }

    static Stream<Arguments> crackCases() {
        TriangleMesh border = SyntheticMeshes.projected(TestMeshes.load("mesh_with_border.obj"));
        TriangleMesh disk = SyntheticMeshes.projected(SyntheticMeshes.diskWithHoles());
        TriangleMesh tagged = UvCharts.withTags(border, SyntheticMeshes.randomTags(border, 5).creases(), java.util.List.of());
        TriangleMesh torus = SyntheticMeshes.torus(8, 6, 3);
        TriangleMesh torusTagged = UvCharts.withTags(SyntheticMeshes.projected(torus),
                SyntheticMeshes.randomTags(torus, 9).creases(), java.util.List.of());
        return Stream.of(
                Arguments.of("mesh_with_border (boundary)", border, false),
                Arguments.of("disk with holes (boundaries)", disk, false),
                Arguments.of("mesh_with_border with crease tags", tagged, false),
                Arguments.of("torus with crease tags", torusTagged, false),
                Arguments.of("icosahedron, seam in u", SyntheticMeshes.seamed(TestMeshes.load("icosahedron.obj")), true),
                Arguments.of("disk with holes, seam in u", SyntheticMeshes.seamed(SyntheticMeshes.diskWithHoles()), true));
    }

    /**
     * Adaptive displaced output under seeded random verdicts is as closed as the input: boundaries,
     * crease tags (semi-sharp and infinite), and uv seams with a map that meets the documented
     * condition (the same height on both sides: here a map that varies along v alone, as the seams
     * separate charts in u).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("crackCases")
    void adaptiveIsCrackFree(String name, TriangleMesh mesh, boolean seams) {
        double diag = TestCameras.diagonal(mesh);
        Displacement d = seams ? DisplacementMaps.rowsMap((float) (0.03 * diag)) : DisplacementMaps.map((float) (0.03 * diag), (float) (0.01 * diag));
        for (long seed = 1; seed <= 3; seed++) {
            RefineOptions o = RefineOptions.adaptive(4, TestCriteria.randomCriterion(seed, 0.25 * seed))
                    .withDisplacement(d);
            RefineResult r = refine("java", mesh, o);
            CrackCheck.assertCrackFree(mesh, r.mesh(), name + " seed " + seed);
            assertTrue(moved(mesh, o, r) > 1e-3 * diag, name + ": the output moved");
        }
    }

    /** The largest distance between the displaced output's vertices and the undisplaced limit output's. */
    static double moved(TriangleMesh mesh, RefineOptions displaced, RefineResult r) {
        RefineResult plain = refine("java", mesh, displaced.withDisplacement(null).withLimitSurface(true));
        double most = 0;
        for (int v = 0; v < Math.min(plain.mesh().vertexCount(), r.mesh().vertexCount()); v++) {
            double s = 0;
            for (int x = 0; x < 3; x++) {
                double e = plain.mesh().position(v, x) - r.mesh().position(v, x);
                s += e * e;
            }
            most = Math.max(most, Math.sqrt(s));
        }
        return most;
    }

    /**
     * The seam condition is real: a map that differs across a seam opens it (one uv per side, each
     * side its own height), which is why the documentation states it.
     */
    @Test
    void aMapThatDiffersAcrossASeamOpensIt() {
        TriangleMesh ico = SyntheticMeshes.seamed(TestMeshes.load("icosahedron.obj"));
        double diag = TestCameras.diagonal(ico);
        int closed = refine("java", ico, RefineOptions.uniform(2).withLimitSurface(true)).mesh().vertexCount();
        RefineResult rows = refine("java", ico, RefineOptions.uniform(2).withDisplacement(DisplacementMaps.rowsMap((float) (0.05 * diag))));
        assertEquals(closed, rows.mesh().vertexCount(), "a map that meets the condition keeps the seam welded");
        RefineResult open = refine("java", ico, RefineOptions.uniform(2).withDisplacement(DisplacementMaps.map((float) (0.05 * diag), 0f)));
        assertTrue(open.mesh().vertexCount() > closed,
                "the seam stays welded although its two sides sample different heights");
    }

    /**
     * A constant displacement (scale 0) of a flat grid moves every vertex by exactly the offset along
     * the plane's normal.
     */
    @Test
    void constantOffsetOfAPlaneIsAParallelPlane() {
        TriangleMesh grid = SyntheticMeshes.projected(SyntheticMeshes.planarGrid(6, 1f, 1f));
        double[] n = LimitSurfaceTest.faceNormal(grid, 0);
        double d0 = LimitSurfaceTest.dot(n, grid, 0);
        float offset = 0.125f;
        for (RefineOptions o : new RefineOptions[] {RefineOptions.uniform(2),
            RefineOptions.adaptive(3, TestCriteria.randomCriterion(4, 0.4))}) {
            RefineResult r = refine("java", grid, o.withDisplacement(DisplacementMaps.map(0f, offset)));
            for (int v = 0; v < r.mesh().vertexCount(); v++) {
                assertEquals(d0 + offset, LimitSurfaceTest.dot(n, r.mesh(), v), 1e-6, "distance of vertex " + v);
            }
        }
    }

    /**
     * The output's normals are the displaced triangles' (area-weighted, in double), not the limit
     * normals: on a flat grid under a varying map they tilt away from the plane's.
     */
    @Test
    void normalsAreTheDisplacedTriangles() {
        TriangleMesh grid = SyntheticMeshes.projected(SyntheticMeshes.planarGrid(6, 1f, 1f));
        double[] plane = LimitSurfaceTest.faceNormal(grid, 0);
        RefineResult r = refine("java", grid, RefineOptions.uniform(3).withDisplacement(DisplacementMaps.map(0.1f, 0f)));
        TriangleMesh m = r.mesh();
        double[] sum = new double[3 * m.vertexCount()];
        for (int t = 0; t < m.triangleCount(); t++) {
            double[] a = new double[3];
            double[] b = new double[3];
            for (int x = 0; x < 3; x++) {
                a[x] = m.position(m.vertex(t, 1), x) - m.position(m.vertex(t, 0), x);
                b[x] = m.position(m.vertex(t, 2), x) - m.position(m.vertex(t, 0), x);
            }
            double[] c = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
            for (int k = 0; k < 3; k++) {
                for (int x = 0; x < 3; x++) {
                    sum[3 * m.vertex(t, k) + x] += c[x];
                }
            }
        }
        double mostTilt = 0;
        for (int v = 0; v < m.vertexCount(); v++) {
            double len = Math.sqrt(sum[3 * v] * sum[3 * v] + sum[3 * v + 1] * sum[3 * v + 1] + sum[3 * v + 2] * sum[3 * v + 2]);
            double dot = 0;
            for (int x = 0; x < 3; x++) {
                assertEquals(sum[3 * v + x] / len, r.normal(v, x), 1e-5, "normal of vertex " + v);
                dot += plane[x] * r.normal(v, x);
            }
            mostTilt = Math.max(mostTilt, Math.acos(Math.min(1, dot)));
        }
        assertTrue(mostTilt > 0.05, "no normal tilts off the plane's: " + mostTilt);
    }

    /** Displacement implies the limit surface, and a mesh without uvs is refused, naming the cause. */
    @Test
    void impliesTheLimitAndNeedsUvs() {
        Displacement d = DisplacementMaps.map(1f, 0f);
        assertTrue(RefineOptions.uniform(1).withDisplacement(d).limitSurface());
        TriangleMesh bare = TestMeshes.load("icosahedron.obj");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> refine("java", bare, RefineOptions.uniform(1).withDisplacement(d)));
        assertTrue(e.getMessage().contains("uvs"), e.getMessage());
    }
}
