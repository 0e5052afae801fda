package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.loopsub.stream.RecordLayout;
import org.loopsub.stream.RecordLayout.Feature;

/** The shaders' feature macros are the layout's features, by the enum's names. */
class FeatureMacrosTest {
    @Test
    void eachFeatureIsItsMacro() {
        Map<String, String> all = ShaderHeader.layoutDefines(RecordLayout.of(4, EnumSet.allOf(Feature.class)));
        Map<String, String> none = ShaderHeader.layoutDefines(RecordLayout.of(4));
        for (Feature f : Feature.values()) {
            assertEquals("1", all.get(f.macro()), f.macro());
            assertNull(none.get(f.macro()), f.macro());
        }
    }
}
