package org.loopsub.mesh;

import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.loopsub.api.MeshProblem;
import org.loopsub.api.MeshProblem.Kind;
import org.loopsub.api.TriangleMesh;

/**
 * What a mesh looks like to the tessellator: counts after welding, and its problems if any.
 *
 * <p>{@code edges}, {@code boundaryEdges} and the valence histogram are counted whenever every face
 * index is in range, even for an otherwise invalid mesh (so that a user can see, say, how many
 * boundary edges a dirty file has after welding); edges from a vertex to itself are not counted.
 * {@code boundaryLoops} needs a valid mesh. A count that cannot be made is {@code -1}, an impossible
 * histogram is empty.
 *
 * @param vertices vertices after welding
 * @param triangles triangles
 * @param edges distinct undirected edges
 * @param boundaryEdges edges used by exactly one triangle
 * @param boundaryLoops closed loops the boundary edges form (0 for a closed mesh)
 * @param creases crease tags after welding
 * @param valenceHistogram valence (number of distinct neighbours) to number of vertices with it
 * @param mergedVertices input vertices merged into an earlier one with the same position
 * @param droppedUnreferenced vertices used by no face and dropped
 * @param problems what makes the mesh invalid, as {@link MeshValidator#problems(TriangleMesh)}, or,
 *     for a mesh without those, too large to refine ({@link MeshValidator#valenceProblem}) or, below
 *     that, vertices float cannot tell apart in the engine's frame ({@link InternalFrame#precisionProblem})
 * @param warnings what the weld changed, crease tags not taken as they stand ({@link CreaseTags}), and
 *     faces of (nearly) zero area
 */
public record MeshInfo(int vertices, int triangles, int edges, int boundaryEdges, int boundaryLoops,
                       int creases, SortedMap<Integer, Integer> valenceHistogram, int mergedVertices,
                       int droppedUnreferenced, List<MeshProblem> problems, List<String> warnings) {
    /** Copies the collections. */
    public MeshInfo {
        valenceHistogram = Collections.unmodifiableSortedMap(new TreeMap<>(valenceHistogram));
        problems = List.copyOf(problems);
        warnings = List.copyOf(warnings);
    }

    /**
     * Welds, then validates, then counts.
     *
     * @param raw the mesh as read
     * @return its description
     */
    public static MeshInfo of(TriangleMesh raw) {
        return of(raw, ElementNames.OWN);
    }

    /**
     * As {@link #of(TriangleMesh)}, naming faces and vertices in problems and warnings as
     * {@code names} says.
     *
     * @param raw the mesh as read
     * @param names how to name the faces and vertices of {@code raw}
     * @return its description
     */
    public static MeshInfo of(TriangleMesh raw, ElementNames names) {
        WeldedMesh welded = InputWelder.weld(raw);
        TriangleMesh mesh = welded.mesh();
        ElementNames weldedNames = names.throughWeld(welded);
        List<MeshProblem> problems = new java.util.ArrayList<>(MeshValidator.problems(mesh, weldedNames));
        MeshTopology topology = problems.isEmpty() ? MeshTopology.of(mesh) : null;
        if (topology != null) {
            // what preparing the mesh refuses beyond the validator's problems (PreparedMesh.of)
            MeshProblem valence = MeshValidator.valenceProblem(topology, weldedNames);
            if (valence != null) {
                problems.add(valence);
            } else {
                MeshProblem precision = InternalFrame.precisionProblem(mesh, weldedNames);
                if (precision != null) {
                    problems.add(precision);
                }
            }
        }
        int edges = -1;
        int boundaryEdges = -1;
        int boundaryLoops = -1;
        SortedMap<Integer, Integer> histogram = new TreeMap<>();
        boolean indicesUsable = problems.stream()
                .noneMatch(p -> p.kind() == Kind.EMPTY || p.kind() == Kind.INDEX_OUT_OF_RANGE);
        if (indicesUsable) {
            int[] tri = mesh.triangles();
            MeshValidator.Edges table = MeshValidator.Edges.build(tri, null);
            edges = table.count;
            boundaryEdges = 0;
            int[] valence = new int[mesh.vertexCount()];
            for (int e = 0; e < table.count; e++) {
                if (table.faceCount[e] == 1) {
                    boundaryEdges++;
                }
                valence[table.endA[e]]++;
                valence[table.endB[e]]++;
            }
            for (int k : valence) {
                histogram.merge(k, 1, Integer::sum);
            }
            if (topology != null) {
                boundaryLoops = countLoops(tri, mesh.vertexCount(), table);
            }
        }
        List<String> warnings = new java.util.ArrayList<>(welded.warnings());
        if (topology != null) {
            warnings.addAll(CreaseTags.warnings(mesh, topology, weldedNames));
        }
        if (indicesUsable) {
            String flat = FlatFaces.warning(mesh, weldedNames);
            if (flat != null) {
                warnings.add(flat);
            }
        }
        String tiny = TinyPositions.warning(mesh);
        if (tiny != null) {
            warnings.add(tiny);
        }
        return new MeshInfo(mesh.vertexCount(), mesh.triangleCount(), edges, boundaryEdges, boundaryLoops,
                mesh.creases().size(), histogram, welded.mergedVertices(), welded.droppedUnreferenced(),
                problems, warnings);
    }

    /** @return true if the mesh has no problem and can be subdivided */
    public boolean valid() {
        return problems.isEmpty();
    }

    /**
     * In a valid mesh every boundary vertex has exactly one outgoing boundary half-edge, so the
     * boundary is a set of disjoint cycles; follow each once.
     */
    private static int countLoops(int[] tri, int nv, MeshValidator.Edges table) {
        int[] nextOnBoundary = new int[nv];
        java.util.Arrays.fill(nextOnBoundary, -1);
        for (int h = 0; h < tri.length; h++) {
            int e = table.edgeOf[h];
            if (e >= 0 && table.faceCount[e] == 1) {
                nextOnBoundary[tri[h]] = tri[MeshValidator.next(h)];
            }
        }
        boolean[] visited = new boolean[nv];
        int loops = 0;
        for (int v = 0; v < nv; v++) {
            if (nextOnBoundary[v] < 0 || visited[v]) {
                continue;
            }
            loops++;
            for (int w = v; w >= 0 && !visited[w]; w = nextOnBoundary[w]) {
                visited[w] = true;
            }
        }
        return loops;
    }
}
