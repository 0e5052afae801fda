package org.loopsub.mesh;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.MeshProblem;
import org.loopsub.api.MeshProblem.Kind;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.obj.ObjReader;

class MeshValidatorTest {

    @ParameterizedTest
    @ValueSource(strings = {"tetrahedron.obj", "icosahedron.obj", "mesh_with_border.obj", "bunny_npm.obj",
        "bigguyT.obj", "monsterfrogT.obj", "rookT.obj"})
    void acceptsTheCleanSharedMeshes(String name) throws IOException {
        TriangleMesh mesh = InputWelder.weld(ObjReader.read(TestMeshes.dir().resolve(name)).mesh()).mesh();
        assertEquals(List.of(), MeshValidator.problems(mesh));
        assertDoesNotThrow(() -> MeshValidator.requireValid(mesh));
    }

    /**
     * Welded, the teapot's only fault is vertex 116 (1-based, welded numbering): two fans of faces
     * meet there without sharing an edge. Checked independently with a brute-force search over the
     * faces around every vertex.
     */
    @Test
    void refusesTheWeldedTeapotAtItsNonManifoldVertex() throws IOException {
        TriangleMesh raw = ObjReader.read(TestMeshes.dir().resolve("teapot.obj")).mesh();
        TriangleMesh teapot = InputWelder.weld(raw).mesh();
        List<MeshProblem> problems = MeshValidator.problems(teapot);
        assertEquals(1, problems.size(), problems.toString());
        assertEquals(Kind.NON_MANIFOLD_VERTEX, problems.get(0).kind());
        assertTrue(problems.get(0).message().startsWith("vertex 116 joins 2 separate fans"), problems.get(0).message());
        InvalidMeshException e = assertThrows(InvalidMeshException.class, () -> MeshValidator.requireValid(teapot));
        assertEquals(problems, e.problems());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "degenerate_face.obj                   | DEGENERATE_FACE          | face 5 uses vertex 4 twice",
        "duplicate_face.obj                    | DUPLICATE_FACE           | face 5 uses the same vertices as face 2",
        "nonmanifold_edge.obj | NON_MANIFOLD_EDGE | edge between vertex 1 and vertex 2 is shared by 3 faces (faces 1, 2, 3)",
        "nonmanifold_vertex_bowtie.obj         | NON_MANIFOLD_VERTEX      | vertex 1 joins 2 separate fans",
        "nonmanifold_vertex_two_tetrahedra.obj | NON_MANIFOLD_VERTEX      | vertex 1 joins 2 separate fans",
        "inconsistent_orientation.obj | INCONSISTENT_ORIENTATION | faces 2 and 3 both run the edge from vertex 1 to vertex 4",
    })
    void refusesEachBrokenFixtureWithExactlyItsProblem(String fixture, Kind kind, String message)
            throws IOException, URISyntaxException {
        TriangleMesh mesh = InputWelder.weld(ObjReader.read(broken(fixture)).mesh()).mesh();
        List<MeshProblem> problems = MeshValidator.problems(mesh);
        assertEquals(1, problems.size(), problems.toString());
        assertEquals(kind, problems.get(0).kind());
        assertTrue(problems.get(0).message().contains(message), problems.get(0).message());
    }

    @Test
    void countsOffendersOfAKind() throws IOException, URISyntaxException {
        // faces 5 and 6 both repeat face 2; the flipped face 3 disagrees with its three neighbours
        String duplicates = MeshValidator.problems(ObjReader.read(broken("duplicate_face.obj")).mesh()).get(0).message();
        assertTrue(duplicates.endsWith("(2 faces in all)"), duplicates);
        String flipped = MeshValidator.problems(ObjReader.read(broken("inconsistent_orientation.obj")).mesh())
                .get(0).message();
        assertTrue(flipped.endsWith("(3 edges in all)"), flipped);
    }

    @Test
    void refusesIndicesOutOfRangeAndNonFiniteCoordinates() {
        float[] positions = {0, 0, 0, 1, Float.NaN, 0, 0, 1, 0, 0, 0, Float.NEGATIVE_INFINITY};
        TriangleMesh mesh = TriangleMesh.of(positions, new int[] {0, 1, 2, 0, 2, 4, 3, 2, -1});
        List<MeshProblem> problems = MeshValidator.problems(mesh);
        assertEquals(List.of(Kind.INDEX_OUT_OF_RANGE, Kind.NON_FINITE), kinds(problems));
        assertTrue(problems.get(0).message().startsWith("face 2 refers to vertex index 4"), problems.get(0).message());
        assertTrue(problems.get(0).message().endsWith("(2 faces in all)"), problems.get(0).message());
        assertTrue(problems.get(1).message().startsWith("vertex 2 has y = NaN"), problems.get(1).message());
        assertTrue(problems.get(1).message().endsWith("(2 vertices in all)"), problems.get(1).message());
    }

    @Test
    void refusesUvsWhoseRingSumsWouldOverflowAndTakesTheBound() {
        float[] positions = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        int[] triangle = {0, 1, 2};
        float bound = MeshValidator.MAX_UV;
        assertEquals(List.of(), MeshValidator.problems(withUvs(positions, triangle, bound, -bound)));
        List<MeshProblem> problems = MeshValidator.problems(withUvs(positions, triangle, Math.nextUp(bound), 0));
        assertEquals(List.of(Kind.TOO_LARGE), kinds(problems));
        assertTrue(problems.get(0).message().startsWith("uv 2 has u = " + Math.nextUp(bound)), problems.get(0).message());
        // the bound leaves room for the largest ring a record holds
        assertTrue(Float.isFinite(MeshValidator.MAX_VALENCE * bound));
    }

    /** The triangle with uvs 1 = (0, 0), 2 = (b, 0) and 3 = (0, c). */
    private static TriangleMesh withUvs(float[] positions, int[] triangle, float b, float c) {
        return TriangleMesh.of(positions, triangle, new float[] {0, 0, b, 0, 0, c}, new int[] {0, 1, 2});
    }

    @Test
    void refusesEmptyMeshes() {
        assertEquals(List.of(Kind.EMPTY), kinds(MeshValidator.problems(TriangleMesh.of(new float[0], new int[0]))));
        assertEquals(List.of(Kind.EMPTY),
                kinds(MeshValidator.problems(TriangleMesh.of(new float[] {0, 0, 0}, new int[0]))));
        assertEquals(List.of(Kind.EMPTY),
                kinds(MeshValidator.problems(TriangleMesh.of(new float[0], new int[] {0, 1, 2}))));
    }

    @Test
    void listsOneProblemPerKindBySeverity() {
        // an octahedron-like fan pair: one flipped face, one degenerate face, one NaN vertex,
        // one face repeated, plus a bowtie vertex
        float[] positions = {
            0, 0, 0, 1, 0, 0, 0, 1, 0, -1, 0, 0, 0, -1, 0, // a square fan around vertex 0
            Float.NaN, 0, 0, // 5
            5, 5, 5, 6, 5, 5, 5, 6, 5, // 6, 7, 8: a separate triangle
            5, 4, 5, 4, 5, 5}; // 9, 10: a second triangle touching vertex 6 only
        int[] triangles = {
            0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 1, 4, // last one runs 0->1 like the first: flipped
            5, 1, 1, // degenerate
            6, 7, 8, 6, 9, 10, // bowtie at vertex 6
            2, 0, 1}; // repeats face 1
        List<MeshProblem> problems = MeshValidator.problems(TriangleMesh.of(positions, triangles));
        assertEquals(List.of(Kind.NON_FINITE, Kind.DEGENERATE_FACE, Kind.DUPLICATE_FACE,
                Kind.INCONSISTENT_ORIENTATION, Kind.NON_MANIFOLD_VERTEX), kinds(problems), problems.toString());
        assertTrue(problems.get(3).message().startsWith("faces 1 and 4"), problems.get(3).message());
        assertTrue(problems.get(4).message().startsWith("vertex 7 "), problems.get(4).message());
    }

    @Test
    void doesNotReportTheEndsOfANonManifoldEdgeAgainAsVertices() {
        // four triangles around the edge 0-1, like pages of a book
        float[] positions = {0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, -1, 0, 0, 0, -1, 0};
        int[] triangles = {0, 1, 2, 1, 0, 3, 0, 1, 4, 1, 0, 5};
        List<MeshProblem> problems = MeshValidator.problems(TriangleMesh.of(positions, triangles));
        assertEquals(List.of(Kind.NON_MANIFOLD_EDGE), kinds(problems));
        assertTrue(problems.get(0).message().contains("shared by 4 faces (faces 1, 2, 3, ...)"),
                problems.get(0).message());
    }

    /** A 1.28M-triangle grid and a 200k-triangle fan: fast, and no recursion to overflow. */
    @Test
    void handlesLargeMeshesQuickly() {
        TriangleMesh grid = grid(800);
        TriangleMesh fan = fan(200_000);
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            assertEquals(List.of(), MeshValidator.problems(grid));
            assertEquals(List.of(), MeshValidator.problems(fan));
        });
        int[] triangles = grid.triangles();
        int flipped = 1_000_000;
        int swap = triangles[3 * flipped + 1];
        triangles[3 * flipped + 1] = triangles[3 * flipped + 2];
        triangles[3 * flipped + 2] = swap;
        List<MeshProblem> problems = MeshValidator.problems(TriangleMesh.of(grid.positions(), triangles));
        assertEquals(List.of(Kind.INCONSISTENT_ORIENTATION), kinds(problems));
        assertTrue(problems.get(0).message().contains(" and " + (flipped + 1) + " both run"), problems.get(0).message());
        assertTrue(problems.get(0).message().endsWith("(3 edges in all)"), problems.get(0).message());
    }

    /** An n by n grid of squares, two triangles each, consistently oriented. */
    static TriangleMesh grid(int n) {
        float[] positions = new float[3 * (n + 1) * (n + 1)];
        for (int y = 0; y <= n; y++) {
            for (int x = 0; x <= n; x++) {
                int v = y * (n + 1) + x;
                positions[3 * v] = x;
                positions[3 * v + 1] = y;
            }
        }
        int[] triangles = new int[6 * n * n];
        int t = 0;
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                int a = y * (n + 1) + x;
                int b = a + 1;
                int c = a + n + 1;
                int d = c + 1;
                triangles[t++] = a;
                triangles[t++] = b;
                triangles[t++] = d;
                triangles[t++] = a;
                triangles[t++] = d;
                triangles[t++] = c;
            }
        }
        return TriangleMesh.of(positions, triangles);
    }

    /** A closed fan of k triangles around vertex 0 (a flat disk), valence k. */
    static TriangleMesh fan(int k) {
        float[] positions = new float[3 * (k + 1)];
        for (int i = 0; i < k; i++) {
            double angle = 2 * Math.PI * i / k;
            positions[3 * (i + 1)] = (float) Math.cos(angle);
            positions[3 * (i + 1) + 1] = (float) Math.sin(angle);
        }
        int[] triangles = new int[3 * k];
        for (int i = 0; i < k; i++) {
            triangles[3 * i] = 0;
            triangles[3 * i + 1] = 1 + i;
            triangles[3 * i + 2] = 1 + (i + 1) % k;
        }
        return TriangleMesh.of(positions, triangles);
    }

    private static List<Kind> kinds(List<MeshProblem> problems) {
        return problems.stream().map(MeshProblem::kind).toList();
    }

    static Path broken(String name) throws URISyntaxException {
        return org.loopsub.corpus.TestMeshes.broken(name);
    }

    @Test
    void theUvChannelChangesNoVerdict() {
        // a uv seam at every corner, and a repeated face (face 3 repeats face 1): the problems are
        // the same with and without the uvs, and a seam alone is none
        float[] p = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
        int[] t = {0, 1, 2, 2, 1, 3, 0, 1, 2};
        float[] uvs = new float[18];
        int[] uvIndices = {0, 1, 2, 3, 4, 5, 6, 7, 8};
        List<MeshProblem> without = MeshValidator.problems(TriangleMesh.of(p, t));
        assertEquals(List.of(Kind.DUPLICATE_FACE), without.stream().map(MeshProblem::kind).toList());
        assertEquals(without, MeshValidator.problems(TriangleMesh.of(p, t, uvs, uvIndices)));
        int[] two = {0, 1, 2, 2, 1, 3};
        assertEquals(List.of(), MeshValidator.problems(TriangleMesh.of(p, two, new float[12],
                new int[] {0, 1, 2, 3, 4, 5})));
    }
}
