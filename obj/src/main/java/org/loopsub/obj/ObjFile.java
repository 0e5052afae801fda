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
 */
public record ObjFile(TriangleMesh mesh, List<String> warnings, ReadableObj obj) {
    /** Copies the warnings. */
    public ObjFile {
        Objects.requireNonNull(mesh, "mesh");
        Objects.requireNonNull(obj, "obj");
        warnings = List.copyOf(warnings);
    }
}
