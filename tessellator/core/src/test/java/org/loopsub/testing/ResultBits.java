package org.loopsub.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;

/**
 * A result as bit patterns (positions, triangles, normals), to compare runs exactly, and the
 * harness that runs refinements on two threads at once.
 *
 * @param positions raw bits of every coordinate
 * @param triangles the vertex indices
 * @param normals raw bits of every normal component
 */
public record ResultBits(int[] positions, int[] triangles, int[] normals) {
    public static ResultBits of(RefineResult r) {
        float[] p = r.mesh().positions();
        int[] pb = new int[p.length];
        for (int i = 0; i < p.length; i++) {
            pb[i] = Float.floatToRawIntBits(p[i]);
        }
        int[] nb = new int[3 * r.mesh().vertexCount()];
        for (int i = 0; i < nb.length; i++) {
            nb[i] = Float.floatToRawIntBits(r.normal(i / 3, i % 3));
        }
        return new ResultBits(pb, r.mesh().triangles(), nb);
    }

    /** Fails naming the first part that differs. */
    public void assertSame(ResultBits actual, String what) {
        assertEquals(positions.length, actual.positions.length, what + ": vertex count");
        assertEquals(triangles.length, actual.triangles.length, what + ": triangle count");
        assertEquals(-1, Arrays.mismatch(positions, actual.positions), what + ": first position that differs");
        assertEquals(-1, Arrays.mismatch(triangles, actual.triangles), what + ": first index that differs");
        assertEquals(-1, Arrays.mismatch(normals, actual.normals), what + ": first normal that differs");
    }

    /**
     * A refinement to repeat.
     *
     * @param name for messages
     * @param mesh input
     * @param options what to compute
     */
    public record Case(String name, TriangleMesh mesh, RefineOptions options) {
        public Case withParallelism(int threads) {
            return new Case(name, mesh, options.withParallelism(threads));
        }
    }

    /** Real meshes, uniform and adaptive, sized to take a fraction of a second each on the Java back end. */
    public static List<Case> cases(int uniformLevels, int adaptiveDepth) {
        TriangleMesh bigguy = TestMeshes.load("bigguyT.obj");
        TriangleMesh border = TestMeshes.load("mesh_with_border.obj");
        double bigguyDiag = TestCameras.diagonal(bigguy);
        double borderDiag = TestCameras.diagonal(border);
        return List.of(
                new Case("bigguyT uniform " + uniformLevels, bigguy, RefineOptions.uniform(uniformLevels)),
                new Case("mesh_with_border uniform " + uniformLevels, border, RefineOptions.uniform(uniformLevels)),
                new Case("mesh_with_border adaptive max-edge", border, RefineOptions.adaptive(adaptiveDepth,
                        new StopCriterion.MaxEdgeLength((float) (0.01 * borderDiag)))),
                new Case("bigguyT adaptive flatness", bigguy, RefineOptions.adaptive(adaptiveDepth,
                        new StopCriterion.Flatness((float) (1e-4 * bigguyDiag)))));
    }

    /** What one thread does in a round: refine each case, in its order, and return the bits. */
    public interface Worker {
        ResultBits refine(Case c);
    }

    /**
     * Runs {@code rounds} rounds in which two threads start together (a barrier) and refine every
     * case, the second thread in reverse order so that different work overlaps; compares every
     * result with {@code expected} (same index as {@code cases}).
     *
     * @param setUp made on each thread before its first round (a GL context must be), closed after
     *     its last
     */
    public static void twoThreads(List<Case> cases, List<ResultBits> expected, int rounds,
                                  java.util.function.IntFunction<ThreadState> setUp) throws Exception {
        CyclicBarrier start = new CyclicBarrier(2);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        ExecutorCompletionService<Integer> done = new ExecutorCompletionService<>(threads);
        try {
            for (int thread = 0; thread < 2; thread++) {
                int me = thread;
                done.submit(() -> {
                    int checked = 0;
                    try (ThreadState state = setUp.apply(me)) {
                        for (int round = 0; round < rounds; round++) {
                            start.await();
                            for (int k = 0; k < cases.size(); k++) {
                                int i = me == 0 ? k : cases.size() - 1 - k;
                                ResultBits actual = state.worker().refine(cases.get(i));
                                expected.get(i).assertSame(actual, cases.get(i).name() + ", thread " + me
                                        + ", round " + round);
                                checked++;
                            }
                        }
                    }
                    return checked;
                });
            }
            // Whichever thread fails first fails the test; the finally block interrupts the other
            // (waiting at the barrier, or in a refinement, which gives up when interrupted).
            for (int thread = 0; thread < 2; thread++) {
                Future<Integer> f = done.poll(10, TimeUnit.MINUTES);
                if (f == null) {
                    throw new AssertionError("a thread did not finish in 10 minutes");
                }
                assertEquals(rounds * cases.size(), f.get());
            }
        } finally {
            threads.shutdownNow();
            threads.awaitTermination(1, TimeUnit.MINUTES);
        }
    }

    /** A thread's tessellator (and whatever it needs), closed when the thread is done. */
    public interface ThreadState extends AutoCloseable {
        Worker worker();

        @Override
        void close();

        static ThreadState of(Tessellator t, boolean close) {
            return new ThreadState() {
                @Override
                public Worker worker() {
                    return c -> ResultBits.of(t.refine(c.mesh(), c.options()));
                }

                @Override
                public void close() {
                    if (close) {
                        t.close();
                    }
                }
            };
        }
    }
}
