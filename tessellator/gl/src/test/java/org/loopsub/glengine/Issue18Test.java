package org.loopsub.glengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL43C.GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_BINDING;
import static org.lwjgl.opengl.GL43C.GL_STATIC_DRAW;
import static org.lwjgl.opengl.GL43C.glBindBuffer;
import static org.lwjgl.opengl.GL43C.glBindBufferBase;
import static org.lwjgl.opengl.GL43C.glBufferData;
import static org.lwjgl.opengl.GL43C.glDeleteBuffers;
import static org.lwjgl.opengl.GL43C.glGenBuffers;
import static org.lwjgl.opengl.GL43C.glGetInteger;
import static org.lwjgl.opengl.GL43C.glGetIntegeri;

import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;
import org.loopsub.api.Point3;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.api.gpu.GpuTessellators;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GlTestBase;
import org.loopsub.gl.GpuScan;
import org.loopsub.testing.TestCameras;
import org.lwjgl.egl.EGL10;
import org.lwjgl.egl.EGL12;
import org.lwjgl.egl.EGL14;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;

/**
 * Issue 18, what a renderer written from docs/embedding.md alone found on the GPU interface: calls
 * from a thread without the context aborted the JVM, exceptions of the back end's own types and of the
 * wrong JDK types left it, the storage bindings left unbound were not the ones the docs named, and a
 * uniform refinement too large for the GPU ran until the kernel killed the process. (Its garbage per
 * frame is {@link GpuFrameAllocationTest}'s.)
 */
class Issue18Test extends GlTestBase {
    private static final Point3 ORIGIN = new Point3(0, 0, 0);

    /** Every entry point of the tessellator, a mesh and a frame, by name (as a renderer would call them). */
    private static Map<String, Runnable> entryPoints(GpuTessellator t, GpuMesh m, GpuFrame f, TriangleMesh mesh) {
        Map<String, Runnable> all = new LinkedHashMap<>();
        all.put("GpuTessellators.createForCurrentContext", () -> GpuTessellators.createForCurrentContext("gl"));
        all.put("GpuTessellator.backend", t::backend);
        all.put("GpuTessellator.prepare", () -> t.prepare(mesh));
        all.put("GpuMesh.vertexCount", m::vertexCount);
        all.put("GpuMesh.triangleCount", m::triangleCount);
        all.put("GpuMesh.inputVerticesMerged", m::inputVerticesMerged);
        all.put("GpuMesh.warnings", m::warnings);
        all.put("GpuMesh.refine", () -> m.refine(RefineOptions.uniform(1)));
        all.put("GpuMesh.refine (adaptive)", () -> m.refine(TestCameras.screen(ORIGIN, 3, 4)));
        all.put("GpuMesh.updatePositions(float[])", () -> m.updatePositions(mesh.positions()));
        all.put("GpuMesh.updatePositions(FloatBuffer)", () -> m.updatePositions(FloatBuffer.wrap(mesh.positions())));
        all.put("GpuFrame.positionBuffer", f::positionBuffer);
        all.put("GpuFrame.normalBuffer", f::normalBuffer);
        all.put("GpuFrame.uvBuffer", f::uvBuffer);
        all.put("GpuFrame.drawIndirectBuffer", f::drawIndirectBuffer);
        all.put("GpuFrame.triangleCount", f::triangleCount);
        all.put("GpuFrame.levels", f::levels);
        all.put("GpuFrame.blocks", f::blocks);
        all.put("GpuFrame.modelMatrix", () -> f.modelMatrix(new Matrix4f()));
        all.put("GpuFrame.gpuNanos", f::gpuNanos);
        all.put("GpuMesh.close", m::close);
        all.put("GpuTessellator.close", t::close);
        return all;
    }

    /**
     * Calls every entry point on {@code thread} and collects what went wrong: each must throw an
     * {@link IllegalStateException} whose message contains {@code rule}. A GL call made before the
     * check would abort the JVM here, and the test with it.
     */
    private static List<String> callEach(Map<String, Runnable> calls, String rule, Supplier<AutoCloseable> context)
            throws Exception {
        List<String> wrong = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            try (AutoCloseable c = context.get()) {
                for (Map.Entry<String, Runnable> call : calls.entrySet()) {
                    try {
                        call.getValue().run();
                        wrong.add(call.getKey() + " returned");
                    } catch (IllegalStateException e) {
                        if (e.getClass() != IllegalStateException.class || !e.getMessage().contains(rule)) {
                            wrong.add(call.getKey() + ": " + e);
                        }
                    } catch (RuntimeException e) {
                        wrong.add(call.getKey() + ": " + e);
                    }
                }
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "renderer-helper");
        thread.start();
        thread.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        return wrong;
    }

    @Test
    void everyEntryPointRefusesAThreadWithoutTheContextBeforeAnyGlCall() throws Exception {
        TriangleMesh mesh = TestMeshes.load("icosahedron.obj");
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            GpuFrame f = m.refine(RefineOptions.uniform(1));
            long triangles = f.triangleCount();

            // a thread with no context at all (LWJGL has no GL functions there: a GL call aborts)
            List<String> wrong = callEach(entryPoints(t, m, f, mesh), "no GL context is current", () -> () -> { });
            assertEquals(List.of(), wrong);

            // a thread with a context of its own: a GL call would work on that context's objects
            // (there a new tessellator is fine: it would be that context's)
            Map<String, Runnable> calls = entryPoints(t, m, f, mesh);
            calls.remove("GpuTessellators.createForCurrentContext");
            wrong = callEach(calls, "a different GL context", () -> GlContext.createHeadless());
            assertEquals(List.of(), wrong);

            // nothing was closed or replaced: the frame is still the current one, the mesh refines
            assertEquals(triangles, f.triangleCount());
            assertTrue(f.positionBuffer() > 0);
            assertEquals(320, m.refine(RefineOptions.uniform(2)).triangleCount());
        }
    }

    @Test
    void anotherContextCurrentOnTheSameThreadIsRefused() {
        TriangleMesh mesh = TestMeshes.load("icosahedron.obj");
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            GpuFrame f = m.refine(RefineOptions.uniform(1));
            long display = EGL14.eglGetCurrentDisplay();
            long draw = EGL14.eglGetCurrentSurface(0x3059);
            long read = EGL14.eglGetCurrentSurface(0x305A);
            long ours = EGL14.eglGetCurrentContext();
            GLCapabilities caps = GL.getCapabilities();
            try (GlContext other = GlContext.createHeadless()) {
                assertNotEquals(ours, EGL14.eglGetCurrentContext(), "the other context is current now");
                for (Runnable call : List.<Runnable>of(() -> m.refine(RefineOptions.uniform(1)), m::close, t::close,
                        f::positionBuffer, () -> m.updatePositions(mesh.positions()))) {
                    IllegalStateException e = assertThrows(IllegalStateException.class, call::run);
                    assertTrue(e.getMessage().contains("a different GL context"), e.getMessage());
                }
            } finally {
                // closing the other context released this thread's: make the class's current again
                EGL12.eglBindAPI(0x30A2);
                assertTrue(EGL10.eglMakeCurrent(display, draw, read, ours));
                GL.setCapabilities(caps);
            }
            // the close above was refused: the mesh and its frame are as they were
            assertTrue(f.positionBuffer() > 0);
            assertEquals(80, m.refine(RefineOptions.uniform(1)).triangleCount());
        }
    }

    @Test
    void exceptionsAreThoseTheJavadocNames() {
        TriangleMesh mesh = TestMeshes.load("icosahedron.obj");
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            GpuFrame f = m.refine(RefineOptions.uniform(1));
            StopCriterion.ScreenEdgeLength screen = (StopCriterion.ScreenEdgeLength)
                    TestCameras.screen(ORIGIN, 3, 4).criteria().get(0);
            // criteria the GL back end cannot run: IllegalArgumentException, as refine's Javadoc says
            StopCriterion javaOnly = new StopCriterion.Custom((level, ax, ay, az, bx, by, bz) -> true);
            StopCriterion broken = new StopCriterion.Custom((level, ax, ay, az, bx, by, bz) -> true,
                    "bool loopsub_edge_complete(int level, vec3 a, vec3 b) { return no_such_thing; }");
            Map<String, RefineOptions> refused = new LinkedHashMap<>();
            refused.put("a custom criterion without GLSL", RefineOptions.adaptive(3, javaOnly));
            refused.put("GLSL that does not compile", RefineOptions.adaptive(3, broken));
            refused.put("two screen criteria", RefineOptions.adaptive(3, screen, screen));
            for (Map.Entry<String, RefineOptions> r : refused.entrySet()) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.refine(r.getValue()),
                        r.getKey());
                assertSame(IllegalArgumentException.class, e.getClass(), r.getKey() + ": " + e);
            }
            // a short buffer: IllegalArgumentException, not BufferUnderflowException; nothing moved
            FloatBuffer shortBuffer = FloatBuffer.wrap(mesh.positions(), 0, 3 * mesh.vertexCount() - 1);
            assertThrows(IllegalArgumentException.class, () -> m.updatePositions(shortBuffer));
            FloatBuffer nan = FloatBuffer.wrap(mesh.positions());
            nan.put(7, Float.NaN);
            assertThrows(IllegalArgumentException.class, () -> m.updatePositions(nan));
            // none of it replaced the frame, and the next one is the same
            assertTrue(f.positionBuffer() > 0);
            assertEquals(80, f.triangleCount());
            assertEquals(80, m.refine(RefineOptions.uniform(1)).triangleCount());
        }
    }

    @Test
    void aUniformRefinementTooLargeForTheGpuIsRefusedBeforeAnythingIsAllocated() {
        TriangleMesh mesh = TestMeshes.load("icosahedron.obj");
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            GpuFrame f = m.refine(RefineOptions.uniform(2));
            GlContext context = ((GlGpuTessellator) t).context();
            long buffers = context.buffersAllocated();
            // 20 * 4^16 = 85.9 billion triangles: more than a draw command counts
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> m.refine(RefineOptions.uniform(16)));
            assertTrue(e.getMessage().contains("715,827,882"), e.getMessage());
            assertEquals(buffers, context.buffersAllocated(), "buffers allocated by the refused frame");
            assertEquals(320, f.triangleCount(), "the previous frame stays valid");
            assertEquals(1280, m.refine(RefineOptions.uniform(3)).triangleCount());
        }
        // the CLI's path too, which reads the output back into one Java array
        try (GlTessellator cli = new GlTessellator(gl, false, GpuScan.Strategy.REDUCE_THEN_SCAN,
                GlTessellator.DEFAULT_BUDGET)) {
            long buffers = gl.buffersAllocated();
            assertThrows(IllegalArgumentException.class, () -> cli.refine(mesh, RefineOptions.uniform(16)));
            assertThrows(IllegalArgumentException.class, () -> cli.refineOnGpu(mesh, RefineOptions.uniform(16),
                    org.loopsub.api.ProgressListener.NONE, false));
            assertEquals(buffers, gl.buffersAllocated(), "buffers allocated by the refused refinements");
            assertEquals(80, cli.refine(mesh, RefineOptions.uniform(1)).mesh().triangleCount());
        }
    }

    /**
     * GpuMesh.refine's Javadoc (and docs/embedding.md): storage binding points 0 to 18 and the generic
     * one are left unbound, every other binding point keeps the host's buffer; prepare and
     * updatePositions change none.
     */
    @Test
    void theStorageBindingsLeftUnboundAreExactlyThoseTheDocsName() {
        TriangleMesh mesh = TestMeshes.load("mesh_with_border.obj");
        int points = glGetInteger(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS);
        int host = glGenBuffers();
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, host);
        glBufferData(GL_SHADER_STORAGE_BUFFER, 256, GL_STATIC_DRAW);
        List<Integer> documented = new ArrayList<>();
        for (int i = 0; i <= 18; i++) {
            documented.add(i);
        }
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl")) {
            bindEverywhere(host, points);
            GpuMesh m = t.prepare(mesh);
            assertEquals(List.of(), changed(host, points), "bindings prepare changed");
            assertEquals(host, glGetInteger(GL_SHADER_STORAGE_BUFFER_BINDING), "generic binding after prepare");
            for (RefineOptions o : List.of(RefineOptions.uniform(2), TestCameras.screen(TestCameras.BORDER_CENTRE, 30, 4),
                    TestCameras.screen(TestCameras.BORDER_CENTRE, 30, 4), RefineOptions.uniform(1).withLimitSurface(true))) {
                bindEverywhere(host, points);
                m.refine(o);
                assertEquals(documented, changed(host, points), "bindings refine changed, " + o);
                assertEquals(0, glGetInteger(GL_SHADER_STORAGE_BUFFER_BINDING), "generic binding after refine");
            }
            bindEverywhere(host, points);
            m.updatePositions(mesh.positions());
            assertEquals(List.of(), changed(host, points), "bindings updatePositions changed");
            m.close();
        } finally {
            bindEverywhere(0, points);
            glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
            glDeleteBuffers(host);
        }
    }

    private static void bindEverywhere(int buffer, int points) {
        for (int i = 0; i < points; i++) {
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, buffer);
        }
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    }

    /** @return the binding points that no longer hold the host's buffer (each then holds none) */
    private static List<Integer> changed(int host, int points) {
        List<Integer> changed = new ArrayList<>();
        for (int i = 0; i < points; i++) {
            int now = glGetIntegeri(GL_SHADER_STORAGE_BUFFER_BINDING, i);
            if (now != host) {
                assertEquals(0, now, "binding point " + i + " holds a buffer of the library's");
                changed.add(i);
            }
        }
        return changed;
    }

    @Test
    void aRefusedCloseLeavesTheMeshOpenForTheRightThread() throws Exception {
        TriangleMesh mesh = TestMeshes.load("icosahedron.obj");
        GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
        GpuMesh m = t.prepare(mesh);
        Map<String, Runnable> closes = new LinkedHashMap<>();
        closes.put("GpuMesh.close", m::close);
        closes.put("GpuTessellator.close", t::close);
        assertEquals(List.of(), callEach(closes, "a different GL context", () -> GlContext.createHeadless()));
        assertEquals(80, m.refine(RefineOptions.uniform(1)).triangleCount(), "the mesh is still open");
        m.close();
        t.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, m::vertexCount);
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        e = assertThrows(IllegalStateException.class, () -> t.prepare(mesh));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
    }
}
