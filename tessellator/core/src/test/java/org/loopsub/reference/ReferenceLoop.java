package org.loopsub.reference;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.loopsub.api.TriangleMesh;

/**
 * A plain indexed Loop subdivision in double precision, written from the formulas of docs/design.md §3
 * alone and sharing no code with the engine, so that the engine can be checked against it.
 *
 * <p>Each level: an edge map (key = sorted vertex pair) finds every edge's faces; old vertices keep
 * their indices {@code 0..V-1} with new positions, edge points follow as {@code V + e} in order of
 * first appearance (triangles in order, edges {@code ab, bc, ca}); triangle {@code abc} becomes
 * {@code (a, ab, ca), (ab, b, bc), (ca, bc, c), (ab, bc, ca)}, which keeps its orientation.
 */
public final class ReferenceLoop {
    private ReferenceLoop() {
    }

    /**
     * An indexed triangle mesh in double precision.
     *
     * @param positions x, y, z per vertex
     * @param triangles three 0-based vertex indices per triangle
     */
    public record RefMesh(double[] positions, int[] triangles) {
        /** @return number of vertices */
        public int vertexCount() {
            return positions.length / 3;
        }

        /** @return number of triangles */
        public int triangleCount() {
            return triangles.length / 3;
        }

        /** @return the mesh rounded to float */
        public TriangleMesh toTriangleMesh() {
            float[] p = new float[positions.length];
            for (int i = 0; i < p.length; i++) {
                p[i] = (float) positions[i];
            }
            return TriangleMesh.of(p, triangles);
        }
    }

    /**
     * @param mesh a float mesh
     * @return the same mesh in double precision (creases are ignored)
     */
    public static RefMesh fromTriangleMesh(TriangleMesh mesh) {
        double[] p = new double[3 * mesh.vertexCount()];
        for (int i = 0; i < p.length; i++) {
            p[i] = mesh.position(i / 3, i % 3);
        }
        return new RefMesh(p, mesh.triangles());
    }

    /**
     * Loop's vertex weight for an interior vertex.
     *
     * @param valence number of neighbours
     * @param warren Warren's {@code 3/(8n)} ({@code 3/16} for {@code n = 3}) instead of Loop's
     * @return beta
     */
    public static double beta(int valence, boolean warren) {
        double n = valence;
        if (warren) {
            return valence == 3 ? 3.0 / 16.0 : 3.0 / (8.0 * n);
        }
        double c = 3.0 / 8.0 + 0.25 * Math.cos(2 * Math.PI / n);
        return (5.0 / 8.0 - c * c) / n;
    }

    /**
     * @param mesh a valid manifold, consistently oriented triangle mesh
     * @param levels how many times to split every triangle
     * @param warren Warren's weights instead of Loop's
     * @return the mesh after {@code levels} levels
     */
    public static RefMesh subdivide(RefMesh mesh, int levels, boolean warren) {
        RefMesh m = mesh;
        for (int i = 0; i < levels; i++) {
            m = level(m, warren);
        }
        return m;
    }

    private static long key(int a, int b) {
        return a < b ? ((long) a << 32) | b : ((long) b << 32) | a;
    }

    /** One edge: its ends in the direction of its first face, and the opposite vertices. */
    private static final class Edge {
        final int index;
        final int a;
        final int b;
        int opposite0 = -1;
        int opposite1 = -1;
        int faces;

        Edge(int index, int a, int b) {
            this.index = index;
            this.a = a;
            this.b = b;
        }
    }

    private static RefMesh level(RefMesh m, boolean warren) {
        int vertexCount = m.vertexCount();
        int triangleCount = m.triangleCount();
        int[] tri = m.triangles();
        double[] p = m.positions();
        Map<Long, Edge> edges = new HashMap<>();
        List<Edge> edgeList = new java.util.ArrayList<>();
        int[] faceEdges = new int[3 * triangleCount];
        for (int t = 0; t < triangleCount; t++) {
            for (int c = 0; c < 3; c++) {
                int a = tri[3 * t + c];
                int b = tri[3 * t + (c + 1) % 3];
                int opposite = tri[3 * t + (c + 2) % 3];
                Edge e = edges.get(key(a, b));
                if (e == null) {
                    e = new Edge(edgeList.size(), a, b);
                    edges.put(key(a, b), e);
                    edgeList.add(e);
                }
                if (e.faces == 0) {
                    e.opposite0 = opposite;
                } else {
                    e.opposite1 = opposite;
                }
                e.faces++;
                if (e.faces > 2) {
                    throw new IllegalArgumentException("edge " + a + "-" + b + " is in more than two faces");
                }
                faceEdges[3 * t + c] = e.index;
            }
        }

        // neighbours of each vertex, and boundary neighbours of boundary vertices
        List<List<Integer>> ring = new java.util.ArrayList<>(vertexCount);
        List<List<Integer>> boundary = new java.util.ArrayList<>(vertexCount);
        for (int v = 0; v < vertexCount; v++) {
            ring.add(new java.util.ArrayList<>());
            boundary.add(new java.util.ArrayList<>());
        }
        for (Edge e : edgeList) {
            ring.get(e.a).add(e.b);
            ring.get(e.b).add(e.a);
            if (e.faces == 1) {
                boundary.get(e.a).add(e.b);
                boundary.get(e.b).add(e.a);
            }
        }

        double[] out = new double[3 * (vertexCount + edgeList.size())];
        for (int v = 0; v < vertexCount; v++) {
            List<Integer> bnd = boundary.get(v);
            List<Integer> nbr = ring.get(v);
            for (int x = 0; x < 3; x++) {
                double value;
                if (bnd.isEmpty()) {
                    int n = nbr.size();
                    double beta = beta(n, warren);
                    double sum = 0;
                    for (int r : nbr) {
                        sum += p[3 * r + x];
                    }
                    value = (1 - n * beta) * p[3 * v + x] + beta * sum;
                } else if (bnd.size() == 2) {
                    value = 0.75 * p[3 * v + x] + 0.125 * (p[3 * bnd.get(0) + x] + p[3 * bnd.get(1) + x]);
                } else {
                    throw new IllegalArgumentException("vertex " + v + " has " + bnd.size() + " boundary edges");
                }
                out[3 * v + x] = value;
            }
        }
        for (Edge e : edgeList) {
            int o = 3 * (vertexCount + e.index);
            for (int x = 0; x < 3; x++) {
                double a = p[3 * e.a + x];
                double b = p[3 * e.b + x];
                out[o + x] = e.faces == 1
                        ? 0.5 * (a + b)
                        : 0.375 * (a + b) + 0.125 * (p[3 * e.opposite0 + x] + p[3 * e.opposite1 + x]);
            }
        }

        int[] children = new int[12 * triangleCount];
        for (int t = 0; t < triangleCount; t++) {
            int a = tri[3 * t];
            int b = tri[3 * t + 1];
            int c = tri[3 * t + 2];
            int ab = vertexCount + faceEdges[3 * t];
            int bc = vertexCount + faceEdges[3 * t + 1];
            int ca = vertexCount + faceEdges[3 * t + 2];
            int[] four = {a, ab, ca, ab, b, bc, ca, bc, c, ab, bc, ca};
            System.arraycopy(four, 0, children, 12 * t, 12);
        }
        return new RefMesh(out, children);
    }
}
