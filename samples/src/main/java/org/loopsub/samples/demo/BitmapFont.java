package org.loopsub.samples.demo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The HUD's font: 5x7-pixel glyphs for printable ASCII, read from the text resource
 * {@code font5x7.txt} (one readable 5x7 grid of {@code #} and {@code .} per glyph), laid out side by
 * side in one row of an alpha atlas. Lower-case letters are drawn with the capitals and anything else
 * missing with {@code ?}, so any string can be drawn.
 *
 * <p>A font of our own rather than a font library or the JDK's fonts: the HUD needs a few dozen
 * glyphs, the JDK's font rasteriser needs fontconfig and system fonts that a headless CI image may
 * lack, and a bitmap drawn at whole-pixel scales stays crisp without filtering.
 */
final class BitmapFont {
    /** Glyph width in font pixels. */
    static final int GLYPH_WIDTH = 5;
    /** Glyph height in font pixels. */
    static final int GLYPH_HEIGHT = 7;
    /** Horizontal distance from one glyph to the next in a line, in font pixels. */
    static final int ADVANCE = GLYPH_WIDTH + 1;
    /** Vertical distance from one line to the next, in font pixels. */
    static final int LINE_HEIGHT = GLYPH_HEIGHT + 3;

    private static final int FIRST = 0x20;
    private static final int LAST = 0x7E;

    /** Atlas column of each code from {@link #FIRST} to {@link #LAST}, -1 where no glyph was drawn. */
    private final int[] slot;
    private final int glyphs;
    private final byte[] atlas;

    /**
     * @param lit per code from {@link #FIRST}, its 5x7 pixels row by row, or {@code null}
     * @param slot per code from {@link #FIRST}, its atlas column, or -1
     * @param glyphs how many glyphs there are
     */
    private BitmapFont(boolean[][] lit, int[] slot, int glyphs) {
        this.slot = slot;
        this.glyphs = glyphs;
        int width = atlasWidth();
        atlas = new byte[width * GLYPH_HEIGHT];
        for (int i = 0; i < slot.length; i++) {
            if (slot[i] < 0) {
                continue;
            }
            for (int row = 0; row < GLYPH_HEIGHT; row++) {
                for (int col = 0; col < GLYPH_WIDTH; col++) {
                    if (lit[i][row * GLYPH_WIDTH + col]) {
                        atlas[row * width + slot[i] * ADVANCE + col] = (byte) 0xff;
                    }
                }
            }
        }
    }

    /**
     * Reads the font resource.
     *
     * @return the font
     * @throws IllegalStateException if the resource is missing or malformed (a broken jar)
     */
    static BitmapFont load() {
        try (InputStream in = BitmapFont.class.getResourceAsStream("font5x7.txt")) {
            if (in == null) {
                throw new IllegalStateException("font resource font5x7.txt missing");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read font5x7.txt", e);
        }
    }

    /**
     * @param reader the font's text, in the format of {@code font5x7.txt}
     * @return the font
     * @throws IOException if reading fails
     * @throws IllegalStateException if the text is malformed, naming the line
     */
    static BitmapFont parse(BufferedReader reader) throws IOException {
        boolean[][] lit = new boolean[LAST - FIRST + 1][];
        int[] slots = new int[LAST - FIRST + 1];
        Arrays.fill(slots, -1);
        int count = 0;
        int lineNo = 0;
        String line;
        while ((line = reader.readLine()) != null) {
            lineNo++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (!line.startsWith("= ")) {
                throw malformed(lineNo, "expected '= HH' to start a glyph");
            }
            int code = Integer.parseInt(line.substring(2).trim(), 16);
            if (code < FIRST || code > LAST || lit[code - FIRST] != null) {
                throw malformed(lineNo, "code " + line.substring(2) + " out of range or repeated");
            }
            boolean[] bits = new boolean[GLYPH_WIDTH * GLYPH_HEIGHT];
            for (int row = 0; row < GLYPH_HEIGHT; row++) {
                String r = reader.readLine();
                lineNo++;
                if (r == null || r.length() != GLYPH_WIDTH || !r.matches("[#.]+")) {
                    throw malformed(lineNo, "expected a row of " + GLYPH_WIDTH + " '#' or '.'");
                }
                for (int col = 0; col < GLYPH_WIDTH; col++) {
                    bits[row * GLYPH_WIDTH + col] = r.charAt(col) == '#';
                }
            }
            lit[code - FIRST] = bits;
            slots[code - FIRST] = count++;
        }
        if (slots['?' - FIRST] < 0) {
            throw malformed(lineNo, "no glyph for '?', the stand-in for missing glyphs");
        }
        return new BitmapFont(lit, slots, count);
    }

    private static IllegalStateException malformed(int line, String why) {
        return new IllegalStateException("font5x7.txt line " + line + ": " + why);
    }

    /**
     * @return atlas width in pixels: every glyph and the pixel of space after it (so that sampling at
     *     a glyph's right edge never reads its neighbour)
     */
    int atlasWidth() {
        return glyphs * ADVANCE;
    }

    /** @return atlas height in pixels */
    int atlasHeight() {
        return GLYPH_HEIGHT;
    }

    /** @return the atlas, one byte per pixel (0 or 255), rows top first */
    byte[] atlas() {
        return atlas.clone();
    }

    /**
     * @param c a character
     * @return the atlas column (in glyphs) that draws it: its own, its capital's, or {@code ?}'s
     */
    int slotOf(char c) {
        char d = c >= 'a' && c <= 'z' ? (char) (c - 'a' + 'A') : c;
        if (d >= FIRST && d <= LAST && slot[d - FIRST] >= 0) {
            return slot[d - FIRST];
        }
        return slot['?' - FIRST];
    }

    /**
     * @param c a character
     * @param row 0 for the top row
     * @param col 0 for the left column
     * @return whether that pixel of the character's glyph is lit
     */
    boolean lit(char c, int row, int col) {
        return atlas[row * atlasWidth() + slotOf(c) * ADVANCE + col] != 0;
    }
}
