package org.loopsub.glengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.loopsub.api.Displacement;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.api.gpu.GpuTessellators;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.gl.GlTestBase;
import org.loopsub.testing.CrackCheck;
import org.loopsub.testing.DisplacementMaps;
import org.loopsub.testing.SyntheticMeshes;
import org.loopsub.testing.TestCameras;

/**
 * A renderer's displaced frames (here on llvmpipe): positions are the Java back end's displaced output
 * to the bit, uniform, adaptive level by level (a mesh's first frame) and resident (its later ones),
 * and each triangle's normal is its displaced face normal ({@link FrameCheck#compareFlat}, against the
 * Java back end's positions in double); adaptive frames are crack-free, also across a uv seam whose
 * sides see one height.
 */
class GpuMeshDisplacementTest extends GlTestBase {

    private static Displacement map(TriangleMesh m) {
        double diag = TestCameras.diagonal(m);
        return DisplacementMaps.map((float) (0.03 * diag), (float) (0.005 * diag));
    }

    private static void assertJavas(TriangleMesh mesh, RefineOptions o, GpuMesh m, GpuFrame f, String what) {
        assertNull(FrameCheck.firstDifference(mesh, o, m, f), what);
    }

    /** Corners whose position moved from the undisplaced limit surface's: the map did something. */
    private static int moved(TriangleMesh mesh, RefineOptions displaced, GpuMesh m, GpuFrame f) {
        f.triangleCount();
        float[] still = FrameCheck.javaCorners(org.loopsub.prepare.PreparedMesh.of(mesh).configured(true, displaced),
                displaced, ((GlGpuMesh) m).lastStopLevel, false);
        float[] frame = FrameCheck.frameCorners(f, true);
        assertEquals(still.length, frame.length, "the same triangles, displaced or not");
        int n = 0;
        for (int at = 0; at < frame.length; at += FrameCheck.CORNER_FLOATS_UV) {
            n += still[at] != frame[at] || still[at + 1] != frame[at + 1] || still[at + 2] != frame[at + 2] ? 1 : 0;
        }
        return n;
    }

    @Test
    void uniformFramesAreTheJavaBackEndsDisplaced() {
        TriangleMesh mesh = SyntheticMeshes.projected(TestMeshes.load("mesh_with_border.obj"));
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            for (int level = 0; level <= 2; level++) {
                for (Displacement.Wrap wrap : Displacement.Wrap.values()) {
                    RefineOptions o = RefineOptions.uniform(level).withDisplacement(map(mesh).withWrap(wrap));
                    GpuFrame f = m.refine(o);
                    assertJavas(mesh, o, m, f, "level " + level + " " + wrap);
                    assertTrue(moved(mesh, o, m, f) > f.triangleCount(), "level " + level + ": the corners moved");
                }
            }
        }
    }

    /**
     * The first adaptive frame goes level by level, the later ones keep their sizes on the GPU (the
     * RESIDENT build reads where the output ends); both are the Java back end's, and crack-free.
     */
    @Test
    void adaptiveFramesLevelByLevelThenResidentAreTheJavaBackEndsAndClosed() {
        TriangleMesh mesh = SyntheticMeshes.projected(TestMeshes.load("mesh_with_border.obj"));
        Displacement d = map(mesh);
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            GlGpuMesh g = (GlGpuMesh) m;
            float[] distances = {30, 29, 30, 12};
            for (int i = 0; i < distances.length; i++) {
                RefineOptions o = TestCameras.screen(TestCameras.BORDER_CENTRE, distances[i], 4).withDisplacement(d);
                GpuFrame f = m.refine(o);
                assertJavas(mesh, o, m, f, "distance " + distances[i] + ", frame " + i);
                assertTrue(moved(mesh, o, m, f) > f.triangleCount(), "frame " + i + ": the corners moved");
                assertClosed(mesh, f, "frame " + i);
                if (i == 0) {
                    assertEquals(0, g.residentFrames, "the first frame goes level by level");
                }
            }
            assertTrue(g.residentFrames >= 2, "later frames kept their sizes on the GPU: " + g.residentFrames);
        }
    }

    /** The frame's triangles welded by exact position are as closed as the input. */
    private static void assertClosed(TriangleMesh mesh, GpuFrame f, String what) {
        float[] c = FrameCheck.frameCorners(f, true);
        int corners = c.length / FrameCheck.CORNER_FLOATS_UV;
        float[] positions = new float[3 * corners];
        int[] triangles = new int[corners];
        for (int v = 0; v < corners; v++) {
            System.arraycopy(c, FrameCheck.CORNER_FLOATS_UV * v, positions, 3 * v, 3);
            triangles[v] = v;
        }
        CrackCheck.assertCrackFree(mesh, new TriangleMesh(positions, triangles, java.util.List.of()), what);
    }

    /**
     * Uv seams: a mesh seamed in u under a map that varies along v alone stays closed (the documented
     * condition), and the cylinder's three charts under a map that differs across them are still the
     * Java back end's bits.
     */
    @Test
    void meshesWithSeamsAreTheJavaBackEnds() throws Exception {
        TriangleMesh seamed = SyntheticMeshes.seamed(TestMeshes.load("icosahedron.obj"));
        // (TestMeshes.load drops uvs: the OBJ reader keeps the cylinder's three charts)
        TriangleMesh cylinder = org.loopsub.obj.ObjReader.read(TestMeshes.dir().resolve("cylinder_uv.obj")).mesh();
        assertTrue(cylinder.hasUvs());
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh s = t.prepare(seamed);
             GpuMesh c = t.prepare(cylinder)) {
            Displacement rows = DisplacementMaps.rowsMap((float) (0.03 * TestCameras.diagonal(seamed)));
            for (float distance : new float[] {4, 3.5f, 4}) {
                RefineOptions o = TestCameras.screen(new org.loopsub.api.Point3(0, 0, 0), distance, 2)
                        .withDisplacement(rows);
                GpuFrame f = s.refine(o);
                assertJavas(seamed, o, s, f, "seamed icosahedron, distance " + distance);
                assertClosed(seamed, f, "seamed icosahedron, distance " + distance);
            }
            for (float distance : new float[] {8, 7, 8}) {
                RefineOptions o = TestCameras.screen(new org.loopsub.api.Point3(0, 0, 0), distance, 3)
                        .withDisplacement(map(cylinder));
                assertJavas(cylinder, o, c, c.refine(o), "cylinder, distance " + distance);
            }
            RefineOptions u = RefineOptions.uniform(2).withDisplacement(map(cylinder));
            assertJavas(cylinder, u, c, c.refine(u), "cylinder, uniform 2");
        }
    }

    /** Displacement on, off and on again: the frames follow (other records and passes each time). */
    @Test
    void displacementSwitchesOnAndOff() {
        TriangleMesh mesh = SyntheticMeshes.projected(TestMeshes.load("mesh_with_border.obj"));
        Displacement d = map(mesh);
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            RefineOptions plain = TestCameras.screen(TestCameras.BORDER_CENTRE, 30, 4);
            for (RefineOptions o : new RefineOptions[] {plain, plain.withDisplacement(d), plain,
                    plain.withLimitSurface(true), plain.withDisplacement(d), RefineOptions.uniform(2),
                    RefineOptions.uniform(2).withDisplacement(d)}) {
                GpuFrame f = m.refine(o);
                assertJavas(mesh, o, m, f, o.toString());
            }
        }
    }

    /** A mesh without uvs has nothing to sample the map at: refused, and the frame before stays current. */
    @Test
    void aMeshWithoutUvsIsRefusedAndItsLastFrameStays() {
        TriangleMesh mesh = TestMeshes.load("icosahedron.obj");
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
             GpuMesh m = t.prepare(mesh)) {
            GpuFrame f = m.refine(RefineOptions.uniform(1));
            long triangles = f.triangleCount();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> m.refine(RefineOptions.uniform(1).withDisplacement(map(mesh))));
            assertTrue(e.getMessage().contains("uvs"), e.getMessage());
            assertEquals(triangles, f.triangleCount(), "the frame before is still the current one");
        }
    }
}
