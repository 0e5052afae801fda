package org.loopsub.stream;

/**
 * The record a {@link LoopSplit} is splitting and the scratch every part of the split shares: twin of
 * {@code split_scratch.glsl}, whose globals hold the same for the shader's one record per invocation.
 * One per split instance, so one per worker thread; it is filled in place for every record, so that
 * the split allocates nothing per record.
 */
final class SplitScratch {
    final RecordLayout layout;
    final int ringMax;
    /** The record's points: {@code curP} from {@code curPb} on. */
    float[] curP;
    int curPb;
    /** Its corners' valences and gaps. */
    final int[] k = new int[3];
    final int[] g = new int[3];
    /** Per edge e, whether m_e has a face across e one level down ({@link RecordLayout#nextEdgeInterior}). */
    final boolean[] interior = new boolean[3];
    /** Per corner c, {@code 3 * ringSlot(c, k_c, g_c, i)} at {@code c * ringMax + i}, for the current record. */
    final int[] ringOff;
    /** Per corner c, {@code ringBit(c, k_c, g_c, i)} at {@code c * ringMax + i}, for the current record. */
    final int[] ringBits;
    /** One coordinate of a ring, for the sums that sort it first ({@link org.loopsub.rules.LoopRules#sortedSum}). */
    final float[] ring;

    SplitScratch(RecordLayout layout) {
        this.layout = layout;
        this.ringMax = layout.ringMax();
        this.ringOff = new int[3 * ringMax];
        this.ringBits = new int[3 * ringMax];
        this.ring = new float[ringMax];
    }

    /**
     * Takes record {@code p[pb..]} with metadata words {@code m0}, {@code m1}: its corners' valences,
     * gaps and ring tables, and which of its edges stay interior one level down.
     */
    void loadRing(float[] p, int pb, int m0, int m1) {
        curP = p;
        curPb = pb;
        for (int c = 0; c < 3; c++) {
            k[c] = RecordLayout.valence(m0, c);
            g[c] = RecordLayout.gap(m1, c);
            int t = c * ringMax;
            for (int i = 0; i < k[c]; i++) {
                ringOff[t + i] = 3 * layout.ringSlot(c, k[c], g[c], i);
                ringBits[t + i] = layout.ringBit(c, k[c], g[c], i);
            }
        }
        for (int e = 0; e < 3; e++) {
            interior[e] = RecordLayout.nextEdgeInterior(k[e], g[e]);
        }
    }

    /** Offset in the edge points ({@code edgePoints}) of the edge point of spoke (c, ring[i]). */
    int ep(int c, int i) {
        return 3 * (c * ringMax + i);
    }

    /** {@code 3 * ringSlot(c, k_c, g_c, i)} of the current record. */
    int ringSlot3(int c, int i) {
        return ringOff[c * ringMax + i];
    }

    static void putPoint(float[] dst, int d, float[] src, int s) {
        dst[d] = src[s];
        dst[d + 1] = src[s + 1];
        dst[d + 2] = src[s + 2];
    }
}
