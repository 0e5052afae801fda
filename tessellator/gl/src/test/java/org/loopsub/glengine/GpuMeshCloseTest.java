package org.loopsub.glengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.api.gpu.GpuTessellators;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.gl.GlTestBase;
import org.loopsub.testing.SyntheticMeshes;
import org.lwjgl.opengl.GL43C;

/**
 * Closing a GPU mesh deletes its output buffers (positions, normals, uvs), as embedding.md and
 * {@link GpuMesh#close()} say, while another mesh of the same tessellator keeps its own.
 */
class GpuMeshCloseTest extends GlTestBase {

    private static List<Integer> outputs(GpuFrame f) {
        return List.of(f.positionBuffer(), f.normalBuffer(), f.uvBuffer());
    }

    @Test
    void closingAMeshDeletesItsOutputBuffers() {
        TriangleMesh textured = SyntheticMeshes.seamed(TestMeshes.load("icosahedron.obj"));
        TriangleMesh other = TestMeshes.load("icosahedron.obj");
        try (GpuTessellator t = GpuTessellators.createForCurrentContext("gl")) {
            GpuMesh kept = t.prepare(other);
            List<Integer> keptBuffers = List.of(kept.refine(RefineOptions.uniform(2)).positionBuffer());
            GpuMesh m = t.prepare(textured);
            List<Integer> buffers = outputs(m.refine(RefineOptions.uniform(3)));
            assertNotEquals(0, buffers.get(2), "the mesh has uvs, so its frames carry a uv buffer");
            for (int id : buffers) {
                assertTrue(GL43C.glIsBuffer(id), "alive while the mesh is open: " + id);
            }
            m.close();
            for (int id : buffers) {
                assertFalse(GL43C.glIsBuffer(id), "deleted with the mesh, not kept in the pool: " + id);
            }
            assertTrue(GL43C.glIsBuffer(keptBuffers.get(0)), "the other mesh's output stays");
            assertEquals(20 * 16, kept.refine(RefineOptions.uniform(2)).triangleCount());
            kept.close();
            assertEquals(0, GL43C.glGetError());
        }
    }
}
