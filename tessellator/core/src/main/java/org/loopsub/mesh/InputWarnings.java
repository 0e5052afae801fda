package org.loopsub.mesh;

import java.util.ArrayList;
import java.util.List;

/**
 * The warnings preparing a valid mesh gives (what the weld changed, crease tags not taken as they
 * stand, faces of (nearly) zero area, coordinates below float's normal range), made in one place so
 * that a caller who names elements its own way gets the engine's list, item for item, in its words.
 */
public final class InputWarnings {
    private InputWarnings() {
    }

    /**
     * @param welded the weld of a mesh
     * @param topology the welded mesh's topology (it is valid)
     * @param names how to name the faces and vertices of the mesh as given (before the weld)
     * @return the warnings, in the engine's order
     */
    public static List<String> of(WeldedMesh welded, MeshTopology topology, ElementNames names) {
        ElementNames weldedNames = names.throughWeld(welded);
        List<String> warnings = new ArrayList<>(welded.warnings());
        warnings.addAll(CreaseTags.warnings(welded.mesh(), topology, weldedNames));
        String flat = FlatFaces.warning(welded.mesh(), weldedNames);
        if (flat != null) {
            warnings.add(flat);
        }
        String tiny = TinyPositions.warning(welded.mesh());
        if (tiny != null) {
            warnings.add(tiny);
        }
        return warnings;
    }
}
