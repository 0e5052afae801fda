package org.loopsub.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Primvars: checked where they are made, fitted to their mesh, never changed by what a caller keeps. */
class PrimvarTest {
    /** Two triangles sharing an edge: 4 vertices. */
    private static final float[] QUAD = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
    private static final int[] TRIS = {0, 1, 2, 0, 2, 3};

    private static String message(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Test
    void aChannelIsCheckedOnItsOwn() {
        assertTrue(message(() -> Primvar.vertex("c", 0, new float[0])).contains("width 0"));
        assertTrue(message(() -> Primvar.vertex("c", 3, new float[4])).contains("not a multiple of its width 3"));
        String nan = message(() -> Primvar.varying("w", 2, new float[] {0, 1, 2, Float.NaN}));
        assertTrue(nan.contains("\"w\" value 1 component 1 is NaN"), nan);
        assertTrue(message(() -> Primvar.vertex("c", 1, new float[] {Float.POSITIVE_INFINITY}))
                .contains("Infinity"));
        String index = message(() -> Primvar.faceVarying("uv2", 2, new float[4], new int[] {0, 1, 2}));
        assertTrue(index.contains("triangle 0 corner 2 has index 2, but the channel has 2 values"), index);
        assertTrue(message(() -> Primvar.faceVarying("uv2", 2, new float[4], new int[] {0, 1}))
                .contains("not 3 per triangle"));
        assertTrue(message(() -> Primvar.faceVarying("uv2", 2, new float[4], new int[] {0, -1, 1}))
                .contains("index -1"));
        assertTrue(message(() -> Primvar.vertex(" ", 1, new float[0])).contains("blank"));
        assertTrue(message(() -> Primvar.vertex("my colour", 1, new float[0])).contains("whitespace"));
        assertThrows(NullPointerException.class, () -> Primvar.vertex(null, 1, new float[0]));
        assertTrue(message(() -> Primvar.of("x", Primvar.Interpolation.VERTEX, 1, new float[1], new int[3]))
                .contains("indices go with FACE_VARYING"));
        assertTrue(message(() -> Primvar.of("x", Primvar.Interpolation.FACE_VARYING, 1, new float[1], null))
                .contains("indices go with FACE_VARYING"));
    }

    @Test
    void aMeshChecksThatEachChannelFitsIt() {
        TriangleMesh mesh = TriangleMesh.of(QUAD, TRIS);
        String few = message(() -> mesh.withPrimvars(List.of(Primvar.vertex("color", 3, new float[9]))));
        assertTrue(few.contains("\"color\" (VERTEX) has 3 values for 4 vertices"), few);
        String varying = message(() -> mesh.withPrimvars(List.of(Primvar.varying("w", 1, new float[5]))));
        assertTrue(varying.contains("5 values for 4 vertices"), varying);
        String fv = message(() -> mesh.withPrimvars(List.of(Primvar.faceVarying("st", 2, new float[2], new int[3]))));
        assertTrue(fv.contains("1 triangles of indices for 2 triangles"), fv);
        String twice = message(() -> mesh.withPrimvars(List.of(Primvar.vertex("a", 1, new float[4]),
                Primvar.varying("a", 1, new float[4]))));
        assertTrue(twice.contains("two primvars are named \"a\""), twice);
        TriangleMesh.Builder b = TriangleMesh.builder(4, 2).setPositions(0, QUAD, 0, 4).setTriangles(0, TRIS, 0, 2)
                .primvar(Primvar.vertex("c", 2, new float[6]));
        assertTrue(message(b::build).contains("3 values for 4 vertices"));
    }

    @Test
    void theCallersArraysNeverReachTheChannel() {
        float[] values = {1, 2, 3, 4};
        int[] indices = {0, 1, 0, 0, 1, 1};
        Primvar fv = Primvar.faceVarying("st", 2, values, indices);
        Primvar v = Primvar.vertex("h", 1, values);
        Arrays.fill(values, 9);
        Arrays.fill(indices, 7);
        assertArrayEquals(new float[] {1, 2, 3, 4}, fv.values());
        assertArrayEquals(new float[] {1, 2, 3, 4}, v.values());
        assertArrayEquals(new int[] {0, 1, 0, 0, 1, 1}, fv.indices());
        fv.values()[0] = 5;
        fv.indices()[0] = 5;
        assertEquals(1, fv.value(0, 0));
        assertEquals(0, fv.index(0, 0));
        assertEquals(1, fv.index(0, 1));
        assertEquals(4, fv.value(1, 1));
        FloatBuffer fb = FloatBuffer.allocate(6).position(2);
        fv.getValues(fb);
        assertEquals(2, fb.position());
        assertEquals(3, fb.get(4));
        IntBuffer ib = IntBuffer.allocate(6);
        fv.getIndices(ib);
        assertEquals(1, ib.get(5));
        assertThrows(IllegalStateException.class, () -> v.index(0, 0));
        assertEquals(0, v.indices().length);
        assertThrows(IndexOutOfBoundsException.class, () -> v.value(0, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> v.value(4, 0));
    }

    @Test
    void aMeshHoldsItsChannelsByNameThroughEveryCopy() {
        Primvar color = Primvar.vertex("color", 3, new float[12]);
        Primvar st = Primvar.faceVarying("st", 2, new float[] {0, 0, 1, 1}, new int[] {0, 1, 1, 0, 1, 0});
        TriangleMesh mesh = TriangleMesh.builder(4, 2).setPositions(0, QUAD, 0, 4).setTriangles(0, TRIS, 0, 2)
                .primvar(color).primvar(st).build();
        assertEquals(List.of(color, st), mesh.primvars());
        assertSame(st, mesh.primvar("st").orElseThrow());
        assertFalse(mesh.primvar("nope").isPresent());
        assertThrows(UnsupportedOperationException.class, () -> mesh.primvars().add(color));
        assertEquals(mesh.primvars(), mesh.withCorners(List.of(new Corner(0, 2f))).primvars());
        assertTrue(TriangleMesh.of(QUAD, TRIS).primvars().isEmpty());
        assertEquals(List.of(color), mesh.withPrimvars(List.of(color)).primvars());
        RefineResult result = new RefineResult(mesh, new float[12], List.of(), 0, List.of(), "test");
        assertEquals(mesh.primvars(), result.primvars());
        RefineResult fewer = result.withPrimvars(List.of(st));
        assertEquals(List.of(st), fewer.primvars());
        assertEquals(List.of(color, st), result.primvars());
    }
}
