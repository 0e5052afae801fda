package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopsub.samples.gltf.GltfFile;

/**
 * {@code subdivide -o x.glb} and {@code -o x.gltf} (issue 21): the format follows the extension, and
 * the glTF holds the mesh the OBJ output holds, vertex for vertex.
 */
class SubdivideGltfTest {
    @TempDir
    Path dir;

    private Path subdivide(String name, String... args) {
        Path output = dir.resolve(name);
        String[] all = new String[args.length + 4];
        all[0] = "subdivide";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "-o";
        all[args.length + 2] = output.toString();
        all[args.length + 3] = "-q";
        Cli.Result r = Cli.run(all);
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        return output;
    }

    /** A name ending in another format's extension still gets OBJ, and a warning says so; .obj, none and stdout get none. */
    @Test
    void anotherFormatsExtensionIsWarnedAbout() throws Exception {
        Path stl = dir.resolve("ico.stl");
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-l", "1", "--backend", "java", "-o", stl.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(r.err().contains("loopsub: " + stl + ": warning: written as OBJ"), r::both);
        assertTrue(r.err().contains("not .stl"), r::both);
        assertTrue(Files.readString(stl).contains("\nf "), "OBJ text");
        for (String name : List.of("ico.obj", "ico", "ico.OBJ")) {
            Cli.Result plain = Cli.run("subdivide", "--sample", "icosahedron", "-l", "1", "--backend", "java",
                    "-o", dir.resolve(name).toString());
            assertFalse(plain.err().contains("written as OBJ"), plain::both);
        }
        Cli.Result stdout = Cli.run("subdivide", "--sample", "icosahedron", "-l", "1", "--backend", "java", "-o", "-");
        assertFalse(stdout.err().contains("written as OBJ"), stdout::both);
    }

    @Test
    void glbAndGltfHoldTheObjOutput() throws Exception {
        Path obj = subdivide("ico.obj", "--sample", "icosahedron", "-l", "2");
        float[] v = numbers(Cli.lines(obj, "v "));
        float[] vn = numbers(Cli.lines(obj, "vn "));
        int[] faces = faces(Cli.lines(obj, "f "));
        for (String name : List.of("ico.glb", "ico.gltf", "ICO2.GLB")) {
            GltfFile g = GltfFile.read(subdivide(name, "--sample", "icosahedron", "-l", "2"));
            g.checkSchema();
            assertEquals(162, g.floats(g.attribute("POSITION")).length / 3, name + ": vertex count");
            assertEquals(3 * 320, g.indices().length, name + ": index count");
            assertArrayEquals(v, g.floats(g.attribute("POSITION")), name + ": positions are the OBJ's v lines");
            assertArrayEquals(vn, g.floats(g.attribute("NORMAL")), name + ": normals are the OBJ's vn lines");
            assertArrayEquals(faces, g.indices(), name + ": triangles are the OBJ's f lines");
        }
    }

    /** With uvs: one glTF vertex per distinct (v, vt) pair of the OBJ's faces, v flipped. */
    @Test
    void withUvsEachCornerCarriesItsObjVertexAndUv() throws Exception {
        Path in = dir.resolve("tetuv.obj");
        Files.writeString(in, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nvt 0 0\nvt 1 0\nvt 0 1\nvt 0.5 0.5\n"
                + "f 1/1 3/3 2/2\nf 1/1 2/2 4/4\nf 1/1 4/4 3/3\nf 2/2 3/3 4/1\n");
        Path obj = subdivide("tu.obj", in.toString(), "-l", "2");
        float[] v = numbers(Cli.lines(obj, "v "));
        List<String> vt = Cli.lines(obj, "vt ");
        List<String> f = Cli.lines(obj, "f ");
        GltfFile g = GltfFile.read(subdivide("tu.glb", in.toString(), "-l", "2"));
        g.checkSchema();
        int[] indices = g.indices();
        float[] p = g.floats(g.attribute("POSITION"));
        float[] uv = g.floats(g.attribute("TEXCOORD_0"));
        java.util.Set<String> pairs = new java.util.HashSet<>();
        assertEquals(3 * f.size(), indices.length);
        for (int t = 0; t < f.size(); t++) {
            String[] corners = f.get(t).split(" ");
            for (int c = 0; c < 3; c++) {
                String[] ids = corners[c + 1].split("/");
                int vi = Integer.parseInt(ids[0]) - 1;
                String[] tex = vt.get(Integer.parseInt(ids[1]) - 1).split(" ");
                int gv = indices[3 * t + c];
                pairs.add(ids[0] + "/" + ids[1]);
                for (int k = 0; k < 3; k++) {
                    assertEquals(v[3 * vi + k], p[3 * gv + k], "corner " + t + "." + c);
                }
                assertEquals(Float.parseFloat(tex[1]), uv[2 * gv], "u of corner " + t + "." + c);
                assertEquals(1f - Float.parseFloat(tex[2]), uv[2 * gv + 1], "v of corner " + t + "." + c);
            }
        }
        assertEquals(pairs.size(), p.length / 3, "one glTF vertex per (v, vt) pair");
    }

    @Test
    void anyOtherExtensionIsObj() throws Exception {
        Path obj = subdivide("ico.obj", "--sample", "icosahedron", "-l", "1");
        Path other = subdivide("ico.mesh", "--sample", "icosahedron", "-l", "1");
        assertArrayEquals(Files.readAllBytes(obj), Files.readAllBytes(other));
        String text = Files.readString(other, StandardCharsets.UTF_8);
        assertEquals("# loopsub: 42 vertices, 80 triangles", text.lines().findFirst().orElseThrow());
    }

    private static float[] numbers(List<String> lines) {
        float[] out = new float[3 * lines.size()];
        for (int i = 0; i < lines.size(); i++) {
            String[] p = lines.get(i).split(" ");
            for (int k = 0; k < 3; k++) {
                out[3 * i + k] = Float.parseFloat(p[k + 1]);
            }
        }
        return out;
    }

    /** The 0-based vertex indices of {@code f a//a b//b c//c} lines. */
    private static int[] faces(List<String> lines) {
        int[] out = new int[3 * lines.size()];
        for (int i = 0; i < lines.size(); i++) {
            String[] p = lines.get(i).split(" ");
            for (int k = 0; k < 3; k++) {
                out[3 * i + k] = Integer.parseInt(p[k + 1].substring(0, p[k + 1].indexOf('/'))) - 1;
            }
        }
        return out;
    }
}
