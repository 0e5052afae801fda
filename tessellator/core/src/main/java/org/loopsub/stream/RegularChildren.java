package org.loopsub.stream;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where the points of a regular record's four children come from: the one table both back ends
 * use. A regular record (three interior corners of valence 6) has its new corner positions V'_c and
 * the edge points E_ci of every spoke i of every corner c (ring order N, P, D_prev, fan 0, fan 1,
 * D_next) in registers; each child's twelve point slots (corners 0-2, D 3-5, then the fans
 * {@code fan(0,0), fan(0,1), fan(1,0), fan(1,1), fan(2,0), fan(2,1)}) take one of them.
 * The split's regular path ({@code RegularSplit}) reads the table; the shader gets it as one
 * {@code #define} per child, a chain of assignments between named registers (an indexed table
 * would go to local memory on NVIDIA), generated here ({@link #defines()}).
 */
public final class RegularChildren {
    private RegularChildren() {
    }

    /** Source index of V'_c. */
    static int vertex(int c) {
        return c;
    }

    /** Source index of E_ci, the edge point of spoke i of corner c. */
    static int edge(int c, int i) {
        return 3 + 6 * c + i;
    }

    /** Slots of a child in table order: corners, D, then the fans. */
    static final int SLOTS = 12;

    /** [child k][table slot]: the source index of that point (k = 0, 1, 2 corner children, 3 the centre). */
    static final int[][] SOURCES = build();

    private static int[][] build() {
        int[][] t = new int[4][SLOTS];
        for (int c = 0; c < 3; c++) {
            int c1 = (c + 1) % 3;
            int c2 = (c + 2) % 3;
            int[] s = t[c];
            s[c] = vertex(c);
            s[c1] = edge(c, 0);
            s[c2] = edge(c, 1);
            s[3 + c] = edge(c, 5);
            s[3 + c1] = edge(c1, 0);
            s[3 + c2] = edge(c, 2);
            s[fan(c, 0)] = edge(c, 3);
            s[fan(c, 1)] = edge(c, 4);
            s[fan(c1, 0)] = edge(c1, 2);
            s[fan(c1, 1)] = vertex(c1);
            s[fan(c2, 0)] = vertex(c2);
            s[fan(c2, 1)] = edge(c2, 5);
        }
        // the centre: corner j is m_{j+1}, D_j is V'_{j+2}
        for (int j = 0; j < 3; j++) {
            int e = (j + 1) % 3;
            int e2 = (j + 2) % 3;
            t[3][j] = edge(e, 0);
            t[3][3 + j] = vertex(e2);
            t[3][fan(j, 0)] = edge(e, 5);
            t[3][fan(j, 1)] = edge(e2, 2);
        }
        return t;
    }

    /** Table slot of fan point j of corner c. */
    static int fan(int c, int j) {
        return 6 + 2 * c + j;
    }

    /** The record slot of a table slot, in a layout. */
    static int recordSlot(RecordLayout layout, int tableSlot) {
        return tableSlot < 6 ? tableSlot : layout.fanSlot((tableSlot - 6) / 2, (tableSlot - 6) % 2);
    }

    /**
     * @return {@code REGULAR_UV_CHILDREN}: the statements that write the smooth uv rule's data of a
     *     seamless regular record's four children straight from the uv registers ({@code UV0},
     *     {@code UE00}, ...): as {@link RecordLayout#SEAMLESS} records, the uv of every point slot
     *     ({@code putChildSlotUv}, by {@link #SOURCES}); no array, whose indexing would put it in
     *     local memory. Beside it {@code REGULAR_UV_CHILD_k}, the children's uvs as {@link #defines()}
     *     gives their points ({@code p0 = UV0; p1 = UE00; ...}), which the fused pass refines once
     *     more without storing them
     */
    public static Map<String, String> uvDefines(RecordLayout layout) {
        StringBuilder b = new StringBuilder();
        for (int t = 0; t < SLOTS; t++) {
            b.append("putChildSlotUv(j, ").append(recordSlot(layout, t));
            for (int k = 0; k < 4; k++) {
                b.append(", U").append(register(SOURCES[k][t])).append(".xy");
            }
            b.append("); ");
        }
        Map<String, String> d = childDefines("REGULAR_UV_CHILD_", "U");
        d.put("REGULAR_UV_CHILDREN", b.toString().trim());
        return d;
    }

    /** The shader's register holding a source: {@code V0} .. {@code V2}, {@code E00} .. {@code E25}. */
    static String register(int source) {
        return source < 3 ? "V" + source : "E" + (source - 3) / 6 + (source - 3) % 6;
    }

    /**
     * @return {@code REGULAR_CHILD_k} for k = 0..3: {@code p0 = V0; p1 = E00; ...}, the shader's
     *     regularChild(k)
     */
    public static Map<String, String> defines() {
        return childDefines("REGULAR_CHILD_", "");
    }

    /** name + k for k = 0..3: child k's slots from the registers named {@code prefix} + {@link #register}. */
    private static Map<String, String> childDefines(String name, String prefix) {
        Map<String, String> d = new LinkedHashMap<>();
        for (int k = 0; k < 4; k++) {
            StringBuilder b = new StringBuilder();
            for (int s = 0; s < SLOTS; s++) {
                b.append('p').append(s).append(" = ").append(prefix).append(register(SOURCES[k][s])).append("; ");
            }
            d.put(name + k, b.toString().trim());
        }
        return d;
    }
}
