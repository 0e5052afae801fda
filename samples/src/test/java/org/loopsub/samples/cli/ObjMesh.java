package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An OBJ file as the tests read it, without the library: {@code v} lines as floats (the writer
 * prints the shortest decimal that reads back to the same float) and triangles from {@code f}
 * lines, then welded again by exact position, so that nothing the command's own welding did is
 * trusted. Its topology is summarised from scratch: every directed edge must occur once (manifold,
 * consistently oriented), an edge without its reverse is a boundary edge, and boundary edges must
 * close into loops.
 */
final class ObjMesh {
    /** x, y, z per {@code v} line, in file order. */
    final float[] positions;
    /** Three 0-based {@code v} indices per face, in file order. */
    final int[] faces;

    private ObjMesh(float[] positions, int[] faces) {
        this.positions = positions;
        this.faces = faces;
    }

    static ObjMesh read(Path obj) throws IOException {
        List<float[]> v = new ArrayList<>();
        List<int[]> f = new ArrayList<>();
        for (String line : Files.readAllLines(obj, StandardCharsets.UTF_8)) {
            String[] p = line.trim().split("\\s+");
            if (p[0].equals("v")) {
                v.add(new float[] {Float.parseFloat(p[1]), Float.parseFloat(p[2]), Float.parseFloat(p[3])});
            } else if (p[0].equals("f")) {
                // fan-triangulate, as the reader does; corners are "i", "i/t", "i//n" or "i/t/n"
                for (int i = 2; i + 1 < p.length; i++) {
                    f.add(new int[] {index(p[1], v.size()), index(p[i], v.size()), index(p[i + 1], v.size())});
                }
            }
        }
        float[] positions = new float[3 * v.size()];
        for (int i = 0; i < v.size(); i++) {
            System.arraycopy(v.get(i), 0, positions, 3 * i, 3);
        }
        int[] faces = new int[3 * f.size()];
        for (int i = 0; i < f.size(); i++) {
            System.arraycopy(f.get(i), 0, faces, 3 * i, 3);
        }
        return new ObjMesh(positions, faces);
    }

    private static int index(String corner, int vertices) {
        int slash = corner.indexOf('/');
        int i = Integer.parseInt(slash < 0 ? corner : corner.substring(0, slash));
        return i > 0 ? i - 1 : vertices + i;
    }

    int vertexCount() {
        return positions.length / 3;
    }

    int faceCount() {
        return faces.length / 3;
    }

    /** @return corner c of face t, as x, y, z in double */
    double[] corner(int t, int c) {
        int v = faces[3 * t + c];
        return new double[] {positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]};
    }

    static double distance(double[] a, double[] b) {
        double dx = a[0] - b[0];
        double dy = a[1] - b[1];
        double dz = a[2] - b[2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** @return the longest of the face's three edges */
    double longestEdge(int t) {
        double longest = 0;
        for (int c = 0; c < 3; c++) {
            longest = Math.max(longest, distance(corner(t, c), corner(t, (c + 1) % 3)));
        }
        return longest;
    }

    /**
     * What the topology is, welded by exact position ({@code -0} is {@code 0}).
     *
     * @param vertices distinct positions used by faces
     * @param edges undirected edges
     * @param faces faces
     * @param boundary directed edges without their reverse, as welded vertex pairs
     * @param loops boundary loops
     * @param welded the weld's vertex of each {@code v} line
     */
    record Topology(int vertices, int edges, int faces, List<int[]> boundary, int loops, int[] welded) {
        int euler() {
            return vertices - edges + faces;
        }
    }

    /** A position by its bits, {@code -0} read as {@code 0}. */
    private record Position(int x, int y, int z) {
    }

    private static int bits(float p) {
        return Float.floatToIntBits(p == 0f ? 0f : p);
    }

    Topology topology(String what) {
        Map<Position, Integer> ids = new HashMap<>();
        int[] welded = new int[vertexCount()];
        for (int v = 0; v < vertexCount(); v++) {
            Position key = new Position(bits(positions[3 * v]), bits(positions[3 * v + 1]), bits(positions[3 * v + 2]));
            welded[v] = ids.computeIfAbsent(key, k -> ids.size());
        }
        Map<Long, Integer> directed = new HashMap<>();
        for (int t = 0; t < faceCount(); t++) {
            int[] w = {welded[faces[3 * t]], welded[faces[3 * t + 1]], welded[faces[3 * t + 2]]};
            if (w[0] == w[1] || w[1] == w[2] || w[2] == w[0]) {
                fail(what + ": face " + (t + 1) + " has two corners at one position");
            }
            for (int e = 0; e < 3; e++) {
                long key = (long) w[e] << 32 | w[(e + 1) % 3];
                if (directed.put(key, t) != null) {
                    fail(what + ": edge " + w[e] + "->" + w[(e + 1) % 3] + " in two faces the same way (face " + (t + 1)
                            + "): not manifold or not consistently oriented");
                }
            }
        }
        int edges = 0;
        List<int[]> boundary = new ArrayList<>();
        Map<Integer, Integer> next = new HashMap<>();
        for (long key : directed.keySet()) {
            int a = (int) (key >>> 32);
            int b = (int) key;
            if (directed.containsKey((long) b << 32 | a)) {
                edges += a < b ? 1 : 0;
            } else {
                edges++;
                boundary.add(new int[] {a, b});
                if (next.put(a, b) != null) {
                    fail(what + ": two boundary edges leave one vertex: a pinched boundary, or a crack between faces");
                }
            }
        }
        int loops = 0;
        while (!next.isEmpty()) {
            int start = next.keySet().iterator().next();
            int v = start;
            do {
                Integer n = next.remove(v);
                if (n == null) {
                    fail(what + ": the boundary does not close into loops");
                }
                v = n;
            } while (v != start);
            loops++;
        }
        int used = (int) java.util.Arrays.stream(faces).map(v -> welded[v]).distinct().count();
        return new Topology(used, edges, faceCount(), boundary, loops, welded);
    }

    /**
     * Asserts that a refinement has no crack: with its vertices welded by position, every edge is
     * in two faces with opposite orientation except boundary edges; a closed input gives a closed
     * output; an open one gives as many boundary loops, the same Euler characteristic, and a
     * boundary that lies along the input's (no vertex of it further from the input's boundary
     * polygon than half the polygon's longest edge: Loop's boundary rules keep boundaries near
     * the polygon, a crack inside the mesh opens far from it).
     */
    static void assertCrackFree(ObjMesh input, ObjMesh output, String what) {
        Topology in = input.topology(what + " (input)");
        Topology out = output.topology(what);
        if (in.boundary().isEmpty()) {
            assertEquals(List.of(), out.boundary().stream().map(e -> e[0] + "->" + e[1]).toList(),
                    what + ": open edges in the refinement of a closed mesh");
        }
        assertEquals(in.loops(), out.loops(), what + ": boundary loops");
        assertEquals(in.euler(), out.euler(), what + ": Euler characteristic");
        if (in.boundary().isEmpty()) {
            return;
        }
        double[][] inPos = byWeld(input, in);
        double[][] outPos = byWeld(output, out);
        double longest = 0;
        for (int[] e : in.boundary()) {
            longest = Math.max(longest, distance(inPos[e[0]], inPos[e[1]]));
        }
        for (int[] e : out.boundary()) {
            double d = Double.MAX_VALUE;
            for (int[] s : in.boundary()) {
                d = Math.min(d, distanceToSegment(outPos[e[0]], inPos[s[0]], inPos[s[1]]));
            }
            if (d > 0.5 * longest) {
                fail(what + ": boundary vertex " + java.util.Arrays.toString(outPos[e[0]]) + " is " + d
                        + " from the input's boundary (longest boundary edge " + longest + ")");
            }
        }
    }

    private static double[][] byWeld(ObjMesh m, Topology t) {
        double[][] p = new double[m.vertexCount()][];
        for (int v = 0; v < m.vertexCount(); v++) {
            p[t.welded()[v]] = new double[] {m.positions[3 * v], m.positions[3 * v + 1], m.positions[3 * v + 2]};
        }
        return p;
    }

    private static double distanceToSegment(double[] p, double[] a, double[] b) {
        double[] ab = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
        double len2 = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2];
        double t = len2 == 0 ? 0 : ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1] + (p[2] - a[2]) * ab[2]) / len2;
        t = Math.max(0, Math.min(1, t));
        return distance(p, new double[] {a[0] + t * ab[0], a[1] + t * ab[1], a[2] + t * ab[2]});
    }
}
