package org.loopsub.glengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.FloatBuffer;
import java.util.List;
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
import org.loopsub.testing.TestCameras;

/**
 * A renderer's steady frames allocate no heap on its thread (docs/embedding.md, "What you get"):
 * {@code GpuMesh.refine} with the same options or with only the screen criterion's camera changed,
 * a uniform frame, the frame's getters, and the three {@code updatePositions}, measured with the JVM's
 * per-thread allocation counter after a warm-up long enough for the JIT.
 */
class GpuFrameAllocationTest extends GlTestBase {
    /**
     * Frames before measuring: past the first-use work (class loading, lambda linkage, lazily grown
     * tables) and the JIT's first tier, which compiles the frame's methods after a few hundred calls
     * of the per-level ones.
     */
    private static final int WARM_UP = 100;
    /** Frames per window: a steady allocation shows in every frame, so in every window. */
    private static final int MEASURED = 20;
    /** Measuring windows; the least counts. */
    private static final int WINDOWS = 3;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static long allocated() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    /**
     * What a renderer reads from a frame each frame: every getter, and (with {@code elements}) the
     * lists' elements by index, whose records are made only when their figures changed.
     */
    private static long readFrame(GpuFrame f, Matrix4f model, boolean elements) {
        long sum = f.positionBuffer() + f.normalBuffer() + f.uvBuffer() + f.drawIndirectBuffer() + f.triangleCount();
        List<LevelStats> levels = f.levels();
        List<GpuFrame.Block> blocks = f.blocks();
        sum += levels.size() + blocks.size();
        for (int i = 0; elements && i < levels.size(); i++) {
            sum += levels.get(i).finishedTriangles() + levels.get(i).slivers();
        }
        for (int i = 0; elements && i < blocks.size(); i++) {
            sum += blocks.get(i).firstTriangle() + blocks.get(i).triangleCount();
        }
        f.modelMatrix(model);
        return sum;
    }

    /**
     * Bytes allocated per frame over {@link #MEASURED} frames of {@code frames} (and the frame's
     * getters), after the warm-up.
     *
     * @param triangles receives each measured frame's triangle count
     */
    private static double bytesPerFrame(GpuMesh m, RefineOptions[] frames, boolean elements, long[] triangles) {
        Matrix4f model = new Matrix4f();
        long sink = 0;
        for (int i = 0; i < WARM_UP; i++) {
            GpuFrame f = m.refine(frames[i % frames.length]);
            sink += readFrame(f, model, true);
        }
        GlGpuMesh g = (GlGpuMesh) m;
        int stopped = g.stoppedFrames;
        // the least of a few windows (see updatingPositionsAllocatesNothing)
        long bytes = Long.MAX_VALUE;
        for (int window = 0; window < WINDOWS; window++) {
            long before = allocated();
            for (int i = 0; i < MEASURED; i++) {
                GpuFrame f = m.refine(frames[i % frames.length]);
                sink += readFrame(f, model, elements);
                triangles[i] = f.triangleCount();
            }
            bytes = Math.min(bytes, allocated() - before);
        }
        assertTrue(sink != 0);
        assertEquals(stopped, g.stoppedFrames, "measured frames that outgrew their plan (not steady)");
        return (double) bytes / MEASURED;
    }

    /** A camera going to and fro around the mesh: the sizes vary a little from frame to frame. */
    private static RefineOptions[] moving(Point3 target, float from, float to, int steps) {
        RefineOptions[] o = new RefineOptions[2 * steps];
        for (int i = 0; i < steps; i++) {
            float d = from + (to - from) * i / (steps - 1);
            o[i] = TestCameras.screen(target, d, 4);
            o[2 * steps - 1 - i] = o[i];
        }
        return o;
    }

    @Test
    void steadyFramesAllocateNothing() {
        TriangleMesh mesh = TestMeshes.load("icosahedron.obj");
        Point3 origin = new Point3(0, 0, 0);
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            // calibration: the counter itself
            long a = allocated();
            long b = allocated();
            assertEquals(0, b - a, "the allocation counter allocates");

            RefineOptions[] fixed = {TestCameras.screen(origin, 3, 4)};
            RefineOptions[] movingCamera = moving(origin, 8f, 16f, 8);
            RefineOptions[] uniform = {RefineOptions.uniform(2)};
            long[] triangles = new long[MEASURED];
            GlGpuMesh g = (GlGpuMesh) m;
            int resident = g.residentFrames;
            double fixedBytes = bytesPerFrame(m, fixed, true, triangles);
            // a moving camera's elements change, and a changed element is a new record: read the getters only
            double movingBytes = bytesPerFrame(m, movingCamera, false, triangles);
            assertTrue(java.util.Arrays.stream(triangles).distinct().count() > 4, () -> "the camera moved the output: "
                    + java.util.Arrays.toString(triangles));
            assertTrue(g.residentFrames >= resident + 2 * MEASURED, "adaptive frames kept their sizes on the GPU");
            double uniformBytes = bytesPerFrame(m, uniform, true, triangles);
            System.out.printf("bytes per frame: fixed camera %.1f, moving camera %.1f, uniform %.1f%n",
                    fixedBytes, movingBytes, uniformBytes);
            assertEquals(0, fixedBytes, "a fixed camera's frame allocates");
            assertEquals(0, movingBytes, "a moving camera's frame allocates");
            assertEquals(0, uniformBytes, "a uniform frame allocates");
        }
    }

    /**
     * Displaced frames (their map kept on the GPU, the displacement pass issued after the levels', a
     * resident one reading its end there) allocate nothing either.
     */
    @Test
    void displacedSteadyFramesAllocateNothing() {
        TriangleMesh mesh = org.loopsub.testing.SyntheticMeshes.projected(TestMeshes.load("icosahedron.obj"));
        org.loopsub.api.Displacement d = org.loopsub.testing.DisplacementMaps.map(0.05f, 0.01f);
        Point3 origin = new Point3(0, 0, 0);
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            RefineOptions[] movingCamera = moving(origin, 8f, 16f, 8);
            for (int i = 0; i < movingCamera.length; i++) {
                movingCamera[i] = movingCamera[i].withDisplacement(d);
            }
            RefineOptions[] uniform = {RefineOptions.uniform(2).withDisplacement(d)};
            long[] triangles = new long[MEASURED];
            GlGpuMesh g = (GlGpuMesh) m;
            int resident = g.residentFrames;
            double movingBytes = bytesPerFrame(m, movingCamera, false, triangles);
            assertTrue(g.residentFrames >= resident + 2 * MEASURED, "displaced frames kept their sizes on the GPU");
            double uniformBytes = bytesPerFrame(m, uniform, true, triangles);
            System.out.printf("bytes per displaced frame: moving camera %.1f, uniform %.1f%n", movingBytes, uniformBytes);
            assertEquals(0, movingBytes, "a displaced moving camera's frame allocates");
            assertEquals(0, uniformBytes, "a displaced uniform frame allocates");
        }
    }

    @Test
    void updatingPositionsAllocatesNothing() {
        TriangleMesh mesh = TestMeshes.load("mesh_with_border.obj");
        float[] rest = mesh.positions();
        float[] moved = rest.clone();
        FloatBuffer direct = org.lwjgl.BufferUtils.createFloatBuffer(rest.length + 2);
        direct.position(1);
        // a renderer's buffer the cage is read from on the GPU
        int glBuffer = org.lwjgl.opengl.GL43C.glGenBuffers();
        org.lwjgl.opengl.GL43C.glBindBuffer(org.lwjgl.opengl.GL43C.GL_ARRAY_BUFFER, glBuffer);
        org.lwjgl.opengl.GL43C.glBufferData(org.lwjgl.opengl.GL43C.GL_ARRAY_BUFFER, rest,
                org.lwjgl.opengl.GL43C.GL_DYNAMIC_DRAW);
        org.lwjgl.opengl.GL43C.glBindBuffer(org.lwjgl.opengl.GL43C.GL_ARRAY_BUFFER, 0);
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            m.refine(RefineOptions.uniform(1).withLimitSurface(true));
            for (int i = 0; i < WARM_UP; i++) {
                wave(rest, moved, i);
                m.updatePositions(moved);
                direct.put(1, moved);
                m.updatePositions(direct);
                m.updatePositions(glBuffer, 0, 12);
            }
            org.loopsub.gl.GlContext context = ((GlGpuTessellator) t).context();
            long buffers = context.buffersAllocated();
            // the least of a few windows: code running interpreted for a moment after the JIT threw
            // its compiled version away (another class loaded in this JVM) may allocate what the
            // compiled code does not; a steady allocation shows in every window
            double arrayBytes = Double.MAX_VALUE;
            double bufferBytes = Double.MAX_VALUE;
            double glBytes = Double.MAX_VALUE;
            for (int window = 0; window < WINDOWS; window++) {
                long before = allocated();
                for (int i = 0; i < MEASURED; i++) {
                    wave(rest, moved, i);
                    m.updatePositions(moved);
                }
                arrayBytes = Math.min(arrayBytes, (double) (allocated() - before) / MEASURED);
                before = allocated();
                for (int i = 0; i < MEASURED; i++) {
                    m.updatePositions(direct);
                }
                bufferBytes = Math.min(bufferBytes, (double) (allocated() - before) / MEASURED);
                before = allocated();
                for (int i = 0; i < MEASURED; i++) {
                    m.updatePositions(glBuffer, 0, 12);
                }
                glBytes = Math.min(glBytes, (double) (allocated() - before) / MEASURED);
            }
            System.out.printf("bytes per updatePositions: float[] %.1f, FloatBuffer %.1f, GL buffer %.1f%n", arrayBytes,
                    bufferBytes, glBytes);
            assertEquals(1, direct.position(), "the buffer's position is left alone");
            assertEquals(0, arrayBytes, "updatePositions(float[]) allocates");
            assertEquals(0, bufferBytes, "updatePositions(FloatBuffer) allocates");
            assertEquals(0, glBytes, "updatePositions(int, long, int) allocates");
            assertEquals(buffers, context.buffersAllocated(), "GL buffers made by moves after the first");

            // the GPU's move is the host's
            m.updatePositions(glBuffer, 0, 12);
            float[] fromGl = positions(m.refine(RefineOptions.uniform(1).withLimitSurface(true)));
            m.updatePositions(rest);
            org.junit.jupiter.api.Assertions.assertArrayEquals(
                    positions(m.refine(RefineOptions.uniform(1).withLimitSurface(true))), fromGl);

            // both overloads move the cage alike, and it moved
            RefineOptions o = RefineOptions.uniform(1).withLimitSurface(true);
            direct.put(1, moved);
            m.updatePositions(direct);
            float[] fromBuffer = positions(m.refine(o));
            m.updatePositions(moved);
            float[] fromArray = positions(m.refine(o));
            m.updatePositions(rest);
            float[] atRest = positions(m.refine(o));
            org.junit.jupiter.api.Assertions.assertArrayEquals(fromArray, fromBuffer);
            assertTrue(!java.util.Arrays.equals(atRest, fromArray), "the wave moved the cage");
        } finally {
            org.lwjgl.opengl.GL43C.glDeleteBuffers(glBuffer);
        }
    }

    private static float[] positions(GpuFrame f) {
        float[] p = new float[Math.toIntExact(9 * f.triangleCount())];
        org.lwjgl.opengl.GL45C.glGetNamedBufferSubData(f.positionBuffer(), 0, p);
        return p;
    }

    private static void wave(float[] rest, float[] moved, int step) {
        for (int v = 0; v < rest.length; v += 3) {
            moved[v] = rest[v] + 0.01f * (float) Math.sin(0.1 * step + rest[v + 1]);
        }
    }
}
