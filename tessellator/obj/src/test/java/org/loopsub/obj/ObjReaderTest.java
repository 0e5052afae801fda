package org.loopsub.obj;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.loopsub.api.Crease;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.MeshProblem;
import org.loopsub.api.MeshProblem.Kind;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;

class ObjReaderTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "tetrahedron.obj, 4, 4, 0",
        "icosahedron.obj, 12, 20, 0",
        "mesh_with_border.obj, 548, 1014, 0",
        "bunny_npm.obj, 1839, 3674, 0",
        "teapot.obj, 792, 992, 0",
        "bigguyT.obj, 1452, 2900, 0",
        "monsterfrogT.obj, 1308, 2584, 0",
        "rookT.obj, 768, 1510, 280",
    })
    void readsEverySharedMeshWithTheCountsOfItsReadme(String name, int vertices, int faces, int creases)
            throws IOException {
        ObjFile file = ObjReader.read(TestMeshes.dir().resolve(name));
        assertEquals(vertices, file.mesh().vertexCount());
        assertEquals(faces, file.mesh().triangleCount());
        assertEquals(creases, file.mesh().creases().size());
        assertEquals(List.of(), file.warnings(), "these files hold only v, f, t crease and comments");
        for (int index : file.mesh().triangles()) {
            assertTrue(index >= 0 && index < vertices);
        }
    }

    /**
     * Messages about a triangle must point at the file's face: its statement's first line (comments,
     * blank lines, other statements and continuations in between) and its number among the faces.
     */
    @Test
    void mapsEveryTriangleToItsFaceAndLine() throws IOException {
        String text = String.join("\n",
                "# a quad, a triangle split over two lines, a pentagon",
                "v 0 0 0", "v 1 0 0", "v 1 1 0", "v 0 1 0", "v 2 0 0",
                "",
                "f 1 2 3 4",
                "g side",
                "f 2 5 \\",
                "  3",
                "f 1 2 5 3 4",
                "");
        ObjFile file = ObjReader.read(new StringReader(text), "t.obj");
        assertEquals(2 + 1 + 3, file.mesh().triangleCount());
        assertArrayEquals(new int[] {0, 0, 1, 2, 2, 2}, file.triangleFaces());
        assertArrayEquals(new int[] {8, 10, 12}, file.faceLines());
        assertEquals(12, file.lineOf(file.faceOf(5)));
    }

    /**
     * A concave quad whose first corner is opposite its reflex corner folds when fanned from there;
     * the same quad started at the corner that sees the others, and a convex quad, do not.
     */
    @Test
    void warnsAboutAPolygonWhoseFanFolds() throws IOException {
        // (4,0) (1,1) (0,4) (0,0): counter-clockwise, reflex at (1,1)
        String vertices = "v 4 0 0\nv 1 1 0\nv 0 4 0\nv 0 0 0\nv 9 0 0\nv 9 1 0\nv 8 1 0\nv 8 0 0\n";
        String convex = "f 5 6 7 8\n";
        ObjFile folds = ObjReader.read(new StringReader(vertices + convex + "f 1 2 3 4\n"), "t.obj");
        List<String> fold = folds.warnings().stream().filter(w -> w.contains("folds")).toList();
        assertEquals(List.of("t.obj, line 10: face 2 is not convex and its fan from the first vertex folds over: a"
                + " triangle of the fan faces against the polygon's normal, so the surface overlaps itself there"
                + " (triangulate it before, or start it at a vertex that sees all the others)"), fold);
        // the fan's first triangle, (4,0) (1,1) (0,4), runs clockwise: it really does face the other way
        TriangleMesh mesh = folds.mesh();
        assertTrue(signedArea(mesh, 2) < 0 && signedArea(mesh, 3) > 0);

        ObjFile seen = ObjReader.read(new StringReader(vertices + convex + "f 4 1 2 3\n"), "t.obj");
        assertTrue(seen.warnings().stream().noneMatch(w -> w.contains("folds")), seen.warnings().toString());
        ObjFile twice = ObjReader.read(new StringReader(vertices + "f 1 2 3 4\n" + convex + "f 1 2 3 4\n"),
                "t.obj");
        assertTrue(twice.warnings().stream().anyMatch(w -> w.startsWith("t.obj, line 9: face 1 ")
                && w.endsWith("(2 lines)")), twice.warnings().toString());
    }

    /** Twice the signed area of triangle t in the xy plane. */
    private static double signedArea(TriangleMesh mesh, int t) {
        int a = mesh.vertex(t, 0);
        int b = mesh.vertex(t, 1);
        int c = mesh.vertex(t, 2);
        return (mesh.position(b, 0) - mesh.position(a, 0)) * (mesh.position(c, 1) - mesh.position(a, 1))
                - (mesh.position(b, 1) - mesh.position(a, 1)) * (mesh.position(c, 0) - mesh.position(a, 0));
    }

    /** The test corpus's own tiny parser is independent of de.javagl and of the reader's checks. */
    @ParameterizedTest
    @ValueSource(strings = {"tetrahedron.obj", "icosahedron.obj", "mesh_with_border.obj", "bunny_npm.obj",
        "teapot.obj", "bigguyT.obj", "monsterfrogT.obj", "rookT.obj"})
    void agreesWithAnIndependentParser(String name) throws IOException {
        TriangleMesh expected = TestMeshes.load(name);
        TriangleMesh actual = ObjReader.read(TestMeshes.dir().resolve(name)).mesh();
        assertArrayEquals(expected.positions(), actual.positions());
        assertArrayEquals(expected.triangles(), actual.triangles());
    }

    @Test
    void keepsFileOrderAndConvertsIndicesToZeroBased() throws IOException {
        TriangleMesh bunny = ObjReader.read(TestMeshes.dir().resolve("bunny_npm.obj")).mesh();
        // first 'v' line: v 1.301895 0.122622 2.550061; first 'f' line: f 3 1662 4
        assertEquals(1.301895f, bunny.position(0, 0));
        assertEquals(0.122622f, bunny.position(0, 1));
        assertEquals(2.550061f, bunny.position(0, 2));
        assertEquals(2, bunny.vertex(0, 0));
        assertEquals(1661, bunny.vertex(0, 1));
        assertEquals(3, bunny.vertex(0, 2));
    }

    @Test
    void creaseTagsKeepTheirZeroBasedIndices() throws IOException {
        List<Crease> creases = ObjReader.read(TestMeshes.dir().resolve("rookT.obj")).mesh().creases();
        // first tag in the file: t crease 2/1/0 11 33 7.900000
        assertEquals(new Crease(11, 33, 7.9f), creases.get(0));
        assertTrue(creases.stream().allMatch(c -> c.sharpness() == 7.9f));
    }

    /** {@code t corner}: one sharpness for all the vertices or one each; kept with 0-based indices. */
    @Test
    void cornerTagsAreRead() throws IOException {
        ObjFile file = read("""
                v 0 0 0
                v 1 0 0
                v 0 1 0
                f 1 2 3
                t corner 1/1/0 0 inf
                t corner 2/2/0 1 2 1.5 0.25
                t corner 2/1/0 0 2 3
                """);
        assertEquals(List.of(new org.loopsub.api.Corner(0, Float.POSITIVE_INFINITY), new org.loopsub.api.Corner(1, 1.5f),
                new org.loopsub.api.Corner(2, 0.25f), new org.loopsub.api.Corner(0, 3f), new org.loopsub.api.Corner(2, 3f)),
                file.mesh().corners());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "t corner 1/2/0 0 1 2    | a corner tag needs vertex indices and one sharpness",
        "t corner 1/1/0 x 1      | corner vertex 'x' is not an integer",
        "t corner 1/1/0 -1 1     | corner indices are 0-based and not negative",
        "t corner 1/1/0 0 soft   | corner sharpness 'soft' is not a number",
        "t corner 1/1/0 0 -2     | corner sharpness -2 must be a number >= 0",
        "t corner 1/1/0 7 2      | corner tag uses vertex index 7 (0-based), but the file has 3 vertices",
    })
    void refusesBadCornerTagsNamingTheLine(String tag, String what) {
        InvalidMeshException e = assertThrows(InvalidMeshException.class, () -> read(
                "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n" + tag + "\n"));
        assertTrue(e.getMessage().contains("line 5"), e.getMessage());
        assertTrue(e.getMessage().contains(what), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "unparseable_line.obj       | UNPARSEABLE        | line 5 | 'abc'",
        "unparseable_short_face.obj | UNPARSEABLE        | line 6 | face 2",
        "index_out_of_range.obj     | INDEX_OUT_OF_RANGE | line 8 | face 3 uses vertex 9",
        "index_zero.obj             | INDEX_OUT_OF_RANGE | line 7 | face 2 uses vertex index 0",
        "nan_coordinate.obj         | NON_FINITE         | line 4 | vertex 3",
        "inf_coordinate.obj         | NON_FINITE         | line 6 | vertex 4",
        "empty.obj                  | EMPTY              | empty.obj | no vertex",
        "vertices_no_faces.obj      | EMPTY              | vertices_no_faces.obj | 3 vertices but no face",
    })
    void refusesBrokenFilesNamingTheLine(String fixture, Kind kind, String where, String what) throws Exception {
        InvalidMeshException e = assertThrows(InvalidMeshException.class, () -> ObjReader.read(broken(fixture)));
        assertEquals(1, e.problems().size(), e.problems().toString());
        MeshProblem problem = e.firstProblem();
        assertEquals(kind, problem.kind());
        assertTrue(problem.message().contains(fixture), problem.message());
        assertTrue(problem.message().contains(where), problem.message());
        assertTrue(problem.message().contains(what), problem.message());
        assertTrue(e.getMessage().startsWith(problem.message()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "degenerate_face.obj, 4, 5",
        "duplicate_face.obj, 4, 6",
        "nonmanifold_edge.obj, 5, 3",
        "nonmanifold_vertex_bowtie.obj, 5, 2",
        "nonmanifold_vertex_two_tetrahedra.obj, 7, 8",
        "inconsistent_orientation.obj, 4, 4",
    })
    void leavesTopologyToTheValidator(String fixture, int vertices, int faces) throws Exception {
        TriangleMesh mesh = ObjReader.read(broken(fixture)).mesh();
        assertEquals(vertices, mesh.vertexCount());
        assertEquals(faces, mesh.triangleCount());
    }

    @Test
    void fanTriangulatesPolygonsWithOneWarning() throws IOException {
        ObjFile file = read("""
                v 0 0 0
                v 1 0 0
                v 1 1 0
                v 0 1 0
                v -1 1 0
                f 1 2 3
                f 1 2 3 4
                f 1 2 3 4 5
                """);
        assertArrayEquals(new int[] {0, 1, 2, 0, 1, 2, 0, 2, 3, 0, 1, 2, 0, 2, 3, 0, 3, 4},
                file.mesh().triangles());
        assertEquals(1, file.warnings().size(), file.warnings().toString());
        String warning = file.warnings().get(0);
        assertTrue(warning.contains("line 7") && warning.contains("2 faces") && warning.contains("5 triangles"),
                warning);
    }

    @Test
    void resolvesRelativeIndicesAgainstTheVerticesAbove() throws IOException {
        TriangleMesh mesh = read("""
                v 0 0 0
                v 1 0 0
                v 0 1 0
                f -3 -2 -1
                v 0 0 1
                f -4 -1 -3
                """).mesh();
        assertArrayEquals(new int[] {0, 1, 2, 0, 3, 1}, mesh.triangles());
    }

    @Test
    void acceptsFacesThatReferToVerticesDefinedLater() throws IOException {
        TriangleMesh mesh = read("f 1 2 3\nv 0 0 0\nv 1 0 0\nv 0 1 0\n").mesh();
        assertArrayEquals(new int[] {0, 1, 2}, mesh.triangles());
    }

    @Test
    void warnsOnceForEachIgnoredKindOfStatement() throws IOException {
        ObjFile file = read("""
                mtllib a.mtl
                o thing
                g group
                s 1
                usemtl red
                v 0 0 0 1
                v 1 0 0
                v 0 1 0
                vt 0 0
                vt 1 0
                vn 0 0 1
                f 1/1/1 2/2/1 3//1
                l 1 2
                frobnicate 1 2
                frobnicate 3
                t hole 1/0/0 0
                """);
        assertArrayEquals(new int[] {0, 1, 2}, file.mesh().triangles());
        List<String> w = file.warnings();
        assertEquals(6, w.size(), w.toString());
        assertTrue(w.stream().anyMatch(s -> s.contains("line 6") && s.contains("w or colour")), w.toString());
        assertTrue(w.stream().anyMatch(s -> s.contains("line 9") && s.contains("vt") && s.contains("(2 lines)")),
                w.toString());
        assertTrue(w.stream().anyMatch(s -> s.contains("line 11") && s.contains("vn")), w.toString());
        assertTrue(w.stream().anyMatch(s -> s.contains("line 13") && s.contains("'l'")), w.toString());
        assertTrue(w.stream().anyMatch(s -> s.contains("line 14") && s.contains("'frobnicate'")
                && s.contains("(2 lines)")), w.toString());
        assertTrue(w.stream().anyMatch(s -> s.contains("line 16") && s.contains("t hole")), w.toString());
    }

    @Test
    void joinsContinuationLinesAndStripsComments() throws IOException {
        ObjFile file = read("""
                v 0 0 \\
                  0.5 # a comment that ends in a backslash does not continue \\
                v 1 0 0 # trailing comment
                v 0 1 0
                f 1 2 \\
                  3
                t crease 2/1/0 0 1 inf
                """);
        assertArrayEquals(new float[] {0, 0, 0.5f, 1, 0, 0, 0, 1, 0}, file.mesh().positions());
        assertArrayEquals(new int[] {0, 1, 2}, file.mesh().triangles());
        assertEquals(List.of(new Crease(0, 1, Float.POSITIVE_INFINITY)), file.mesh().creases());

        // a continued statement is reported at its first line, and later lines keep their numbers
        InvalidMeshException e = assertThrows(InvalidMeshException.class, () -> read("""
                v 0 0 0
                v 1 \\
                  x 0
                v 0 1 0
                f 1 2 3 \\
                  0
                """));
        assertEquals(2, e.problems().size(), e.problems().toString());
        assertTrue(e.problems().get(0).message().contains("line 2"), e.getMessage());
        assertTrue(e.problems().get(1).message().contains("line 5"), e.problems().get(1).message());
    }

    @Test
    void overflowingLiteralIsNonFinite() {
        InvalidMeshException e = assertThrows(InvalidMeshException.class,
                () -> read("v 0 0 0\nv 1 0 0\n\nv 0 1e39 0\nf 1 2 3\n"));
        assertEquals(Kind.NON_FINITE, e.firstProblem().kind());
        assertTrue(e.getMessage().contains("line 4") && e.getMessage().contains("vertex 3"), e.getMessage());
    }

    @Test
    void reportsEachKindOnceWithTheFirstLineAndACount() {
        InvalidMeshException e = assertThrows(InvalidMeshException.class, () -> read("""
                v 0 0 0
                v 1 0 0
                v 1 2
                f 1 2 -7
                v 0x1p3 0 0
                f 1 2 3/4/5/6
                """));
        List<MeshProblem> problems = e.problems();
        assertEquals(2, problems.size(), problems.toString());
        assertEquals(Kind.UNPARSEABLE, problems.get(0).kind());
        assertTrue(problems.get(0).message().contains("line 3"), problems.get(0).message());
        assertTrue(problems.get(0).message().contains("3 lines with this problem"), problems.get(0).message());
        assertEquals(Kind.INDEX_OUT_OF_RANGE, problems.get(1).kind());
        assertTrue(problems.get(1).message().contains("line 4") && problems.get(1).message().contains("face 1")
                && problems.get(1).message().contains("-7"), problems.get(1).message());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "v 1 2 3 junk   | UNPARSEABLE",
        "v 1            | UNPARSEABLE",
        "v 1f 2 3       | UNPARSEABLE",
        "v 1 2 3 4 5 6 7 8 | UNPARSEABLE",
        "vn 0 1         | UNPARSEABLE",
        "vt a b         | UNPARSEABLE",
        "f 1 2/ 3       | UNPARSEABLE",
        "f 1 2 a        | UNPARSEABLE",
        "f 1 2          | UNPARSEABLE",
        "f 1 2 -9       | INDEX_OUT_OF_RANGE",
        "f 1 2 0/1      | INDEX_OUT_OF_RANGE",
        "f 1 2 3/0      | INDEX_OUT_OF_RANGE",
        "f 1 2 99999999999999999999 | INDEX_OUT_OF_RANGE",
        "t crease 2/1/0 0 1 | UNPARSEABLE",
        "t crease 2/1/0 0 1 -1 | UNPARSEABLE",
        "t crease 2/1/0 0 1 nan | UNPARSEABLE",
        "t crease 1/1/0 0 1 | UNPARSEABLE",
        "t crease 2/1/0 0 7 1 | INDEX_OUT_OF_RANGE",
        "t crease 2/1/0 -1 0 1 | INDEX_OUT_OF_RANGE",
        "t crease x 0 1 2 | UNPARSEABLE",
        "t | UNPARSEABLE",
    })
    void refusesWhatDeJavaglWouldMisreadOrCrashOn(String badLine, Kind kind) {
        String text = "v 0 0 0\nv 1 0 0\nv 0 1 0\n" + badLine + "\nf 1 2 3\n";
        InvalidMeshException e = assertThrows(InvalidMeshException.class, () -> read(text));
        assertEquals(kind, e.firstProblem().kind(), e.getMessage());
        assertTrue(e.getMessage().contains("line 4"), e.getMessage());
    }

    /** Random token soup: the reader either succeeds or throws InvalidMeshException, nothing else. */
    @Test
    void neverThrowsAnythingElseOnGarbage() {
        String[] words = {"v", "f", "vt", "vn", "t", "crease", "2/1/0", "1", "2", "3", "-1", "0", "1.5", "1e39",
            "nan", "-inf", "1//1", "2/1", "3/1/1", "/", "//", "#", "\\", "abc", "o", "g", "s", "l", "\n", "\n",
            "\n", "\n", "1/", "+4", ".5", "5.", "e5", "-"};
        Random random = new Random(42);
        int succeeded = 0;
        for (int round = 0; round < 3000; round++) {
            StringBuilder text = new StringBuilder("v 0 0 0\nv 1 0 0\nv 0 1 0\n");
            int n = 1 + random.nextInt(20);
            for (int i = 0; i < n; i++) {
                text.append(words[random.nextInt(words.length)]).append(random.nextBoolean() ? " " : "\t");
            }
            text.append("\nf 1 2 3\n");
            try {
                read(text.toString());
                succeeded++;
            } catch (InvalidMeshException expected) {
                // a trailing backslash can swallow the final face: then the file is empty, not a line
                assertTrue(expected.getMessage().contains("line ")
                        || expected.firstProblem().kind() == Kind.EMPTY, expected.getMessage());
            } catch (IOException | RuntimeException e) {
                fail("input " + text + " threw " + e, e);
            }
        }
        assertTrue(succeeded > 0, "some soups are valid files");
    }

    @Test
    void passesReaderFailuresOnAsIoException() {
        IOException failure = new IOException("disk on fire");
        Reader failing = new Reader() {
            private int calls;

            @Override
            public int read(char[] buf, int off, int len) throws IOException {
                if (calls++ > 0) {
                    throw failure;
                }
                String start = "v 0 0 0\nv 1 0 0\n";
                start.getChars(0, start.length(), buf, off);
                return start.length();
            }

            @Override
            public void close() {
            }
        };
        IOException thrown = assertThrows(IOException.class, () -> ObjReader.read(failing, "failing.obj"));
        assertEquals(failure, thrown);
    }

    @Test
    void missingFileIsAnIoException() {
        assertThrows(NoSuchFileException.class, () -> ObjReader.read(Path.of("no/such/file.obj")));
    }

    private static ObjFile read(String text) throws IOException {
        return ObjReader.read(new StringReader(text), "test.obj");
    }

    private static Path broken(String name) throws URISyntaxException {
        return TestMeshes.broken(name);
    }
}
