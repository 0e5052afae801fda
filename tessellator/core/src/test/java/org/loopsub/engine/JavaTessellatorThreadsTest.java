package org.loopsub.engine;

import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.loopsub.api.Tessellator;
import org.loopsub.testing.ResultBits;

/**
 * Refinements running at the same time on two threads give exactly the bytes they give one after
 * the other: two tessellators, or one shared, on pools of their own or one shared pool.
 */
@Tag("slow")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JavaTessellatorThreadsTest {
    private static final int ROUNDS = 3;

    private List<ResultBits.Case> cases;
    private List<ResultBits> expected;

    @BeforeAll
    void oneAfterTheOther() {
        cases = ResultBits.cases(3, 5);
        try (JavaTessellator t = new JavaTessellator()) {
            expected = cases.stream().map(c -> ResultBits.of(t.refine(c.mesh(), c.options()))).toList();
        }
    }

    private List<ResultBits.Case> withParallelism(int threads) {
        return cases.stream().map(c -> c.withParallelism(threads)).toList();
    }

    @Test
    void twoTessellatorsOnTwoThreadsOnTheCommonPool() throws Exception {
        ResultBits.twoThreads(withParallelism(0), expected, ROUNDS,
                me -> ResultBits.ThreadState.of(new JavaTessellator(), true));
    }

    @Test
    void twoTessellatorsOnTwoThreadsOnOnePoolOfTwo() throws Exception {
        ResultBits.twoThreads(withParallelism(2), expected, ROUNDS,
                me -> ResultBits.ThreadState.of(new JavaTessellator(), true));
    }

    @Test
    void oneTessellatorSharedByTwoThreadsThroughOneSharedPool() throws Exception {
        Tessellator shared = new JavaTessellator();
        ResultBits.twoThreads(withParallelism(1), expected, ROUNDS, me -> ResultBits.ThreadState.of(shared, false));
        shared.close();
    }
}
