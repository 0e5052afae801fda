package org.loopsub.reference;

import java.util.HashMap;
import java.util.Map;
import org.loopsub.reference.ReferenceLoop.RefMesh;

/**
 * Loop limit positions and limit normals per vertex of an indexed triangle mesh, in double
 * precision, written from the formulas of OpenSubdiv 3.5's rules as docs/design.md §3 gives them ("Limit positions and
 * tangents"), which restate OpenSubdiv 3.5's Loop limit masks ({@code opensubdiv/sdc/loopScheme.h},
 * {@code assignSmoothLimitMask}, {@code assignCreaseLimitMask}, and the tangent variants). It shares
 * no code with the engine; only {@link ReferenceLoop.RefMesh} and {@link ReferenceLoop#subdivide}
 * (plain Loop) are used.
 *
 * <p>Scope: no crease tags; boundaries follow OpenSubdiv's "edge only" option, so every boundary
 * vertex (ears included) is a crease vertex whose two sharp edges are its two boundary edges.
 *
 * <p>The ring of a vertex {@code p}: the other ends {@code q_i} of its incident edges in
 * counter-clockwise order (consistent with counter-clockwise faces), built from the faces: face
 * {@code (p, b, c)} says that {@code c} follows {@code b}. An interior vertex starts at an arbitrary
 * neighbour (the normal does not depend on the start); a boundary vertex starts at its leading
 * boundary edge (the boundary edge that runs {@code p -> next} in its face), so that
 * {@code q_0 = q_e0} and the last neighbour {@code q_n = q_e1} (the other boundary edge), {@code n}
 * faces, {@code k = n - 1} edges strictly between.
 *
 * <p>Formulas, {@code n} the number of incident faces:
 * <ul>
 *   <li>smooth interior vertex: position {@code (1 - n eps) p + eps sum q_i},
 *       {@code eps = 1 / (n + 3 / (8 beta(n)))}, {@code beta} Loop's original
 *       {@code (5/8 - (3/8 + 1/4 cos(2 pi / n))^2) / n}; valence 6 uses the exact {@code 1/2} and
 *       {@code 1/12}. Tangents {@code du = sum cos(2 pi i / n) q_i}, {@code dv = sum sin(2 pi i / n) q_i}
 *       (valence 6: exact constants {@code 1, 1/2, -1/2, -1, -1/2, 1/2} and
 *       {@code 0, r, r, 0, -r, -r}, {@code r = sqrt(3)/2});</li>
 *   <li>boundary (crease) vertex: position {@code 2/3 p + 1/6 (q_e0 + q_e1)},
 *       {@code du = 3/2 (q_e0 - q_e1)}, {@code dv} by {@code k}:
 *       {@code k = 0}: {@code 3 q_e0 + 3 q_e1 - 6 p};
 *       {@code k = 1}: {@code 3 q_1 - 3 p};
 *       {@code k = 2}: {@code -sqrt3 p - sqrt3/2 (q_e0 + q_e1) + sqrt3 (q_1 + q_2)};
 *       {@code k >= 3}, {@code theta = pi / (k + 1)}:
 *       {@code -3 sin(theta) (q_e0 + q_e1) + sum_{i=1..k} 6 (1 - cos theta) sin(i theta) q_i};</li>
 *   <li>normal: {@code normalize(du x dv)} (the zero vector where {@code du x dv} is zero).</li>
 * </ul>
 */
public final class ReferenceLimit {
    private ReferenceLimit() {
    }

    /**
     * Limit data per vertex of {@code mesh}.
     *
     * @param mesh the mesh the limit was taken on (the refined one for {@link #limitAfter})
     * @param positions limit position, x, y, z per vertex of {@code mesh}
     * @param normals unit limit normal {@code normalize(du x dv)}, x, y, z per vertex
     * @param du first limit tangent (unnormalised), x, y, z per vertex
     * @param dv second limit tangent (unnormalised), x, y, z per vertex
     */
    public record Result(RefMesh mesh, double[] positions, double[] normals, double[] du, double[] dv) {
    }

    /**
     * @param mesh a manifold, consistently counter-clockwise oriented triangle mesh (open allowed);
     *     every vertex must be used by a face
     * @return limit positions, normals and tangents of every vertex of {@code mesh}
     * @throws IllegalArgumentException for a non-manifold edge or vertex or an unused vertex
     */
    public static Result limit(RefMesh mesh) {
        int vertexCount = mesh.vertexCount();
        int[][] rings = rings(mesh);
        boolean[] boundary = new boolean[vertexCount];
        for (int v = 0; v < vertexCount; v++) {
            boundary[v] = rings[v].length > 0 && rings[v][0] < 0;
        }
        double[] p = mesh.positions();
        double[] pos = new double[3 * vertexCount];
        double[] du = new double[3 * vertexCount];
        double[] dv = new double[3 * vertexCount];
        double[] nrm = new double[3 * vertexCount];
        for (int v = 0; v < vertexCount; v++) {
            int[] ring = rings[v];
            if (boundary[v]) {
                // ring[0] = -1 marks a boundary vertex; ring[1..] = q_0 .. q_n
                int[] q = java.util.Arrays.copyOfRange(ring, 1, ring.length);
                boundaryLimit(p, v, q, pos, du, dv);
            } else {
                interiorLimit(p, v, ring, pos, du, dv);
            }
            double[] c = cross(du, dv, v);
            double len = Math.sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
            for (int x = 0; x < 3; x++) {
                nrm[3 * v + x] = len > 0 ? c[x] / len : 0;
            }
        }
        return new Result(mesh, pos, nrm, du, dv);
    }

    /**
     * Refines {@code levels} times with plain Loop ({@link ReferenceLoop#subdivide}, Loop's
     * weights, which with no tags equals OpenSubdiv's Loop with "edge only" boundaries), then takes
     * the limit there.
     *
     * @param mesh the base mesh
     * @param levels uniform refinement levels, at least 0
     * @return limit data per vertex of the refined mesh ({@link Result#mesh()}); its vertices
     *     {@code 0..V-1} are the base mesh's vertices
     */
    public static Result limitAfter(RefMesh mesh, int levels) {
        if (levels < 0) {
            throw new IllegalArgumentException("levels must be >= 0, got " + levels);
        }
        return limit(ReferenceLoop.subdivide(mesh, levels, false));
    }

    /**
     * Loop's original vertex weight {@code beta(n) = (5/8 - (3/8 + 1/4 cos(2 pi / n))^2) / n}.
     *
     * @param n valence, at least 1
     * @return beta
     */
    public static double beta(int n) {
        if (n == 6) {
            return 1.0 / 16.0;
        }
        double c = 3.0 / 8.0 + 0.25 * Math.cos(2 * Math.PI / n);
        return (5.0 / 8.0 - c * c) / n;
    }

    /**
     * The smooth limit weight {@code eps(n) = 1 / (n + 3 / (8 beta(n)))} (valence 6: {@code 1/12}).
     *
     * @param n valence, at least 1
     * @return eps
     */
    public static double epsilon(int n) {
        if (n == 6) {
            return 1.0 / 12.0;
        }
        return 1.0 / (n + 3.0 / (8.0 * beta(n)));
    }

    private static void interiorLimit(double[] p, int v, int[] q, double[] pos, double[] du, double[] dv) {
        int n = q.length;
        double eps = epsilon(n);
        double self = n == 6 ? 0.5 : 1 - n * eps;
        double[] cu = new double[n];
        double[] cv = new double[n];
        if (n == 6) {
            double r = Math.sqrt(3) / 2;
            cu = new double[] {1, 0.5, -0.5, -1, -0.5, 0.5};
            cv = new double[] {0, r, r, 0, -r, -r};
        } else {
            for (int i = 0; i < n; i++) {
                cu[i] = Math.cos(2 * Math.PI * i / n);
                cv[i] = Math.sin(2 * Math.PI * i / n);
            }
        }
        for (int x = 0; x < 3; x++) {
            double sum = 0;
            double u = 0;
            double w = 0;
            for (int i = 0; i < n; i++) {
                double qi = p[3 * q[i] + x];
                sum += qi;
                u += cu[i] * qi;
                w += cv[i] * qi;
            }
            pos[3 * v + x] = self * p[3 * v + x] + eps * sum;
            du[3 * v + x] = u;
            dv[3 * v + x] = w;
        }
    }

    /** q = q_0 .. q_n, q_0 the leading boundary edge, q_n the trailing one. */
    private static void boundaryLimit(double[] p, int v, int[] q, double[] pos, double[] du, double[] dv) {
        int last = q.length - 1;
        int k = last - 1;
        double s3 = Math.sqrt(3);
        double theta = Math.PI / (k + 1);
        for (int x = 0; x < 3; x++) {
            double pv = p[3 * v + x];
            double a = p[3 * q[0] + x];
            double b = p[3 * q[last] + x];
            pos[3 * v + x] = 2.0 / 3.0 * pv + 1.0 / 6.0 * (a + b);
            du[3 * v + x] = 1.5 * (a - b);
            double t;
            if (k == 0) {
                t = 3 * a + 3 * b - 6 * pv;
            } else if (k == 1) {
                t = 3 * p[3 * q[1] + x] - 3 * pv;
            } else if (k == 2) {
                t = -s3 * pv - s3 / 2 * (a + b) + s3 * (p[3 * q[1] + x] + p[3 * q[2] + x]);
            } else {
                t = -3 * Math.sin(theta) * (a + b);
                for (int i = 1; i <= k; i++) {
                    t += 6 * (1 - Math.cos(theta)) * Math.sin(i * theta) * p[3 * q[i] + x];
                }
            }
            dv[3 * v + x] = t;
        }
    }

    private static double[] cross(double[] u, double[] w, int v) {
        int o = 3 * v;
        return new double[] {
            u[o + 1] * w[o + 2] - u[o + 2] * w[o + 1],
            u[o + 2] * w[o] - u[o] * w[o + 2],
            u[o] * w[o + 1] - u[o + 1] * w[o],
        };
    }

    /**
     * Counter-clockwise rings. Interior vertex: {@code q_0 .. q_{n-1}}. Boundary vertex:
     * {@code -1, q_0 .. q_n} ({@code q_0} the leading boundary edge).
     */
    static int[][] rings(RefMesh mesh) {
        int vertexCount = mesh.vertexCount();
        int[] tri = mesh.triangles();
        // per vertex: map "next in face" -> "previous in face" (b -> c for face (p, b, c))
        @SuppressWarnings("unchecked")
        Map<Integer, Integer>[] succ = new Map[vertexCount];
        for (int v = 0; v < vertexCount; v++) {
            succ[v] = new HashMap<>();
        }
        for (int t = 0; t < mesh.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                int pv = tri[3 * t + c];
                int b = tri[3 * t + (c + 1) % 3];
                int cc = tri[3 * t + (c + 2) % 3];
                if (succ[pv].put(b, cc) != null) {
                    throw new IllegalArgumentException("directed edge " + pv + "->" + b
                            + " in two faces (non-manifold or inconsistent orientation)");
                }
            }
        }
        int[][] rings = new int[vertexCount][];
        for (int v = 0; v < vertexCount; v++) {
            Map<Integer, Integer> s = succ[v];
            int faces = s.size();
            if (faces == 0) {
                throw new IllegalArgumentException("vertex " + v + " is in no face");
            }
            java.util.Set<Integer> targets = new java.util.HashSet<>(s.values());
            int start = -1;
            int starts = 0;
            for (int b : s.keySet()) {
                if (!targets.contains(b)) {
                    start = b;
                    starts++;
                }
            }
            if (starts > 1) {
                throw new IllegalArgumentException("vertex " + v + " is non-manifold (" + starts + " boundary fans)");
            }
            int[] ring;
            if (starts == 0) {
                ring = new int[faces];
                int cur = s.keySet().iterator().next();
                for (int i = 0; i < faces; i++) {
                    if (i > 0 && cur == ring[0]) {
                        throw new IllegalArgumentException("vertex " + v + " is non-manifold (several fans)");
                    }
                    ring[i] = cur;
                    cur = s.get(cur);
                }
                if (cur != ring[0]) {
                    throw new IllegalArgumentException("vertex " + v + " is non-manifold (several fans)");
                }
            } else {
                ring = new int[faces + 2];
                ring[0] = -1;
                int cur = start;
                for (int i = 0; i <= faces; i++) {
                    if (i > 0 && cur < 0) {
                        throw new IllegalArgumentException("vertex " + v + " is non-manifold (several fans)");
                    }
                    ring[i + 1] = cur;
                    Integer next = s.get(cur);
                    cur = next == null ? -1 : next;
                }
                if (cur != -1) {
                    throw new IllegalArgumentException("vertex " + v + " is non-manifold (several fans)");
                }
            }
            rings[v] = ring;
        }
        return rings;
    }
}
