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
import java.util.SplittableRandom;
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

    /** SQUARE with a seam along its diagonal: corners of vertices 0 and 2 differ between the triangles. */
    private static final TriangleMesh SQUARE_UV = TriangleMesh.of(SQUARE.positions(), SQUARE.triangles(),
            new float[] {0, 0, 1, 0, 1, 1, 0.25f, -0f, 0.5f, 1e-7f, 0, 1}, new int[] {0, 1, 2, 3, 4, 5});

    @Test
    void writesTextureCoordinatesBetweenPositionsAndNormals() throws IOException {
        StringWriter out = new StringWriter();
        ObjWriter.write(out, SQUARE_UV, NORMALS);
        assertEquals("""
                # loopsub: 4 vertices, 2 triangles, 6 texture coordinates
                v 0 0 0
                v 1 0 0
                v 1 1 0
                v -0.5 1e-7 123456.7
                vt 0 0
                vt 1 0
                vt 1 1
                vt 0.25 -0
                vt 0.5 1e-7
                vt 0 1
                vn 0 0 1
                vn 0 0 1
                vn 0 0 1
                vn 0.6 -0.8 -0
                f 1/1/1 2/2/2 3/3/3
                f 1/4/1 3/5/3 4/6/4
                """, out.toString());
        StringWriter plain = new StringWriter();
        ObjWriter.write(plain, SQUARE_UV, null);
        assertTrue(plain.toString().endsWith("vt 0 1\nf 1/1 2/2 3/3\nf 1/4 3/5 4/6\n"), plain.toString());
    }

    @Test
    void writtenUvsReadBackBitForBit(@TempDir Path dir) throws IOException {
        // values FloatFormat must print with care (-0, a subnormal, thirds, large, tiny), shared and
        // unused uvs, a uv count unrelated to the vertex count
        SplittableRandom random = new SplittableRandom(12);
        int vertices = 3000;
        int triangles = 5000;
        float[] p = new float[3 * vertices];
        for (int i = 0; i < p.length; i++) {
            p[i] = (float) random.nextDouble(-10, 10);
        }
        int[] t = new int[3 * triangles];
        for (int i = 0; i < t.length; i++) {
            t[i] = random.nextInt(vertices);
        }
        float[] special = {-0f, Float.MIN_VALUE, 1f / 3, -2f / 3, 3e38f, 1e-30f, 0.1f, 1};
        float[] uvs = new float[2 * 7001];
        for (int i = 0; i < uvs.length; i++) {
            uvs[i] = i < special.length ? special[i] : (float) random.nextDouble(-1, 2);
        }
        int[] uvIndices = new int[t.length];
        for (int i = 0; i < uvIndices.length; i++) {
            uvIndices[i] = random.nextInt(uvs.length / 2 - 1); // the last uv is used by no corner
        }
        TriangleMesh mesh = new TriangleMesh(p, t, List.of(new Crease(0, 1, 1f)), uvs, uvIndices);
        Path target = dir.resolve("uv.obj");
        ObjWriter.write(target, mesh, p);
        TriangleMesh back = ObjReader.read(target).mesh();
        assertArrayEquals(t, back.triangles());
        assertArrayEquals(uvIndices, back.uvIndices());
        float[] read = back.uvs();
        assertEquals(uvs.length, read.length);
        for (int i = 0; i < uvs.length; i++) {
            assertEquals(Float.floatToRawIntBits(uvs[i]), Float.floatToRawIntBits(read[i]), "uv value " + i);
        }
        assertEquals(List.of(new Crease(0, 1, 1f)), back.creases());
    }

    @Test
    void meshWithoutUvsIsWrittenAsBefore() throws IOException {
        // the texts above without uvs are the ones this writer has always written; a mesh that got
        // its arrays through a builder which never started a uv channel is no different
        TriangleMesh built = TriangleMesh.builder(4, 2).setPositions(0, SQUARE.positions(), 0, 4)
                .setTriangles(0, SQUARE.triangles(), 0, 2).build();
        StringWriter out = new StringWriter();
        ObjWriter.write(out, built, NORMALS);
        assertEquals(WITH_NORMALS, out.toString());
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
