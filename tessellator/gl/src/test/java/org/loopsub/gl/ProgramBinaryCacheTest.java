package org.loopsub.gl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.lwjgl.opengl.GL43C.GL_NUM_PROGRAM_BINARY_FORMATS;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL43C.glBindBufferBase;
import static org.lwjgl.opengl.GL43C.glCreateProgram;
import static org.lwjgl.opengl.GL43C.glDeleteProgram;
import static org.lwjgl.opengl.GL43C.glDispatchCompute;
import static org.lwjgl.opengl.GL43C.glGetInteger;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;
import static org.lwjgl.opengl.GL43C.glUseProgram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Programs kept as driver binaries: a later link from the file computes what the compiled one does. */
class ProgramBinaryCacheTest extends GlTestBase {
    private static final List<String> SOURCES = List.of("#version 430 core\n", "the key only: any strings");

    @TempDir
    Path dir;

    @BeforeEach
    void driverOffersBinaries() {
        assumeTrue(glGetInteger(GL_NUM_PROGRAM_BINARY_FORMATS) > 0, "this driver offers no program binary format");
    }

    @Test
    void aKeptBinaryLinksAProgramThatComputesTheSame() throws IOException {
        ProgramBinaryCache cache = ProgramBinaryCache.open(dir, gl.renderer(), gl.version());
        try (ComputeProgram compiled = ComputeProgram.load("iota_for_test", Map.of(), List.of())) {
            cache.store(compiled.id(), cache.fileFor(SOURCES));
            assertEquals(1, cache.stores());
            assertTrue(Files.isRegularFile(cache.fileFor(SOURCES)));
            int linked = glCreateProgram();
            try {
                assertTrue(cache.load(linked, cache.fileFor(SOURCES)), "the binary just kept links");
                assertEquals(1, cache.hits());
                assertArrayEquals(iota(compiled.id(), 1000), iota(linked, 1000));
                assertEquals(999, iota(linked, 1000)[999]);
            } finally {
                glDeleteProgram(linked);
            }
        }
        try (var names = Files.list(dir)) {
            assertEquals(List.of(cache.fileFor(SOURCES)), names.toList(), "no temporary file left beside it");
        }
    }

    @Test
    void otherSourcesOrAnotherDriverFindNothing() {
        ProgramBinaryCache cache = ProgramBinaryCache.open(dir, gl.renderer(), gl.version());
        ProgramBinaryCache newer = ProgramBinaryCache.open(dir, gl.renderer(), gl.version() + " (next driver)");
        assertNotEquals(cache.fileFor(SOURCES), newer.fileFor(SOURCES));
        assertNotEquals(cache.fileFor(SOURCES), cache.fileFor(List.of("#version 430 core\n", "the key only: other")));
        // the strings' boundaries count: "ab"+"c" is not "a"+"bc"
        assertNotEquals(cache.fileFor(List.of("ab", "c")), cache.fileFor(List.of("a", "bc")));
        int p = glCreateProgram();
        try {
            assertFalse(cache.load(p, cache.fileFor(SOURCES)), "nothing kept yet");
        } finally {
            glDeleteProgram(p);
        }
    }

    @Test
    void aDamagedBinaryIsRefusedAndDeleted() throws IOException {
        ProgramBinaryCache cache = ProgramBinaryCache.open(dir, gl.renderer(), gl.version());
        try (ComputeProgram compiled = ComputeProgram.load("iota_for_test", Map.of(), List.of())) {
            cache.store(compiled.id(), cache.fileFor(SOURCES));
        }
        Path file = cache.fileFor(SOURCES);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 3));
        int p = glCreateProgram();
        try {
            assertFalse(cache.load(p, cache.fileFor(SOURCES)), "a truncated binary must not link");
        } finally {
            glDeleteProgram(p);
        }
        assertFalse(Files.exists(file), "the refused binary is gone, so the next build keeps a good one");
        GlChecks.check("after a refused binary");
    }

    @Test
    void aFolderThatCannotBeWrittenOnlyLosesTheBinary() throws IOException {
        Path notAFolder = Files.writeString(dir.resolve("a-file"), "x");
        ProgramBinaryCache cache = ProgramBinaryCache.open(notAFolder.resolve("programs"), gl.renderer(), gl.version());
        try (ComputeProgram compiled = ComputeProgram.load("iota_for_test", Map.of(), List.of())) {
            cache.store(compiled.id(), cache.fileFor(SOURCES));
        }
        assertEquals(0, cache.stores());
        assertTrue(ProgramBinaryCache.open(null, gl.renderer(), gl.version()) == ProgramBinaryCache.OFF);
        assertNull(ProgramBinaryCache.OFF.fileFor(SOURCES), "a cache that is off names no file");
    }

    private static int[] iota(int program, int n) {
        try (GlBuffer out = GlBuffer.allocate(4L * n, "iota")) {
            out.fill(0, n, -1);
            out.bind(0);
            glProgramUniform1ui(program, 0, n);
            glUseProgram(program);
            glDispatchCompute((n + 63) / 64, 1, 1);
            glUseProgram(0);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
            GlChecks.check("iota");
            return out.readInts(0, n);
        }
    }
}
