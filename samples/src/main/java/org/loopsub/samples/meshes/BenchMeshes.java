package org.loopsub.samples.meshes;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.TriangleMesh;
import org.loopsub.mesh.InputWelder;
import org.loopsub.mesh.MeshValidator;
import org.loopsub.obj.ObjReader;
import org.loopsub.obj.ObjWriter;

/**
 * Writes benchmark meshes of several kinds into a folder, so that refinement speed can be reported
 * for open meshes, valence-2 corners and high valences as well as for the closed character meshes:
 *
 * <ul>
 *   <li>{@code bigguy_holes.obj}: bigguyT with the fans of 100 vertices removed, pairwise at least
 *       three edges apart, so each removal leaves its own boundary loop;
 *   <li>{@code bigguy_slits.obj}: bigguyT cut open along 40 edge paths of 2 to 4 edges, the ends of
 *       each path still attached;
 *   <li>{@code bigguy_corners.obj}: bigguyT with the fans of 100 vertices removed except one face
 *       each, which leaves that vertex in exactly one triangle (a valence-2 corner);
 *   <li>{@code highvalence.obj}: bigguyT split once into four (edge midpoints, flat), closed, with
 *       edges collapsed into 200 hub vertices until each has valence 12 to 16;
 *   <li>{@code open_grid.obj}: a 60 by 60 grid of quads, two triangles each, with 220 holes;
 *   <li>{@code bigguy_charts.obj}: bigguyT with texture coordinates in two planar charts, faces
 *       turned towards +z taking (x, y) and the others its mirror image beside it, so that a seam
 *       runs along the silhouette (for the uv rules: {@code --uv smooth}).
 * </ul>
 *
 * <p>Every choice comes from a {@link Random} with a fixed seed and every position from
 * {@link StrictMath}, so each run writes the same bytes. Each mesh is checked with
 * {@link MeshValidator} after the same exact-position weld the tessellator applies, before it is
 * written.
 */
public final class BenchMeshes {
    /** The files written, in this order. */
    public static final List<String> FILES = List.of("bigguy_holes.obj", "bigguy_slits.obj",
            "bigguy_corners.obj", "highvalence.obj", "open_grid.obj", "bigguy_charts.obj");

    private static final int HOLES = 100;
    private static final int SLITS = 40;
    private static final int CORNERS = 100;
    private static final int HUBS = 200;
    private static final int MIN_HUB_VALENCE = 12;
    private static final int MAX_HUB_VALENCE = 16;
    private static final int GRID = 60;
    private static final int GRID_HOLES = 220;
    /** How far each side of a slit moves towards its own faces: far enough apart not to be welded. */
    private static final float SLIT_OPENING = 0.2f;

    private BenchMeshes() {
    }

    /**
     * @param args one argument, the folder to write into (created if missing)
     * @throws IOException if a file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: BenchMeshes <out-dir>");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        for (Map.Entry<String, TriangleMesh> e : write(dir).entrySet()) {
            System.out.println(dir.resolve(e.getKey()) + ": " + e.getValue().vertexCount() + " vertices, "
                    + e.getValue().triangleCount() + " triangles");
        }
    }

    /**
     * Generates every mesh and writes it into {@code dir}.
     *
     * @param dir the folder, created if missing
     * @return each file name with the mesh written to it, in the order of {@link #FILES}
     * @throws IOException if a file cannot be written
     */
    public static Map<String, TriangleMesh> write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Map<String, TriangleMesh> meshes = generate();
        for (Map.Entry<String, TriangleMesh> e : meshes.entrySet()) {
            ObjWriter.write(dir.resolve(e.getKey()), e.getValue(), null);
        }
        return meshes;
    }

    /**
     * @return each file name with its mesh, in the order of {@link #FILES}, every one valid
     * @throws IOException if the built-in bigguyT cannot be read
     */
    public static Map<String, TriangleMesh> generate() throws IOException {
        TriangleMesh bigguy = bigguy();
        Map<String, TriangleMesh> out = new LinkedHashMap<>();
        out.put(FILES.get(0), holes(bigguy, HOLES, false, 1));
        out.put(FILES.get(1), slits(bigguy, SLITS, 2));
        out.put(FILES.get(2), holes(bigguy, CORNERS, true, 3));
        // bigguyT's 1452 vertices leave room for only about 100 hubs; split once, there is room for 200
        out.put(FILES.get(3), highValence(split(bigguy), HUBS, 4));
        out.put(FILES.get(4), grid(GRID, GRID_HOLES, 5));
        out.put(FILES.get(5), charts(bigguy));
        for (Map.Entry<String, TriangleMesh> e : out.entrySet()) {
            TriangleMesh welded = InputWelder.weld(e.getValue()).mesh();
            if (welded.vertexCount() != e.getValue().vertexCount()) {
                throw new IllegalStateException(e.getKey() + ": vertices would be merged by the weld");
            }
            try {
                MeshValidator.requireValid(welded);
            } catch (InvalidMeshException ex) {
                throw new IllegalStateException(e.getKey() + ": " + ex.getMessage(), ex);
            }
        }
        return out;
    }

    /**
     * Two planar uv charts: each vertex has its (x, y) scaled into [0, 1/2] x [0, 1] and the mirror
     * image in [1/2, 1] x [0, 1]; a face whose normal has z >= 0 takes the first, the others the second.
     */
    static TriangleMesh charts(TriangleMesh mesh) {
        int nv = mesh.vertexCount();
        float[] lo = {Float.MAX_VALUE, Float.MAX_VALUE};
        float[] hi = {-Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int v = 0; v < nv; v++) {
            for (int x = 0; x < 2; x++) {
                lo[x] = Math.min(lo[x], mesh.position(v, x));
                hi[x] = Math.max(hi[x], mesh.position(v, x));
            }
        }
        float[] uv = new float[4 * nv];
        for (int v = 0; v < nv; v++) {
            float u = (mesh.position(v, 0) - lo[0]) / (hi[0] - lo[0]);
            float w = (mesh.position(v, 1) - lo[1]) / (hi[1] - lo[1]);
            uv[2 * v] = 0.5f * u;
            uv[2 * v + 1] = w;
            uv[2 * (nv + v)] = 1f - 0.5f * u;
            uv[2 * (nv + v) + 1] = w;
        }
        int[] tri = mesh.triangles();
        int[] index = new int[tri.length];
        for (int t = 0; t < mesh.triangleCount(); t++) {
            int a = tri[3 * t];
            int b = tri[3 * t + 1];
            int c = tri[3 * t + 2];
            float nz = (mesh.position(b, 0) - mesh.position(a, 0)) * (mesh.position(c, 1) - mesh.position(a, 1))
                    - (mesh.position(b, 1) - mesh.position(a, 1)) * (mesh.position(c, 0) - mesh.position(a, 0));
            for (int k = 0; k < 3; k++) {
                index[3 * t + k] = tri[3 * t + k] + (nz >= 0 ? 0 : nv);
            }
        }
        return TriangleMesh.of(mesh.positions(), tri, uv, index);
    }

    /** bigguyT as the build copies it into the jar (the resource the CLI's {@code --sample bigguy} reads). */
    static TriangleMesh bigguy() throws IOException {
        InputStream in = BenchMeshes.class.getResourceAsStream("bigguyT.obj");
        if (in == null) {
            throw new IOException("bigguyT.obj is not on the class path");
        }
        try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return InputWelder.weld(ObjReader.read(reader, "bigguyT.obj").mesh()).mesh();
        } catch (InvalidMeshException e) {
            throw new IOException("bigguyT.obj: " + e.getMessage(), e);
        }
    }

    /**
     * Picks up to {@code count} vertices, each at least three edges from every other, in a shuffled
     * order. At that distance the picked vertices' fans share no vertex, so removing them leaves
     * every other vertex with a single fan (no bow-tie).
     */
    private static List<Integer> separated(Incidence inc, int count, Random rng) {
        List<Integer> order = shuffled(inc.vertexCount(), rng);
        boolean[] blocked = new boolean[inc.vertexCount()];
        List<Integer> picked = new ArrayList<>();
        for (int v : order) {
            if (picked.size() == count) {
                break;
            }
            if (!blocked[v]) {
                picked.add(v);
                for (int w : inc.twoRing(v)) {
                    blocked[w] = true;
                }
            }
        }
        return picked;
    }

    private static List<Integer> shuffled(int n, Random rng) {
        List<Integer> order = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        Collections.shuffle(order, rng);
        return order;
    }

    /**
     * Removes the whole fan of well separated vertices (a hole each, bounded by the vertex's link),
     * or with {@code keepOne} every face of the fan but one chosen at random, which leaves the vertex
     * in that one triangle on the hole's boundary.
     */
    static TriangleMesh holes(TriangleMesh mesh, int count, boolean keepOne, long seed) {
        Random rng = new Random(seed);
        int[] tri = mesh.triangles();
        Incidence inc = new Incidence(mesh.vertexCount(), tri);
        boolean[] removed = new boolean[tri.length / 3];
        for (int v : separated(inc, count, rng)) {
            List<Integer> fan = inc.faces(v);
            int kept = keepOne ? fan.get(rng.nextInt(fan.size())) : -1;
            for (int f : fan) {
                removed[f] = f != kept;
            }
        }
        return compact(mesh.positions(), tri, removed);
    }

    /**
     * Cuts the mesh open along short edge paths. Each interior vertex of a path gets a copy that
     * takes over the faces on the path's left; the two ends stay single vertices, so each path
     * becomes one boundary loop of twice its length. The two sides are moved slightly apart, towards
     * their own faces, because vertices at the same position would be welded together again. Paths
     * are kept at least three edges from one another and do not touch themselves except between
     * consecutive vertices, which keeps every fan in one piece.
     */
    static TriangleMesh slits(TriangleMesh mesh, int count, long seed) {
        Random rng = new Random(seed);
        int nv = mesh.vertexCount();
        int[] tri = mesh.triangles();
        Incidence inc = new Incidence(nv, tri);
        boolean[] blocked = new boolean[nv];
        List<int[]> paths = new ArrayList<>();
        for (int start : shuffled(nv, rng)) {
            if (paths.size() == count) {
                break;
            }
            if (blocked[start]) {
                continue;
            }
            int[] path = walk(inc, start, 2 + rng.nextInt(3), blocked, rng);
            if (path == null) {
                continue;
            }
            paths.add(path);
            for (int p : path) {
                for (int w : inc.twoRing(p)) {
                    blocked[w] = true;
                }
            }
        }

        float[] src = mesh.positions();
        int[] out = tri.clone();
        float[] pos = Arrays.copyOf(src, 3 * (nv + 3 * paths.size()));
        int next = nv;
        for (int[] path : paths) {
            for (int i = 1; i < path.length - 1; i++) {
                int p = path[i];
                List<Integer> left = inc.leftFan(path[i - 1], p, path[i + 1]);
                Set<Integer> leftSet = new HashSet<>(left);
                List<Integer> right = new ArrayList<>();
                for (int f : inc.faces(p)) {
                    if (!leftSet.contains(f)) {
                        right.add(f);
                    }
                }
                int copy = next++;
                for (int f : left) {
                    out[3 * f + inc.corner(f, p)] = copy;
                }
                float[] towardsLeft = openedPosition(src, tri, p, left);
                float[] towardsRight = openedPosition(src, tri, p, right);
                System.arraycopy(towardsLeft, 0, pos, 3 * copy, 3);
                System.arraycopy(towardsRight, 0, pos, 3 * p, 3);
            }
        }
        return TriangleMesh.of(Arrays.copyOf(pos, 3 * next), out);
    }

    /**
     * A random path of {@code edges} edges from {@code start} over unblocked vertices, each new
     * vertex joined to no earlier one but its predecessor; {@code null} if the walk gets stuck.
     */
    private static int[] walk(Incidence inc, int start, int edges, boolean[] blocked, Random rng) {
        int[] path = new int[edges + 1];
        path[0] = start;
        Set<Integer> near = new HashSet<>(inc.neighbours(start));
        near.add(start);
        for (int i = 1; i <= edges; i++) {
            List<Integer> options = new ArrayList<>();
            for (int n : inc.neighbours(path[i - 1])) {
                if (blocked[n] || n == path[i - 1]) {
                    continue;
                }
                boolean touches = false;
                for (int j = 0; j < i - 1 && !touches; j++) {
                    touches = n == path[j] || inc.neighbours(path[j]).contains(n);
                }
                if (!touches && !contains(path, i, n)) {
                    options.add(n);
                }
            }
            if (options.isEmpty()) {
                return null;
            }
            path[i] = options.get(rng.nextInt(options.size()));
        }
        return path;
    }

    private static boolean contains(int[] a, int length, int value) {
        for (int i = 0; i < length; i++) {
            if (a[i] == value) {
                return true;
            }
        }
        return false;
    }

    /** Vertex {@code p} moved {@link #SLIT_OPENING} of the way towards the centre of the given faces. */
    private static float[] openedPosition(float[] pos, int[] tri, int p, List<Integer> faces) {
        double[] centre = new double[3];
        for (int f : faces) {
            for (int c = 0; c < 3; c++) {
                for (int a = 0; a < 3; a++) {
                    centre[a] += pos[3 * tri[3 * f + c] + a];
                }
            }
        }
        float[] out = new float[3];
        for (int a = 0; a < 3; a++) {
            double mean = centre[a] / (3.0 * faces.size());
            out[a] = (float) (pos[3 * p + a] + SLIT_OPENING * (mean - pos[3 * p + a]));
        }
        return out;
    }

    /**
     * Raises the valence of hub vertices to a random target of 12 to 16 by collapsing edges into
     * them: collapsing {@code a-b} into {@code a} removes the two faces on the edge and gives
     * {@code a} valence {@code val(a) + val(b) - 4}. A collapse is made only when the ends share exactly the two
     * opposite vertices (the link condition, which keeps a closed manifold closed and manifold)
     * and those keep valence 3 or more. Hubs are never joined by an edge, and {@code b} has no hub
     * neighbour but {@code a}, so a later collapse never lowers a finished hub. The hub keeps its
     * position, and a collapse that would flip or flatten a face is skipped. A hub that cannot reach
     * valence 12 stays as far as it got and is not counted.
     */
    static TriangleMesh highValence(TriangleMesh mesh, int hubs, long seed) {
        Random rng = new Random(seed);
        Collapser m = new Collapser(mesh);
        boolean[] hub = new boolean[mesh.vertexCount()];
        int done = 0;
        for (int a : shuffled(mesh.vertexCount(), rng)) {
            if (done == hubs) {
                break;
            }
            if (m.dead[a] || hub[a] || anyHub(m.neighbours(a), hub)) {
                continue;
            }
            hub[a] = true;
            // a target drawn per hub, so that every valence of the range occurs
            int target = MIN_HUB_VALENCE + rng.nextInt(MAX_HUB_VALENCE - MIN_HUB_VALENCE + 1);
            while (m.valence(a) < target) {
                List<Integer> options = new ArrayList<>();
                for (int b : m.neighbours(a)) {
                    TreeSet<Integer> nb = m.neighbours(b);
                    nb.remove(a);
                    if (m.valence(a) + nb.size() + 1 - 4 <= MAX_HUB_VALENCE && !anyHub(nb, hub)
                            && m.canCollapse(a, b)) {
                        options.add(b);
                    }
                }
                if (options.isEmpty()) {
                    break;
                }
                m.collapse(a, options.get(rng.nextInt(options.size())));
            }
            if (m.valence(a) >= MIN_HUB_VALENCE) {
                done++;
            }
        }
        return m.build();
    }

    private static boolean anyHub(Set<Integer> vertices, boolean[] hub) {
        for (int v : vertices) {
            if (hub[v]) {
                return true;
            }
        }
        return false;
    }

    /**
     * A flat-ish grid of {@code n} by {@code n} quads, each split along the same diagonal, so two of
     * the grid's corners are in one triangle only (valence 2). Holes sit on a lattice with a pitch of
     * three quads, starting one quad in: each hole spans at most two quads per side, so holes are
     * at least one quad apart and away from the outer border, and no vertex is on two boundaries.
     * A hole is a block of 1x1, 2x1, 1x2 or 2x2 quads, or the six triangles around a lattice vertex
     * less one, which leaves a valence-2 corner inside the hole.
     */
    static TriangleMesh grid(int n, int holeCount, long seed) {
        Random rng = new Random(seed);
        int side = n + 1;
        float[] pos = new float[3 * side * side];
        for (int y = 0; y <= n; y++) {
            for (int x = 0; x <= n; x++) {
                int v = y * side + x;
                double u = 2 * StrictMath.PI * x / n;
                double w = 2 * StrictMath.PI * y / n;
                pos[3 * v] = (float) x / n;
                pos[3 * v + 1] = (float) y / n;
                // a gentle wave, so that the surface is not flat
                pos[3 * v + 2] = (float) (0.05 * StrictMath.sin(u) * StrictMath.cos(w));
            }
        }
        // quad (x, y) gives face 2q: (x,y) (x+1,y) (x+1,y+1) and face 2q+1: (x,y) (x+1,y+1) (x,y+1)
        int[] tri = new int[6 * n * n];
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                int q = y * n + x;
                int v00 = y * side + x;
                int v10 = v00 + 1;
                int v01 = v00 + side;
                int v11 = v01 + 1;
                int[] two = {v00, v10, v11, v00, v11, v01};
                System.arraycopy(two, 0, tri, 6 * q, 6);
            }
        }
        boolean[] removed = new boolean[2 * n * n];
        int sites = (n - 2) / 3;
        List<Integer> order = shuffled(sites * sites, rng);
        for (int s : order.subList(0, Math.min(holeCount, order.size()))) {
            int x0 = 1 + 3 * (s % sites);
            int y0 = 1 + 3 * (s / sites);
            int kind = rng.nextInt(5);
            if (kind == 4) {
                // the fan of vertex (x0+1, y0+1): both faces of the quads below-left and above-right
                // of it, face 2q of the quad above-left and face 2q+1 of the quad below-right
                int[] fan = {
                    2 * (y0 * n + x0), 2 * (y0 * n + x0) + 1,
                    2 * ((y0 + 1) * n + x0 + 1), 2 * ((y0 + 1) * n + x0 + 1) + 1,
                    2 * ((y0 + 1) * n + x0), 2 * (y0 * n + x0 + 1) + 1};
                int kept = fan[rng.nextInt(fan.length)];
                for (int f : fan) {
                    removed[f] = f != kept;
                }
            } else {
                int w = kind == 1 || kind == 3 ? 2 : 1;
                int h = kind == 2 || kind == 3 ? 2 : 1;
                for (int y = y0; y < y0 + h; y++) {
                    for (int x = x0; x < x0 + w; x++) {
                        removed[2 * (y * n + x)] = true;
                        removed[2 * (y * n + x) + 1] = true;
                    }
                }
            }
        }
        return compact(pos, tri, removed);
    }

    /**
     * Splits every face into four at its edge midpoints, without moving anything: four times the
     * faces, new vertices of valence 6, old ones keep theirs.
     */
    static TriangleMesh split(TriangleMesh mesh) {
        int nv = mesh.vertexCount();
        int[] tri = mesh.triangles();
        float[] src = mesh.positions();
        Map<Long, Integer> midpoints = new HashMap<>();
        float[] pos = Arrays.copyOf(src, 3 * (nv + tri.length));
        int[] out = new int[4 * tri.length];
        int next = nv;
        for (int f = 0; f < tri.length / 3; f++) {
            int[] mid = new int[3];
            for (int c = 0; c < 3; c++) {
                int a = tri[3 * f + c];
                int b = tri[3 * f + (c + 1) % 3];
                long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
                Integer m = midpoints.get(key);
                if (m == null) {
                    m = next++;
                    midpoints.put(key, m);
                    for (int axis = 0; axis < 3; axis++) {
                        pos[3 * m + axis] = (src[3 * a + axis] + src[3 * b + axis]) / 2;
                    }
                }
                mid[c] = m;
            }
            int a = tri[3 * f];
            int b = tri[3 * f + 1];
            int c = tri[3 * f + 2];
            // corners (a, ab, ca), (ab, b, bc), (ca, bc, c), and the middle face, all oriented as f
            int[] four = {a, mid[0], mid[2], mid[0], b, mid[1], mid[2], mid[1], c, mid[0], mid[1], mid[2]};
            System.arraycopy(four, 0, out, 12 * f, 12);
        }
        return TriangleMesh.of(Arrays.copyOf(pos, 3 * next), out);
    }

    /** The faces not removed, over the vertices they use, which keep their order. */
    static TriangleMesh compact(float[] pos, int[] tri, boolean[] removed) {
        int nv = pos.length / 3;
        int[] map = new int[nv];
        Arrays.fill(map, -1);
        int faces = 0;
        for (int f = 0; f < removed.length; f++) {
            if (!removed[f]) {
                faces++;
                for (int c = 0; c < 3; c++) {
                    map[tri[3 * f + c]] = 0;
                }
            }
        }
        int vertices = 0;
        for (int v = 0; v < nv; v++) {
            if (map[v] == 0) {
                map[v] = vertices++;
            }
        }
        float[] outPos = new float[3 * vertices];
        for (int v = 0; v < nv; v++) {
            if (map[v] >= 0) {
                System.arraycopy(pos, 3 * v, outPos, 3 * map[v], 3);
            }
        }
        int[] outTri = new int[3 * faces];
        int t = 0;
        for (int f = 0; f < removed.length; f++) {
            if (!removed[f]) {
                for (int c = 0; c < 3; c++) {
                    outTri[3 * t + c] = map[tri[3 * f + c]];
                }
                t++;
            }
        }
        return TriangleMesh.of(outPos, outTri);
    }
}
