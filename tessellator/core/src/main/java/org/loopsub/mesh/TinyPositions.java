package org.loopsub.mesh;

import org.loopsub.api.TriangleMesh;

/**
 * Finds meshes whose every coordinate lies below float's normal range ({@link Float#MIN_NORMAL},
 * about 1.2e-38). They are valid input, and the engine refines them in a frame of its own scale, but
 * the output's positions are floats at the mesh's own scale: there every value is a multiple of
 * {@link Float#MIN_VALUE} (1.4e-45), so the new vertices keep fewer significant bits than float's 24,
 * and near the bottom of that range they round onto each other or to zero. The engine warns rather
 * than refuses: the refinement itself is right, only its output cannot be written at that scale.
 */
public final class TinyPositions {
    private TinyPositions() {
    }

    /**
     * @param mesh a mesh (a coordinate that is not finite counts for nothing: the validator refuses it)
     * @return a warning naming the largest coordinate, or null if it is within float's normal range
     *     (or the mesh has no vertex away from the origin)
     */
    public static String warning(TriangleMesh mesh) {
        float largest = 0f;
        for (int v = 0; v < mesh.vertexCount(); v++) {
            for (int x = 0; x < 3; x++) {
                float p = Math.abs(mesh.position(v, x));
                if (p > largest && p != Float.POSITIVE_INFINITY) {
                    largest = p;
                }
            }
        }
        if (largest == 0f || largest >= Float.MIN_NORMAL) {
            return null;
        }
        return "every coordinate is below float's normal range (the largest is " + largest + ", the range starts at "
                + Float.MIN_NORMAL + "): the output's new positions keep fewer significant bits there and may round"
                + " onto each other or to zero; scale the mesh up to keep them";
    }
}
