package org.loopsub.obj;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.javagl.obj.ObjFace;
import de.javagl.obj.ReadableObj;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.api.Crease;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.MeshProblem;
import org.loopsub.api.MeshProblem.Kind;
import org.loopsub.api.TriangleMesh;

/**
 * The reader's grammar, statement by statement: valid texts against hand-computed meshes, invalid
 * ones against the problem kind, the line and the words of the message.
 */
class ObjReaderGrammarTest {
    /** Three vertices of a right triangle, the usual prefix. */
    private static final String TRIANGLE = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
    private static final float[] TRIANGLE_XYZ = {0, 0, 0, 1, 0, 0, 0, 1, 0};

    /**
     * @param name what the case shows
     * @param text the OBJ text
     * @param positions the expected positions, bit for bit
     * @param triangles the expected 0-based triangles
     * @param texCoords expected number of vt in the de.javagl model
     * @param normals expected number of vn
     * @param warnings expected number of warnings
     */
    record Valid(String name, String text, float[] positions, int[] triangles, int texCoords, int normals,
                 int warnings) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Valid> valid() {
        return Stream.of(
                new Valid("plain v and f", TRIANGLE + "f 1 2 3\n", TRIANGLE_XYZ, new int[] {0, 1, 2}, 0, 0, 0),
                new Valid("v/vt corners", TRIANGLE + "vt 0 0\nvt 1 0\nvt 0 1\nf 1/1 2/2 3/3\n", TRIANGLE_XYZ,
                        new int[] {0, 1, 2}, 3, 0, 0),
                new Valid("v//vn corners", TRIANGLE + "vn 0 0 1\nf 1//1 2//1 3//1\n", TRIANGLE_XYZ,
                        new int[] {0, 1, 2}, 0, 1, 1),
                new Valid("v/vt/vn corners", TRIANGLE + "vt 0 0\nvn 0 0 1\nf 1/1/1 2/1/1 3/1/1\n", TRIANGLE_XYZ,
                        new int[] {0, 1, 2}, 1, 1, 1),
                new Valid("vt with 1, 2 and 3 values", TRIANGLE + "vt 0.5\nvt 0 1\nvt 0 1 0\nf 1/1 2/2 3/3\n",
                        TRIANGLE_XYZ, new int[] {0, 1, 2}, 3, 0, 0),
                new Valid("relative indices", TRIANGLE + "f -3 -2 -1\nv 0 0 1\nf -4 -1 -3\n",
                        new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1}, new int[] {0, 1, 2, 0, 3, 1}, 0, 0, 0),
                new Valid("relative vt and vn indices",
                        TRIANGLE + "vt 0 0\nvt 1 1\nvn 0 0 1\nf -3/-2/-1 -2/-1/-1 -1/-1/-1\n",
                        TRIANGLE_XYZ, new int[] {0, 1, 2}, 2, 1, 1),
                new Valid("+ signs on indices", TRIANGLE + "f +1 +2 +3\n", TRIANGLE_XYZ, new int[] {0, 1, 2}, 0, 0, 0),
                new Valid("forward references", "f 1 2 3\n" + TRIANGLE, TRIANGLE_XYZ, new int[] {0, 1, 2}, 0, 0, 0),
                new Valid("comments: whole line, trailing, glued to a number, with keywords inside",
                        "# v 9 9 9\nv 0 0 0 # v 8 8 8\nv 1 0 0#glued\n   # indented\nv 0 1 0\nf 1 2 3 # f 1 1 1\n",
                        TRIANGLE_XYZ, new int[] {0, 1, 2}, 0, 0, 0),
                new Valid("CR LF line ends", TRIANGLE.replace("\n", "\r\n") + "f 1 2 3\r\n", TRIANGLE_XYZ,
                        new int[] {0, 1, 2}, 0, 0, 0),
                new Valid("lone CR line ends", TRIANGLE.replace("\n", "\r") + "f 1 2 3", TRIANGLE_XYZ,
                        new int[] {0, 1, 2}, 0, 0, 0),
                new Valid("UTF-8 byte-order mark", "\uFEFF" + TRIANGLE + "f 1 2 3\n", TRIANGLE_XYZ,
                        new int[] {0, 1, 2}, 0, 0, 0),
                new Valid("tabs, runs of blanks, form feeds, vertical tabs, leading blanks",
                        "\tv\t0 \t0  0\n  v 1\f0\u000b0\nv 0 1 0   \t\n\t f 1\t2 3\n", TRIANGLE_XYZ,
                        new int[] {0, 1, 2}, 0, 0, 0),
                new Valid("blank and empty lines", "\n\n   \n" + TRIANGLE + "\n\t\nf 1 2 3\n\n", TRIANGLE_XYZ,
                        new int[] {0, 1, 2}, 0, 0, 0),
                new Valid("continuations: inside a statement, glued to a token, several, at the end",
                        "v 0 \\\n0 0\nv 1\\\n 0\\   \n  0\nv 0 1 0\nf 1 2 3 \\", TRIANGLE_XYZ,
                        new int[] {0, 1, 2}, 0, 0, 0),
                new Valid("a backslash in a comment does not continue", "v 0 0 0 # \\\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
                        TRIANGLE_XYZ, new int[] {0, 1, 2}, 0, 0, 0),
                new Valid("number forms: signs, no integer part, no fraction, exponents",
                        "v +1 -.5 5.\nv 1e3 1E+3 2.5e-1\nv -0 0.0 -0.0\nf 1 2 3\n",
                        new float[] {1, -0.5f, 5, 1000, 1000, 0.25f, -0f, 0f, -0f}, new int[] {0, 1, 2}, 0, 0, 0),
                new Valid("extremes: largest float, smallest subnormal, underflow to zero, long digits",
                        "v 3.4028235e38 -3.4028235e38 1e-45\nv 1e-50 -1e-400 0.1000000000000000000000000001\n"
                                + "v 00001 1e0000000001 0\nf 1 2 3\n",
                        new float[] {Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_VALUE, 0, -0f, 0.1f, 1, 10, 0},
                        new int[] {0, 1, 2}, 0, 0, 0),
                // one warning for the w, one for a colour on only one vertex of three (no channel)
                new Valid("w, and a colour on some vertices only, after x y z are ignored",
                        "v 0 0 0 1\nv 1 0 0 0.5 0.5 0.5\nv 0 1 0\nf 1 2 3\n", TRIANGLE_XYZ, new int[] {0, 1, 2}, 0, 0, 2),
                new Valid("polygons are fans from their first corner",
                        TRIANGLE + "v 1 1 0\nv 2 2 0\nf 1 2 4 3\nf 1 2 4 5 3\n",
                        new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 2, 2, 0},
                        new int[] {0, 1, 3, 0, 3, 2, 0, 1, 3, 0, 3, 4, 0, 4, 2}, 0, 0, 1),
                new Valid("g, o, s, usemtl, mtllib are accepted", "mtllib a.mtl\no thing\ng left right\ns 1\n"
                        + "usemtl red\n" + TRIANGLE + "f 1 2 3\ns off\ng\nusemtl blue\nf 3 2 1\n", TRIANGLE_XYZ,
                        new int[] {0, 1, 2, 2, 1, 0}, 0, 0, 0),
                new Valid("a face may mix corner forms; it keeps what all corners have",
                        TRIANGLE + "vt 0 0\nvn 0 0 1\nf 1/1/1 2//1 3/1/1\n", TRIANGLE_XYZ, new int[] {0, 1, 2},
                        1, 1, 2),
                new Valid("unknown statements, l, p and other tags are ignored with warnings",
                        TRIANGLE + "f 1 2 3\nl 1 2\np 1\nvp 0.5\ncstype bezier\nt hole 1/0/0 0\n", TRIANGLE_XYZ,
                        new int[] {0, 1, 2}, 0, 0, 5),
                new Valid("keywords are lower case: V is an unknown statement", TRIANGLE + "V 5 5 5\nf 1 2 3\n",
                        TRIANGLE_XYZ, new int[] {0, 1, 2}, 0, 0, 1),
                new Valid("non-ASCII and replacement characters in names", "g caf\u00e9 \uFFFD\nusemtl \u6750\u6599\n"
                        + TRIANGLE + "f 1 2 3\n", TRIANGLE_XYZ, new int[] {0, 1, 2}, 0, 0, 0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void readsValidText(Valid c) throws IOException {
        ObjFile file = read(c.text());
        TriangleMesh mesh = file.mesh();
        assertEquals(c.positions().length, mesh.positions().length, "vertex count");
        for (int i = 0; i < c.positions().length; i++) {
            assertEquals(Float.floatToRawIntBits(c.positions()[i]), Float.floatToRawIntBits(mesh.positions()[i]),
                    "value " + i + ": " + c.positions()[i] + " vs " + mesh.positions()[i]);
        }
        assertArrayEquals(c.triangles(), mesh.triangles());
        assertEquals(c.texCoords(), file.obj().getNumTexCoords(), "vt");
        assertEquals(c.normals(), file.obj().getNumNormals(), "vn");
        assertEquals(c.warnings(), file.warnings().size(), file.warnings().toString());
        assertEquals(c.positions().length / 3, file.obj().getNumVertices());
    }

    @Test
    void texCoordsNormalsGroupsAndMaterialsReachTheModel() throws IOException {
        ReadableObj obj = read("mtllib lib one.mtl\n" + TRIANGLE + "v 1 1 0\nvt 0.25\nvt 0.5 0.75\nvn 0 0 -1\n"
                + "f 1/2/1 2/1/1 3/2/1\ng a b\nusemtl red paint\nf 2/1/1 4/2/1 3/1/1\ng\nf 1/1/1 3/1/1 4/1/1\n").obj();
        assertEquals(1, obj.getTexCoord(0).getDimensions());
        assertEquals(0.25f, obj.getTexCoord(0).getX());
        assertEquals(2, obj.getTexCoord(1).getDimensions());
        assertEquals(0.75f, obj.getTexCoord(1).getY());
        assertEquals(-1f, obj.getNormal(0).getZ());
        ObjFace first = obj.getFace(0);
        assertTrue(first.containsTexCoordIndices() && first.containsNormalIndices());
        assertEquals(1, first.getTexCoordIndex(0), "0-based");
        assertEquals(0, first.getNormalIndex(2));
        assertEquals(3, obj.getFace(1).getVertexIndex(1));
        assertEquals(2, obj.getGroup("default").getNumFaces(), "before any g, and after a bare g");
        assertEquals(1, obj.getGroup("a").getNumFaces());
        assertEquals(1, obj.getGroup("b").getNumFaces());
        assertEquals(2, obj.getMaterialGroup("red paint").getNumFaces(), "a material lasts until the next usemtl");
        assertEquals(List.of("lib one.mtl"), obj.getMtlFileNames());
    }

    @Test
    void creaseTagsChainsAndHardCreases() throws IOException {
        TriangleMesh mesh = read(TRIANGLE + "f 1 2 3\nt crease 3/1/0 0 1 2 2.5\nt crease 2/1/0 2 0 inf\n"
                + "t crease 2/1/0 1 2 1e39\nt crease 2/1/0 0 2 -0\n").mesh();
        assertEquals(List.of(new Crease(0, 1, 2.5f), new Crease(1, 2, 2.5f), new Crease(2, 0, Float.POSITIVE_INFINITY),
                new Crease(1, 2, Float.POSITIVE_INFINITY), new Crease(0, 2, 0f)), mesh.creases());
        assertEquals(0, Float.floatToRawIntBits(mesh.creases().get(4).sharpness()), "-0 sharpness becomes +0");
    }

    /**
     * @return text, problem kind, the place the message must name, and words it must contain
     */
    static Stream<Arguments> invalid() {
        return Stream.of(
                // numbers: what Float.parseFloat takes but OBJ does not
                bad(TRIANGLE + "v 0x1p3 0 0\n", Kind.UNPARSEABLE, 4, "'0x1p3' is not a number", "hexadecimal"),
                bad(TRIANGLE + "v 1f 0 0\n", Kind.UNPARSEABLE, 4, "'1f' is not a number", "suffix"),
                bad(TRIANGLE + "v 0 2.5D 0\n", Kind.UNPARSEABLE, 4, "'2.5D'"),
                bad(TRIANGLE + "v 0 0 ' 1'\n", Kind.UNPARSEABLE, 4, "not a number"),
                bad(TRIANGLE + "v 1e 0 0\n", Kind.UNPARSEABLE, 4, "'1e'"),
                bad(TRIANGLE + "v . 0 0\n", Kind.UNPARSEABLE, 4, "'.'"),
                bad(TRIANGLE + "v 1..2 0 0\n", Kind.UNPARSEABLE, 4, "'1..2'"),
                bad(TRIANGLE + "v 1,5 0 0\n", Kind.UNPARSEABLE, 4, "'1,5'"),
                bad(TRIANGLE + "v --1 0 0\n", Kind.UNPARSEABLE, 4, "'--1'"),
                // non-finite words and literals beyond the float range
                bad(TRIANGLE + "v NaN 0 0\n", Kind.NON_FINITE, 4, "vertex 4 has x = NaN", "must be finite"),
                bad(TRIANGLE + "v 0 Infinity 0\n", Kind.NON_FINITE, 4, "vertex 4 has y = Infinity"),
                bad(TRIANGLE + "v 0 0 -inf\n", Kind.NON_FINITE, 4, "z = -inf"),
                bad(TRIANGLE + "v 0 0 -nan(ind)\n", Kind.NON_FINITE, 4, "z = -nan(ind)"),
                bad(TRIANGLE + "v 1e39 0 0\n", Kind.NON_FINITE, 4, "vertex 4 has x = 1e39", "does not fit a float"),
                bad(TRIANGLE + "v 0 -3.5e38 0\n", Kind.NON_FINITE, 4, "does not fit a float"),
                bad(TRIANGLE + "v 0 0 1e308\n", Kind.NON_FINITE, 4, "z = 1e308"),
                bad(TRIANGLE + "v 0 0 0 inf\n", Kind.NON_FINITE, 4, "w = inf"),
                bad(TRIANGLE + "vt nan 0\n", Kind.NON_FINITE, 4, "texture coordinate 1 has u = nan"),
                bad(TRIANGLE + "vn 0 0 1e39\n", Kind.NON_FINITE, 4, "normal 1 has z = 1e39"),
                // counts
                bad(TRIANGLE + "v 1 2\n", Kind.UNPARSEABLE, 4, "'v' needs x y z", "found 2"),
                bad(TRIANGLE + "vt\n", Kind.UNPARSEABLE, 4, "'vt' needs 1 to 3 numbers"),
                bad(TRIANGLE + "vn 0 1\n", Kind.UNPARSEABLE, 4, "'vn' needs 3 numbers"),
                bad(TRIANGLE + "f 1 2\n", Kind.UNPARSEABLE, 4, "face 1 has 2 vertices"),
                // face corners
                bad(TRIANGLE + "f 1/ 2/ 3/\n", Kind.UNPARSEABLE, 4, "'1/' is not a face vertex"),
                bad(TRIANGLE + "f 1// 2// 3//\n", Kind.UNPARSEABLE, 4, "'1//'"),
                bad(TRIANGLE + "f /1 /2 /3\n", Kind.UNPARSEABLE, 4, "'/1'"),
                bad(TRIANGLE + "f 1/1/1/1 2 3\n", Kind.UNPARSEABLE, 4, "'1/1/1/1'"),
                bad(TRIANGLE + "f 1.0 2 3\n", Kind.UNPARSEABLE, 4, "'1.0'"),
                bad(TRIANGLE + "f 1 2 3x\n", Kind.UNPARSEABLE, 4, "'3x'"),
                // indices
                bad(TRIANGLE + "f 0 1 2\n", Kind.INDEX_OUT_OF_RANGE, 4, "face 1 uses vertex index 0"),
                bad(TRIANGLE + "f 1 2 -0\n", Kind.INDEX_OUT_OF_RANGE, 4, "index 0"),
                bad(TRIANGLE + "f 1 2 -4\n", Kind.INDEX_OUT_OF_RANGE, 4, "vertex index -4, but only 3 vertices"),
                bad(TRIANGLE + "f 1 2 4\n", Kind.INDEX_OUT_OF_RANGE, 4, "face 1 uses vertex 4, but the file has 3"),
                bad(TRIANGLE + "f 1 2 2147483648\n", Kind.INDEX_OUT_OF_RANGE, 4, "2147483648"),
                bad(TRIANGLE + "f 1 2 -99999999999999999999999\n", Kind.INDEX_OUT_OF_RANGE, 4,
                        "-99999999999999999999999"),
                bad(TRIANGLE + "f 1/1 2/1 3/1\n", Kind.INDEX_OUT_OF_RANGE, 4,
                        "face 1 uses texture coordinate 1, but the file has 0 texture coordinates"),
                bad(TRIANGLE + "vn 0 0 1\nf 1//1 2//2 3//1\n", Kind.INDEX_OUT_OF_RANGE, 5, "face 1 uses normal 2"),
                bad(TRIANGLE + "vt 0 0\nf 1/0 2/1 3/1\n", Kind.INDEX_OUT_OF_RANGE, 5, "texture coordinate index 0"),
                bad(TRIANGLE + "vt 0 0\nf 1/-2 2/1 3/1\n", Kind.INDEX_OUT_OF_RANGE, 5,
                        "texture coordinate index -2, but only 1 texture coordinate is defined"),
                // control characters (binary data) outside comments
                bad(TRIANGLE + "v 0 0 1\u0000\nf 1 2 3\n", Kind.UNPARSEABLE, 4, "a NUL character", "binary data"),
                bad(TRIANGLE + "# a comment \u0000\nf 1 2 3\n", Kind.UNPARSEABLE, 4, "a NUL character"),
                bad("g a\u0001b\n" + TRIANGLE + "f 1 2 3\n", Kind.UNPARSEABLE, 1, "U+0001", "'g a?b'"),
                bad(TRIANGLE + "f 1 2 3\u007f\n", Kind.UNPARSEABLE, 4, "U+007F"),
                // bytes that are no UTF-8 (read as U+FFFD) and C1 controls are not printed either
                bad(TRIANGLE + "v 0 0 \u00ff\uFFFD\u0085\n", Kind.UNPARSEABLE, 4, "'\u00ff??' is not a number"),
                // a face too large to subdivide, refused at once (its fan would give a vertex more
                // neighbours than a record holds)
                bad(TRIANGLE + "f" + " 1 2 3".repeat(86) + "\n", Kind.TOO_LARGE, 4, "face 1 has 258 vertices",
                        "at most 255"),
                // crease tags
                bad(TRIANGLE + "f 1 2 3\nt crease 2/1/0 0 0 1\n", Kind.UNPARSEABLE, 5, "joins vertex 0 to itself"),
                bad(TRIANGLE + "f 1 2 3\nt crease 2/1/0 0 3 1\n", Kind.INDEX_OUT_OF_RANGE, 5, "vertex index 3",
                        "the file has 3 vertices"),
                bad(TRIANGLE + "f 1 2 3\nt crease 2/1/0 -1 0 1\n", Kind.INDEX_OUT_OF_RANGE, 5, "not negative"),
                bad(TRIANGLE + "f 1 2 3\nt crease 2/1/0 0 1 nan\n", Kind.UNPARSEABLE, 5, "must be a number >= 0"),
                bad(TRIANGLE + "f 1 2 3\nt crease 2/1/0 0 1 -0.5\n", Kind.UNPARSEABLE, 5, "-0.5 must be"),
                bad(TRIANGLE + "f 1 2 3\nt crease 2/1/0 0 1 0x1p1\n", Kind.UNPARSEABLE, 5, "sharpness '0x1p1'"),
                bad(TRIANGLE + "f 1 2 3\nt crease 2/1/0 0 1.5 1\n", Kind.UNPARSEABLE, 5, "'1.5' is not an integer"),
                bad(TRIANGLE + "f 1 2 3\nt crease 2/1/0 0 1\n", Kind.UNPARSEABLE, 5, "malformed tag"),
                bad(TRIANGLE + "f 1 2 3\nt crease 2/1 0 1 1\n", Kind.UNPARSEABLE, 5, "malformed tag"),
                bad(TRIANGLE + "f 1 2 3\nt crease 2/2/0 0 1 1 2\n", Kind.UNPARSEABLE, 5, "needs 2 (or more)"),
                bad(TRIANGLE + "f 1 2 3\nt crease 99999/1/0 0 1 1\n", Kind.UNPARSEABLE, 5, "malformed tag"),
                // line numbers through continuations, CR LF, lone CR, BOM and comments
                bad("v 0 0 \\\n 0\nv 1 \\\n x 0\n", Kind.UNPARSEABLE, 3, "'x' is not a number", "'v 1 x 0'"),
                bad("v 0 0 0\r\nv 1 0 0\r\nv x 0 0\r\n", Kind.UNPARSEABLE, 3, "'x'"),
                bad("v 0 0 0\rv 1 0 0\r\rv x 0 0\r", Kind.UNPARSEABLE, 4, "'x'"),
                bad("\uFEFFv y 0 0\n", Kind.UNPARSEABLE, 1, "'y' is not a number"),
                bad("# one\n#two \\\n" + TRIANGLE + "f 1 2 9\n", Kind.INDEX_OUT_OF_RANGE, 6, "vertex 9"),
                // empty files
                bad("", Kind.EMPTY, 0, "no vertex"),
                bad("# only a comment\n\n", Kind.EMPTY, 0, "no vertex"),
                bad(TRIANGLE, Kind.EMPTY, 0, "3 vertices but no face"));
    }

    private static Arguments bad(String text, Kind kind, int line, String... words) {
        return Arguments.of(text, kind, line, List.of(words));
    }

    @ParameterizedTest(name = "[{index}] {1} line {2} {3}")
    @MethodSource("invalid")
    void refusesInvalidTextNamingTheLine(String text, Kind kind, int line, List<String> words) {
        InvalidMeshException e = assertThrows(InvalidMeshException.class, () -> read(text), text);
        MeshProblem problem = e.firstProblem();
        assertEquals(kind, problem.kind(), e.getMessage());
        String place = line > 0 ? "test.obj, line " + line + ": " : "test.obj: ";
        assertTrue(problem.message().startsWith(place), "'" + place + "' expected: " + problem.message());
        for (String word : words) {
            assertTrue(problem.message().contains(word), "'" + word + "' expected: " + problem.message());
        }
        assertFalse(problem.message().contains("\u0000"), "control characters are not printed");
    }

    /**
     * Binary data stops the reader at its first NUL character: a source that never ends (as
     * {@code /dev/zero} or {@code /dev/urandom} named by mistake) is refused, not read for ever.
     */
    @Test
    void endlessBinaryDataIsRefusedAtItsFirstNul() {
        java.io.Reader endless = new java.io.Reader() {
            private long served;

            @Override
            public int read(char[] buf, int off, int len) {
                for (int i = 0; i < len; i++) {
                    // some text first, then NULs for ever
                    buf[off + i] = served++ < 100 ? 'v' : '\0';
                }
                return len;
            }

            @Override
            public void close() {
            }
        };
        InvalidMeshException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(30), () -> assertThrows(InvalidMeshException.class,
                        () -> ObjReader.read(endless, "zero.obj")));
        assertEquals(Kind.UNPARSEABLE, e.firstProblem().kind());
        assertTrue(e.firstProblem().message().startsWith("zero.obj, line 1: a NUL character"), e.getMessage());
    }

    @Test
    void aByteOrderMarkAfterTheStartIsNotSkipped() {
        // only the first character of the text can be a byte-order mark
        InvalidMeshException e = assertThrows(InvalidMeshException.class,
                () -> read("v 0 0 0\n\uFEFFv 1 0 0\nv 0 1 0\nf 1 2 3\n"));
        assertEquals(Kind.INDEX_OUT_OF_RANGE, e.firstProblem().kind(), e.getMessage());
    }

    @Test
    void aLongLineIsQuotedShort() {
        String junk = "x".repeat(100_000);
        InvalidMeshException e = assertThrows(InvalidMeshException.class,
                () -> read(TRIANGLE + "v " + junk + " 0 0\nf 1 2 3\n"));
        assertTrue(e.getMessage().length() < 400, e.getMessage().length() + " characters");
        assertTrue(e.getMessage().contains("line 4") && e.getMessage().contains("xxx..."), e.getMessage());
    }

    @Test
    void everyFloatSurvivesTheWayThroughBothReaders() throws IOException {
        // random bit patterns, written by the writer the project uses, read back bit for bit
        java.util.Random random = new java.util.Random(7);
        StringBuilder text = new StringBuilder();
        List<Float> expected = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            float f = Float.intBitsToFloat(random.nextInt());
            if (!Float.isFinite(f)) {
                continue;
            }
            expected.add(f);
        }
        expected.addAll(List.of(0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE));
        while (expected.size() % 3 != 0) {
            expected.add(1f);
        }
        for (int i = 0; i < expected.size(); i += 3) {
            text.append("v ").append(FloatFormat.format(expected.get(i))).append(' ')
                    .append(FloatFormat.format(expected.get(i + 1))).append(' ')
                    .append(FloatFormat.format(expected.get(i + 2))).append('\n');
        }
        text.append("f 1 2 3\n");
        float[] positions = read(text.toString()).mesh().positions();
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(Float.floatToRawIntBits(expected.get(i)), Float.floatToRawIntBits(positions[i]),
                    "value " + i);
        }
    }

    private static ObjFile read(String text) throws IOException {
        return ObjReader.read(new StringReader(text), "test.obj");
    }
}
