package org.loopsub.glengine;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.loopsub.api.Tessellator;
import org.loopsub.engine.JavaTessellator;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GlUnavailableException;
import org.loopsub.gl.GpuScan;
import org.loopsub.testing.ResultBits;

/**
 * Two GL tessellators, each with its own headless context on its own thread, refining at the same
 * time give the Java back end's bytes, as they do one after the other. (One GL tessellator cannot
 * be shared: it belongs to its context's thread.)
 */
@Tag("gl")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GlTessellatorThreadsTest {
    private static final int ROUNDS = 2;

    private List<ResultBits.Case> cases;
    private List<ResultBits> expected;

    @BeforeAll
    void javaBytesAndAContext() throws Exception {
        // A context on a thread of its own, as the test threads will make theirs; skipped where
        // there is none, except in CI, where Mesa's llvmpipe is promised (as GlTestBase does).
        ExecutorService probe = Executors.newSingleThreadExecutor();
        try {
            probe.submit(() -> {
                GlContext.createHeadless().close();
                return null;
            }).get();
        } catch (java.util.concurrent.ExecutionException e) {
            if (!(e.getCause() instanceof GlUnavailableException) || System.getenv("CI") != null) {
                throw e;
            }
            Assumptions.abort("skipped, no OpenGL 4.3 context on this machine: " + e.getCause().getMessage());
        } finally {
            probe.shutdown();
            probe.awaitTermination(1, TimeUnit.MINUTES);
        }
        // Smaller than the Java test's: llvmpipe runs the passes on the same two cores.
        cases = ResultBits.cases(2, 4);
        try (JavaTessellator t = new JavaTessellator()) {
            expected = cases.stream().map(c -> ResultBits.of(t.refine(c.mesh(), c.options()))).toList();
        }
    }

    @Test
    void twoContextsOnTwoThreadsGiveTheJavaBytes() throws Exception {
        ResultBits.twoThreads(cases, expected, ROUNDS, me -> {
            GlContext context = GlContext.createHeadless();
            // The two threads scan differently, so that different passes overlap too.
            GpuScan.Strategy strategy = me == 0 ? GpuScan.Strategy.REDUCE_THEN_SCAN : GpuScan.Strategy.HILLIS_STEELE;
            Tessellator t = new GlTessellator(context, true, strategy, GlTessellator.DEFAULT_BUDGET);
            return ResultBits.ThreadState.of(t, true);
        });
    }

    @Test
    void oneThreadAfterTheOtherToo() throws Exception {
        // The same work without overlap: if only the test above fails, the fault is in running together.
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            thread.submit(() -> {
                try (GlTessellator t = (GlTessellator) new GlTessellatorProvider().create()) {
                    for (int i = 0; i < cases.size(); i++) {
                        ResultBits.Case c = cases.get(i);
                        expected.get(i).assertSame(ResultBits.of(t.refine(c.mesh(), c.options())), c.name());
                    }
                }
                return null;
            }).get();
        } finally {
            thread.shutdown();
            thread.awaitTermination(1, TimeUnit.MINUTES);
        }
    }
}
