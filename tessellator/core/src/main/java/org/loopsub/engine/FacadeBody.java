package org.loopsub.engine;

import java.util.List;

import org.loopsub.api.LevelStats;
import org.loopsub.api.ProgressListener;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.TriangleMesh;
import org.loopsub.mesh.ConformingOutput;
import org.loopsub.parallel.Workers;
import org.loopsub.prepare.PreparedMesh;
import org.loopsub.stream.Verdicts;

/**
 * The body of {@link org.loopsub.api.Tessellator#refine} that both back ends share: prepare the
 * mesh, hold the refinement to the options' triangle budget, run the back end's level loop, weld
 * its corners into an indexed mesh with normals. A back end supplies only its level loop.
 *
 * <p>Public for the GL back end's facade in loopsub-gl: the core module exports this package to
 * {@code org.loopsub.gl} alone, so on the module path no one else sees it.
 */
public final class FacadeBody {
    private FacadeBody() {
    }

    /**
     * What a back end's level loop made: every output corner in the Java back end's vertex layout,
     * and the edge test's verdicts where the back end kept them for the primvars' replays (the Java
     * back end's; null for a back end that refuses primvars).
     */
    public record Made(float[] corners, long triangles, List<LevelStats> levels, Verdicts verdicts) {
        /** Made without verdicts: a back end that refuses primvars. */
        public Made(float[] corners, long triangles, List<LevelStats> levels) {
            this(corners, triangles, levels, null);
        }
    }

    /** One back end's level loop over a prepared mesh. */
    @FunctionalInterface
    public interface LevelLoop {
        /**
         * @param prepared the mesh, configured for the options
         * @return the output corners and the levels' statistics
         */
        Made run(PreparedMesh prepared, RefineOptions options, ProgressListener progress);
    }

    /**
     * @param backend the back end's name, for the result
     * @param loop its level loop
     * @return the welded result, within the options' triangle budget
     */
    public static RefineResult refine(TriangleMesh input, RefineOptions options, ProgressListener progress, String backend,
                               LevelLoop loop) {
        return TriangleBudget.refine(input, options, o -> once(input, o, progress, backend, loop));
    }

    /**
     * @return how far a displaced output may lie off the limit surface, in the mesh's units: 0 without
     *     displacement (what view culling's regions grow by)
     */
    public static double reach(RefineOptions options) {
        return options.displacement().map(d -> (double) d.reach()).orElse(0.0);
    }

    private static RefineResult once(TriangleMesh input, RefineOptions options, ProgressListener progress,
                                     String backend, LevelLoop loop) {
        if (options.conforming()) {
            // before the work: what conforming output cannot carry is refused now
            ConformingOutput.checkChannels(input.primvars());
        }
        PreparedMesh prepared = PreparedMesh.of(input, options.welding()).configured(false, options);
        Made made = loop.run(prepared, options, progress);
        // the weld is CPU work: it runs on the threads the options ask for, whatever the back end
        // displaced corners carry the limit normal they moved along, no normal of the displaced surface:
        // the welder takes the displaced triangles' own (docs/design.md §3, "Displacement")
        boolean carriedNormals = options.displacement().isEmpty();
        RefineResult welded = OutputCorners.weld(made.corners(), prepared.layout(), carriedNormals,
                Math.toIntExact(made.triangles()),
                        prepared.frame().centre(), prepared.frame().inverseScale(),
                        Workers.forThreads(options.parallelism()))
                .levels(made.levels())
                .inputVerticesMerged(prepared.merged())
                .warnings(prepared.warnings())
                .backend(backend)
                .build();
        if (!input.primvars().isEmpty()) {
            if (made.verdicts() == null) {
                throw new UnsupportedOperationException("the " + backend + " back end does not refine primvars ("
                        + input.primvars().get(0).name() + "); use the java back end");
            }
            PrimvarReplay.Refined p = PrimvarReplay.refine(input, prepared, options, made.verdicts(), welded.mesh(),
                    made.triangles(), Workers.forThreads(options.parallelism()));
            welded = welded.withPrimvars(p.primvars());
            if (!p.warnings().isEmpty()) {
                List<String> warnings = new java.util.ArrayList<>(welded.warnings());
                warnings.addAll(p.warnings());
                welded = new RefineResult(welded.mesh(), welded.normals(), welded.levels(), welded.inputVerticesMerged(),
                        warnings, welded.backend());
            }
        }
        return options.conforming() ? ConformingOutput.of(welded) : welded;
    }
}
