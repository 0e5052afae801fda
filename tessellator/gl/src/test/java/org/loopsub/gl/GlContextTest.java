package org.loopsub.gl;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL43C.glBindBufferBase;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;
import static org.lwjgl.opengl.GL43C.glUseProgram;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class GlContextTest extends GlTestBase {

    @Test
    void describesTheContext() {
        System.out.println("GL context: " + gl + ", subgroups " + gl.hasSubgroups() + " (" + gl.subgroupSize()
                + "), max SSBO block " + gl.maxStorageBlockSize() + ", SSBO offset alignment "
                + gl.storageBufferOffsetAlignment());
        assertTrue(gl.maxStorageBlockSize() >= 1 << 24, "GL 4.3 guarantees 16 MiB blocks");
        System.out.println("GPU memory: " + (gl.memoryBytes() >> 20) + " MiB, from " + gl.memorySource());
        // what refinements too large are refused against (OutputBudget): a software renderer always says
        assertTrue(!gl.isSoftware() || gl.memoryBytes() > 0, "memory of a software renderer");
        assertTrue(gl.version().length() > 0);
        assertEquals(gl.hasSubgroups(), gl.subgroupSize() > 0);
    }

    @Test
    void availabilityIsAskedWithoutMakingAContext() throws Exception {
        // on a thread of its own, which has no context: the check must leave it without one
        AtomicReference<String> reason = new AtomicReference<>("not run");
        AtomicReference<Long> eglContext = new AtomicReference<>();
        AtomicReference<Boolean> wrapped = new AtomicReference<>();
        Thread t = new Thread(() -> {
            reason.set(GlContext.headlessUnavailableReason());
            eglContext.set(org.lwjgl.egl.EGL14.eglGetCurrentContext());
            try {
                GlContext.current();
                wrapped.set(true);
            } catch (IllegalStateException none) {
                wrapped.set(false);
            }
        });
        t.start();
        t.join();
        assertEquals(null, reason.get(), "this machine made a context in createContext()");
        assertEquals(0L, eglContext.get(), "no EGL context is current on the asking thread");
        assertEquals(false, wrapped.get(), "no GlContext is current on the asking thread");
    }

    @Test
    void glErrorsNameThePass() {
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1 << 20, 0); // far past any binding point
        GlException e = assertThrows(GlException.class, () -> GlChecks.check("test pass"));
        assertTrue(e.getMessage().contains("GL_INVALID_VALUE") && e.getMessage().contains("test pass"), e.getMessage());
        GlChecks.check("nothing pending after the throw");
    }

    @Test
    void brokenShaderSurfacesStemAndLog() {
        ShaderException e = assertThrows(ShaderException.class,
                () -> ComputeProgram.load("broken_for_test", Map.of(), List.of()));
        assertEquals("broken_for_test", e.shaderName());
        assertTrue(e.log().contains("undeclared_variable_for_test"), e.log());
        assertTrue(e.getMessage().contains("broken_for_test") && e.getMessage().contains(e.log()), e.getMessage());
    }

    @Test
    void aDeferredBuildFailsAtFirstUseAndIsNotKeptBroken() {
        // issued together with a good program, as GlPasses issues a run's passes
        ComputeProgram broken = ComputeProgram.loadDeferred("broken_for_test", Map.of(), List.of(), "");
        try (ComputeProgram good = ComputeProgram.loadDeferred("iota_for_test", Map.of(), List.of(), "")) {
            ShaderException e = assertThrows(ShaderException.class, () -> broken.dispatchFor(1));
            assertTrue(e.getMessage().contains(": compile failed"), e.getMessage());
            assertTrue(e.log().contains("undeclared_variable_for_test"), e.log());
            assertEquals(64, good.localSizeX(), "the good one builds regardless");
        }
        // the failed build left the cache: asking again builds again and fails the same way
        long built = gl.programsBuilt();
        ShaderException again = assertThrows(ShaderException.class,
                () -> ComputeProgram.load("broken_for_test", Map.of(), List.of()));
        assertEquals(built + 1, gl.programsBuilt());
        assertTrue(again.log().contains("undeclared_variable_for_test"), again.log());
    }

    @Test
    void aProgramBuiltAgainInALaterContextLinksItsKeptBinary() {
        // a define no earlier run has seen, so that nothing is kept for it yet
        Map<String, String> fresh = Map.of("FRESH_FOR_TEST", Long.toString(System.nanoTime()));
        try (ComputeProgram first = ComputeProgram.load("iota_for_test", fresh, List.of())) {
            assertTrue(first.compiledFromSource());
        }
        // the context no longer holds it (closed by its last user): built again, from the kept binary
        long fromBinaries = gl.programsFromBinaries();
        try (ComputeProgram again = ComputeProgram.load("iota_for_test", fresh, List.of())) {
            boolean binaries = org.lwjgl.opengl.GL43C.glGetInteger(org.lwjgl.opengl.GL43C.GL_NUM_PROGRAM_BINARY_FORMATS) > 0;
            assertEquals(binaries, !again.compiledFromSource());
            assertEquals(fromBinaries + (binaries ? 1 : 0), gl.programsFromBinaries());
            assertEquals(64, again.localSizeX());
        }
    }

    @Test
    void wakingTheClocksIsForNvidiaOnly() {
        long wakes = gl.clockWakes();
        gl.wakeClocks();
        assertEquals(wakes + (gl.renderer().contains("NVIDIA") ? 1 : 0), gl.clockWakes());
        GlChecks.check("this thread's context untouched");
    }

    @Test
    void missingShaderIsAShaderException() {
        ShaderException e = assertThrows(ShaderException.class,
                () -> ComputeProgram.load("no_such_shader", Map.of(), List.of()));
        assertEquals("no_such_shader", e.shaderName());
    }

    @Test
    void programsAreCachedAndCounted() {
        try (ComputeProgram a = ComputeProgram.load("iota_for_test", Map.of(), List.of());
                ComputeProgram b = ComputeProgram.load("iota_for_test", Map.of(), List.of())) {
            assertEquals(a.id(), b.id());
            assertEquals(64, a.localSizeX());
            assertEquals("iota_for_test", a.stem());
        }
    }

    @Test
    void aUniformTheProgramLacksIsAnError() {
        try (ComputeProgram p = ComputeProgram.load("iota_for_test", Map.of(), List.of())) {
            assertEquals(0, p.uniform("uCount"));
            ShaderException e = assertThrows(ShaderException.class, () -> p.uniform("uCuont"));
            assertEquals("iota_for_test", e.shaderName());
            assertTrue(e.getMessage().contains("uCuont"), e.getMessage());
            // asked again: still refused (the cache keeps the driver's -1, not a pass)
            assertThrows(ShaderException.class, () -> p.uniform("uCuont"));
            assertEquals(-1, p.uniformIfPresent("uCuont"));
            assertEquals(0, p.uniformIfPresent("uCount"));
        }
    }

    @Test
    void largeDispatchesUseTheGrid() {
        int n = 65535 * 64 + 100; // one group more than a single dimension guarantees
        try (ComputeProgram p = ComputeProgram.load("iota_for_test", Map.of(), List.of());
                GlBuffer out = GlBuffer.allocate(4L * n, "iota")) {
            out.fill(0, n, -1);
            out.bind(0);
            glProgramUniform1ui(p.id(), 0, n);
            p.dispatchFor(n);
            GlChecks.check("iota_for_test");
            glUseProgram(0);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
            int[] got = out.readInts(0, n);
            for (int i = 0; i < n; i++) {
                if (got[i] != i) {
                    assertEquals(i, got[i], "slot " + i);
                }
            }
        }
    }

    /**
     * Staged bytes and a clear value wait in the context's scratch memory while a buffer write below
     * GL 4.5 queries the copy-write binding: the query must not overwrite them (it did, and every
     * staged upload on NVIDIA's 4.3 contexts lost its first word).
     */
    @Test
    void aStateQueryLeavesStagedBytesAlone() {
        long at = gl.scratch(16);
        org.lwjgl.system.MemoryUtil.memPutInt(at, 0x5EED);
        org.lwjgl.system.MemoryUtil.memPutLong(at + 8, 0x1234_5678_9ABCL);
        gl.getInteger(org.lwjgl.opengl.GL43C.GL_COPY_WRITE_BUFFER_BINDING);
        gl.getInteger(org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_BINDING, 0);
        gl.getInteger64(org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_SIZE, 0);
        assertEquals(0x5EED, org.lwjgl.system.MemoryUtil.memGetInt(at));
        assertEquals(0x1234_5678_9ABCL, org.lwjgl.system.MemoryUtil.memGetLong(at + 8));
    }

    @Test
    void buffersRoundTrip() {
        try (GlBuffer b = GlBuffer.of(new int[] {1, 2, 3, 4, 5}, "ints");
                GlBuffer f = GlBuffer.of(new float[] {0.5f, -1f}, "floats")) {
            b.write(8, new int[] {30, 40});
            assertArrayEquals(new int[] {2, 30, 40}, b.readInts(4, 3));
            assertArrayEquals(new float[] {0.5f, -1f}, f.readFloats(0, 2));
            assertEquals(20, b.bytes());
            assertThrows(IndexOutOfBoundsException.class, () -> b.readInts(16, 2));
        }
    }

    @Test
    void otherThreadsAreRefused() throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                gl.checkThread();
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        t.start();
        t.join();
        assertTrue(thrown.get() instanceof IllegalStateException, String.valueOf(thrown.get()));
    }

    @Test
    void closingAWrappedViewMakesTheOneBeforeItCurrentAgain() {
        assertSame(gl, GlContext.current());
        GlContext first = GlContext.wrapCurrent();
        GlContext second = GlContext.wrapCurrent();
        assertSame(second, GlContext.current());
        first.close();
        assertSame(second, GlContext.current(), "closing an older view leaves the newest current");
        second.close();
        assertSame(gl, GlContext.current(), "past the closed view, back to the test's own context");
        GlContext third = GlContext.wrapCurrent();
        third.close();
        assertSame(gl, GlContext.current());
    }
}
