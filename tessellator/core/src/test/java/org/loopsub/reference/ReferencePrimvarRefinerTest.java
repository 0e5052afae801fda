package org.loopsub.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.api.Crease;
import org.loopsub.api.Primvar.Interpolation;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.reference.ReferenceCreaseLoop.Boundary;
import org.loopsub.reference.ReferenceCreaseLoop.Creasing;
import org.loopsub.reference.ReferenceCreaseLoop.Level;
import org.loopsub.reference.ReferenceCreaseLoop.Options;
import org.loopsub.reference.ReferencePrimvarRefiner.Channel;
import org.loopsub.reference.ReferencePrimvarRefiner.Refined;
import org.loopsub.testing.SyntheticMeshes;

/**
 * Checks {@link ReferencePrimvarRefiner} by properties the rules must have and values worked out by
 * hand: vertex data follows affine maps of the positions (Loop's masks are affine combinations, with
 * or without creases), varying data is piecewise linear over the base triangles with dyadic weights,
 * face-varying data without seams is the vertex or varying rule, constants stay constant, and the
 * tetrahedron's masks give the numbers of docs/design.md §3.
 */
class ReferencePrimvarRefinerTest {
    private static final Options EDGE_AND_CORNER = new Options(Boundary.EDGE_AND_CORNER, Creasing.UNIFORM);

    static Stream<Arguments> meshes() {
        TriangleMesh border = TestMeshes.load("mesh_with_border.obj");
        return Stream.of(
                Arguments.of("tetrahedron", SyntheticMeshes.tetrahedron(), Options.DEFAULT),
                Arguments.of("mesh_with_border, random tags", SyntheticMeshes.randomTags(border, 7), Options.DEFAULT),
                Arguments.of("disk with holes, tagged line", SyntheticMeshes.gridWithLine(1.5f), Options.DEFAULT),
                Arguments.of("open grid, edge and corner", SyntheticMeshes.randomTags(SyntheticMeshes.openGrid(4), 3),
                        EDGE_AND_CORNER),
                Arguments.of("cone of valence 9, Chaikin", SyntheticMeshes.randomTags(
                        SyntheticMeshes.highValenceCone(9), 5), new Options(Boundary.EDGE_ONLY, Creasing.CHAIKIN)));
    }

    private static Level base(TriangleMesh mesh, Options options) {
        return ReferenceCreaseLoop.base(mesh, Map.of(), options);
    }

    /** The affine map every vertex channel in these tests is made by: 4 floats from (x, y, z). */
    private static double[] affine(double x, double y, double z) {
        return new double[] {x + 2 * y - 0.5, 3 * z - 1, -x, 5};
    }

    private static double[] affineChannel(double[] positions) {
        int nv = positions.length / 3;
        double[] out = new double[4 * nv];
        for (int v = 0; v < nv; v++) {
            System.arraycopy(affine(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]), 0, out, 4 * v, 4);
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("meshes")
    void vertexDataFollowsAffineMapsOfThePositions(String name, TriangleMesh mesh, Options options) {
        Level base = base(mesh, options);
        Channel c = new Channel("c", Interpolation.VERTEX, 4, affineChannel(base.mesh().positions()), null);
        Refined r = ReferencePrimvarRefiner.refine(base, List.of(c), ReferenceFaceVarying.Interpolation.SMOOTH, 3);
        for (int l = 0; l <= 3; l++) {
            Level level = r.levels().get(l);
            Channel got = r.channels().get(l).get(0);
            assertArrayEquals(affineChannel(level.mesh().positions()), got.values(), 1e-12, name + " level " + l);
            Channel limit = ReferencePrimvarRefiner.limit(level, got, ReferenceFaceVarying.Interpolation.SMOOTH);
            assertArrayEquals(affineChannel(ReferenceCreaseLoop.limit(level).positions()), limit.values(), 1e-12,
                    name + " limit at level " + l);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("meshes")
    void varyingDataIsPiecewiseLinearOverTheBaseTriangles(String name, TriangleMesh mesh, Options options) {
        Level base = base(mesh, options);
        double[] p0 = base.mesh().positions();
        int[] t0 = base.mesh().triangles();
        Channel c = new Channel("w", Interpolation.VARYING, 3, p0.clone(), null);
        int levels = 3;
        Refined r = ReferencePrimvarRefiner.refine(base, List.of(c), ReferenceFaceVarying.Interpolation.LINEAR, levels);
        Channel got = r.lastChannels().get(0);
        int[] tri = r.last().mesh().triangles();
        int scale = 1 << levels;
        for (int t = 0; t < tri.length / 3; t++) {
            // a triangle's four children follow it, so its ancestor is t / 4^levels
            int a = t / (scale * scale);
            double[] pa = point(p0, t0[3 * a]);
            double[] e1 = minus(point(p0, t0[3 * a + 1]), pa);
            double[] e2 = minus(point(p0, t0[3 * a + 2]), pa);
            for (int k = 0; k < 3; k++) {
                double[] d = minus(new double[] {got.value(tri[3 * t + k], 0), got.value(tri[3 * t + k], 1),
                        got.value(tri[3 * t + k], 2)}, pa);
                double[] bc = barycentric(e1, e2, d);
                double[] back = {pa[0] + bc[0] * e1[0] + bc[1] * e2[0], pa[1] + bc[0] * e1[1] + bc[1] * e2[1],
                        pa[2] + bc[0] * e1[2] + bc[1] * e2[2]};
                assertArrayEquals(back, new double[] {got.value(tri[3 * t + k], 0), got.value(tri[3 * t + k], 1),
                        got.value(tri[3 * t + k], 2)}, 1e-12, name + ": in the base triangle's plane");
                for (double w : new double[] {bc[0], bc[1], 1 - bc[0] - bc[1]}) {
                    assertTrue(w > -1e-12 && w < 1 + 1e-12, name + ": weight " + w + " outside [0, 1]");
                    assertEquals(Math.rint(w * scale), w * scale, 1e-9, name + ": weight " + w + " is not k/2^L");
                }
            }
        }
        for (int v = 0; v < base.mesh().vertexCount(); v++) {
            for (int x = 0; x < 3; x++) {
                assertEquals(p0[3 * v + x], got.value(v, x), name + ": a base vertex keeps its value");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("meshes")
    void faceVaryingWithoutSeamsIsTheVertexOrTheVaryingRule(String name, TriangleMesh mesh, Options options) {
        // FVAR_LINEAR_CORNERS_ONLY pins one-face corners, which Loop's vertex rule pins only with
        // edge-and-corner boundaries; meshes whose boundaries have such corners compare under it
        Options o = new Options(Boundary.EDGE_AND_CORNER, options.creasing());
        Level base = base(mesh, o);
        double[] values = affineChannel(base.mesh().positions());
        int[] indices = base.mesh().triangles().clone();
        List<Channel> channels = List.of(new Channel("v", Interpolation.VERTEX, 4, values, null),
                new Channel("w", Interpolation.VARYING, 4, values, null),
                new Channel("f", Interpolation.FACE_VARYING, 4, values, indices));
        for (ReferenceFaceVarying.Interpolation rule : ReferenceFaceVarying.Interpolation.values()) {
            Refined r = ReferencePrimvarRefiner.refine(base, channels, rule, 3);
            Channel expected = r.lastChannels().get(rule == ReferenceFaceVarying.Interpolation.SMOOTH ? 0 : 1);
            Channel fv = r.lastChannels().get(2);
            int[] tri = r.last().mesh().triangles();
            for (int corner = 0; corner < tri.length; corner++) {
                for (int x = 0; x < 4; x++) {
                    assertEquals(expected.value(tri[corner], x), fv.value(fv.indices()[corner], x), 1e-12,
                            name + " " + rule + ": corner " + corner);
                }
            }
        }
    }

    @Test
    void constantsStayConstantAcrossSeamsCreasesAndLimits() {
        TriangleMesh mesh = SyntheticMeshes.randomTags(TestMeshes.load("mesh_with_border.obj"), 11);
        Level base = base(mesh, Options.DEFAULT);
        int nv = base.mesh().vertexCount();
        int nt = base.mesh().triangleCount();
        // face-varying: every triangle its own three values (seams everywhere), all equal
        int[] own = new int[3 * nt];
        for (int i = 0; i < own.length; i++) {
            own[i] = i;
        }
        double[] k = {0.25, -3};
        List<Channel> channels = List.of(new Channel("v", Interpolation.VERTEX, 2, fill(nv, k), null),
                new Channel("w", Interpolation.VARYING, 2, fill(nv, k), null),
                new Channel("f", Interpolation.FACE_VARYING, 2, fill(3 * nt, k), own));
        for (ReferenceFaceVarying.Interpolation rule : ReferenceFaceVarying.Interpolation.values()) {
            Refined r = ReferencePrimvarRefiner.refine(base, channels, rule, 2);
            for (Channel c : r.lastChannels()) {
                Channel lim = ReferencePrimvarRefiner.limit(r.last(), c, rule);
                for (Channel each : List.of(c, lim)) {
                    for (int v = 0; v < each.valueCount(); v++) {
                        assertEquals(k[0], each.value(v, 0), 1e-12, c.name() + " " + rule);
                        assertEquals(k[1], each.value(v, 1), 1e-12, c.name() + " " + rule);
                    }
                }
            }
        }
    }

    @Test
    void tetrahedronMasksByHand() {
        // vertices 0..3; a scalar that is 1 at vertex 1 alone, first smooth, then with edges (0, 1)
        // and (1, 2) infinitely sharp, which makes vertex 1 a crease and vertices 0 and 2 darts
        TriangleMesh tet = SyntheticMeshes.tetrahedron();
        double[] one = {0, 1, 0, 0};
        for (boolean creased : new boolean[] {false, true}) {
            TriangleMesh m = creased
                    ? new TriangleMesh(tet.positions(), tet.triangles(), List.of(new Crease(0, 1, 10), new Crease(1, 2, 10)))
                    : tet;
            ReferenceCreaseLoop.Step step = ReferenceCreaseLoop.step(base(m, Options.DEFAULT));
            Channel v = ReferencePrimvarRefiner.interpolate(step, new Channel("v", Interpolation.VERTEX, 1, one, null));
            Channel w = ReferencePrimvarRefiner.interpolateVarying(step,
                    new Channel("w", Interpolation.VARYING, 1, one, null));
            int e01 = step.edgeVertex().get(ReferenceCreaseLoop.key(0, 1));
            int e12 = step.edgeVertex().get(ReferenceCreaseLoop.key(1, 2));
            int e02 = step.edgeVertex().get(ReferenceCreaseLoop.key(0, 2));
            // valence 3: beta = 3/16, centre 1 - 3 beta = 7/16; crease: 3/4 p + 1/8 (q0 + q2)
            assertEquals(creased ? 0.75 : 7.0 / 16.0, v.value(1, 0), 1e-15, "vertex 1, creased " + creased);
            // a dart takes the smooth mask
            assertEquals(3.0 / 16.0, v.value(0, 0), 1e-15, "vertex 0 (smooth or dart)");
            assertEquals(3.0 / 16.0, v.value(2, 0), 1e-15, "vertex 2 (smooth or dart)");
            assertEquals(3.0 / 16.0, v.value(3, 0), 1e-15, "vertex 3");
            assertEquals(creased ? 0.5 : 0.375, v.value(e01, 0), 1e-15, "edge (0, 1)");
            assertEquals(creased ? 0.5 : 0.375, v.value(e12, 0), 1e-15, "edge (1, 2)");
            assertEquals(0.125, v.value(e02, 0), 1e-15, "edge (0, 2): vertex 1 faces it");
            assertEquals(1, w.value(1, 0), "varying: vertex 1 kept");
            assertEquals(0.5, w.value(e01, 0), "varying: midpoint, sharp or not");
            assertEquals(0, w.value(e02, 0), "varying: nothing from the opposite vertex");
        }
    }

    private static double[] fill(int count, double[] value) {
        double[] out = new double[value.length * count];
        for (int i = 0; i < out.length; i++) {
            out[i] = value[i % value.length];
        }
        return out;
    }

    private static double[] point(double[] p, int v) {
        return new double[] {p[3 * v], p[3 * v + 1], p[3 * v + 2]};
    }

    private static double[] minus(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    /** Least-squares (s, t) with d = s e1 + t e2. */
    private static double[] barycentric(double[] e1, double[] e2, double[] d) {
        double a = dot(e1, e1);
        double b = dot(e1, e2);
        double c = dot(e2, e2);
        double det = a * c - b * b;
        double s = (c * dot(e1, d) - b * dot(e2, d)) / det;
        double t = (a * dot(e2, d) - b * dot(e1, d)) / det;
        return new double[] {s, t};
    }
}
