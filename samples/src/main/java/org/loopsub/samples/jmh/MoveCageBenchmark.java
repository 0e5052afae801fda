package org.loopsub.samples.jmh;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import org.loopsub.api.RefineOptions;
import org.loopsub.api.TriangleMesh;
import org.loopsub.obj.ObjReader;
import org.loopsub.prepare.PreparedMesh;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a renderer's animated cage costs its thread on the host at every {@code GpuMesh.updatePositions}
 * before the upload: the moved control points, the vertices' limit positions and normals (a GpuMesh's
 * records always carry limit normals) and level 0's per-vertex table (a GpuMesh's records have slot
 * sources) or, without it, every record's slots rewritten in place ({@link PreparedMesh.Mover#move}). Scores are microseconds per move. Meshes as
 * {@link JavaRefineBenchmark}'s; run it from the repository root (docs/benchmarks/scripts/java-move.sh):
 *
 * <pre>
 *   java -cp samples/target/loopsub.jar org.openjdk.jmh.Main MoveCageBenchmark -f 1 -wi 3 -i 5
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class MoveCageBenchmark {
    /** Mesh name, a file {@code NAME.obj} in the meshes directory. */
    @Param({"bigguyT", "rookT", "monsterfrogT"})
    public String mesh;

    /** Whether the records carry limit positions too ({@code --limit}), not just limit normals. */
    @Param({"false"})
    public boolean limit;

    /**
     * Whether the records have slot sources, as a GpuMesh's do: a move then rewrites the per-vertex
     * table alone (RecordBuilder.movePositions); without, every record's slots.
     */
    @Param({"true", "false"})
    public boolean table;

    private PreparedMesh.Mover mover;
    private float[] positions;
    private int frame;

    /** Reads and prepares the mesh as a GpuMesh does. */
    @Setup
    public void setUp() throws IOException {
        TriangleMesh input = ObjReader.read(JavaRefineBenchmark.meshDirectory().resolve(mesh + ".obj")).mesh();
        PreparedMesh prepared = PreparedMesh.of(input).configured(true, RefineOptions.uniform(1).withLimitSurface(limit));
        if (table) {
            prepared.recordsWithSlotSources();
        }
        mover = new PreparedMesh.Mover(prepared);
        positions = input.positions().clone();
    }

    /** @return the moved points (consumed by JMH) */
    @Benchmark
    public float[] move() {
        // a small wave, so that no two moves are the same
        frame++;
        for (int i = 1; i < positions.length; i += 3) {
            positions[i] += (frame & 1) == 0 ? 1e-4f : -1e-4f;
        }
        mover.move(positions);
        return positions;
    }
}
