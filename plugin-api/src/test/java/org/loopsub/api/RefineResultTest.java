package org.loopsub.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
                float[] expected = ((float[]) m.invoke(r)).clone();
                for (int i = 0; i < Array.getLength(first); i++) {
                    Array.set(first, i, 42f);
                }
                assertArrayEquals(expected, (float[]) m.invoke(r), m.getName() + " hands out its own array");
                arrays++;
            }
            assertEquals(1, arrays, "normals()");
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
}
