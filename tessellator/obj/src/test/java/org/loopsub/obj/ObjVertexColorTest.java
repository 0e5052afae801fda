package org.loopsub.obj;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.MeshProblem.Kind;
import org.loopsub.api.Primvar;
import org.loopsub.api.TriangleMesh;

/** Vertex colours ({@code v x y z r g b}, as scanners write them) become the "color" primvar. */
class ObjVertexColorTest {
    /** Two triangles, a colour on every vertex (a negative zero and an exponent among them). */
    private static final String COLOURED_QUAD = """
                v 0 0 0 1 0 0.5
                v 1 0 0 0 1 0
                v 0 1 0 0.25 0.125 1
                v 1 1 0 1e-3 2 -0
                f 1 2 3
                f 2 4 3
                """;

    private static ObjFile read(String text) throws IOException {
        return ObjReader.read(new StringReader(text), "test.obj");
    }

    @Test
    void coloursOnEveryVertexBecomeAVertexChannel() throws IOException {
        ObjFile file = read(COLOURED_QUAD);
        TriangleMesh mesh = file.mesh();
        assertEquals(1, mesh.primvars().size());
        Primvar color = mesh.primvar("color").orElseThrow();
        assertEquals(Primvar.Interpolation.VERTEX, color.interpolation());
        assertEquals(3, color.width());
        assertArrayEquals(new float[] {1, 0, 0.5f, 0, 1, 0, 0.25f, 0.125f, 1, 1e-3f, 2, -0f}, color.values());
        assertArrayEquals(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0}, mesh.positions());
        assertTrue(file.warnings().isEmpty(), file.warnings().toString());
    }

    @Test
    void coloursOnSomeVerticesOnlyAreDroppedWithAWarning() throws IOException {
        ObjFile file = read("""
                v 0 0 0
                v 1 0 0 0 1 0
                v 0 1 0 1 1 1
                f 1 2 3
                """);
        assertTrue(file.mesh().primvars().isEmpty());
        List<String> w = file.warnings();
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).contains("line 2") && w.get(0).contains("2 of 3 vertices"), w.toString());
    }

    @Test
    void wAndFourValueColoursAreStillIgnoredAndBadColoursRefused() throws IOException {
        ObjFile file = read("""
                v 0 0 0 1
                v 1 0 0 1
                v 0 1 0 1 0 0 1
                f 1 2 3
                """);
        assertTrue(file.mesh().primvars().isEmpty());
        assertTrue(file.warnings().get(0).contains("w or colour"), file.warnings().toString());
        InvalidMeshException e = assertThrows(InvalidMeshException.class, () -> read("""
                v 0 0 0 1 nan 0
                v 1 0 0 0 1 0
                v 0 1 0 0 0 1
                f 1 2 3
                """));
        assertEquals(Kind.NON_FINITE, e.problems().get(0).kind());
        assertTrue(e.getMessage().contains("line 1"), e.getMessage());
    }

    /** The writer puts a per-vertex colour after the position, and the reader takes the same back. */
    @Test
    void coloursWrittenAreReadBackBitForBit() throws IOException {
        TriangleMesh mesh = read(COLOURED_QUAD).mesh();
        java.io.StringWriter text = new java.io.StringWriter();
        ObjWriter.write(text, mesh, null);
        assertTrue(text.toString().contains("\nv 1 1 0 0.001 2 -0\n"), text.toString());
        ObjFile again = read(text.toString());
        assertArrayEquals(mesh.positions(), again.mesh().positions());
        assertArrayEquals(mesh.primvar("color").orElseThrow().values(),
                again.mesh().primvar("color").orElseThrow().values());
        assertTrue(again.warnings().isEmpty(), again.warnings().toString());
    }

    /** A colour with its own indices (face-varying) has no OBJ form: positions alone are written. */
    @Test
    void aFaceVaryingColourIsNotWritten() throws IOException {
        TriangleMesh plain = read("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n").mesh();
        TriangleMesh mesh = plain.withPrimvars(java.util.List.of(
                Primvar.faceVarying("color", 3, new float[] {1, 0, 0, 0, 1, 0, 0, 0, 1}, new int[] {0, 1, 2})));
        java.io.StringWriter text = new java.io.StringWriter();
        ObjWriter.write(text, mesh, null);
        for (String line : text.toString().split("\n")) {
            if (line.startsWith("v ")) {
                assertEquals(4, line.split(" ").length, line);
            }
        }
    }
}
