package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1f;
import static org.lwjgl.opengl.GL43C.glProgramUniform1i;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;

import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GpuTimer;
import org.loopsub.stream.LoopDisplace;

/**
 * loop_displace over a refinement's output, the GL twin of {@link LoopDisplace#run}: the height map
 * goes up once per run, then the output's triangles are displaced in windows that each fit one
 * storage binding (positions, normals and uvs bound beside each other by {@link GlPasses#bindOutput}).
 * A renderer's frame ({@link #frame}, {@link #residentFrame}) takes the FACE_NORMALS build, which also
 * writes each displaced triangle's face normal, from a map its mesh keeps on the GPU.
 */
final class GlDisplace {
    private GlDisplace() {
    }

    /**
     * Displaces every triangle of {@code out} in place, padding included (its normals are zero, so it
     * stays where it is).
     *
     * @param maxBinding the most bytes one storage binding may hold
     * @param timer times the pass (as one span over its windows) with the levels' passes
     */
    static void run(GlPasses passes, GlOutput out, LoopDisplace d, long maxBinding, GpuTimer timer) {
        if (!out.hasNormals() || !out.hasUvs()) {
            throw new IllegalArgumentException("displacement needs limit normals and uvs in the output");
        }
        long triangles = out.drawTriangles();
        if (triangles == 0) {
            return;
        }
        ComputeProgram p = passes.program("loop_displace", ShaderHeader.displace());
        int id = mapUniforms(p, d);
        int base = p.uniform("uBase");
        int corners = p.uniform("uCorners");
        // the levels' passes wrote the output
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        try (GlBuffer map = GlBuffer.of(d.map(), "loop_displace_map")) {
            map.bindRange(ShaderContract.DISPLACE_MAP, 0, map.bytes());
            // room for the alignment bindOutput may start a range below the window
            long window = Math.max(1, Math.min((maxBinding - 3L * passes.align()) / 36, (1L << 30) / 9));
            // per corner: position, normal and uv read, the position and normal written
            timer.begin("loop_displace", out.levelStats().size() - 1, triangles * 3 * 32, triangles * 3 * 24);
            for (long first = 0; first < triangles; first += window) {
                long count = Math.min(window, triangles - first);
                long floatBase = passes.bindOutput(out, ShaderContract.OUT, first, count);
                glProgramUniform1ui(id, base, Math.toIntExact(floatBase));
                glProgramUniform1ui(id, corners, Math.toIntExact(3 * count));
                p.dispatchFor(3 * count);
                // the next window may share a range's first aligned bytes
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            }
            timer.end();
        }
        // a read-back or a renderer's vertex fetch consumes the positions
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
    }

    /** The map's uniforms of a build of loop_displace, which is made ready first. @return its id */
    private static int mapUniforms(ComputeProgram p, LoopDisplace d) {
        p.ready();
        int id = p.id();
        glProgramUniform1i(id, p.uniform("uWidth"), d.width());
        glProgramUniform1i(id, p.uniform("uHeight"), d.height());
        glProgramUniform1i(id, p.uniform("uWrap"), d.wrap());
        glProgramUniform1f(id, p.uniform("uScale"), d.scale());
        glProgramUniform1f(id, p.uniform("uOffset"), d.offset());
        return id;
    }

    /**
     * Displaces a renderer's frame that the host refined level by level (its triangle count known
     * here), in windows of one binding, and writes each displaced triangle's face normal to its
     * corners (the FACE_NORMALS build: one invocation per triangle). Issues the passes, no wait.
     *
     * @param map {@code d}'s heights, uploaded by the caller (a mesh keeps them from frame to frame)
     */
    static void frame(GlPasses passes, GlOutput out, LoopDisplace d, GlBuffer map, long maxBinding) {
        long triangles = out.drawTriangles();
        if (triangles == 0) {
            return;
        }
        ComputeProgram p = passes.displaceFrame(false);
        int id = mapUniforms(p, d);
        int base = p.uniform("uBase");
        int count = p.uniform("uTriangles");
        // the levels' passes wrote the output
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        map.bindRange(ShaderContract.DISPLACE_MAP, 0, map.bytes());
        long window = Math.max(1, Math.min((maxBinding - 3L * passes.align()) / 36, (1L << 30) / 9));
        for (long first = 0; first < triangles; first += window) {
            long n = Math.min(window, triangles - first);
            long floatBase = passes.bindOutput(out, ShaderContract.OUT, first, n);
            glProgramUniform1ui(id, base, Math.toIntExact(floatBase));
            glProgramUniform1ui(id, count, Math.toIntExact(n));
            p.dispatchFor(n);
            // the next window may share a range's first aligned bytes
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
    }

    /**
     * Displaces a frame whose sizes stay on the GPU ({@link ResidentFrame}): one dispatch over the
     * room the host planned, bound from the output's start as the frame's passes bind it; invocations
     * past the frame's end (read from the sizes) return. Issues the pass, no wait.
     *
     * @param room the triangles the frame's output may hold (its plan)
     */
    static void residentFrame(GlPasses passes, GlOutput out, LoopDisplace d, GlBuffer map, GlBuffer sizes,
                              long room) {
        ComputeProgram p = passes.displaceFrame(true);
        int id = mapUniforms(p, d);
        // the frame's last passes wrote the output and its end
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        map.bindRange(ShaderContract.DISPLACE_MAP, 0, map.bytes());
        sizes.bind(ShaderContract.SIZES);
        long floatBase = passes.bindOutput(out, ShaderContract.OUT, 0, room);
        glProgramUniform1ui(id, p.uniform("uBase"), Math.toIntExact(floatBase));
        glProgramUniform1ui(id, p.uniform("uTriangles"), Math.toIntExact(room));
        p.dispatchFor(room);
    }
}
