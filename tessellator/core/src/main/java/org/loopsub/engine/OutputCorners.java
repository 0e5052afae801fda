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

    /**
     * @param carriedNormals whether the vertices take the normals the corners carry; else (or where
     *     they carry none) the welder computes them from the triangles
     */
    static RefineResult.Builder weld(float[] corners, RecordLayout layout, boolean carriedNormals, int triangles,
                                     float[] centre, double invScale, Workers workers) {
        boolean dropNormals = layout.carriesNormals() && !carriedNormals;
        if (!layout.uvs() && !dropNormals) {
            return OutputWelder.weld(corners, layout.triangleFloats(), triangles, centre, invScale, workers);
        }
        int vf = layout.vertexFloats();
        int keep = dropNormals ? 3 : layout.vertexUv();
        int uvAt = layout.vertexUv();
        boolean uvs = layout.uvs();
        float[] positions = new float[Math.multiplyExact(3 * keep, triangles)];
        float[] cornerUvs = uvs ? new float[Math.multiplyExact(6, triangles)] : null;
        int corners3 = 3 * triangles;
        workers.forEach((corners3 + BLOCK - 1) / BLOCK, b -> {
            int hi = Math.min(corners3, (b + 1) * BLOCK);
            for (int v = b * BLOCK; v < hi; v++) {
                System.arraycopy(corners, vf * v, positions, keep * v, keep);
                if (uvs) {
                    cornerUvs[2 * v] = corners[vf * v + uvAt];
                    cornerUvs[2 * v + 1] = corners[vf * v + uvAt + 1];
                }
            }
        });
        return uvs ? OutputWelder.weld(positions, 3 * keep, triangles, cornerUvs, centre, invScale, workers)
                : OutputWelder.weld(positions, 3 * keep, triangles, centre, invScale, workers);
    }

    private static final int BLOCK = 1 << 15;
}
