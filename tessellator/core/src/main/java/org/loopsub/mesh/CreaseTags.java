package org.loopsub.mesh;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.loopsub.api.Crease;
import org.loopsub.api.TriangleMesh;

/**
 * What refinement makes of a mesh's crease tags that it does not take as they stand, said once for
 * preparing a mesh and for describing it ({@link MeshInfo}), so that {@code loopsub info} warns
 * about what {@code subdivide} would.
 */
public final class CreaseTags {
    private CreaseTags() {
    }

    /**
     * @param mesh a valid mesh (after welding)
     * @param topology its topology
     * @return warnings: tags that name no edge (ignored), and tags that name an edge a tag before
     *     them named with another sharpness (the last one counts)
     */
    public static List<String> warnings(TriangleMesh mesh, MeshTopology topology) {
        return warnings(mesh, topology, ElementNames.OWN);
    }

    /**
     * As {@link #warnings(TriangleMesh, MeshTopology)}, naming vertices as {@code names} says.
     *
     * @param mesh a valid mesh (after welding)
     * @param topology its topology
     * @param names how the warnings name the mesh's vertices
     * @return the warnings
     */
    public static List<String> warnings(TriangleMesh mesh, MeshTopology topology, ElementNames names) {
        List<String> warnings = new ArrayList<>();
        int notEdges = 0;
        Crease firstNotEdge = null;
        int retagged = 0;
        Crease firstRetagged = null;
        float firstEarlier = 0;
        Map<Long, Float> seen = new HashMap<>();
        for (Crease c : mesh.creases()) {
            if (c.v0() >= mesh.vertexCount() || c.v1() >= mesh.vertexCount()
                    || topology.indexOf(c.v0(), c.v1()) < 0) {
                notEdges++;
                firstNotEdge = firstNotEdge == null ? c : firstNotEdge;
                continue;
            }
            long key = ((long) Math.min(c.v0(), c.v1()) << 32) | Math.max(c.v0(), c.v1());
            Float earlier = seen.put(key, c.sharpness());
            if (earlier != null && Float.compare(earlier, c.sharpness()) != 0) {
                if (retagged++ == 0) {
                    firstRetagged = c;
                    firstEarlier = earlier;
                }
            }
        }
        if (notEdges > 0) {
            warnings.add(notEdges + " crease tag" + (notEdges == 1 ? " names" : "s name") + " no edge of the mesh"
                    + " and " + (notEdges == 1 ? "is" : "are") + " ignored (first: vertices "
                    + tagIndex(names, firstNotEdge.v0(), mesh) + " and " + tagIndex(names, firstNotEdge.v1(), mesh)
                    + ", 0-based)");
        }
        if (retagged > 0) {
            warnings.add(retagged + " crease tag" + (retagged == 1 ? " names an edge" : "s name edges")
                    + " tagged before with another sharpness; the last tag of an edge counts (first: vertices "
                    + tagIndex(names, firstRetagged.v0(), mesh) + " and " + tagIndex(names, firstRetagged.v1(), mesh)
                    + ", 0-based, sharpness " + firstEarlier
                    + " then " + firstRetagged.sharpness() + ")");
        }
        return warnings;
    }

    /**
     * Tags count vertices from 0 (OpenSubdiv's convention), so a tag is quoted 0-based; an index
     * past the mesh has no name to take and is quoted as it stands.
     */
    private static long tagIndex(ElementNames names, int vertex, TriangleMesh mesh) {
        return vertex < mesh.vertexCount() ? names.vertexNumber(vertex) - 1 : vertex;
    }
}
