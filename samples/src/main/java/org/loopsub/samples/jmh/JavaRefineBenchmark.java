package org.loopsub.samples.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Scheme;
import org.loopsub.api.TriangleMesh;
import org.loopsub.mesh.InternalFrame;
import org.loopsub.engine.JavaTessellator;
import org.loopsub.mesh.InputWelder;
import org.loopsub.mesh.MeshTopology;
import org.loopsub.obj.ObjReader;
import org.loopsub.parallel.Workers;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.JavaStreamEngine;
import org.loopsub.stream.RecordBuilder;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;
import org.loopsub.stream.SpokeTest;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Uniform refinement on the pure-Java back end, in memory (no OBJ I/O in the measurement).
 *
 * <ul>
 *   <li>{@link #refine}: {@code Tessellator.refine} end to end: input weld and validation, level-0
 *       records, the level loop, output weld and normals.</li>
 *   <li>{@link #levelLoop}: the level-0 records and {@link JavaStreamEngine#run} alone (no input
 *       preparation beyond the records, no output weld).</li>
 * </ul>
 *
 * <p>Scores are refinements per second; the secondary result {@code triangles} is output triangles
 * per second ({@code -bm avgt} gives seconds per refinement instead). Meshes are read from
 * the directory in the {@code loopsub.meshes} system property, else from the repository's
 * {@code testdata/meshes}, found walking up from the working directory. Run it from the
 * repository root (docs/benchmarks/scripts/java-refine.sh):
 *
 * <pre>
 *   java -cp samples/target/loopsub.jar org.openjdk.jmh.Main JavaRefineBenchmark -f 1 -wi 2 -i 3
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
public class JavaRefineBenchmark {
    /** Mesh name, a file {@code NAME.obj} in the meshes directory. */
    @Param({"bigguyT", "bunny_npm"})
    public String mesh;

    /** Uniform refinement depth. */
    @Param({"5"})
    public int levels;

    /** Worker threads of the level loop and the output weld. */
    @Param({"2"})
    public int threads;

    private TriangleMesh input;
    private RefineOptions options;
    private JavaTessellator tessellator;
    // level loop alone
    private int[] triangles;
    private float[] positions;
    private MeshTopology topology;
    private RecordLayout layout;
    private float[] weights;
    private Workers workers;

    /** Output triangles, reported per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Triangles {
        /** Output triangles of the invocations so far. */
        public long triangles;

        /** Starts each iteration from zero. */
        @Setup(Level.Iteration)
        public void clear() {
            triangles = 0;
        }
    }

    /** Reads and prepares the mesh. */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        input = ObjReader.read(meshDirectory().resolve(mesh + ".obj")).mesh();
        options = RefineOptions.uniform(levels).withParallelism(threads);
        tessellator = new JavaTessellator();
        // The same preparation as the engine's (PreparedMesh), once: weld, frame, rings, layout.
        TriangleMesh welded = InputWelder.weld(input).mesh();
        topology = MeshTopology.of(welded);
        InternalFrame frame = InternalFrame.of(welded);
        positions = frame.transform(welded);
        triangles = welded.triangles();
        layout = RecordLayout.of(RecordBuilder.fanCapacity(triangles, topology));
        weights = LoopRules.weights(Scheme.LOOP, Math.max(6, topology.maxValence()));
        workers = Workers.forThreads(threads);
    }

    /** Closes the tessellator (the workers belong to the process). */
    @TearDown(Level.Trial)
    public void tearDown() {
        tessellator.close();
    }

    /**
     * @param counters output triangles
     * @return the result (consumed by JMH)
     */
    @Benchmark
    public RefineResult refine(Triangles counters) {
        RefineResult r = tessellator.refine(input, options);
        counters.triangles += r.triangleCount();
        return r;
    }

    /**
     * @param counters output triangles
     * @return the corners (consumed by JMH)
     */
    @Benchmark
    public JavaStreamEngine.Output levelLoop(Triangles counters) {
        List<RecordChunk> records = RecordBuilder.build(triangles, positions, topology, layout);
        JavaStreamEngine.Output out = new JavaStreamEngine(layout, weights, workers)
                .run(records, levels, SpokeTest.NEVER, stats -> { });
        counters.triangles += out.triangleCount();
        return out;
    }

    /** @return the directory holding the benchmark meshes */
    static Path meshDirectory() {
        String property = System.getProperty("loopsub.meshes");
        if (property != null) {
            return Path.of(property);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("testdata").resolve("meshes");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("meshes not found: set -Dloopsub.meshes=DIR (the directory of bigguyT.obj)");
    }
}
