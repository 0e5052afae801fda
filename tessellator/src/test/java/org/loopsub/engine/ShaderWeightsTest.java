package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.loopsub.rules.LoopRules;

/**
 * Loop's weights live in LoopRules only (STYLE.md): the shaders get them as exact float bits from
 * the loader, and no pass shader types a weight of its own.
 */
class ShaderWeightsTest {
    @Test
    void definesCarryLoopRulesBitsExactly() {
        assertEquals("uintBitsToFloat(0x3EC00000u)", GlStreamEngine.glslFloat(0.375f));
        float[] weights = {LoopRules.EDGE_END, LoopRules.EDGE_OPPOSITE, LoopRules.HALF, LoopRules.BOUNDARY_CENTRE,
            LoopRules.BOUNDARY_NEIGHBOUR};
        String[] names = {"LOOP_EDGE_END", "LOOP_EDGE_OPPOSITE", "LOOP_HALF", "LOOP_BOUNDARY_CENTRE",
            "LOOP_BOUNDARY_NEIGHBOUR"};
        Pattern bits = Pattern.compile("uintBitsToFloat\\(0x([0-9A-F]+)u\\)");
        for (int i = 0; i < names.length; i++) {
            Matcher m = bits.matcher(GlStreamEngine.LOOP_WEIGHT_DEFINES.get(names[i]));
            assertEquals(true, m.matches(), names[i]);
            assertEquals(weights[i], Float.intBitsToFloat(Integer.parseUnsignedInt(m.group(1), 16)), names[i]);
        }
    }

    @Test
    void passShadersTypeNoWeight() throws IOException {
        Pattern literal = Pattern.compile("\\b0\\.(375|125|5|75)\\b");
        for (String file : new String[] {"loop_record.glsl", "loop_flag_edges.comp", "loop_filter.comp",
            "loop_emit_finished.comp", "loop_split.comp"}) {
            try (InputStream in = getClass().getClassLoader().getResourceAsStream("org/loopsub/shaders/" + file)) {
                String src = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                assertFalse(literal.matcher(src).find(), file + " types a Loop weight; take it from LoopRules");
            }
        }
    }
}
