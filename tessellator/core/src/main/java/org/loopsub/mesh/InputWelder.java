package org.loopsub.mesh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.loopsub.api.Crease;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.Welding;

/**
 * Makes vertices that share a position exactly into one vertex, before validation.
 *
 * <p>Many files repeat a vertex per patch or per material (the teapot's seams); as given, such a
 * mesh is a set of separate pieces with boundaries where the surface is really closed. Only
 * bitwise-equal positions merge (with {@code +0.0} and {@code -0.0} taken as equal): a tolerance
 * would make the result depend on the order of the vertices and could fold thin features. Output
 * welding uses the same rule ({@link ExactPositions}), so input and output agree on which points are
 * one vertex.
 *
 * <p>With {@link Welding#NONE} nothing merges: the file's own indexing is the topology, as in
 * OpenSubdiv, and only unused vertices are dropped.
 */
public final class InputWelder {
    private InputWelder() {
    }

    /**
     * Merges vertices with bitwise-equal positions ({@code +0.0} and {@code -0.0} are the same
     * position; NaN never merges), keeping the first occurrence, and renumbers the faces; then drops
     * vertices no face uses. Vertices keep the order of their first occurrence. Crease tags are
     * remapped the same way; tags on dropped vertices, on vertices that do not exist, or whose two
     * ends merged are dropped (with a warning).
     *
     * <p>Triangles keep their order and each its corner order; only vertex indices change. So the
     * uv channel, if the mesh has one, is kept exactly as it is, values and per-corner indices: a uv
     * seam is where corners carry different uv indices, which welding positions does not touch (two
     * corners of one welded vertex keep their own uvs).
     *
     * <p>A face index outside {@code 0..vertexCount-1} is kept unchanged so that
     * {@link MeshValidator} can report it; it stays out of range because the weld only removes
     * vertices.
     *
     * @param mesh the input mesh
     * @return the welded mesh and what changed; runs in time linear in the mesh size (expected)
     */
    public static WeldedMesh weld(TriangleMesh mesh) {
        return weld(mesh, Welding.EXACT);
    }

    /**
     * As {@link #weld(TriangleMesh)} with {@link Welding#EXACT}; with {@link Welding#NONE} no two
     * vertices merge (each is its own representative) and the rest is the same: unused vertices are
     * dropped, the others keep their order, tags are remapped.
     *
     * @param mesh the input mesh
     * @param welding whether vertices at one exact position merge
     * @return the welded (or only compacted) mesh and what changed
     */
    public static WeldedMesh weld(TriangleMesh mesh, Welding welding) {
        boolean exact = welding == Welding.EXACT;
        int n = mesh.vertexCount();
        float[] positions = mesh.positions();
        int[] triangles = mesh.triangles();

        int[] representative = exact ? representatives(positions, n) : identity(n);
        int merged = 0;
        for (int v = 0; v < n; v++) {
            merged += representative[v] != v ? 1 : 0;
        }

        boolean[] used = new boolean[n];
        for (int index : triangles) {
            if (index >= 0 && index < n) {
                used[representative[index]] = true;
            }
        }
        // newIndex is indexed by representative; vertex order = order of first occurrence
        int[] newIndex = new int[n];
        int kept = 0;
        int dropped = 0;
        int firstDropped = -1;
        for (int v = 0; v < n; v++) {
            if (representative[v] != v) {
                continue;
            }
            if (used[v]) {
                newIndex[v] = kept++;
            } else {
                newIndex[v] = -1;
                if (dropped++ == 0) {
                    firstDropped = v;
                }
            }
        }
        TriangleMesh.Builder out = TriangleMesh.builder(kept, triangles.length / 3);
        int[] source = new int[kept];
        for (int v = 0; v < n; v++) {
            if (representative[v] == v && newIndex[v] >= 0) {
                out.setPositions(newIndex[v], positions, v, 1);
                source[newIndex[v]] = v;
            }
        }
        for (int i = 0; i < triangles.length; i++) {
            int index = triangles[i];
            out.setVertex(i / 3, i % 3, index >= 0 && index < n ? newIndex[representative[index]] : index);
        }

        List<String> warnings = new ArrayList<>();
        if (dropped > 0) {
            warnings.add(dropped + (dropped > 1 ? " vertices" : " vertex") + " used by no face "
                    + (dropped > 1 ? "were" : "was") + " dropped (the first is vertex " + (firstDropped + 1) + ")");
        }
        List<Crease> creases = remapCreases(mesh, newIndex, representative, warnings);
        if (mesh.hasUvs()) {
            out.uvs(mesh.uvs(), mesh.uvIndices());
        }
        List<org.loopsub.api.Corner> corners = remapCorners(mesh, newIndex, representative, warnings);
        TriangleMesh welded = out.creases(creases).corners(corners).build();
        return new WeldedMesh(welded, merged, dropped, warnings, source);
    }

    /** @return for each vertex the first vertex at its exact position (NaN merges with nothing) */
    private static int[] representatives(float[] positions, int n) {
        int[] representative = new int[n];
        int[] table = new int[tableSize(n)];
        Arrays.fill(table, -1);
        int mask = table.length - 1;
        for (int v = 0; v < n; v++) {
            float x = positions[3 * v];
            float y = positions[3 * v + 1];
            float z = positions[3 * v + 2];
            representative[v] = v;
            if (x != x || y != y || z != z) {
                continue; // NaN is never equal to anything, not even itself
            }
            int bx = ExactPositions.key(x);
            int by = ExactPositions.key(y);
            int bz = ExactPositions.key(z);
            int slot = ExactPositions.hash(bx, by, bz) & mask;
            while (true) {
                int other = table[slot];
                if (other < 0) {
                    table[slot] = v;
                    break;
                }
                if (ExactPositions.key(positions[3 * other]) == bx
                        && ExactPositions.key(positions[3 * other + 1]) == by
                        && ExactPositions.key(positions[3 * other + 2]) == bz) {
                    representative[v] = other;
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
        return representative;
    }

    private static int[] identity(int n) {
        int[] r = new int[n];
        for (int v = 0; v < n; v++) {
            r[v] = v;
        }
        return r;
    }

    /** The crease tags on the welded vertices; a tag whose ends are gone or merged is dropped with a warning. */
    private static List<Crease> remapCreases(TriangleMesh mesh, int[] newIndex, int[] representative,
                                             List<String> warnings) {
        int n = representative.length;
        List<Crease> creases = new ArrayList<>();
        int droppedCreases = 0;
        Crease firstDroppedCrease = null;
        for (Crease c : mesh.creases()) {
            int a = c.v0() < n ? newIndex[representative[c.v0()]] : -1;
            int b = c.v1() < n ? newIndex[representative[c.v1()]] : -1;
            if (a >= 0 && b >= 0 && a != b) {
                creases.add(new Crease(a, b, c.sharpness()));
            } else if (droppedCreases++ == 0) {
                firstDroppedCrease = c;
            }
        }
        if (droppedCreases > 0) {
            warnings.add(droppedCreases + " crease tag" + (droppedCreases > 1 ? "s" : "")
                    + " dropped: an end is missing or used by no face, or both ends merged (the first joins"
                    + " 0-based vertices "
                    + firstDroppedCrease.v0() + " and " + firstDroppedCrease.v1() + ")");
        }
        return creases;
    }

    /** Corner tags follow their vertex; on merged vertices the sharper tag wins. */
    private static List<org.loopsub.api.Corner> remapCorners(TriangleMesh mesh, int[] newIndex, int[] representative,
                                                            List<String> warnings) {
        int n = representative.length;
        List<org.loopsub.api.Corner> corners = new ArrayList<>();
        int droppedCorners = 0;
        for (org.loopsub.api.Corner c : mesh.corners()) {
            int v = c.vertex() < n ? newIndex[representative[c.vertex()]] : -1;
            if (v >= 0) {
                corners.add(new org.loopsub.api.Corner(v, c.sharpness()));
            } else {
                droppedCorners++;
            }
        }
        if (droppedCorners > 0) {
            warnings.add(droppedCorners + " corner tag" + (droppedCorners > 1 ? "s" : "")
                    + " dropped: the vertex is missing or used by no face");
        }
        return corners;
    }

    /** A power of two at least twice {@code n}, so that linear probing stays short. */
    private static int tableSize(int n) {
        int size = 16;
        while (size < 2L * n && size < (1 << 30)) {
            size <<= 1;
        }
        return size;
    }
}
