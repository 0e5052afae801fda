package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.loopsub.glstream.SplitSchedule.Build;
import org.loopsub.glstream.SplitSchedule.Half;
import org.loopsub.glstream.SplitSchedule.Level;
import org.loopsub.glstream.SplitSchedule.Output;
import org.loopsub.stream.RecordLayout;
import org.loopsub.stream.RecordLayout.Feature;

/**
 * The split's schedule is a twin pair of its own: {@link SplitSchedule} makes the macros of every
 * build of loop_split, and its GLSL side ({@link #SCHEDULE_FILES}) reads them. Unlike the split's
 * channels (TwinNamesTest) the pair shares macros, not function names: every macro the Java side
 * makes is read by loop_split or its includes, every macro the GLSL side reads is made in Java (by
 * the schedule or by the header's other owners) or by the GLSL itself, and every function of the GLSL
 * side is named in the Java class's documentation, so a reader of either finds the other.
 */
class SplitScheduleTwinTest {
    /** The GLSL side of the schedule, both included by loop_split.comp. */
    static final List<String> SCHEDULE_FILES = List.of("split_schedule.glsl", "split_halves.glsl");

    /** A macro name: capitals, digits and underscores. */
    private static final Pattern MACRO = Pattern.compile("\\b[A-Z][A-Z0-9_]*\\b");
    private static final Pattern DEFINE = Pattern.compile("(?m)^\\s*#\\s*define\\s+(\\w+)");
    private static final Pattern STRING = Pattern.compile("\"[^\"\\n]*\"");

    /** Layouts whose builds between them take every branch of the schedule. */
    static List<RecordLayout> layouts() {
        return List.of(RecordLayout.of(6), RecordLayout.of(6, EnumSet.of(Feature.UVS)),
                RecordLayout.of(6, EnumSet.of(Feature.LIMIT, Feature.UVS)),
                RecordLayout.of(6, EnumSet.of(Feature.UVS, Feature.SMOOTH_UVS)),
                RecordLayout.of(6, EnumSet.of(Feature.CREASES, Feature.CHAIKIN)),
                RecordLayout.of(9, EnumSet.allOf(Feature.class)));
    }

    /** Every build the schedule accepts. */
    static List<Build> builds() {
        List<Build> all = new ArrayList<>();
        for (Level level : Level.values()) {
            for (Output output : Output.values()) {
                for (Half half : Half.values()) {
                    for (boolean oneLane : new boolean[] {false, true}) {
                        try {
                            all.add(new Build(level, output, half, oneLane));
                        } catch (IllegalArgumentException refused) {
                            // not a build: the schedule says why
                        }
                    }
                }
            }
        }
        return all;
    }

    /** The schedule's own macros (a resident build's sizes are GlSizes', which every resident pass takes). */
    static Set<String> generated() {
        Set<String> names = new TreeSet<>();
        for (RecordLayout layout : layouts()) {
            SplitSchedule schedule = new SplitSchedule(layout, 48 * 1024);
            for (Build b : builds()) {
                names.addAll(schedule.defines(b).keySet());
            }
            schedule.stageStores(false, 48 * 1024);
            for (Build b : builds()) {
                names.addAll(schedule.defines(b).keySet());
            }
        }
        names.removeAll(GlSizes.DEFINES.keySet());
        return names;
    }

    private static String stripped(String file) throws IOException {
        String text = ShaderWeightsTest.stripComments(
                Files.readString(ShaderWeightsTest.shaderFolder().resolve(file), StandardCharsets.UTF_8));
        return STRING.matcher(text).replaceAll("\"\"");
    }

    private static Set<String> matches(Pattern p, String text) {
        Set<String> found = new TreeSet<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            found.add(m.groupCount() > 0 ? m.group(1) : m.group());
        }
        return found;
    }

    @Test
    void everyMacroTheScheduleMakesIsRead() throws IOException {
        String split = ShaderWeightsTest.stripComments(ShaderWeightsTest.withIncludes("loop_split.comp"));
        Set<String> read = matches(MACRO, split);
        Set<String> unread = new TreeSet<>(generated());
        unread.removeAll(read);
        assertEquals(Set.of(), unread, "SplitSchedule makes macros that loop_split and its includes never read");
        assertTrue(generated().containsAll(Set.of("GROUP", "GENERAL_LANES", "LANE_RECORDS", "RECORDS_DENSE",
                "DENSE_ROW", "STAGED_STORES", "UNIFORM", "LIST_PARENTS", "FUSED_UVS")), generated().toString());
    }

    @Test
    void everyMacroTheScheduleReadsIsMade() throws IOException {
        Set<String> madeElsewhere = new TreeSet<>();
        for (String k : ShaderContract.DEFINES.keySet()) {
            madeElsewhere.add(k.replaceAll("\\(.*", ""));
        }
        madeElsewhere.addAll(ShaderHeader.layoutDefines(RecordLayout.of(9, EnumSet.allOf(Feature.class))).keySet());
        madeElsewhere.addAll(GlSizes.DEFINES.keySet());
        // what the GLSL defines itself, anywhere in the split (DIRECT under FUSED, SPLIT_COUNT, ...)
        Set<String> own = matches(DEFINE, ShaderWeightsTest.stripComments(ShaderWeightsTest.withIncludes("loop_split.comp")));
        Set<String> made = generated();
        Set<String> unmade = new TreeSet<>();
        Set<String> fromSchedule = new TreeSet<>();
        for (String file : SCHEDULE_FILES) {
            for (String name : matches(MACRO, stripped(file))) {
                if (made.contains(name)) {
                    fromSchedule.add(name);
                } else if (!madeElsewhere.contains(name) && !own.contains(name)) {
                    unmade.add(file + ": " + name);
                }
            }
        }
        assertEquals(Set.of(), unmade, "the schedule's GLSL reads macros that no Java class makes");
        assertTrue(fromSchedule.containsAll(Set.of("UNIFORM", "GENERAL_ONLY", "DENSE_HEADER", "RECORDS_LISTED",
                "GENERAL_RECORDS", "LANE_RECORDS", "STAGED_STORES")), fromSchedule.toString());
    }

    @Test
    void noShaderDefinesAMacroTheScheduleMakes() throws IOException {
        Set<String> own = matches(DEFINE, ShaderWeightsTest.stripComments(ShaderWeightsTest.withIncludes("loop_split.comp")));
        own.retainAll(generated());
        // DIRECT is an output of its own and the fused pass's too (FUSED defines it: its direct triangles)
        assertEquals(Set.of("DIRECT"), own, "loop_split or an include defines what SplitSchedule makes");
    }

    @Test
    void noScheduleNumberIsTypedInTheSplit() throws IOException {
        // the uRecords codes were typed in loop_split.comp once (#define DENSE 1u)
        Pattern typedCode = Pattern.compile("uRecords\\s*[!=]=\\s*\\d|#\\s*define\\s+(?:DENSE|LISTED|PLAIN)\\b");
        for (String file : List.of("loop_split.comp", "split_schedule.glsl", "split_halves.glsl")) {
            Matcher m = typedCode.matcher(stripped(file));
            boolean typed = m.find();
            assertTrue(!typed, () -> file + " types a uRecords code: " + m.group());
        }
    }

    @Test
    void everyGlslFunctionOfTheScheduleIsNamedInItsJavaTwin() throws IOException {
        String javadoc = Files.readString(javaSource(), StandardCharsets.UTF_8);
        Set<String> functions = new TreeSet<>();
        for (String file : SCHEDULE_FILES) {
            functions.addAll(TwinNamesTest.glslFunctions(file));
        }
        List<String> unnamed = new ArrayList<>();
        for (String f : functions) {
            if (!javadoc.contains("{@code " + f + "}")) {
                unnamed.add(f);
            }
        }
        assertEquals(List.of(), unnamed, "functions of the schedule's GLSL that SplitSchedule's documentation "
                + "does not name ({@code name})");
        assertTrue(functions.containsAll(Set.of("recordOf", "listedCount", "overList", "outIndex", "countUp",
                "listParent", "listRecord", "loadResidentSizes", "splitLanes")), functions.toString());
    }

    @Test
    void theMacrosOfABuildAreItsAxes() {
        SplitSchedule schedule = new SplitSchedule(RecordLayout.of(6), 48 * 1024);
        Map<String, String> fused = schedule.defines(new Build(Level.UNIFORM, Output.FUSED_UVS, Half.REGULAR));
        assertTrue(fused.keySet().containsAll(Set.of("UNIFORM", "FUSED", "FUSED_UVS", "REGULAR_ONLY", "STAGED_STORES")),
                fused.toString());
        Map<String, String> resident = schedule.defines(new Build(Level.RESIDENT, Output.DIRECT, Half.GENERAL));
        assertTrue(resident.keySet().containsAll(GlSizes.DEFINES.keySet()) && !resident.containsKey("UNIFORM")
                && !resident.containsKey("GENERAL_LANES"), resident.toString());
        Map<String, String> lanes = schedule.defines(new Build(Level.ADAPTIVE, Output.CHILDREN, Half.GENERAL));
        assertEquals(String.valueOf(SplitSchedule.GENERAL_LANES * schedule.laneRecords()), lanes.get("GROUP"));
        assertEquals(String.valueOf(schedule.laneRecords()), lanes.get("LANE_RECORDS"));
        assertEquals(SplitSchedule.DENSE + "u", lanes.get("RECORDS_DENSE"));
        assertTrue(!schedule.defines(new Build(Level.ADAPTIVE, Output.CHILDREN, Half.GENERAL, true))
                .containsKey("GENERAL_LANES"), "one lane");
    }

    private static Path javaSource() {
        for (Path d = Paths.get(System.getProperty("user.dir")).toAbsolutePath(); d != null; d = d.getParent()) {
            Path candidate = d.resolve("tessellator/gl/src/main/java/org/loopsub/glstream/SplitSchedule.java");
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
            candidate = d.resolve("src/main/java/org/loopsub/glstream/SplitSchedule.java");
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return fail("SplitSchedule.java not found above " + System.getProperty("user.dir"));
    }
}
