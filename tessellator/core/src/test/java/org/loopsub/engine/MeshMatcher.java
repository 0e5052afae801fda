package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.loopsub.api.TriangleMesh;

/**
 * Compares an engine output mesh with a reference mesh, independent of vertex and face order:
 * every vertex must have a partner within {@code tolerance}, one to one, and the faces must be the
 * same (as cyclic triples of partners, orientation included).
 */
final class MeshMatcher {
    private MeshMatcher() {
    }

    static double diagonal(double[] p) {
        return org.loopsub.testing.TestCameras.diagonal(p);
    }

    /**
     * @return the largest distance between partners
     */
    static double assertSameMesh(TriangleMesh actual, double[] refPositions, int[] refTriangles, double tolerance,
                                 String what) {
        return assertSameMesh(actual, refPositions, refTriangles, tolerance, what, new int[actual.vertexCount()]);
    }

    /**
     * @param partner receives, for each output vertex, the reference vertex it matched
     * @return the largest distance between partners
     */
    static double assertSameMesh(TriangleMesh actual, double[] refPositions, int[] refTriangles, double tolerance,
                                 String what, int[] partner) {
        int nv = refPositions.length / 3;
        assertEquals(nv, actual.vertexCount(), what + ": vertex count");
        assertEquals(refTriangles.length / 3, actual.triangleCount(), what + ": triangle count");
        double cell = 4 * tolerance;
        Map<List<Long>, List<Integer>> grid = new HashMap<>();
        for (int v = 0; v < nv; v++) {
            grid.computeIfAbsent(key(refPositions[3 * v], refPositions[3 * v + 1], refPositions[3 * v + 2], cell),
                    k -> new ArrayList<>()).add(v);
        }
        boolean[] used = new boolean[nv];
        double worst = 0;
        for (int v = 0; v < actual.vertexCount(); v++) {
            double x = actual.position(v, 0);
            double y = actual.position(v, 1);
            double z = actual.position(v, 2);
            long cx = (long) Math.floor(x / cell);
            long cy = (long) Math.floor(y / cell);
            long cz = (long) Math.floor(z / cell);
            int best = -1;
            double bestD = Double.MAX_VALUE;
            for (long i = cx - 1; i <= cx + 1; i++) {
                for (long j = cy - 1; j <= cy + 1; j++) {
                    for (long k = cz - 1; k <= cz + 1; k++) {
                        for (int r : grid.getOrDefault(List.of(i, j, k), List.of())) {
                            double dx = refPositions[3 * r] - x;
                            double dy = refPositions[3 * r + 1] - y;
                            double dz = refPositions[3 * r + 2] - z;
                            double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
                            if (d < bestD) {
                                bestD = d;
                                best = r;
                            }
                        }
                    }
                }
            }
            if (best < 0 || bestD > tolerance) {
                fail(what + ": output vertex " + (v + 1) + " (" + x + ", " + y + ", " + z
                        + ") has no reference vertex within " + tolerance + " (nearest at " + bestD + ")");
            }
            if (used[best]) {
                fail(what + ": two output vertices match reference vertex " + (best + 1));
            }
            used[best] = true;
            partner[v] = best;
            worst = Math.max(worst, bestD);
        }
        Set<List<Integer>> refFaces = new HashSet<>();
        for (int t = 0; t < refTriangles.length / 3; t++) {
            refFaces.add(canonical(refTriangles[3 * t], refTriangles[3 * t + 1], refTriangles[3 * t + 2]));
        }
        for (int t = 0; t < actual.triangleCount(); t++) {
            List<Integer> f = canonical(partner[actual.vertex(t, 0)], partner[actual.vertex(t, 1)],
                    partner[actual.vertex(t, 2)]);
            if (!refFaces.contains(f)) {
                fail(what + ": output face " + (t + 1) + " " + f + " is not a reference face");
            }
        }
        return worst;
    }

    private static List<Long> key(double x, double y, double z, double cell) {
        return List.of((long) Math.floor(x / cell), (long) Math.floor(y / cell), (long) Math.floor(z / cell));
    }

    /** Rotates the triple so the smallest index comes first, keeping its orientation. */
    static List<Integer> canonical(int a, int b, int c) {
        if (a <= b && a <= c) {
            return List.of(a, b, c);
        }
        if (b <= a && b <= c) {
            return List.of(b, c, a);
        }
        return List.of(c, a, b);
    }
}
