package org.loopsub.samples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_A;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_C;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_L;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_M;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_T;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_W;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;

import java.util.List;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.loopsub.api.Culling;
import org.loopsub.api.LevelStats;

/**
 * Issue 21, item 4: the HUD's panels never cover the mesh at the default size (1280x720), help on
 * or off: the mesh gets a viewport between the columns, and every line of the left column fits it.
 */
class OverlayLayoutTest {
    private static Overlay.Rect helpPanelText(Overlay.Layout l) {
        int chars = Controls.HELP.stream().mapToInt(String::length).max().orElseThrow();
        // the text as Overlay draws it: two pads in from the column's left edge
        int pad = 4 * l.helpScale();
        return new Overlay.Rect(l.help().x() + 2 * pad, 2 * pad, chars * BitmapFont.ADVANCE * l.helpScale(),
                Controls.HELP.size() * BitmapFont.LINE_HEIGHT * l.helpScale());
    }

    @ParameterizedTest
    @CsvSource({"1280, 720, false", "1280, 720, true", "1920, 1080, false", "1920, 1080, true", "1280, 1024, true"})
    void theMeshAreaIsClearOfEveryColumn(int width, int height, boolean help) {
        Overlay.Layout l = Overlay.layout(width, height, true, help);
        Overlay.Rect full = new Overlay.Rect(0, 0, width, height);
        assertTrue(l.clear(), "room for the mesh at " + width + "x" + height);
        assertTrue(full.contains(l.mesh()), l::toString);
        assertFalse(l.left().intersects(l.mesh()), l::toString);
        assertTrue(l.mesh().width() >= Math.max(Overlay.MIN_MESH_WIDTH, height / 2), "a usable area: " + l);
        assertEquals(height, l.mesh().height(), "the whole height");
        if (help) {
            assertFalse(l.help().intersects(l.mesh()), l::toString);
            assertFalse(l.help().intersects(l.left()), l::toString);
            assertTrue(full.contains(l.help()), l::toString);
            assertTrue(l.help().contains(helpPanelText(l)), "the key list's text stays in its column: " + l);
        } else {
            assertNull(l.help());
            assertEquals(width, l.left().width() + l.mesh().width(), "the mesh takes the rest");
        }
    }

    @Test
    void atTheDefaultSizeTheKeyListShrinksRatherThanSqueezeTheMesh() {
        Overlay.Layout l = Overlay.layout(1280, 720, true, true);
        assertEquals(2, l.scale());
        assertEquals(1, l.helpScale());
        Overlay.Layout big = Overlay.layout(2560, 1440, true, true);
        assertEquals(2, big.helpScale(), "room enough for it at the HUD's scale");
    }

    @Test
    void withoutHudOrRoomTheMeshTakesThePicture() {
        assertEquals(new Overlay.Rect(0, 0, 1280, 720), Overlay.layout(1280, 720, false, true).mesh());
        Overlay.Layout small = Overlay.layout(320, 240, true, false);
        assertFalse(small.clear(), "320x240 has no room for a column beside the mesh");
        assertEquals(new Overlay.Rect(0, 0, 320, 240), small.mesh());
    }

    private static Controls controls() {
        return new Controls(new OrbitCamera(new Vector3f(), 1), 1, 8, Culling.ALL);
    }

    private static Overlay.Figures figures(Controls c, boolean uvs, String software) {
        List<LevelStats> levels = List.of(new LevelStats(5, 1, 1_059_875, 16_465, 0, 0),
                new LevelStats(16, 1, 12_345_678, 1_234_567, 0, 0));
        return new Overlay.Figures("/a/rather/long/path/to/some/mesh/file/bunny-scan-v2.obj",
                "llvmpipe (LLVM 15.0.6, 256 bits)", 1234.5, 98765.43, 123456.789, 12_345_678_901L, levels, c, 8, uvs,
                software, "saved loopsub-demo-123.png");
    }

    @Test
    void everyFigureLineFitsTheColumn() {
        Controls c = controls();
        for (int key : new int[] {GLFW_KEY_M, GLFW_KEY_T, GLFW_KEY_F, GLFW_KEY_C, GLFW_KEY_A, GLFW_KEY_W, GLFW_KEY_L}) {
            c.key(key, GLFW_PRESS, 0);
        }
        List<String[]> lines = Overlay.figureLines(figures(c, false, SoftwareStart.choose("llvmpipe", 1, false).note()));
        for (String[] line : lines) {
            assertTrue(line[0].length() <= Overlay.COLUMN_CHARS, "too wide for the column: '" + line[0] + "'");
        }
        String all = String.join("\n", lines.stream().map(l -> l[0]).toList());
        assertTrue(all.contains("software GL: 8 px\n(set --screen-px to override)"), all);
        assertTrue(all.contains("limit surface") && all.contains("levels") && all.contains("H: keys"), all);
    }

    @Test
    void checkerWithoutUvsSaysSo() {
        Controls c = controls();
        c.key(GLFW_KEY_T, GLFW_PRESS, 0);
        assertEquals(List.of("checker: no uvs"), Overlay.flags(c, false), "T on a mesh without vt changes nothing drawn");
        assertEquals(List.of("checker"), Overlay.flags(c, true));
        String hud = String.join("\n", Overlay.figureLines(figures(c, false, null)).stream().map(l -> l[0]).toList());
        assertTrue(hud.contains("checker: no uvs"), hud);
        c.key(GLFW_KEY_T, GLFW_PRESS, 0);
        assertEquals(List.of(), Overlay.flags(c, false));
    }

    @Test
    void wrapKeepsItemsWholeAndLinesShort() {
        assertEquals(List.of("limit surface  checker", "frozen  H: keys"),
                Overlay.wrap(List.of("limit surface", "checker", "frozen", "H: keys"), "  ", 24));
        assertEquals(List.of("abcdefg..."), Overlay.wrap(List.of("abcdefghijklmnop"), " ", 10));
    }
}
