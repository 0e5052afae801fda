package org.loopsub.stream;

/**
 * Pass 1 of a level, the edge test: evaluates the stop criterion on every spoke of every corner and
 * sets its complete bit. A bit once set stays set (completion is inherited, docs/design.md §4), so only
 * spokes not yet complete are tested. Twin of {@code loop_flag_edges.comp}.
 */
public final class LoopFlagEdges {
    private LoopFlagEdges() {
    }

    /**
     * @param chunk records to test, changed in place
     * @param layout the record layout
     * @param level the records' level
     * @param test the criterion
     */
    public static void run(RecordChunk chunk, RecordLayout layout, int level, SpokeTest test) {
        int pf = layout.pointFloats();
        int mi = layout.metaInts();
        float[] p = chunk.points;
        int[] meta = chunk.meta;
        for (int r = 0; r < chunk.count; r++) {
            int pb = r * pf;
            int mb = r * mi;
            int m0 = meta[mb];
            int m1 = meta[mb + 1];
            // The record's own edges lie in two corners' rings: a verdict is the same from either end
            // (the test takes the spoke in a canonical order, SpokeTest), so each is tested once.
            int ownTested = 0;
            for (int c = 0; c < 3; c++) {
                int k = RecordLayout.valence(m0, c);
                int g = RecordLayout.gap(m1, c);
                for (int i = 0; i < k; i++) {
                    int bit = layout.ringBit(c, k, g, i);
                    if (RecordLayout.bit(meta, mb, bit)) {
                        continue;
                    }
                    if (bit < 3) {
                        if ((ownTested & (1 << bit)) != 0) {
                            continue;
                        }
                        ownTested |= 1 << bit;
                    }
                    int b = pb + 3 * layout.ringSlot(c, k, g, i);
                    // the triangles (corner, previous, spoke end) and (corner, spoke end, next), where they exist
                    int oc = hasPrevious(k, g, i) ? pb + 3 * layout.ringSlot(c, k, g, (i + k - 1) % k) : -1;
                    int od = hasNext(k, g, i) ? pb + 3 * layout.ringSlot(c, k, g, (i + 1) % k) : -1;
                    if (test.complete(level, p, pb + 3 * c, b, oc, od)) {
                        RecordLayout.setBit(meta, mb, bit);
                        if (k == 3 && g == RecordLayout.NO_GAP && i == 2) {
                            // The valence-3 corner's one D is both D spokes; keep their bits equal.
                            RecordLayout.setBit(meta, mb, 3 + 2 * c);
                        }
                    }
                }
            }
        }
    }

    /**
     * @param k valence of the corner
     * @param g its gap
     * @param i ring position
     * @return whether the triangle (corner, ring i - 1, ring i) exists
     */
    public static boolean hasPrevious(int k, int g, int i) {
        return g == RecordLayout.NO_GAP || i != (g + 1) % k;
    }

    /**
     * @param k valence of the corner
     * @param g its gap
     * @param i ring position
     * @return whether the triangle (corner, ring i, ring i + 1) exists
     */
    public static boolean hasNext(int k, int g, int i) {
        return g == RecordLayout.NO_GAP || i != g;
    }

    /**
     * @param k valence of the corner
     * @param g its gap
     * @param i ring position
     * @return whether spoke i borders the gap, so it has a triangle on one side only
     */
    public static boolean isBoundarySpoke(int k, int g, int i) {
        return g != RecordLayout.NO_GAP && (i == g || i == (g + 1) % k);
    }
}
