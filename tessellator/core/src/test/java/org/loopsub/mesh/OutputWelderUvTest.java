package org.loopsub.mesh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopsub.api.RefineResult;
import org.loopsub.api.TriangleMesh;
import org.loopsub.obj.ObjReader;
import org.loopsub.obj.ObjWriter;
import org.loopsub.parallel.Workers;

/** Uvs given per output corner are welded by exact value into the result mesh's uv channel. */
class OutputWelderUvTest {
    private static final float[] ORIGIN = {0, 0, 0};

    private static RefineResult weld(float[] corners, int triangleFloats, int triangleCount, float[] uvs,
                                     int threads) {
        return OutputWelder.weld(corners, triangleFloats, triangleCount, uvs, ORIGIN, 1.0, Workers.forThreads(threads))
                .backend("test").build();
    }

    private static RefineResult weld(float[] corners, int triangleCount, float[] uvs) {
        return weld(corners, 9, triangleCount, uvs, 0);
    }

    /** A square of two triangles sharing the edge from (0, 0, 0) to (1, 1, 0). */
    private static final float[] SQUARE = {
        0, 0, 0, 1, 0, 0, 1, 1, 0,
        0, 0, 0, 1, 1, 0, 0, 1, 0,
    };

    @Test
    void uvsAreNumberedInOrderOfFirstUseAndSharedOnlyByEqualValues() {
        float[] uvs = {
            0, 0, 1, 0, 1, 1,
            0, 0, 1, 1, 0, 1,
        };
        RefineResult out = weld(SQUARE, 2, uvs);
        TriangleMesh mesh = out.mesh();
        assertTrue(out.hasUvs());
        assertTrue(mesh.hasUvs(), "the channel is on the mesh the welder built");
        assertArrayEquals(new float[] {0, 0, 1, 0, 1, 1, 0, 1}, mesh.uvs());
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, mesh.uvIndices());
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, mesh.triangles());
    }

    @Test
    void aSeamKeepsTwoUvsAtOneVertex() {
        // the shared edge is a seam: its two vertices weld, their corners keep a uv on each side
        float[] uvs = {
            0, 0, 0.5f, 0, 0.5f, 0.5f,
            0.6f, 0.6f, 1, 1, 0.6f, 1,
        };
        TriangleMesh mesh = weld(SQUARE, 2, uvs).mesh();
        assertEquals(4, mesh.vertexCount());
        assertEquals(6, mesh.uvCount());
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, mesh.uvIndices());
        assertEquals(mesh.vertex(0, 2), mesh.vertex(1, 1), "one vertex");
        assertEquals(0.5f, mesh.uv(mesh.uvIndex(0, 2), 0));
        assertEquals(1f, mesh.uv(mesh.uvIndex(1, 1), 0));
    }

    @Test
    void uvsWeldByBitsWithMinusZeroAsPlusZeroAndApartFromPositions() {
        // corner 3 has (-0, -0): the same uv as corner 0's (+0, +0), kept as +0; corner 5 is one ulp
        // off corner 2 and stays a uv of its own; corners at different positions may share a uv
        float[] uvs = {
            0, 0, 0.25f, 0.25f, 1, Math.nextUp(0f),
            -0f, -0f, 0.25f, 0.25f, 1, 0,
        };
        TriangleMesh mesh = weld(SQUARE, 2, uvs).mesh();
        assertArrayEquals(new int[] {0, 1, 2, 0, 1, 3}, mesh.uvIndices());
        assertEquals(0, Float.floatToRawIntBits(mesh.uv(0, 0)), "stored as +0");
        assertEquals(0, Float.floatToRawIntBits(mesh.uv(0, 1)), "stored as +0");
        assertEquals(Float.MIN_VALUE, mesh.uv(2, 1));
        // a -0 met first is stored as +0 too: the value does not depend on which corner came first
        float[] minusFirst = uvs.clone();
        minusFirst[0] = -0f;
        minusFirst[6] = 0f;
        assertArrayEquals(mesh.uvs(), weld(SQUARE, 2, minusFirst).mesh().uvs());
        assertTrue(mesh.uvIndex(0, 1) == mesh.uvIndex(1, 1) && mesh.vertex(0, 1) != mesh.vertex(1, 1),
                "one uv at two vertices");
    }

    @Test
    void normalsCarriedByCornersWorkWithUvs() {
        float[] corners = new float[36];
        for (int c = 0; c < 6; c++) {
            System.arraycopy(SQUARE, 3 * c, corners, 6 * c, 3);
            corners[6 * c + 5] = 2; // normal (0, 0, 2) carried by every corner
        }
        float[] uvs = {0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1};
        RefineResult out = weld(corners, 18, 2, uvs, 2);
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, out.mesh().uvIndices());
        assertArrayEquals(new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1}, out.normals());
    }

    @Test
    void withoutUvsTheResultIsWhatItWasAndUvsChangeNothingElse() {
        SplittableRandom random = new SplittableRandom(3);
        int triangles = 30_000;
        float[] corners = randomSoup(random, triangles);
        float[] uvs = randomUvs(random, triangles);
        RefineResult old = OutputWelder.weld(corners, triangles, ORIGIN, 1.0, Workers.forThreads(0)).backend("t")
                .build();
        RefineResult none = weld(corners, 9, triangles, null, 0);
        RefineResult with = weld(corners, 9, triangles, uvs, 0);
        assertFalse(old.hasUvs());
        assertFalse(none.hasUvs());
        for (RefineResult r : List.of(none, with)) {
            assertArrayEquals(old.mesh().positions(), r.mesh().positions());
            assertArrayEquals(old.mesh().triangles(), r.mesh().triangles());
            assertArrayEquals(old.normals(), r.normals());
        }
    }

    @Test
    void largeSoupMatchesAHashMapWeldOnAnyNumberOfThreads() {
        // 600 000 corners: several weld segments, so the parallel merge is exercised
        SplittableRandom random = new SplittableRandom(8);
        int triangles = 200_000;
        float[] corners = randomSoup(random, triangles);
        float[] uvs = randomUvs(random, triangles);
        // the expectation: a plain map from the two values (-0 read as +0) to numbers in order of
        // first use, one corner after the other
        Map<List<Integer>, Integer> index = new HashMap<>();
        List<Float> values = new ArrayList<>();
        int[] expected = new int[3 * triangles];
        for (int c = 0; c < 3 * triangles; c++) {
            float u = uvs[2 * c] + 0f; // -0 + 0 is +0
            float v = uvs[2 * c + 1] + 0f;
            Integer n = index.putIfAbsent(List.of(Float.floatToRawIntBits(u), Float.floatToRawIntBits(v)),
                    index.size());
            if (n == null) {
                values.add(u);
                values.add(v);
            }
            expected[c] = n == null ? index.size() - 1 : n;
        }
        float[] expectedValues = new float[values.size()];
        for (int i = 0; i < expectedValues.length; i++) {
            expectedValues[i] = values.get(i);
        }
        for (int threads : new int[] {1, 3, 0}) {
            TriangleMesh mesh = weld(corners, 9, triangles, uvs, threads).mesh();
            assertArrayEquals(expected, mesh.uvIndices(), threads + " threads");
            float[] got = mesh.uvs();
            assertEquals(expectedValues.length, got.length, threads + " threads");
            for (int i = 0; i < got.length; i++) {
                assertEquals(Float.floatToRawIntBits(expectedValues[i]), Float.floatToRawIntBits(got[i]),
                        threads + " threads, value " + i);
            }
        }
    }

    @Test
    void refusesTooFewOrNonFiniteUvs() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> weld(SQUARE, 2, new float[11]));
        assertTrue(e.getMessage().contains("cornerUvs holds 11 floats"), e.getMessage());
        float[] nan = new float[12];
        nan[7] = Float.NaN;
        e = assertThrows(IllegalArgumentException.class, () -> weld(SQUARE, 2, nan));
        assertTrue(e.getMessage().contains("NaN"), e.getMessage());
        // only the given triangles' uvs are read
        assertEquals(3, weld(SQUARE, 1, new float[] {0, 0, 1, 0, 0, 1, Float.NaN}).mesh().uvCount());
    }

    @Test
    void aMeshRefinedZeroTimesComesBackWithItsUvChannel(@TempDir Path dir) throws IOException {
        // What the engine will do at level 0: each triangle's corners, positions and uvs, handed to
        // the welder in triangle order. An OBJ with distinct uvs, a seam and a shared uv then comes
        // back through the writer and the reader with the uv channel it had.
        TriangleMesh in = ObjReader.read(new StringReader("""
                v 0 0 0
                v 1 0 0
                v 1 1 0
                v 0 1 0
                vt 0 0
                vt 1 0
                vt 1 1
                vt 0.5 0.5
                vt 0 1
                f 1/1 2/2 3/3
                f 1/4 3/4 4/5
                """), "seam.obj").mesh();
        int n = in.triangleCount();
        float[] corners = new float[9 * n];
        float[] uvs = new float[6 * n];
        for (int c = 0; c < 3 * n; c++) {
            for (int axis = 0; axis < 3; axis++) {
                corners[3 * c + axis] = in.position(in.vertex(c / 3, c % 3), axis);
            }
            for (int axis = 0; axis < 2; axis++) {
                uvs[2 * c + axis] = in.uv(in.uvIndex(c / 3, c % 3), axis);
            }
        }
        RefineResult out = weld(corners, n, uvs);
        Path file = dir.resolve("out.obj");
        ObjWriter.write(file, out.mesh(), out.normals());
        TriangleMesh back = ObjReader.read(file).mesh();
        assertArrayEquals(in.uvs(), back.uvs());
        assertArrayEquals(in.uvIndices(), back.uvIndices());
        assertArrayEquals(in.triangles(), back.triangles());
    }

    /** Corners on a coarse grid, so that many coincide and welding has work to do. */
    private static float[] randomSoup(SplittableRandom random, int triangles) {
        float[] corners = new float[9 * triangles];
        for (int i = 0; i < corners.length; i++) {
            corners[i] = random.nextInt(30) * 0.5f - 7;
        }
        return corners;
    }

    /**
     * Uvs from a grid of 400 by 400 values, zeros of both signs among them: many coincide, but
     * enough differ (about 530 000 local uvs over the segments of 200 000 triangles) that the merge
     * of the segments groups them into several parts.
     */
    private static float[] randomUvs(SplittableRandom random, int triangles) {
        float[] uvs = new float[6 * triangles];
        for (int i = 0; i < uvs.length; i++) {
            int k = random.nextInt(400);
            uvs[i] = k == 0 ? -0f : k * 0.125f;
        }
        return uvs;
    }
}
