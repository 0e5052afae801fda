package org.loopsub.stream;

/**
 * The finished records' corners to the output, in stream order: finished record
 * {@code finishedIdx[j]} (the selection of the filter's done flags) becomes output triangle
 * {@code j}, its corners A, B, C as 9 floats. Twin of {@code loop_emit_finished.comp}.
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
        for (int j = 0; j < count; j++) {
            // slots 0..2 are A, B, C: the record's first 9 floats
            System.arraycopy(chunk.points, finishedIdx[j] * pf, out, outFloat + 9 * j, 9);
        }
    }
}
