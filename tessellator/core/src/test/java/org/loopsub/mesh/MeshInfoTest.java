package org.loopsub.mesh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.loopsub.api.Crease;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.MeshProblem.Kind;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.obj.ObjReader;
import org.loopsub.prepare.PreparedMesh;

class MeshInfoTest {

    @Test
    void meshWithBorderIsADiskWithEightyBoundaryEdgesInOneLoop() throws IOException {
        MeshInfo info = info("mesh_with_border.obj");
        assertTrue(info.valid(), info.problems().toString());
        assertEquals(548, info.vertices());
        assertEquals(1014, info.triangles());
        assertEquals(80, info.boundaryEdges());
        assertEquals(1, info.boundaryLoops());
        assertEquals(1, info.vertices() - info.edges() + info.triangles(), "Euler characteristic of a disk");
        // every interior edge has two faces, a boundary edge one
        assertEquals(3 * info.triangles(), 2 * info.edges() - info.boundaryEdges());
        assertEquals(8, info.valenceHistogram().lastKey());
        assertEquals(2, info.valenceHistogram().get(2), "two boundary vertices of valence 2");
        assertEquals(548, info.valenceHistogram().values().stream().mapToInt(Integer::intValue).sum());
    }

    @Test
    void bunnyIsClosedWithValenceUpToTen() throws IOException {
        MeshInfo info = info("bunny_npm.obj");
        assertTrue(info.valid(), info.problems().toString());
        assertEquals(0, info.boundaryEdges());
        assertEquals(0, info.boundaryLoops());
        assertEquals(3 * 3674 / 2, info.edges());
        assertEquals(2, info.vertices() - info.edges() + info.triangles(), "Euler characteristic of a sphere");
        assertEquals(3, info.valenceHistogram().firstKey());
        assertEquals(10, info.valenceHistogram().lastKey());
        assertEquals(0, info.mergedVertices());
    }

    /**
     * What preparing a mesh refuses or warns about beyond the validator, info reports too: a vertex
     * past the largest valence, crease tags on no edge and an edge tagged twice with two sharpnesses.
     */
    @Test
    void infoSaysWhatPreparingRefusesAndWarnsAbout() {
        // a disk: 300 triangles around a centre vertex of valence 300
        int n = 300;
        float[] p = new float[3 * (n + 1)];
        int[] t = new int[3 * n];
        for (int i = 0; i < n; i++) {
            double a = 2 * Math.PI * i / n;
            p[3 * (i + 1)] = (float) Math.cos(a);
            p[3 * (i + 1) + 1] = (float) Math.sin(a);
            t[3 * i] = 0;
            t[3 * i + 1] = 1 + i;
            t[3 * i + 2] = 1 + (i + 1) % n;
        }
        TriangleMesh fan = new TriangleMesh(p, t, List.of());
        MeshInfo big = MeshInfo.of(fan);
        assertFalse(big.valid());
        assertEquals(List.of(Kind.TOO_LARGE), big.problems().stream().map(q -> q.kind()).toList());
        org.loopsub.api.InvalidMeshException refused = org.junit.jupiter.api.Assertions.assertThrows(
                org.loopsub.api.InvalidMeshException.class, () -> org.loopsub.prepare.PreparedMesh.of(fan));
        assertEquals(refused.problems(), big.problems(), "the same refusal");
        assertEquals("vertex 1 has valence 300; at most 254 is supported", big.problems().get(0).message(),
                "the hub named");

        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        int[] tri = ico.triangles();
        int a = tri[0];
        int b = tri[1];
        int far = -1;
        for (int v = 0; v < ico.vertexCount() && far < 0; v++) {
            boolean neighbour = v == a;
            for (int i = 0; i < tri.length; i += 3) {
                boolean hasA = tri[i] == a || tri[i + 1] == a || tri[i + 2] == a;
                boolean hasV = tri[i] == v || tri[i + 1] == v || tri[i + 2] == v;
                neighbour |= hasA && hasV;
            }
            far = neighbour ? -1 : v;
        }
        TriangleMesh tagged = new TriangleMesh(ico.positions(), tri,
                List.of(new Crease(a, far, 2), new Crease(a, b, 3), new Crease(b, a, 5), new Crease(a, b, 5)));
        MeshInfo info = MeshInfo.of(tagged);
        assertTrue(info.valid(), info.problems().toString());
        assertEquals(2, info.warnings().size(), info.warnings().toString());
        assertTrue(info.warnings().get(0).startsWith("1 crease tag names no edge"), info.warnings().toString());
        assertTrue(info.warnings().get(1).startsWith("1 crease tag names an edge tagged before with another sharpness"),
                info.warnings().toString());
        assertEquals(info.warnings(), org.loopsub.prepare.PreparedMesh.of(tagged).warnings(), "the same warnings");
    }

    @Test
    void aValenceRefusalNamesTheFirstHubAndCountsThem() {
        // two flat fans apart: hub 0 with 260 triangles, hub 261 with 300
        int[] sizes = {260, 300};
        float[] p = new float[3 * (sizes[0] + sizes[1] + 2)];
        int[] t = new int[3 * (sizes[0] + sizes[1])];
        int v = 0;
        int k = 0;
        for (int f = 0; f < 2; f++) {
            int hub = v;
            p[3 * hub] = 10 * f;
            v++;
            for (int i = 0; i < sizes[f]; i++) {
                double a = 2 * Math.PI * i / sizes[f];
                p[3 * (v + i)] = (float) (10 * f + Math.cos(a));
                p[3 * (v + i) + 1] = (float) Math.sin(a);
                t[k++] = hub;
                t[k++] = v + i;
                t[k++] = v + (i + 1) % sizes[f];
            }
            v += sizes[f];
        }
        MeshInfo info = MeshInfo.of(new TriangleMesh(p, t, List.of()));
        assertEquals(List.of("2 vertices have a valence above 254, the most supported (the first: vertex 1, "
                + "valence 260; the highest: 300)"), info.problems().stream().map(q -> q.message()).toList());
    }

    @Test
    void platonicSolidsHaveOneValence() throws IOException {
        assertEquals(Map.of(3, 4), info("tetrahedron.obj").valenceHistogram());
        assertEquals(Map.of(5, 12), info("icosahedron.obj").valenceHistogram());
        assertEquals(30, info("icosahedron.obj").edges());
    }

    @Test
    void rookKeepsItsCreases() throws IOException {
        MeshInfo info = info("rookT.obj");
        assertTrue(info.valid(), info.problems().toString());
        assertEquals(280, info.creases());
        assertEquals(24, info.boundaryEdges());
        assertEquals(1, info.boundaryLoops());
    }

    /** The README's numbers: 263 vertices merged, 64 boundary edges, one non-manifold vertex. */
    @Test
    void teapotIsCountedButInvalid() throws IOException {
        MeshInfo info = info("teapot.obj");
        assertFalse(info.valid());
        assertEquals(List.of(Kind.NON_MANIFOLD_VERTEX), info.problems().stream().map(p -> p.kind()).toList());
        assertTrue(info.problems().get(0).message().contains("vertex 116"), info.problems().get(0).message());
        assertEquals(263, info.mergedVertices());
        assertEquals(529, info.vertices());
        assertEquals(992, info.triangles());
        assertEquals(64, info.boundaryEdges());
        assertEquals(-1, info.boundaryLoops(), "loops are not defined around a non-manifold vertex");
        assertEquals(16, info.valenceHistogram().lastKey());
    }

    /**
     * Names given for the mesh as read reach every message through the weld: a vertex is named as
     * the input vertex it came from (vertex 0 is unused, vertex 4 merges into vertex 2), a face keeps
     * its index.
     */
    @Test
    void namesGivenForTheInputApplyThroughTheWeld() {
        float[] positions = {9, 9, 9, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0};
        ElementNames names = new ElementNames() {
            @Override
            public String face(int triangle) {
                return "F" + triangle;
            }

            @Override
            public long vertexNumber(int vertex) {
                return 100 + vertex;
            }
        };
        // triangle 1 is (1, 2, 4): vertex 4 welds onto vertex 2, so it uses that vertex twice
        MeshInfo info = MeshInfo.of(TriangleMesh.of(positions, new int[] {1, 2, 3, 1, 2, 4}), names);
        assertEquals(List.of(Kind.DEGENERATE_FACE), info.problems().stream().map(p -> p.kind()).toList());
        assertEquals("F1 uses vertex 102 twice (vertices 101, 102, 102)", info.problems().get(0).message());
        MeshInfo own = MeshInfo.of(TriangleMesh.of(positions, new int[] {1, 2, 3, 1, 2, 4}));
        assertEquals("face 2 uses vertex 2 twice (vertices 1, 2, 2)", own.problems().get(0).message(),
                "without names, the welded mesh's own numbers");
    }

    @Test
    void countsEachBoundaryLoopOfAnAnnulusAndOfSeparatePieces() {
        // a square with a square hole: 8 vertices, 8 triangles, outer and inner boundary
        float[] positions = {0, 0, 0, 3, 0, 0, 3, 3, 0, 0, 3, 0, 1, 1, 0, 2, 1, 0, 2, 2, 0, 1, 2, 0};
        int[] ring = {0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7};
        MeshInfo annulus = MeshInfo.of(TriangleMesh.of(positions, ring));
        assertTrue(annulus.valid(), annulus.problems().toString());
        assertEquals(8, annulus.boundaryEdges());
        assertEquals(2, annulus.boundaryLoops());

        // two triangles far apart, and one unused vertex
        float[] apart = {0, 0, 0, 1, 0, 0, 0, 1, 0, 9, 9, 9, 5, 0, 0, 6, 0, 0, 5, 1, 0};
        MeshInfo two = MeshInfo.of(TriangleMesh.of(apart, new int[] {0, 1, 2, 4, 5, 6}));
        assertTrue(two.valid());
        assertEquals(6, two.vertices());
        assertEquals(1, two.droppedUnreferenced());
        assertEquals(1, two.warnings().size());
        assertEquals(6, two.boundaryEdges());
        assertEquals(2, two.boundaryLoops());
        assertEquals(new TreeMap<>(Map.of(2, 6)), two.valenceHistogram());
    }

    @Test
    void countsCreasesAfterWelding() {
        float[] positions = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0};
        TriangleMesh mesh = new TriangleMesh(positions, new int[] {0, 1, 2},
                List.of(new Crease(0, 3, 1f), new Crease(1, 2, 1f)));
        MeshInfo info = MeshInfo.of(mesh);
        assertEquals(2, info.creases());
        assertEquals(1, info.mergedVertices());
        assertEquals(3, info.vertices());
    }

    @Test
    void leavesTopologyUncountedWhenIndicesAreOutOfRange() {
        MeshInfo info = MeshInfo.of(TriangleMesh.of(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, new int[] {0, 1, 3}));
        assertFalse(info.valid());
        assertEquals(Kind.INDEX_OUT_OF_RANGE, info.problems().get(0).kind());
        assertEquals(-1, info.edges());
        assertEquals(-1, info.boundaryEdges());
        assertEquals(-1, info.boundaryLoops());
        assertTrue(info.valenceHistogram().isEmpty());
    }

    @Test
    void reportsVerticesTheEngineFrameCannotTellApartAsPreparingRefusesThem() {
        // a spike at 1e38: in the frame scaled to it, vertices 1 and 2 (one unit apart) become one
        float[] positions = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1e38f};
        TriangleMesh spike = TriangleMesh.of(positions, new int[] {0, 2, 1, 0, 1, 3, 1, 2, 3, 2, 0, 3});
        MeshInfo info = MeshInfo.of(spike);
        assertEquals(List.of(Kind.BELOW_PRECISION), info.problems().stream().map(p -> p.kind()).toList());
        InvalidMeshException refused = assertThrows(InvalidMeshException.class, () -> PreparedMesh.of(spike));
        assertEquals(refused.problems(), info.problems(), "the same rule, the same words");

        positions[11] = 1e6f;
        assertTrue(MeshInfo.of(TriangleMesh.of(positions, spike.triangles())).valid(), "a spike float can hold");
    }

    @Test
    void describesTheBrokenFixturesWithoutFailing() throws IOException, URISyntaxException {
        MeshInfo bowtie = MeshInfo.of(ObjReader.read(MeshValidatorTest.broken("nonmanifold_vertex_bowtie.obj")).mesh());
        assertEquals(List.of(Kind.NON_MANIFOLD_VERTEX), bowtie.problems().stream().map(p -> p.kind()).toList());
        assertEquals(6, bowtie.boundaryEdges());
        assertEquals(-1, bowtie.boundaryLoops());
        assertEquals(4, bowtie.valenceHistogram().get(2));
        assertEquals(1, bowtie.valenceHistogram().get(4));
    }

    private static MeshInfo info(String name) throws IOException {
        return MeshInfo.of(ObjReader.read(TestMeshes.dir().resolve(name)).mesh());
    }
}
