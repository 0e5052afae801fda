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
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.loopsub.rules.LoopRules;

/**
 * Loop's weights live in LoopRules only (docs/design.md §5): the shaders get them as exact float bits from
 * the loader, and no shader types a weight of its own. This class checks the text: the defines carry
 * LoopRules' bits, and no shader source holds a float literal other than a few structural constants,
 * read with GLSL's own number grammar (so {@code 0.375f}, {@code .375}, {@code 3.0/8.0}, {@code 3./8.},
 * {@code 375e-3} are all seen) or a float made from literal bits. {@link LoopWeightsOnGpuTest} checks
 * the numbers the compiled passes actually use.
 */
class ShaderWeightsTest {
    /**
     * Float literals a shader may hold, with the reason. None of them is a weight of Loop's scheme
     * (3/8, 1/8, 1/2, 3/4, 5/8, 1/4, 3/16 and the beta table).
     */
    static final Map<Double, String> STRUCTURAL = Map.of(
            0.0, "the start of a sum, a zero vector",
            1.0, "the unit, e.g. to normalise",
            4294967296.0, "2^32: the frame normals' 64-bit fixed-point sums kept as two 32-bit words",
            3.4028235e38, "the largest float, as written: the frame normals' test for a finite cross product,"
                    + " and what pads a short run for the general path's sorting network (split_scratch)");

    /**
     * GLSL 4.30 tokens that can hold digits (section 3.6 of the spec): identifiers are matched whole
     * so that the digits of {@code vec3} or {@code E00} are not read as numbers; then hexadecimal,
     * floating (digits with a point, a point with digits, or an exponent; optional {@code f}/{@code F}
     * or {@code lf}/{@code LF} suffix; also digits with only a suffix, which GLSL refuses but a lax
     * compiler might take), and decimal or octal integers.
     */
    static final Pattern TOKEN = Pattern.compile(
            "(?<id>[A-Za-z_][A-Za-z0-9_]*)"
            + "|(?<hex>0[xX][0-9A-Fa-f]+[uU]?)"
            + "|(?<float>(?:\\d+\\.\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?(?:lf|LF|f|F)?"
            + "|\\d+[eE][+-]?\\d+(?:lf|LF|f|F)?"
            + "|\\d+(?:lf|LF|f|F))"
            + "|(?<int>\\d+[uU]?)");

    /** A float made from literal bits, e.g. {@code uintBitsToFloat(0x3EC00000u)}: a weight in disguise. */
    static final Pattern LITERAL_BITS = Pattern.compile("(?:u?int)BitsToFloat\\s*\\(\\s*[0-9]");

    /** @return the source without comments; line breaks kept, so that positions keep their line */
    static String stripComments(String src) {
        StringBuilder out = new StringBuilder(src.length());
        int i = 0;
        while (i < src.length()) {
            if (src.startsWith("//", i)) {
                while (i < src.length() && src.charAt(i) != '\n') {
                    i++;
                }
            } else if (src.startsWith("/*", i)) {
                int end = src.indexOf("*/", i + 2);
                end = end < 0 ? src.length() : end + 2;
                for (int j = i; j < end; j++) {
                    if (src.charAt(j) == '\n') {
                        out.append('\n');
                    }
                }
                // a comment separates tokens, as a space does
                out.append(' ');
                i = end;
            } else {
                out.append(src.charAt(i++));
            }
        }
        return out.toString();
    }

    /** @return every float literal, or literal-bits float, not in {@link #STRUCTURAL}, as "line N: text" */
    static List<String> foreignNumbers(String source) {
        String src = stripComments(source);
        List<String> found = new ArrayList<>();
        Matcher m = TOKEN.matcher(src);
        while (m.find()) {
            String f = m.group("float");
            if (f != null) {
                double value = Double.parseDouble(f.replaceAll("(?i)l?f$", ""));
                if (!STRUCTURAL.containsKey(value)) {
                    found.add("line " + line(src, m.start()) + ": " + f);
                }
            }
        }
        Matcher bits = LITERAL_BITS.matcher(src);
        while (bits.find()) {
            found.add("line " + line(src, bits.start()) + ": " + bits.group());
        }
        return found;
    }

    private static int line(String s, int at) {
        int n = 1;
        for (int i = 0; i < at; i++) {
            if (s.charAt(i) == '\n') {
                n++;
            }
        }
        return n;
    }

    /** The shader sources in the repository (the shaders module), found walking up from the working directory. */
    static Path shaderFolder() {
        for (Path d = Paths.get(System.getProperty("user.dir")).toAbsolutePath(); d != null; d = d.getParent()) {
            Path candidate = d.resolve("shaders/src/main/resources/org/loopsub/shaders");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return fail("shader sources not found above " + System.getProperty("user.dir"));
    }

    @Test
    void definesCarryLoopRulesBitsExactly() {
        assertEquals("uintBitsToFloat(0x3EC00000u)", ShaderHeader.glslFloat(0.375f));
        float[] weights = {LoopRules.EDGE_END, LoopRules.EDGE_OPPOSITE, LoopRules.HALF, LoopRules.BOUNDARY_CENTRE,
            LoopRules.BOUNDARY_NEIGHBOUR, LoopRules.LIMIT_CENTRE_6, LoopRules.LIMIT_RING_6,
            LoopRules.LIMIT_CREASE_CENTRE, LoopRules.LIMIT_CREASE_NEIGHBOUR, LoopRules.CHAIKIN_OWN,
            LoopRules.CHAIKIN_OTHERS};
        String[] names = {"LOOP_EDGE_END", "LOOP_EDGE_OPPOSITE", "LOOP_HALF", "LOOP_BOUNDARY_CENTRE",
            "LOOP_BOUNDARY_NEIGHBOUR", "LOOP_LIMIT_CENTRE_6", "LOOP_LIMIT_RING_6", "LOOP_LIMIT_CREASE_CENTRE",
            "LOOP_LIMIT_CREASE_NEIGHBOUR", "LOOP_CHAIKIN_OWN", "LOOP_CHAIKIN_OTHERS"};
        assertEquals(names.length, ShaderHeader.LOOP_WEIGHT_DEFINES.size(), "one define per mask weight");
        Pattern bits = Pattern.compile("uintBitsToFloat\\(0x([0-9A-F]+)u\\)");
        for (int i = 0; i < names.length; i++) {
            Matcher m = bits.matcher(ShaderHeader.LOOP_WEIGHT_DEFINES.get(names[i]));
            assertEquals(true, m.matches(), names[i]);
            assertEquals(Float.floatToRawIntBits(weights[i]), Integer.parseUnsignedInt(m.group(1), 16), names[i]);
        }
    }

    @Test
    void theGrammarSeesEveryWayOfTypingAWeight() {
        // What the scan must catch, each on its own line.
        String typed = String.join("\n", "x = 0.375f * a;", "x = .375 * a;", "x = 3.0/8.0 * a;", "x = 3./8. * a;",
                "x = 375e-3 * a;", "x = 3.75E-1F * a;", "x = 0.125lf * a;", "x = 5e-1 * a;", "x = 0.75 * a;",
                "x = uintBitsToFloat(0x3EC00000u) * a;", "x = intBitsToFloat(1052770304) * a;");
        List<String> found = foreignNumbers(typed);
        for (int line = 1; line <= 11; line++) {
            String prefix = "line " + line + ":";
            assertTrue(found.stream().anyMatch(s -> s.startsWith(prefix)), "missed " + typed.split("\n")[line - 1]);
        }
        assertTrue(found.contains("line 3: 3.0") && found.contains("line 3: 8.0"), found.toString());
        assertTrue(found.contains("line 4: 3.") && found.contains("line 4: 8."), found.toString());
        // What it must let through: names with digits, integers, hex, swizzles, structural floats,
        // and anything in comments.
        String clean = String.join("\n", "vec3 E00 = loadPoint(r0, 3); uint h = 0x9E3779B1u; int i = 255;",
                "float s = 0.0; s = s + r1.x; vec4 v = vec4(b0.yz, c0.xy); precise float one = 1.0;",
                "// 0.375 in a comment", "/* and .125\n in a block */ float t = 0.;");
        assertEquals(List.of(), foreignNumbers(clean));
    }

    @Test
    void noShaderTypesAWeight() throws IOException {
        Path folder = shaderFolder();
        List<Path> files;
        try (Stream<Path> s = Files.list(folder)) {
            files = s.filter(p -> p.toString().endsWith(".comp") || p.toString().endsWith(".glsl")).sorted().toList();
        }
        // Every pass shader must be among them (a moved folder must not make this test vacuous).
        for (String pass : new String[] {"loop_record.glsl", "loop_flag_edges.comp", "loop_filter.comp",
            "loop_emit_finished.comp", "loop_split.comp"}) {
            assertTrue(files.contains(folder.resolve(pass)), pass + " not in " + folder);
        }
        List<String> problems = new ArrayList<>();
        for (Path file : files) {
            for (String p : foreignNumbers(Files.readString(file, StandardCharsets.UTF_8))) {
                problems.add(file.getFileName() + " " + p);
            }
        }
        assertEquals(List.of(), problems, "float literals in shaders; a Loop weight must come from LoopRules "
                + "(ShaderHeader.LOOP_WEIGHT_DEFINES), other constants belong in STRUCTURAL with a reason");
    }

    @Test
    void noShaderDefinesWhatJavaHandsIt() throws IOException {
        // the record layout's sizes and constants, the contract's bindings and codes and the resident
        // frame's slots, the tile and the split's schedule come from Java (ShaderHeader, SplitSchedule.defines):
        // a shader that defined one would shadow it
        java.util.regex.Pattern own = java.util.regex.Pattern.compile(
                "^\\s*#\\s*define\\s+(FAN|RING_MAX|BINDING_\\w+|RULE_\\w+|REGULAR_MASK|POINT_FLOATS|META_INTS|NO_GAP|FIXED_POINTS|FIXED_SPOKES|SIZES_\\w+|RESIDENT"
                        + "|SHARP_\\w+|STALE_FLAG|GENERAL_BITS|NORMAL_SLOT0|LIMIT_SLOT0|UV_BASE|SPOKES|FAR_BASE|SMOOTH_UVS|UV_SEAM_\\w+|UV_FAR_BASE|UV_PIN_BASE|UV_OUTPUT_BASE|UV_LIMITS|UV_LIMIT_BASE|UV_INFINITE_SHARPNESS|REGULAR_CHILD_\\d|REGULAR_UV_CHILD\\w*|OUT_UV_FLOAT"
                        + "|GROUP|REGULAR_GROUP|GENERAL_RECORDS|DIRECT_GENERAL_RECORDS|GENERAL_LANES|LANE_RECORDS|DENSE_\\w+"
                        + "|RECORDS_\\w+|STAGED_STORES|STAGE_BANKS|TILE|TILE_SHIFT|TILE_MASK|TRIANGLE_FLOATS"
                        + "|CORNER_FIELD_\\w+|NEIGHBOUR_FINISHED_\\w+)\\b",
                java.util.regex.Pattern.MULTILINE);
        List<String> problems = new ArrayList<>();
        int files = 0;
        try (Stream<Path> s = Files.list(shaderFolder())) {
            for (Path file : s.filter(p -> p.toString().endsWith(".comp") || p.toString().endsWith(".glsl")).sorted().toList()) {
                files++;
                java.util.regex.Matcher m = own.matcher(Files.readString(file, StandardCharsets.UTF_8));
                String name = file.getFileName().toString();
                boolean scan = name.startsWith("scan_") || name.startsWith("select_");
                while (m.find()) {
                    // the scans' tile of values (scan_block) is their own: GpuScan builds them, never
                    // with a record pass's header and its tile of records
                    if (!(scan && m.group(1).equals("TILE"))) {
                        problems.add(name + ": " + m.group().trim());
                    }
                }
            }
        }
        assertTrue(files > 10, "found the shaders");
        assertEquals(List.of(), problems, "defined in a shader, but handed over by Java");
        Map<String, String> d = ShaderHeader.layoutDefines(org.loopsub.stream.RecordLayout.of(4));
        assertEquals(String.valueOf(org.loopsub.stream.RecordLayout.NO_GAP), d.get("NO_GAP"));
        assertEquals(String.valueOf(org.loopsub.stream.RecordLayout.FIXED_POINTS), d.get("FIXED_POINTS"));
        assertEquals(String.valueOf(org.loopsub.stream.RecordLayout.FIXED_SPOKES), d.get("FIXED_SPOKES"));
    }

    /** A shader's text with its includes' (the split's regular path lives in one of them). */
    static String withIncludes(String shader) throws IOException {
        String text = Files.readString(shaderFolder().resolve(shader), StandardCharsets.UTF_8);
        StringBuilder all = new StringBuilder(text);
        java.util.regex.Matcher inc = TwinNamesTest.INCLUDE.matcher(text);
        while (inc.find()) {
            all.append('\n').append(withIncludes(inc.group(1)));
        }
        return all.toString();
    }

    /**
     * The regular children's slot map is Java's table ({@code RegularChildren}), handed over as
     * REGULAR_CHILD_k: no shader assigns a child register by hand, and the defines name every slot of
     * every child once.
     */
    @Test
    void theRegularChildMapComesFromJava() throws IOException {
        String split = withIncludes("loop_split.comp");
        assertTrue(split.contains("REGULAR_CHILD_0"), "the split and its includes read");
        assertTrue(!java.util.regex.Pattern.compile("\\bp0\\s*=\\s*[VE]\\d").matcher(split).find(),
                "loop_split.comp or one of its includes spells out a child's slot map");
        Map<String, String> d = org.loopsub.stream.RegularChildren.defines();
        assertEquals(4, d.size());
        for (String body : d.values()) {
            for (int slot = 0; slot < 12; slot++) {
                assertTrue(body.contains("p" + slot + " = "), body);
            }
        }
        assertEquals(d.get("REGULAR_CHILD_0"), ShaderHeader.layoutDefines(org.loopsub.stream.RecordLayout.of(4))
                .get("REGULAR_CHILD_0"));
    }
}
