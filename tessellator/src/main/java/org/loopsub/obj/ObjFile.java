package org.loopsub.obj;

import java.util.List;
import java.util.Objects;
import org.loopsub.api.TriangleMesh;

/**
 * Result of reading an OBJ file: the triangles as written (not yet welded or validated) and what
 * the reader left out or changed on the way.
 *
 * @param mesh the mesh, vertices in file order, polygons fan-triangulated
 * @param warnings sentences for a user (statements ignored, polygons triangulated, ...), each
 *     naming the first line concerned
 */
public record ObjFile(TriangleMesh mesh, List<String> warnings) {
    /** Copies the warnings. */
    public ObjFile {
        Objects.requireNonNull(mesh, "mesh");
        warnings = List.copyOf(warnings);
    }
}
