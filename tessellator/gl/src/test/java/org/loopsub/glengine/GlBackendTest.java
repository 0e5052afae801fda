package org.loopsub.glengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.loopsub.api.EdgePredicate;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.engine.JavaTessellator;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTestBase;
import org.loopsub.gl.GpuScan;
import org.loopsub.glstream.HostState;
import org.loopsub.obj.ObjWriter;
import org.loopsub.testing.CrackCheck;
import org.loopsub.testing.SyntheticMeshes;
import org.loopsub.testing.TestCameras;
import org.lwjgl.opengl.GL43C;

/**
 * The GL back end (here on Mesa llvmpipe) writes the same OBJ bytes as the Java back end, for
 * uniform and adaptive runs, every built-in criterion and a random one, with the stream cut into
 * many windows or not.
 */
class GlBackendTest extends GlTestBase {
    private final Tessellator java = new JavaTessellator();

    /** A random symmetric verdict as a Java predicate and the same function in GLSL (32-bit hash). */
    static StopCriterion randomBoth(int seed, double pComplete) {
        int threshold = (int) (pComplete * (1 << 24));
        EdgePredicate predicate = (level, ax, ay, az, bx, by, bz) -> {
            int h = seed;
            for (float f : new float[] {ax, ay, az, bx, by, bz}) {
                h = (h ^ Float.floatToRawIntBits(f)) * 0x9E3779B1;
                h ^= h >>> 15;
            }
            h = (h ^ level) * 0x85EBCA6B;
            h ^= h >>> 13;
            return (h >>> 8) < threshold;
        };
        String glsl = "bool loopsub_edge_complete(int level, vec3 a, vec3 b) {\n"
                + "    uint h = " + Integer.toUnsignedString(seed) + "u;\n"
                + "    float f[6] = float[6](a.x, a.y, a.z, b.x, b.y, b.z);\n"
                + "    for (int i = 0; i < 6; i++) { h = (h ^ floatBitsToUint(f[i])) * 0x9E3779B1u; h ^= h >> 15u; }\n"
                + "    h = (h ^ uint(level)) * 0x85EBCA6Bu;\n"
                + "    h ^= h >> 13u;\n"
                + "    return (h >> 8u) < " + threshold + "u;\n"
                + "}\n";
        return new StopCriterion.Custom(predicate, glsl);
    }

    private static String obj(RefineResult r) throws IOException {
        StringWriter w = new StringWriter();
        ObjWriter.write(w, r.mesh(), r.normals());
        return w.toString();
    }

    /**
     * Inputs up to this many triangles (the icosahedron, the cone, the crease grids, the torus, the
     * disk with holes), and runs cut into windows by a small budget, run with every scan strategy;
     * larger inputs with the context's default one only (the strategies meet every feature on the
     * small meshes, and GpuScanTest checks them at every size).
     */
    private static final int EVERY_STRATEGY_UP_TO = 500;

    private void assertSameBytes(TriangleMesh mesh, RefineOptions options, long budget, String what) throws IOException {
        RefineResult expected = java.refine(mesh, options);
        List<GpuScan.Strategy> scans = mesh.triangleCount() <= EVERY_STRATEGY_UP_TO || budget != GlTessellator.DEFAULT_BUDGET
                ? strategies(gl) : List.of(GpuScan.defaultStrategy(gl));
        for (GpuScan.Strategy s : scans) {
            try (Tessellator backend = new GlTessellator(gl, false, s, budget)) {
                RefineResult r = backend.refine(mesh, options);
                assertSameObj(expected, r, what + " with " + s);
                assertEquals("gl", r.backend());
            }
        }
    }

    /**
     * Both results write the same OBJ bytes. The writer is a function of the mesh (positions,
     * triangles, uvs, tags) and the normals, so results equal in all of them write equal bytes; only
     * results that differ are written (writing the text was most of this class's Java time) and
     * compared as text, the message naming the first line that differs.
     */
    private static void assertSameObj(RefineResult expected, RefineResult actual, String what) throws IOException {
        if (sameContent(expected, actual)) {
            return;
        }
        String e = obj(expected);
        String a = obj(actual);
        if (!e.equals(a)) {
            assertEquals(firstDifference(e, a), "", what + ": GL output differs");
        }
    }

    /** Everything ObjWriter reads, compared as it prints it (-0 is not 0, a NaN is a NaN). */
    private static boolean sameContent(RefineResult a, RefineResult b) {
        TriangleMesh x = a.mesh();
        TriangleMesh y = b.mesh();
        if (x.hasUvs() != y.hasUvs() || x.hasUvs() && !(Arrays.equals(x.uvs(), y.uvs())
                && Arrays.equals(x.uvIndices(), y.uvIndices()))) {
            return false;
        }
        return Arrays.equals(x.positions(), y.positions()) && Arrays.equals(x.triangles(), y.triangles())
                && Arrays.equals(a.normals(), b.normals()) && x.creases().equals(y.creases())
                && x.corners().equals(y.corners());
    }

    private static String firstDifference(String a, String b) {
        String[] la = a.split("\n");
        String[] lb = b.split("\n");
        for (int i = 0; i < Math.min(la.length, lb.length); i++) {
            if (!la[i].equals(lb[i])) {
                return "line " + (i + 1) + ": java '" + la[i] + "' gl '" + lb[i] + "'";
            }
        }
        return "lengths " + la.length + " vs " + lb.length;
    }

    @Test
    void uniformMatchesJava() throws IOException {
        // Every valid shared mesh; the large ones to level 2 to keep CI fast on llvmpipe.
        for (String name : TestMeshes.VALID) {
            TriangleMesh m = TestMeshes.load(name);
            assertSameBytes(m, RefineOptions.uniform(m.triangleCount() > 1000 ? 2 : 3), GlTessellator.DEFAULT_BUDGET, name);
        }
        assertSameBytes(SyntheticMeshes.highValenceCone(24), RefineOptions.uniform(3), GlTessellator.DEFAULT_BUDGET, "cone");
        assertSameBytes(TestMeshes.load("icosahedron.obj"), RefineOptions.uniform(0), GlTessellator.DEFAULT_BUDGET, "level 0");
        // One level: the direct split alone, no fused pass.
        assertSameBytes(TestMeshes.load("bunny_npm.obj"), RefineOptions.uniform(1), GlTessellator.DEFAULT_BUDGET, "level 1");
    }

    @Test
    void adaptiveMatchesJavaForEveryCriterion() throws IOException {
        List<TriangleMesh> meshes = List.of(TestMeshes.load("icosahedron.obj"), TestMeshes.load("mesh_with_border.obj"),
                SyntheticMeshes.highValenceCone(20), TestMeshes.load("bigguyT.obj"), TestMeshes.load("rookT.obj"),
                TestMeshes.load("monsterfrogT.obj"));
        for (TriangleMesh m : meshes) {
            double diag = TestCameras.diagonal(m);
            int depth = m.triangleCount() > 2000 ? 2 : 4;
            List<StopCriterion> criteria = new ArrayList<>(List.of(
                    new StopCriterion.MaxEdgeLength((float) (0.05 * diag)),
                    new StopCriterion.Flatness((float) (2e-4 * diag)),
                    new StopCriterion.ScreenEdgeLength(TestCameras.frontCamera(m), 8f),
                    randomBoth(5, 0.4)));
            for (StopCriterion c : criteria) {
                assertSameBytes(m, RefineOptions.adaptive(depth, c), GlTessellator.DEFAULT_BUDGET, m.triangleCount() + " " + c);
            }
            assertSameBytes(m, RefineOptions.adaptive(depth, criteria.get(0), criteria.get(3)),
                    GlTessellator.DEFAULT_BUDGET, "combined");
        }
    }

    /**
     * View culling: the frustum planes, the eye and the margins go to the edge test as Java computed
     * them, and the shader's test is the same float operations, so the verdicts agree to the bit.
     */
    @Test
    void cullingMatchesJava() throws IOException {
        for (String name : new String[] {"bigguyT.obj", "mesh_with_border.obj"}) {
            TriangleMesh m = TestMeshes.load(name);
            for (float side : new float[] {1, -1}) {
                StopCriterion screen = new StopCriterion.ScreenEdgeLength(TestCameras.closeUp(m, side), 6f);
                int depth = m.triangleCount() > 2000 ? 3 : 5;
                for (org.loopsub.api.Culling c : new org.loopsub.api.Culling[] {org.loopsub.api.Culling.NONE, org.loopsub.api.Culling.FRUSTUM, org.loopsub.api.Culling.BACKFACE, org.loopsub.api.Culling.ALL}) {
                    assertSameBytes(m, RefineOptions.adaptive(depth, screen).withCulling(c),
                            GlTessellator.DEFAULT_BUDGET, name + " culling " + c + " side " + side);
                }
                assertSameBytes(m, RefineOptions.adaptive(depth, screen).withLimitSurface(true),
                        GlTessellator.DEFAULT_BUDGET, name + " culling on the limit surface");
            }
        }
        org.loopsub.api.MatrixCamera ortho = org.loopsub.api.MatrixCamera.of(
                new org.joml.Matrix4d().setOrtho(-4, 4, -3, 3, 0.1, 100),
                new org.joml.Matrix4d().setLookAt(2, 2, 40, 2, 2, 0, 0, 1, 0), new org.joml.Matrix4d(), 320, 240);
        assertSameBytes(SyntheticMeshes.torus(12, 8, 3), RefineOptions.adaptive(4,
                new StopCriterion.ScreenEdgeLength(ortho, 4f)), GlTessellator.DEFAULT_BUDGET, "orthographic");
    }

    /** Within a triangle budget both back ends coarsen alike: their counts are the same at every try. */
    @Test
    void triangleBudgetMatchesJava() throws IOException {
        TriangleMesh m = TestMeshes.load("mesh_with_border.obj");
        RefineOptions o = RefineOptions.adaptive(6, new StopCriterion.ScreenEdgeLength(TestCameras.closeUp(m, 1), 2f));
        long all = java.refine(m, o).mesh().triangleCount();
        assertSameBytes(m, o.withTriangleBudget(all / 5), GlTessellator.DEFAULT_BUDGET, "within a budget");
        assertSameBytes(m, RefineOptions.uniform(4).withTriangleBudget(20 * m.triangleCount()),
                GlTessellator.DEFAULT_BUDGET, "uniform within a budget");
    }

    /** The limit surface: carried limit positions and normals, the same bits on both back ends. */
    @Test
    void limitSurfaceMatchesJava() throws IOException {
        for (String name : new String[] {"icosahedron.obj", "mesh_with_border.obj", "bunny_npm.obj"}) {
            TriangleMesh m = TestMeshes.load(name);
            for (int level = 0; level <= (m.triangleCount() > 1000 ? 2 : 3); level++) {
                assertSameBytes(m, RefineOptions.uniform(level).withLimitSurface(true), GlTessellator.DEFAULT_BUDGET,
                        name + " limit level " + level);
            }
        }
        TriangleMesh cone = SyntheticMeshes.highValenceCone(20);
        TriangleMesh border = TestMeshes.load("mesh_with_border.obj");
        assertSameBytes(cone, RefineOptions.uniform(3).withLimitSurface(true), GlTessellator.DEFAULT_BUDGET, "cone limit");
        for (TriangleMesh m : List.of(cone, border, SyntheticMeshes.diskWithHoles())) {
            assertSameBytes(m, RefineOptions.adaptive(4, randomBoth(5, 0.4)).withLimitSurface(true),
                    GlTessellator.DEFAULT_BUDGET, "adaptive limit");
        }
        assertSameBytes(TestMeshes.load("bunny_npm.obj"), RefineOptions.adaptive(3, randomBoth(9, 0.3)).withLimitSurface(true),
                256 * 1024, "adaptive limit, tiny budget");
    }

    /** Creases and corners: the sharpness rules give the same bits on both back ends. */
    @Test
    void creasesMatchJava() throws IOException {
        TriangleMesh rook = TestMeshes.load("rookT.obj");
        assertSameBytes(rook, RefineOptions.uniform(2), GlTessellator.DEFAULT_BUDGET, "rookT");
        for (float s : new float[] {10f, 1.5f, 0.5f, 2.3f}) {
            TriangleMesh m = SyntheticMeshes.gridWithLine(s);
            assertSameBytes(m, RefineOptions.uniform(3), GlTessellator.DEFAULT_BUDGET, "tags s=" + s);
            assertSameBytes(m, RefineOptions.adaptive(4, randomBoth(3, 0.3)), GlTessellator.DEFAULT_BUDGET,
                    "adaptive, tags s=" + s);
        }
        assertSameBytes(TestMeshes.load("mesh_with_border.obj"),
                RefineOptions.uniform(3).withBoundary(org.loopsub.api.BoundaryInterpolation.EDGE_AND_CORNER),
                GlTessellator.DEFAULT_BUDGET, "edge and corner");
        assertSameBytes(SyntheticMeshes.octahedronEquator(1.5f), RefineOptions.uniform(3).withLimitSurface(true),
                GlTessellator.DEFAULT_BUDGET, "creases on the limit surface");
        // Chaikin's creasing: halves at both ends, far-end averages carried by the records
        TriangleMesh mixed = SyntheticMeshes.randomTags(SyntheticMeshes.torus(6, 5, 2), 7);
        assertSameBytes(mixed, RefineOptions.uniform(3).withCreasing(org.loopsub.api.Creasing.CHAIKIN),
                GlTessellator.DEFAULT_BUDGET, "chaikin");
        assertSameBytes(mixed, RefineOptions.adaptive(4, randomBoth(6, 0.3)).withCreasing(org.loopsub.api.Creasing.CHAIKIN)
                .withLimitSurface(true), GlTessellator.DEFAULT_BUDGET, "chaikin adaptive limit");
        // darts and semi-sharp tags: their limit taken again at the last level
        assertSameBytes(SyntheticMeshes.gridWithLine(0.5f), RefineOptions.uniform(2).withLimitSurface(true),
                GlTessellator.DEFAULT_BUDGET, "darts on the limit surface");
    }

    /** Texture coordinates, with a seam: the same uvs (and so the same OBJ bytes) on both back ends. */
    @Test
    void uvsMatchJava() throws IOException {
        TriangleMesh border = SyntheticMeshes.seamed(TestMeshes.load("mesh_with_border.obj"));
        assertSameBytes(border, RefineOptions.uniform(3), GlTessellator.DEFAULT_BUDGET, "uvs uniform");
        assertSameBytes(border, RefineOptions.adaptive(4, randomBoth(4, 0.3)), GlTessellator.DEFAULT_BUDGET, "uvs adaptive");
        assertSameBytes(SyntheticMeshes.seamed(TestMeshes.load("icosahedron.obj")), RefineOptions.uniform(3).withLimitSurface(true),
                GlTessellator.DEFAULT_BUDGET, "uvs on the limit surface");
        // a torus of valence 6 is regular throughout: the fused pass writes the last two levels' uvs
        TriangleMesh torus = SyntheticMeshes.seamed(SyntheticMeshes.torus(8, 6, 2));
        assertSameBytes(torus, RefineOptions.uniform(2), GlTessellator.DEFAULT_BUDGET, "uvs, fused levels 0-1");
        assertSameBytes(torus, RefineOptions.uniform(4), GlTessellator.DEFAULT_BUDGET, "uvs, fused levels 2-3");
        // and on the limit surface: the children's births from their rings in the fused pass's registers
        assertSameBytes(torus, RefineOptions.uniform(2).withLimitSurface(true), GlTessellator.DEFAULT_BUDGET,
                "uvs on the limit surface, fused levels 0-1");
        assertSameBytes(torus, RefineOptions.uniform(4).withLimitSurface(true), GlTessellator.DEFAULT_BUDGET,
                "uvs on the limit surface, fused levels 2-3");
    }

    @Test
    void smoothUvsMatchJava() throws IOException {
        org.loopsub.api.UvInterpolation smooth = org.loopsub.api.UvInterpolation.SMOOTH;
        TriangleMesh border = SyntheticMeshes.seamed(TestMeshes.load("mesh_with_border.obj"));
        assertSameBytes(border, RefineOptions.uniform(3).withUvInterpolation(smooth), GlTessellator.DEFAULT_BUDGET,
                "smooth uvs uniform");
        assertSameBytes(border, RefineOptions.adaptive(4, randomBoth(4, 0.3)).withUvInterpolation(smooth),
                GlTessellator.DEFAULT_BUDGET, "smooth uvs adaptive");
        assertSameBytes(SyntheticMeshes.seamed(TestMeshes.load("icosahedron.obj")),
                RefineOptions.uniform(3).withLimitSurface(true).withUvInterpolation(smooth), GlTessellator.DEFAULT_BUDGET,
                "smooth uvs on the limit surface");
        TriangleMesh rook = TestMeshes.load("rookT.obj");
        TriangleMesh seamedRook = SyntheticMeshes.seamed(rook);
        TriangleMesh creasedRook = new TriangleMesh(rook.positions(), rook.triangles(), rook.creases(),
                seamedRook.uvs(), seamedRook.uvIndices());
        assertSameBytes(creasedRook, RefineOptions.uniform(2).withUvInterpolation(smooth), GlTessellator.DEFAULT_BUDGET,
                "smooth uvs with creases");
        TriangleMesh grid = SyntheticMeshes.gridWithLine(1.5f);
        TriangleMesh seamedGrid = SyntheticMeshes.seamed(grid);
        assertSameBytes(new TriangleMesh(grid.positions(), grid.triangles(), grid.creases(), seamedGrid.uvs(),
                seamedGrid.uvIndices()), RefineOptions.uniform(3).withUvInterpolation(smooth)
                .withCreasing(org.loopsub.api.Creasing.CHAIKIN), GlTessellator.DEFAULT_BUDGET,
                "smooth uvs with semi-sharp creases, Chaikin");
        // limit uvs: born with their vertices, level 0's from the host, stale ones taken again at the last level
        TriangleMesh semi = SyntheticMeshes.gridWithLine(0.5f);
        TriangleMesh seamedSemi = SyntheticMeshes.seamed(semi);
        assertSameBytes(new TriangleMesh(semi.positions(), semi.triangles(), semi.creases(), seamedSemi.uvs(),
                seamedSemi.uvIndices()), RefineOptions.uniform(3).withUvInterpolation(smooth).withLimitSurface(true),
                GlTessellator.DEFAULT_BUDGET, "limit uvs with semi-sharp creases");
        assertSameBytes(border, RefineOptions.adaptive(4, randomBoth(5, 0.3)).withUvInterpolation(smooth)
                .withLimitSurface(true), GlTessellator.DEFAULT_BUDGET, "limit uvs adaptive");
    }

    @Test
    void tinyBudgetCutsTheStreamWithoutChangingTheOutput() throws IOException {
        TriangleMesh bunny = TestMeshes.load("bunny_npm.obj");
        // A budget of a few hundred kilobytes forces many windows per level.
        long tiny = 256 * 1024;
        assertSameBytes(bunny, RefineOptions.uniform(2), tiny, "uniform tiny budget");
        assertSameBytes(bunny, RefineOptions.adaptive(3, randomBoth(9, 0.3)), tiny, "adaptive tiny budget");
    }

    @Test
    void runOnGpuKeepsTrianglesAndMakesNormalsForDrawing() {
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        RefineOptions o = RefineOptions.adaptive(3, randomBoth(3, 0.3));
        try (GlTessellator backend = new GlTessellator(gl, false, GpuScan.Strategy.REDUCE_THEN_SCAN,
                GlTessellator.DEFAULT_BUDGET); GpuRun run = backend.refineOnGpu(ico, o, l -> { }, true)) {
            RefineResult cpu = java.refine(ico, o);
            assertEquals(cpu.triangleCount(), run.triangleCount());
            assertTrue(run.kernelNanos() > 0, "timed passes");
            // the buffer as drawn: padding before an aligned block is degenerate and skipped below
            float[] corners = run.buffers().get(0).readFloats(0, Math.toIntExact(9 * run.drawTriangles()));
            assertEquals(cpu.triangleCount(), run.readCorners().length / 9);
            List<org.loopsub.gl.GlBuffer> normals = run.faceNormals();
            assertEquals(run.buffers().size(), normals.size());
            int at = 0;
            for (int i = 0; i < normals.size(); i++) {
                int n = Math.toIntExact(run.triangleCounts().get(i));
                float[] nb = normals.get(i).readFloats(0, 9 * n);
                for (int t = 0; t < n; t++, at++) {
                    double[] e1 = new double[3];
                    double[] e2 = new double[3];
                    for (int x = 0; x < 3; x++) {
                        e1[x] = corners[9 * at + 3 + x] - corners[9 * at + x];
                        e2[x] = corners[9 * at + 6 + x] - corners[9 * at + x];
                    }
                    double cx = e1[1] * e2[2] - e1[2] * e2[1];
                    double cy = e1[2] * e2[0] - e1[0] * e2[2];
                    double cz = e1[0] * e2[1] - e1[1] * e2[0];
                    double len = Math.sqrt(cx * cx + cy * cy + cz * cz);
                    if (len < 1e-6) {
                        continue; // slivers: direction undefined
                    }
                    assertEquals(cx / len, nb[9 * t], 1e-4, "normal x of triangle " + at);
                    assertEquals(cy / len, nb[9 * t + 4], 1e-4, "normal y of triangle " + at);
                    assertEquals(cz / len, nb[9 * t + 8], 1e-4, "normal z of triangle " + at);
                }
            }
            assertEquals(corners.length / 9, at);
        }
    }

    @Test
    void refinementPutsTheHostsProgramBackAndUnbindsItsStorageBuffers() {
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        try (org.loopsub.gl.ComputeProgram host = org.loopsub.gl.ComputeProgram.load("loop_face_normals",
                org.loopsub.glstream.ShaderContract.DEFINES, List.of());
             GlTessellator backend = new GlTessellator(gl, false, GpuScan.Strategy.REDUCE_THEN_SCAN,
                     GlTessellator.DEFAULT_BUDGET);
             org.loopsub.gl.GlBuffer hostCommands = org.loopsub.gl.GlBuffer.of(new int[] {1, 1, 1}, "test_host_commands")) {
            org.lwjgl.opengl.GL43C.glUseProgram(host.id());
            // the host's own dispatch-indirect buffer: the fused pass dispatches from its own and
            // must leave the host's bound
            org.lwjgl.opengl.GL43C.glBindBuffer(org.lwjgl.opengl.GL43C.GL_DISPATCH_INDIRECT_BUFFER, hostCommands.id());
            backend.refine(ico, RefineOptions.adaptive(3, randomBoth(4, 0.3)));
            try (GpuRun run = backend.refineOnGpu(ico, RefineOptions.uniform(2), l -> { }, false)) {
                run.faceNormals();
                assertEquals(host.id(), org.lwjgl.opengl.GL43C.glGetInteger(org.lwjgl.opengl.GL43C.GL_CURRENT_PROGRAM));
                assertEquals(hostCommands.id(), org.lwjgl.opengl.GL43C.glGetInteger(
                        org.lwjgl.opengl.GL43C.GL_DISPATCH_INDIRECT_BUFFER_BINDING));
                for (int i = 0; i < GlTessellator.STORAGE_BINDINGS_USED; i++) {
                    assertEquals(0, org.lwjgl.opengl.GL43C.glGetIntegeri(
                            org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_BINDING, i), "binding " + i);
                }
            }
            org.lwjgl.opengl.GL43C.glUseProgram(0);
            org.lwjgl.opengl.GL43C.glBindBuffer(org.lwjgl.opengl.GL43C.GL_DISPATCH_INDIRECT_BUFFER, 0);
        }
    }

    @Test
    void oneTessellatorServesManyRefinements() throws IOException {
        // A renderer keeps one tessellator: its compiled passes (and the last refinement's passes and
        // weight table, GlStreamEngine.Passes) outlive a refinement, so a later one with another mesh
        // (other record layout), other options (limit data) or another GLSL criterion must not reuse
        // the wrong program or table.
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        TriangleMesh bunny = TestMeshes.load("bunny_npm.obj");
        List<RefineOptions> options = List.of(RefineOptions.adaptive(3, randomBoth(11, 0.3)),
                RefineOptions.adaptive(3, randomBoth(12, 0.5)), RefineOptions.uniform(2),
                RefineOptions.uniform(2).withLimitSurface(true), RefineOptions.uniform(2));
        try (Tessellator backend = new GlTessellator(gl, false, GpuScan.defaultStrategy(gl), GlTessellator.DEFAULT_BUDGET)) {
            for (int round = 0; round < 2; round++) {
                for (TriangleMesh m : List.of(ico, bunny)) {
                    for (RefineOptions o : options) {
                        assertSameObj(java.refine(m, o), backend.refine(m, o), "round " + round + ", " + o);
                    }
                }
            }
        }
    }

    @Test
    void randomCriterionGlslTwinGivesTheJavaPredicatesVerdicts() {
        // The two halves of randomBoth evaluated side by side, outside the passes: the GLSL function
        // on llvmpipe (a test kernel with the function put before it, as the loader does) and the
        // Java predicate, on the same levels and ends, including zeros of both signs and values
        // whose bits differ in the low mantissa only.
        Random random = new Random(21);
        int n = 4096;
        float[] points = new float[6 * n];
        int[] levels = new int[n];
        for (int i = 0; i < n; i++) {
            levels[i] = random.nextInt(9);
            for (int x = 0; x < 6; x++) {
                int kind = random.nextInt(8);
                points[6 * i + x] = kind == 0 ? 0f : kind == 1 ? -0f
                        : kind == 2 && i > 0 ? Math.nextUp(points[6 * (i - 1) + x])
                        : (float) (random.nextGaussian() * Math.scalb(1.0, random.nextInt(20) - 10));
            }
        }
        for (int seed : new int[] {5, 9, 1234567, -77}) {
            for (double p : new double[] {0.3, 0.5}) {
                StopCriterion.Custom c = (StopCriterion.Custom) randomBoth(seed, p);
                int[] gpu;
                try (GlBuffer pb = GlBuffer.of(points, "test_points"); GlBuffer lb = GlBuffer.of(levels, "test_levels");
                     GlBuffer vb = GlBuffer.of(new int[n], "test_verdicts");
                     ComputeProgram k = ComputeProgram.load("criterion_for_test", Map.of(), List.of(), c.glsl())) {
                    pb.bind(0);
                    lb.bind(1);
                    vb.bind(2);
                    GL43C.glProgramUniform1ui(k.id(), GL43C.glGetUniformLocation(k.id(), "uCount"), n);
                    k.dispatchFor(n);
                    GL43C.glMemoryBarrier(GL43C.GL_SHADER_STORAGE_BARRIER_BIT);
                    gpu = vb.readInts(0, n);
                } finally {
                    HostState.restore(0);
                }
                int completes = 0;
                for (int i = 0; i < n; i++) {
                    int o = 6 * i;
                    boolean java = c.predicate().isComplete(levels[i], points[o], points[o + 1], points[o + 2],
                            points[o + 3], points[o + 4], points[o + 5]);
                    completes += java ? 1 : 0;
                    assertEquals(java ? 1 : 0, gpu[i], "seed " + seed + ", p " + p + ", case " + i + ": level " + levels[i]
                            + ", a " + Arrays.toString(Arrays.copyOfRange(points, o, o + 3)) + ", b "
                            + Arrays.toString(Arrays.copyOfRange(points, o + 3, o + 6)) + ": GLSL twin disagrees");
                }
                // Not a constant: the verdicts are mixed about as p says.
                assertEquals(p, completes / (double) n, 0.05, "seed " + seed + ": share of complete verdicts");
            }
        }
    }

    @Test
    void randomCriterionTwinsAgree() throws IOException {
        // The random criterion on both back ends (the GL one runs the GLSL twin inside
        // loop_flag_edges): same OBJ bytes, and both outputs as crack-free as the input, on a closed
        // mesh, an open one and one with three boundary loops, for several seeds.
        List<TriangleMesh> meshes = List.of(TestMeshes.load("icosahedron.obj"), TestMeshes.load("mesh_with_border.obj"),
                SyntheticMeshes.diskWithHoles());
        long slivers = 0;
        try (Tessellator backend = new GlTessellator(gl, false, GpuScan.defaultStrategy(gl), GlTessellator.DEFAULT_BUDGET)) {
            for (TriangleMesh m : meshes) {
                int depth = m.triangleCount() > 200 ? 2 : 3;
                int[] seeds = {2, 3, 8};
                double[] shares = {0.3, 0.5, 0.7};
                for (int i = 0; i < seeds.length; i++) {
                    int seed = seeds[i];
                    RefineOptions o = RefineOptions.adaptive(depth, randomBoth(seed, shares[i]));
                    String what = m.triangleCount() + " triangles, seed " + seed + ", p " + shares[i];
                    RefineResult j = java.refine(m, o);
                    RefineResult g = backend.refine(m, o);
                    assertSameObj(j, g, what);
                    assertEquals(j.levels().size(), g.levels().size(), what + ": levels");
                    for (int l = 0; l < j.levels().size(); l++) {
                        assertEquals(j.levels().get(l).finishedTriangles(), g.levels().get(l).finishedTriangles(),
                                what + ": finished at level " + l);
                        assertEquals(j.levels().get(l).slivers(), g.levels().get(l).slivers(), what + ": slivers at level " + l);
                    }
                    CrackCheck.assertCrackFree(m, j.mesh(), what + " (java)");
                    CrackCheck.assertCrackFree(m, g.mesh(), what + " (gl)");
                    // The criterion stopped some edges early: records finished above the maximum depth.
                    assertTrue(g.levels().stream().filter(s -> s.level() < depth).mapToLong(s -> s.finishedTriangles()).sum() > 0,
                            what + ": nothing finished early");
                    slivers += g.levels().stream().mapToLong(s -> s.slivers()).sum();
                }
            }
        }
        assertTrue(slivers > 0, "the runs have T-junctions");
    }
}
