package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.lwjgl.opengl.GL43C.GL_COMMAND_BARRIER_BIT;
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
import org.loopsub.corpus.TestMeshes;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTestBase;
import org.loopsub.glstream.SplitSchedule.Build;
import org.loopsub.glstream.SplitSchedule.Half;
import org.loopsub.glstream.SplitSchedule.Level;
import org.loopsub.glstream.SplitSchedule.Output;
import org.loopsub.mesh.MeshTopology;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.LoopFilter;
import org.loopsub.stream.LoopFlagEdges;
import org.loopsub.stream.RecordBuilder;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;
import org.loopsub.testing.SyntheticMeshes;

/**
 * The numbers the compiled passes use are the ones the loader gives them, and nothing typed in a
 * shader: loop_split and loop_flag_edges (its flatness criterion evaluates Loop's edge mask) are
 * built here by the loader ({@link GlPasses}) with LoopRules' weights, and again with odd values for
 * every weight the loader defines ({@link ShaderHeader#LOOP_WEIGHTS}), and run on records of small meshes (regular and general records,
 * boundaries, complete and neighbour-finished bits). Every position they write must be what Loop's
 * masks, written out in this test, give with the weights of that build, to the bit; every flatness
 * verdict must be what that mask gives. A weight typed into a shader (as a literal, as bits, as a
 * quotient of integers) gives LoopRules' value in both builds, so the odd build shows it. The limit
 * and Chaikin weights, which these layouts do not read, are each shown to change what a layout with
 * limit data and creases writes.
 */
class LoopWeightsOnGpuTest extends GlTestBase {
    /**
     * The mask weights (by define name, {@link ShaderHeader#LOOP_WEIGHTS}' names) and interior vertex
     * table a shader build gets; the build is the loader's own ({@link GlPasses}) with these.
     */
    record Weights(String name, Map<String, Float> mask, float[] table) {
        /** The weights the masks of this test read, each held to the bit by the position checks. */
        static final Set<String> CHECKED = Set.of("LOOP_EDGE_END", "LOOP_EDGE_OPPOSITE", "LOOP_HALF",
                "LOOP_BOUNDARY_CENTRE", "LOOP_BOUNDARY_NEIGHBOUR");

        float end() {
            return mask.get("LOOP_EDGE_END");
        }

        float opposite() {
            return mask.get("LOOP_EDGE_OPPOSITE");
        }

        float half() {
            return mask.get("LOOP_HALF");
        }

        float centre() {
            return mask.get("LOOP_BOUNDARY_CENTRE");
        }

        float neighbour() {
            return mask.get("LOOP_BOUNDARY_NEIGHBOUR");
        }

        Map<String, String> defines() {
            return ShaderHeader.weightDefines(mask);
        }

        /** These weights with one of them replaced. */
        Weights with(String weight, float value) {
            Map<String, Float> m = new LinkedHashMap<>(mask);
            m.put(weight, value);
            return new Weights(name + " but " + weight + " = " + value, m, table);
        }
    }

    /**
     * Odd values, one per weight the loader defines (made from its list, so a weight added there is
     * varied here too): LoopRules' value plus its own multiple of 1/64, so that no two coincide (a
     * shader that read one weight's define for another's would show) and none is LoopRules' own.
     */
    static final Map<String, Float> ODD = odd();

    private static Map<String, Float> odd() {
        Map<String, Float> m = new LinkedHashMap<>();
        int i = 1;
        for (Map.Entry<String, Float> e : ShaderHeader.LOOP_WEIGHTS.entrySet()) {
            m.put(e.getKey(), e.getValue() + i++ / 64f);
        }
        return m;
    }

    private RecordLayout layout;
    /** Whether split() builds its general half on one invocation a record (Build.oneLane), not on lanes. */
    private boolean oneLane;
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
        layout = RecordLayout.of(fan);
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
            withBits.meta[mb] = (m0 & RecordLayout.VALENCE_BITS) | (random.nextInt(4) == 0 ? random.nextInt(8) : 0) << 24;
        }

        loop = new Weights("LoopRules", ShaderHeader.LOOP_WEIGHTS, LoopRules.weights(Scheme.LOOP, maxValence));
        // The odd build varies every weight the loader defines, each to a value of its own.
        Set<Float> values = new HashSet<>(ShaderHeader.LOOP_WEIGHTS.values());
        for (Map.Entry<String, Float> e : ODD.entrySet()) {
            assertTrue(values.add(e.getValue()), e.getKey() + ": " + e.getValue() + " is another weight's value");
        }
        float[] table = new float[2 * (maxValence + 1)];
        for (int n = 3; n <= maxValence; n++) {
            table[2 * n] = 0.3f + 0.01f * n;
            table[2 * n + 1] = 0.11f + 0.001f * n;
        }
        odd = new Weights("odd", ODD, table);
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

    static int tiled(int n) {
        return Math.max(TILE, (n + TILE - 1) / TILE * TILE);
    }

    private float[] tilePoints(RecordChunk c) {
        return tilePoints(c, layout);
    }

    private int[] tileMeta(RecordChunk c) {
        return tileMeta(c, layout);
    }

    /** Records in the GPU's tiles of 32 (loop_record.glsl). */
    static float[] tilePoints(RecordChunk c, RecordLayout layout) {
        int pf = layout.pointFloats();
        float[] out = new float[tiled(c.count) * pf];
        for (int r = 0; r < c.count; r++) {
            for (int f = 0; f < pf; f++) {
                out[(r / TILE * pf + f) * TILE + r % TILE] = c.points[r * pf + f];
            }
        }
        return out;
    }

    static int[] tileMeta(RecordChunk c, RecordLayout layout) {
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
    /** The loader of each layout and set of weights, whose builds these are. */
    private final Map<RecordLayout, Map<Weights, GlPasses>> loaders = new java.util.IdentityHashMap<>();
    /** A uniform level's general half writing child records. */
    private static final Build UNIFORM_GENERAL = new Build(Level.UNIFORM, Output.CHILDREN, Half.GENERAL);
    private final GlBufferPool pool = new GlBufferPool();

    @AfterAll
    void closePrograms() {
        loaders.values().forEach(m -> m.values().forEach(GlPasses::close));
        loaders.clear();
        programs.values().forEach(ComputeProgram::close);
        programs.clear();
        pool.close();
    }

    /** The loader's passes with these weights and layout: the engine's build, other weights and all. */
    private GlPasses passes(Weights w, RecordLayout l) {
        return loaders.computeIfAbsent(l, k -> new java.util.IdentityHashMap<>())
                .computeIfAbsent(w, k -> new GlPasses(l, w.table(), programs, pool, w.defines()));
    }

    private ComputeProgram program(String stem, Weights w, String flag) {
        return passes(w, layout).program(stem, Map.of(flag, "1"));
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
        return split(records, active, w, direct, fused, false);
    }

    /**
     * As above; with {@code listed} (uniform, not fused) as a listed level: the regular half lists
     * the records it leaves and the general half runs over that list by its counted-up command.
     */
    private Out split(RecordChunk records, int[] active, Weights w, boolean direct, boolean fused, boolean listed) {
        boolean uniform = active == null;
        int count = uniform ? records.count : active.length;
        // Uniform refinement has no active list; the fused pass keeps its list of general parents there.
        int[] index = uniform ? new int[fused || listed ? SplitSchedule.DENSE_HEADER + count : 1] : active.clone();
        int[] sliverOffset = new int[Math.max(1, records.count)];
        int slivers = 0;
        for (int j = 0; !uniform && j < count; j++) {
            sliverOffset[active[j]] = slivers;
            slivers += Integer.bitCount(RecordLayout.neighbourFinished(records.meta[active[j] * layout.metaInts()]));
        }
        Level level = uniform ? Level.UNIFORM : Level.ADAPTIVE;
        Output output = direct ? Output.DIRECT : Output.CHILDREN;
        Build regularBuild = new Build(level, fused ? Output.FUSED : output, Half.REGULAR);
        Build generalBuild = new Build(level, output, Half.GENERAL);
        if (oneLane) {
            generalBuild = generalBuild.onOneLane();
        }
        int perParent = fused ? 16 : 4;
        int childCount = 4 * count;
        try (GlBuffer srcP = GlBuffer.of(tilePoints(records), "test_src_points");
             GlBuffer srcM = GlBuffer.of(tileMeta(records), "test_src_meta");
             GlBuffer dstP = GlBuffer.of(new float[tiled(childCount) * layout.pointFloats()], "test_dst_points");
             GlBuffer dstM = GlBuffer.of(new int[tiled(childCount) * layout.metaInts()], "test_dst_meta");
             GlBuffer sliverBuf = GlBuffer.of(new float[9 * Math.max(1, slivers)], "test_slivers");
             GlBuffer activeBuf = GlBuffer.of(index, "test_active");
             GlBuffer offsetBuf = GlBuffer.of(sliverOffset, "test_sliver_offsets");
             GlBuffer directBuf = GlBuffer.of(new float[9 * perParent * Math.max(1, count)], "test_direct")) {
            ComputeProgram regular = passes(w, layout).split(regularBuild);
            ComputeProgram general = passes(w, layout).split(generalBuild);
            // invocations per record of the general half (SplitPair)
            int lanes = passes(w, layout).schedule().generalLanes(generalBuild);
            srcP.bind(ShaderContract.POINTS);
            srcM.bind(ShaderContract.META);
            dstP.bind(ShaderContract.DST_POINTS);
            dstM.bind(ShaderContract.DST_META);
            sliverBuf.bind(ShaderContract.OUT);
            activeBuf.bind(ShaderContract.INDEX);
            offsetBuf.bind(ShaderContract.SLIVER_OFFSET);
            passes(w, layout).bindWeights();
            directBuf.bind(ShaderContract.DIRECT_OUT);
            for (ComputeProgram p : List.of(regular, general)) {
                setUint(p, "uSrcFirst", 0);
                setUint(p, "uCount", count);
                setUint(p, "uSliverFloatBase", 0);
                setUint(p, "uDirectFloatBase", 0);
                // (a build without it ignores location -1)
                setUint(p, "uRecords", fused ? SplitSchedule.DENSE : listed ? SplitSchedule.LISTED : SplitSchedule.PLAIN);
                if (!listed && !fused) {
                    p.dispatchFor(p == general ? count * lanes : count);
                } else if (p == regular) {
                    if (fused) {
                        // the engine's list of general parents, for the fused pass's general half
                        ComputeProgram lister = passes(w, layout).listParents();
                        setUint(lister, "uSrcFirst", 0);
                        setUint(lister, "uCount", count);
                        lister.dispatchFor(count);
                    }
                    p.dispatchFor(count);
                    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
                } else {
                    // a listed level's general half over its list, the fused pass's over its general parents
                    p.dispatchIndirect(activeBuf, SplitSchedule.commandOffset(fused ? SplitSchedule.DENSE_LIST_COMMAND
                            : SplitSchedule.DENSE_GENERAL_COMMAND));
                }
            }
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
            if (fused) {
                // The engine's second pass: the direct pair over the children of general parents,
                // which the fused pass wrote densely, by the list and dispatch commands of its lister.
                ComputeProgram r2 = passes(w, layout).split(new Build(Level.UNIFORM, Output.DIRECT, Half.REGULAR));
                ComputeProgram g2 = passes(w, layout).split(new Build(Level.UNIFORM, Output.DIRECT, Half.GENERAL));
                dstP.bind(ShaderContract.POINTS);
                dstM.bind(ShaderContract.META);
                for (ComputeProgram p : List.of(r2, g2)) {
                    setUint(p, "uSrcFirst", 0);
                    setUint(p, "uDirectFloatBase", 0);
                    setUint(p, "uRecords", SplitSchedule.DENSE);
                }
                new SplitPair(r2, g2, 1).dispatchDense(activeBuf);
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
            boolean isRegular = (m0 & RecordLayout.VALENCE_BITS) == RecordLayout.packMeta0(6, 6, 6, 0) && withBits.meta[r * mi + 1]
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
    void adaptiveGeneralHalfWritesTheSameRecordsOnLanesAsOnOneLane() {
        // GlPasses runs an adaptive split's general half on four lanes a record up to
        // loopsub.gl.lanesUpTo records and on one past that: the two builds write the same children
        // and slivers, bit for bit (the children's values are checked against the masks above and
        // against the Java back end by the engine's tests).
        assertEquals(4, passes(loop, layout).schedule().generalLanes(new Build(Level.ADAPTIVE, Output.CHILDREN, Half.GENERAL)), "lanes apply to this layout");
        int[] active = someActive();
        Out lanes = split(withBits, active, loop, false, false);
        oneLane = true;
        Out one;
        try {
            one = split(withBits, active, loop, false, false);
        } finally {
            oneLane = false;
        }
        int written = 0;
        for (float x : one.children().points) {
            written += x != 0 ? 1 : 0;
        }
        assertTrue(one.slivers().length > 9 && written > 1000, "the split wrote children and slivers");
        assertArrayEquals(one.children().points, lanes.children().points);
        assertArrayEquals(one.children().meta, lanes.children().meta);
        assertArrayEquals(one.slivers(), lanes.slivers());
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
        // A listed level (the general half over the records the regular half lists, as with limit
        // data or smooth uvs) writes the same children and triangles, to the bit.
        Out listed1 = split(plain, null, w, false, false, true);
        assertArrayEquals(level1.children().points, listed1.children().points, "listed level's children");
        assertArrayEquals(level1.children().meta, listed1.children().meta, "listed level's children's metadata");
        Out listed2 = split(level1.children(), null, w, true, false, true);
        assertArrayEquals(level2.direct(), listed2.direct(), "listed direct level's triangles");
        // And the build a driver with too little shared memory for the staged stores gets.
        passes(w, layout).stageStores(false);
        try {
            Out straight = split(plain, null, w, false, true);
            for (int i = 0; i < straight.direct().length; i += 3) {
                float[] expected = Arrays.copyOfRange(level2.direct(), i, i + 3);
                assertPoint(expected, straight.direct(), i, w, "fused split stored straight, triangle " + i / 9);
            }
        } finally {
            passes(w, layout).stageStores(true);
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
                    // the edge test filters each record it tested: its neighbour-finished bits too
                    LoopFilter.Result filtered = LoopFilter.run(expected, layout, false);
                    int[] got;
                    int[] kept;
                    try (GlBuffer srcP = GlBuffer.of(tilePoints(plain), "test_points");
                         GlBuffer srcM = GlBuffer.of(tileMeta(plain), "test_meta");
                         GlBuffer keep = GlBuffer.of(new int[plain.count], "test_keep");
                         GlBuffer done = GlBuffer.of(new int[plain.count], "test_done");
                         GlBuffer slivers = GlBuffer.of(new int[plain.count], "test_slivers")) {
                        srcP.bind(ShaderContract.POINTS);
                        srcM.bind(ShaderContract.META);
                        keep.bind(ShaderContract.KEEP);
                        done.bind(ShaderContract.DONE);
                        slivers.bind(ShaderContract.SLIVERS);
                        setUint(flag, "uSrcFirst", 0);
                        setUint(flag, "uCount", plain.count);
                        glProgramUniform1i(flag.id(), glGetUniformLocation(flag.id(), "uLevel"), 0);
                        glProgramUniform1f(flag.id(), glGetUniformLocation(flag.id(), "uFlat2"), limit);
                        flag.dispatchFor(plain.count);
                        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                        got = untile(new float[tiled(plain.count) * layout.pointFloats()],
                                srcM.readInts(0, tiled(plain.count) * mi), plain.count).meta;
                        kept = keep.readInts(0, plain.count);
                    } finally {
                        HostState.restore(0);
                    }
                    assertArrayEquals(expected.meta, got, w.name() + " weights, flatness limit " + limit
                            + ": complete bits differ from the edge mask's verdicts");
                    int active = 0;
                    for (int k : kept) {
                        active += k;
                    }
                    assertEquals(filtered.activeCount, active, "records the edge test's filter kept active");
                    tried++;
                }
            }
            assertEquals(10, tried);
        }
    }

    /**
     * The weights the position checks above do not hold (the limit masks of born vertices, Chaikin's
     * sharpness average, and any weight added to the loader later) reach the split from their
     * defines too: on records with limit data, boundaries, an infinitely sharp edge and a vertex
     * with two semi-sharp edges, a build with any one of them changed writes other children than
     * the loader's build. (Their values are held to Java's by the GL back end's byte-for-byte tests;
     * this shows the shader takes each from its define.)
     */
    @Test
    void everyWeightComesFromItsDefine() {
        List<TriangleMesh> meshes = List.of(TestMeshes.load("icosahedron.obj"), TestMeshes.load("mesh_with_border.obj"));
        int fan = RecordLayout.MIN_FAN;
        int maxValence = 6;
        for (TriangleMesh m : meshes) {
            MeshTopology t = MeshTopology.of(m);
            fan = Math.max(fan, RecordBuilder.fanCapacity(m.triangles(), t));
            maxValence = Math.max(maxValence, t.maxValence());
        }
        RecordLayout limit = RecordLayout.of(fan, java.util.EnumSet.of(RecordLayout.Feature.LIMIT,
                RecordLayout.Feature.CREASES, RecordLayout.Feature.CHAIKIN));
        List<RecordChunk> parts = new ArrayList<>();
        int total = 0;
        for (TriangleMesh m : meshes) {
            MeshTopology t = MeshTopology.of(m);
            // Vertex 0's first two edges semi-sharp (each the other's Chaikin average), its third
            // infinitely sharp (a crease: born vertices on it take the crease limit mask).
            Map<Long, Float> edges = new java.util.HashMap<>();
            edges.put(org.loopsub.stream.Sharpness.key(0, t.neighbour(0, 0)), 2.5f);
            edges.put(org.loopsub.stream.Sharpness.key(0, t.neighbour(0, 1)), 3.5f);
            edges.put(org.loopsub.stream.Sharpness.key(0, t.neighbour(0, 2)), org.loopsub.stream.Sharpness.INFINITE);
            org.loopsub.stream.Sharpness sharp = new org.loopsub.stream.Sharpness(edges, new float[t.vertexCount()]);
            RecordChunk c = RecordBuilder.build(m.triangles(), m.positions(), t, limit, Scheme.LOOP, sharp, null).get(0);
            parts.add(c);
            total += c.count;
        }
        RecordChunk records = new RecordChunk(limit, total);
        records.count = total;
        int at = 0;
        for (RecordChunk c : parts) {
            System.arraycopy(c.points, 0, records.points, at * limit.pointFloats(), c.count * limit.pointFloats());
            System.arraycopy(c.meta, 0, records.meta, at * limit.metaInts(), c.count * limit.metaInts());
            at += c.count;
        }
        Weights rules = new Weights("LoopRules", ShaderHeader.LOOP_WEIGHTS, LoopRules.weights(Scheme.LOOP, maxValence));
        float[] expected = splitChildren(limit, records, rules);
        assertTrue(java.util.stream.IntStream.range(0, expected.length).anyMatch(i -> expected[i] != 0f), "children written");
        List<String> unused = new ArrayList<>();
        assertTrue(ShaderHeader.LOOP_WEIGHTS.keySet().containsAll(Weights.CHECKED));
        for (String weight : ShaderHeader.LOOP_WEIGHTS.keySet()) {
            if (Weights.CHECKED.contains(weight)) {
                continue;
            }
            if (Arrays.equals(expected, splitChildren(limit, records, rules.with(weight, ODD.get(weight))))) {
                unused.add(weight);
            }
        }
        assertEquals(List.of(), unused, "a changed weight changed nothing: the shader does not take it from its define");
    }

    /** The general half of the uniform split over every record: its child segment, tiled, as written. */
    private float[] splitChildren(RecordLayout l, RecordChunk records, Weights w) {
        int count = records.count;
        int childCount = 4 * count;
        GlPasses passes = passes(w, l);
        // Records in tiles of 32, as above but for this layout.
        int pf = l.pointFloats();
        int mi = l.metaInts();
        float[] points = new float[tiled(count) * pf];
        int[] meta = new int[tiled(count) * mi];
        for (int r = 0; r < count; r++) {
            for (int f = 0; f < pf; f++) {
                points[(r / TILE * pf + f) * TILE + r % TILE] = records.points[r * pf + f];
            }
            for (int x = 0; x < mi; x++) {
                meta[(r / TILE * mi + x) * TILE + r % TILE] = records.meta[r * mi + x];
            }
        }
        try (GlBuffer srcP = GlBuffer.of(points, "test_src_points");
             GlBuffer srcM = GlBuffer.of(meta, "test_src_meta");
             GlBuffer dstP = GlBuffer.of(new float[tiled(childCount) * pf], "test_dst_points");
             GlBuffer dstM = GlBuffer.of(new int[tiled(childCount) * mi], "test_dst_meta")) {
            ComputeProgram general = passes.split(UNIFORM_GENERAL);
            srcP.bind(ShaderContract.POINTS);
            srcM.bind(ShaderContract.META);
            dstP.bind(ShaderContract.DST_POINTS);
            dstM.bind(ShaderContract.DST_META);
            passes.bindWeights();
            // declared by the build, not written by a uniform split into records
            for (int b : new int[] {ShaderContract.OUT, ShaderContract.INDEX, ShaderContract.SLIVER_OFFSET,
                ShaderContract.DIRECT_OUT, ShaderContract.OUT_NORMALS, ShaderContract.DIRECT_NORMALS}) {
                passes.placeholder().bind(b);
            }
            setUint(general, "uSrcFirst", 0);
            setUint(general, "uCount", count);
            general.dispatchFor(count * passes.schedule().generalLanes(UNIFORM_GENERAL));
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            return dstP.readFloats(0, tiled(childCount) * pf);
        } finally {
            HostState.restore(0);
        }
    }
}
