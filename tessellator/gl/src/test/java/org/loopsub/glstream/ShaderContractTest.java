package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.loopsub.gl.GpuScan;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.RecordLayout;

/**
 * The host and the shaders name the same numbers (issue 20): binding points, rule codes and masks
 * come from Java as {@code #define}s ({@link ShaderContract}, {@link GpuScan#BINDING_DEFINES}), and no
 * shader types one of them. Read from the shader sources, so a shader that drifts fails here before
 * any GPU runs it.
 */
class ShaderContractTest {
    /** A binding typed as a number: {@code binding = 4}. */
    static final Pattern TYPED_BINDING = Pattern.compile("\\bbinding\\s*=\\s*\\d");
    /** A name of the contract a shader may use. */
    static final Pattern CONTRACT_NAME = Pattern.compile("\\b(?:BINDING|RULE)_\\w+|\\bREGULAR_MASK\\b|\\bOUT_UV_FLOAT\\b|\\bTRIANGLE_FLOATS\\b");

    static Map<String, String> sources() throws IOException {
        Map<String, String> s = new HashMap<>();
        try (Stream<Path> files = Files.list(ShaderWeightsTest.shaderFolder())) {
            for (Path f : files.filter(p -> p.toString().endsWith(".comp") || p.toString().endsWith(".glsl")).toList()) {
                s.put(f.getFileName().toString(),
                        ShaderWeightsTest.stripComments(Files.readString(f, StandardCharsets.UTF_8)));
            }
        }
        assertTrue(s.size() > 10 && s.containsKey("loop_split.comp") && s.containsKey("scan_reduce.comp"),
                "found the shaders: " + s.keySet());
        return s;
    }

    @Test
    void noShaderTypesABindingNumber() throws IOException {
        List<String> typed = new ArrayList<>();
        for (Map.Entry<String, String> e : sources().entrySet()) {
            Matcher m = TYPED_BINDING.matcher(e.getValue());
            while (m.find()) {
                typed.add(e.getKey() + ": " + m.group());
            }
        }
        assertEquals(List.of(), typed, "bindings typed in a shader: name them BINDING_* and define them in "
                + "ShaderContract (or GpuScan for the scans)");
    }

    @Test
    void everyContractNameAShaderUsesIsDefinedInJava() throws IOException {
        Set<String> defined = new TreeSet<>();
        for (String k : ShaderContract.DEFINES.keySet()) {
            defined.add(k.replaceAll("\\(.*", ""));  // a function-like macro by its name
        }
        defined.addAll(GpuScan.BINDING_DEFINES.keySet());
        Set<String> undefined = new TreeSet<>();
        Set<String> used = new TreeSet<>();
        for (Map.Entry<String, String> e : sources().entrySet()) {
            Matcher m = CONTRACT_NAME.matcher(e.getValue());
            while (m.find()) {
                used.add(m.group());
                if (!defined.contains(m.group())) {
                    undefined.add(e.getKey() + ": " + m.group());
                }
            }
        }
        assertEquals(Set.of(), undefined, "names the shaders use but Java does not define");
        // Not vacuous: the record passes' bindings and the rules are among them.
        assertTrue(used.containsAll(Set.of("BINDING_POINTS", "BINDING_DIRECT_UVS", "BINDING_SCAN_TOTAL",
                "RULE_CORNER", "REGULAR_MASK", "OUT_UV_FLOAT", "TRIANGLE_FLOATS")), used.toString());
    }

    @Test
    void theDefinesCarryTheJavaValues() {
        Map<String, String> d = ShaderContract.DEFINES;
        assertEquals(String.valueOf(ShaderContract.OUT), d.get("BINDING_OUT"));
        assertEquals(String.valueOf(ShaderContract.SIZES), d.get("BINDING_SIZES"));
        assertEquals(String.valueOf(LoopRules.SMOOTH), d.get("RULE_SMOOTH"));
        assertEquals(String.valueOf(LoopRules.CREASE), d.get("RULE_CREASE"));
        assertEquals(String.valueOf(LoopRules.CORNER), d.get("RULE_CORNER"));
        assertEquals(RecordLayout.REGULAR_MASK, Integer.parseUnsignedInt(d.get("REGULAR_MASK").replaceAll("^0x|u$", ""), 16));
        assertEquals(GlOutput.TRIANGLE_FLOATS + "u", d.get("TRIANGLE_FLOATS"));
        // A binding number serves one buffer of a record pass: no two names share one, but for the
        // face-normal pass's own pair and the moved cage's (loop_cage), which no record pass runs
        // beside; the cage's own are distinct.
        Map<String, String> byNumber = new HashMap<>();
        Map<String, String> cage = new HashMap<>();
        for (Map.Entry<String, String> e : d.entrySet()) {
            if (e.getKey().startsWith("BINDING_CAGE_")) {
                String before = cage.put(e.getValue(), e.getKey());
                assertEquals(null, before, e.getKey() + " shares binding " + e.getValue());
            } else if (e.getKey().startsWith("BINDING_") && !e.getKey().startsWith("BINDING_FACE_")) {
                String before = byNumber.put(e.getValue(), e.getKey());
                assertEquals(null, before, e.getKey() + " shares binding " + e.getValue());
            }
        }
        assertEquals(6, cage.size(), "loop_cage's bindings");
        assertTrue(Integer.parseInt(d.get("BINDING_DIRECT_UVS")) < ShaderContract.BINDINGS_USED);
        // the shaders' uv offset is the host's, whose ranges GlPasses.bindOutput binds
        Matcher uv = Pattern.compile("\\(\\(o\\) / (\\d+)u \\* (\\d+)u\\)").matcher(d.get("OUT_UV_FLOAT(o)"));
        assertTrue(uv.matches(), d.get("OUT_UV_FLOAT(o)"));
        for (long o : new long[] {0, 3, 9, 36, 144, 3L * 1_000_000_007L}) {
            assertEquals(ShaderContract.outUvOffset(o), o / Long.parseLong(uv.group(1)) * Long.parseLong(uv.group(2)), "o = " + o);
        }
        assertEquals(6, ShaderContract.outUvOffset(9), "2 floats a corner where the position has 3");
        for (String b : byNumber.keySet()) {
            assertTrue(Integer.parseInt(b) < HostState.STORAGE_BINDINGS_USED, "binding " + b + " stays bound after a refinement");
        }
    }

    @Test
    void thePassesAreBuiltWithTheContract() {
        Map<String, String> layout = ShaderHeader.layoutDefines(RecordLayout.of(4));
        assertEquals(String.valueOf(RecordLayout.of(4).ringMax()), layout.get("RING_MAX"));
        // no layout define may shadow a contract name
        for (String k : layout.keySet()) {
            assertTrue(!ShaderContract.DEFINES.containsKey(k), k);
        }
    }

    /**
     * The tile of records (Segment's) and the metadata fields (RecordLayout's) reach the shaders as
     * TILE, TILE_SHIFT, TILE_MASK, CORNER_FIELD_* and NEIGHBOUR_FINISHED_*: no record pass spells them
     * out as the shifts and masks it once typed ({@code >> 5u}, {@code & 31u}, {@code * 32u}, and for a
     * tile of parents' vec4s {@code >> 3u}, {@code & 7u}, {@code * 8u}; {@code << 24u}, {@code & 0xFFu}).
     */
    @Test
    void noRecordPassTypesTheTileOrTheMetadataFields() throws IOException {
        Pattern typed = Pattern.compile(">>\\s*[35]u|&\\s*(?:7|31)u\\b|\\*\\s*(?:8|32)u\\b|<<\\s*(?:8|16|24)u|>>\\s*24u|&\\s*0xFFu");
        List<String> found = new ArrayList<>();
        for (Map.Entry<String, String> e : sources().entrySet()) {
            if (e.getKey().startsWith("scan_") || e.getKey().startsWith("select_")) {
                continue;  // the scans' own blocks, no record
            }
            Matcher m = typed.matcher(e.getValue());
            while (m.find()) {
                found.add(e.getKey() + ": " + m.group());
            }
        }
        assertEquals(List.of(), found, "a record pass types the tile or a metadata field; take ShaderHeader's defines");
        Map<String, String> d = ShaderHeader.layoutDefines(RecordLayout.of(4));
        assertEquals(Segment.TILE + "u", d.get("TILE"));
        assertEquals(Segment.TILE, 1 << Integer.parseInt(d.get("TILE_SHIFT").replace("u", "")));
        assertEquals(Segment.TILE - 1 + "u", d.get("TILE_MASK"));
        assertEquals(String.valueOf(RecordLayout.CORNER_FIELD_BITS), d.get("CORNER_FIELD_BITS"));
        assertEquals(RecordLayout.CORNER_FIELD_MASK, Integer.parseInt(d.get("CORNER_FIELD_MASK").replaceAll("^0x|u$", ""), 16));
        assertEquals(RecordLayout.NEIGHBOUR_FINISHED_SHIFT + "u", d.get("NEIGHBOUR_FINISHED_SHIFT"));
        assertEquals(RecordLayout.NEIGHBOUR_FINISHED_MASK + "u", d.get("NEIGHBOUR_FINISHED_MASK"));
        int m0 = RecordLayout.packMeta0(6, 5, 255, 7);
        assertEquals(255, RecordLayout.valence(m0, 2));
        assertEquals(7, RecordLayout.neighbourFinished(m0));
        assertTrue(typed.matcher("uint a = (r >> 5u) * 32u + (r & 31u);").find(), "the check sees a typed tile");
    }
}
