package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTestBase;

/**
 * rounded_double.glsl, which loop_cage divides and takes square roots with (the Java twin's / and
 * Math.sqrt are correctly rounded; GLSL's need not be): on the GPU, to the bit against Java, on
 * quotients and square roots the moved cage takes (a sum over 6, 1 over a length) and on cases next
 * to a midpoint between two doubles, where a result off by an ulp shows; from the driver's own
 * guesses and from guesses put off by up to three ulps either way, so that the correction is tested
 * even where the driver's results are right already (llvmpipe's are). The correction needs no fused
 * multiply-add (llvmpipe's double fma is not fused: the test reports whether the driver's is).
 */
class RoundedDoubleOnGpuTest extends GlTestBase {
    private static final int STRIDE = 11;

    @Test
    void quotientsAndSquareRootsAreJavasToTheBit() {
        Random random = new Random(41);
        List<double[]> cases = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            int kind = i % 6;
            double a;
            double b;
            double x;
            if (kind == 0) {
                // the crease limit's (q0 + ql) / 6 and the normal's 1 / len, len^2
                a = (double) (float) random.nextGaussian() + (double) (float) random.nextGaussian();
                b = 6.0;
                x = Math.abs(random.nextGaussian() * Math.scalb(1.0, random.nextInt(40) - 20));
            } else if (kind == 1) {
                a = 1.0;
                b = Math.sqrt(Math.abs(random.nextGaussian()) * Math.scalb(1.0, random.nextInt(60) - 30));
                x = b * b;
            } else if (kind == 2 || kind == 3) {
                // a / b next to the midpoint of q and the double after it; x next to the square of a midpoint
                double q = 1 + random.nextDouble();
                b = 1 + random.nextDouble() * 7;
                BigDecimal mid = new BigDecimal(q).add(new BigDecimal(Math.ulp(q)).divide(BigDecimal.valueOf(2)));
                a = mid.multiply(new BigDecimal(b)).doubleValue();
                double s = 1 + random.nextDouble();
                BigDecimal sMid = new BigDecimal(s).add(new BigDecimal(Math.ulp(s)).divide(BigDecimal.valueOf(2)));
                x = sMid.multiply(sMid).doubleValue();
                if (kind == 3) {
                    a = Math.nextUp(a);
                    x = Math.nextDown(x);
                }
            } else {
                a = random.nextGaussian() * Math.scalb(1.0, random.nextInt(100) - 50);
                b = Math.abs(random.nextGaussian()) * Math.scalb(1.0, random.nextInt(100) - 50);
                x = Math.abs(random.nextGaussian()) * Math.scalb(1.0, random.nextInt(200) - 100);
            }
            if (b == 0 || x == 0 || a == 0) {
                continue;
            }
            int ulps = i % 7 - 3;
            double[] c = new double[STRIDE];
            c[0] = a;
            c[1] = b;
            c[2] = x;
            c[3] = ulps;
            cases.add(c);
        }
        // a case that tells a fused multiply-add: (1 + 2^-30)^2 - (1 + 2^-29) is 2^-60, and 0 unfused
        double e = 1 + Math.scalb(1.0, -30);
        cases.add(new double[] {e, e, 1 + Math.scalb(1.0, -29), 0, 0, 0, 0, 0, 0, 0, 0});
        int n = cases.size();
        int[] words = new int[2 * STRIDE * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < STRIDE; j++) {
                long bits = Double.doubleToRawLongBits(cases.get(i)[j]);
                words[2 * (STRIDE * i + j)] = (int) bits;
                words[2 * (STRIDE * i + j) + 1] = (int) (bits >>> 32);
            }
        }
        double[] out = new double[STRIDE * n];
        try (ComputeProgram p = ComputeProgram.load("rounded_double_for_test", ShaderContract.DEFINES, List.of());
             GlBuffer buffer = GlBuffer.of(words, "test_rounded_double")) {
            buffer.bind(ShaderContract.INDEX);
            glProgramUniform1ui(p.id(), p.uniform("uCount"), n);
            p.dispatchFor(n);
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            int[] back = buffer.readInts(0, words.length);
            for (int i = 0; i < out.length; i++) {
                out[i] = Double.longBitsToDouble((back[2 * i] & 0xFFFFFFFFL) | (long) back[2 * i + 1] << 32);
            }
        } finally {
            HostState.restore(0);
        }
        int unfused = 0;
        int rawQuotients = 0;
        int rawRoots = 0;
        for (int i = 0; i < n; i++) {
            double[] c = cases.get(i);
            int o = STRIDE * i;
            double a = c[0];
            double b = c[1];
            double x = c[2];
            String what = "case " + i + ": a " + a + ", b " + b + ", x " + x + ", guesses off by " + (int) c[3];
            unfused += bits(Math.fma(a, b, -x)) != bits(out[o + 10]) ? 1 : 0;
            rawQuotients += bits(a / b) != bits(out[o + 4]) ? 1 : 0;
            rawRoots += bits(Math.sqrt(x)) != bits(out[o + 7]) ? 1 : 0;
            assertEquals(bits(a / b), bits(out[o + 5]), what + ": divideRounded " + out[o + 5] + ", not " + a / b);
            assertEquals(bits(Math.abs(a) / b), bits(out[o + 6]), what + ": divideCorrected " + out[o + 6]);
            assertEquals(bits(Math.sqrt(x)), bits(out[o + 8]), what + ": sqrtRounded " + out[o + 8]);
            assertEquals(bits(Math.sqrt(x)), bits(out[o + 9]), what + ": sqrtCorrected " + out[o + 9]);
        }
        System.out.printf("rounded doubles: %d cases; the driver's own division differed from Java's in %d, its sqrt"
                + " in %d, its fma from Math.fma in %d%n", n, rawQuotients, rawRoots, unfused);
    }

    private static long bits(double d) {
        return Double.doubleToRawLongBits(d);
    }
}
