package org.loopsub.prepare;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.BoundaryInterpolation;
import org.loopsub.api.Crease;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.Scheme;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.UvInterpolation;
import org.loopsub.api.Welding;
import org.loopsub.mesh.ElementNames;
import org.loopsub.mesh.InputWarnings;
import org.loopsub.mesh.InputWelder;
import org.loopsub.mesh.InternalFrame;
import org.loopsub.mesh.MeshTopology;
import org.loopsub.mesh.MeshValidator;
import org.loopsub.mesh.WeldedMesh;
import org.loopsub.stream.LoopCage;
import org.loopsub.stream.RecordBuilder;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;
import org.loopsub.stream.Sharpness;

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
                    int[] sourceVertices, Scheme scheme, Sharpness sharpness) {

    /**
     * The mesh as the options want it refined: limit data carried or not, crease tags and the
     * boundary option applied or not.
     *
     * @param normals whether records carry limit normals (a renderer's frames want them)
     * @param options the refinement options
     * @return this mesh when it already has that layout and sharpness, else the mesh rebuilt for them
     * @throws IllegalArgumentException if the options displace and the mesh has no uvs
     */
    public PreparedMesh configured(boolean normals, RefineOptions options) {
        if (options.displacement().isPresent() && !mesh.hasUvs()) {
            throw new IllegalArgumentException("displacement samples its height map at the mesh's uvs, and the mesh "
                    + "has none (an OBJ gives them as vt lines and f v/vt corners)");
        }
        Sharpness s = sharpness(options);
        boolean n = normals || options.limitSurface();
        boolean chaikin = s != null && options.creasing() == org.loopsub.api.Creasing.CHAIKIN;
        boolean smoothUvs = mesh.hasUvs() && options.uvInterpolation() == UvInterpolation.SMOOTH;
        // adaptive displacement moves corners of one vertex from several levels: one normal for all
        boolean birthNormals = options.displacement().isPresent() && options.isAdaptive();
        boolean same = layout.carriesNormals() == n && layout.limit() == options.limitSurface()
                && layout.birthNormals() == birthNormals
                && layout.uvs() == mesh.hasUvs() && layout.chaikin() == chaikin && layout.smoothUvs() == smoothUvs
                && (!n || options.scheme() == scheme) && Objects.equals(s, sharpness);
        if (same) {
            return this;
        }
        java.util.EnumSet<RecordLayout.Feature> features = java.util.EnumSet.noneOf(RecordLayout.Feature.class);
        if (n) {
            features.add(RecordLayout.Feature.NORMALS);
        }
        if (options.limitSurface()) {
            features.add(RecordLayout.Feature.LIMIT);
        }
        if (s != null) {
            features.add(RecordLayout.Feature.CREASES);
        }
        if (mesh.hasUvs()) {
            features.add(RecordLayout.Feature.UVS);
        }
        if (chaikin) {
            features.add(RecordLayout.Feature.CHAIKIN);
        }
        if (smoothUvs) {
            features.add(RecordLayout.Feature.SMOOTH_UVS);
        }
        if (birthNormals) {
            features.add(RecordLayout.Feature.BIRTH_NORMALS);
        }
        RecordLayout l = RecordLayout.of(layout.fanCapacity(), features);
        List<RecordChunk> r = RecordBuilder.build(mesh.triangles(), positions, topology, l, options.scheme(), s,
                cornerUvs(), smoothUvs ? mesh.uvIndices() : null);
        return new PreparedMesh(mesh, frame, positions, topology, l, r, merged, warnings, sourceVertices,
                options.scheme(), s);
    }

    /** Each triangle's corner uvs, u and v (6 floats per triangle), or null without uvs. */
    private float[] cornerUvs() {
        if (!mesh.hasUvs()) {
            return null;
        }
        int nt = mesh.triangleCount();
        float[] uv = new float[6 * nt];
        for (int t = 0; t < nt; t++) {
            for (int c = 0; c < 3; c++) {
                int i = mesh.uvIndex(t, c);
                uv[6 * t + 2 * c] = mesh.uv(i, 0);
                uv[6 * t + 2 * c + 1] = mesh.uv(i, 1);
            }
        }
        return uv;
    }

    /**
     * The sharpness the options apply: the crease tags (unless switched off; boundary edges are
     * sharp anyway) and, with {@link BoundaryInterpolation#EDGE_AND_CORNER}, boundary vertices with a
     * single face as corners. {@code null} when nothing is sharp.
     */
    private Sharpness sharpness(RefineOptions options) {
        Map<Long, Float> edges = new HashMap<>();
        if (options.creases()) {
            for (Crease c : mesh.creases()) {
                if (c.sharpness() > 0 && topology.indexOf(c.v0(), c.v1()) >= 0) {
                    edges.put(Sharpness.key(c.v0(), c.v1()), Math.min(c.sharpness(), Sharpness.INFINITE));
                }
            }
        }
        float[] vertices = new float[topology.vertexCount()];
        if (options.creases()) {
            for (org.loopsub.api.Corner c : mesh.corners()) {
                if (c.vertex() < vertices.length) {
                    vertices[c.vertex()] = Math.max(vertices[c.vertex()], Math.min(c.sharpness(), Sharpness.INFINITE));
                }
            }
        }
        if (options.boundary() == BoundaryInterpolation.EDGE_AND_CORNER) {
            for (int v = 0; v < vertices.length; v++) {
                if (topology.isBoundary(v) && topology.valence(v) == 2) {
                    vertices[v] = Sharpness.INFINITE;
                }
            }
        }
        Sharpness s = new Sharpness(Map.copyOf(edges), vertices);
        return s.any() ? s : null;
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
                    throw notFinite(sourceVertices[v], x, p);
                }
                internal[3 * v + x] = frame.toInternal(p, x);
            }
        }
        List<RecordChunk> moved = RecordBuilder.build(mesh.triangles(), internal, topology, layout, scheme, sharpness,
                layout.uvs() ? cornerUvs() : null, layout.smoothUvs() ? mesh.uvIndices() : null);
        return new PreparedMesh(mesh, frame, internal, topology, layout, moved, merged, warnings, sourceVertices,
                scheme, sharpness);
    }

    /**
     * The level-0 records with their slot sources noted ({@link RecordBuilder#addSlotSources}), the
     * first time it is asked: for an uploader that gathers them through the per-vertex table (the GL
     * back end), and for a {@link Mover} that then moves the table alone.
     *
     * @return {@link #records()}
     */
    public List<RecordChunk> recordsWithSlotSources() {
        if (!records.isEmpty() && records.get(0).slotSources == null) {
            RecordBuilder.addSlotSources(mesh.triangles(), topology, layout, records);
        }
        return records;
    }

    /**
     * @return the per-vertex work of a moved cage for this mesh's topology, sharpness and scheme
     *     ({@link LoopCage}: made anew at each call)
     */
    public LoopCage cage() {
        return new LoopCage(topology, sharpness, sourceVertices, scheme);
    }

    /**
     * Moves the control points of a prepared mesh in place: its positions and its level-0 records
     * become those {@link #moved} would make, without a new array. For the one owner of a prepared
     * mesh that shares its arrays with no one (a GPU mesh, whose cage may move every frame).
     */
    public static final class Mover {
        private final PreparedMesh prepared;
        private final int[] triangles;
        private final LoopCage cage;
        private final RecordBuilder.Scratch scratch;

        /** @param prepared the mesh to move; its positions and records are changed in place */
        public Mover(PreparedMesh prepared) {
            this.prepared = prepared;
            this.triangles = prepared.mesh.triangles();
            this.cage = prepared.cage();
            this.scratch = new RecordBuilder.Scratch(cage);
        }

        /** @return the mesh this mover changes */
        public PreparedMesh mesh() {
            return prepared;
        }

        /** @return the per-vertex work of its moves, which a GPU twin repeats (loop_cage) */
        public LoopCage cage() {
            return cage;
        }

        /**
         * @param inputPositions x, y, z for every vertex of the mesh as the user gave it (before the
         *     weld); a welded vertex takes the position of its {@linkplain #sourceVertices source}
         * @throws IllegalArgumentException if a coordinate that is read is not finite; nothing is
         *     changed then
         */
        public void move(float[] inputPositions) {
            int[] source = prepared.sourceVertices;
            for (int v = 0; v < source.length; v++) {
                for (int x = 0; x < 3; x++) {
                    if (!Float.isFinite(inputPositions[3 * source[v] + x])) {
                        throw notFinite(source[v], x, inputPositions[3 * source[v] + x]);
                    }
                }
            }
            float[] internal = prepared.positions;
            cage.moveCage(inputPositions, prepared.frame, internal);
            RecordBuilder.movePositions(triangles, internal, prepared.topology, prepared.layout, scratch,
                    prepared.records);
        }
    }

    private static IllegalArgumentException notFinite(int vertex, int axis, float value) {
        return new IllegalArgumentException("coordinate " + "xyz".charAt(axis) + " of vertex " + vertex
                + " (0-based) is " + value);
    }

    /**
     * Welds by exact position, validates, moves to the internal frame and builds the level-0
     * records.
     *
     * @param input the user's mesh
     * @return the prepared stream
     * @throws InvalidMeshException if the mesh cannot be subdivided
     */
    public static PreparedMesh of(TriangleMesh input) {
        return of(input, Welding.EXACT);
    }

    /**
     * Welds as asked, validates, moves to the internal frame and builds the level-0 records: the one
     * place where {@link RefineOptions#welding()} applies, for every back end.
     *
     * @param input the user's mesh
     * @param welding which input vertices are one vertex
     * @return the prepared stream
     * @throws InvalidMeshException if the mesh cannot be subdivided
     */
    public static PreparedMesh of(TriangleMesh input, Welding welding) {
        WeldedMesh welded = InputWelder.weld(input, welding);
        TriangleMesh mesh = welded.mesh();
        MeshValidator.requireValid(mesh);
        MeshTopology topology = MeshTopology.of(mesh);
        List<String> warnings = InputWarnings.of(welded, topology, ElementNames.OWN);
        MeshValidator.requireSupportedValence(topology);
        InternalFrame frame = InternalFrame.of(mesh);
        float[] positions = frame.transform(mesh);
        int[] triangles = mesh.triangles();
        RecordLayout layout = RecordLayout.of(RecordBuilder.fanCapacity(triangles, topology));
        List<RecordChunk> records = RecordBuilder.build(triangles, positions, topology, layout);
        return new PreparedMesh(mesh, frame, positions, topology, layout, records, welded.mergedVertices(), warnings,
                welded.sourceVertices(), Scheme.LOOP, null);
    }
}
