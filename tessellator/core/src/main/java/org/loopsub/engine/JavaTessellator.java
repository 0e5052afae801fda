package org.loopsub.engine;

import org.loopsub.api.ProgressListener;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.TriangleMesh;
import org.loopsub.parallel.Workers;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.EdgeCriteria;
import org.loopsub.stream.JavaStreamEngine;
import org.loopsub.stream.LoopDisplace;
import org.loopsub.stream.SpokeTest;
import org.loopsub.stream.Verdicts;
import org.loopsub.prepare.PreparedMesh;

/**
 * The pure-Java back end: the executable specification of the GPU passes (same record layout, same
 * operation order), run in parallel on fork-join threads.
 *
 * <p>Thread-safe: any number of threads may refine with one instance at once; it holds no state
 * but whether it is closed. Parallel work (the level loop, the output weld and normals) runs on
 * the {@link Workers} for {@link RefineOptions#parallelism()}: the common pool for 0, otherwise a
 * pool of exactly that many threads, shared by every refinement in the process that asks for
 * that count and never made per call. The output bytes do not depend on the count.
 *
 * <p>After {@link #close()} every method but {@code close()} throws {@link IllegalStateException};
 * a refinement already running on another thread finishes normally. There is nothing to release:
 * the pools belong to the process, not to a tessellator.
 */
public final class JavaTessellator implements Tessellator {
    // volatile: close() on one thread must stop refine() on any other
    private volatile boolean closed;

    @Override
    public String backend() {
        checkOpen();
        return "java";
    }

    @Override
    public RefineResult refine(TriangleMesh input, RefineOptions options, ProgressListener progress) {
        checkOpen();
        boolean primvars = !input.primvars().isEmpty();
        return FacadeBody.refine(input, options, progress, "java", (p, o, pr) -> levels(p, o, pr, primvars));
    }

    /**
     * The Java level loop over the prepared mesh.
     *
     * @param primvars whether to keep the verdicts for the primvars' replays
     */
    private static FacadeBody.Made levels(PreparedMesh prepared, RefineOptions options, ProgressListener progress,
                                          boolean primvars) {
        float[] weights = LoopRules.weights(options.scheme(), Math.max(6, prepared.topology().maxValence()));
        Workers workers = Workers.forThreads(options.parallelism());
        JavaStreamEngine engine = new JavaStreamEngine(prepared.layout(), weights, workers);
        SpokeTest test = EdgeCriteria.of(options.criteria(), options.effectiveCulling(), options.limitSurface(),
                prepared.frame().centre(), prepared.frame().scaleExponent(), prepared.frame().radius(prepared.positions()),
                FacadeBody.reach(options));
        Verdicts verdicts = primvars ? Verdicts.recording(test) : null;
        JavaStreamEngine.Output out = engine.run(prepared.records(), options.levels(), -1, test, progress, verdicts);
        float[] corners = out.corners();
        options.displacement().ifPresent(d -> LoopDisplace.of(d, prepared.frame().scaleExponent())
                .run(corners, prepared.layout(), out.triangleCount(), workers));
        return new FacadeBody.Made(corners, out.triangleCount(), out.levels, verdicts);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the java tessellator is closed");
        }
    }

    /** Marks the tessellator closed; calling it again does nothing. */
    @Override
    public void close() {
        closed = true;
    }
}
