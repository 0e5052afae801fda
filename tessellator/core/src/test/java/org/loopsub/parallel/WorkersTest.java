package org.loopsub.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.engine.JavaTessellator;
import org.loopsub.mesh.OutputWelder;
import org.loopsub.testing.EngineSources;

/**
 * The thread count asked for is the thread count used, by the level loop and the output weld
 * alike, on pools made once: the test hook records the thread that runs each index of each sweep.
 */
class WorkersTest {
    private final Set<Thread> seen = ConcurrentHashMap.newKeySet();
    private final AtomicInteger tasks = new AtomicInteger();

    private void watch() {
        Workers.taskObserver = t -> {
            seen.add(t);
            tasks.incrementAndGet();
        };
    }

    @AfterEach
    void unwatch() {
        Workers.taskObserver = null;
    }

    private static Set<String> names(Set<Thread> threads) {
        Set<String> names = new java.util.TreeSet<>();
        threads.forEach(t -> names.add(t.getName()));
        return names;
    }

    @Test
    void onePoolPerThreadCountMadeOnce() {
        assertSame(Workers.forThreads(3), Workers.forThreads(3));
        assertNotSame(Workers.forThreads(3), Workers.forThreads(4));
        assertEquals(3, Workers.forThreads(3).parallelism());
        assertEquals(ForkJoinPool.getCommonPoolParallelism(), Workers.forThreads(0).parallelism());
        assertThrows(IllegalArgumentException.class, () -> Workers.forThreads(-1));
        assertThrows(IllegalArgumentException.class, () -> Workers.forThreads(Workers.MAX_THREADS + 1));
    }

    @Test
    void aRefinementWithOneThreadRunsAllItsParallelWorkOnOneThread() {
        TriangleMesh bigguy = TestMeshes.load("bigguyT.obj");
        TriangleMesh border = TestMeshes.load("mesh_with_border.obj");
        watch();
        try (JavaTessellator t = new JavaTessellator()) {
            // Three refinements: one pool, so one thread for all of them (a pool per call would
            // bring a new thread each time).
            t.refine(bigguy, RefineOptions.uniform(3).withParallelism(1));
            t.refine(border, RefineOptions.adaptive(4, new StopCriterion.MaxEdgeLength(0.05f)).withParallelism(1));
            t.refine(bigguy, RefineOptions.uniform(2).withParallelism(1));
        }
        assertTrue(tasks.get() > 10, "the sweeps ran through the workers: " + tasks);
        assertEquals(1, seen.size(), "threads: " + names(seen));
        assertTrue(seen.iterator().next().getName().startsWith("loopsub-1-worker-"), names(seen).toString());
    }

    @Test
    void twoThreadsMeansTwoThreadsOfOnePool() {
        TriangleMesh bigguy = TestMeshes.load("bigguyT.obj");
        watch();
        try (JavaTessellator t = new JavaTessellator()) {
            for (int i = 0; i < 3; i++) {
                t.refine(bigguy, RefineOptions.uniform(3).withParallelism(2));
            }
        }
        assertTrue(seen.size() <= 2, "threads: " + names(seen));
        for (Thread thread : seen) {
            assertTrue(thread.getName().startsWith("loopsub-2-worker-"), names(seen).toString());
        }
    }

    @Test
    void theWeldRunsItsSweepsOnTheWorkersItIsGiven() {
        // A soup large enough for several segments of the weld and several normal ranges.
        TriangleMesh mesh = new JavaTessellator().refine(TestMeshes.load("bigguyT.obj"), RefineOptions.uniform(3)).mesh();
        float[] corners = new float[9 * mesh.triangleCount()];
        for (int t = 0; t < mesh.triangleCount(); t++) {
            for (int k = 0; k < 3; k++) {
                for (int axis = 0; axis < 3; axis++) {
                    corners[9 * t + 3 * k + axis] = mesh.position(mesh.vertex(t, k), axis);
                }
            }
        }
        watch();
        RefineResult welded = OutputWelder.weld(corners, mesh.triangleCount(), new float[3], 1.0, Workers.forThreads(1))
                .backend("test").build();
        assertEquals(mesh.vertexCount(), welded.mesh().vertexCount());
        // segments (3 sweeps), merge groups, numbering, positions, normal masks, ranges, normalising
        assertTrue(tasks.get() >= 7, "the weld's sweeps ran through the workers: " + tasks);
        assertEquals(1, seen.size(), "threads: " + names(seen));
        assertTrue(seen.iterator().next().getName().startsWith("loopsub-1-worker-"), names(seen).toString());
    }

    @Test
    void noParallelWorkBypassesTheWorkers() throws IOException {
        // The hook above sees only what goes through Workers; a parallel stream or a pool of its own
        // elsewhere in the engine would run on threads nobody asked for. Found in the sources.
        Pattern bypass = Pattern.compile("\\.parallel\\(\\)|parallelStream\\(|ForkJoinPool|commonPool|new Thread\\b"
                + "|Executors\\.|CompletableFuture");
        List<String> found = new ArrayList<>();
        for (Path main : EngineSources.all()) {
        try (Stream<Path> files = Files.walk(main)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                if (f.getParent().endsWith(Path.of("org", "loopsub", "parallel"))) {
                    continue;
                }
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    if (isClockWake(f, lines, i)) {
                        continue;
                    }
                    if (bypass.matcher(lines.get(i)).find() && !lines.get(i).trim().startsWith("*")) {
                        found.add(main.relativize(f) + ":" + (i + 1) + ": " + lines.get(i).trim());
                    }
                }
            }
        }
        }
        assertEquals(List.of(), found);
    }

    /**
     * The one thread outside the workers, and no work: GlContext.wakeClocks makes and drops a GL
     * context on a thread of its own (a context cannot be made current on a thread that has one),
     * named so that it is found here and nowhere else.
     */
    private static boolean isClockWake(Path f, List<String> lines, int i) {
        return f.endsWith(Path.of("org", "loopsub", "gl", "GlContext.java")) && lines.get(i).contains("new Thread(")
                && String.join("\n", lines.subList(i, Math.min(lines.size(), i + 8))).contains("\"loopsub-wake-clocks\"");
    }

    @Test
    void forEachRunsEveryIndexOnceAndPassesFailuresOn() {
        for (int round = 0; round < 20; round++) {
            forEachOnce();
        }
    }

    private static void forEachOnce() {
        int[] hits = new int[1000];
        Workers.forThreads(2).forEach(hits.length, i -> hits[i]++);
        for (int i = 0; i < hits.length; i++) {
            assertEquals(1, hits[i], "index " + i);
        }
        IllegalStateException boom = new IllegalStateException("boom");
        Throwable thrown = assertThrows(IllegalStateException.class, () -> Workers.forThreads(2).forEach(1000, i -> {
            if (i == 700) {
                throw boom;
            }
        }));
        // Not the copies the fork-join framework makes on each joining thread: the task's own.
        assertSame(boom, thrown);
        Workers.forThreads(2).forEach(0, i -> {
            throw new AssertionError("no index");
        });
    }
}
