package org.loopsub.samples.meshes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.obj.ObjReader;
import org.loopsub.samples.cli.Samples;

/**
 * The distance routine of {@link LimitDistance}: a point and a triangle in each Voronoi region (face,
 * three edges, three vertices) against distances worked out by hand, in every corner order; a
 * triangle of zero area; the hierarchy against testing every triangle; a mesh's own vertices at 0;
 * and the statistics of points at known distances.
 */
class LimitDistanceTest {
    private static final double[] A = {0, 0, 0};
    private static final double[] B = {1, 0, 0};
    private static final double[] C = {0, 1, 0};

    /** The distance to the triangle (A, B, C), checked the same in all six corner orders. */
    private static double d(double x, double y, double z) {
        double[] p = {x, y, z};
        double d = Math.sqrt(LimitDistance.distanceSquared(p, A, B, C));
        double[][][] orders = {{B, C, A}, {C, A, B}, {A, C, B}, {C, B, A}, {B, A, C}};
        for (double[][] o : orders) {
            assertEquals(d, Math.sqrt(LimitDistance.distanceSquared(p, o[0], o[1], o[2])), 1e-15);
        }
        return d;
    }

    @Test
    void aboveAndInTheTriangle() {
        assertEquals(2, d(0.25, 0.25, 2), 1e-15);
        assertEquals(0.5, d(0.1, 0.7, -0.5), 1e-15);
        assertEquals(0, d(0.2, 0.3, 0), 0);
        assertEquals(0, d(0, 0, 0), 0);
        assertEquals(0, d(0.5, 0.5, 0), 0);
    }

    @Test
    void besideAnEdge() {
        assertEquals(Math.sqrt(2), d(0.5, -1, 1), 1e-15); // edge AB, nearest (0.5, 0, 0)
        assertEquals(3, d(-3, 0.4, 0), 1e-15); // edge AC, nearest (0, 0.4, 0)
        assertEquals(Math.sqrt(0.5), d(1, 1, 0), 1e-15); // edge BC, nearest (0.5, 0.5, 0)
        assertEquals(Math.sqrt(0.5 + 4), d(1, 1, 2), 1e-15);
    }

    @Test
    void beyondAVertex() {
        assertEquals(Math.sqrt(3), d(-1, -1, -1), 1e-15); // A
        assertEquals(Math.sqrt(2), d(2, -1, 0), 1e-15); // B
        assertEquals(Math.sqrt(1 + 4 + 1), d(-1, 3, 1), 1e-15); // C
        assertEquals(Math.sqrt(1 + 0.25), d(2, 0.5, 0), 1e-15); // B: beyond B along x, above BC's end
    }

    @Test
    void aTriangleOfZeroAreaIsItsEdges() {
        double[] a = {0, 0, 0};
        double[] b = {1, 0, 0};
        double[] c = {2, 0, 0};
        assertEquals(1, Math.sqrt(LimitDistance.distanceSquared(new double[] {1.5, 1, 0}, a, b, c)), 1e-15);
        assertEquals(1, Math.sqrt(LimitDistance.distanceSquared(new double[] {3, 0, 0}, a, c, b)), 1e-15);
        assertEquals(Math.sqrt(3), Math.sqrt(LimitDistance.distanceSquared(new double[] {1, 1, 1}, a, a, a)), 1e-15);
    }

    @Test
    void theHierarchyFindsTheNearestTriangleAndAMeshsOwnVerticesAreAtZero() throws Exception {
        TriangleMesh ico;
        try (InputStream in = Samples.open("icosahedron")) {
            ico = ObjReader.read(new InputStreamReader(in, StandardCharsets.UTF_8), "icosahedron.obj").mesh();
        }
        TriangleMesh m;
        try (Tessellator t = Tessellators.create("java")) {
            m = t.refine(ico, RefineOptions.uniform(3).withLimitSurface(true)).mesh();
        }
        float[] pos = m.positions();
        LimitDistance.Reference ref = new LimitDistance.Reference(pos, m.triangles());
        assertEquals(m.triangleCount(), ref.triangleCount());
        for (int v = 0; v < m.vertexCount(); v++) {
            assertEquals(0, ref.distance(pos[3 * v], pos[3 * v + 1], pos[3 * v + 2]), 0, "vertex " + v);
        }
        LimitDistance.Distances own = LimitDistance.measure(pos, ref);
        assertEquals(0, own.max());
        assertEquals(m.vertexCount(), own.zeros());
        Random random = new Random(7);
        for (int i = 0; i < 2000; i++) {
            // inside, near and outside the surface (radius about 1), and far away
            double r = i < 1500 ? 0.5 + random.nextDouble() : 3 + 10 * random.nextDouble();
            double x = random.nextGaussian();
            double y = random.nextGaussian();
            double z = random.nextGaussian();
            double s = r / Math.sqrt(x * x + y * y + z * z);
            assertEquals(ref.bruteForceDistance(x * s, y * s, z * s), ref.distance(x * s, y * s, z * s), 0,
                    "point " + i);
        }
    }

    @Test
    void statisticsOfPointsAtKnownDistances() {
        // one square of two triangles in z = 0; 100 points at heights 0.01 .. 1.00 above it
        LimitDistance.Reference ref = new LimitDistance.Reference(new float[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0},
                new int[] {0, 1, 2, 0, 2, 3});
        assertEquals(Math.sqrt(2), ref.diagonal(), 1e-7);
        float[] pts = new float[3 * 100];
        for (int i = 0; i < 100; i++) {
            pts[3 * i] = 0.37f;
            pts[3 * i + 1] = 0.61f;
            pts[3 * i + 2] = (i + 1) / 100f;
        }
        LimitDistance.Distances d = LimitDistance.measure(pts, ref);
        assertEquals(1, d.max(), 1e-7);
        assertEquals(99, d.argMax());
        assertEquals(0.99, d.p99(), 1e-7);
        assertEquals(0.505, d.mean(), 1e-6);
        assertEquals(0, d.zeros());
        assertTrue(d.max() >= d.p99() && d.p99() >= d.mean());
    }
}
