package org.loopsub.mesh;

import java.util.List;
import java.util.Objects;
import org.loopsub.api.TriangleMesh;

/**
 * An input mesh after {@link InputWelder#weld(TriangleMesh)}.
 *
 * @param mesh the welded mesh: one vertex per distinct position that some face uses
 * @param mergedVertices input vertices that had the exact position of an earlier vertex
 * @param droppedUnreferenced distinct vertices that no face used and that were dropped
 * @param warnings sentences for a user about what the weld changed
 * @param sourceVertices for each welded vertex, the first input vertex at its position (where an
 *     animated cage's new positions are read from)
 */
public record WeldedMesh(TriangleMesh mesh, int mergedVertices, int droppedUnreferenced, List<String> warnings,
                         int[] sourceVertices) {
    /** Copies the warnings and the source indices. */
    public WeldedMesh {
        Objects.requireNonNull(mesh, "mesh");
        warnings = List.copyOf(warnings);
        sourceVertices = sourceVertices.clone();
    }

    /** @return for each welded vertex, the first input vertex at its position (a copy) */
    @Override
    public int[] sourceVertices() {
        return sourceVertices.clone();
    }
}
