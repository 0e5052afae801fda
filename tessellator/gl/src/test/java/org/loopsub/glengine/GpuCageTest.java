package org.loopsub.glengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL43C.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL43C.GL_CURRENT_PROGRAM;
import static org.lwjgl.opengl.GL43C.GL_DYNAMIC_DRAW;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_BINDING;
import static org.lwjgl.opengl.GL43C.glBindBuffer;
import static org.lwjgl.opengl.GL43C.glBindBufferBase;
import static org.lwjgl.opengl.GL43C.glBufferData;
import static org.lwjgl.opengl.GL43C.glDeleteBuffers;
import static org.lwjgl.opengl.GL43C.glGenBuffers;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopsub.api.BoundaryInterpolation;
import org.loopsub.api.Corner;
import org.loopsub.api.Crease;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.Scheme;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.api.gpu.GpuTessellators;
import org.loopsub.gl.GlTestBase;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.testing.SyntheticMeshes;

/**
 * A cage computed on the GPU ({@code GpuMesh.updatePositions(int, long, int)}, loop_cage) gives the
 * frames a host move of the same floats gives ({@code updatePositions(float[])}), to the bit: the
 * per-vertex table level 0 is gathered from (positions in the internal frame, limit normals, limit
 * positions: the GPU's read back against the host's) and the frames' positions and normals, on meshes
 * with boundaries, creases and corners (an interior crease at a vertex of valence 12, whose side is
 * chosen by position), high valence, welded duplicates, a flat grid (signed zeros), with and without
 * the limit surface, both schemes; from a strided buffer with an offset. Bad arguments are refused and
 * change nothing; a coordinate that is not finite refuses the move; the host's GL state is put back.
 */
class GpuCageTest extends GlTestBase {
    /** Floats per vertex in the test's buffer (x, y, z and two others), and floats before the first. */
    private static final int STRIDE_FLOATS = 5;
    private static final int OFFSET_FLOATS = 2;

    static List<TriangleMesh> meshes() {
        List<TriangleMesh> m = new ArrayList<>();
        m.add(TestMeshes.load("icosahedron.obj"));
        m.add(TestMeshes.load("mesh_with_border.obj"));
        TriangleMesh grid = SyntheticMeshes.gridWithLine(1.5f);
        m.add(grid.withCorners(List.of(new Corner(grid.vertex(5, 0), 2f))));
        m.add(SyntheticMeshes.octahedronEquator(10f));
        m.add(SyntheticMeshes.randomTags(SyntheticMeshes.torus(6, 5, 2), 7));
        // an apex of valence 12 with a crease across it: sectors of 5 faces on either side
        TriangleMesh cone = SyntheticMeshes.highValenceCone(12);
        m.add(new TriangleMesh(cone.positions(), cone.triangles(), List.of(new Crease(12, 0, 10f), new Crease(12, 6, 10f))));
        m.add(SyntheticMeshes.highValenceCone(40));
        m.add(SyntheticMeshes.planarGrid(5, 0f, 0f));
        m.add(soup(TestMeshes.load("icosahedron.obj")));
        return m;
    }

    /** The mesh as a triangle soup: every corner its own vertex, welded again by prepare. */
    static TriangleMesh soup(TriangleMesh mesh) {
        float[] p = new float[9 * mesh.triangleCount()];
        int[] t = new int[3 * mesh.triangleCount()];
        for (int f = 0; f < mesh.triangleCount(); f++) {
            for (int c = 0; c < 3; c++) {
                for (int x = 0; x < 3; x++) {
                    p[9 * f + 3 * c + x] = mesh.position(mesh.vertex(f, c), x);
                }
                t[3 * f + c] = 3 * f + c;
            }
        }
        return TriangleMesh.of(p, t);
    }

    /**
     * A pose: every coordinate moved by a smooth wave and a little of its own, but zeros stay zero
     * (planes of symmetry stay, and with them normals with zero components, whose signs must agree).
     */
    static float[] pose(TriangleMesh mesh, int step) {
        float[] p = mesh.positions();
        for (int i = 0; i < p.length; i++) {
            p[i] = p[i] == 0 ? 0 : p[i] * (1f + 0.05f * (float) Math.sin(0.7 * step + i % 3))
                    + 0.01f * (float) Math.sin(3.1 * i + step);
        }
        return p;
    }

    /** The positions as a renderer's interleaved vertex buffer: an offset, then x, y, z and two more floats a vertex. */
    static int glBuffer(float[] positions) {
        int n = positions.length / 3;
        float[] data = new float[OFFSET_FLOATS + STRIDE_FLOATS * n];
        for (int i = 0; i < data.length; i++) {
            data[i] = Float.NaN;  // what is not read must not matter
        }
        for (int v = 0; v < n; v++) {
            System.arraycopy(positions, 3 * v, data, OFFSET_FLOATS + STRIDE_FLOATS * v, 3);
        }
        int id = glGenBuffers();
        glBindBuffer(GL_ARRAY_BUFFER, id);
        glBufferData(GL_ARRAY_BUFFER, data, GL_DYNAMIC_DRAW);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        return id;
    }

    static void moveFrom(GpuMesh m, int buffer) {
        m.updatePositions(buffer, 4L * OFFSET_FLOATS, 4 * STRIDE_FLOATS);
    }

    static void assertSameTable(GpuMesh host, GpuMesh gpu, String what) {
        float[] h = ((GlGpuMesh) host).level0Table();
        float[] g = ((GlGpuMesh) gpu).level0Table();
        assertEquals(h.length, g.length, what + ": table length");
        for (int i = 0; i < h.length; i++) {
            if (Float.floatToRawIntBits(h[i]) != Float.floatToRawIntBits(g[i])) {
                int rows = h.length / 3 / ((GlGpuMesh) host).weldedVertices();
                int nv = h.length / 3 / rows;
                int row = i / 3;
                String kind = row < nv ? "position" : row < 2 * nv ? "limit normal" : "limit position";
                assertEquals(h[i], g[i], what + ": " + kind + " of vertex " + row % nv + ", coordinate " + i % 3);
                assertEquals(Float.floatToRawIntBits(h[i]), Float.floatToRawIntBits(g[i]),
                        what + ": " + kind + " of vertex " + row % nv + " (signed zero)");
            }
        }
    }

    static void assertSameFrame(GpuFrame host, GpuFrame gpu, String what) {
        float[] h = FrameCheck.frameCorners(host, false);
        float[] g = FrameCheck.frameCorners(gpu, false);
        assertEquals(h.length, g.length, what + ": frame length");
        for (int i = 0; i < h.length; i++) {
            if (Float.floatToRawIntBits(h[i]) != Float.floatToRawIntBits(g[i])) {
                assertEquals(Float.floatToRawIntBits(h[i]), Float.floatToRawIntBits(g[i]), what + ": float " + i
                        + " of the frame (corner " + i / 6 + (i % 6 < 3 ? ", position)" : ", normal)"));
            }
        }
    }

    /**
     * Options whose records differ in what the table holds, the limit's weights or the sharpness: each
     * a new level 0 made after the move (the GPU's from the positions it kept). One level: the table
     * is the point, and every other layout or depth costs llvmpipe seconds of compiles.
     */
    static final RefineOptions[] OPTIONS = {
        RefineOptions.uniform(1),
        RefineOptions.uniform(1).withLimitSurface(true),
        RefineOptions.uniform(1).withScheme(Scheme.WARREN).withLimitSurface(true),
    };

    @Test
    void aCageFromAGlBufferGivesTheHostMovesTablesAndFrames() {
        List<TriangleMesh> meshes = meshes();
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl")) {
            for (int mi = 0; mi < meshes.size(); mi++) {
                TriangleMesh mesh = meshes.get(mi);
                List<RefineOptions> options = new ArrayList<>(List.of(OPTIONS));
                if (mi == 1) {
                    // boundary corners: sharpness the prepared records lacked
                    options.add(RefineOptions.uniform(1).withBoundary(BoundaryInterpolation.EDGE_AND_CORNER));
                }
                try (GpuMesh host = t.prepare(mesh); GpuMesh gpu = t.prepare(mesh)) {
                    for (int step = 0; step < 2; step++) {
                        float[] moved = pose(mesh, step);
                        int buffer = glBuffer(moved);
                        try {
                            host.updatePositions(moved);
                            moveFrom(gpu, buffer);
                            // the second pose moves the last options' records
                            for (int oi = step == 0 ? 0 : options.size() - 1; oi < options.size(); oi++) {
                                String what = "mesh " + mi + ", pose " + step + ", options " + oi;
                                GpuFrame fh = host.refine(options.get(oi));
                                assertSameFrame(fh, gpu.refine(options.get(oi)), what);
                                assertSameTable(host, gpu, what);
                            }
                        } finally {
                            glDeleteBuffers(buffer);
                        }
                    }
                }
            }
        }
    }

    /** A move on the host after one on the GPU, and back: each the last word. */
    @Test
    void hostAndGpuMovesTakeTurns() {
        TriangleMesh mesh = TestMeshes.load("mesh_with_border.obj");
        RefineOptions o = RefineOptions.uniform(1).withLimitSurface(true);
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh host = t.prepare(mesh); GpuMesh gpu = t.prepare(mesh)) {
            int buffer = glBuffer(pose(mesh, 1));
            try {
                moveFrom(gpu, buffer);
                gpu.updatePositions(pose(mesh, 2));
                host.updatePositions(pose(mesh, 2));
                assertSameFrame(host.refine(o), gpu.refine(o), "host move after a GPU move");
                moveFrom(gpu, buffer);
                host.updatePositions(pose(mesh, 1));
                assertSameFrame(host.refine(o), gpu.refine(o), "GPU move after a host move");
                assertSameTable(host, gpu, "GPU move after a host move");
            } finally {
                glDeleteBuffers(buffer);
            }
        }
    }

    @Test
    void aCoordinateThatIsNotFiniteRefusesTheMove() {
        TriangleMesh mesh = TestMeshes.load("icosahedron.obj");
        RefineOptions o = RefineOptions.uniform(1).withLimitSurface(true);
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh host = t.prepare(mesh); GpuMesh gpu = t.prepare(mesh)) {
            float[] moved = pose(mesh, 3);
            host.updatePositions(moved);
            int good = glBuffer(moved);
            for (float bad : new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
                float[] broken = pose(mesh, 4);
                broken[3 * 7 + 1] = bad;
                assertThrows(IllegalArgumentException.class, () -> host.updatePositions(broken), "the host path throws");
                int b = glBuffer(broken);
                try {
                    moveFrom(gpu, good);
                    moveFrom(gpu, b);
                    assertSameFrame(host.refine(o), gpu.refine(o), "after a refused move (" + bad + ")");
                } finally {
                    glDeleteBuffers(b);
                }
            }
            glDeleteBuffers(good);
        }
        // a coordinate that is not read (a vertex welded into an earlier one) does not refuse it
        TriangleMesh soup = soup(mesh);
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh host = t.prepare(soup); GpuMesh gpu = t.prepare(soup)) {
            float[] moved = pose(soup, 5);
            float[] unread = moved.clone();
            unread[3 * (soup.vertexCount() - 1)] = Float.NaN;
            host.updatePositions(unread);
            int b = glBuffer(unread);
            try {
                moveFrom(gpu, b);
                assertSameFrame(host.refine(o), gpu.refine(o), "a NaN the weld does not read");
                assertSameTable(host, gpu, "a NaN the weld does not read");
            } finally {
                glDeleteBuffers(b);
            }
        }
    }

    @Test
    void badArgumentsAreRefusedAndChangeNothing() {
        TriangleMesh mesh = TestMeshes.load("icosahedron.obj");
        RefineOptions o = RefineOptions.uniform(1);
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            int buffer = glBuffer(pose(mesh, 1));
            long offset = 4L * OFFSET_FLOATS;
            int stride = 4 * STRIDE_FLOATS;
            moveFrom(m, buffer);
            float[] before = FrameCheck.frameCorners(m.refine(o), false);
            int unused = glGenBuffers();
            glDeleteBuffers(unused);
            List<Runnable> bad = List.of(
                    () -> m.updatePositions(0, offset, stride),
                    () -> m.updatePositions(unused, offset, stride),
                    () -> m.updatePositions(buffer, -4, stride),
                    () -> m.updatePositions(buffer, offset + 2, stride),
                    () -> m.updatePositions(buffer, offset, 8),
                    () -> m.updatePositions(buffer, offset, stride + 1),
                    // one float short: the last vertex's z would lie past the end
                    () -> m.updatePositions(buffer, offset + 4L * (STRIDE_FLOATS - 2), stride),
                    () -> m.updatePositions(buffer, offset, 4 * STRIDE_FLOATS * 2));
            for (int i = 0; i < bad.size(); i++) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad.get(i)::run, "case " + i);
                assertTrue(e.getMessage() != null && !e.getMessage().isEmpty());
            }
            float[] after = FrameCheck.frameCorners(m.refine(o), false);
            assertEquals(java.util.Arrays.toString(before), java.util.Arrays.toString(after), "refusals change nothing");
            // the largest stride the buffer allows is taken
            m.updatePositions(buffer, 0, 4 * (STRIDE_FLOATS * mesh.vertexCount() + OFFSET_FLOATS - 3) / (mesh.vertexCount() - 1) / 4 * 4);
            glDeleteBuffers(buffer);
        }
    }

    @Test
    void theHostsStateIsPutBack() {
        TriangleMesh mesh = TestMeshes.load("icosahedron.obj");
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            int buffer = glBuffer(pose(mesh, 1));
            int[] mine = new int[8];
            for (int i = 0; i < mine.length; i++) {
                mine[i] = glGenBuffers();
                glBindBuffer(GL_SHADER_STORAGE_BUFFER, mine[i]);
                glBufferData(GL_SHADER_STORAGE_BUFFER, 64, GL_DYNAMIC_DRAW);
                glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, mine[i]);
            }
            glBindBuffer(GL_SHADER_STORAGE_BUFFER, mine[5]);
            int current = gl.getInteger(GL_CURRENT_PROGRAM);
            moveFrom(m, buffer);
            moveFrom(m, buffer);
            for (int i = 0; i < mine.length; i++) {
                assertEquals(mine[i], gl.getInteger(GL_SHADER_STORAGE_BUFFER_BINDING, i), "binding point " + i);
            }
            assertEquals(mine[5], gl.getInteger(GL_SHADER_STORAGE_BUFFER_BINDING), "the generic binding");
            assertEquals(current, gl.getInteger(GL_CURRENT_PROGRAM), "the program");
            for (int i = 0; i < mine.length; i++) {
                glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, 0);
                glDeleteBuffers(mine[i]);
            }
            glDeleteBuffers(buffer);
        }
    }
}
