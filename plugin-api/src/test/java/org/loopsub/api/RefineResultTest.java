package org.loopsub.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.FloatBuffer;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A result cannot be changed once made: its normals are handed out as copies only. */
class RefineResultTest {
    private static final TriangleMesh MESH = TriangleMesh.of(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0},
            new int[] {0, 1, 2});
    private static final float[] UP = {0, 0, 1, 0, 0, 1, 0, 0, 1};

    private static RefineResult built() {
        RefineResult.Builder b = RefineResult.builder(MESH).backend("test");
        for (int v = 0; v < 3; v++) {
            b.setNormal(v, 0, 0, 1);
        }
        return b.levels(List.of(new LevelStats(0, 1, 1, 0, 0, 5))).inputVerticesMerged(2)
                .warnings(List.of("w")).build();
    }

    @Test
    void noAccessorHandsOutAnInternalArray() throws Exception {
        // Every public accessor that returns an array, found by reflection: writing into what it
        // returned must not change what it returns next.
        for (RefineResult r : List.of(built(), new RefineResult(MESH, UP.clone(), List.of(), 0, List.of(), "test"))) {
            int arrays = 0;
            for (Method m : RefineResult.class.getMethods()) {
                if (Modifier.isStatic(m.getModifiers()) || m.getParameterCount() != 0 || !m.getReturnType().isArray()) {
                    continue;
                }
                Object first = m.invoke(r);
                Object expected = m.invoke(r);
                for (int i = 0; i < Array.getLength(first); i++) {
                    Array.set(first, i, first instanceof float[] ? (Object) 42f : (Object) 42);
                }
                Object again = m.invoke(r);
                assertEquals(Array.getLength(expected), Array.getLength(again), m.getName());
                for (int i = 0; i < Array.getLength(expected); i++) {
                    assertEquals(Array.get(expected, i), Array.get(again, i), m.getName() + " hands out its own array");
                }
                arrays++;
            }
            assertEquals(3, arrays, "normals(), uvs(), uvIndices()");
            assertArrayEquals(UP, r.normals());
            assertEquals(1f, r.normal(2, 2));
        }
    }

    @Test
    void constructorCopiesTheNormals() {
        float[] normals = UP.clone();
        RefineResult r = new RefineResult(MESH, normals, List.of(), 0, List.of(), "test");
        normals[2] = -1;
        assertEquals(1f, r.normal(0, 2));
        assertThrows(IllegalArgumentException.class, () -> new RefineResult(MESH, new float[6], List.of(), 0,
                List.of(), "test"));
    }

    @Test
    void bulkAndSingleAccess() {
        RefineResult r = built();
        FloatBuffer into = FloatBuffer.allocate(12);
        into.position(3);
        r.getNormals(into);
        assertEquals(3, into.position(), "relative bulk get leaves the position");
        assertEquals(1f, into.get(5));
        assertEquals(0f, into.get(2));
        assertEquals(0f, r.normal(1, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> r.normal(3, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> r.normal(0, 3));
        assertEquals(2, r.inputVerticesMerged());
        assertEquals(List.of("w"), r.warnings());
        assertEquals(1, r.levels().size());
        assertEquals("test", r.backend());
        assertEquals(1, r.triangleCount());
        assertThrows(UnsupportedOperationException.class, () -> r.warnings().add("x"));
    }

    @Test
    void builderIsSpentAfterBuildAndNeedsABackEnd() {
        RefineResult.Builder b = RefineResult.builder(MESH).setNormal(0, 0, 0, 1);
        assertThrows(IllegalStateException.class, b::build, "no back end named");
        RefineResult r = b.backend("test").build();
        for (Runnable use : List.<Runnable>of(() -> b.setNormal(0, 1, 0, 0), () -> b.levels(List.of()),
                () -> b.warnings(List.of()), () -> b.inputVerticesMerged(1), () -> b.backend("x"), b::mesh,
                b::build)) {
            assertThrows(IllegalStateException.class, use::run);
        }
        assertEquals(1f, r.normal(0, 2));
        assertEquals(0f, r.normal(0, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> RefineResult.builder(MESH).setNormal(3, 0, 0, 1));
    }

    @Test
    void uvChannelIsTheMeshs() {
        assertFalse(built().hasUvs());
        assertEquals(0, built().uvCount());
        assertArrayEquals(new float[0], built().uvs());
        assertArrayEquals(new int[0], built().uvIndices());
        assertThrows(IllegalStateException.class, () -> built().uvIndex(0, 0));

        TriangleMesh withUvs = TriangleMesh.of(MESH.positions(), MESH.triangles(), new float[] {0, 0, 1, 0.5f},
                new int[] {0, 1, 1});
        RefineResult r = RefineResult.builder(withUvs).backend("test").build();
        assertTrue(r.hasUvs());
        assertEquals(2, r.uvCount());
        assertEquals(0.5f, r.uv(1, 1));
        assertEquals(1, r.uvIndex(0, 2));
        assertArrayEquals(withUvs.uvs(), r.uvs());
        assertArrayEquals(withUvs.uvIndices(), r.uvIndices());
        assertThrows(IndexOutOfBoundsException.class, () -> r.uv(2, 0));
    }
}
