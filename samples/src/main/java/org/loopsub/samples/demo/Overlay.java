package org.loopsub.samples.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.loopsub.api.Culling;
import org.loopsub.api.LevelStats;

/**
 * The HUD's layout: a column on the left with the figures of the frame (speed, triangles, the
 * criterion and the switches) at the top, a passing message under them (in a small picture: in the
 * bottom-right corner), and a histogram of the triangles each level finished, in the level colours
 * of key L, at the bottom; while H is on, the key list in a column on the right. The mesh is drawn in the free area between the columns
 * ({@link #layout}): a viewport of its own, so that no panel covers it, as long as that area is wide
 * enough (at least {@link #MIN_MESH_WIDTH} pixels and half the height); a smaller window draws the
 * mesh across the whole picture and the panels over it.
 */
final class Overlay {
    private static final float[] TEXT = {0.94f, 0.94f, 0.96f};
    private static final float[] DIM = {0.66f, 0.68f, 0.74f};
    private static final float[] ACCENT = {1.0f, 0.80f, 0.35f};
    private static final float[] PANEL = {0.0f, 0.0f, 0.0f};
    private static final float PANEL_ALPHA = 0.6f;
    /** Characters across the left column: every line there is wrapped or clipped to it. */
    static final int COLUMN_CHARS = 30;
    /** Width of the longest histogram bar, in characters: "L16 ", the bar and " 1,611,403 +16,465" fill a column. */
    private static final int BAR_CHARS = 8;
    /** The narrowest viewport the mesh is given beside the columns: narrower, it takes the whole picture. */
    static final int MIN_MESH_WIDTH = 320;
    /** Padding around text in a panel, in font pixels. */
    private static final int PAD = 4;

    /**
     * The figures one HUD shows.
     *
     * @param mesh the input's name
     * @param renderer the GL renderer
     * @param fps frames per second, averaged over the last quarter second or so; NaN at first
     * @param frameMs host milliseconds per frame, averaged alike; NaN at first
     * @param refineGpuMs GPU milliseconds of the previous frame's refinement, NaN before the first
     * @param triangles triangles drawn
     * @param levels what each level did
     * @param controls the switches and the criterion
     * @param uniformLevels the levels of a uniform frame (when {@code controls.uniform()})
     * @param meshHasUvs whether the mesh has texture coordinates (the checker needs them)
     * @param softwareNote why the starting criterion is coarser than asked (a software renderer), or {@code null}
     * @param message a passing message, or {@code null}
     */
    record Figures(String mesh, String renderer, double fps, double frameMs, double refineGpuMs, long triangles,
                   List<LevelStats> levels, Controls controls, int uniformLevels, boolean meshHasUvs,
                   String softwareNote, String message) {
    }

    /**
     * A rectangle of the framebuffer in pixels, from the top-left corner, y down.
     *
     * @param x left edge
     * @param y top edge
     * @param width pixels across
     * @param height pixels down
     */
    record Rect(int x, int y, int width, int height) {
        /** @return whether the two share a pixel */
        boolean intersects(Rect o) {
            return x < o.x + o.width && o.x < x + width && y < o.y + o.height && o.y < y + height;
        }

        /** @return whether {@code o} lies inside this */
        boolean contains(Rect o) {
            return o.x >= x && o.y >= y && o.x + o.width <= x + width && o.y + o.height <= y + height;
        }
    }

    /**
     * Where things go in a framebuffer.
     *
     * @param left the left column (figures, message, histogram); its panels stay inside it
     * @param help the right column of the key list, or {@code null} while H is off
     * @param mesh the viewport the mesh is drawn in
     * @param scale screen pixels per font pixel in the left column
     * @param helpScale screen pixels per font pixel in the key list (smaller where the HUD's scale would
     *     leave the mesh too little room)
     * @param clear whether {@code mesh} is clear of every panel (false: a small picture, panels over the mesh)
     */
    record Layout(Rect left, Rect help, Rect mesh, int scale, int helpScale, boolean clear) {
    }

    private Overlay() {
    }

    /**
     * Places the columns and the mesh's viewport. The mesh gets the free width between the columns,
     * and the whole height; the key list is drawn at the HUD's scale if the mesh then keeps at least
     * three quarters of the height across, else at scale 1. If the free area is narrower than
     * {@link #MIN_MESH_WIDTH} or half the height even so, the mesh takes the whole picture and the
     * panels lie over it (a small window: a mesh squeezed into a strip would show less than one
     * partly covered).
     *
     * @param width framebuffer width in pixels
     * @param height framebuffer height in pixels
     * @param hud whether the HUD is drawn at all
     * @param help whether the key list is shown
     * @return the layout
     */
    static Layout layout(int width, int height, boolean hud, boolean help) {
        Rect full = new Rect(0, 0, width, height);
        int s = Hud.scaleFor(height);
        if (!hud) {
            return new Layout(null, null, full, s, s, true);
        }
        Rect left = new Rect(0, 0, columnWidth(COLUMN_CHARS, s), height);
        int helpScale = s;
        Rect right = null;
        if (help) {
            right = rightColumn(width, height, helpScale);
            if (width - left.width() - right.width() < 3 * height / 4 && helpScale > 1) {
                helpScale = 1;
                right = rightColumn(width, height, helpScale);
            }
        }
        int free = width - left.width() - (right != null ? right.width() : 0);
        if (free < Math.max(MIN_MESH_WIDTH, height / 2)) {
            return new Layout(left, right, full, s, helpScale, false);
        }
        return new Layout(left, right, new Rect(left.width(), 0, free, height), s, helpScale, true);
    }

    /** A column holding panels of {@code chars} characters: the panel, with a margin of one pad on each side. */
    private static int columnWidth(int chars, int scale) {
        return chars * BitmapFont.ADVANCE * scale + 4 * PAD * scale;
    }

    private static Rect rightColumn(int width, int height, int scale) {
        int w = columnWidth(helpChars(), scale);
        return new Rect(width - w, 0, w, height);
    }

    private static int helpChars() {
        int n = 0;
        for (String h : Controls.HELP) {
            n = Math.max(n, h.length());
        }
        return n;
    }

    /**
     * The lines of the figures panel, each at most {@link #COLUMN_CHARS} long, with their colour
     * keys: {@code t} text, {@code d} dim, {@code a} accent.
     *
     * @param f the figures
     * @return text and colour key per line
     */
    static List<String[]> figureLines(Figures f) {
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {clip("loopsub demo  " + f.mesh(), COLUMN_CHARS), "t"});
        lines.add(new String[] {clip(f.renderer(), COLUMN_CHARS), "d"});
        lines.add(new String[] {String.format(Locale.ROOT, "%s fps  %s ms/frame", number(f.fps(), "%.1f"),
                number(f.frameMs(), "%.2f")), "t"});
        lines.add(new String[] {"refine gpu " + number(f.refineGpuMs(), "%.3f") + " ms", "t"});
        long slivers = f.levels().stream().mapToLong(LevelStats::slivers).sum();
        lines.add(new String[] {String.format(Locale.ROOT, "%,d triangles", f.triangles()), "t"});
        lines.add(new String[] {String.format(Locale.ROOT, "%,d slivers", slivers), "t"});
        Controls c = f.controls();
        if (c.uniform()) {
            lines.add(new String[] {"uniform  level " + f.uniformLevels(), "a"});
            if (f.uniformLevels() < c.depth()) {
                lines.add(new String[] {"(depth " + c.depth() + ", capped)", "a"});
            }
        } else {
            lines.add(new String[] {"adaptive  screen " + px(c.screenPx()) + " px  depth " + c.depth(), "a"});
        }
        if (f.softwareNote() != null) {
            // "software GL: 8 px" and "(set ... to override)" on lines of their own where they must wrap
            for (String l : wrap(List.of(f.softwareNote().split(" (?=\\()")), " ", COLUMN_CHARS)) {
                lines.add(new String[] {l, "d"});
            }
        }
        List<String> flags = flags(c, f.meshHasUvs());
        boolean none = flags.isEmpty();
        flags.add("H: keys");
        for (String l : wrap(flags, "  ", COLUMN_CHARS)) {
            lines.add(new String[] {l, none ? "d" : "a"});
        }
        return lines;
    }

    /**
     * The switches that are on, as the HUD names them.
     *
     * @param c the controls
     * @param meshHasUvs whether the checker has uvs to draw from: without them it says so, since
     *     nothing changes in the picture
     * @return one word or two per switch
     */
    static List<String> flags(Controls c, boolean meshHasUvs) {
        List<String> flags = new ArrayList<>();
        if (c.limit()) {
            flags.add("limit surface");
        }
        if (c.checker()) {
            flags.add(meshHasUvs ? "checker" : "checker: no uvs");
        }
        if (c.displaced()) {
            flags.add("displaced");
        }
        if (c.frozen()) {
            flags.add("frozen");
        }
        if (!c.uniform() && c.culling() != Culling.ALL) {
            flags.add("cull " + c.culling().name().toLowerCase(Locale.ROOT));
        }
        if (c.animating()) {
            flags.add("animating");
        }
        if (c.wireframe()) {
            flags.add("wireframe");
        }
        if (c.levelColours()) {
            flags.add("levels");
        }
        return flags;
    }

    /**
     * Adds the HUD to the {@code hud}'s frame.
     *
     * @param hud where to draw, between its {@code begin} and {@code end}
     * @param f the figures
     * @param layout where the panels go ({@link #layout})
     * @param height framebuffer height in pixels
     */
    static void draw(Hud hud, Figures f, Layout layout, int height) {
        int s = layout.scale();
        hud.scale(s);
        int pad = PAD * s;
        int lh = hud.lineHeight();
        int textWidth = COLUMN_CHARS * BitmapFont.ADVANCE * s;
        float x = 2 * pad;

        List<String[]> lines = figureLines(f);
        int figuresHeight = lines.size() * lh + 2 * pad - 3 * s;
        hud.rect(pad, pad, textWidth + 2 * pad, figuresHeight, PANEL, PANEL_ALPHA);
        float y = 2 * pad;
        for (String[] l : lines) {
            hud.text(x, y, l[0], l[1].equals("t") ? TEXT : l[1].equals("a") ? ACCENT : DIM, 1);
            y += lh;
        }

        if (f.message() != null && !layout.clear()) {
            // a small picture, the mesh under every panel: the bottom-right corner hides least of it
            float my = height - lh - 2 * pad + 3 * s;
            float mx = layout.mesh().width() - hud.width(f.message()) - 2 * pad;
            hud.rect(mx - pad, my - pad, hud.width(f.message()) + 2 * pad, lh + 2 * pad - 3 * s, PANEL, PANEL_ALPHA);
            hud.text(mx, my, f.message(), ACCENT, 1);
        } else if (f.message() != null) {
            // under the figures, in the same column: wrapped, so that it never reaches the mesh
            List<String> words = wrap(List.of(f.message().split(" ")), " ", COLUMN_CHARS);
            float my = pad + figuresHeight + pad;
            hud.rect(pad, my, textWidth + 2 * pad, words.size() * lh + 2 * pad - 3 * s, PANEL, PANEL_ALPHA);
            my += pad;
            for (String w : words) {
                hud.text(x, my, w, ACCENT, 1);
                my += lh;
            }
        }

        // the levels that put triangles in the output (the others only split), at the column's foot:
        // triangles each level finished (and its slivers), bars in the level colours
        List<LevelStats> levels = f.levels().stream().filter(l -> l.finishedTriangles() + l.slivers() > 0).toList();
        if (!levels.isEmpty()) {
            long most = 1;
            for (LevelStats l : levels) {
                most = Math.max(most, l.finishedTriangles());
            }
            int bar = BAR_CHARS * BitmapFont.ADVANCE * s;
            int histHeight = levels.size() * lh + 2 * pad - 3 * s;
            hud.rect(pad, height - pad - histHeight, textWidth + 2 * pad, histHeight, PANEL, PANEL_ALPHA);
            y = height - histHeight;
            for (LevelStats l : levels) {
                float bx = hud.text(x, y, String.format(Locale.ROOT, "L%-2d ", l.level()), DIM, 1);
                float w = l.finishedTriangles() == 0 ? 0 : Math.max(s, (float) l.finishedTriangles() / most * (bar - s));
                hud.rect(bx, y, w, BitmapFont.GLYPH_HEIGHT * s, LevelColours.of(l.level()), 1);
                String count = String.format(Locale.ROOT, " %,d", l.finishedTriangles())
                        + (l.slivers() > 0 ? String.format(Locale.ROOT, " +%,d", l.slivers()) : "");
                hud.text(bx + bar, y, clip(count, COLUMN_CHARS - 4 - BAR_CHARS), TEXT, 1);
                y += lh;
            }
        }

        if (layout.help() != null) {
            int hs = layout.helpScale();
            hud.scale(hs);
            int hpad = PAD * hs;
            Rect column = layout.help();
            int hlh = hud.lineHeight();
            hud.rect(column.x() + hpad, hpad, column.width() - 2 * hpad, Controls.HELP.size() * hlh + 2 * hpad - 3 * hs,
                    PANEL, PANEL_ALPHA);
            float hy = 2 * hpad;
            for (String h : Controls.HELP) {
                hud.text(column.x() + 2 * hpad, hy, h, TEXT, 1);
                hy += hlh;
            }
            hud.scale(s);
        }
    }

    /**
     * Joins items into lines of at most {@code chars} characters, an item too long for a line on
     * a line of its own, clipped.
     */
    static List<String> wrap(List<String> items, String separator, int chars) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String item : items) {
            if (line.length() > 0 && line.length() + separator.length() + item.length() > chars) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(separator);
            }
            line.append(item);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        lines.replaceAll(l -> clip(l, chars));
        return lines;
    }

    /** @return the bound as a short number: 1, 0.5, 0.25, 16 */
    static String px(float px) {
        return px == Math.rint(px) ? Integer.toString((int) px) : Float.toString(px);
    }

    private static String number(double v, String format) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
    }

    private static String clip(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 3) + "...";
    }
}
