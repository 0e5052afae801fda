package org.loopsub.mesh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopsub.api.Crease;
import org.loopsub.api.MeshProblem.Kind;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.Welding;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.obj.ObjReader;

class InputWelderTest {

    @Test
    void mergesEqualPositionsKeepingTheFirstAndItsOrder() {
        // vertices 0 and 3 share a position, and 1 and 4; two triangles written as separate patches
        float[] positions = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0};
        int[] triangles = {0, 1, 2, 4, 5, 3};
        WeldedMesh welded = InputWelder.weld(TriangleMesh.of(positions, triangles));
        assertEquals(2, welded.mergedVertices());
        assertEquals(0, welded.droppedUnreferenced());
        assertEquals(List.of(), welded.warnings());
        assertArrayEquals(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0}, welded.mesh().positions());
        assertArrayEquals(new int[] {0, 1, 2, 1, 3, 0}, welded.mesh().triangles());
    }

    /** {@link Welding#NONE}: the same mesh keeps its indexing; only unused vertices go. */
    @Test
    void withoutWeldNothingMergesButUnusedVerticesAreDropped() {
        float[] positions = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 7, 7, 7};
        int[] triangles = {0, 1, 2, 4, 5, 3};
        WeldedMesh kept = InputWelder.weld(TriangleMesh.of(positions, triangles), Welding.NONE);
        assertEquals(0, kept.mergedVertices());
        assertEquals(1, kept.droppedUnreferenced());
        assertArrayEquals(java.util.Arrays.copyOf(positions, 18), kept.mesh().positions());
        assertArrayEquals(triangles, kept.mesh().triangles());
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, kept.sourceVertices());
        assertEquals(2, InputWelder.weld(TriangleMesh.of(positions, triangles), Welding.EXACT).mergedVertices());
    }

    @Test
    void plusAndMinusZeroAreOnePosition() {
        float[] positions = {0f, 0f, 0f, 1, 0, 0, 0, 1, 0, -0f, 0f, -0f};
        WeldedMesh welded = InputWelder.weld(TriangleMesh.of(positions, new int[] {3, 1, 2}));
        assertEquals(1, welded.mergedVertices());
        assertEquals(3, welded.mesh().vertexCount());
        assertArrayEquals(new int[] {0, 1, 2}, welded.mesh().triangles());
        // the first occurrence's bits are kept
        assertEquals(Float.floatToRawIntBits(0f), Float.floatToRawIntBits(welded.mesh().position(0, 0)));
    }

    @Test
    void nanNeverMergesAndNeighbouringFloatsStayApart() {
        float nan = Float.NaN;
        float[] positions = {nan, 0, 0, nan, 0, 0, 1, 0, 0, Math.nextUp(1f), 0, 0};
        WeldedMesh welded = InputWelder.weld(TriangleMesh.of(positions, new int[] {0, 1, 2, 1, 2, 3}));
        assertEquals(0, welded.mergedVertices());
        assertEquals(4, welded.mesh().vertexCount());
        assertArrayEquals(new int[] {0, 1, 2, 1, 2, 3}, welded.mesh().triangles());
    }

    @Test
    void dropsUnreferencedVerticesNamingTheFirst() {
        // vertex 1 (0-based) and vertex 4 are used by no face; vertex 5 duplicates the unused vertex 1
        float[] positions = {0, 0, 0, 9, 9, 9, 1, 0, 0, 0, 1, 0, 8, 8, 8, 9, 9, 9};
        WeldedMesh welded = InputWelder.weld(TriangleMesh.of(positions, new int[] {0, 2, 3}));
        assertEquals(1, welded.mergedVertices());
        assertEquals(2, welded.droppedUnreferenced());
        assertArrayEquals(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, welded.mesh().positions());
        assertArrayEquals(new int[] {0, 1, 2}, welded.mesh().triangles());
        assertEquals(1, welded.warnings().size());
        String warning = welded.warnings().get(0);
        assertTrue(warning.startsWith("2 vertices") && warning.contains("vertex 2"), warning);
    }

    @Test
    void remapsCreasesAndDropsThoseThatLoseAnEnd() {
        float[] positions = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 5, 5, 5};
        List<Crease> creases = List.of(new Crease(0, 3, 2f), new Crease(2, 4, 1f), new Crease(1, 3, 1f),
                new Crease(0, 17, 1f));
        WeldedMesh welded = InputWelder.weld(new TriangleMesh(positions, new int[] {0, 3, 2}, creases));
        assertEquals(List.of(new Crease(0, 1, 2f)), welded.mesh().creases());
        assertTrue(welded.warnings().stream().anyMatch(w -> w.startsWith("3 crease tags")), welded.warnings().toString());
    }

    @Test
    void keepsOutOfRangeIndicesForTheValidator() {
        float[] positions = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0};
        WeldedMesh welded = InputWelder.weld(TriangleMesh.of(positions, new int[] {0, 1, 2, 3, 2, 7, -1, 0, 1}));
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 7, -1, 0, 1}, welded.mesh().triangles());
        assertEquals(Kind.INDEX_OUT_OF_RANGE, MeshValidator.problems(welded.mesh()).get(0).kind());
    }

    @Test
    void weldsTheTeapotSeams() throws IOException {
        TriangleMesh teapot = ObjReader.read(TestMeshes.dir().resolve("teapot.obj")).mesh();
        WeldedMesh welded = InputWelder.weld(teapot);
        assertEquals(263, welded.mergedVertices());
        assertEquals(529, welded.mesh().vertexCount());
        assertEquals(992, welded.mesh().triangleCount());
        assertEquals(0, welded.droppedUnreferenced());
        // the weld moves no point: every corner keeps its position
        for (int t = 0; t < teapot.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                for (int axis = 0; axis < 3; axis++) {
                    assertEquals(teapot.position(teapot.vertex(t, c), axis),
                            welded.mesh().position(welded.mesh().vertex(t, c), axis));
                }
            }
        }
    }

    @Test
    void leavesACleanMeshUnchanged() throws IOException {
        TriangleMesh bunny = ObjReader.read(TestMeshes.dir().resolve("bunny_npm.obj")).mesh();
        WeldedMesh welded = InputWelder.weld(bunny);
        assertEquals(0, welded.mergedVertices());
        assertEquals(0, welded.droppedUnreferenced());
        assertArrayEquals(bunny.positions(), welded.mesh().positions());
        assertArrayEquals(bunny.triangles(), welded.mesh().triangles());
    }

    @Test
    void keepsTheUvChannelPerCornerWhileVerticesMerge() {
        // A square written as two patches (vertices 3 and 4 repeat 0 and 2) plus an unused vertex 5:
        // after the weld both triangles share vertices 0 and 2, but their corners there keep the uv
        // indices they had, so the seam along the diagonal survives.
        float[] positions = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 7, 7, 7, 0, 1, 0};
        int[] triangles = {0, 1, 2, 3, 4, 6};
        float[] uvs = {0, 0, 1, 0, 1, 1, 0.5f, 0.5f, 0.75f, 0.75f, 0, 1, 9, 9};
        int[] uvIndices = {0, 1, 2, 3, 4, 5};
        WeldedMesh welded = InputWelder.weld(TriangleMesh.of(positions, triangles, uvs, uvIndices));
        TriangleMesh mesh = welded.mesh();
        assertEquals(2, welded.mergedVertices());
        assertEquals(1, welded.droppedUnreferenced());
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, mesh.triangles());
        assertArrayEquals(uvIndices, mesh.uvIndices(), "per corner, unchanged");
        assertArrayEquals(uvs, mesh.uvs(), "values unchanged, the unused one too");
        assertEquals(List.of(), MeshValidator.problems(mesh), "a seam is no fault");
        // corner 0 of both triangles is now one vertex with two uvs
        assertEquals(mesh.vertex(0, 0), mesh.vertex(1, 0));
        assertTrue(mesh.uvIndex(0, 0) != mesh.uvIndex(1, 0));
        assertFalse(InputWelder.weld(TriangleMesh.of(positions, triangles)).mesh().hasUvs());
    }
}
