package org.loopsub.glengine;

import org.loopsub.api.Displacement;
import org.loopsub.gl.GlBuffer;
import org.loopsub.glstream.GlOutput;
import org.loopsub.glstream.GlStreamEngine;
import org.loopsub.stream.LoopDisplace;

/**
 * A GPU mesh's displacement of its frames: the displacement the frames ask for, the pass's form of it
 * (in the mesh's internal frame) and its heights on the GPU, kept while frames ask for the same one,
 * and the pass run over a frame's output. On the mesh's GL thread; closed with the mesh.
 */
final class FrameDisplacement implements AutoCloseable {
    private Displacement displacementFor;
    private LoopDisplace displace;
    private GlBuffer map;

    /**
     * Takes a frame's displacement: its heights go up to the GPU when it is another than the last
     * frame's (compared by identity first, since a renderer passes the same one each frame, then by
     * value), and stay there while displacement is switched off and on again.
     *
     * @param d the frame's displacement, or null for none (nothing changes then)
     * @param scaleExponent the mesh's internal frame: {@code internal = user * 2^e} about its centre
     */
    void take(Displacement d, int scaleExponent) {
        if (d == null || d == displacementFor) {
            return;
        }
        if (!d.equals(displacementFor)) {
            LoopDisplace pass = LoopDisplace.of(d, scaleExponent);
            if (map == null || map.bytes() < 4L * pass.map().length) {
                if (map != null) {
                    map.close();
                    map = null;
                }
                map = GlBuffer.allocate(4L * pass.map().length, "loop_displace_map");
            }
            map.write(0, pass.map());
            displace = pass;
        }
        displacementFor = d;
    }

    /**
     * Displaces a frame's output with the displacement taken last.
     *
     * @param resident whether the frame's sizes are on the GPU (the pass reads its end there)
     */
    void run(GlStreamEngine engine, GlOutput out, boolean resident) {
        engine.displaceFrame(out, displace, map, resident);
    }

    @Override
    public void close() {
        if (map != null) {
            map.close();
            map = null;
        }
    }
}
