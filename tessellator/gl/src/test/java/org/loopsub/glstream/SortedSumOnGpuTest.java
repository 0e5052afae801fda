package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.loopsub.api.Scheme;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTestBase;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.RecordLayout;

/**
 * The general path's sorted sum on the GPU (split_scratch.glsl's {@code sortedSumAt}: a sorting network
 * in registers for runs of up to 8, an insertion sort for longer ones, at any of the scratch ring's
 * three runs) against the order the vertex mask is specified in, written out here: the values sorted
 * ascending, then added left to right. Every run, to the bit: runs of 1 to 17 values with ties, signed
 * zeros and magnitudes far apart, so that any other order of addition gives other bits (held below).
 */
class SortedSumOnGpuTest extends GlTestBase {
    /** A ring of up to 16 points (fan capacity 12), so runs of 17 fill one of the three. */
    private static final RecordLayout LAYOUT = RecordLayout.of(12);
    private static final int RUN = LAYOUT.ringMax() + 1;
    private static final int MAX_COUNT = RUN;
    private static final int STRIDE = 2 + MAX_COUNT + 1;
    private static final float[] VALUES = {0f, -0f, 1f, -1f, 3f, 1e8f, -1e8f, 0.1f, 2.5e-8f, 7.25f, -3.5f, 1e-30f};

    @Test
    void sortedSumsMatchTheSpecifiedOrderToTheBit() {
        Random random = new Random(23);
        int n = 0;
        float[] runs = new float[4000 * STRIDE];
        float[] expected = new float[4000];
        int orderMatters = 0;
        for (int count = 1; count <= MAX_COUNT; count++) {
            for (int base = 0; base < 3 * RUN; base += RUN) {
                for (int rep = 0; rep < 60; rep++) {
                    float[] v = new float[count];
                    for (int i = 0; i < count; i++) {
                        v[i] = VALUES[random.nextInt(VALUES.length)] * (random.nextInt(3) == 0 ? random.nextFloat() : 1f);
                    }
                    int o = n * STRIDE;
                    runs[o] = count;
                    runs[o + 1] = base;
                    System.arraycopy(v, 0, runs, o + 2, count);
                    expected[n] = sortedThenSummed(v);
                    if (Float.floatToRawIntBits(expected[n]) != Float.floatToRawIntBits(summed(v))) {
                        orderMatters++;
                    }
                    n++;
                }
            }
        }
        assertTrue(orderMatters > n / 4, "the runs must tell orders apart: " + orderMatters + " of " + n);

        Map<String, ComputeProgram> programs = new LinkedHashMap<>();
        try (GlBufferPool pool = new GlBufferPool();
             GlPasses passes = new GlPasses(LAYOUT, LoopRules.weights(Scheme.LOOP, LAYOUT.ringMax()), programs, pool);
             GlBuffer buffer = GlBuffer.of(Arrays.copyOf(runs, n * STRIDE), "test_runs")) {
            ComputeProgram p = passes.program("sorted_sum_for_test", Map.of("RUN_STRIDE", Integer.toString(STRIDE)));
            buffer.bind(ShaderContract.INDEX);
            glProgramUniform1ui(p.id(), p.uniform("uCount"), n);
            p.dispatchFor(n);
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            float[] out = buffer.readFloats(0, n * STRIDE);
            for (int r = 0; r < n; r++) {
                int o = r * STRIDE;
                float got = out[o + STRIDE - 1];
                float want = expected[r];
                assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(got),
                        () -> "run of " + (int) runs[o] + " at " + (int) runs[o + 1] + " " + Arrays.toString(
                                Arrays.copyOfRange(runs, o + 2, o + 2 + (int) runs[o])) + ": " + got + ", not " + want);
            }
        } finally {
            HostState.restore(0);
            programs.values().forEach(ComputeProgram::close);
        }
    }

    private static float sortedThenSummed(float[] values) {
        float[] s = values.clone();
        Arrays.sort(s);
        return summed(s);
    }

    private static float summed(float[] values) {
        float sum = 0f;
        for (float f : values) {
            sum = sum + f;
        }
        return sum;
    }
}
