package org.loopsub.samples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The HUD font: every printable character draws something sensible, and a broken font file is named. */
class BitmapFontTest {
    private final BitmapFont font = BitmapFont.load();

    private String pixels(char c) {
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < BitmapFont.GLYPH_HEIGHT; r++) {
            for (int col = 0; col < BitmapFont.GLYPH_WIDTH; col++) {
                sb.append(font.lit(c, r, col) ? '#' : '.');
            }
        }
        return sb.toString();
    }

    @Test
    void everyGlyphDrawnIsDistinct() {
        Set<String> seen = new HashSet<>();
        for (char c = 0x20; c <= 0x7E; c++) {
            if (c >= 'a' && c <= 'z') {
                assertEquals(pixels(Character.toUpperCase(c)), pixels(c), "lower case drawn as capitals");
                continue;
            }
            assertTrue(seen.add(pixels(c)), "glyph of '" + c + "' repeats another");
            assertEquals(c == ' ', !pixels(c).contains("#"), "only the space is empty: '" + c + "'");
        }
        assertEquals(69, seen.size());
        assertEquals(69 * BitmapFont.ADVANCE, font.atlasWidth());
    }

    @Test
    void missingCharactersFallBackToTheQuestionMark() {
        assertEquals(font.slotOf('?'), font.slotOf('\u00e9'));
        assertEquals(font.slotOf('?'), font.slotOf('\t'));
        assertNotEquals(font.slotOf('?'), font.slotOf('0'));
    }

    @Test
    void theAtlasLeavesAColumnBetweenGlyphs() {
        byte[] atlas = font.atlas();
        for (int g = 0; g < font.atlasWidth() / BitmapFont.ADVANCE; g++) {
            for (int r = 0; r < BitmapFont.GLYPH_HEIGHT; r++) {
                assertEquals(0, atlas[r * font.atlasWidth() + g * BitmapFont.ADVANCE + BitmapFont.GLYPH_WIDTH]);
            }
        }
    }

    @Test
    void malformedFontsNameTheLine() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> BitmapFont.parse(
                new BufferedReader(new StringReader("= 3F\n.###.\n#...#\n"))));
        assertTrue(e.getMessage().contains("line 4"), e.getMessage());
        e = assertThrows(IllegalStateException.class, () -> BitmapFont.parse(
                new BufferedReader(new StringReader("= 41\n#####\n#####\n#####\n#####\n#####\n#####\n#####\n"))));
        assertTrue(e.getMessage().contains("'?'"), e.getMessage());
        assertFalse(e.getMessage().isEmpty());
    }
}
