package org.loopsub.engine;

import org.loopsub.api.RefineResult;
import org.loopsub.mesh.OutputWelder;
import org.loopsub.parallel.Workers;
import org.loopsub.stream.RecordLayout;

/**
 * The engine's output triangles (per corner its position, then its normal and uv as the layout
 * carries them: {@link RecordLayout#vertexFloats()}) handed to the welder, which takes positions and
 * normals in one array and uvs in another.
 */
final class OutputCorners {
    private OutputCorners() {
    }

    static RefineResult.Builder weld(float[] corners, RecordLayout layout, int triangles, float[] centre,
                                     double invScale, Workers workers) {
        if (!layout.uvs()) {
            return OutputWelder.weld(corners, layout.triangleFloats(), triangles, centre, invScale, workers);
        }
        int vf = layout.vertexFloats();
        int keep = layout.vertexUv();
        float[] positions = new float[Math.multiplyExact(3 * keep, triangles)];
        float[] uvs = new float[Math.multiplyExact(6, triangles)];
        int corners3 = 3 * triangles;
        workers.forEach((corners3 + BLOCK - 1) / BLOCK, b -> {
            int hi = Math.min(corners3, (b + 1) * BLOCK);
            for (int v = b * BLOCK; v < hi; v++) {
                System.arraycopy(corners, vf * v, positions, keep * v, keep);
                uvs[2 * v] = corners[vf * v + keep];
                uvs[2 * v + 1] = corners[vf * v + keep + 1];
            }
        });
        return OutputWelder.weld(positions, 3 * keep, triangles, uvs, centre, invScale, workers);
    }

    private static final int BLOCK = 1 << 15;
}
