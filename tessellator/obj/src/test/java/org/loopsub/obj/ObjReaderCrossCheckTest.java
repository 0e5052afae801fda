package org.loopsub.obj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.javagl.obj.Obj;
import de.javagl.obj.Objs;
import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.loopsub.corpus.TestMeshes;

/**
 * The second reading: the text written from our parse, and the check that de.javagl:obj reads it
 * as we did, shown to fire on a parse that differs in any one thing it compares.
 */
class ObjReaderCrossCheckTest {
    /** Every statement kind the model carries, with relative indices, comments and a continuation. */
    private static final String SOURCE = """
            # a comment
            mtllib first.mtl
            mtllib scene lib.mtl
            v 0 0 0
            v 1 0 0 1
            v 0 1 0
            v 1 1 \\
              -0.0
            vt 0.5
            vt 0.25 0.75
            vt 0 1 1e-45
            vn 0 0 1
            o object
            g left right
            usemtl red
            f 1/1/1 2/2/1 3/3/1
            s 1
            f -3//-1 4//1 -2//1
            g
            usemtl blue
            usemtl green
            f 1/1 4/2 3/3 2/2
            t crease 2/1/0 0 1 3
            """;

    /** What the reader writes for {@link #SOURCE}: the data statements, absolute, in plain digits. */
    private static final String WRITTEN = """
            mtllib first.mtl
            mtllib scene lib.mtl
            v 0 0 0
            v 1 0 0
            v 0 1 0
            v 1 1 -0
            vt 0.5
            vt 0.25 0.75
            vt 0 1 1.0e-45
            vn 0 0 1
            g left right
            usemtl red
            f 1/1/1 2/2/1 3/3/1
            f 2//1 4//1 3//1
            g default
            usemtl blue
            usemtl green
            f 1/1 4/2 3/3 2/2
            """;

    @Test
    void writesTheStatementsItParsedAsPlainObj() throws IOException {
        assertEquals(WRITTEN.replace("1.0e-45", FloatFormat.format(Float.MIN_VALUE)), ObjText.toString(model(SOURCE)));
    }

    @Test
    void deJavaglAgreesWithTheSource() throws IOException {
        Obj obj = ObjCrossCheck.parseAndCompare(model(SOURCE), "test.obj");
        assertEquals(4, obj.getNumVertices());
        assertEquals(3, obj.getNumTexCoords());
        assertEquals(1, obj.getNumNormals());
        assertEquals(3, obj.getNumFaces());
        assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits(obj.getVertex(3).getZ()));
        assertEquals(Float.MIN_VALUE, obj.getTexCoord(2).getZ());
        assertEquals(1, obj.getMaterialGroup("green").getNumFaces());
        assertEquals(null, obj.getMaterialGroup("blue"), "a material without faces is no group");
    }

    /**
     * The text de.javagl reads is {@link #WRITTEN} with one change: the check must name it. A parse
     * that differs from ours cannot come from the reader itself (it feeds de.javagl what it wrote),
     * so these parses are made by hand.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "v 0 1 0                | v 0 1.0000001 0        | vertex 3 value 2 is 1 here, 1.0000001 there",
        "v 1 1 -0               | v 1 1 0                | vertex 4 value 3 is -0 here, 0 there",
        "v 0 0 0\\n              | ''                     | 4 vertex elements here, 3 there",
        "vt 0.5\\n               | vt 0.5 0\\n             | texture coordinate 1 has 1 values here, 2 there",
        "vt 0.25 0.75           | vt 0.25 0.7          | texture coordinate 2 value 2 is 0.75 here, 0.7 there",
        "vn 0 0 1\\n             | vn 0 0 1\\nvn 0 0 1\\n   | 1 normal elements here, 2 there",
        "f 2//1 4//1 3//1       | f 2//1 3//1 4//1       | face 2 corner 2 is 4//1 here, 3//1 there",
        "f 2//1 4//1 3//1       | f 2/1/1 4/1/1 3/1/1    | face 2 has v//vn corners here, v/vt/vn there",
        "f 1/1 4/2 3/3 2/2      | f 1/1 4/2 3/3          | face 3 has 4 corners here, 3 there",
        "f 1/1/1 2/2/1 3/3/1\\n  | ''                     | 3 faces here, 2 there",
        "g left right           | g left                 | group faces",
        "usemtl green           | usemtl teal            | material faces",
        "mtllib scene lib.mtl   | mtllib scene.mtl       | mtllib [scene lib.mtl] here, [scene.mtl] there",
    })
    void firesOnAParseThatDiffers(String ours, String theirs, String difference) throws IOException {
        String changed = WRITTEN.replace("1.0e-45", "1e-45").replace(unescape(ours), unescape(theirs));
        assertTrue(!changed.equals(WRITTEN), "the case changes the text");
        Obj other = de.javagl.obj.ObjReader.read(new StringReader(changed), Objs.create());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ObjCrossCheck.requireAgreement(model(SOURCE), other, "test.obj"));
        assertTrue(e.getMessage().startsWith("test.obj: our OBJ parse and de.javagl:obj's disagree: "), e.getMessage());
        assertTrue(e.getMessage().contains(difference), e.getMessage());
        assertTrue(e.getMessage().endsWith("this is a bug in loopsub's OBJ reader, not in the input"), e.getMessage());
    }

    @Test
    void theUnchangedTextPasses() throws IOException {
        // the control for the cases above: the same comparison without a change is silent
        Obj same = de.javagl.obj.ObjReader.read(new StringReader(ObjText.toString(model(SOURCE))), Objs.create());
        ObjCrossCheck.requireAgreement(model(SOURCE), same, "test.obj");
    }

    @ParameterizedTest
    @ValueSource(strings = {"tetrahedron.obj", "icosahedron.obj", "mesh_with_border.obj", "bunny_npm.obj",
        "teapot.obj", "bigguyT.obj", "monsterfrogT.obj", "rookT.obj"})
    void theWrittenTextReadsBackToTheSameModel(String name) throws IOException {
        // ours, twice: the text the reader writes is itself valid input that it reads identically
        ObjModel first = ObjReader.parseModel(java.nio.file.Files.newBufferedReader(TestMeshes.dir().resolve(name)),
                name);
        String written = ObjText.toString(first);
        ObjModel second = ObjReader.parseModel(new StringReader(written), name);
        assertEquals(written, ObjText.toString(second));
    }

    private static ObjModel model(String text) throws IOException {
        return ObjReader.parseModel(new StringReader(text), "test.obj");
    }

    private static String unescape(String csv) {
        return csv.replace("\\n", "\n");
    }
}
