package org.loopsub.stream;

/**
 * The finished records' corners to the output, in stream order: finished record
 * {@code finishedIdx[j]} (the selection of the filter's done flags) becomes output triangle
 * {@code j}: its corners A, B, C (control points, or the carried limit positions), each followed by
 * its carried normal when the layout has them. Twin of {@code loop_emit_finished.comp}.
 */
public final class LoopEmitFinished {
    private LoopEmitFinished() {
    }

    /**
     * @param chunk the level's records
     * @param layout the record layout
     * @param finishedIdx indices of the finished records, ascending
     * @param count how many of {@code finishedIdx} are in use
     * @param out receives the triangles
     * @param outFloat where in {@code out} triangle 0 starts
     */
    public static void run(RecordChunk chunk, RecordLayout layout, int[] finishedIdx, int count, float[] out,
                           int outFloat) {
        int pf = layout.pointFloats();
        int vf = layout.vertexFloats();
        int tf = layout.triangleFloats();
        for (int j = 0; j < count; j++) {
            int rb = finishedIdx[j] * pf;
            for (int c = 0; c < 3; c++) {
                int o = outFloat + tf * j + vf * c;
                System.arraycopy(chunk.points, rb + 3 * layout.outputSlot(c), out, o, 3);
                if (layout.carriesNormals()) {
                    System.arraycopy(chunk.points, rb + 3 * layout.normalSlot(c), out, o + 3, 3);
                }
                if (layout.uvs()) {
                    System.arraycopy(chunk.points, rb + layout.outputUvFloat(c, 0), out, o + layout.vertexUv(), 2);
                }
            }
        }
    }
}
