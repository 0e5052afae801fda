package org.loopsub.samples.gltf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.javagl.jgltf.model.GltfModel;
import de.javagl.jgltf.model.MeshPrimitiveModel;
import de.javagl.jgltf.model.io.GltfModelReader;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopsub.api.Primvar;
import org.loopsub.api.TriangleMesh;

/**
 * Primvars in glTF: "color" as {@code COLOR_0}, a 2-float channel as the next texture set, the rest
 * as {@code _NAME} attributes (cut in fours past 4 floats); a face-varying channel splits vertices
 * where its seam is; the file keeps the schema's rules and JglTF reads every attribute back.
 */
class GltfPrimvarTest {
    @TempDir
    Path dir;

    /** The pyramid of {@link GltfWriterTest}: 5 vertices, 4 triangles. */
    private static final float[] POSITIONS = {0, 0, 1, 1, 0, 0, 0, 1, 0, -1, 0, 0, 0, -1.5f, 0.25f};
    private static final int[] TRIANGLES = {0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 4, 1};
    /** A second uv set with a seam of its own: between the first two faces and the others at the apex. */
    private static final float[] ST = {0, 0, 1, 0, 1, 1, 0, 1, 0.5f, 0.5f, 0.25f, 0.75f};
    private static final int[] ST_INDICES = {0, 1, 2, 0, 2, 3, 5, 3, 4, 5, 4, 1};

    private static float[] ramp(int count, float scale) {
        float[] v = new float[count];
        for (int i = 0; i < count; i++) {
            v[i] = (i % 7) * scale;
        }
        return v;
    }

    @Test
    void primvarsBecomeAttributesOfEveryGltfVertex() throws Exception {
        float[] color = ramp(20, 0.125f);
        float[] weights = ramp(25, 0.25f);
        float[] h = {1, 2, 3, 4, 5};
        TriangleMesh mesh = TriangleMesh.of(POSITIONS, TRIANGLES).withPrimvars(List.of(
                Primvar.vertex("color", 4, color), Primvar.faceVarying("st", 2, ST, ST_INDICES),
                Primvar.varying("weights", 5, weights), Primvar.vertex("h", 1, h)));
        for (boolean binary : new boolean[] {true, false}) {
            Path file = dir.resolve(binary ? "p.glb" : "p.gltf");
            try (OutputStream out = Files.newOutputStream(file)) {
                GltfWriter.write(out, mesh, null, binary);
            }
            GltfFile g = GltfFile.read(file);
            g.checkSchema();
            Set<String> names = new TreeSet<>();
            g.primitive().get("attributes").fieldNames().forEachRemaining(names::add);
            assertEquals(Set.of("POSITION", "COLOR_0", "TEXCOORD_0", "_WEIGHTS_0", "_WEIGHTS_1", "_H"), names);
            assertEquals("VEC4", g.json().get("accessors").get(g.attribute("COLOR_0")).get("type").asText());
            assertEquals("SCALAR", g.json().get("accessors").get(g.attribute("_WEIGHTS_1")).get("type").asText());
            int[] indices = g.indices();
            float[] p = g.floats(g.attribute("POSITION"));
            float[] c = g.floats(g.attribute("COLOR_0"));
            float[] st = g.floats(g.attribute("TEXCOORD_0"));
            float[] w0 = g.floats(g.attribute("_WEIGHTS_0"));
            float[] w1 = g.floats(g.attribute("_WEIGHTS_1"));
            float[] hh = g.floats(g.attribute("_H"));
            // the apex splits in two (two st values there), the other four vertices stay whole
            assertEquals(6, p.length / 3);
            for (int k = 0; k < 12; k++) {
                int v = TRIANGLES[k];
                int gv = indices[k];
                String what = (binary ? "glb" : "gltf") + " corner " + k;
                for (int x = 0; x < 3; x++) {
                    assertEquals(POSITIONS[3 * v + x], p[3 * gv + x], what);
                }
                for (int x = 0; x < 4; x++) {
                    assertEquals(color[4 * v + x], c[4 * gv + x], what);
                    assertEquals(weights[5 * v + x], w0[4 * gv + x], what);
                }
                assertEquals(weights[5 * v + 4], w1[gv], what);
                assertEquals(h[v], hh[gv], what);
                assertEquals(ST[2 * ST_INDICES[k]], st[2 * gv], what);
                assertEquals(1f - ST[2 * ST_INDICES[k] + 1], st[2 * gv + 1], what + ": v flipped as the uvs'");
            }
            GltfModel model = new GltfModelReader().read(file);
            MeshPrimitiveModel prim = model.getMeshModels().get(0).getMeshPrimitiveModels().get(0);
            assertEquals(names, new TreeSet<>(prim.getAttributes().keySet()));
            for (String name : names) {
                assertEquals(6, prim.getAttributes().get(name).getCount(), name);
            }
        }
    }

    @Test
    void withUvsASecondTwoFloatChannelIsTexcoord1AndAThreeFloatColourIsVec3() throws Exception {
        float[] uvs = {0, 0, 1, 0, 0, 1, 1, 1, 0.5f, 0.5f};
        TriangleMesh mesh = TriangleMesh.of(POSITIONS, TRIANGLES, uvs, TRIANGLES).withPrimvars(List.of(
                Primvar.vertex("color", 3, ramp(15, 0.125f)), Primvar.varying("st", 2, ramp(10, 0.25f))));
        Path file = dir.resolve("t.glb");
        try (OutputStream out = Files.newOutputStream(file)) {
            GltfWriter.write(out, mesh, null, true);
        }
        GltfFile g = GltfFile.read(file);
        g.checkSchema();
        assertEquals("VEC3", g.json().get("accessors").get(g.attribute("COLOR_0")).get("type").asText());
        assertTrue(g.attribute("TEXCOORD_0") >= 0 && g.attribute("TEXCOORD_1") >= 0);
        assertEquals(5, g.floats(g.attribute("TEXCOORD_1")).length / 2, "no seam: the mesh's vertices");
    }
}
