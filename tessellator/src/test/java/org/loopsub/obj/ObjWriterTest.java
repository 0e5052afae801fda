package org.loopsub.obj;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopsub.api.Crease;
import org.loopsub.api.TriangleMesh;

class ObjWriterTest {
    private static final TriangleMesh SQUARE = TriangleMesh.of(
            new float[] {0, 0, 0, 1, 0, 0, 1, 1, 0, -0.5f, 1e-7f, 123456.7f},
            new int[] {0, 1, 2, 0, 2, 3});
    private static final float[] NORMALS = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0.6f, -0.8f, -0f};

    private static final String WITH_NORMALS = """
            # loopsub: 4 vertices, 2 triangles
            v 0 0 0
            v 1 0 0
            v 1 1 0
            v -0.5 1e-7 123456.7
            vn 0 0 1
            vn 0 0 1
            vn 0 0 1
            vn 0.6 -0.8 -0
            f 1//1 2//2 3//3
            f 1//1 3//3 4//4
            """;

    @Test
    void writesTheExpectedTextWithNormals() throws IOException {
        StringWriter out = new StringWriter();
        ObjWriter.write(out, SQUARE, NORMALS);
        assertEquals(WITH_NORMALS, out.toString());
    }

    @Test
    void writesPlainFacesWithoutNormals() throws IOException {
        StringWriter out = new StringWriter();
        ObjWriter.write(out, SQUARE, null);
        assertEquals("""
                # loopsub: 4 vertices, 2 triangles
                v 0 0 0
                v 1 0 0
                v 1 1 0
                v -0.5 1e-7 123456.7
                f 1 2 3
                f 1 3 4
                """, out.toString());
    }

    @Test
    void writesCreaseTagsAfterTheFaces() throws IOException {
        TriangleMesh mesh = new TriangleMesh(SQUARE.positions(), SQUARE.triangles(), List.of(new Crease(0, 2, 7.9f)));
        StringWriter out = new StringWriter();
        ObjWriter.write(out, mesh, null);
        assertTrue(out.toString().endsWith("f 1 3 4\nt crease 2/1/0 0 2 7.9\n"), out.toString());
    }

    @Test
    void fileHasTheSameBytesAsTheWriter(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("out.obj");
        ObjWriter.write(target, SQUARE, NORMALS);
        assertArrayEquals(WITH_NORMALS.getBytes(StandardCharsets.US_ASCII), Files.readAllBytes(target));
        assertEquals(List.of(target), list(dir));
    }

    @Test
    void largeMeshSpansManyChunksIdentically(@TempDir Path dir) throws IOException {
        int n = 50_000;
        float[] p = new float[3 * n];
        for (int i = 0; i < p.length; i++) {
            p[i] = (float) Math.sin(i) * 100;
        }
        int[] t = new int[3 * (n - 2)];
        for (int i = 0; i < n - 2; i++) {
            t[3 * i] = i;
            t[3 * i + 1] = i + 1;
            t[3 * i + 2] = i + 2;
        }
        TriangleMesh mesh = TriangleMesh.of(p, t);
        StringWriter out = new StringWriter();
        ObjWriter.write(out, mesh, p);
        Path target = dir.resolve("big.obj");
        ObjWriter.write(target, mesh, p);
        String text = out.toString();
        assertEquals(text, Files.readString(target, StandardCharsets.US_ASCII));
        assertEquals(1 + n + n + (n - 2), text.lines().count());
        String[] third = text.lines().skip(3).findFirst().orElseThrow().split(" ");
        assertEquals(p[6], Float.parseFloat(third[1]));
        assertEquals(p[8], Float.parseFloat(third[3]));
    }

    @Test
    void replacesAnExistingTarget(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("out.obj");
        Files.writeString(target, "old content that is longer than nothing at all, really much longer\n".repeat(20));
        ObjWriter.write(target, SQUARE, NORMALS);
        assertEquals(WITH_NORMALS, Files.readString(target));
        assertEquals(List.of(target), list(dir));
    }

    @Test
    void missingDirectoryFailsAndCreatesNothing(@TempDir Path dir) {
        Path target = dir.resolve("no").resolve("such").resolve("out.obj");
        assertThrows(IOException.class, () -> ObjWriter.write(target, SQUARE, NORMALS));
        assertFalse(Files.exists(dir.resolve("no")));
        assertEquals(List.of(), list(dir));
    }

    @Test
    void failureBeforeAnyOutputLeavesTargetAndNoTempFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("out.obj");
        Files.writeString(target, "precious");
        float[] tooShort = new float[3];
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ObjWriter.write(target, SQUARE, tooShort));
        assertTrue(e.getMessage().contains("normals"), e.getMessage());
        assertEquals("precious", Files.readString(target));
        assertEquals(List.of(target), list(dir));
    }

    @Test
    void failureMidWayLeavesTargetAndNoTempFile(@TempDir Path dir) throws IOException {
        // many vertices so that several chunks reach the temp file before the bad face is met
        int n = 40_000;
        float[] p = new float[3 * n];
        int[] t = new int[3 * n];
        for (int i = 0; i < n; i++) {
            p[3 * i] = i;
            t[3 * i] = i;
            t[3 * i + 1] = (i + 1) % n;
            t[3 * i + 2] = (i + 2) % n;
        }
        t[3 * (n - 1) + 2] = n + 5;
        TriangleMesh bad = TriangleMesh.of(p, t);
        Path target = dir.resolve("out.obj");
        Files.writeString(target, "precious");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ObjWriter.write(target, bad, null));
        assertTrue(e.getMessage().contains("face " + n), e.getMessage());
        assertEquals("precious", Files.readString(target));
        assertEquals(List.of(target), list(dir));
    }

    @Test
    void targetThatIsADirectoryFailsAndLeavesNoTempFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("taken");
        Files.createDirectory(target);
        Files.writeString(target.resolve("inside"), "x");
        assertThrows(IOException.class, () -> ObjWriter.write(target, SQUARE, null));
        assertEquals(List.of(target), list(dir));
        assertTrue(Files.isDirectory(target));
    }

    @Test
    void sameMeshSameBytes() throws IOException {
        StringWriter a = new StringWriter();
        StringWriter b = new StringWriter();
        ObjWriter.write(a, SQUARE, NORMALS);
        ObjWriter.write(b, TriangleMesh.of(SQUARE.positions(), SQUARE.triangles()), NORMALS.clone());
        assertEquals(a.toString(), b.toString());
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
