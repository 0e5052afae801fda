package org.loopsub.samples.meshes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.mesh.InputWelder;
import org.loopsub.mesh.MeshValidator;
import org.loopsub.mesh.WeldedMesh;
import org.loopsub.obj.ObjReader;

/**
 * The benchmark meshes: each file is written, read back, valid after the tessellator's weld (with
 * nothing merged, so slits stay open), refines one level, and has the property of its kind, counted
 * here from the file's own {@code f} lines; two runs write the same bytes.
 */
class BenchMeshesTest {
    @TempDir
    static Path dir;
    private static Path first;
    private static Path second;

    @BeforeAll
    static void writeTwice() throws IOException {
        first = dir.resolve("first");
        second = dir.resolve("second");
        BenchMeshes.main(new String[] {first.toString()});
        BenchMeshes.write(second);
    }

    @Test
    void twoRunsWriteTheSameBytes() throws IOException {
        for (String name : BenchMeshes.FILES) {
            assertEquals(-1L, Files.mismatch(first.resolve(name), second.resolve(name)), name);
        }
    }

    @Test
    void everyFileIsValidAndRefines() throws Exception {
        try (Tessellator t = Tessellators.create("java")) {
            for (String name : BenchMeshes.FILES) {
                Path file = first.resolve(name);
                assertTrue(Files.isRegularFile(file), name);
                TriangleMesh read = ObjReader.read(file).mesh();
                WeldedMesh welded = InputWelder.weld(read);
                assertEquals(0, welded.mergedVertices(), name);
                assertEquals(0, welded.droppedUnreferenced(), name);
                assertEquals(List.of(), MeshValidator.problems(welded.mesh()), name);
                RefineResult r = t.refine(welded.mesh(), RefineOptions.uniform(1));
                assertEquals(4L * read.triangleCount(), r.mesh().triangleCount(), name);

                Counts c = Counts.of(file);
                assertTrue(c.manifold, name + " is not an oriented manifold");
                assertEquals(c.vertices, c.used, name + " has vertices no face uses");
            }
        }
    }

    @Test
    void holesMakeManyBoundaryLoops() throws IOException {
        Counts c = Counts.of(first.resolve("bigguy_holes.obj"));
        assertTrue(c.loops >= 50, c.loops + " loops");
    }

    @Test
    void slitsMakeBoundaryLoops() throws IOException {
        Counts c = Counts.of(first.resolve("bigguy_slits.obj"));
        assertTrue(c.loops >= 30, c.loops + " loops");
        // the cut adds vertices but removes no face
        assertEquals(2900, c.faces);
    }

    @Test
    void cornersAreInOneFaceEach() throws IOException {
        Counts c = Counts.of(first.resolve("bigguy_corners.obj"));
        assertTrue(c.oneFace >= 50, c.oneFace + " vertices in one face");
    }

    @Test
    void highValenceIsClosedWithManyHubs() throws IOException {
        Counts c = Counts.of(first.resolve("highvalence.obj"));
        assertEquals(0, c.boundaryEdges);
        assertTrue(c.valence12up >= 50, c.valence12up + " vertices of valence 12 or more");
        assertTrue(c.maxValence <= 16, "valence " + c.maxValence);
    }

    @Test
    void gridHasManyHoles() throws IOException {
        Counts c = Counts.of(first.resolve("open_grid.obj"));
        assertTrue(c.loops >= 100, c.loops + " loops");
        assertTrue(c.oneFace >= 2, c.oneFace + " vertices in one face");
    }

    /** Two charts: every vertex's uv in both, faces on both sides of the silhouette, so a seam. */
    @Test
    void chartsHaveASeam() throws IOException {
        List<String> lines = Files.readAllLines(first.resolve("bigguy_charts.obj"));
        long vertices = lines.stream().filter(l -> l.startsWith("v ")).count();
        Set<String> uvIndices = new HashSet<>();
        Map<String, Set<String>> perVertex = new HashMap<>();
        for (String l : lines) {
            if (l.startsWith("f ")) {
                for (String corner : l.substring(2).trim().split("\\s+")) {
                    String[] parts = corner.split("/");
                    uvIndices.add(parts[1]);
                    perVertex.computeIfAbsent(parts[0], k -> new HashSet<>()).add(parts[1]);
                }
            }
        }
        long seamVertices = perVertex.values().stream().filter(set -> set.size() > 1).count();
        assertTrue(uvIndices.size() > vertices, uvIndices.size() + " uvs in use for " + vertices + " vertices");
        assertTrue(seamVertices >= 50, seamVertices + " vertices on the seam");
    }

    /** Counted from the OBJ text alone. */
    private static final class Counts {
        int vertices;
        int faces;
        int used;
        int boundaryEdges;
        int loops;
        int oneFace;
        int valence12up;
        int maxValence;
        boolean manifold = true;

        static Counts of(Path file) throws IOException {
            Counts c = new Counts();
            List<int[]> faces = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
                String[] w = line.trim().split("\\s+");
                if (w[0].equals("v")) {
                    c.vertices++;
                } else if (w[0].equals("f")) {
                    assertEquals(4, w.length, line);
                    faces.add(new int[] {index(w[1]), index(w[2]), index(w[3])});
                }
            }
            c.faces = faces.size();
            int n = c.vertices;
            int[] faceCount = new int[n];
            List<Set<Integer>> neighbours = new ArrayList<>();
            for (int v = 0; v < n; v++) {
                neighbours.add(new HashSet<>());
            }
            Map<Long, Integer> directed = new HashMap<>();
            for (int[] f : faces) {
                for (int k = 0; k < 3; k++) {
                    int a = f[k];
                    int b = f[(k + 1) % 3];
                    faceCount[a]++;
                    neighbours.get(a).add(b);
                    neighbours.get(b).add(a);
                    if (directed.merge(key(a, b), 1, Integer::sum) > 1) {
                        c.manifold = false;
                    }
                }
            }
            // an edge held in one direction only is on the boundary
            int[] parent = new int[n];
            for (int v = 0; v < n; v++) {
                parent[v] = v;
            }
            int[] boundaryDegree = new int[n];
            for (long k : directed.keySet()) {
                int a = (int) (k >>> 32);
                int b = (int) k;
                if (!directed.containsKey(key(b, a))) {
                    c.boundaryEdges++;
                    boundaryDegree[a]++;
                    boundaryDegree[b]++;
                    parent[find(parent, a)] = find(parent, b);
                }
            }
            for (int v = 0; v < n; v++) {
                if (faceCount[v] > 0) {
                    c.used++;
                }
                if (faceCount[v] == 1) {
                    c.oneFace++;
                }
                int valence = neighbours.get(v).size();
                c.maxValence = Math.max(c.maxValence, valence);
                if (valence >= 12) {
                    c.valence12up++;
                }
                // one fan per vertex needs: closed (valence = faces, no boundary edge) or open
                // (valence = faces + 1, two boundary edges); MeshValidator checks the rest
                boolean oneFan = boundaryDegree[v] == 0 ? valence == faceCount[v]
                        : boundaryDegree[v] == 2 && valence == faceCount[v] + 1;
                if (faceCount[v] > 0 && !oneFan) {
                    c.manifold = false;
                }
                if (boundaryDegree[v] > 0 && find(parent, v) == v) {
                    c.loops++;
                }
            }
            return c;
        }

        private static int index(String corner) {
            int slash = corner.indexOf('/');
            return Integer.parseInt(slash < 0 ? corner : corner.substring(0, slash)) - 1;
        }

        private static long key(int a, int b) {
            return ((long) a << 32) | (b & 0xffffffffL);
        }

        private static int find(int[] parent, int v) {
            while (parent[v] != v) {
                parent[v] = parent[parent[v]];
                v = parent[v];
            }
            return v;
        }
    }
}
