package org.loopsub.api;

import java.util.List;

/**
 * The refined surface: an indexed mesh welded by exact position, per-vertex normals, and what
 * each level did.
 *
 * @param mesh the output mesh, vertices in order of first use by the triangles
 * @param normals unit normal per output vertex (x, y, z), area-weighted over the faces around it
 * @param levels one entry per level, in order
 * @param inputVerticesMerged input vertices that shared an exact position with an earlier one and
 *     were merged before validation
 * @param warnings things the caller may want to tell a user (unreferenced vertices dropped, ...)
 * @param backend name of the back end that computed the positions
 */
public record RefineResult(TriangleMesh mesh, float[] normals, List<LevelStats> levels,
                           int inputVerticesMerged, List<String> warnings, String backend) {
    /** Copies the lists. */
    public RefineResult {
        levels = List.copyOf(levels);
        warnings = List.copyOf(warnings);
    }

    /** @return the number of output triangles */
    public long triangleCount() {
        return mesh.triangleCount();
    }
}
