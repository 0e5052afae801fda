package org.loopsub.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.MeshProblem;
import org.loopsub.api.ProgressListener;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.TriangleMesh;
import org.loopsub.mesh.FlatFaces;
import org.loopsub.mesh.InputWelder;
import org.loopsub.mesh.MeshTopology;
import org.loopsub.mesh.MeshValidator;
import org.loopsub.mesh.OutputWelder;
import org.loopsub.mesh.WeldedMesh;
import org.loopsub.mesh.WeldedOutput;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.EdgeCriteria;
import org.loopsub.stream.JavaStreamEngine;
import org.loopsub.stream.RecordBuilder;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;
import org.loopsub.stream.SpokeTest;

/**
 * The pure-Java back end: the executable specification of the GPU passes (same record layout, same
 * operation order), run in parallel on a fork-join pool.
 */
public final class JavaTessellator implements Tessellator {
    private boolean closed;

    @Override
    public String backend() {
        return "java";
    }

    @Override
    public RefineResult refine(TriangleMesh input, RefineOptions options, ProgressListener progress) {
        if (closed) {
            throw new IllegalStateException("tessellator is closed");
        }
        Prepared prepared = prepare(input);
        RecordLayout layout = prepared.layout();
        float[] weights = LoopRules.weights(options.scheme(), Math.max(6, prepared.topology().maxValence()));
        ForkJoinPool pool = options.parallelism() > 0 ? new ForkJoinPool(options.parallelism()) : ForkJoinPool.commonPool();
        try {
            JavaStreamEngine engine = new JavaStreamEngine(layout, weights, pool);
            SpokeTest test = EdgeCriteria.of(options.criteria(), prepared.frame().centre(),
                    prepared.frame().scaleExponent(), prepared.frame().radius(prepared.positions()));
            JavaStreamEngine.Output out = engine.run(prepared.records(), options.levels(), test, progress);
            WeldedOutput welded = OutputWelder.weld(out.corners(), Math.toIntExact(out.triangleCount()),
                    prepared.frame().centre(), prepared.frame().inverseScale());
            return new RefineResult(welded.mesh(), welded.normals(), out.levels, prepared.merged(),
                    prepared.warnings(), backend());
        } finally {
            if (pool != ForkJoinPool.commonPool()) {
                pool.shutdown();
            }
        }
    }

    /** Everything the passes need, made from the user's mesh. */
    record Prepared(TriangleMesh mesh, InternalFrame frame, float[] positions, MeshTopology topology, RecordLayout layout,
                    List<RecordChunk> records, int merged, List<String> warnings) {
    }

    /**
     * Welds, validates, moves to the internal frame and builds the level-0 records.
     *
     * @param input the user's mesh
     * @return the prepared stream
     * @throws InvalidMeshException if the mesh cannot be subdivided
     */
    static Prepared prepare(TriangleMesh input) {
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
        return new Prepared(mesh, frame, positions, topology, layout, records, welded.mergedVertices(), warnings);
    }

    @Override
    public void close() {
        closed = true;
    }
}
