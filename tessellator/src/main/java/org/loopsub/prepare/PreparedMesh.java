package org.loopsub.prepare;

import java.util.ArrayList;
import java.util.List;

import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.MeshProblem;
import org.loopsub.api.Scheme;
import org.loopsub.api.TriangleMesh;
import org.loopsub.mesh.FlatFaces;
import org.loopsub.mesh.InputWelder;
import org.loopsub.mesh.MeshTopology;
import org.loopsub.mesh.MeshValidator;
import org.loopsub.mesh.WeldedMesh;
import org.loopsub.stream.RecordBuilder;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;

/**
 * Everything the passes need, made from the user's mesh, the same for every back end: the welded
 * and validated mesh, its internal frame, its rings, the record layout and the level-0 records.
 *
 * @param mesh the welded mesh
 * @param frame the internal frame
 * @param positions the welded mesh's positions in the internal frame
 * @param topology its rings
 * @param layout the record layout
 * @param records the level-0 stream
 * @param merged input vertices merged by the weld
 * @param warnings what preparation wants the user to know
 * @param sourceVertices for each welded vertex, the input vertex whose position it takes
 * @param scheme the vertex weights the input vertices' limit data was computed with (when the layout
 *               carries it)
 */
public record PreparedMesh(TriangleMesh mesh, InternalFrame frame, float[] positions, MeshTopology topology,
                    RecordLayout layout, List<RecordChunk> records, int merged, List<String> warnings,
                    int[] sourceVertices, Scheme scheme) {

    /**
     * The same mesh with records that carry limit data (or not): a new layout, the level-0 records
     * built again.
     *
     * @param normals whether records carry limit normals
     * @param limit whether they carry limit positions too (output on the limit surface)
     * @param weights the vertex weights, for the input vertices' limit data
     * @return this mesh when it already has that layout, else the mesh with the new one
     */
    public PreparedMesh carrying(boolean normals, boolean limit, Scheme weights) {
        boolean n = normals || limit;
        if (layout.carriesNormals() == n && layout.limit() == limit && (!n || weights == scheme)) {
            return this;
        }
        RecordLayout l = new RecordLayout(layout.fanCapacity(), n, limit);
        List<RecordChunk> r = RecordBuilder.build(mesh.triangles(), positions, topology, l, weights);
        return new PreparedMesh(mesh, frame, positions, topology, l, r, merged, warnings, sourceVertices, weights);
    }

    /**
     * The same mesh with its control points moved (an animated cage): topology, layout and internal
     * frame stay, nothing is validated again, the level-0 records are built anew.
     *
     * @param inputPositions x, y, z for every vertex of the mesh as the user gave it (before the
     *     weld); a welded vertex takes the position of its {@linkplain #sourceVertices source}
     * @return the moved mesh
     * @throws IllegalArgumentException if a coordinate that is read is not finite
     */
    public PreparedMesh moved(float[] inputPositions) {
        float[] internal = new float[3 * sourceVertices.length];
        for (int v = 0; v < sourceVertices.length; v++) {
            for (int x = 0; x < 3; x++) {
                float p = inputPositions[3 * sourceVertices[v] + x];
                if (!Float.isFinite(p)) {
                    throw new IllegalArgumentException("coordinate " + "xyz".charAt(x) + " of vertex "
                            + sourceVertices[v] + " (0-based) is " + p);
                }
                internal[3 * v + x] = frame.toInternal(p, x);
            }
        }
        List<RecordChunk> moved = RecordBuilder.build(mesh.triangles(), internal, topology, layout, scheme);
        return new PreparedMesh(mesh, frame, internal, topology, layout, moved, merged, warnings, sourceVertices,
                scheme);
    }

    /**
     * Welds, validates, moves to the internal frame and builds the level-0 records.
     *
     * @param input the user's mesh
     * @return the prepared stream
     * @throws InvalidMeshException if the mesh cannot be subdivided
     */
    public static PreparedMesh of(TriangleMesh input) {
        WeldedMesh welded = InputWelder.weld(input);
        TriangleMesh mesh = welded.mesh();
        MeshValidator.requireValid(mesh);
        List<String> warnings = new ArrayList<>(welded.warnings());
        if (!mesh.creases().isEmpty()) {
            warnings.add(mesh.creases().size() + " crease tags are kept with the mesh but not applied yet"
                    + " (smooth Loop rules everywhere)");
        }
        String flat = FlatFaces.warning(mesh);
        if (flat != null) {
            warnings.add(flat);
        }
        MeshTopology topology = MeshTopology.of(mesh);
        if (topology.maxValence() > RecordLayout.MAX_VALENCE) {
            throw new InvalidMeshException(List.of(new MeshProblem(MeshProblem.Kind.TOO_LARGE,
                    "a vertex has valence " + topology.maxValence() + "; at most " + RecordLayout.MAX_VALENCE
                            + " is supported")));
        }
        InternalFrame frame = InternalFrame.of(mesh);
        float[] positions = frame.transform(mesh);
        int[] triangles = mesh.triangles();
        RecordLayout layout = new RecordLayout(RecordBuilder.fanCapacity(triangles, topology));
        List<RecordChunk> records = RecordBuilder.build(triangles, positions, topology, layout);
        return new PreparedMesh(mesh, frame, positions, topology, layout, records, welded.mergedVertices(), warnings,
                welded.sourceVertices(), Scheme.LOOP);
    }
}
