package org.loopsub.obj;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopsub.api.TriangleMesh;

/** Texture coordinates ({@code vt}) become the mesh's uv channel when every face has them. */
class ObjReaderUvTest {
    /** A unit square in z = 0, corners counter-clockwise from the origin. */
    private static final String SQUARE = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n";

    private static ObjFile read(String text) throws IOException {
        return ObjReader.read(new StringReader(text), "uv.obj");
    }

    private static List<String> uvWarnings(ObjFile file) {
        return file.warnings().stream().filter(w -> w.contains("vt") || w.contains("texture")).toList();
    }

    @Test
    void everyFaceWithVtGivesAUvChannelWithItsSeams() throws IOException {
        // Two triangles on a seam along the diagonal 1-3: its vertices have a uv on each side
        // (vt 2, 3 on one side, vt 4, 5 on the other), and vt 5 repeats vt 3's values.
        ObjFile file = read(SQUARE + """
                vt 0 0
                vt 0.5 0
                vt 0 0.5
                vt 1 0.25
                vt 0.75 1
                vt 0 0.5
                f 1/1 2/2 4/3
                f 2/4/1 3/5/1 4/6/1
                vn 0 0 1
                """);
        TriangleMesh mesh = file.mesh();
        assertTrue(mesh.hasUvs());
        assertArrayEquals(new float[] {0, 0, 0.5f, 0, 0, 0.5f, 1, 0.25f, 0.75f, 1, 0, 0.5f}, mesh.uvs());
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, mesh.uvIndices());
        assertArrayEquals(new int[] {0, 1, 3, 1, 2, 3}, mesh.triangles());
        assertEquals(List.of(), uvWarnings(file), "carried: nothing to warn about");
    }

    @Test
    void vtWithOneValueHasVZeroAndAThirdValueIsDropped() throws IOException {
        ObjFile file = read(SQUARE + """
                vt 0.25
                vt 0.5 0.75 0
                vt 1 1 0.5
                f 1/1 2/2 3/3
                """);
        assertArrayEquals(new float[] {0.25f, 0, 0.5f, 0.75f, 1, 1}, file.mesh().uvs());
        List<String> w = uvWarnings(file);
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("uv.obj, line 7: third texture coordinates (w) are ignored"), w.toString());
        // a w of 0 (the usual padding) loses nothing, so it is not worth a warning
        assertEquals(List.of(), uvWarnings(read(SQUARE + "vt 0 0 0\nvt 1 0 -0\nf 1/1 2/2 3/1\n")));
    }

    @Test
    void facesWithAndWithoutVtKeepNoneAndNameTheFirstWithout() throws IOException {
        ObjFile file = read(SQUARE + """
                v 2 0 0
                vt 0 0
                vt 1 0
                vt 1 1
                f 1/1 2/2 3/3
                f 1/1 3/3 4/2
                f 2 5 3
                f 3 5 4
                """);
        TriangleMesh mesh = file.mesh();
        assertFalse(mesh.hasUvs());
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3, 1, 4, 2, 2, 4, 3}, mesh.triangles(), "faces unchanged");
        List<String> w = uvWarnings(file);
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("uv.obj, line 11: face 3 lacks a texture coordinate (vt) at some corner,"
                + " while 2 of the 4 faces have one at every corner"), w.toString());
        assertEquals(3, file.obj().getNumTexCoords(), "still in de.javagl's model");
    }

    @Test
    void aFaceMixingCornerFormsCountsAsAFaceWithoutVt() throws IOException {
        ObjFile file = read(SQUARE + """
                vt 0 0
                vt 1 0
                f 1/1 2/2 3/1
                f 1/1 3 4/2
                """);
        assertFalse(file.mesh().hasUvs());
        List<String> w = uvWarnings(file);
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).contains("line 8: face 2 lacks a texture coordinate"), w.toString());
    }

    @Test
    void vtThatNoFaceUsesAreIgnoredWithAWarning() throws IOException {
        ObjFile file = read(SQUARE + "vt 0 0\nvt 1 0\nvt 9 9\nf 1 2 3\n");
        assertFalse(file.mesh().hasUvs());
        assertEquals(List.of("uv.obj, line 5: texture coordinates (vt) are used by no face; ignored (3 lines)"),
                uvWarnings(file));
        assertEquals(List.of(), read(SQUARE + "f 1 2 3\n").warnings(), "no vt, nothing said");
        assertFalse(read(SQUARE + "f 1 2 3\n").mesh().hasUvs());
    }

    @Test
    void polygonsCarryTheirUvIndicesThroughTheFan() throws IOException {
        // A quad and a pentagon, each fanned from its first corner: triangle (first, k, k + 1) takes
        // its uv indices from the same three corners.
        ObjFile file = read(SQUARE + """
                v 2 0 0
                v 2 1 0
                vt 0 0
                vt 1 0
                vt 1 1
                vt 0 1
                vt 0.5 0.5
                f 1/4 2/3 3/2 4/1
                f 2/5 5/1 6/2 3/3 4/4
                """);
        TriangleMesh mesh = file.mesh();
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3, 1, 4, 5, 1, 5, 2, 1, 2, 3}, mesh.triangles());
        assertArrayEquals(new int[] {3, 2, 1, 3, 1, 0, 4, 0, 1, 4, 1, 2, 4, 2, 3}, mesh.uvIndices());
        assertEquals(0.5f, mesh.uv(mesh.uvIndex(2, 0), 1), "the pentagon's first corner is vt 5 in every triangle");
    }

    @Test
    void relativeVtIndicesCountFromTheLastVtAboveTheFace() throws IOException {
        // -1 is the last vt above the face: vt 2 for the first face, vt 4 for the second; positive
        // indices may point below the face
        ObjFile file = read(SQUARE + """
                vt 0 0
                vt 1 0
                f 1/-2 2/-1 3/5
                vt 1 1
                vt 0 1
                f 1/-4 3/-2 4/-1
                vt 0.5 0.5
                """);
        TriangleMesh mesh = file.mesh();
        assertArrayEquals(new int[] {0, 1, 4, 0, 2, 3}, mesh.uvIndices());
        assertEquals(5, mesh.uvCount());
        assertArrayEquals(new float[] {0, 0, 1, 0, 1, 1, 0, 1, 0.5f, 0.5f}, mesh.uvs());
    }
}
