package org.loopsub.rules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopsub.api.Scheme;

/**
 * {@link LoopRules#limit} takes the tangents' cosines and sines from tables made once per valence
 * (a moving cage takes every vertex's limit each frame). The bytes of every output depend on these
 * doubles, so the tables must give exactly what StrictMath gives at each use: checked bit for bit
 * against the masks written out here with StrictMath in the loop, for smooth and crease vertices of
 * many valences, on first use, on later use and from several threads at once.
 */
class LimitAnglesTest {

    /** The smooth rule's limit as OpenSubdiv's masks give it, StrictMath at every use. */
    private static void smooth(Scheme scheme, double[] v, double[] ring, int k, double[] pos, double[] du, double[] dv) {
        double eps = LoopRules.limitRingWeight(scheme, k);
        for (int x = 0; x < 3; x++) {
            double sum = 0;
            double u = 0;
            double w = 0;
            for (int i = 0; i < k; i++) {
                double q = ring[3 * i + x];
                double a = 2.0 * StrictMath.PI * i / k;
                sum += q;
                u += StrictMath.cos(a) * q;
                w += StrictMath.sin(a) * q;
            }
            pos[x] = (1.0 - k * eps) * v[x] + eps * sum;
            du[x] = u;
            dv[x] = w;
        }
    }

    /** The crease rule's second tangent over the sector e0 .. e0 + between + 1 (between >= 3). */
    private static double creaseTangent(double[] ring, int k, int e0, int between, int x) {
        double theta = StrictMath.PI / (between + 1);
        double q0 = ring[3 * e0 + x];
        double ql = ring[3 * ((e0 + between + 1) % k) + x];
        double s = -3.0 * StrictMath.sin(theta) * (q0 + ql);
        for (int i = 1; i <= between; i++) {
            s += 6.0 * (1.0 - StrictMath.cos(theta)) * StrictMath.sin(i * theta) * ring[3 * ((e0 + i) % k) + x];
        }
        return s;
    }

    private static double[] normal(double[] du, double[] dv) {
        double nx = du[1] * dv[2] - du[2] * dv[1];
        double ny = du[2] * dv[0] - du[0] * dv[2];
        double nz = du[0] * dv[1] - du[1] * dv[0];
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        double inv = len > 0 ? 1.0 / len : 0.0;
        return new double[] {nx * inv, ny * inv, nz * inv};
    }

    /** Checks every valence and sector for one seed; returns how many cases it compared. */
    private static int checkAll(long seed) {
        Random random = new Random(seed);
        int cases = 0;
        for (Scheme scheme : Scheme.values()) {
            for (int k : new int[] {3, 4, 5, 6, 7, 9, 12, 16, 31, 64, 254}) {
                double[] v = new double[3];
                double[] ring = new double[3 * k];
                for (int i = 0; i < 3; i++) {
                    v[i] = random.nextGaussian();
                }
                for (int i = 0; i < 3 * k; i++) {
                    ring[i] = random.nextGaussian() * 10;
                }
                double[] pos = new double[3];
                double[] nor = new double[3];
                double[] du = new double[3];
                double[] dv = new double[3];
                double[] wantPos = new double[3];
                double[] wantDu = new double[3];
                double[] wantDv = new double[3];
                LoopRules.limit(scheme, v, ring, k, LoopRules.SMOOTH, -1, -1, pos, nor, du, dv);
                smooth(scheme, v, ring, k, wantPos, wantDu, wantDv);
                assertArrayEquals(wantPos, pos, 0.0, "smooth position, valence " + k);
                assertArrayEquals(wantDu, du, 0.0, "smooth first tangent, valence " + k);
                assertArrayEquals(wantDv, dv, 0.0, "smooth second tangent, valence " + k);
                assertArrayEquals(normal(wantDu, wantDv), nor, 0.0, "smooth normal, valence " + k);
                cases++;
                // crease sectors of 4 faces and more (the ones the angles serve), from two starts
                for (int between = 3; between <= k - 2 && between < 40; between++) {
                    for (int e0 : new int[] {0, k / 2}) {
                        int e1 = (e0 + between + 1) % k;
                        LoopRules.limit(scheme, v, ring, k, LoopRules.CREASE, e0, e1, pos, nor, du, dv);
                        for (int x = 0; x < 3; x++) {
                            assertArrayEquals(new double[] {creaseTangent(ring, k, e0, between, x)},
                                    new double[] {dv[x]}, 0.0, "crease tangent, valence " + k + ", sector " + between);
                        }
                        cases++;
                    }
                }
            }
        }
        return cases;
    }

    @Test
    void tablesGiveStrictMathsDoublesOnFirstAndLaterUse() {
        checkAll(1);
        checkAll(2);
    }

    @Test
    void tablesMadeByThreadsAtOnceGiveTheSameDoubles() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> runs = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                long seed = 10 + t;
                runs.add(pool.submit(() -> checkAll(seed)));
            }
            for (Future<Integer> f : runs) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }
}
