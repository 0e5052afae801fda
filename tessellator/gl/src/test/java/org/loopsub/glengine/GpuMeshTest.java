package org.loopsub.glengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;
import org.loopsub.api.LevelStats;
import org.loopsub.api.Point3;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.api.gpu.GpuTessellators;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.gl.GlTestBase;
import org.loopsub.prepare.PreparedMesh;
import org.loopsub.testing.CrackCheck;
import org.loopsub.testing.SyntheticMeshes;
import org.loopsub.testing.TestCameras;

/**
 * The renderer's path through plugin-api alone (here on llvmpipe): prepare once, refine per frame
 * with moving cameras and moving control points; every frame's triangles, read back here only, are
 * the Java back end's triangles to the bit, and a frame at a steady size compiles and allocates
 * nothing.
 */
class GpuMeshTest extends GlTestBase {

    private static RefineOptions screen(Point3 target, float distance, float px) {
        return TestCameras.screen(target, distance, px);
    }

    private static final Point3 ORIGIN = new Point3(0, 0, 0);
    private static final Point3 BORDER_CENTRE = TestCameras.BORDER_CENTRE;

    /**
     * The Java back end's corners (internal frame, output order), each with the limit normal it
     * carries, from level-0 records made afresh (the edge test sets complete bits in the records it
     * is given).
     */
    /**
     * Asserts that a frame holds the Java back end's triangles for the same options, stopped where
     * the frame stopped short of its room (read from the frame's sizes, which its triangle count
     * waits for).
     */
    private static void assertFrame(TriangleMesh mesh, float[] movedOrNull, RefineOptions o, GpuMesh m, GpuFrame f,
                                     String what) {
        f.triangleCount();
        int stop = ((GlGpuMesh) m).lastStopLevel;
        assertBits(javaCorners(mesh, movedOrNull, o, stop), frameCorners(f), what + (stop >= 0 ? ", stopped at " + stop : ""));
    }

    /** As {@link #assertFrame}, with uvs. */
    private static void assertFrame8(TriangleMesh mesh, float[] movedOrNull, RefineOptions o, GpuMesh m, GpuFrame f,
                                      String what) {
        f.triangleCount();
        int stop = ((GlGpuMesh) m).lastStopLevel;
        assertBits8(javaCorners(mesh, movedOrNull, o, stop), frameCorners8(f), what + (stop >= 0 ? ", stopped at " + stop : ""));
    }

    private static float[] javaCorners(TriangleMesh mesh, float[] movedOrNull, RefineOptions o) {
        return javaCorners(mesh, movedOrNull, o, -1);
    }

    private static float[] javaCorners(TriangleMesh mesh, float[] movedOrNull, RefineOptions o, int stopLevel) {
        PreparedMesh p0 = PreparedMesh.of(mesh).configured(true, o);
        return FrameCheck.javaCorners(movedOrNull == null ? p0 : p0.moved(movedOrNull), o, stopLevel);
    }

    /**
     * The frame's triangles as drawn, without the all-zero padding triangles, read back: per corner
     * its position and its normal, as {@link #javaCorners}.
     */
    private static float[] frameCorners(GpuFrame f) {
        return FrameCheck.frameCorners(f, false);
    }

    /**
     * Positions to the bit; normals: the frame's are of unit length (the driver's inversesqrt), the
     * Java back end's carried ones are not, so they are compared after normalising in double.
     */
    private static void assertBits(float[] expected, float[] actual, String what) {
        assertEquals(expected.length, actual.length, what + ": length");
        for (int v = 0; v < expected.length; v += 6) {
            for (int i = v; i < v + 3; i++) {
                if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(actual[i])) {
                    assertEquals(expected[i], actual[i], what + ": float " + i + " (triangle " + i / 18 + ")");
                }
            }
            double len = Math.sqrt((double) expected[v + 3] * expected[v + 3] + (double) expected[v + 4] * expected[v + 4]
                    + (double) expected[v + 5] * expected[v + 5]);
            int corner = v / 6;
            for (int x = 0; x < 3; x++) {
                // the message made only on failure: this loop runs for every corner of every frame
                assertEquals(expected[v + 3 + x] / len, actual[v + 3 + x], 1e-5,
                        () -> what + ": normal of corner " + corner + " (triangle " + corner / 3 + ")");
            }
        }
    }

    /** Limit-surface frames, and back: a frame may switch the layout, and each equals the Java back end's. */
    @Test
    void limitSurfaceFramesEqualTheJavaBackEnd() {
        TriangleMesh mesh = TestMeshes.load("mesh_with_border.obj");
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            for (float d : new float[] {30, 12}) {
                RefineOptions o = screen(BORDER_CENTRE, d, 4).withLimitSurface(true);
                assertFrame(mesh, null, o, m, m.refine(o), "limit, distance " + d);
            }
            RefineOptions u = RefineOptions.uniform(2).withLimitSurface(true);
            assertFrame(mesh, null, u, m, m.refine(u), "limit, uniform 2");
            RefineOptions o = screen(BORDER_CENTRE, 30, 4);
            assertFrame(mesh, null, o, m, m.refine(o), "control points again");
        }
    }

    /**
     * Creases, corners and uvs together in a renderer's frames (resident adaptive frames and a
     * uniform one, with and without the limit surface, both uv rules): the Java back end's positions,
     * normals and uvs.
     */
    @Test
    void creasedTexturedFramesEqualTheJavaBackEnd() {
        TriangleMesh tagged = SyntheticMeshes.seamed(SyntheticMeshes.gridWithLine(1.5f));
        TriangleMesh mesh = new TriangleMesh(tagged.positions(), tagged.triangles(), tagged.creases(), tagged.uvs(),
                tagged.uvIndices()).withCorners(java.util.List.of(new org.loopsub.api.Corner(tagged.vertex(5, 0), 2f)));
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            // the linear uv rule, then the smooth one: the frames follow a change of rule
            for (org.loopsub.api.UvInterpolation rule : org.loopsub.api.UvInterpolation.values()) {
                for (boolean limit : new boolean[] {false, true}) {
                    for (float d : new float[] {3, 2, 3}) {
                        RefineOptions o = screen(new Point3(0.5f, 0.5f, 0f), d, 8).withLimitSurface(limit)
                                .withUvInterpolation(rule);
                        GpuFrame f = m.refine(o);
                        assertTrue(f.triangleCount() > 4 * mesh.triangleCount(), "the camera refined the mesh: "
                                + f.triangleCount());
                        assertFrame8(mesh, null, o, m, f, "tags and uvs, distance " + d
                                + (limit ? ", limit" : "") + ", " + rule);
                    }
                    RefineOptions u = RefineOptions.uniform(2).withLimitSurface(limit).withUvInterpolation(rule);
                    assertFrame8(mesh, null, u, m, m.refine(u), "uniform 2"
                            + (limit ? ", limit" : "") + ", " + rule);
                }
            }
        }
    }

    /** {@link #frameCorners} for a mesh with uvs: per corner position, normal, then u and v. */
    private static float[] frameCorners8(GpuFrame f) {
        return FrameCheck.frameCorners(f, true);
    }

    /** {@link #assertBits} for 8 floats per corner: positions and uvs to the bit, normals as there. */
    private static void assertBits8(float[] expected, float[] actual, String what) {
        assertEquals(expected.length, actual.length, what + ": length");
        float[] e6 = new float[expected.length / 8 * 6];
        float[] a6 = new float[e6.length];
        for (int v = 0; v < expected.length / 8; v++) {
            System.arraycopy(expected, 8 * v, e6, 6 * v, 6);
            System.arraycopy(actual, 8 * v, a6, 6 * v, 6);
            for (int x = 6; x < 8; x++) {
                assertEquals(Float.floatToRawIntBits(expected[8 * v + x]), Float.floatToRawIntBits(actual[8 * v + x]),
                        what + ": uv of corner " + v);
            }
        }
        assertBits(e6, a6, what);
    }

    /** A mesh with uvs: each frame's uv buffer holds the Java back end's uvs, corner for corner. */
    @Test
    void uvFramesEqualTheJavaBackEnd() {
        TriangleMesh mesh = SyntheticMeshes.seamed(TestMeshes.load("mesh_with_border.obj"));
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            RefineOptions o = screen(BORDER_CENTRE, 30, 4);
            GpuFrame f = m.refine(o);
            float[] java = javaCorners(mesh, null, o);
            int vf = 8;
            int[] cmd = new int[4];
            org.lwjgl.opengl.GL45C.glGetNamedBufferSubData(f.drawIndirectBuffer(), 0, cmd);
            float[] uv = new float[2 * cmd[0]];
            float[] pos = new float[3 * cmd[0]];
            org.lwjgl.opengl.GL45C.glGetNamedBufferSubData(f.uvBuffer(), 0, uv);
            org.lwjgl.opengl.GL45C.glGetNamedBufferSubData(f.positionBuffer(), 0, pos);
            int n = 0;
            for (int v = 0; v < cmd[0]; v++) {
                if (Float.floatToRawIntBits(pos[3 * v]) == 0 && Float.floatToRawIntBits(pos[3 * v + 1]) == 0
                        && Float.floatToRawIntBits(pos[3 * v + 2]) == 0 && v % 3 == 0) {
                    boolean pad = true;
                    for (int i = 0; i < 9; i++) {
                        pad &= Float.floatToRawIntBits(pos[3 * v + i]) == 0;
                    }
                    if (pad) {
                        v += 2;
                        continue;
                    }
                }
                assertEquals(java[vf * n + 6], uv[2 * v], "u of corner " + n);
                assertEquals(java[vf * n + 7], uv[2 * v + 1], "v of corner " + n);
                n++;
            }
            assertEquals(java.length / vf, n, "corners");
        }
    }

    @Test
    void framesEqualTheJavaBackEndThroughPluginApiAlone() {
        TriangleMesh mesh = TestMeshes.load("mesh_with_border.obj");
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            assertEquals(mesh.vertexCount(), m.vertexCount());
            long[] sizes = new long[3];
            float[] distances = {80, 30, 12};
            for (int i = 0; i < distances.length; i++) {
                RefineOptions o = screen(BORDER_CENTRE, distances[i], 4);
                GpuFrame f = m.refine(o);
                assertFrame(mesh, null, o, m, f, "camera " + i);
                // (a frame that outgrew the room of the one before stopped short: the criterion's own count)
                sizes[i] = javaCorners(mesh, null, o).length / 18;
                assertTrue(f.gpuNanos() > 0);
            }
            assertTrue(sizes[0] < sizes[1] && sizes[1] < sizes[2], "closer cameras, more triangles: "
                    + Arrays.toString(sizes));

            // move the cage: every vertex 10% towards the origin, then back out along a wave
            float[] moved = mesh.positions();
            for (int v = 0; v < moved.length; v += 3) {
                for (int x = 0; x < 3; x++) {
                    moved[v + x] = moved[v + x] * 0.9f + 0.05f * (float) Math.sin(v + x);
                }
            }
            m.updatePositions(moved);
            RefineOptions o = screen(BORDER_CENTRE, 30, 4);
            GpuFrame f = m.refine(o);
            assertFrame(mesh, moved, o, m, f, "moved cage");
            // and uniform on the moved cage too
            f = m.refine(RefineOptions.uniform(3));
            assertFrame(mesh, moved, RefineOptions.uniform(3), m, f, "uniform 3");
            // the cameras come closer frame by frame: some frames outgrow the room the one before planned
            assertTrue(((GlGpuMesh) m).residentFrames >= 1, "a frame ran with its sizes on the GPU");
            assertTrue(((GlGpuMesh) m).stoppedFrames >= 1, "a frame stopped short of its room");
        }
    }

    @Test
    void residentFramesCutIntoManyWindowsEqualTheJavaBackEnd() {
        // small bindings: levels of these frames run in several windows, or do not fit one segment
        // (those frames go level by level); the bytes never change
        TriangleMesh mesh = TestMeshes.load("mesh_with_border.obj");
        // the same cameras under every budget: the Java back end's corners once per camera and stop level
        java.util.Map<java.util.List<Object>, float[]> javaByCase = new java.util.HashMap<>();
        for (long budget : new long[] {1 << 16, 16 << 20, 32 << 20}) {
            try (GlGpuTessellator t = new GlGpuTessellator(org.loopsub.gl.GlContext.wrapCurrent(), budget);
                 GpuMesh m = t.prepare(mesh)) {
                GlGpuMesh g = (GlGpuMesh) m;
                float[] distances = {30, 29, 30, 29, 30, 12};
                for (float d : distances) {
                    // unculled: the levels this test needs are large ones
                    RefineOptions o = screen(BORDER_CENTRE, d, 4).withCulling(org.loopsub.api.Culling.NONE);
                    GpuFrame f = m.refine(o);
                    f.triangleCount();
                    int stop = g.lastStopLevel;
                    float[] expected = javaByCase.computeIfAbsent(java.util.List.of(d, stop),
                            k -> javaCorners(mesh, null, o, stop));
                    assertBits(expected, frameCorners(f), "budget " + budget + ", distance " + d
                            + (stop >= 0 ? ", stopped at " + stop : ""));
                }
                System.out.println("budget " + budget + ": resident " + g.residentFrames + ", stopped short " + g.stoppedFrames
                        + ", most windows in a level " + g.mostWindows());
                // 64 KiB: a level's records do not fit one segment, every frame goes level by level
                assertTrue(budget < 1 << 20 || g.residentFrames >= 1, "budget " + budget + ": resident frames " + g.residentFrames);
                assertTrue(budget < 1 << 20 || g.mostWindows() > 1, "budget " + budget + ": levels of several windows");

            }
        }
    }

    @Test
    void aFrameLargerThanPlannedStopsWholeAndTheRoomGrows() {
        // far, then much closer: the near frame needs several times the room the far frame planned
        TriangleMesh mesh = TestMeshes.load("bigguyT.obj");
        Point3 centre = TestCameras.frontCamera(mesh).target();
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            GlGpuMesh g = (GlGpuMesh) m;
            // (the near frame's levels still fit one segment on llvmpipe's 128 MiB bindings)
            RefineOptions far = screen(centre, 400, 4);
            RefineOptions near = screen(centre, 100, 2);
            m.refine(far);
            GpuFrame f = m.refine(far);
            assertEquals(1, g.residentFrames, "the second frame ran resident");
            assertFrame(mesh, null, far, m, f, "far, resident");
            assertEquals(-1, g.lastStopLevel, "the same camera fits its own room");
            f = m.refine(near);
            long stoppedCount = f.triangleCount();
            assertEquals(1, g.stoppedFrames, "the close frame did not fit the far frame's room");
            int stop = g.lastStopLevel;
            assertTrue(stop >= 0, "stopped at a level");
            assertTrue(f.stoppedShort(), "the frame says it stopped short");
            // drawn whole: the Java back end's output stopped at that level, bit for bit, and crack-free
            assertFrame(mesh, null, near, m, f, "near, stopped");
            CrackCheck.assertCrackFree(mesh, positionsOf(f), "near, stopped at level " + stop);
            LevelStats last = f.levels().get(f.levels().size() - 1);
            assertEquals(stop, last.level(), "no level after the stop");
            assertEquals(last.activeTriangles(), last.finishedTriangles(), "every record of the stop drawn whole");
            // the room grows from what the stopped frame wanted: a frame or two later the frame is whole
            int frames = 0;
            do {
                f = m.refine(near);
                f.triangleCount();
                frames++;
            } while (g.lastStopLevel >= 0 && frames < 3);
            assertEquals(-1, g.lastStopLevel, "the room caught up within " + frames + " frames");
            assertTrue(!f.stoppedShort(), "a whole frame does not say it stopped short");
            assertTrue(f.triangleCount() > stoppedCount, "the whole frame is finer than the stopped one");
            assertFrame(mesh, null, near, m, f, "near, within its room");
            f = m.refine(far);
            assertFrame(mesh, null, far, m, f, "far again, resident");
            assertEquals(-1, g.lastStopLevel, "a smaller frame fits");
            assertEquals(3 + frames, g.residentFrames, "every frame after the first ran resident");
        }
    }

    @Test
    void framesAfterAStopNearTheDeepestLevelGoBackToTheGpuAtOnce() {
        // a stop guesses the next two levels' records generously; where a guess is too large for a
        // level's one segment (here llvmpipe's 128 MiB bindings, or a level that never holds any:
        // the deepest, whose parents write triangles) the frame after it runs level by level, and
        // that frame's measured sizes must bring the next ones back to the GPU (they once waited
        // for a guess to decay, about 30 frames of host waits)
        TriangleMesh mesh = TestMeshes.load("bigguyT.obj");
        Point3 centre = TestCameras.frontCamera(mesh).target();
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            GlGpuMesh g = (GlGpuMesh) m;
            RefineOptions far = screen(centre, 400, 8).withLevels(5);
            RefineOptions near = screen(centre, 55, 1).withLevels(5);
            m.refine(far).triangleCount();
            m.refine(far).triangleCount();
            int stopped = g.stoppedFrames;
            GpuFrame f = m.refine(near);
            f.triangleCount();
            assertTrue(g.stoppedFrames > stopped && f.stoppedShort(), "the near frame stopped short of the far frame's room");
            int resident = g.residentFrames;
            int frames = 6;
            for (int i = 0; i < frames; i++) {
                f = m.refine(near);
                f.triangleCount();
            }
            assertTrue(g.residentFrames >= resident + frames - 2,
                    "at most two of " + frames + " frames after the stop waited level by level: " + (g.residentFrames - resident) + " resident");
            assertEquals(-1, g.lastStopLevel, "the room caught up");
            assertFrame(mesh, null, near, m, f, "near, after the stop");
        }
    }

    /** The frame's triangles, padding left out, as a triangle soup of positions. */
    private static TriangleMesh positionsOf(GpuFrame f) {
        float[] pn = frameCorners(f);
        int corners = pn.length / 6;
        float[] p = new float[3 * corners];
        int[] tris = new int[corners];
        for (int v = 0; v < corners; v++) {
            System.arraycopy(pn, 6 * v, p, 3 * v, 3);
            tris[v] = v;
        }
        return TriangleMesh.of(p, tris);
    }

    @Test
    void aSoupIsWeldedOnceAndItsPositionsMoveTogether() {
        // the icosahedron as a triangle soup: 60 vertices, 48 of them at an earlier one's position
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        float[] soup = new float[9 * ico.triangleCount()];
        int[] triangles = new int[3 * ico.triangleCount()];
        for (int t = 0; t < ico.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                for (int x = 0; x < 3; x++) {
                    soup[9 * t + 3 * c + x] = ico.position(ico.vertex(t, c), x);
                }
                triangles[3 * t + c] = 3 * t + c;
            }
        }
        TriangleMesh mesh = TriangleMesh.of(soup, triangles);
        int javaMerged = org.loopsub.api.Tessellators.create("java").refine(mesh, RefineOptions.uniform(1))
                .inputVerticesMerged();
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            assertEquals(60, m.vertexCount());
            assertEquals(48, m.inputVerticesMerged());
            assertEquals(javaMerged, m.inputVerticesMerged(), "as the Java back end counts them");
            // moving the soup: each merged vertex follows the one it was merged into
            float[] moved = soup.clone();
            for (int i = 0; i < moved.length; i++) {
                moved[i] *= 2;
            }
            m.updatePositions(moved);
            RefineOptions o = RefineOptions.uniform(2);
            assertFrame(mesh, moved, o, m, m.refine(o), "the doubled soup");
        }
    }

    @Test
    void aFrameDoesNotInheritTheCompleteBitsOfTheFrameBefore() {
        // the edge test marks level-0 records in place; a kept stream must start each frame clean
        TriangleMesh mesh = TestMeshes.load("mesh_with_border.obj");
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            m.refine(screen(BORDER_CENTRE, 12, 4));
            for (int levels = 1; levels <= 3; levels++) {
                RefineOptions o = RefineOptions.uniform(levels);
                assertFrame(mesh, null, o, m, m.refine(o), "after adaptive, uniform " + levels);
            }
        }
    }

    @Test
    void aSteadyFrameCompilesAndAllocatesNothing() {
        // closed and open; the larger mesh makes the frame normals' table and every pass run too
        assertSteady(TestMeshes.load("icosahedron.obj"), screen(ORIGIN, 1.5f, 2), screen(ORIGIN, 4f, 2));
        assertSteady(TestMeshes.load("mesh_with_border.obj"), screen(BORDER_CENTRE, 12, 4),
                screen(BORDER_CENTRE, 80, 4));
    }

    /**
     * After two frames of each camera (the first adaptive frame goes level by level and plans the
     * next; the plan's margin settles in the next ones), alternating frames build no program,
     * allocate no buffer and wait for the GPU once.
     */
    /**
     * A mesh prepared with its first frames' options: the renderer's first refine builds no program,
     * allocates no buffer and keeps its sizes on the GPU, and its frame is the Java back end's.
     */
    @Test
    void preparedWithItsFirstFramesTheFirstRefineIsASteadyOne() {
        TriangleMesh mesh = TestMeshes.load("mesh_with_border.obj");
        RefineOptions o = screen(BORDER_CENTRE, 12, 4);
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh, o)) {
            org.loopsub.gl.GlContext gl = ((GlGpuTessellator) t).context();
            long programs = gl.programsBuilt() + gl.programsFromBinaries();
            long buffers = gl.buffersAllocated();
            GlGpuMesh g = (GlGpuMesh) m;
            int resident = g.residentFrames;
            GpuFrame f = m.refine(o);
            assertFrame(mesh, null, o, m, f, "first refine after prepare(mesh, options)");
            assertEquals(resident + 1, g.residentFrames, "sizes kept on the GPU from the first refine on");
            assertEquals(programs, gl.programsBuilt() + gl.programsFromBinaries(), "programs built in the first refine");
            assertEquals(buffers, gl.buffersAllocated(), "buffers allocated in the first refine");
        }
    }

    private void assertSteady(TriangleMesh mesh, RefineOptions near, RefineOptions far) {
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            for (int warm = 0; warm < 2; warm++) {
                m.refine(near);
                m.refine(far);
            }
            // the counters of the context the tessellator wrapped (not the test's own view of it)
            org.loopsub.gl.GlContext gl = ((GlGpuTessellator) t).context();
            long programs = gl.programsBuilt() + gl.programsFromBinaries();
            long buffers = gl.buffersAllocated();
            GlGpuMesh g = (GlGpuMesh) m;
            int resident = g.residentFrames;
            int stopped = g.stoppedFrames;
            for (int frame = 0; frame < 4; frame++) {
                long reads = gl.readBacks();
                GpuFrame f = m.refine(frame % 2 == 0 ? near : far);
                assertTrue(gl.readBacks() <= reads + 1, "at most one read of sizes the GPU has finished in a refine");
                assertTrue(f.triangleCount() > 0);
            }
            assertEquals(resident + 4, g.residentFrames, "steady frames keep their sizes on the GPU");
            assertEquals(stopped, g.stoppedFrames, "a camera going back and forth stays within the planned room");
            assertEquals(programs, gl.programsBuilt() + gl.programsFromBinaries(), "programs built in steady frames");
            assertEquals(buffers, gl.buffersAllocated(), "buffers allocated in steady frames");
        }
    }

    @Test
    void aProgramWithoutAWindowAsksForAHeadlessContext() throws Exception {
        // on a thread of its own: the context this class made is current on the test thread only
        java.util.concurrent.atomic.AtomicLong triangles = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
        Thread worker = new Thread(() -> {
            try (AutoCloseable context = GpuTessellators.createHeadlessContext("gl");
                 GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
                 GpuMesh m = t.prepare(TestMeshes.load("icosahedron.obj"))) {
                triangles.set(m.refine(RefineOptions.uniform(2)).triangleCount());
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        worker.start();
        worker.join();
        assertEquals(null, failure.get());
        assertEquals(320, triangles.get());
    }

    /** Runs {@code body} on a thread of its own (a context it makes is current there only) and rethrows. */
    private static void onOwnThread(ThrowingBody body) throws Exception {
        java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
        Thread worker = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        worker.start();
        worker.join();
        if (failure.get() instanceof Exception e) {
            throw e;
        } else if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    private interface ThrowingBody {
        void run() throws Exception;
    }

    @Test
    void aFrameAfterOtherCodeClearedLwjglsCapabilitiesRunsOnTheCurrentContext() throws Exception {
        // a renderer's library that clears LWJGL's per-thread table (while our context stays current)
        // once made the next refine abort the JVM in its first GL call
        onOwnThread(() -> {
            try (AutoCloseable context = GpuTessellators.createHeadlessContext("gl");
                 GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
                 GpuMesh m = t.prepare(TestMeshes.load("icosahedron.obj"))) {
                assertEquals(80, m.refine(RefineOptions.uniform(1)).triangleCount());
                org.lwjgl.opengl.GL.setCapabilities(null);
                GpuFrame f = m.refine(RefineOptions.uniform(2));
                assertEquals(320, f.triangleCount());
                assertTrue(f.positionBuffer() != 0);
            }
        });
    }

    @Test
    void closingASecondHeadlessContextMakesTheFirstCurrentAgain() throws Exception {
        onOwnThread(() -> {
            try (AutoCloseable first = GpuTessellators.createHeadlessContext("gl");
                 GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
                 GpuMesh m = t.prepare(TestMeshes.load("icosahedron.obj"))) {
                try (AutoCloseable second = GpuTessellators.createHeadlessContext("gl");
                     GpuTessellator t2 = GpuTessellators.createForCurrentContext("gl")) {
                    assertThrows(IllegalStateException.class, () -> m.refine(RefineOptions.uniform(1)),
                            "another context is current");
                    assertEquals(80, t2.prepare(TestMeshes.load("icosahedron.obj")).refine(RefineOptions.uniform(1))
                            .triangleCount());
                }
                assertEquals(320, m.refine(RefineOptions.uniform(2)).triangleCount());
            }
        });
    }

    @Test
    void framesTellTheirTransformAndDieWithTheMesh() {
        TriangleMesh mesh = TestMeshes.load("icosahedron.obj");
        GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
        GpuMesh m = t.prepare(mesh);
        GpuFrame first = m.refine(RefineOptions.uniform(1));
        // the model matrix takes the internal frame back to the mesh's coordinates
        PreparedMesh p = PreparedMesh.of(mesh);
        Matrix4f model = first.modelMatrix(new Matrix4f());
        org.joml.Vector3f v = model.transformPosition(p.positions()[0], p.positions()[1], p.positions()[2],
                new org.joml.Vector3f());
        assertEquals(mesh.position(0, 0), v.x, 1e-6);
        assertEquals(mesh.position(0, 1), v.y, 1e-6);
        assertEquals(mesh.position(0, 2), v.z, 1e-6);
        GpuFrame second = m.refine(RefineOptions.uniform(2));
        assertThrows(IllegalStateException.class, first::positionBuffer, "a replaced frame");
        assertEquals(320, second.triangleCount());
        assertThrows(IllegalArgumentException.class, () -> m.updatePositions(new float[5]));
        float[] nan = mesh.positions();
        nan[4] = Float.NaN;
        assertThrows(IllegalArgumentException.class, () -> m.updatePositions(nan));
        t.close();
        assertThrows(IllegalStateException.class, () -> m.refine(RefineOptions.uniform(1)), "closed with its tessellator");
        assertThrows(IllegalStateException.class, () -> t.prepare(mesh));
        m.close();
        t.close();
    }
}
