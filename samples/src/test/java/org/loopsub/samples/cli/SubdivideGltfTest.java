package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
