package org.loopsub.samples.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.loopsub.api.LevelStats;

/**
 * The HUD's layout: a panel in the top-left corner with the figures of the frame (speed, triangles,
 * the criterion and the switches); a histogram of the triangles each level finished, in the level
 * colours of key L, in the bottom-left corner; the key list in the top-right corner while H is on; a
 * passing message (a saved screenshot) in the bottom-right corner. The mesh, framed in the middle,
 * stays clear of them at the usual sizes.
 */
final class Overlay {
    private static final float[] TEXT = {0.94f, 0.94f, 0.96f};
    private static final float[] DIM = {0.66f, 0.68f, 0.74f};
    private static final float[] ACCENT = {1.0f, 0.80f, 0.35f};
    private static final float[] PANEL = {0.0f, 0.0f, 0.0f};
    private static final float PANEL_ALPHA = 0.6f;
    /** Width of the longest histogram bar, in font pixels. */
    private static final int BAR = 60;

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
     * @param message a passing message, or {@code null}
     */
    record Figures(String mesh, String renderer, double fps, double frameMs, double refineGpuMs, long triangles,
                   List<LevelStats> levels, Controls controls, int uniformLevels, String message) {
    }

    private Overlay() {
    }

    /**
     * Adds the HUD to the {@code hud}'s frame.
     *
     * @param hud where to draw, between its {@code begin} and {@code end}
     * @param f the figures
     * @param width framebuffer width in pixels
     * @param height framebuffer height in pixels
     */
    static void draw(Hud hud, Figures f, int width, int height) {
        int s = hud.scale();
        int pad = 4 * s;
        int lh = hud.lineHeight();
        List<String[]> lines = new ArrayList<>();
        // each line: text, and a colour key (t text, d dim, a accent)
        lines.add(new String[] {"loopsub demo  " + f.mesh(), "t"});
        lines.add(new String[] {f.renderer(), "d"});
        lines.add(new String[] {String.format(Locale.ROOT, "%s fps  %s ms/frame  refine gpu %s ms",
                number(f.fps(), "%.1f"), number(f.frameMs(), "%.2f"), number(f.refineGpuMs(), "%.3f")), "t"});
        long slivers = f.levels().stream().mapToLong(LevelStats::slivers).sum();
        lines.add(new String[] {String.format(Locale.ROOT, "%,d triangles  %,d slivers", f.triangles(), slivers),
            "t"});
        Controls c = f.controls();
        String criterion = c.uniform()
                ? String.format(Locale.ROOT, "uniform  level %d%s", f.uniformLevels(),
                        f.uniformLevels() < c.depth() ? " (depth " + c.depth() + ", capped)" : "")
                : String.format(Locale.ROOT, "adaptive  screen %s px  depth %d", px(c.screenPx()), c.depth());
        lines.add(new String[] {criterion, "a"});
        String flags = (c.limit() ? "limit surface  " : "") + (c.checker() ? "checker  " : "")
                + (c.frozen() ? "frozen  " : "")
                + (c.uniform() || c.culling() == org.loopsub.api.Culling.ALL ? ""
                        : "cull " + c.culling().name().toLowerCase(Locale.ROOT) + "  ")
                + (c.animating() ? "animating  " : "")
                + (c.wireframe() ? "wireframe  " : "") + (c.levelColours() ? "levels  " : "");
        lines.add(new String[] {flags.isEmpty() ? "H: keys" : flags + "H: keys", flags.isEmpty() ? "d" : "a"});

        // the levels that put triangles in the output: the others only split
        List<LevelStats> levels = f.levels().stream().filter(l -> l.finishedTriangles() + l.slivers() > 0).toList();
        long most = 1;
        for (LevelStats l : levels) {
            most = Math.max(most, l.finishedTriangles());
        }
        int textWidth = 0;
        for (String[] l : lines) {
            if (l != lines.get(1)) {
                textWidth = Math.max(textWidth, hud.width(l[0]));
            }
        }
        // the renderer's name can be long: no wider than the rest of the panel
        int chars = Math.max(24, textWidth / hud.width(" "));
        lines.get(1)[0] = clip(lines.get(1)[0], chars);
        textWidth = Math.max(textWidth, hud.width(lines.get(1)[0]));
        hud.rect(pad, pad, textWidth + 2 * pad, lines.size() * lh + 2 * pad - 3 * s, PANEL, PANEL_ALPHA);
        float x = 2 * pad;
        float y = 2 * pad;
        for (String[] l : lines) {
            hud.text(x, y, l[0], l[1].equals("t") ? TEXT : l[1].equals("a") ? ACCENT : DIM, 1);
            y += lh;
        }

        // the histogram, in the bottom-left corner (the mesh sits in the middle, between the panels):
        // triangles each level finished (and its slivers), bars in the level colours
        if (!levels.isEmpty()) {
            String[] counts = new String[levels.size()];
            int histWidth = 0;
            for (int i = 0; i < levels.size(); i++) {
                LevelStats l = levels.get(i);
                counts[i] = String.format(Locale.ROOT, "%,d", l.finishedTriangles())
                        + (l.slivers() > 0 ? String.format(Locale.ROOT, " +%,d", l.slivers()) : "");
                histWidth = Math.max(histWidth, hud.width("L16 ") + BAR * s + hud.width(" " + counts[i]));
            }
            int histHeight = levels.size() * lh + 2 * pad - 3 * s;
            hud.rect(pad, height - pad - histHeight, histWidth + 2 * pad, histHeight, PANEL, PANEL_ALPHA);
            y = height - histHeight;
            for (int i = 0; i < levels.size(); i++) {
                LevelStats l = levels.get(i);
                float bx = hud.text(x, y, String.format(Locale.ROOT, "L%-2d ", l.level()), DIM, 1);
                float w = l.finishedTriangles() == 0 ? 0
                        : Math.max(s, (float) l.finishedTriangles() / most * BAR * s);
                hud.rect(bx, y, w, BitmapFont.GLYPH_HEIGHT * s, LevelColours.of(l.level()), 1);
                hud.text(bx + BAR * s, y, " " + counts[i], TEXT, 1);
                y += lh;
            }
        }

        if (c.help()) {
            int helpWidth = 0;
            for (String h : Controls.HELP) {
                helpWidth = Math.max(helpWidth, hud.width(h));
            }
            float hx = width - helpWidth - 3 * pad;
            hud.rect(hx - pad, pad, helpWidth + 2 * pad, Controls.HELP.size() * lh + 2 * pad - 3 * s, PANEL,
                    PANEL_ALPHA);
            float hy = 2 * pad;
            for (String h : Controls.HELP) {
                hud.text(hx, hy, h, TEXT, 1);
                hy += lh;
            }
        }
        if (f.message() != null) {
            float my = height - lh - 2 * pad + 3 * s;
            float mx = width - hud.width(f.message()) - 2 * pad;
            hud.rect(mx - pad, my - pad, hud.width(f.message()) + 2 * pad, lh + 2 * pad - 3 * s, PANEL, PANEL_ALPHA);
            hud.text(mx, my, f.message(), ACCENT, 1);
        }
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
