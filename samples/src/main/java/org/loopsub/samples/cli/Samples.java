package org.loopsub.samples.cli;

import java.io.InputStream;
import java.util.Map;
import java.util.TreeMap;

/**
 * The meshes built into the jar, so that {@code loopsub subdivide --sample bigguy} works without
 * any file at hand.
 */
public final class Samples {
    private static final String FOLDER = "/org/loopsub/samples/meshes/";
    // the files are the repository's test meshes (testdata/meshes), copied in by the build
    private static final Map<String, String> FILES = Map.of("bigguy", "bigguyT.obj", "icosahedron", "icosahedron.obj");
    private static final Map<String, String> DESCRIPTIONS = new TreeMap<>(Map.of(
            "bigguy", "closed character mesh, 1452 vertices, 2900 triangles (Ray Raitt)",
            "icosahedron", "closed, 12 vertices of valence 5, 20 triangles"));

    private Samples() {
    }

    /** @return the sample names, sorted, with a one-line description each */
    public static Map<String, String> all() {
        return DESCRIPTIONS;
    }

    /**
     * @param name a sample name
     * @return the OBJ text of that sample, or {@code null} if there is no such sample
     */
    public static InputStream open(String name) {
        if (!DESCRIPTIONS.containsKey(name)) {
            return null;
        }
        return Samples.class.getResourceAsStream(FOLDER + FILES.get(name));
    }
}
