package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glGetUniformLocation;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1f;
import static org.lwjgl.opengl.GL43C.glProgramUniform1i;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.loopsub.api.Scheme;
import org.loopsub.api.TriangleMesh;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTestBase;
import org.loopsub.mesh.MeshTopology;
import org.loopsub.reference.SyntheticMeshes;
import org.loopsub.reference.TestMeshes;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.LoopFlagEdges;
import org.loopsub.stream.RecordBuilder;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;

/**
 * The numbers the compiled passes use are the ones the loader gives them, and nothing typed in a
 * shader: loop_split and loop_flag_edges (its flatness criterion evaluates Loop's edge mask) are
 * built here with the loader's defines and weight table, and again with odd weights that are no
 * weight of Loop's scheme, and run on records of small meshes (regular and general records,
 * boundaries, complete and neighbour-finished bits). Every position they write must be what Loop's
 * masks, written out in this test, give with the weights of that build, to the bit; every flatness
 * verdict must be what that mask gives. A weight typed into a shader (as a literal, as bits, as a
 * quotient of integers) gives LoopRules' value in both builds, so the odd build shows it.
 */
class LoopWeightsOnGpuTest extends GlTestBase {
    /** The mask weights and interior vertex table as a shader build gets them. */
    record Weights(String name, float end, float opposite, float half, float centre, float neighbour, float[] table) {
        Map<String, String> defines() {
            Map<String, String> d = new LinkedHashMap<>();
            d.put("LOOP_EDGE_END", GlPasses.glslFloat(end));
            d.put("LOOP_EDGE_OPPOSITE", GlPasses.glslFloat(opposite));
            d.put("LOOP_HALF", GlPasses.glslFloat(half));
            d.put("LOOP_BOUNDARY_CENTRE", GlPasses.glslFloat(centre));
            d.put("LOOP_BOUNDARY_NEIGHBOUR", GlPasses.glslFloat(neighbour));
            // The limit masks are not used by a layout without limit data; LoopRules' values.
            d.put("LOOP_LIMIT_CENTRE_6", GlPasses.glslFloat(LoopRules.LIMIT_CENTRE_6));
            d.put("LOOP_LIMIT_RING_6", GlPasses.glslFloat(LoopRules.LIMIT_RING_6));
            d.put("LOOP_LIMIT_CREASE_CENTRE", GlPasses.glslFloat(LoopRules.LIMIT_CREASE_CENTRE));
            d.put("LOOP_LIMIT_CREASE_NEIGHBOUR", GlPasses.glslFloat(LoopRules.LIMIT_CREASE_NEIGHBOUR));
            d.put("LOOP_CHAIKIN_OWN", GlPasses.glslFloat(LoopRules.CHAIKIN_OWN));
            d.put("LOOP_CHAIKIN_OTHERS", GlPasses.glslFloat(LoopRules.CHAIKIN_OTHERS));
            return d;
        }
    }

    private RecordLayout layout;
    /** Records of several meshes, no bits (uniform refinement). */
    private RecordChunk plain;
    /** The same records with random complete and neighbour-finished bits (adaptive refinement). */
    private RecordChunk withBits;
    private Weights loop;
    private Weights odd;

    @BeforeAll
    void buildRecords() {
        // Valences 2 to 8, boundary and interior, regular and general records; a small fan keeps
        // the shaders, which llvmpipe compiles at their first dispatch, small.
        List<TriangleMesh> meshes = List.of(TestMeshes.load("icosahedron.obj"), TestMeshes.load("tetrahedron.obj"),
                TestMeshes.load("mesh_with_border.obj"), SyntheticMeshes.torus(6, 5, 3));
        int fan = RecordLayout.MIN_FAN;
        int maxValence = 6;
        for (TriangleMesh m : meshes) {
            MeshTopology t = MeshTopology.of(m);
            fan = Math.max(fan, RecordBuilder.fanCapacity(m.triangles(), t));
            maxValence = Math.max(maxValence, t.maxValence());
        }
        // One layout for all, so that one build of each pass serves every mesh.
        layout = new RecordLayout(fan);
        List<RecordChunk> parts = new ArrayList<>();
        int total = 0;
        for (TriangleMesh m : meshes) {
            RecordChunk c = RecordBuilder.build(m.triangles(), m.positions(), MeshTopology.of(m), layout).get(0);
            parts.add(c);
            total += c.count;
        }
        plain = new RecordChunk(layout, total);
        plain.count = total;
        int at = 0;
        for (RecordChunk c : parts) {
            System.arraycopy(c.points, 0, plain.points, at * layout.pointFloats(), c.count * layout.pointFloats());
            System.arraycopy(c.meta, 0, plain.meta, at * layout.metaInts(), c.count * layout.metaInts());
            at += c.count;
        }
        withBits = copy(plain);
        Random random = new Random(17);
        int mi = layout.metaInts();
        for (int r = 0; r < total; r++) {
            int mb = r * mi;
            int m0 = withBits.meta[mb];
            int m1 = withBits.meta[mb + 1];
            for (int c = 0; c < 3; c++) {
                int k = RecordLayout.valence(m0, c);
                int g = RecordLayout.gap(m1, c);
                for (int i = 0; i < k; i++) {
                    if (random.nextInt(10) == 0) {
                        RecordLayout.setBit(withBits.meta, mb, layout.ringBit(c, k, g, i));
                    }
                }
            }
            withBits.meta[mb] = (m0 & 0x00FFFFFF) | (random.nextInt(4) == 0 ? random.nextInt(8) : 0) << 24;
        }

        loop = new Weights("LoopRules", LoopRules.EDGE_END, LoopRules.EDGE_OPPOSITE, LoopRules.HALF,
                LoopRules.BOUNDARY_CENTRE, LoopRules.BOUNDARY_NEIGHBOUR, LoopRules.weights(Scheme.LOOP, maxValence));
        // The test's own build must be the loader's build for LoopRules' weights.
        assertEquals(GlPasses.LOOP_WEIGHT_DEFINES, loop.defines(), "the loader's weight defines");
        float[] table = new float[2 * (maxValence + 1)];
        for (int n = 3; n <= maxValence; n++) {
            table[2 * n] = 0.3f + 0.01f * n;
            table[2 * n + 1] = 0.11f + 0.001f * n;
        }
        odd = new Weights("odd", 0.40625f, 0.09375f, 0.4375f, 0.6875f, 0.15625f, table);
    }

    private RecordChunk copy(RecordChunk c) {
        RecordChunk d = new RecordChunk(layout, c.count);
        d.count = c.count;
        System.arraycopy(c.points, 0, d.points, 0, c.points.length);
        System.arraycopy(c.meta, 0, d.meta, 0, c.meta.length);
        return d;
    }

    // ---- Loop's masks with the weights of one build, one coordinate at a time, in LoopRules' grouping.

    /** New corner positions (9 floats) and spoke points (per corner, 3 per ring position) of one record. */
    private record Points(float[] corners, float[][] spokes) {
        float[] corner(int c) {
            return Arrays.copyOfRange(corners, 3 * c, 3 * c + 3);
        }

        float[] spoke(int c, int i) {
            return Arrays.copyOfRange(spokes[c], 3 * i, 3 * i + 3);
        }
    }

    private Points masks(RecordChunk chunk, int r, Weights w) {
        float[] p = chunk.points;
        int pb = r * layout.pointFloats();
        int mb = r * layout.metaInts();
        int m0 = chunk.meta[mb];
        int m1 = chunk.meta[mb + 1];
        float[] corners = new float[9];
        float[][] spokes = new float[3][];
        for (int c = 0; c < 3; c++) {
            int k = RecordLayout.valence(m0, c);
            int g = RecordLayout.gap(m1, c);
            int v = pb + 3 * c;
            int[] ring = new int[k];
            boolean frozen = false;
            for (int i = 0; i < k; i++) {
                ring[i] = pb + 3 * layout.ringSlot(c, k, g, i);
                frozen |= RecordLayout.bit(chunk.meta, mb, layout.ringBit(c, k, g, i));
            }
            for (int x = 0; x < 3; x++) {
                float value;
                if (frozen) {
                    value = p[v + x];
                } else if (g != RecordLayout.NO_GAP) {
                    value = w.centre() * p[v + x] + w.neighbour() * (p[ring[g] + x] + p[ring[(g + 1) % k] + x]);
                } else {
                    float[] values = new float[k];
                    for (int i = 0; i < k; i++) {
                        values[i] = p[ring[i] + x];
                    }
                    Arrays.sort(values);
                    float sum = 0f;
                    for (float f : values) {
                        sum += f;
                    }
                    value = w.table()[2 * k] * p[v + x] + w.table()[2 * k + 1] * sum;
                }
                corners[3 * c + x] = value;
            }
            spokes[c] = new float[3 * k];
            for (int i = 0; i < k; i++) {
                boolean boundary = g != RecordLayout.NO_GAP && (i == g || i == (g + 1) % k);
                boolean complete = RecordLayout.bit(chunk.meta, mb, layout.ringBit(c, k, g, i));
                for (int x = 0; x < 3; x++) {
                    float a = p[v + x];
                    float b = p[ring[i] + x];
                    spokes[c][3 * i + x] = boundary || complete ? w.half() * (a + b)
                            : w.end() * (a + b) + w.opposite() * (p[ring[(i + k - 1) % k] + x] + p[ring[(i + 1) % k] + x]);
                }
            }
        }
        return new Points(corners, spokes);
    }

    /** Flatness of a spoke as loop_flag_edges measures it: |edge point - midpoint|^2. */
    private static float flatness(Weights w, float[] p, int a, int b, int c, int d) {
        float sum = 0f;
        for (int x = 0; x < 3; x++) {
            float e = w.end() * (p[a + x] + p[b + x]) + w.opposite() * (p[c + x] + p[d + x]);
            float m = w.half() * (p[a + x] + p[b + x]);
            float diff = e - m;
            sum = sum + diff * diff;
        }
        return sum;
    }

    // ---- Running the passes.

    private static final int TILE = 32;

    private static int tiled(int n) {
        return Math.max(TILE, (n + TILE - 1) / TILE * TILE);
    }

    /** Records in the GPU's tiles of 32 (loop_record.glsl). */
    private float[] tilePoints(RecordChunk c) {
        int pf = layout.pointFloats();
        float[] out = new float[tiled(c.count) * pf];
        for (int r = 0; r < c.count; r++) {
            for (int f = 0; f < pf; f++) {
                out[(r / TILE * pf + f) * TILE + r % TILE] = c.points[r * pf + f];
            }
        }
        return out;
    }

    private int[] tileMeta(RecordChunk c) {
        int mi = layout.metaInts();
        int[] out = new int[tiled(c.count) * mi];
        for (int r = 0; r < c.count; r++) {
            for (int w = 0; w < mi; w++) {
                out[(r / TILE * mi + w) * TILE + r % TILE] = c.meta[r * mi + w];
            }
        }
        return out;
    }

    private RecordChunk untile(float[] points, int[] meta, int count) {
        int pf = layout.pointFloats();
        int mi = layout.metaInts();
        RecordChunk c = new RecordChunk(layout, count);
        c.count = count;
        for (int r = 0; r < count; r++) {
            for (int f = 0; f < pf; f++) {
                c.points[r * pf + f] = points[(r / TILE * pf + f) * TILE + r % TILE];
            }
            for (int w = 0; w < mi; w++) {
                c.meta[r * mi + w] = meta[(r / TILE * mi + w) * TILE + r % TILE];
            }
        }
        return c;
    }

    /** Builds by their defines, kept for the class: llvmpipe's first dispatch of a build is what costs. */
    private final Map<String, ComputeProgram> programs = new LinkedHashMap<>();

    @AfterAll
    void closePrograms() {
        programs.values().forEach(ComputeProgram::close);
        programs.clear();
    }

    private ComputeProgram program(String stem, Weights w, String... flags) {
        Map<String, String> d = GlPasses.layoutDefines(layout);
        d.putAll(w.defines());
        for (String f : flags) {
            d.put(f, "1");
        }
        if (stem.equals("loop_split")) {
            d.put("GROUP", "64");
        }
        return programs.computeIfAbsent(stem + d, k -> ComputeProgram.load(stem, d, List.of()));
    }

    private static void setUint(ComputeProgram p, String name, int value) {
        glProgramUniform1ui(p.id(), glGetUniformLocation(p.id(), name), value);
    }

    /** What one split wrote. */
    private record Out(float[] direct, float[] slivers, RecordChunk children) {
    }

    /**
     * loop_split's two halves (regular and general records) over {@code records}: uniform (every
     * record, no slivers) or over the {@code active} ones; children as records or, with
     * {@code direct}, as triangles; with {@code fused} the uniform pair that writes a regular
     * parent's grandchildren, followed as in the engine by the direct pair over the children.
     */
    private Out split(RecordChunk records, int[] active, Weights w, boolean direct, boolean fused) {
        boolean uniform = active == null;
        int count = uniform ? records.count : active.length;
        int[] index = uniform ? new int[1] : active.clone();
        int[] sliverOffset = new int[Math.max(1, records.count)];
        int slivers = 0;
        for (int j = 0; !uniform && j < count; j++) {
            sliverOffset[active[j]] = slivers;
            slivers += Integer.bitCount(RecordLayout.neighbourFinished(records.meta[active[j] * layout.metaInts()]));
        }
        List<String> base = new ArrayList<>();
        if (uniform) {
            base.add("UNIFORM");
        }
        if (direct) {
            base.add("DIRECT");
        }
        List<String> regularFlags = new ArrayList<>(base);
        regularFlags.add("REGULAR_ONLY");
        if (fused) {
            regularFlags.add("FUSED");
        }
        List<String> generalFlags = new ArrayList<>(base);
        generalFlags.add("GENERAL_ONLY");
        int perParent = fused ? 16 : 4;
        int childCount = 4 * count;
        try (GlBuffer srcP = GlBuffer.of(tilePoints(records), "test_src_points");
             GlBuffer srcM = GlBuffer.of(tileMeta(records), "test_src_meta");
             GlBuffer dstP = GlBuffer.of(new float[tiled(childCount) * layout.pointFloats()], "test_dst_points");
             GlBuffer dstM = GlBuffer.of(new int[tiled(childCount) * layout.metaInts()], "test_dst_meta");
             GlBuffer sliverBuf = GlBuffer.of(new float[9 * Math.max(1, slivers)], "test_slivers");
             GlBuffer activeBuf = GlBuffer.of(index, "test_active");
             GlBuffer offsetBuf = GlBuffer.of(sliverOffset, "test_sliver_offsets");
             GlBuffer weightBuf = GlBuffer.of(w.table(), "test_weights");
             GlBuffer directBuf = GlBuffer.of(new float[9 * perParent * Math.max(1, count)], "test_direct")) {
            ComputeProgram regular = program("loop_split", w, regularFlags.toArray(String[]::new));
            ComputeProgram general = program("loop_split", w, generalFlags.toArray(String[]::new));
            srcP.bind(0);
            srcM.bind(1);
            dstP.bind(2);
            dstM.bind(3);
            sliverBuf.bind(4);
            activeBuf.bind(5);
            offsetBuf.bind(6);
            weightBuf.bind(7);
            directBuf.bind(11);
            for (ComputeProgram p : List.of(regular, general)) {
                setUint(p, "uSrcFirst", 0);
                setUint(p, "uCount", count);
                setUint(p, "uSliverFloatBase", 0);
                setUint(p, "uDirectFloatBase", 0);
                p.dispatchFor(count);
            }
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            if (fused) {
                // The engine's second pass: the direct pair over the children, which skips the
                // children of regular parents (marked) and refines those of general ones.
                ComputeProgram r2 = program("loop_split", w, "UNIFORM", "DIRECT", "REGULAR_ONLY");
                ComputeProgram g2 = program("loop_split", w, "UNIFORM", "DIRECT", "GENERAL_ONLY");
                dstP.bind(0);
                dstM.bind(1);
                for (ComputeProgram p : List.of(r2, g2)) {
                    setUint(p, "uSrcFirst", 0);
                    setUint(p, "uCount", childCount);
                    setUint(p, "uDirectFloatBase", 0);
                    p.dispatchFor(childCount);
                }
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            }
            float[] d = direct || fused ? directBuf.readFloats(0, 9 * perParent * count) : null;
            float[] s = sliverBuf.readFloats(0, 9 * slivers);
            RecordChunk children = direct || fused ? null
                    : untile(dstP.readFloats(0, tiled(childCount) * layout.pointFloats()),
                            dstM.readInts(0, tiled(childCount) * layout.metaInts()), childCount);
            return new Out(d, s, children);
        } finally {
            HostState.restore(0);
        }
    }

    // ---- Checks.

    private static String bits(float[] v) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < v.length; i++) {
            b.append(i > 0 ? ", " : "").append(v[i]).append(" 0x").append(Integer.toHexString(Float.floatToRawIntBits(v[i])));
        }
        return b.append(')').toString();
    }

    private static boolean same(float[] a, float[] b) {
        for (int x = 0; x < 3; x++) {
            if (Float.floatToRawIntBits(a[x]) != Float.floatToRawIntBits(b[x])) {
                return false;
            }
        }
        return true;
    }

    /** Asserts one written point. */
    private static void assertPoint(float[] expected, float[] out, int at, Weights w, String what) {
        float[] got = Arrays.copyOfRange(out, at, at + 3);
        if (!same(expected, got)) {
            fail(w.name() + " weights, " + what + ": GL wrote " + bits(got) + ", the masks with these weights give "
                    + bits(expected));
        }
    }

    private void checkDirect(RecordChunk records, int[] active, Weights w, float[] direct, int base, String what) {
        int count = active == null ? records.count : active.length;
        for (int j = 0; j < count; j++) {
            int r = active == null ? j : active[j];
            Points e = masks(records, r, w);
            int o = base + 36 * j;
            for (int c = 0; c < 3; c++) {
                String t = what + ", record " + r + ", corner child " + c;
                assertPoint(e.corner(c), direct, o + 9 * c + 3 * c, w, t + ": new corner");
                assertPoint(e.spoke(c, 0), direct, o + 9 * c + 3 * ((c + 1) % 3), w, t + ": edge point");
                assertPoint(e.spoke(c, 1), direct, o + 9 * c + 3 * ((c + 2) % 3), w, t + ": edge point");
            }
            for (int i = 0; i < 3; i++) {
                assertPoint(e.spoke((i + 1) % 3, 0), direct, o + 27 + 3 * i, w, what + ", record " + r + ", centre child");
            }
        }
    }

    private void checkSlivers(RecordChunk records, int[] active, Weights w, float[] slivers, String what) {
        int at = 0;
        for (int r : active) {
            int nf = RecordLayout.neighbourFinished(records.meta[r * layout.metaInts()]);
            Points e = masks(records, r, w);
            for (int edge = 0; edge < 3; edge++) {
                if ((nf & 1 << edge) != 0) {
                    String t = what + ", record " + r + ", sliver of edge " + edge;
                    assertPoint(e.corner(edge), slivers, at, w, t);
                    assertPoint(e.corner((edge + 1) % 3), slivers, at + 3, w, t);
                    assertPoint(e.spoke(edge, 0), slivers, at + 6, w, t);
                    at += 9;
                }
            }
        }
        assertEquals(at, slivers.length, what + ": sliver floats");
    }

    /**
     * Child records: their corners as the split documents them, and every other point they hold
     * (each slot of each corner's ring) one of the parent's new positions.
     */
    private void checkChildren(RecordChunk records, int[] active, Weights w, RecordChunk children, String what) {
        int count = active == null ? records.count : active.length;
        int pf = layout.pointFloats();
        int mi = layout.metaInts();
        for (int j = 0; j < count; j++) {
            int r = active == null ? j : active[j];
            Points e = masks(records, r, w);
            Set<List<Integer>> made = new HashSet<>();
            for (int c = 0; c < 3; c++) {
                made.add(key(e.corner(c)));
                for (int i = 0; i < e.spokes()[c].length / 3; i++) {
                    made.add(key(e.spoke(c, i)));
                }
            }
            for (int k = 0; k < 4; k++) {
                int q = 4 * j + k;
                String t = what + ", record " + r + ", child " + k;
                for (int s = 0; s < 3; s++) {
                    float[] expected = k == 3 ? e.spoke((s + 1) % 3, 0) : s == k ? e.corner(k)
                            : s == (k + 1) % 3 ? e.spoke(k, 0) : e.spoke(k, 1);
                    assertPoint(expected, children.points, q * pf + 3 * s, w, t + ", corner " + s);
                }
                int m0 = children.meta[q * mi];
                int m1 = children.meta[q * mi + 1];
                for (int c = 0; c < 3; c++) {
                    int kk = RecordLayout.valence(m0, c);
                    int gg = RecordLayout.gap(m1, c);
                    assertTrue(kk == 4 || kk == 6 || kk == RecordLayout.valence(records.meta[r * mi], c),
                            t + ": valence " + kk);
                    for (int i = 0; i < kk; i++) {
                        int slot = layout.ringSlot(c, kk, gg, i);
                        float[] got = Arrays.copyOfRange(children.points, q * pf + 3 * slot, q * pf + 3 * slot + 3);
                        if (!made.contains(key(got))) {
                            fail(w.name() + " weights, " + t + ": ring point " + bits(got) + " in slot " + slot
                                    + " is none of the parent's new positions with these weights");
                        }
                    }
                }
            }
        }
    }

    private static List<Integer> key(float[] p) {
        return List.of(Float.floatToRawIntBits(p[0]), Float.floatToRawIntBits(p[1]), Float.floatToRawIntBits(p[2]));
    }

    /** Every record but every fifth: the split reads its records through the active list. */
    private int[] someActive() {
        List<Integer> a = new ArrayList<>();
        for (int r = 0; r < withBits.count; r++) {
            if (r % 5 != 2) {
                a.add(r);
            }
        }
        return a.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void adaptiveSplitWritesTheMasksOfTheDefinedWeights() {
        // Both halves (regular and general records) on records with complete and neighbour-finished
        // bits, through the active list; LoopRules' build as the engine makes it, then the odd one.
        int[] active = someActive();
        // Not vacuous: both kinds of record, frozen corners and slivers are among them.
        int regular = 0;
        int frozen = 0;
        int slivers = 0;
        int mi = layout.metaInts();
        for (int r : active) {
            int m0 = withBits.meta[r * mi];
            boolean isRegular = (m0 & 0x00FFFFFF) == RecordLayout.packMeta0(6, 6, 6, 0) && withBits.meta[r * mi + 1]
                    == RecordLayout.packMeta1(RecordLayout.NO_GAP, RecordLayout.NO_GAP, RecordLayout.NO_GAP);
            regular += isRegular ? 1 : 0;
            frozen += Arrays.stream(withBits.meta, r * mi + 2, r * mi + mi).anyMatch(x -> x != 0) ? 1 : 0;
            slivers += Integer.bitCount(RecordLayout.neighbourFinished(m0));
        }
        assertTrue(regular > 20 && active.length - regular > 20 && frozen > 20 && slivers > 20,
                regular + " regular, " + frozen + " with complete bits, " + slivers + " slivers");
        for (Weights w : List.of(loop, odd)) {
            Out direct = split(withBits, active, w, true, false);
            checkDirect(withBits, active, w, direct.direct(), 0, "adaptive direct split");
            checkSlivers(withBits, active, w, direct.slivers(), "adaptive direct split");
        }
    }

    @Test
    void uniformAndFusedSplitsWriteTheMasksOfTheDefinedWeights() {
        // Child records, the direct split of those children, and the fused pass that makes both
        // levels at once (the uniform path's last two levels), with the odd build only: the
        // adaptive test above holds the masks of this test to LoopRules' build already.
        Weights w = odd;
        Out level1 = split(plain, null, w, false, false);
        checkChildren(plain, null, w, level1.children(), "uniform split");
        Out level2 = split(level1.children(), null, w, true, false);
        checkDirect(level1.children(), null, w, level2.direct(), 0, "uniform direct split of level 1");
        // The fused pass makes the same two levels in one: the same triangles, to the bit.
        Out fused = split(plain, null, w, false, true);
        assertEquals(level2.direct().length, fused.direct().length);
        for (int i = 0; i < fused.direct().length; i += 3) {
            float[] expected = Arrays.copyOfRange(level2.direct(), i, i + 3);
            assertPoint(expected, fused.direct(), i, w, "fused split, triangle " + i / 9 + " of level 2");
        }
    }

    @Test
    void flatnessMeasuresWithTheDefinedWeights() {
        int mi = layout.metaInts();
        for (Weights w : List.of(loop, odd)) {
            // Thresholds at spokes' own measures, and just below: a spoke whose measure on the GPU
            // differs in any bit from the mask's flips one of the two verdicts.
            List<Float> measures = new ArrayList<>();
            LoopFlagEdges.run(copy(plain), layout, 0, (level, p, a, b, c, d) -> {
                if (c >= 0 && d >= 0) {
                    measures.add(flatness(w, p, a, b, c, d));
                }
                return false;
            });
            measures.sort(null);
            int tried = 0;
            ComputeProgram flag = program("loop_flag_edges", w, "CRIT_FLATNESS");
            for (double quantile : new double[] {0.1, 0.35, 0.5, 0.65, 0.9}) {
                float at = measures.get((int) (quantile * (measures.size() - 1)));
                for (float limit : new float[] {at, Math.nextDown(at)}) {
                    RecordChunk expected = copy(plain);
                    LoopFlagEdges.run(expected, layout, 0,
                            (level, p, a, b, c, d) -> c < 0 || d < 0 || flatness(w, p, a, b, c, d) <= limit);
                    int[] got;
                    try (GlBuffer srcP = GlBuffer.of(tilePoints(plain), "test_points");
                         GlBuffer srcM = GlBuffer.of(tileMeta(plain), "test_meta")) {
                        srcP.bind(0);
                        srcM.bind(1);
                        setUint(flag, "uSrcFirst", 0);
                        setUint(flag, "uCount", plain.count);
                        glProgramUniform1i(flag.id(), glGetUniformLocation(flag.id(), "uLevel"), 0);
                        glProgramUniform1f(flag.id(), glGetUniformLocation(flag.id(), "uFlat2"), limit);
                        flag.dispatchFor(plain.count);
                        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                        got = untile(new float[tiled(plain.count) * layout.pointFloats()],
                                srcM.readInts(0, tiled(plain.count) * mi), plain.count).meta;
                    } finally {
                        HostState.restore(0);
                    }
                    assertArrayEquals(expected.meta, got, w.name() + " weights, flatness limit " + limit
                            + ": complete bits differ from the edge mask's verdicts");
                    tried++;
                }
            }
            assertEquals(10, tried);
        }
    }
}
