package org.loopsub.samples.demo;

import org.loopsub.api.RefineOptions;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;

/**
 * Compares a frame the demo refined with what the back end's reference would make: the command line
 * hands one in ({@code demo --check-frames N}, the GL back end's frame check), so that the demo, which
 * knows only plugin-api, can be run on a new driver and say whether its own frames are right. A
 * renderer's context is not a tool's: the demo's is GLFW's, whose version and allocator differ from
 * the one {@code loopsub verify} makes.
 */
@FunctionalInterface
public interface FrameChecker {
    /**
     * Reads the frame back and compares it (slow: for checking, never for drawing).
     *
     * @param control the control mesh the GPU mesh was prepared from
     * @param options the frame's options (no triangle budget, the cage not moved)
     * @param mesh the mesh that refined it, the last frame it made
     * @param frame that frame
     * @return null where the frame is right, else where it first differs
     */
    String check(TriangleMesh control, RefineOptions options, GpuMesh mesh, GpuFrame frame);
}
