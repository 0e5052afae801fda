package org.loopsub.glstream;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.loopsub.rules.LoopRules;
import org.loopsub.stream.RecordLayout;

/**
 * The header of every record pass: each number a shader and the host must agree on, made here as a
 * {@code #define} from the Java constant that owns it, so that a reader finds every generated number
 * in this file and no shader types one. The one exception is loop_split's schedule, whose macros (the
 * builds' axes, work groups, lanes, DenseChildren's layout, the uRecords codes) are
 * {@link SplitSchedule#defines}, the twin of split_schedule.glsl; the scan shaders' bindings are the
 * GL plumbing's ({@code GpuScan.BINDING_DEFINES}). A pass's header ({@link #pass}) holds, in order:
 *
 * <ul>
 *   <li>{@link #contract()}: {@link ShaderContract}'s storage bindings ({@code BINDING_*}), the vertex
 *       rules' codes ({@code RULE_*}, LoopRules'), {@code REGULAR_MASK}, the output's uv offset
 *       ({@code OUT_UV_FLOAT}) and its floats per triangle ({@code TRIANGLE_FLOATS}, GlOutput's);
 *   <li>{@link #layoutDefines}: the record layout, RecordLayout's sizes, slots, flags and metadata
 *       fields and {@link Segment}'s tile ({@code TILE}, {@code TILE_SHIFT}, {@code TILE_MASK});
 *   <li>where the tables after Loop's weights start in the weight buffer ({@link WeightBases}), and
 *       {@code UNIT_NORMALS} for a renderer's frames;
 *   <li>Loop's mask weights as exact float bits ({@link #LOOP_WEIGHT_DEFINES});
 *   <li>the pass's own: a resident frame's size slots ({@link #sizes()}, {@code GlSizes.DEFINES}), the
 *       edge test's criteria ({@link #criteria}), loop_split's schedule.
 * </ul>
 */
final class ShaderHeader {
    /** LoopRules' mask weights by the names the shaders know them by, in the order they are defined. */
    static final Map<String, Float> LOOP_WEIGHTS = loopWeights();

    /** LoopRules' mask weights as GLSL expressions of their exact float bits (docs/design.md §5). */
    static final Map<String, String> LOOP_WEIGHT_DEFINES = weightDefines(LOOP_WEIGHTS);

    private ShaderHeader() {
    }

    /**
     * Where the tables after the vertex weights start in the weight buffer (GlPasses fills it): the
     * boundary tangents (with limit data; their stride is half of {@code tangent}), the reciprocals
     * (creases), the interior limit weights and tangents.
     */
    record WeightBases(int tangent, int reciprocal, int limitWeight, int interiorTangent) {
    }

    /**
     * A record pass's whole header.
     *
     * @param weightDefines the mask weights' defines ({@link #LOOP_WEIGHT_DEFINES}, or a test's)
     * @param extra the pass's own defines, last
     * @return a new map in the order the shader is built with
     */
    static Map<String, String> pass(RecordLayout layout, boolean unitNormals, WeightBases bases,
                                    Map<String, String> weightDefines, Map<String, String> extra) {
        Map<String, String> defines = new LinkedHashMap<>(ShaderContract.DEFINES);
        defines.putAll(layoutDefines(layout));
        if (unitNormals && layout.carriesNormals()) {
            defines.put("UNIT_NORMALS", "1");
        }
        if (layout.creases() || layout.uvLimits()) {
            defines.put("LIMIT_WEIGHT_BASE", Integer.toString(bases.limitWeight()));
        }
        if (layout.creases()) {
            defines.put("RECIPROCAL_BASE", Integer.toString(bases.reciprocal()));
            defines.put("INTERIOR_TANGENT_BASE", Integer.toString(bases.interiorTangent()));
        }
        if (layout.carriesNormals()) {
            defines.put("TANGENT_BASE", Integer.toString(bases.tangent()));
            defines.put("TANGENT_STRIDE", Integer.toString(bases.tangent() / 2));
            defines.put("LEVEL_DEPENDENT_BOUNDARY", Integer.toString(LoopRules.LEVEL_DEPENDENT_BOUNDARY));
        }
        defines.putAll(weightDefines);
        defines.putAll(extra);
        return defines;
    }

    /**
     * The contract every pass and variant is built with ({@link ShaderContract#DEFINES}): the bindings,
     * the rule codes, the regular-record mask and the output's sizes.
     */
    static Map<String, String> contract() {
        Map<String, String> d = new LinkedHashMap<>();
        binding(d, "POINTS", ShaderContract.POINTS);
        binding(d, "META", ShaderContract.META);
        binding(d, "DST_POINTS", ShaderContract.DST_POINTS);
        binding(d, "DST_META", ShaderContract.DST_META);
        binding(d, "OUT", ShaderContract.OUT);
        binding(d, "INDEX", ShaderContract.INDEX);
        binding(d, "SLIVER_OFFSET", ShaderContract.SLIVER_OFFSET);
        binding(d, "WEIGHTS", ShaderContract.WEIGHTS);
        binding(d, "KEEP", ShaderContract.KEEP);
        binding(d, "DONE", ShaderContract.DONE);
        binding(d, "SLIVERS", ShaderContract.SLIVERS);
        binding(d, "DIRECT_OUT", ShaderContract.DIRECT_OUT);
        binding(d, "SIZES", ShaderContract.SIZES);
        binding(d, "DRAW", ShaderContract.DRAW);
        binding(d, "OUT_NORMALS", ShaderContract.OUT_NORMALS);
        binding(d, "DIRECT_NORMALS", ShaderContract.DIRECT_NORMALS);
        binding(d, "OUT_UVS", ShaderContract.OUT_UVS);
        binding(d, "DIRECT_UVS", ShaderContract.DIRECT_UVS);
        binding(d, "FACE_POSITIONS", ShaderContract.FACE_POSITIONS);
        binding(d, "FACE_NORMALS", ShaderContract.FACE_NORMALS);
        binding(d, "CAGE_INPUT", ShaderContract.CAGE_INPUT);
        binding(d, "CAGE_TOPOLOGY", ShaderContract.CAGE_TOPOLOGY);
        binding(d, "CAGE_FRESH", ShaderContract.CAGE_FRESH);
        binding(d, "CAGE_KEPT", ShaderContract.CAGE_KEPT);
        binding(d, "CAGE_TABLE", ShaderContract.CAGE_TABLE);
        binding(d, "CAGE_WEIGHTS", ShaderContract.CAGE_WEIGHTS);
        binding(d, "DISPLACE_MAP", ShaderContract.DISPLACE_MAP);
        d.put("RULE_SMOOTH", Integer.toString(LoopRules.SMOOTH));
        d.put("RULE_DART", Integer.toString(LoopRules.DART));
        d.put("RULE_CREASE", Integer.toString(LoopRules.CREASE));
        d.put("RULE_CORNER", Integer.toString(LoopRules.CORNER));
        d.put("OUT_UV_FLOAT(o)", "((o) / " + ShaderContract.OUT_POSITION_FLOATS + "u * " + ShaderContract.OUT_UV_FLOATS + "u)");
        d.put("TRIANGLE_FLOATS", GlOutput.TRIANGLE_FLOATS + "u");
        outputBlocks(d);
        // rounded_double.glsl's split of a double into halves of 26 bits: 2^27 + 1, a whole number a
        // double holds exactly, so its decimal literal is exact
        d.put("DEKKER_SPLIT", (long) Math.scalb(1.0, 27) + 1 + ".0lf");
        d.put("REGULAR_MASK", "0x" + Integer.toHexString(RecordLayout.REGULAR_MASK).toUpperCase(Locale.ROOT) + "u");
        return Collections.unmodifiableMap(d);
    }

    /**
     * The output's blocks a split writes whole, from {@link GlOutput#TRIANGLE_FLOATS}: a record's four
     * children as triangles (DIRECT), its sixteen grandchildren (FUSED), in floats and in the vec4s the
     * staged stores move, and a triangle's uv floats.
     */
    private static void outputBlocks(Map<String, String> d) {
        int triangle = GlOutput.TRIANGLE_FLOATS;
        int uvTriangle = 3 * ShaderContract.OUT_UV_FLOATS;
        if (4 * triangle % 4 != 0 || 4 * uvTriangle % 4 != 0) {
            throw new IllegalStateException("four triangles fill no whole vec4s");
        }
        d.put("CHILDREN_FLOATS", 4 * triangle + "u");
        d.put("GRANDCHILDREN_FLOATS", 16 * triangle + "u");
        d.put("CHILDREN_VEC4S", triangle + "u");
        d.put("GRANDCHILDREN_VEC4S", 4 * triangle + "u");
        d.put("TRIANGLE_UV_FLOATS", uvTriangle + "u");
        d.put("CHILDREN_UV_VEC4S", uvTriangle + "u");
    }

    private static void binding(Map<String, String> d, String name, int point) {
        d.put("BINDING_" + name, Integer.toString(point));
    }

    /**
     * The record layout as loop_record.glsl takes it: this layout's sizes and {@link RecordLayout}'s
     * fixed slots, markers and metadata fields, and the GPU's tile of records ({@link Segment#TILE}:
     * its shift and mask, for the tile is a power of two).
     *
     * @return a new, modifiable map in the order the shaders are built with
     */
    static Map<String, String> layoutDefines(RecordLayout layout) {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("TILE", Segment.TILE + "u");
        d.put("TILE_SHIFT", Integer.numberOfTrailingZeros(Segment.TILE) + "u");
        d.put("TILE_MASK", (Segment.TILE - 1) + "u");
        d.put("FAN", Integer.toString(layout.fanCapacity()));
        d.put("RING_MAX", Integer.toString(layout.ringMax()));
        d.put("POINT_FLOATS", Integer.toString(layout.pointFloats()));
        d.put("META_INTS", Integer.toString(layout.metaInts()));
        d.put("NO_GAP", Integer.toString(RecordLayout.NO_GAP));
        d.put("FIXED_POINTS", Integer.toString(RecordLayout.FIXED_POINTS));
        d.put("FIXED_SPOKES", Integer.toString(RecordLayout.FIXED_SPOKES));
        d.put("CORNER_FIELD_BITS", Integer.toString(RecordLayout.CORNER_FIELD_BITS));
        d.put("CORNER_FIELD_MASK", "0x" + Integer.toHexString(RecordLayout.CORNER_FIELD_MASK).toUpperCase(Locale.ROOT) + "u");
        d.put("NEIGHBOUR_FINISHED_SHIFT", RecordLayout.NEIGHBOUR_FINISHED_SHIFT + "u");
        d.put("NEIGHBOUR_FINISHED_MASK", RecordLayout.NEIGHBOUR_FINISHED_MASK + "u");
        d.putAll(org.loopsub.stream.RegularChildren.defines());
        d.put("SHARP_FLAG", Integer.toString(RecordLayout.SHARP) + "u");
        d.put("STALE_FLAG", Integer.toString(RecordLayout.STALE) + "u");
        d.put("SEAMLESS_FLAG", Integer.toUnsignedString(RecordLayout.SEAMLESS) + "u");
        d.put("GENERAL_BITS", Integer.toString(RecordLayout.GENERAL_BITS) + "u");
        if (layout.creases()) {
            d.put(RecordLayout.Feature.CREASES.macro(), "1");
            d.put("SPOKES", Integer.toString(layout.spokes()));
            d.put("SHARP_BASE", Integer.toString(layout.spokeSharpness(0)));
            d.put("SHARP_INFINITE", glslFloat(LoopRules.INFINITE_SHARPNESS));
            if (layout.chaikin()) {
                d.put(RecordLayout.Feature.CHAIKIN.macro(), "1");
                d.put("FAR_BASE", Integer.toString(layout.spokeFar(0)));
            }
        }
        if (layout.carriesNormals()) {
            d.put(RecordLayout.Feature.NORMALS.macro(), "1");
            d.put("NORMAL_SLOT0", Integer.toString(layout.normalSlot(0)));
            if (layout.birthNormals()) {
                d.put(RecordLayout.Feature.BIRTH_NORMALS.macro(), "1");
            }
        }
        if (layout.uvs()) {
            d.put(RecordLayout.Feature.UVS.macro(), "1");
            d.put("UV_BASE", Integer.toString(layout.uvFloat(0, 0)));
            d.put("UV_OUTPUT_BASE", Integer.toString(layout.outputUvFloat(0, 0)));
            if (layout.uvLimits()) {
                d.put("UV_LIMITS", "1");
                d.put("UV_LIMIT_BASE", Integer.toString(layout.uvLimit(0, 0)));
            }
            if (layout.smoothUvs()) {
                d.put(RecordLayout.Feature.SMOOTH_UVS.macro(), "1");
                d.put("UV_SEAM_BASE", Integer.toString(layout.uvSeam(0)));
                d.put("UV_FAR_BASE", Integer.toString(layout.uvFar(0, 0, 0)));
                d.put("UV_PIN_BASE", Integer.toString(layout.uvPin(0)));
                d.put("UV_SEAM_NEAR", Integer.toString(RecordLayout.UV_SEAM_NEAR));
                d.put("UV_SEAM_FAR", Integer.toString(RecordLayout.UV_SEAM_FAR));
                d.put("UV_INFINITE_SHARPNESS", glslFloat(LoopRules.INFINITE_SHARPNESS));
                d.putAll(org.loopsub.stream.RegularChildren.uvDefines(layout));
            }
        }
        if (layout.limit()) {
            d.put(RecordLayout.Feature.LIMIT.macro(), "1");
            d.put("LIMIT_SLOT0", Integer.toString(layout.limitSlot(0)));
        }
        return d;
    }

    private static Map<String, Float> loopWeights() {
        Map<String, Float> w = new LinkedHashMap<>();
        w.put("LOOP_EDGE_END", LoopRules.EDGE_END);
        w.put("LOOP_EDGE_OPPOSITE", LoopRules.EDGE_OPPOSITE);
        w.put("LOOP_HALF", LoopRules.HALF);
        w.put("LOOP_BOUNDARY_CENTRE", LoopRules.BOUNDARY_CENTRE);
        w.put("LOOP_BOUNDARY_NEIGHBOUR", LoopRules.BOUNDARY_NEIGHBOUR);
        w.put("LOOP_LIMIT_CENTRE_6", LoopRules.LIMIT_CENTRE_6);
        w.put("LOOP_LIMIT_RING_6", LoopRules.LIMIT_RING_6);
        w.put("LOOP_LIMIT_CREASE_CENTRE", LoopRules.LIMIT_CREASE_CENTRE);
        w.put("LOOP_LIMIT_CREASE_NEIGHBOUR", LoopRules.LIMIT_CREASE_NEIGHBOUR);
        w.put("LOOP_CHAIKIN_OWN", LoopRules.CHAIKIN_OWN);
        w.put("LOOP_CHAIKIN_OTHERS", LoopRules.CHAIKIN_OTHERS);
        return Collections.unmodifiableMap(w);
    }

    /**
     * Mask weights as the shaders' defines: each a GLSL expression of its exact float bits.
     *
     * @param weights by define name ({@link #LOOP_WEIGHTS}' names)
     * @return the defines, in the same order
     */
    static Map<String, String> weightDefines(Map<String, Float> weights) {
        Map<String, String> d = new LinkedHashMap<>();
        weights.forEach((name, value) -> d.put(name, glslFloat(value)));
        return Collections.unmodifiableMap(d);
    }

    /** A float as a GLSL expression with exactly its bits, whatever its decimal expansion. */
    static String glslFloat(float f) {
        return "uintBitsToFloat(0x" + Integer.toHexString(Float.floatToRawIntBits(f)).toUpperCase(Locale.ROOT) + "u)";
    }

    /** A resident frame's size slots ({@link GlSizes}'s layout), and RESIDENT: {@code GlSizes.DEFINES}. */
    static Map<String, String> sizes() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("RESIDENT", "1");
        d.put("SIZES_OVERFLOW", GlSizes.OVERFLOW + "u");
        d.put("SIZES_END", GlSizes.END + "u");
        d.put("SIZES_WANT_NEXT", GlSizes.WANT_NEXT + "u");
        d.put("SIZES_WANT_END", GlSizes.WANT_END + "u");
        d.put("SIZES_STATS", GlSizes.STATS + "u");
        d.put("SIZES_STATS_WORDS", GlSizes.STATS_WORDS + "u");
        d.put("SIZES_BLOCKS", GlSizes.BLOCKS + "u");
        d.put("SIZES_BLOCK_WORDS", GlSizes.BLOCK_WORDS + "u");
        d.put("SIZES_ACTIVE", GlSizes.ACTIVE + "u");
        d.put("SIZES_FINISHED", GlSizes.FINISHED + "u");
        d.put("SIZES_SLIVERS", GlSizes.SLIVERS + "u");
        d.put("SIZES_ACTIVE_EFF", GlSizes.ACTIVE_EFF + "u");
        d.put("SIZES_FINISHED_EFF", GlSizes.FINISHED_EFF + "u");
        d.put("SIZES_FINISHED_BASE", GlSizes.FINISHED_BASE + "u");
        d.put("SIZES_SLIVER_BASE", GlSizes.SLIVER_BASE + "u");
        d.put("SIZES_DIRECT_BASE", GlSizes.DIRECT_BASE + "u");
        d.put("SIZES_CHILD_COUNT", GlSizes.CHILD_COUNT + "u");
        d.put("SIZES_CHILD_BASE", GlSizes.CHILD_BASE + "u");
        d.put("SIZES_WHOLE", GlSizes.WHOLE + "u");
        return Collections.unmodifiableMap(d);
    }

    /** loop_displace's own: the wrap codes and where a texel's centre lies, LoopDisplace's. */
    static Map<String, String> displace() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("WRAP_REPEAT", Integer.toString(org.loopsub.stream.LoopDisplace.WRAP_REPEAT));
        d.put("WRAP_CLAMP", Integer.toString(org.loopsub.stream.LoopDisplace.WRAP_CLAMP));
        d.put("TEXEL_CENTRE", glslFloat(org.loopsub.stream.LoopDisplace.TEXEL_CENTRE));
        return d;
    }

    /**
     * loop_displace for a renderer's frame: one invocation per triangle, which writes its displaced
     * face normal ({@code FACE_NORMALS}); a resident frame's reads its end from the sizes.
     */
    static Map<String, String> displaceFrame(boolean resident) {
        Map<String, String> d = displace();
        d.put("FACE_NORMALS", "1");
        if (resident) {
            d.putAll(sizes());
        }
        return d;
    }

    /**
     * The edge test's criteria and culling tests that are on ({@link GlCriteria}): a build has the
     * uniforms of those alone.
     */
    static Map<String, String> criteria(boolean frustum, boolean backface, boolean maxEdge, boolean flatness,
                                        boolean screen, boolean custom) {
        Map<String, String> d = new LinkedHashMap<>();
        if (frustum) {
            d.put("CULL_FRUSTUM", "1");
        }
        if (backface) {
            d.put("CULL_BACKFACE", "1");
        }
        if (maxEdge) {
            d.put("CRIT_MAX_EDGE", "1");
        }
        if (flatness) {
            d.put("CRIT_FLATNESS", "1");
        }
        if (screen) {
            d.put("CRIT_SCREEN", "1");
        }
        if (custom) {
            d.put("CRIT_CUSTOM", "1");
        }
        return d;
    }
}
