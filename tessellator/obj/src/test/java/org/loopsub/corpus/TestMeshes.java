package org.loopsub.corpus;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import org.loopsub.api.TriangleMesh;

/**
 * The repository's corpus of real meshes ({@code testdata/meshes/*.obj}, provenance in the README
 * there), read by a deliberately tiny
 * parser of {@code v} and {@code f} lines only, so that tests do not depend on the engine's
 * {@code ObjReader} to check the engine.
 */
public final class TestMeshes {
    private TestMeshes() {
    }

    /** The valid meshes of the corpus, which the refinement tests of both back ends run through. */
    public static final String[] VALID = {"tetrahedron.obj", "icosahedron.obj", "mesh_with_border.obj",
        "bunny_npm.obj", "bigguyT.obj", "monsterfrogT.obj", "rookT.obj"};

    /**
     * @return the corpus folder: system property {@code loopsub.meshes}, else the first
     *     {@code testdata/meshes} found walking up from {@code user.dir}; fails the test if neither exists
     */
    public static Path dir() {
        String property = System.getProperty("loopsub.meshes");
        if (property != null && !property.isBlank() && Files.isDirectory(Paths.get(property))) {
            return Paths.get(property);
        }
        for (Path d = Paths.get(System.getProperty("user.dir")).toAbsolutePath(); d != null; d = d.getParent()) {
            Path candidate = d.resolve("testdata").resolve("meshes");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return fail("test meshes not found: set -Dloopsub.meshes=<folder> (was " + property
                + ") or run inside the repository, which holds testdata/meshes");
    }

    /**
     * @param fileName a file of {@code testdata/broken}, e.g. {@code "index_zero.obj"}: the meshes each
     *     broken in one way that the readers and validators must refuse with exactly that problem
     * @return its path (a file, not a class-path resource: tests that read it from another module's
     *     test jar get a path they can open)
     */
    public static Path broken(String fileName) {
        Path file = dir().resolveSibling("broken").resolve(fileName);
        if (!Files.isRegularFile(file)) {
            return fail("broken test mesh missing: " + file);
        }
        return file;
    }

    /**
     * @param fileName e.g. {@code "bunny_npm.obj"}
     * @return the mesh, polygons fan-triangulated, creases and everything else ignored
     */
    public static TriangleMesh load(String fileName) {
        Path file = dir().resolve(fileName);
        if (!Files.isRegularFile(file)) {
            return fail("test mesh missing: " + file);
        }
        float[] positions = new float[3 * 256];
        int[] triangles = new int[3 * 256];
        int floats = 0;
        int ints = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int lineNumber = 0;
            while ((line = in.readLine()) != null) {
                lineNumber++;
                String[] tok = line.trim().split("\\s+");
                if (tok[0].equals("v")) {
                    if (floats + 3 > positions.length) {
                        positions = Arrays.copyOf(positions, 2 * positions.length);
                    }
                    for (int i = 1; i <= 3; i++) {
                        positions[floats++] = Float.parseFloat(tok[i]);
                    }
                } else if (tok[0].equals("f")) {
                    int count = tok.length - 1;
                    int[] face = new int[count];
                    for (int i = 0; i < count; i++) {
                        String s = tok[i + 1];
                        int slash = s.indexOf('/');
                        int index = Integer.parseInt(slash < 0 ? s : s.substring(0, slash));
                        // OBJ: 1-based, negative means relative to the vertices read so far
                        face[i] = index > 0 ? index - 1 : floats / 3 + index;
                    }
                    if (count < 3) {
                        fail(file + " line " + lineNumber + ": face with " + count + " vertices");
                    }
                    for (int i = 1; i + 1 < count; i++) {
                        if (ints + 3 > triangles.length) {
                            triangles = Arrays.copyOf(triangles, 2 * triangles.length);
                        }
                        triangles[ints++] = face[0];
                        triangles[ints++] = face[i];
                        triangles[ints++] = face[i + 1];
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return TriangleMesh.of(Arrays.copyOf(positions, floats), Arrays.copyOf(triangles, ints));
    }
}
