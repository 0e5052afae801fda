package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import org.joml.Matrix4d;
import org.joml.Matrix4f;
import org.joml.Vector4d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.api.Camera;
import org.loopsub.api.Culling;
import org.loopsub.api.MatrixCamera;
import org.loopsub.api.Point3;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.View;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.stream.ViewCulling;
import org.loopsub.testing.CrackCheck;
import org.loopsub.testing.SyntheticMeshes;
import org.loopsub.testing.TestCameras;

/**
 * View culling (docs/design.md §4): what the camera sees is refined exactly as without culling,
 * the output stays crack-free, and what it cannot see is coarser. "Seen" is judged here on the
 * output triangles themselves, from the camera's matrices alone: a triangle is seen when it faces
 * the eye and does not lie wholly outside one plane of the view frustum.
 */
class CullingTest {

    /**
     * Frustum culling, where "seen" needs no depth test: what lies outside the view is not in front of
     * anything. Back faces are hidden by the front, which takes a picture to judge: CullingPictureTest
     * (samples) draws them.
     */
    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        TriangleMesh bigguy = TestMeshes.load("bigguyT.obj");
        TriangleMesh frog = TestMeshes.load("monsterfrogT.obj");
        TriangleMesh border = TestMeshes.load("mesh_with_border.obj");
        TriangleMesh torus = SyntheticMeshes.torus(12, 8, 3);
        TriangleMesh disk = SyntheticMeshes.diskWithHoles();
        all.add(Arguments.of("bigguyT", bigguy, TestCameras.closeUp(bigguy, 1), 5));
        all.add(Arguments.of("bigguyT, other side", bigguy, TestCameras.closeUp(bigguy, -1), 5));
        all.add(Arguments.of("monsterfrogT", frog, TestCameras.closeUp(frog, 1), 5));
        all.add(Arguments.of("mesh_with_border (open)", border, TestCameras.closeUp(border, 1), 6));
        all.add(Arguments.of("mesh_with_border (open), other side", border, TestCameras.closeUp(border, -1), 6));
        all.add(Arguments.of("torus", torus, TestCameras.closeUp(torus, 1), 6));
        all.add(Arguments.of("disk with holes", disk, TestCameras.closeUp(disk, 1), 6));
        return all.stream();
    }

    /**
     * On the limit surface every vertex's position is fixed at its birth, whatever else stopped, so
     * culling may change only what the camera cannot see: every triangle the camera sees without
     * culling is in the culled output, and the culled output's seen triangles are those, plus
     * slivers along the seams to culled regions, of small area.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theSeenSurfaceIsTheSameOnTheLimitSurface(String name, TriangleMesh mesh, Camera camera, int depth) {
        Culling culling = Culling.FRUSTUM;
        RefineOptions o = RefineOptions.adaptive(depth, new StopCriterion.ScreenEdgeLength(camera, 3f))
                .withLimitSurface(true);
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult all = t.refine(mesh, o.withCulling(Culling.NONE));
            RefineResult culled = t.refine(mesh, o.withCulling(culling));
            CrackCheck.assertCrackFree(mesh, culled.mesh(), name + " culled");
            Seen before = seen(all.mesh(), camera);
            Seen after = seen(culled.mesh(), camera);
            Map<String, Integer> afterAll = keys(culled.mesh());
            int missing = 0;
            for (String k : before.triangles.keySet()) {
                if (!afterAll.containsKey(k)) {
                    missing++;
                }
            }
            assertEquals(0, missing, name + ": triangles the camera sees without culling, missing with it (of "
                    + before.triangles.size() + ")");
            int extra = 0;
            for (String k : after.triangles.keySet()) {
                if (!before.triangles.containsKey(k)) {
                    extra++;
                }
            }
            assertEquals(0, extra, name + ": triangles the camera sees with culling that it does not see without");
            assertTrue(culled.mesh().triangleCount() < all.mesh().triangleCount(), name + ": culling culled nothing");
        }
    }

    /** The same camera as a renderer's matrices culls exactly as the eye/target form does. */
    @Test
    void matrixCameraEqualsTheEyeTargetCamera() {
        TriangleMesh mesh = TestMeshes.load("bigguyT.obj");
        Camera c = TestCameras.closeUp(mesh, 1);
        Matrix4f projection = new Matrix4f().setPerspective((float) Math.toRadians(c.fovYDegrees()),
                (float) c.width() / c.height(), 0.01f, 1000f);
        Matrix4f view = new Matrix4f().setLookAt(c.eye().x(), c.eye().y(), c.eye().z(), c.target().x(), c.target().y(),
                c.target().z(), 0, 1, 0);
        // the mesh moved away and a model matrix bringing it back: the same surface seen
        TriangleMesh moved = SyntheticMeshes.translated(mesh, 4, -2, 1);
        Matrix4f model = new Matrix4f().translation(-4, 2, -1);
        View m = MatrixCamera.of(projection, view, model, c.width(), c.height());
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult a = t.refine(mesh, RefineOptions.adaptive(5, new StopCriterion.ScreenEdgeLength(c, 3f)));
            RefineResult b = t.refine(moved, RefineOptions.adaptive(5, new StopCriterion.ScreenEdgeLength(m, 3f)));
            // float matrices and a moved frame round differently: the counts agree closely, not exactly
            double ratio = (double) b.mesh().triangleCount() / a.mesh().triangleCount();
            assertTrue(ratio > 0.98 && ratio < 1.02, "triangles " + b.mesh().triangleCount() + " against "
                    + a.mesh().triangleCount());
        }
    }

    /** An orthographic camera culls too: what lies outside its box. */
    @Test
    void orthographicCameraCulls() {
        TriangleMesh mesh = TestMeshes.load("bigguyT.obj");
        Matrix4d projection = new Matrix4d().setOrtho(-4, 4, -3, 3, 0.1, 100);
        Matrix4d view = new Matrix4d().setLookAt(2, 2, 40, 2, 2, 0, 0, 1, 0);
        MatrixCamera camera = MatrixCamera.of(projection, view, new Matrix4d(), 320, 240);
        RefineOptions o = RefineOptions.adaptive(5, new StopCriterion.ScreenEdgeLength(camera, 3f)).withLimitSurface(true);
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult all = t.refine(mesh, o.withCulling(Culling.NONE));
            RefineResult culled = t.refine(mesh, o.withCulling(Culling.FRUSTUM));
            CrackCheck.assertCrackFree(mesh, culled.mesh(), "orthographic");
            Seen before = seen(all.mesh(), camera);
            Map<String, Integer> after = keys(culled.mesh());
            for (String k : before.triangles.keySet()) {
                assertTrue(after.containsKey(k), "a seen triangle went missing");
            }
            assertTrue(culled.mesh().triangleCount() < 0.5 * all.mesh().triangleCount(),
                    culled.mesh().triangleCount() + " of " + all.mesh().triangleCount());
        }
    }

    /**
     * Every record that holds a spoke must reach the same verdict to the bit: the record at one end
     * sees {@code (a, b, c, d)}, the one at the other end {@code (b, a, d, c)}.
     */
    @Test
    void theVerdictIsTheSameFromBothEnds() {
        Random random = new Random(7);
        Camera camera = new Camera(new Point3(0.3f, 0.2f, 3), new Point3(0, 0, 0), new Point3(0, 1, 0), 50, 640, 480);
        ViewCulling cull = ViewCulling.of(camera, Culling.ALL, false, new float[] {0.1f, -0.2f, 0.05f}, 1);
        int culled = 0;
        int kept = 0;
        for (int round = 0; round < 20000; round++) {
            float[] p = new float[12];
            double scale = Math.pow(10, -3 * random.nextDouble());
            for (int i = 0; i < 12; i++) {
                p[i] = (float) (i < 3 ? 3 * random.nextGaussian() : p[i % 3] + scale * random.nextGaussian());
            }
            if (round % 10 == 0) {
                System.arraycopy(p, 0, p, 3, 3); // a degenerate spoke: the tie-break decides the order
            }
            int c = round % 7 == 1 ? -1 : 6;
            int d = round % 7 == 2 ? -1 : 9;
            boolean v = cull.culled(p, 0, 3, c, d);
            assertEquals(v, cull.culled(p, 3, 0, d, c), "round " + round);
            if (v) {
                culled++;
            } else {
                kept++;
            }
        }
        assertTrue(culled > 1000 && kept > 1000, culled + " culled, " + kept + " kept");
    }

    /**
     * Slivers (docs/design.md §4) close the seams between levels, and culling moves those seams: along
     * a culled region's border, and along a finished edge inside a culled region, where a sliver stands
     * on the back of a closed surface, facing any way, hidden by its front. On the limit surface they
     * are thin walls between a chord {@code a b} and the curve point {@code m} beside it, so they are
     * told apart by shape: {@code |a m| + |m b|} within this factor of {@code |a b|}. The triangles of a
     * refinement are far from that flat.
     */
    static final double SLIVER_SHAPE = 1.12;

    /** What a camera sees of a mesh, by triangle; slivers left out. */
    record Seen(Map<String, Double> triangles, double area) {
    }

    static Seen seen(TriangleMesh m, View camera) {
        Matrix4d clip = camera.clip(new Matrix4d());
        Vector4d eye = new Matrix4d(clip).invert().getColumn(2, new Vector4d());
        Map<String, Double> seen = new HashMap<>();
        double area = 0;
        Vector4d[] q = {new Vector4d(), new Vector4d(), new Vector4d()};
        double[][] p = new double[3][3];
        for (int t = 0; t < m.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                int v = m.vertex(t, c);
                for (int x = 0; x < 3; x++) {
                    p[c][x] = m.position(v, x);
                }
                clip.transform(q[c].set(p[c][0], p[c][1], p[c][2], 1));
            }
            if (outside(q)) {
                continue;
            }
            double[] e1 = {p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]};
            double[] e2 = {p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]};
            double nx = e1[1] * e2[2] - e1[2] * e2[1];
            double ny = e1[2] * e2[0] - e1[0] * e2[2];
            double nz = e1[0] * e2[1] - e1[1] * e2[0];
            // towards the eye: a point (w = 1) or, orthographic, the direction against clip z
            double facing = eye.w != 0
                    ? (eye.x / eye.w - p[0][0]) * nx + (eye.y / eye.w - p[0][1]) * ny + (eye.z / eye.w - p[0][2]) * nz
                    : -(eye.x * nx + eye.y * ny + eye.z * nz);
            if (facing <= 0) {
                continue;
            }
            double a = 0.5 * Math.sqrt(nx * nx + ny * ny + nz * nz);
            double longest = 0;
            double sum = 0;
            for (int c = 0; c < 3; c++) {
                double[] u = p[c];
                double[] v = p[(c + 1) % 3];
                double l = Math.hypot(Math.hypot(u[0] - v[0], u[1] - v[1]), u[2] - v[2]);
                longest = Math.max(longest, l);
                sum += l;
            }
            if (sum - longest < SLIVER_SHAPE * longest) {
                continue;
            }
            seen.put(key(m, t), a);
            area += a;
        }
        return new Seen(seen, area);
    }

    /** Wholly outside one plane of the frustum (near included): nothing of it can be seen. */
    private static boolean outside(Vector4d[] q) {
        for (int plane = 0; plane < 5; plane++) {
            boolean all = true;
            for (Vector4d v : q) {
                double s = switch (plane) {
                    case 0 -> v.w + v.x;
                    case 1 -> v.w - v.x;
                    case 2 -> v.w + v.y;
                    case 3 -> v.w - v.y;
                    default -> v.w + v.z;
                };
                all &= s < 0;
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    static Map<String, Integer> keys(TriangleMesh m) {
        Map<String, Integer> all = new HashMap<>();
        for (int t = 0; t < m.triangleCount(); t++) {
            all.merge(key(m, t), 1, Integer::sum);
        }
        return all;
    }

    /** The triangle's three positions, exactly, starting at the least one: the same whatever the numbering. */
    static String key(TriangleMesh m, int t) {
        String[] corner = new String[3];
        for (int c = 0; c < 3; c++) {
            int v = m.vertex(t, c);
            corner[c] = Float.floatToIntBits(m.position(v, 0)) + "," + Float.floatToIntBits(m.position(v, 1)) + ","
                    + Float.floatToIntBits(m.position(v, 2));
        }
        int first = 0;
        for (int c = 1; c < 3; c++) {
            if (corner[c].compareTo(corner[first]) < 0) {
                first = c;
            }
        }
        return corner[first] + ";" + corner[(first + 1) % 3] + ";" + corner[(first + 2) % 3];
    }
}
