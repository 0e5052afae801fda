package org.loopsub.engine;

import org.loopsub.api.ProgressListener;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.TriangleMesh;
import org.loopsub.mesh.OutputWelder;
import org.loopsub.parallel.Workers;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.EdgeCriteria;
import org.loopsub.stream.JavaStreamEngine;
import org.loopsub.stream.RecordLayout;
import org.loopsub.stream.SpokeTest;

/**
 * The pure-Java back end: the executable specification of the GPU passes (same record layout, same
 * operation order), run in parallel on fork-join threads: the {@link Workers} for
 * {@link RefineOptions#parallelism()}, shared by every refinement that asks for that count.
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
        PreparedMesh prepared = PreparedMesh.of(input);
        RecordLayout layout = prepared.layout();
        float[] weights = LoopRules.weights(options.scheme(), Math.max(6, prepared.topology().maxValence()));
        Workers workers = Workers.forThreads(options.parallelism());
        JavaStreamEngine engine = new JavaStreamEngine(layout, weights, workers);
        SpokeTest test = EdgeCriteria.of(options.criteria(), prepared.frame().centre(),
                prepared.frame().scaleExponent(), prepared.frame().radius(prepared.positions()));
        JavaStreamEngine.Output out = engine.run(prepared.records(), options.levels(), test, progress);
        return OutputWelder.weld(out.corners(), Math.toIntExact(out.triangleCount()),
                        prepared.frame().centre(), prepared.frame().inverseScale(), workers)
                .levels(out.levels)
                .inputVerticesMerged(prepared.merged())
                .warnings(prepared.warnings())
                .backend(backend())
                .build();
    }

    @Override
    public void close() {
        closed = true;
    }
}
