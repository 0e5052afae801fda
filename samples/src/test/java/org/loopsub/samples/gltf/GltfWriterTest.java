package org.loopsub.samples.gltf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.javagl.jgltf.model.AccessorFloatData;
import de.javagl.jgltf.model.GltfModel;
import de.javagl.jgltf.model.MeshPrimitiveModel;
import de.javagl.jgltf.model.io.GltfModelReader;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopsub.api.TriangleMesh;
import org.loopsub.obj.ObjWriter;

/** {@link GltfWriter}: GLB and embedded glTF of small meshes, read back by hand and by JglTF. */
class GltfWriterTest {
    @TempDir
    Path dir;

    /** A square pyramid without its base: 5 vertices, 4 triangles, an open boundary. */
    private static final float[] POSITIONS = {0, 0, 1, 1, 0, 0, 0, 1, 0, -1, 0, 0, 0, -1.5f, 0.25f};
    private static final int[] TRIANGLES = {0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 4, 1};
    private static final float[] NORMALS = {0, 0, 1, 0.6f, 0.8f, 0, 0, 1, 0, -1, 0, 0, 0, -0.6f, 0.8f};
    /** Uvs with a seam: the apex has one uv per face, the other vertices one each. */
    private static final float[] UVS = {0.5f, 0.9f, 0.6f, 0.8f, 0.4f, 0.8f, 0.5f, 0.7f, 1, 0, 0, 1, 0.25f, 0.125f,
        0.75f, 0.375f};
    private static final int[] UV_INDICES = {0, 4, 5, 1, 5, 6, 2, 6, 7, 3, 7, 4};

    @Test
    void withoutUvsTheVerticesAreTheObjVertices() throws Exception {
        TriangleMesh mesh = TriangleMesh.of(POSITIONS, TRIANGLES);
        for (String name : List.of("p.glb", "p.gltf")) {
            Path file = dir.resolve(name);
            if (name.endsWith(".glb")) {
                writeFile(file, true, mesh, NORMALS);
            } else {
                writeFile(file, false, mesh, NORMALS);
            }
            GltfFile g = GltfFile.read(file);
            g.checkSchema();
            assertEquals("loopsub", g.json().get("asset").get("generator").asText());
            assertArrayEquals(TRIANGLES, g.indices(), name);
            assertArrayEquals(objVertices(mesh), g.floats(g.attribute("POSITION")), name + ": the OBJ's v lines");
            assertArrayEquals(NORMALS, g.floats(g.attribute("NORMAL")), name);
            assertEquals(-1, g.attribute("TEXCOORD_0"), name + ": no uvs");
            assertJglTFReads(file, 5, 12);
        }
    }

    @Test
    void withoutNormalsThereIsNoNormalAttribute() throws Exception {
        Path file = dir.resolve("n.glb");
        writeFile(file, true, TriangleMesh.of(POSITIONS, TRIANGLES), null);
        GltfFile g = GltfFile.read(file);
        g.checkSchema();
        assertEquals(-1, g.attribute("NORMAL"));
    }

    /**
     * With uvs, one glTF vertex per distinct (vertex, uv) pair of a corner, in order of first use;
     * each carries its vertex's position and normal and its uv with v flipped.
     */
    @Test
    void withUvsSeamVerticesAreSplitAndVIsFlipped() throws Exception {
        TriangleMesh mesh = TriangleMesh.of(POSITIONS, TRIANGLES, UVS, UV_INDICES);
        for (String name : List.of("u.glb", "u.gltf")) {
            Path file = dir.resolve(name);
            if (name.endsWith(".glb")) {
                writeFile(file, true, mesh, NORMALS);
            } else {
                writeFile(file, false, mesh, NORMALS);
            }
            GltfFile g = GltfFile.read(file);
            g.checkSchema();
            int[] indices = g.indices();
            float[] p = g.floats(g.attribute("POSITION"));
            float[] n = g.floats(g.attribute("NORMAL"));
            float[] uv = g.floats(g.attribute("TEXCOORD_0"));
            assertEquals("VEC2", g.json().get("accessors").get(g.attribute("TEXCOORD_0")).get("type").asText());
            // the apex splits in four (one uv per face), the other four vertices stay whole
            assertEquals(8, p.length / 3, name);
            assertEquals(12, indices.length);
            for (int c = 0; c < 12; c++) {
                int v = TRIANGLES[c];
                int t = UV_INDICES[c];
                int gv = indices[c];
                for (int axis = 0; axis < 3; axis++) {
                    assertEquals(POSITIONS[3 * v + axis], p[3 * gv + axis], name + " corner " + c);
                    assertEquals(NORMALS[3 * v + axis], n[3 * gv + axis], name + " corner " + c);
                }
                assertEquals(UVS[2 * t], uv[2 * gv], name + " u of corner " + c);
                assertEquals(1f - UVS[2 * t + 1], uv[2 * gv + 1], name + " v of corner " + c + " flipped");
            }
            // numbered in order of first use: the first corners name 0, 1, 2, then the next new one 3
            assertArrayEquals(new int[] {0, 1, 2, 3, 2, 4, 5, 4, 6, 7, 6, 1}, indices, name);
            assertJglTFReads(file, 8, 12);
        }
    }

    @Test
    void theSameMeshGivesTheSameBytes() throws Exception {
        TriangleMesh mesh = TriangleMesh.of(POSITIONS, TRIANGLES, UVS, UV_INDICES);
        for (boolean binary : new boolean[] {true, false}) {
            ByteArrayOutputStream a = new ByteArrayOutputStream();
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            GltfWriter.write(a, mesh, NORMALS, binary);
            GltfWriter.write(b, mesh, NORMALS, binary);
            assertArrayEquals(a.toByteArray(), b.toByteArray());
        }
    }

    @Test
    void aMeshWithoutTrianglesIsRefusedBeforeAnyByte() {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        assertThrows(IllegalArgumentException.class,
                () -> GltfWriter.write(out, TriangleMesh.of(new float[] {0, 0, 0}, new int[0]), null, true));
        assertThrows(IllegalArgumentException.class,
                () -> GltfWriter.write(out, TriangleMesh.of(POSITIONS, TRIANGLES), new float[3], false));
        // (the CLI writes through OutputTarget, which then leaves the target as it was: OutputTargetTest)
        assertEquals(0, out.size(), "nothing written");
    }

    /** Writes a file the way the CLI's OutputTarget hands GltfWriter a stream. */
    private static void writeFile(Path file, boolean binary, TriangleMesh mesh, float[] normals) throws java.io.IOException {
        try (java.io.OutputStream out = Files.newOutputStream(file)) {
            GltfWriter.write(out, mesh, normals, binary);
        }
    }

    /** The positions {@link ObjWriter} writes for the mesh, parsed back from its {@code v} lines. */
    static float[] objVertices(TriangleMesh mesh) throws Exception {
        StringWriter text = new StringWriter();
        ObjWriter.write(text, mesh, null);
        String[] numbers = text.toString().lines().filter(l -> l.startsWith("v "))
                .flatMap(l -> Arrays.stream(l.substring(2).split(" "))).toArray(String[]::new);
        float[] out = new float[numbers.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Float.parseFloat(numbers[i]);
        }
        return out;
    }

    /** JglTF's own reader takes the file and sees the same counts. */
    private static void assertJglTFReads(Path file, int vertices, int indices) throws Exception {
        GltfModel model = new GltfModelReader().read(file);
        MeshPrimitiveModel p = model.getMeshModels().get(0).getMeshPrimitiveModels().get(0);
        assertEquals(4, p.getMode());
        assertEquals(indices, p.getIndices().getCount());
        assertEquals(vertices, p.getAttributes().get("POSITION").getCount());
        AccessorFloatData data = (AccessorFloatData) p.getAttributes().get("POSITION").getAccessorData();
        assertEquals(vertices, data.getNumElements());
    }
}
