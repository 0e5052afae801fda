package org.loopsub.obj;

import de.javagl.obj.ReadableObj;
import java.util.List;
import java.util.Objects;
import org.loopsub.api.TriangleMesh;

/**
 * Result of reading an OBJ file: the triangles as written (not yet welded or validated), what the
 * reader left out or changed on the way, and the file as de.javagl:obj models it.
 *
 * @param mesh the mesh, vertices in file order, polygons fan-triangulated (face {@code f} of
 *     {@code obj} with {@code n} corners gives the next {@code n - 2} triangles, in face order);
 *     with a uv channel, in {@code vt} order, when every face has a {@code vt} index at every
 *     corner
 * @param warnings sentences for a user (statements ignored, polygons triangulated, ...), each
 *     naming the first line concerned
 * @param obj de.javagl's model of the same file, which {@link ObjReader} checked against its own
 *     parse: vertices, texture coordinates ({@code vt}), normals ({@code vn}), polygon faces with
 *     0-based absolute indices, groups ({@code g}; faces before any {@code g} are in
 *     {@code default}), material groups ({@code usemtl}) and the last {@code mtllib} statement's
 *     names as one string. Crease tags are not in it (they are in {@code mesh}). Treat it as
 *     read-only: it is the reader's, and the mesh was made from the same data.
 * @param triangleFaces for each triangle of {@code mesh}, the 0-based face of the file it was cut
 *     from (a polygon's fan triangles share their face)
 * @param faceLines for each face of the file, the 1-based line its {@code f} statement starts on
 */
public record ObjFile(TriangleMesh mesh, List<String> warnings, ReadableObj obj, int[] triangleFaces,
                      int[] faceLines) {
    /** Copies the warnings and the face maps. */
    public ObjFile {
        Objects.requireNonNull(mesh, "mesh");
        Objects.requireNonNull(obj, "obj");
        warnings = List.copyOf(warnings);
        if (triangleFaces.length != mesh.triangleCount()) {
            throw new IllegalArgumentException(triangleFaces.length + " triangle faces for " + mesh.triangleCount()
                    + " triangles");
        }
        triangleFaces = triangleFaces.clone();
        faceLines = faceLines.clone();
    }

    /** @return for each triangle of {@link #mesh()}, its 0-based face of the file (a copy) */
    @Override
    public int[] triangleFaces() {
        return triangleFaces.clone();
    }

    /** @return for each face of the file, the line its statement starts on (a copy) */
    @Override
    public int[] faceLines() {
        return faceLines.clone();
    }

    /**
     * @param triangle a triangle of {@link #mesh()}
     * @return the 0-based face of the file it was cut from
     */
    public int faceOf(int triangle) {
        return triangleFaces[triangle];
    }

    /**
     * @param face a 0-based face of the file
     * @return the line its statement starts on
     */
    public int lineOf(int face) {
        return faceLines[face];
    }
}
