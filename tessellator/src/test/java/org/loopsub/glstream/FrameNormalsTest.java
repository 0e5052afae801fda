package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.loopsub.api.Point3;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.api.gpu.GpuTessellators;
import org.loopsub.gl.GlTestBase;
import org.loopsub.gl.GpuTimer;
import org.loopsub.reference.TestMeshes;
import org.loopsub.engine.TestCameras;

/**
 * The frame's smooth normals (FrameNormals, on llvmpipe) against a reference computed here in double
 * the way OutputWelder computes the CLI's normals: corners welded by exact position ({@code -0.0}
 * read as {@code +0.0}), the cross products {@code (b - a) x (c - a)} of all triangles at a position
 * summed, the sum normalised.
 *
 * <p>Bound: every corner within {@link #MAX_ANGLE} = 1e-5 rad of the reference. The GPU sums the
 * same faces in a different arithmetic: float cross products (relative error about 2^-23 of
 * |b - a| |c - a| per face), truncation to a fixed-point unit (about 1e-12 of the largest face at
 * these sizes), conversion back to float and {@code inversesqrt} (a few ulp). The largest angle
 * seen on these frames is about 1e-6 rad (at positions where the faces nearly cancel, so that the
 * sum is shorter than its terms and their errors weigh more); the bound leaves a factor of ten. A
 * broken sum is off by far more even on dense meshes, whose neighbouring faces are nearly parallel:
 * leaving one corner of every face out of the sums moves bigguy's uniform-2 normals by 4e-3 rad,
 * flat normals by tenths of a radian.
 */
class FrameNormalsTest extends GlTestBase {
    private static final double MAX_ANGLE = 1e-5;
    private static final Point3 BORDER_CENTRE = TestCameras.BORDER_CENTRE;

    private static RefineOptions screen(Point3 target, float distance, float px) {
        return TestCameras.screen(target, distance, px);
    }

    /** The drawn range of a frame's two buffers, padding included. */
    private record Drawn(float[] positions, float[] normals) {
        int triangles() {
            return positions.length / 9;
        }
    }

    private static Drawn read(GpuFrame f) {
        int[] cmd = new int[4];
        org.lwjgl.opengl.GL45C.glGetNamedBufferSubData(f.drawIndirectBuffer(), 0, cmd);
        float[] p = new float[3 * cmd[0]];
        float[] n = new float[3 * cmd[0]];
        org.lwjgl.opengl.GL45C.glGetNamedBufferSubData(f.positionBuffer(), 0, p);
        org.lwjgl.opengl.GL45C.glGetNamedBufferSubData(f.normalBuffer(), 0, n);
        return new Drawn(p, n);
    }

    private record Key(int x, int y, int z) {
        static Key of(float[] p, int corner) {
            return new Key(bits(p[3 * corner]), bits(p[3 * corner + 1]), bits(p[3 * corner + 2]));
        }

        private static int bits(float f) {
            int b = Float.floatToRawIntBits(f);
            return b == 0x80000000 ? 0 : b;
        }
    }

    private static boolean padding(float[] p, int t) {
        for (int i = 9 * t; i < 9 * t + 9; i++) {
            if (Float.floatToRawIntBits(p[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The reference: per corner the normalised double sum of the cross products at its position;
     * {@code null} for padding corners.
     */
    static double[][] reference(float[] p) {
        int triangles = p.length / 9;
        Map<Key, double[]> sums = new HashMap<>();
        for (int t = 0; t < triangles; t++) {
            if (padding(p, t)) {
                continue;
            }
            int a = 9 * t;
            double ux = (double) p[a + 3] - p[a];
            double uy = (double) p[a + 4] - p[a + 1];
            double uz = (double) p[a + 5] - p[a + 2];
            double vx = (double) p[a + 6] - p[a];
            double vy = (double) p[a + 7] - p[a + 1];
            double vz = (double) p[a + 8] - p[a + 2];
            double[] n = {uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
            for (int k = 0; k < 3; k++) {
                double[] s = sums.computeIfAbsent(Key.of(p, 3 * t + k), key -> new double[3]);
                s[0] += n[0];
                s[1] += n[1];
                s[2] += n[2];
            }
        }
        double[][] out = new double[3 * triangles][];
        for (int c = 0; c < 3 * triangles; c++) {
            if (padding(p, c / 3)) {
                continue;
            }
            double[] s = sums.get(Key.of(p, c));
            double len = Math.sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
            out[c] = len == 0 ? new double[] {0, 0, 1} : new double[] {s[0] / len, s[1] / len, s[2] / len};
        }
        return out;
    }

    /**
     * Checks a frame's normals against the reference, padding corners zero, and the corners of one
     * position bitwise equal.
     *
     * @return the largest angle from the reference, in radians
     */
    static double assertSmooth(Drawn d, String what) {
        return assertSmooth(d, what, 3);
    }

    /**
     * As {@link #assertSmooth(Drawn, String)}, for outputs with more gaps than a frame's.
     *
     * @param maxPadding the most padding triangles expected
     */
    static double assertSmooth(Drawn d, String what, int maxPadding) {
        double[][] ref = reference(d.positions());
        Map<Key, Integer> first = new HashMap<>();
        double worst = 0;
        int paddingCorners = 0;
        for (int c = 0; c < 3 * d.triangles(); c++) {
            float nx = d.normals()[3 * c];
            float ny = d.normals()[3 * c + 1];
            float nz = d.normals()[3 * c + 2];
            if (ref[c] == null) {
                paddingCorners++;
                assertEquals(0, Float.floatToRawIntBits(nx) | Float.floatToRawIntBits(ny) | Float.floatToRawIntBits(nz),
                        what + ": padding corner " + c + " has normal " + nx + ", " + ny + ", " + nz);
                continue;
            }
            double len = Math.sqrt((double) nx * nx + (double) ny * ny + (double) nz * nz);
            assertEquals(1, len, 1e-5, what + ": length of the normal of corner " + c);
            double[] r = ref[c];
            double cx = ny * r[2] - nz * r[1];
            double cy = nz * r[0] - nx * r[2];
            double cz = nx * r[1] - ny * r[0];
            double angle = Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), nx * r[0] + ny * r[1] + nz * r[2]);
            worst = Math.max(worst, angle);
            if (angle > MAX_ANGLE) {
                throw new AssertionError(what + ": corner " + c + " (triangle " + c / 3 + ") at "
                        + Arrays.toString(Arrays.copyOfRange(d.positions(), 3 * c, 3 * c + 3)) + ": normal "
                        + nx + ", " + ny + ", " + nz + " is " + angle + " rad from the reference "
                        + Arrays.toString(r));
            }
            Integer f = first.putIfAbsent(Key.of(d.positions(), c), c);
            if (f != null) {
                for (int x = 0; x < 3; x++) {
                    assertEquals(Float.floatToRawIntBits(d.normals()[3 * f + x]),
                            Float.floatToRawIntBits(d.normals()[3 * c + x]),
                            what + ": corners " + f + " and " + c + " share a position but not their normal's bits");
                }
            }
        }
        assertTrue(paddingCorners <= 3 * maxPadding, what + ": at most " + maxPadding + " padding triangles, saw "
                + paddingCorners / 3);
        return worst;
    }

    private static void assertSameBits(float[] expected, float[] actual, String what) {
        assertEquals(expected.length, actual.length, what + ": length");
        for (int i = 0; i < expected.length; i++) {
            if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(actual[i])) {
                throw new AssertionError(what + ": float " + i + " differs: " + expected[i] + " vs " + actual[i]);
            }
        }
    }

    /** Close and off-centre (AdaptiveTest's camera): levels vary across the mesh, slivers between them. */
    private static RefineOptions bigguyAdaptive(TriangleMesh mesh) {
        return RefineOptions.adaptive(4, new StopCriterion.ScreenEdgeLength(TestCameras.frontCamera(mesh), 4f));
    }

    private static long slivers(GpuFrame f) {
        return f.blocks().stream().filter(GpuFrame.Block::slivers).mapToLong(GpuFrame.Block::triangleCount).sum();
    }

    @Test
    void openMeshWithBorderUniformAndAdaptive() {
        TriangleMesh mesh = TestMeshes.load("mesh_with_border.obj");
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            double worst = assertSmooth(read(m.refine(RefineOptions.uniform(2))), "border, uniform 2");
            for (float distance : new float[] {30, 12}) {
                GpuFrame f = m.refine(screen(BORDER_CENTRE, distance, 4));
                assertTrue(slivers(f) > 0, "the adaptive frame has slivers");
                Drawn d = read(f);
                worst = Math.max(worst, assertSmooth(d, "border, camera at " + distance));
            }
            System.out.println("mesh_with_border: largest angle from the reference " + worst + " rad");
        }
    }

    @Test
    void bigguyUniformAndAdaptiveAreDeterministic() {
        TriangleMesh mesh = TestMeshes.load("bigguyT.obj");
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            Drawn uniform = read(m.refine(RefineOptions.uniform(2)));
            double worst = assertSmooth(uniform, "bigguy, uniform 2");
            RefineOptions adaptive = bigguyAdaptive(mesh);
            GpuFrame f = m.refine(adaptive);
            assertTrue(slivers(f) > 0, "the adaptive frame has slivers");
            Drawn first = read(f);
            worst = Math.max(worst, assertSmooth(first, "bigguy, adaptive"));
            // again, after another frame in between: the same bits
            assertSameBits(uniform.normals(), read(m.refine(RefineOptions.uniform(2))).normals(), "uniform 2 again");
            assertSameBits(first.normals(), read(m.refine(adaptive)).normals(), "adaptive again");
            System.out.println("bigguyT: largest angle from the reference " + worst + " rad");
        }
    }

    @Test
    void theScaleFollowsACageMovedFarOutOfItsFrame() {
        // the internal frame stays with the first positions: a cage grown 1000 times reaches far
        // beyond [-1, 1], one shrunk 10^4 times has faces 10^8 times smaller
        TriangleMesh mesh = TestMeshes.load("mesh_with_border.obj");
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            for (float factor : new float[] {1000f, 1e-4f}) {
                float[] moved = mesh.positions();
                for (int i = 0; i < moved.length; i++) {
                    moved[i] = (moved[i] - BORDER_CENTRE.x()) * factor;
                }
                m.updatePositions(moved);
                assertSmooth(read(m.refine(RefineOptions.uniform(2))), "cage times " + factor);
            }
        }
    }

    /** An output holding {@code corners} as blocks of {@code block} triangles, each vec4-aligned (padding between). */
    private static GlOutput output(GlBufferPool pool, float[] corners, int block) {
        GlOutput out = new GlOutput(pool);
        int triangles = corners.length / 9;
        for (int t = 0; t < triangles; t += block) {
            int count = Math.min(block, triangles - t);
            long at = out.reserve(0, GlOutput.Block.Kind.FINISHED, count, true);
            out.buffer().write(36 * at, Arrays.copyOfRange(corners, 9 * t, 9 * (t + count)));
        }
        return out;
    }

    /** Runs the passes as GlGpuMesh does: the program that was current is current again after. */
    private static void computeAsHost(FrameNormals normals, GlOutput out, GpuTimer timer) {
        int host = org.lwjgl.opengl.GL43C.glGetInteger(org.lwjgl.opengl.GL43C.GL_CURRENT_PROGRAM);
        try {
            normals.compute(out, timer);
        } finally {
            HostState.restore(host);
        }
    }

    private static Drawn compute(FrameNormals normals, GlOutput out) {
        computeAsHost(normals, out, new GpuTimer(false));
        int n = Math.toIntExact(out.drawTriangles());
        return new Drawn(out.buffer().readFloats(0, 9 * n), normals.buffer().readFloats(0, 9 * n));
    }

    @Test
    void partitionsAndRangesGiveTheSameBits() {
        TriangleMesh mesh = TestMeshes.load("bigguyT.obj");
        float[] corners;
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            corners = read(m.refine(RefineOptions.uniform(2))).positions();
        }
        // 1 MiB per binding: several partitions of the table, several ranges of triangles
        long small = 1 << 20;
        FrameNormals.Layout split = FrameNormals.layout(corners.length / 9, small, gl.storageBufferOffsetAlignment());
        assertTrue(split.partitions() >= 4, "partitions: " + split);
        assertTrue(split.triangleChunk() < corners.length / 9, "ranges: " + split);
        try (GlBufferPool pool = new GlBufferPool();
             FrameNormals whole = new FrameNormals(pool);
             FrameNormals parts = new FrameNormals(pool, small);
             GlOutput out = output(pool, corners, 1001)) {
            Drawn a = compute(whole, out);
            Drawn b = compute(parts, out);
            assertSmooth(b, "partitioned", corners.length / 9 / 1001 * 3);
            assertSameBits(a.normals(), b.normals(), "partitioned against whole");
        }
    }

    @Test
    void aCornerAtTheOriginIsRealAndMinusZeroWeldsWithPlusZero() {
        // a square pyramid with its apex at the internal origin, written with -0.0 in some corners
        float z = -0.0f;
        float[][] apex = {{0, 0, 0}, {z, 0, 0}, {0, z, z}, {z, z, z}};
        float[][] base = {{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1}};
        List<Float> c = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            for (float[] v : new float[][] {apex[i], base[i], base[(i + 1) % 4]}) {
                for (float x : v) {
                    c.add(x);
                }
            }
        }
        for (float[] v : new float[][] {base[0], base[2], base[1], base[0], base[3], base[2]}) {
            for (float x : v) {
                c.add(x);
            }
        }
        float[] corners = new float[c.size()];
        for (int i = 0; i < corners.length; i++) {
            corners[i] = c.get(i);
        }
        try (GlBufferPool pool = new GlBufferPool();
             FrameNormals normals = new FrameNormals(pool);
             GlOutput out = output(pool, corners, 3)) {
            Drawn d = compute(normals, out);
            assertEquals(7, d.triangles(), "six faces in blocks of 3, the second starting at a multiple of 4");
            assertSmooth(d, "pyramid");
            // the apex: straight up the pyramid's axis, away from the base
            float[] up = Arrays.copyOfRange(d.normals(), 0, 3);
            assertEquals(0, up[0], 1e-7);
            assertEquals(0, up[1], 1e-7);
            assertEquals(1, up[2], 1e-7);
        }
    }

    // A steady frame allocating and compiling nothing, normals included: GpuMeshTest.aSteadyFrame...

    /** For information: GPU time of the three passes on bigguy, uniform 3. */
    @Test
    void timingOnBigguyUniform3() {
        TriangleMesh mesh = TestMeshes.load("bigguyT.obj");
        float[] corners;
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            corners = read(m.refine(RefineOptions.uniform(3))).positions();
        }
        try (GlBufferPool pool = new GlBufferPool();
             FrameNormals normals = new FrameNormals(pool);
             GlOutput out = output(pool, corners, corners.length / 9)) {
            compute(normals, out); // first touch of the buffers
            for (int run = 0; run < 3; run++) {
                try (GpuTimer timer = new GpuTimer(true)) {
                    computeAsHost(normals, out, timer);
                    StringBuilder line = new StringBuilder("bigguyT uniform 3, " + corners.length / 9 + " triangles:");
                    long total = 0;
                    for (GpuTimer.Span s : timer.spans()) {
                        line.append(String.format(" %s %.2f ms", s.label(), s.nanos() / 1e6));
                        total += s.nanos();
                    }
                    System.out.println(line.append(String.format(", total %.2f ms", total / 1e6)));
                }
            }
            assertSmooth(new Drawn(out.buffer().readFloats(0, corners.length),
                    normals.buffer().readFloats(0, corners.length)), "bigguy, uniform 3");
        }
    }
}
