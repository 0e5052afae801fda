package org.loopsub.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
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
    /** Three uvs for the triangle's corners. */
    private static final float[] UV = {0.5f, 0.25f, 1, 0, -0f, 1e-3f};

    @Test
    void noPublicFactoryKeepsTheCallersArrays() throws Exception {
        // Every public way to make a mesh from arrays, found by reflection, so that a new one (a
        // "wrap" without a copy) is checked too: change the arrays afterwards, the mesh must not see it.
        // Arrays are handed out in parameter order: positions, triangles, then uvs and uv indices.
        List<Executable> makers = new ArrayList<>(Arrays.asList(TriangleMesh.class.getConstructors()));
        for (Method m : TriangleMesh.class.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) && m.getReturnType() == TriangleMesh.class) {
                makers.add(m);
            }
        }
        int checked = 0;
        int withUvs = 0;
        for (Executable maker : makers) {
            Class<?>[] types = maker.getParameterTypes();
            if (!Arrays.asList(types).contains(float[].class) && !Arrays.asList(types).contains(int[].class)) {
                continue;
            }
            List<float[]> floats = List.of(TRIANGLE.clone(), UV.clone());
            List<int[]> ints = List.of(new int[] {0, 1, 2}, new int[] {2, 0, 1});
            int nf = 0;
            int ni = 0;
            Object[] args = new Object[types.length];
            for (int i = 0; i < types.length; i++) {
                args[i] = types[i] == float[].class ? floats.get(nf++) : types[i] == int[].class ? ints.get(ni++)
                        : types[i] == List.class ? List.of() : null;
            }
            TriangleMesh mesh = maker instanceof Method m ? (TriangleMesh) m.invoke(null, args)
                    : (TriangleMesh) ((Constructor<?>) maker).newInstance(args);
            floats.forEach(a -> Arrays.fill(a, 42f));
            ints.forEach(a -> Arrays.fill(a, 7));
            assertArrayEquals(TRIANGLE, mesh.positions(), maker + " keeps the caller's positions");
            assertArrayEquals(new int[] {0, 1, 2}, mesh.triangles(), maker + " keeps the caller's triangles");
            assertEquals(nf == 2, mesh.hasUvs(), maker + " makes a uv channel exactly when given uvs");
            if (nf == 2) {
                assertArrayEquals(UV, mesh.uvs(), maker + " keeps the caller's uvs");
                assertArrayEquals(new int[] {2, 0, 1}, mesh.uvIndices(), maker + " keeps the caller's uv indices");
                withUvs++;
            }
            checked++;
        }
        assertEquals(4, checked, "the two constructors and the two of(): " + makers);
        assertEquals(2, withUvs, "one constructor and one of() with uvs: " + makers);
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

    @Test
    void meshWithoutUvsHasAnEmptyChannel() {
        TriangleMesh mesh = new TriangleMesh(TRIANGLE, new int[] {0, 1, 2}, List.of());
        assertFalse(mesh.hasUvs());
        assertEquals(0, mesh.uvCount());
        assertArrayEquals(new float[0], mesh.uvs());
        assertArrayEquals(new int[0], mesh.uvIndices());
        assertThrows(IndexOutOfBoundsException.class, () -> mesh.uv(0, 0));
        assertThrows(IllegalStateException.class, () -> mesh.uvIndex(0, 0));
        FloatBuffer into = FloatBuffer.allocate(4);
        mesh.getUvs(into);
        IntBuffer indices = IntBuffer.allocate(3);
        mesh.getUvIndices(indices);
        assertEquals(List.of(0f, 0f, 0f, 0f, 0, 0, 0), List.of(into.get(0), into.get(1), into.get(2), into.get(3),
                indices.get(0), indices.get(1), indices.get(2)), "nothing copied");
        assertFalse(TriangleMesh.builder(3, 1).build().hasUvs());
    }

    @Test
    void uvChannelIsReadPerCornerAndSeamsKeepTheirOwnIndices() {
        // a square of two triangles cut along its diagonal in uv space: vertices 0 and 2 are on the
        // seam, so their corners in the second triangle carry uv indices 3 and 4, not 0 and 2
        float[] square = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
        int[] triangles = {0, 1, 2, 0, 2, 3};
        float[] uvs = {0, 0, 0.5f, 0, 0.5f, 0.5f, 0.5f, 0.5f, 1, 1, 0.5f, 1};
        int[] uvIndices = {0, 1, 2, 3, 4, 5};
        TriangleMesh mesh = TriangleMesh.of(square, triangles, uvs, uvIndices);
        assertTrue(mesh.hasUvs());
        assertEquals(6, mesh.uvCount());
        assertEquals(4, mesh.uvIndex(1, 1));
        assertEquals(1f, mesh.uv(mesh.uvIndex(1, 1), 0));
        assertEquals(0.5f, mesh.uv(mesh.uvIndex(1, 2), 0));
        // equal values under different indices stay two uvs: the seam is the index, not the value
        assertEquals(mesh.uv(2, 0), mesh.uv(3, 0));
        assertEquals(mesh.uv(2, 1), mesh.uv(3, 1));
        assertTrue(mesh.uvIndex(0, 2) != mesh.uvIndex(1, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> mesh.uv(6, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> mesh.uv(0, 2));
        mesh.uvs()[0] = 9;
        mesh.uvIndices()[0] = 9;
        assertEquals(0f, mesh.uv(0, 0));
        assertEquals(0, mesh.uvIndex(0, 0));
        FloatBuffer into = FloatBuffer.allocate(13);
        into.put(-1f);
        mesh.getUvs(into);
        assertEquals(1, into.position(), "relative bulk get leaves the position");
        assertEquals(1f, into.get(9));
        IntBuffer indices = IntBuffer.allocate(6);
        mesh.getUvIndices(indices);
        assertEquals(5, indices.get(5));
    }

    @Test
    void badUvChannelsAreRefusedNamingTheFirstOffender() {
        float[] p = TRIANGLE;
        int[] t = {0, 1, 2};
        assertMessage("triangle 0 corner 2 has uv index 3, but the mesh has 3 uvs",
                () -> TriangleMesh.of(p, t, UV, new int[] {0, 1, 3}));
        assertMessage("triangle 0 corner 0 has uv index -1",
                () -> TriangleMesh.of(p, t, UV, new int[] {-1, 1, 7}));
        assertMessage("uv 1 has v = NaN; uv values must be finite",
                () -> TriangleMesh.of(p, t, new float[] {0, 0, 1, Float.NaN, 0, 1}, t));
        assertMessage("uv 0 has u = Infinity",
                () -> TriangleMesh.of(p, t, new float[] {Float.POSITIVE_INFINITY, 0}, new int[] {0, 0, 0}));
        assertMessage("uvs length 5 is not a multiple of 2", () -> TriangleMesh.of(p, t, new float[5], t));
        assertMessage("2 uv indices for 1 triangles", () -> TriangleMesh.of(p, t, UV, new int[] {0, 1}));
        assertMessage("triangle 0 corner 0 has uv index 0, but the mesh has 0 uvs",
                () -> TriangleMesh.of(p, t, new float[0], t));
        assertThrows(NullPointerException.class, () -> TriangleMesh.of(p, t, null, t));
        // what is refused at build() leaves the builder usable, to be corrected
        TriangleMesh.Builder b = TriangleMesh.builder(3, 1).setPositions(0, p, 0, 3).setTriangle(0, 0, 1, 2).uvs(2)
                .setUvIndices(0, 0, 1, 2);
        assertMessage("triangle 0 corner 2 has uv index 2, but the mesh has 2 uvs", b::build);
        b.setUvIndex(0, 2, 1).setUv(1, Float.NaN, 0);
        assertMessage("uv 1 has u = NaN", b::build);
        TriangleMesh mesh = b.setUv(1, 0.25f, 0).build();
        assertArrayEquals(new int[] {0, 1, 1}, mesh.uvIndices());
        assertArrayEquals(new float[] {0, 0, 0.25f, 0}, mesh.uvs());
    }

    @Test
    void builderFillsTheUvChannelInPlace() {
        TriangleMesh.Builder b = TriangleMesh.builder(3, 2).setTriangle(0, 0, 1, 2).setTriangle(1, 2, 1, 0);
        assertFalse(b.hasUvs());
        assertEquals(0, b.uvCount());
        assertThrows(IllegalStateException.class, () -> b.setUv(0, 1, 1), "no channel started");
        assertThrows(IllegalStateException.class, () -> b.setUvIndex(0, 0, 0), "no channel started");
        b.uvs(4).setUv(0, 0.5f, 0.25f).setUv(3, 1, 2).setUvIndices(0, 3, 2, 1).setUvIndex(1, 2, 3);
        assertTrue(b.hasUvs());
        assertEquals(4, b.uvCount());
        assertThrows(IndexOutOfBoundsException.class, () -> b.setUv(4, 0, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> b.setUvIndex(2, 0, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> b.setUvIndex(0, 3, 0));
        assertThrows(IllegalArgumentException.class, () -> b.uvs(-1));
        assertThrows(IllegalArgumentException.class, () -> b.uvs(new float[3], new int[6]));
        assertThrows(IllegalArgumentException.class, () -> b.uvs(new float[2], new int[3]));
        TriangleMesh mesh = b.build();
        assertArrayEquals(new float[] {0.5f, 0.25f, 0, 0, 0, 0, 1, 2}, mesh.uvs());
        assertArrayEquals(new int[] {3, 2, 1, 0, 0, 3}, mesh.uvIndices(), "unset corners are uv 0");
        for (Runnable use : List.<Runnable>of(() -> b.uvs(1), () -> b.uvs(new float[2], new int[6]),
                () -> b.setUv(0, 0, 0), () -> b.setUvIndices(0, 0, 0, 0), () -> b.setUvIndex(0, 0, 0), b::hasUvs,
                b::uvCount)) {
            assertThrows(IllegalStateException.class, use::run, "spent");
        }
        assertArrayEquals(new float[] {0.5f, 0.25f, 0, 0, 0, 0, 1, 2}, mesh.uvs());

        // the copying setter copies, and replaces a channel started before
        float[] values = {1, 1};
        int[] indices = {0, 0, 0, 0, 0, 0};
        TriangleMesh copied = TriangleMesh.builder(3, 2).uvs(7).uvs(values, indices).build();
        values[0] = 5;
        indices[0] = 5;
        assertArrayEquals(new float[] {1, 1}, copied.uvs());
        assertArrayEquals(new int[6], copied.uvIndices());
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
