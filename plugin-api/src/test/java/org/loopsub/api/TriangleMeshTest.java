package org.loopsub.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

/** A mesh cannot be changed once made, whatever the caller keeps. */
class TriangleMeshTest {
    private static final float[] TRIANGLE = {0, 0, 0, 1, 0, 0, 0, 1, 0};

    @Test
    void noPublicFactoryKeepsTheCallersArrays() throws Exception {
        // Every public way to make a mesh from arrays, found by reflection, so that a new one (a
        // "wrap" without a copy) is checked too: change the arrays afterwards, the mesh must not see it.
        List<Executable> makers = new ArrayList<>(Arrays.asList(TriangleMesh.class.getConstructors()));
        for (Method m : TriangleMesh.class.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) && m.getReturnType() == TriangleMesh.class) {
                makers.add(m);
            }
        }
        int checked = 0;
        for (Executable maker : makers) {
            Class<?>[] types = maker.getParameterTypes();
            if (!Arrays.asList(types).contains(float[].class) && !Arrays.asList(types).contains(int[].class)) {
                continue;
            }
            float[] positions = TRIANGLE.clone();
            int[] triangles = {0, 1, 2};
            Object[] args = new Object[types.length];
            for (int i = 0; i < types.length; i++) {
                args[i] = types[i] == float[].class ? positions : types[i] == int[].class ? triangles
                        : types[i] == List.class ? List.of() : null;
            }
            TriangleMesh mesh = maker instanceof Method m ? (TriangleMesh) m.invoke(null, args)
                    : (TriangleMesh) ((Constructor<?>) maker).newInstance(args);
            Arrays.fill(positions, 42f);
            Arrays.fill(triangles, 7);
            assertArrayEquals(TRIANGLE, mesh.positions(), maker + " keeps the caller's positions");
            assertArrayEquals(new int[] {0, 1, 2}, mesh.triangles(), maker + " keeps the caller's triangles");
            checked++;
        }
        assertEquals(2, checked, "the constructor and of(): " + makers);
    }

    @Test
    void accessorsHandOutCopies() {
        TriangleMesh mesh = TriangleMesh.of(TRIANGLE, new int[] {0, 1, 2});
        mesh.positions()[0] = 9;
        mesh.triangles()[0] = 9;
        FloatBuffer into = FloatBuffer.allocate(10);
        into.put(-1f);
        mesh.getPositions(into).put(0, 5f);
        assertEquals(1, into.position(), "relative bulk get leaves the position");
        assertEquals(0f, into.get(1));
        assertEquals(0f, mesh.position(0, 0));
        assertEquals(0, mesh.vertex(0, 0));
    }

    @Test
    void builderFillsInPlaceAndIsSpentAfterBuild() {
        TriangleMesh.Builder b = TriangleMesh.builder(4, 2)
                .setPosition(0, 0, 0, 0)
                .setPosition(1, 1, 0, 0)
                .setPositions(2, new float[] {9, 9, 9, 1, 1, 0, 0, 1, 0}, 1, 2)
                .setTriangle(0, 0, 1, 2)
                .setVertex(1, 0, 0)
                .setTriangles(1, new int[] {2, 3}, 0, 0)
                .creases(List.of(new Crease(0, 1, 2f)));
        b.setVertex(1, 1, 2).setVertex(1, 2, 3).setPosition(3, 2, -0.5f);
        assertEquals(4, b.vertexCount());
        assertEquals(2, b.triangleCount());
        assertEquals(1f, b.position(2, 0));
        assertEquals(3, b.vertex(1, 2));
        TriangleMesh mesh = b.build();
        assertArrayEquals(new float[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, -0.5f}, mesh.positions());
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, mesh.triangles());
        assertEquals(List.of(new Crease(0, 1, 2f)), mesh.creases());

        // Spent: nothing the builder offers reaches the mesh's arrays any more.
        List<Runnable> uses = List.of(
                () -> b.setPosition(0, 5, 5, 5), () -> b.setPosition(0, 0, 5), () -> b.setTriangle(0, 3, 3, 3),
                () -> b.setVertex(0, 0, 3), () -> b.setPositions(0, new float[3], 0, 1),
                () -> b.setTriangles(0, new int[3], 0, 1), () -> b.creases(List.of()), () -> b.position(0, 0),
                () -> b.vertex(0, 0), () -> b.vertexCount(), () -> b.triangleCount(), b::build);
        for (Runnable use : uses) {
            assertThrows(IllegalStateException.class, use::run);
        }
        assertArrayEquals(new float[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, -0.5f}, mesh.positions());
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, mesh.triangles());
    }

    @Test
    void builderChecksIndicesAndSizes() {
        TriangleMesh.Builder b = TriangleMesh.builder(2, 1);
        assertThrows(IndexOutOfBoundsException.class, () -> b.setPosition(2, 0, 0, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> b.setPosition(0, 3, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> b.setVertex(0, 3, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> b.setTriangle(-1, 0, 0, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> b.setPositions(1, new float[6], 0, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> b.setTriangles(0, new int[3], 1, 1));
        assertThrows(IllegalArgumentException.class, () -> TriangleMesh.builder(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> TriangleMesh.builder(0, Integer.MAX_VALUE));
        assertEquals(0, TriangleMesh.builder(0, 0).build().vertexCount());
    }

    @Test
    void builderTakesDisjointWritesFromSeveralThreads() throws Exception {
        int vertices = 200_000;
        TriangleMesh.Builder b = TriangleMesh.builder(vertices, vertices);
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> parts = new ArrayList<>();
            for (int p = 0; p < threads; p++) {
                int part = p;
                parts.add(pool.submit(() -> {
                    // interleaved indices, so that neighbouring elements come from different threads
                    for (int v = part; v < vertices; v += threads) {
                        b.setPosition(v, v, -v, 0.5f * v);
                        b.setTriangle(v, v, (v + 1) % vertices, (v + 2) % vertices);
                    }
                }));
            }
            for (Future<?> f : parts) {
                f.get(); // orders the writes before build()
            }
        } finally {
            pool.shutdown();
        }
        TriangleMesh mesh = b.build();
        boolean all = true;
        for (int v = 0; v < vertices && all; v++) {
            all = mesh.position(v, 0) == v && mesh.position(v, 1) == -v && mesh.position(v, 2) == 0.5f * v
                    && mesh.vertex(v, 0) == v && mesh.vertex(v, 2) == (v + 2) % vertices;
        }
        assertTrue(all, "every vertex and triangle as its thread wrote it");
    }
}
