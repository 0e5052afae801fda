package org.loopsub.mesh;

import org.loopsub.api.TriangleMesh;

/**
 * The engine's output after welding: an indexed mesh in the user's frame and one unit normal per
 * vertex.
 *
 * @param mesh vertices in order of first use by the triangles, positions in the user's frame
 * @param normals x, y, z per vertex of {@code mesh}; owned by this record, do not modify
 */
public record WeldedOutput(TriangleMesh mesh, float[] normals) {
}
