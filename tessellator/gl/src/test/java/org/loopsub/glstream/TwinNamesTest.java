package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.loopsub.stream.EdgeCriteria;
import org.loopsub.stream.LoopCage;
import org.loopsub.stream.LoopDisplace;
import org.loopsub.stream.LoopEmitFinished;
import org.loopsub.stream.LoopFilter;
import org.loopsub.stream.LoopFlagEdges;
import org.loopsub.stream.LoopSplit;
import org.loopsub.stream.RecordLayout;
import org.loopsub.stream.SpokeTest;
import org.loopsub.stream.ViewCulling;

/**
 * The Java back end is the executable specification of the GL back end, read side by side: the
 * same names for the same passes (docs/architecture.md; docs/design.md §2, the split as channels). Every method
 * of a Java pass class has a GLSL function of the same name in its shader (or the shader's
 * includes), but for an explicit list of methods that have no twin, each with its reason; and no
 * name on one side is a near miss of a name on the other (one the other's prefix or suffix, as
 * {@code ringIndex} and {@code ringIndexOf} once were), unless listed as different things.
 *
 * <p>The split is twinned file for file (docs/design.md, "The split as channels"): every include of
 * {@code loop_split.comp} but the shared record layout is the twin of the class of org.loopsub.stream
 * named after it ({@code uv_channel.glsl}, {@code UvChannel}), and each such class's methods are
 * found in that one file. The split's schedule ({@link #SCHEDULE_INCLUDES}) is GL's alone: its twin is
 * {@link SplitSchedule} of org.loopsub.glstream, paired by the macros it makes (SplitScheduleTwinTest).
 */
class TwinNamesTest {
    /** A shader and the Java classes it is the twin of. */
    record Twin(String shader, List<Class<?>> java) {
    }

    static final List<Twin> TWINS = List.of(
            new Twin("loop_split.comp", List.of(LoopSplit.class)),
            new Twin("split_scratch.glsl", List.of(stream("SplitScratch"))),
            new Twin("split_rules.glsl", List.of(stream("SplitRules"))),
            new Twin("position_channel.glsl", List.of(stream("PositionChannel"))),
            new Twin("uv_channel.glsl", List.of(stream("UvChannel"))),
            new Twin("limit_channel.glsl", List.of(stream("LimitChannel"))),
            new Twin("triangle_writer.glsl", List.of(stream("TriangleWriter"))),
            new Twin("child_writer.glsl", List.of(stream("ChildWriter"))),
            new Twin("regular_split.glsl", List.of(stream("RegularSplit"))),
            new Twin("loop_flag_edges.comp",
                    List.of(LoopFlagEdges.class, SpokeTest.class, EdgeCriteria.class, ViewCulling.class)),
            new Twin("loop_filter.comp", List.of(LoopFilter.class)),
            new Twin("loop_emit_finished.comp", List.of(LoopEmitFinished.class)),
            new Twin("loop_record.glsl", List.of(RecordLayout.class)),
            new Twin("loop_cage.comp", List.of(LoopCage.class)),
            new Twin("loop_displace.comp", List.of(LoopDisplace.class)));

    /** A class of org.loopsub.stream by its simple name: the split's parts are package-private there. */
    static Class<?> stream(String simpleName) {
        try {
            return Class.forName("org.loopsub.stream." + simpleName);
        } catch (ClassNotFoundException e) {
            throw new AssertionError("no class org.loopsub.stream." + simpleName, e);
        }
    }

    /** Includes of loop_split.comp that are no part of the split, and why. */
    static final Map<String, String> SHARED_INCLUDES = Map.of(
            "loop_record.glsl", "the record layout that every record pass includes (its twin is RecordLayout)");

    /**
     * Includes of loop_split.comp that hold its schedule (which records a build splits, where their
     * output goes, the halves and lanes): the Java back end splits every record one way, so no class of
     * org.loopsub.stream twins them; {@link SplitSchedule} does, by its macros.
     */
    static final List<String> SCHEDULE_INCLUDES = SplitScheduleTwinTest.SCHEDULE_FILES;

    /** Java methods with no GLSL twin, as {@code Class.method}, and why. */
    static final Map<String, String> JAVA_ONLY = new LinkedHashMap<>();

    private static void javaOnly(String reason, String... methods) {
        for (String m : methods) {
            JAVA_ONLY.put(m, reason);
        }
    }

    static {
        javaOnly("the pass's entry point over a chunk; the shader's is main(), one record per invocation",
                "LoopSplit.run", "LoopFlagEdges.run", "LoopFilter.run", "LoopEmitFinished.run");
        javaOnly("the pass's entry point over the output's corners; the shader's is main(), one corner per "
                + "invocation (one triangle, flatTriangle, in a renderer's frame)", "LoopDisplace.run");
        javaOnly("host-side: the map in the internal frame, which GlDisplace hands the shader as uniforms and a buffer",
                "LoopDisplace.of", "LoopDisplace.width", "LoopDisplace.map", "LoopDisplace.scale",
                "LoopDisplace.offset", "LoopDisplace.wrap");
        javaOnly("host-side configuration of the Java pass; the GL build takes it as #defines",
                "LoopSplit.renewSharpLimitsAtLastLevel");
        javaOnly("level 0's limit uvs, made on the CPU by RecordBuilder for both back ends",
                "LoopSplit.levelZeroUvLimits");
        javaOnly("Java's interleaved output vertex (position, normal, uv); GLSL writes each to its own buffer "
                + "(sliverTriangle, putFourTriangles and theirs for normals and uvs; cornerOut, bornOut)",
                "TriangleWriter.putCorner", "TriangleWriter.putBorn");
        javaOnly("a point copied float by float between Java's arrays; GLSL moves vec3s", "SplitScratch.putPoint");
        javaOnly("a child record's limit data and uvs copied slot by slot; GLSL writes them as it makes the children "
                + "(writeChildren's dstVec and dstUv; the regular path's putChildren, putChildUvs)",
                "ChildWriter.carryCorner", "ChildWriter.carryCentre", "ChildWriter.carryUvs", "ChildWriter.carryUv",
                "ChildWriter.cornerChildUvs");
        javaOnly("the regular path's child from RegularChildren' table; GLSL gets the table as REGULAR_CHILD_k "
                + "macros (regularChild)",
                "RegularSplit.putRegularChild", "RegularSplit.regularChildSmoothUvs");
        javaOnly("3 * ringSlot, the Java record's float offset; GLSL addresses tiles through pointOf",
                "SplitScratch.ringSlot3");
        javaOnly("Java's ordered sum keys into its sort; GLSL sorts floats in registers (sortedSum)",
                "RegularSplit.sortKey", "RegularSplit.fromSortKey");
        javaOnly("a cross product into an array; GLSL returns a vec3 (loopCross3)", "LimitChannel.crossInto");
        javaOnly("Chaikin's far-end average of a child spoke; GLSL inlines it in putChildFar", "ChildWriter.farOf");
        javaOnly("the SHARP bit of a child, set by GLSL where it writes the child's metadata (endChild)",
                "ChildWriter.markSharp");
        javaOnly("host-side: turns the criteria into constants, which the GL build takes as uniforms (GlCriteria)",
                "EdgeCriteria.of", "EdgeCriteria.culling", "EdgeCriteria.screenRows", "EdgeCriteria.squared",
                "EdgeCriteria.maxEdgeLength", "EdgeCriteria.flatness", "EdgeCriteria.screen", "EdgeCriteria.custom",
                "EdgeCriteria.internalClip",
                "ViewCulling.of", "ViewCulling.refill", "ViewCulling.planes", "ViewCulling.eye", "ViewCulling.any",
                "ViewCulling.frustum", "ViewCulling.backface", "ViewCulling.frustumMargin2",
                "ViewCulling.backfaceMargin2", "ViewCulling.backfaceAngle2", "ViewCulling.bendCos2",
                "ViewCulling.plane");
        javaOnly("the host's choice to skip the edge test (uniform levels); the GL loop makes it before dispatching",
                "SpokeTest.canComplete");
        javaOnly("GLSL swaps in place inside culled; Java returns whether to, for EdgeCriteria to share it",
                "ViewCulling.canonicalSwap");
        javaOnly("how a layout is made and which features it has: the features reach the shaders as "
                + "their feature macros (ShaderHeader.layoutDefines)", "RecordLayout.of", "RecordLayout.features");
        javaOnly("the layout's sizes, slot bases and flags: they reach the shaders as #defines "
                + "(ShaderHeader.layoutDefines)",
                "RecordLayout.carriesNormals", "RecordLayout.birthNormals", "RecordLayout.chaikin", "RecordLayout.creases", "RecordLayout.limit",
                "RecordLayout.uvs", "RecordLayout.uvLimits", "RecordLayout.smoothUvs", "RecordLayout.fanCapacity",
                "RecordLayout.ringMax", "RecordLayout.metaInts", "RecordLayout.pointFloats",
                "RecordLayout.pointSlots", "RecordLayout.spokes", "RecordLayout.spokeSharpness",
                "RecordLayout.cornerSharpness", "RecordLayout.spokeFar", "RecordLayout.uvFloat",
                "RecordLayout.outputUvFloat", "RecordLayout.uvFar", "RecordLayout.uvLimit", "RecordLayout.uvPin",
                "RecordLayout.uvSeam");
        javaOnly("the Java output's interleaved vertex; the GL output keeps positions, normals and uvs apart",
                "RecordLayout.vertexFloats", "RecordLayout.triangleFloats", "RecordLayout.vertexUv");
        javaOnly("the cage's loops over its vertices; the shader's are main() in its two builds, a vertex per invocation",
                "LoopCage.moveCage", "LoopCage.renewLimits");
        javaOnly("host-side: what loop_cage is handed (its topology words, LoopRules.limitTable and the offsets "
                + "into it as defines, GlCage) and the Java loop's scratch",
                "LoopCage.topology", "LoopCage.weights", "LoopCage.vertexCount", "LoopCage.maxValence",
                "LoopCage.scratch");
        javaOnly("a complete bit in a Java record's int[]; GLSL reads srcBit on the tiled buffer, and the edge test keeps a record's bits in registers (hasBit, setBit)",
                "RecordLayout.bit", "RecordLayout.setBit");
    }

    /**
     * Pairs whose names look like near misses but name different things, as {@code java ~ glsl}, and
     * why.
     */
    static final Map<String, String> DIFFERENT = Map.of(
            "putRegularChild ~ regularChild", "GLSL's regularChild is the slot map's macro target; Java's writes it",
            "regularChildSmoothUvs ~ regularChild", "as putRegularChild, for smooth uvs");

    /** A GLSL function definition: return type, name, parameters, then the body's brace. */
    static final Pattern FUNCTION = Pattern.compile(
            "(?m)^\\s*(?:precise\\s+)?(?:void|bool|int|uint|float|double|[biud]?vec[234]|mat[234])\\s+(\\w+)\\s*\\([^;{}]*\\)\\s*\\{");
    static final Pattern INCLUDE = Pattern.compile("(?m)^\\s*#\\s*include\\s+\"([^\"]+)\"");

    /** @return the functions a shader defines, its includes' too */
    static Set<String> glslFunctions(String shader) throws IOException {
        String src = ShaderWeightsTest.stripComments(
                Files.readString(ShaderWeightsTest.shaderFolder().resolve(shader), StandardCharsets.UTF_8));
        Set<String> names = new TreeSet<>();
        Matcher m = FUNCTION.matcher(src);
        while (m.find()) {
            names.add(m.group(1));
        }
        Matcher inc = INCLUDE.matcher(src);
        while (inc.find()) {
            names.addAll(glslFunctions(inc.group(1)));
        }
        return names;
    }

    /** @return the methods a class declares (not inherited, not compiler-made), by name */
    static Set<String> javaMethods(Class<?> c) {
        Set<String> names = new TreeSet<>();
        for (Method m : c.getDeclaredMethods()) {
            if (!m.isSynthetic() && !m.isBridge()) {
                names.add(m.getName());
            }
        }
        // a record's or enum's generated members are not the pass's
        names.removeAll(Set.of("equals", "hashCode", "toString", "values", "valueOf"));
        return names;
    }

    @Test
    void theFunctionFinderSeesDefinitionsOnly() {
        String src = "int a(int x) {\n return x; }\nprecise float b(float p,\n  float q) { return p; }\n"
                + "vec3 c(vec3 v);\nuvec4 d() {}\n  bool e(uint r) { return f(r) != 0; }\n";
        Set<String> found = new TreeSet<>();
        Matcher m = FUNCTION.matcher(src);
        while (m.find()) {
            found.add(m.group(1));
        }
        assertEquals(Set.of("a", "b", "d", "e"), found);
    }

    @Test
    void everyJavaPassFunctionHasItsGlslTwin() throws IOException {
        List<String> missing = new ArrayList<>();
        Set<String> listed = new TreeSet<>();
        for (Twin t : TWINS) {
            Set<String> glsl = glslFunctions(t.shader());
            assertTrue(glsl.contains("main") || t.shader().endsWith(".glsl"), t.shader() + ": no main found");
            for (Class<?> c : t.java()) {
                for (String m : javaMethods(c)) {
                    String key = c.getSimpleName() + "." + m;
                    if (JAVA_ONLY.containsKey(key)) {
                        listed.add(key);
                        assertTrue(!glsl.contains(m), key + " is listed as Java-only, but " + t.shader()
                                + " has it: take it off the list");
                    } else if (!glsl.contains(m)) {
                        missing.add(key + " (no " + m + " in " + t.shader() + " or its includes)");
                    }
                }
            }
        }
        assertEquals(List.of(), missing, "Java pass functions without a GLSL twin of the same name: rename one "
                + "side, or list the method in JAVA_ONLY with the reason");
        Set<String> stale = new TreeSet<>(JAVA_ONLY.keySet());
        stale.removeAll(listed);
        assertEquals(Set.of(), stale, "listed as Java-only, but no such method any more");
    }

    @Test
    void noNameIsANearMissOfItsTwin() throws IOException {
        List<String> near = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        for (Twin t : TWINS) {
            Set<String> glsl = glslFunctions(t.shader());
            Set<String> java = new TreeSet<>();
            t.java().forEach(c -> java.addAll(javaMethods(c)));
            for (String j : java) {
                if (glsl.contains(j)) {
                    continue;
                }
                for (String g : glsl) {
                    if (java.contains(g) || !nearMiss(j, g)) {
                        continue;
                    }
                    String pair = j + " ~ " + g;
                    if (DIFFERENT.containsKey(pair)) {
                        seen.add(pair);
                    } else {
                        near.add(pair + " (" + t.shader() + ")");
                    }
                }
            }
        }
        assertEquals(List.of(), near, "near misses between a Java pass and its shader: give both one name, or "
                + "list the pair in DIFFERENT with the reason");
        Set<String> stale = new TreeSet<>(DIFFERENT.keySet());
        stale.removeAll(seen);
        assertEquals(Set.of(), stale, "listed as different, but no longer a near miss");
    }

    /** The class name a snake_case file stem asks for: {@code split_rules} is {@code SplitRules}. */
    static String camelCase(String stem) {
        StringBuilder b = new StringBuilder();
        for (String part : stem.split("_")) {
            if (!part.isEmpty()) {
                b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return b.toString();
    }

    private static boolean streamClassExists(String simpleName) {
        try {
            Class.forName("org.loopsub.stream." + simpleName);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /**
     * What breaks the file-for-file rule in a shader's includes: an include (but the shared ones) with
     * no class of its name in CamelCase, or one that {@code twins} does not pair with that class.
     *
     * @param source the shader's text, comments stripped
     * @param classExists whether org.loopsub.stream has a class of this simple name
     * @param twins the pairs
     * @return one line per problem
     */
    static List<String> unpairedIncludes(String source, Predicate<String> classExists, List<Twin> twins) {
        List<String> problems = new ArrayList<>();
        Matcher inc = INCLUDE.matcher(source);
        while (inc.find()) {
            String file = inc.group(1);
            if (SHARED_INCLUDES.containsKey(file) || SCHEDULE_INCLUDES.contains(file)) {
                continue;
            }
            String name = camelCase(file.replaceFirst("\\.glsl$", ""));
            if (!classExists.test(name)) {
                problems.add(file + ": no class org.loopsub.stream." + name);
            } else if (twins.stream().noneMatch(t -> t.shader().equals(file)
                    && t.java().stream().anyMatch(c -> c.getSimpleName().equals(name)))) {
                problems.add(file + ": not paired with " + name + " in TWINS");
            }
        }
        return problems;
    }

    static String splitSource() throws IOException {
        return ShaderWeightsTest.stripComments(Files.readString(ShaderWeightsTest.shaderFolder().resolve("loop_split.comp"),
                StandardCharsets.UTF_8));
    }

    @Test
    void theSplitIsTwinnedFileForFile() throws IOException {
        String split = splitSource();
        assertEquals(List.of(), unpairedIncludes(split, TwinNamesTest::streamClassExists, TWINS),
                "an include of loop_split.comp is named after the Java class it twins (snake_case of CamelCase), "
                        + "and TWINS pairs them");
        Set<String> includes = new TreeSet<>();
        Matcher inc = INCLUDE.matcher(split);
        while (inc.find()) {
            includes.add(inc.group(1));
        }
        // the other way round: every twinned part of the split is included (a file of its own, not left over)
        for (Twin t : TWINS) {
            boolean part = t.shader().endsWith(".glsl") && !SHARED_INCLUDES.containsKey(t.shader());
            assertTrue(!part || includes.contains(t.shader()), t.shader() + " is twinned but loop_split.comp does "
                    + "not include it");
        }
        assertTrue(includes.size() >= 9, "the split's parts are its includes: " + includes);
        assertTrue(includes.containsAll(SCHEDULE_INCLUDES), "the schedule's GLSL is included: " + includes);
    }

    @Test
    void theFileForFileCheckSeesAStrayInclude() {
        String source = "#include \"loop_record.glsl\"\n#include \"split_rules.glsl\"\n"
                + "#include \"crease_channel.glsl\"\n#include \"uv_channel.glsl\"\n";
        List<Twin> twins = List.of(new Twin("split_rules.glsl", List.of(stream("SplitRules"))),
                new Twin("uv_channel.glsl", List.of(stream("LimitChannel"))));
        assertEquals(List.of("crease_channel.glsl: no class org.loopsub.stream.CreaseChannel",
                "uv_channel.glsl: not paired with UvChannel in TWINS"),
                unpairedIncludes(source, TwinNamesTest::streamClassExists, twins));
        assertEquals("SplitScratch", camelCase("split_scratch"));
        assertEquals("TriangleWriter", camelCase("triangle_writer"));
    }

    /** One name is the other's prefix or suffix (ignoring case), and the shorter is no mere fragment. */
    static boolean nearMiss(String a, String b) {
        String x = a.toLowerCase(Locale.ROOT);
        String y = b.toLowerCase(Locale.ROOT);
        String shorter = x.length() <= y.length() ? x : y;
        String longer = shorter == x ? y : x;
        return shorter.length() >= 4 && !shorter.equals(longer)
                && (longer.startsWith(shorter) || longer.endsWith(shorter));
    }

    @Test
    void theNearMissTestSeesTheOnesThatWereFixed() {
        assertTrue(nearMiss("ringIndex", "ringIndexOf"));
        assertTrue(nearMiss("less", "pointLess"));
        assertTrue(nearMiss("valence", "valenceOf"));
        assertTrue(!nearMiss("run", "runs"), "too short to tell");
        assertTrue(!nearMiss("edgePoint", "edgePoint"));
        Path folder = ShaderWeightsTest.shaderFolder();
        assertTrue(Files.isRegularFile(folder.resolve("loop_split.comp")), folder.toString());
    }
}
