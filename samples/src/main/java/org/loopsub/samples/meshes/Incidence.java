package org.loopsub.samples.meshes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which faces meet at each vertex, and which face holds each directed edge, of a fixed triangle
 * list. Neighbour sets are sorted so that every choice made from them is the same on every run.
 */
final class Incidence {
    private final int[] tri;
    private final List<List<Integer>> faces;
    private final Map<Long, Integer> directed;

    /**
     * @param vertexCount the number of vertices
     * @param tri three vertex indices per face, consistently oriented
     */
    Incidence(int vertexCount, int[] tri) {
        this.tri = tri;
        faces = new ArrayList<>(vertexCount);
        for (int v = 0; v < vertexCount; v++) {
            faces.add(new ArrayList<>());
        }
        directed = new HashMap<>();
        for (int f = 0; f < tri.length / 3; f++) {
            for (int c = 0; c < 3; c++) {
                faces.get(tri[3 * f + c]).add(f);
                directed.put(key(tri[3 * f + c], tri[3 * f + (c + 1) % 3]), f);
            }
        }
    }

    private static long key(int from, int to) {
        return ((long) from << 32) | (to & 0xffffffffL);
    }

    int vertexCount() {
        return faces.size();
    }

    /** @return the faces that use {@code v}, in increasing order */
    List<Integer> faces(int v) {
        return faces.get(v);
    }

    /** @return the vertices joined to {@code v} by an edge, sorted */
    TreeSet<Integer> neighbours(int v) {
        return neighbours(tri, faces.get(v), v);
    }

    /**
     * @param tri three vertex indices per face
     * @param facesOfV the faces that use {@code v}
     * @return the vertices joined to {@code v} by an edge, sorted
     */
    static TreeSet<Integer> neighbours(int[] tri, Iterable<Integer> facesOfV, int v) {
        TreeSet<Integer> out = new TreeSet<>();
        for (int f : facesOfV) {
            for (int c = 0; c < 3; c++) {
                if (tri[3 * f + c] != v) {
                    out.add(tri[3 * f + c]);
                }
            }
        }
        return out;
    }

    /** @return every vertex at most two edges away from {@code v}, {@code v} included */
    TreeSet<Integer> twoRing(int v) {
        TreeSet<Integer> out = new TreeSet<>();
        out.add(v);
        for (int n : neighbours(v)) {
            out.add(n);
            out.addAll(neighbours(n));
        }
        return out;
    }

    /** @return the face holding the directed edge {@code from -> to}, or -1 */
    int faceOf(int from, int to) {
        Integer f = directed.get(key(from, to));
        return f == null ? -1 : f;
    }

    /** @return the corner (0..2) of face {@code f} that is vertex {@code v} */
    int corner(int f, int v) {
        for (int c = 0; c < 3; c++) {
            if (tri[3 * f + c] == v) {
                return c;
            }
        }
        throw new IllegalArgumentException("face " + f + " does not use vertex " + v);
    }

    /**
     * The faces around {@code p} on the left of the path {@code prev -> p -> next}: from the face
     * holding {@code p -> next} round to the face holding {@code prev -> p}, both included. Seen
     * from {@code p}, face {@code (p, b, c)} is followed by the face holding {@code p -> c}.
     */
    List<Integer> leftFan(int prev, int p, int next) {
        List<Integer> out = new ArrayList<>();
        int f = faceOf(p, next);
        while (true) {
            out.add(f);
            int c = tri[3 * f + (corner(f, p) + 2) % 3];
            if (c == prev) {
                return out;
            }
            f = faceOf(p, c);
            if (f < 0 || out.size() > faces.get(p).size()) {
                throw new IllegalStateException("vertex " + p + " is not inside a closed fan");
            }
        }
    }
}
