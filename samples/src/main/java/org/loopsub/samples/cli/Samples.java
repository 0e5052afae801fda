package org.loopsub.samples.cli;

import java.io.InputStream;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The meshes built into the jar, so that {@code loopsub subdivide --sample bigguy} works without
 * any file at hand: a character mesh, a regular solid, a mesh with texture coordinates in charts
 * (seams: one position, different uvs on either side) and one with crease tags.
 */
public final class Samples {
    private static final String FOLDER = "/org/loopsub/samples/meshes/";

    // Constants, so that the commands' help can list them (annotation values must be constant).
    /** What {@code bigguy} is. */
    static final String BIGGUY = "closed character mesh, 1452 vertices, 2900 triangles (Ray Raitt)";
    /** What {@code cylinder} is. */
    static final String CYLINDER = "closed capped cylinder, uvs in 3 charts with seams, 160 triangles";
    /** What {@code icosahedron} is. */
    static final String ICOSAHEDRON = "closed, 12 vertices of valence 5, 20 triangles";
    /** What {@code rook} is. */
    static final String ROOK = "chess rook, 280 crease tags, open, 1510 triangles (OpenSubdiv)";

    // the files are the repository's test meshes (testdata/meshes), copied in by the build
    private static final Map<String, String> FILES = Map.of("bigguy", "bigguyT.obj", "cylinder", "cylinder_uv.obj",
            "icosahedron", "icosahedron.obj", "rook", "rookT.obj");
    private static final Map<String, String> DESCRIPTIONS = Collections.unmodifiableMap(new TreeMap<>(Map.of(
            "bigguy", BIGGUY, "cylinder", CYLINDER, "icosahedron", ICOSAHEDRON, "rook", ROOK)));

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
