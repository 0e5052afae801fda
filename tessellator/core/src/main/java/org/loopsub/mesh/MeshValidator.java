package org.loopsub.mesh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.MeshProblem;
import org.loopsub.api.MeshProblem.Kind;
import org.loopsub.api.TriangleMesh;

/**
 * Decides whether a (welded) mesh can be subdivided: a consistently oriented 2-manifold, possibly
 * with boundary, with finite coordinates.
 *
 * <p>Each check looks only at the faces that passed the checks before it (a face with an index out
 * of range, a degenerate face and a repeated face take no part in the edge and vertex checks), so
 * that one fault is reported once, under its own kind, and not again as its consequences. For the
 * same reason a vertex on a non-manifold edge is not reported again as a non-manifold vertex.
 *
 * <p>Of the uv channel only the size of the values is checked ({@link #MAX_UV}): a {@link TriangleMesh}
 * checks its own uv indices and that the values are finite when it is made. Nothing here reorders
 * or rewrites a mesh.
 *
 * <p>Everything runs in expected linear time (hash tables and a union-find with path halving,
 * which adds at most a logarithmic factor), without recursion, so meshes of millions of faces are
 * fine.
 */
public final class MeshValidator {
    /**
     * The largest valence the tessellator supports ({@link TriangleMesh#MAX_VALENCE}): a record holds
     * each corner's valence in 8 bits (RecordLayout). A valid mesh beyond it is refused as
     * {@link Kind#TOO_LARGE} ({@link #valenceProblem}).
     */
    public static final int MAX_VALENCE = TriangleMesh.MAX_VALENCE;

    /**
     * The largest uv magnitude refined: {@code 2^120}, about {@code 1.3e36}. The largest sum the
     * refinement forms on uvs is a smooth vertex point's ring sum, at most {@link #MAX_VALENCE} (254,
     * under {@code 2^8}) values, so with every value within this bound every sum stays below
     * {@link Float#MAX_VALUE} ({@code 2^128} less one float step); a larger value would overflow to
     * infinity on the way to a result that lies among the inputs. The arithmetic itself stays as it is:
     * it is the shaders' too, and both back ends write the same bytes. Positions need no bound: the
     * engine refines them in a frame scaled to [-1, 1].
     */
    public static final float MAX_UV = 0x1p120f;

    private MeshValidator() {
    }

    /**
     * @param topology a valid mesh's topology
     * @return the problem of a vertex whose valence passes {@link #MAX_VALENCE}, or null; vertices
     *     named by the mesh's own numbers
     */
    public static MeshProblem valenceProblem(MeshTopology topology) {
        return valenceProblem(topology, ElementNames.OWN);
    }

    /**
     * @param topology a valid mesh's topology
     * @param names how to name its vertices
     * @return the problem of the vertices whose valence passes {@link #MAX_VALENCE} (the first named,
     *     with how many there are), or null
     */
    public static MeshProblem valenceProblem(MeshTopology topology, ElementNames names) {
        if (topology.maxValence() <= MAX_VALENCE) {
            return null;
        }
        int first = -1;
        int count = 0;
        for (int v = 0; v < topology.vertexCount(); v++) {
            if (topology.valence(v) > MAX_VALENCE) {
                first = first < 0 ? v : first;
                count++;
            }
        }
        String message = count == 1
                ? "vertex " + names.vertexNumber(first) + " has valence " + topology.valence(first) + "; at most "
                        + MAX_VALENCE + " is supported"
                : count + " vertices have a valence above " + MAX_VALENCE + ", the most supported (the first: vertex "
                        + names.vertexNumber(first) + ", valence " + topology.valence(first) + "; the highest: "
                        + topology.maxValence() + ")";
        return new MeshProblem(Kind.TOO_LARGE, message);
    }

    /**
     * Refuses a valid mesh whose valence passes {@link #MAX_VALENCE}.
     *
     * @param topology a valid mesh's topology
     * @throws InvalidMeshException with {@link #valenceProblem} if there is one
     */
    public static void requireSupportedValence(MeshTopology topology) {
        MeshProblem valence = valenceProblem(topology);
        if (valence != null) {
            throw new InvalidMeshException(List.of(valence));
        }
    }

    /**
     * Every problem of the mesh, at most one {@link MeshProblem} per {@link Kind}, each naming the
     * first offender (faces and vertices 1-based) and how many offenders of that kind there are.
     * Ordered by severity: {@code EMPTY}, {@code INDEX_OUT_OF_RANGE}, {@code NON_FINITE},
     * {@code TOO_LARGE} (a uv beyond {@link #MAX_UV}), {@code DEGENERATE_FACE}, {@code DUPLICATE_FACE},
     * {@code NON_MANIFOLD_EDGE},
     * {@code INCONSISTENT_ORIENTATION}, {@code NON_MANIFOLD_VERTEX}. An empty mesh gets only
     * {@code EMPTY}.
     *
     * @param mesh the mesh, normally after {@link InputWelder#weld(TriangleMesh)}
     * @return the problems; empty if the mesh is valid
     */
    public static List<MeshProblem> problems(TriangleMesh mesh) {
        return problems(mesh, ElementNames.OWN);
    }

    /**
     * As {@link #problems(TriangleMesh)}, naming faces and vertices as {@code names} says.
     *
     * @param mesh the mesh, normally after {@link InputWelder#weld(TriangleMesh)}
     * @param names how messages name the mesh's faces and vertices
     * @return the problems; empty if the mesh is valid
     */
    public static List<MeshProblem> problems(TriangleMesh mesh, ElementNames names) {
        int nv = mesh.vertexCount();
        int nt = mesh.triangleCount();
        if (nv == 0 || nt == 0) {
            return List.of(new MeshProblem(Kind.EMPTY, nv == 0 && nt == 0 ? "the mesh has no vertex and no face"
                    : nv == 0 ? "the mesh has " + nt + " faces but no vertex" : "the mesh has " + nv
                    + " vertices but no face"));
        }
        int[] tri = mesh.triangles();
        List<MeshProblem> problems = new ArrayList<>();
        // Faces a check has refused: the later checks, which assume what it checked, leave them out.
        boolean[] skip = new boolean[nt];
        indicesInRange(mesh, tri, names, skip, problems);
        finitePositions(mesh, names, problems);
        uvsInRange(mesh, problems);
        distinctCorners(mesh, tri, names, skip, problems);
        distinctFaces(mesh, tri, names, skip, problems);
        Edges edges = Edges.build(tri, skip);
        boolean[] onBadEdge = manifoldOrientedEdges(mesh, tri, names, skip, edges, problems);
        manifoldVertices(mesh, tri, names, skip, edges, onBadEdge, problems);
        return List.copyOf(problems);
    }

    private static void indicesInRange(TriangleMesh mesh, int[] tri, ElementNames names, boolean[] skip,
                                        List<MeshProblem> problems) {
        int nv = mesh.vertexCount();
        Tally range = new Tally("faces");
        for (int t = 0; t < mesh.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                int v = tri[3 * t + c];
                if (v < 0 || v >= nv) {
                    if (range.counted()) {
                        range.message(names.face(t) + " refers to vertex index " + v + " (0-based), but the mesh has "
                                + nv + " vertices");
                    }
                    skip[t] = true;
                    break;
                }
            }
        }
        range.report(Kind.INDEX_OUT_OF_RANGE, problems);
    }

    private static void finitePositions(TriangleMesh mesh, ElementNames names, List<MeshProblem> problems) {
        int nv = mesh.vertexCount();
        Tally nonFinite = new Tally("vertices");
        for (int v = 0; v < nv; v++) {
            for (int axis = 0; axis < 3; axis++) {
                float value = mesh.position(v, axis);
                if (!Float.isFinite(value)) {
                    if (nonFinite.counted()) {
                        nonFinite.message("vertex " + names.vertexNumber(v) + " has " + "xyz".charAt(axis) + " = "
                                + value + "; coordinates must be finite");
                    }
                    break;
                }
            }
        }
        nonFinite.report(Kind.NON_FINITE, problems);
    }

    private static void uvsInRange(TriangleMesh mesh, List<MeshProblem> problems) {
        Tally hugeUv = new Tally("uvs");
        for (int i = 0; i < mesh.uvCount(); i++) {
            for (int axis = 0; axis < 2; axis++) {
                float value = mesh.uv(i, axis);
                // the negation also catches NaN, which TriangleMesh refuses already
                if (!(Math.abs(value) <= MAX_UV)) {
                    if (hugeUv.counted()) {
                        hugeUv.message("uv " + (i + 1) + " has " + "uv".charAt(axis) + " = " + value
                                + "; uv values must be at most 2^120 (" + MAX_UV + ") in magnitude, or the"
                                + " refinement's sums would overflow");
                    }
                    break;
                }
            }
        }
        hugeUv.report(Kind.TOO_LARGE, problems);
    }

    private static void distinctCorners(TriangleMesh mesh, int[] tri, ElementNames names, boolean[] skip,
                                         List<MeshProblem> problems) {
        int nt = mesh.triangleCount();
        Tally degenerate = new Tally("faces");
        for (int t = 0; t < nt; t++) {
            if (skip[t]) {
                continue;
            }
            int a = tri[3 * t];
            int b = tri[3 * t + 1];
            int c = tri[3 * t + 2];
            if (a == b || b == c || a == c) {
                int twice = a == b || a == c ? a : b;
                if (degenerate.counted()) {
                    degenerate.message(names.face(t) + " uses vertex " + names.vertexNumber(twice)
                            + " twice (vertices " + names.vertexNumber(a) + ", " + names.vertexNumber(b) + ", "
                            + names.vertexNumber(c) + ")");
                }
                skip[t] = true;
            }
        }
        degenerate.report(Kind.DEGENERATE_FACE, problems);
    }

    private static void distinctFaces(TriangleMesh mesh, int[] tri, ElementNames names, boolean[] skip,
                                       List<MeshProblem> problems) {
        int nt = mesh.triangleCount();
        Tally duplicate = new Tally("faces");
        FaceSet seen = new FaceSet(tri, nt);
        for (int t = 0; t < nt; t++) {
            if (skip[t]) {
                continue;
            }
            int earlier = seen.addOrGet(t);
            if (earlier >= 0) {
                if (duplicate.counted()) {
                    duplicate.message(names.face(t) + " uses the same vertices as " + names.face(earlier) + " ("
                            + names.vertexNumber(tri[3 * t]) + ", " + names.vertexNumber(tri[3 * t + 1]) + ", "
                            + names.vertexNumber(tri[3 * t + 2]) + ")");
                }
                skip[t] = true;
            }
        }
        duplicate.report(Kind.DUPLICATE_FACE, problems);
    }

    /**
     * Edges with more than two faces, and pairs of faces that run an edge the same way.
     *
     * @return which vertices lie on an edge with more than two faces (their fans are not counted again)
     */
    private static boolean[] manifoldOrientedEdges(TriangleMesh mesh, int[] tri, ElementNames names, boolean[] skip,
                                                   Edges edges, List<MeshProblem> problems) {
        int nt = mesh.triangleCount();
        Tally nonManifoldEdge = new Tally("edges");
        Tally orientation = new Tally("edges");
        boolean[] onBadEdge = new boolean[mesh.vertexCount()];
        // In face order, so that the first offender is the one a user meets first in the file.
        for (int t = 0; t < nt; t++) {
            if (skip[t]) {
                continue;
            }
            for (int c = 0; c < 3; c++) {
                int h = 3 * t + c;
                int e = edges.edgeOf[h];
                int uses = edges.faceCount[e];
                if (uses > 2) {
                    onBadEdge[tri[h]] = true;
                    onBadEdge[tri[next(h)]] = true;
                    if (edges.thirdHalf[e] == h) {
                        int a = tri[h];
                        int b = tri[next(h)];
                        int f1 = edges.firstHalf[e] / 3;
                        int f2 = edges.secondHalf[e] / 3;
                        if (nonManifoldEdge.counted()) {
                            nonManifoldEdge.message("the edge between vertex " + names.vertexNumber(a) + " and vertex "
                                    + names.vertexNumber(b) + " is shared by " + uses + " faces ("
                                    + names.faces(f1, f2, t) + (uses > 3 ? ", ..." : "")
                                    + "); an edge may have at most 2");
                        }
                    }
                } else if (uses == 2 && edges.secondHalf[e] == h) {
                    int first = edges.firstHalf[e];
                    if (tri[first] == tri[h]) {
                        int a = tri[h];
                        int b = tri[next(h)];
                        if (orientation.counted()) {
                            orientation.message(names.faces(first / 3, t)
                                    + " both run the edge from vertex " + names.vertexNumber(a) + " to vertex "
                                    + names.vertexNumber(b)
                                    + " in the same direction; neighbouring faces must have the same winding");
                        }
                    }
                }
            }
        }
        nonManifoldEdge.report(Kind.NON_MANIFOLD_EDGE, problems);
        orientation.report(Kind.INCONSISTENT_ORIENTATION, problems);

        return onBadEdge;
    }

    private static void manifoldVertices(TriangleMesh mesh, int[] tri, ElementNames names, boolean[] skip, Edges edges,
                                         boolean[] onBadEdge, List<MeshProblem> problems) {
        int nv = mesh.vertexCount();
        int[] fans = countFans(tri, nv, skip, edges);
        Tally nonManifoldVertex = new Tally("vertices");
        for (int v = 0; v < nv; v++) {
            if (fans[v] > 1 && !onBadEdge[v]) {
                if (nonManifoldVertex.counted()) {
                    nonManifoldVertex.message("vertex " + names.vertexNumber(v) + " joins " + fans[v]
                            + " separate fans of faces that share no edge there (the surface touches itself)");
                }
            }
        }
        nonManifoldVertex.report(Kind.NON_MANIFOLD_VERTEX, problems);
    }

    /**
     * Refuses a mesh that is not valid.
     *
     * @param mesh the mesh
     * @throws InvalidMeshException with {@link #problems(TriangleMesh)} if there are any
     */
    public static void requireValid(TriangleMesh mesh) {
        requireValid(mesh, ElementNames.OWN);
    }

    /**
     * As {@link #requireValid(TriangleMesh)}, naming faces and vertices as {@code names} says.
     *
     * @param mesh the mesh
     * @param names how messages name the mesh's faces and vertices
     * @throws InvalidMeshException with {@link #problems(TriangleMesh, ElementNames)} if there are any
     */
    public static void requireValid(TriangleMesh mesh, ElementNames names) {
        List<MeshProblem> problems = problems(mesh, names);
        if (!problems.isEmpty()) {
            throw new InvalidMeshException(problems);
        }
    }

    /**
     * Counts, per vertex, the groups of its faces that are connected through edges at that vertex
     * shared by exactly two faces: one group is a fan (open or closed), more mean the surface only
     * touches itself there. A union-find over corners does it for every vertex in one pass; counting
     * boundary edges alone would miss two closed fans meeting at a point.
     */
    private static int[] countFans(int[] tri, int nv, boolean[] skip, Edges edges) {
        int corners = tri.length;
        int[] parent = new int[corners];
        for (int i = 0; i < corners; i++) {
            parent[i] = i;
        }
        for (int h = 0; h < corners; h++) {
            int e = edges.edgeOf[h];
            if (e < 0 || edges.faceCount[e] != 2 || edges.secondHalf[e] != h) {
                continue;
            }
            int g = edges.firstHalf[e];
            // both ends of the shared edge: join the two faces' corners at that vertex
            union(parent, h, cornerOf(tri, g, tri[h]));
            union(parent, next(h), cornerOf(tri, g, tri[next(h)]));
        }
        int[] fans = new int[nv];
        for (int k = 0; k < corners; k++) {
            if (!skip[k / 3] && find(parent, k) == k) {
                fans[tri[k]]++;
            }
        }
        return fans;
    }

    /** The corner of half-edge {@code h}'s face that holds {@code vertex}. */
    private static int cornerOf(int[] tri, int h, int vertex) {
        int base = h - h % 3;
        return tri[base] == vertex ? base : tri[base + 1] == vertex ? base + 1 : base + 2;
    }

    private static int find(int[] parent, int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    private static void union(int[] parent, int a, int b) {
        int ra = find(parent, a);
        int rb = find(parent, b);
        if (ra != rb) {
            // the smaller index becomes the root: deterministic, and path halving keeps trees shallow
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }

    /** The half-edge after {@code h} in its face: it starts where {@code h} ends. */
    static int next(int h) {
        return h % 3 == 2 ? h - 2 : h + 1;
    }

    /** Counts offenders of one kind and keeps the message of the first. */
    private static final class Tally {
        private final String noun;
        private String first;
        private int count;

        Tally(String noun) {
            this.noun = noun;
        }

        /**
         * Counts one offender.
         *
         * @return true for the first one, whose message the caller then sets; messages are only
         *     built for it because a broken mesh can have millions of offenders
         */
        boolean counted() {
            return count++ == 0;
        }

        void message(String text) {
            first = text;
        }

        void report(Kind kind, List<MeshProblem> into) {
            if (count > 0) {
                into.add(new MeshProblem(kind, first + (count > 1 ? " (" + count + " " + noun + " in all)" : "")));
            }
        }
    }

    /** Faces by vertex set (any order): an open-addressing table of face numbers. */
    private static final class FaceSet {
        private final int[] tri;
        private final int[] slots;
        private final int mask;

        FaceSet(int[] tri, int nt) {
            this.tri = tri;
            slots = new int[Edges.tableSize(nt)];
            Arrays.fill(slots, -1);
            mask = slots.length - 1;
        }

        /** Adds face {@code t}, or returns the earlier face with its vertex set (then -1 if none). */
        int addOrGet(int t) {
            int a = tri[3 * t];
            int b = tri[3 * t + 1];
            int c = tri[3 * t + 2];
            int lo = Math.min(a, Math.min(b, c));
            int hi = Math.max(a, Math.max(b, c));
            int mid = a + b + c - lo - hi;
            int slot = (int) Edges.mix(((long) lo << 32 | hi) * 31 + mid) & mask;
            while (true) {
                int other = slots[slot];
                if (other < 0) {
                    slots[slot] = t;
                    return -1;
                }
                int oa = tri[3 * other];
                int ob = tri[3 * other + 1];
                int oc = tri[3 * other + 2];
                int olo = Math.min(oa, Math.min(ob, oc));
                int ohi = Math.max(oa, Math.max(ob, oc));
                if (olo == lo && ohi == hi && oa + ob + oc - olo - ohi == mid) {
                    return other;
                }
                slot = (slot + 1) & mask;
            }
        }
    }

    /**
     * The undirected edges of a triangle list. Half-edge {@code h = 3t + c} runs from corner
     * {@code c} of triangle {@code t} to the next corner. Used by {@link MeshInfo} too.
     */
    static final class Edges {
        /** Edge of each half-edge, -1 for half-edges of skipped faces and for edges from a vertex to itself. */
        final int[] edgeOf;
        int count;
        int[] faceCount;
        int[] firstHalf;
        int[] secondHalf;
        int[] thirdHalf;
        /** Ends of each edge, smaller index first. */
        int[] endA;
        int[] endB;

        private long[] keys;
        private int[] ids;
        private int mask;

        private Edges(int corners) {
            edgeOf = new int[corners];
            int expected = corners / 2 + 16;
            faceCount = new int[expected];
            firstHalf = new int[expected];
            secondHalf = new int[expected];
            thirdHalf = new int[expected];
            endA = new int[expected];
            endB = new int[expected];
            keys = new long[tableSize(expected)];
            ids = new int[keys.length];
            Arrays.fill(ids, -1);
            mask = keys.length - 1;
        }

        /**
         * @param tri three vertex indices per triangle, all in range for the faces not skipped
         * @param skip faces to leave out, or null for none
         */
        static Edges build(int[] tri, boolean[] skip) {
            Edges edges = new Edges(tri.length);
            for (int h = 0; h < tri.length; h++) {
                int a = tri[h];
                int b = tri[next(h)];
                if ((skip != null && skip[h / 3]) || a == b) {
                    edges.edgeOf[h] = -1;
                    continue;
                }
                int e = edges.idOf(Math.min(a, b), Math.max(a, b));
                edges.edgeOf[h] = e;
                switch (edges.faceCount[e]++) {
                    case 0 -> edges.firstHalf[e] = h;
                    case 1 -> edges.secondHalf[e] = h;
                    case 2 -> edges.thirdHalf[e] = h;
                    default -> {
                        // only the first three uses are named in messages
                    }
                }
            }
            return edges;
        }

        private int idOf(int lo, int hi) {
            long key = (long) lo << 32 | hi;
            int slot = (int) mix(key) & mask;
            while (true) {
                int id = ids[slot];
                if (id < 0) {
                    break;
                }
                if (keys[slot] == key) {
                    return id;
                }
                slot = (slot + 1) & mask;
            }
            int id = count++;
            if (id == faceCount.length) {
                int size = 2 * id;
                faceCount = Arrays.copyOf(faceCount, size);
                firstHalf = Arrays.copyOf(firstHalf, size);
                secondHalf = Arrays.copyOf(secondHalf, size);
                thirdHalf = Arrays.copyOf(thirdHalf, size);
                endA = Arrays.copyOf(endA, size);
                endB = Arrays.copyOf(endB, size);
            }
            endA[id] = lo;
            endB[id] = hi;
            keys[slot] = key;
            ids[slot] = id;
            if (2L * count > keys.length) {
                grow();
            }
            return id;
        }

        private void grow() {
            long[] oldKeys = keys;
            int[] oldIds = ids;
            keys = new long[2 * oldKeys.length];
            ids = new int[keys.length];
            Arrays.fill(ids, -1);
            mask = keys.length - 1;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldIds[i] >= 0) {
                    int slot = (int) mix(oldKeys[i]) & mask;
                    while (ids[slot] >= 0) {
                        slot = (slot + 1) & mask;
                    }
                    keys[slot] = oldKeys[i];
                    ids[slot] = oldIds[i];
                }
            }
        }

        /** A 64-bit finaliser (splitmix64's): consecutive keys land far apart. */
        static long mix(long z) {
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }

        /** A power of two at least twice {@code n}: linear probing stays short at load 1/2. */
        static int tableSize(int n) {
            int size = 16;
            while (size < 2L * n && size < (1 << 30)) {
                size <<= 1;
            }
            return size;
        }
    }
}
