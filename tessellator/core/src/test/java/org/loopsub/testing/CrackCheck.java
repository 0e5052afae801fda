package org.loopsub.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.HashMap;
import java.util.Map;

import org.loopsub.api.TriangleMesh;

/**
 * Watertightness of an output mesh, checked from scratch: the output is welded again by exact
 * position (so nothing the engine's own welding did is trusted), then every edge must be used by
 * exactly two faces in opposite directions, except boundary edges, which must close into as many
 * loops as the input has, with the input's Euler characteristic.
 */
public final class CrackCheck {
    private CrackCheck() {
    }

    /** Topological summary of a mesh welded by exact position. */
    public record Summary(int vertices, int edges, int faces, int boundaryEdges, int boundaryLoops) {
        int euler() {
            return vertices - edges + faces;
        }
    }

    public static Summary summarize(TriangleMesh mesh, String what) {
        Map<Long, Integer> ids = new HashMap<>();
        int[] map = new int[mesh.vertexCount()];
        for (int v = 0; v < mesh.vertexCount(); v++) {
            long key = 0;
            for (int x = 0; x < 3; x++) {
                float f = mesh.position(v, x);
                key = key * 1_000_003L + Float.floatToIntBits(f == 0f ? 0f : f);
            }
            // Exact weld: hash collisions are resolved by comparing positions.
            Integer id = null;
            for (long k = key; ; k++) {
                Integer cand = ids.get(k);
                if (cand == null) {
                    ids.put(k, v);
                    id = v;
                    break;
                }
                if (samePosition(mesh, cand, v)) {
                    id = map[cand];
                    break;
                }
            }
            map[v] = id;
        }
        Map<Long, Integer> directed = new HashMap<>();
        for (int t = 0; t < mesh.triangleCount(); t++) {
            int a = map[mesh.vertex(t, 0)];
            int b = map[mesh.vertex(t, 1)];
            int c = map[mesh.vertex(t, 2)];
            if (a == b || b == c || c == a) {
                fail(what + ": face " + (t + 1) + " is degenerate after welding");
            }
            int[] vs = {a, b, c};
            for (int e = 0; e < 3; e++) {
                long key = ((long) vs[e] << 32) | vs[(e + 1) % 3];
                if (directed.merge(key, 1, Integer::sum) > 1) {
                    fail(what + ": directed edge " + vs[e] + "->" + vs[(e + 1) % 3] + " used twice (face " + (t + 1)
                            + "): non-manifold or flipped");
                }
            }
        }
        int edges = 0;
        int boundary = 0;
        Map<Integer, Integer> boundaryNext = new HashMap<>();
        for (long key : directed.keySet()) {
            int a = (int) (key >>> 32);
            int b = (int) key;
            long twin = ((long) b << 32) | a;
            if (directed.containsKey(twin)) {
                if (a < b) {
                    edges++;
                }
            } else {
                edges++;
                boundary++;
                if (boundaryNext.put(a, b) != null) {
                    fail(what + ": vertex " + a + " starts two boundary edges (pinched boundary)");
                }
            }
        }
        int loops = 0;
        Map<Integer, Integer> left = new HashMap<>(boundaryNext);
        while (!left.isEmpty()) {
            int start = left.keySet().iterator().next();
            int v = start;
            do {
                Integer n = left.remove(v);
                if (n == null) {
                    fail(what + ": boundary does not close into loops");
                }
                v = n;
            } while (v != start);
            loops++;
        }
        int vertices = (int) java.util.Arrays.stream(map).distinct().count();
        return new Summary(vertices, edges, mesh.triangleCount(), boundary, loops);
    }

    private static boolean samePosition(TriangleMesh m, int u, int v) {
        for (int x = 0; x < 3; x++) {
            float a = m.position(u, x);
            float b = m.position(v, x);
            if (a != b) {
                return false;
            }
        }
        return true;
    }

    /** Asserts the output is as closed as the input: same Euler characteristic, same boundary loops. */
    public static Summary assertCrackFree(TriangleMesh input, TriangleMesh output, String what) {
        Summary in = summarize(input, what + " (input)");
        Summary out = summarize(output, what);
        assertEquals(in.boundaryLoops(), out.boundaryLoops(), what + ": boundary loops");
        assertEquals(in.euler(), out.euler(), what + ": Euler characteristic");
        if (in.boundaryEdges() == 0) {
            assertEquals(0, out.boundaryEdges(), what + ": open edges in the output of a closed mesh");
        }
        return out;
    }
}
