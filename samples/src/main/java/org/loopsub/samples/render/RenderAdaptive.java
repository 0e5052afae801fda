package org.loopsub.samples.render;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.loopsub.api.Camera;
import org.loopsub.api.LevelStats;
import org.loopsub.api.Point3;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.gl.GlContext;
import org.loopsub.obj.ObjReader;

/**
 * Example program: refines an OBJ with the Java back end, uniformly or adaptively, and renders the
 * result with its wireframe into a PNG (headless, through EGL). The pictures in
 * {@code docs/adaptive.md} are made with it.
 *
 * <pre>
 * java -cp samples/target/loopsub.jar org.loopsub.samples.render.RenderAdaptive in.obj out.png [options]
 *   --levels N        uniform refinement, N levels (default 2 when no criterion is given)
 *   --max-edge L      adaptive: edges at most L long; "2%" means 2% of the bounding-box diagonal
 *   --screen-px P     adaptive: edges at most P pixels long seen by the camera below
 *   --flatness T      adaptive: Loop edge point within T of the chord midpoint
 *   --max-depth D     adaptive: deepest level (default 5)
 *   --size WxH        image size, also the screen-space criterion's viewport (default 1024x768)
 *   --eye x,y,z --target x,y,z --up x,y,z --fov deg
 *                     camera (default: looking at the bounding-box centre from +z, a little off
 *                     axis, far enough that the bounding sphere fills the view; up +y, fov 40)
 *   --smooth          interpolate vertex normals (default: flat faces)
 *   --no-wire         no wireframe
 *   --by-size         colour faces by area instead of by the level at which they finished
 *   --palette         write a 256-colour PNG (about half the size; used for the docs pictures)
 *   --limit           output on the limit surface, with limit normals
 *   --ignore-creases  refine every edge smoothly
 *   --checker N       colour faces by an N x N checkerboard of their uvs (meshes with vt)
 *   --uv-smooth       refine uvs by the smooth face-varying rule (default: the linear one)
 *   --msaa N          samples per pixel (default 4)
 * </pre>
 *
 * <p>The argument parsing is deliberately tiny: this is an example of the API and of rendering, the
 * {@code loopsub} command line is the tool with real validation.
 */
public final class RenderAdaptive {
    private RenderAdaptive() {
    }

    /**
     * @param args see the class comment
     * @throws Exception on bad input or output; usage errors exit with status 2
     */
    public static void main(String[] args) throws Exception {
        Args a = Args.parse(args);
        TriangleMesh mesh = ObjReader.read(a.in).mesh();
        Bounds b = Bounds.of(mesh);
        Point3 target = a.target != null ? a.target : b.centre();
        Point3 eye = a.eye != null ? a.eye : defaultEye(b, target, a.fov, a.width, a.height);
        Camera camera = new Camera(eye, target, a.up, a.fov, a.width, a.height);
        RefineOptions options = a.options(b, camera);

        RefineResult result;
        try (Tessellator t = Tessellators.create("java")) {
            result = t.refine(mesh, options);
        }
        long slivers = result.levels().stream().mapToLong(LevelStats::slivers).sum();
        System.out.printf(Locale.ROOT, "%s: %d -> %d triangles (%d slivers), %s%n", a.in.getFileName(),
                mesh.triangleCount(), result.triangleCount(), slivers, options.criteria().isEmpty()
                        ? "uniform " + options.levels() : "adaptive " + options.criteria());
        System.out.printf(Locale.ROOT, "camera: eye %s target %s fov %.1f, %dx%d%n", fmt(eye), fmt(target), a.fov,
                a.width, a.height);
        render(a, result, camera);
    }

    /** Draws the result with the chosen style, adds the legend of levels, writes the PNG. */
    private static void render(Args a, RefineResult result, Camera camera) throws IOException {
        try (GlContext gl = GlContext.createHeadless();
             OffscreenRenderer r = new OffscreenRenderer(a.width, a.height, a.msaa)) {
            FaceLevels faceLevels = a.bySize ? null : FaceLevels.of(result).orElse(null);
            if (a.checker > 0) {
                faceLevels = checker(result, a.checker, faceLevels);
            }
            r.draw(result.mesh(), result.normals(), faceLevels, camera,
                    new OffscreenRenderer.Style(a.smooth, a.wire, true, 1f, 0.6f));
            BufferedImage image = r.read();
            if (faceLevels != null && a.checker == 0) {
                legend(image, result);
            }
            if (!ImageIO.write(a.palette ? Palette.reduce(image) : image, "png", a.out.toFile())) {
                throw new IOException("no PNG writer in this JDK");
            }
            System.out.println("wrote " + a.out + " (" + gl.renderer() + ")");
        }
    }

    /** The command line, as the class comment gives it. */
    private static final class Args {
        Path in;
        Path out;
        Integer levels;
        String maxEdge;
        Float screenPx;
        Float flatness;
        int maxDepth = 5;
        int width = 1024;
        int height = 768;
        Point3 eye;
        Point3 target;
        Point3 up = new Point3(0, 1, 0);
        float fov = 40;
        boolean smooth;
        boolean wire = true;
        boolean bySize;
        boolean palette;
        boolean limit;
        boolean creases = true;
        int checker;
        int msaa = 4;
        org.loopsub.api.UvInterpolation uvRule = org.loopsub.api.UvInterpolation.LINEAR;

        static Args parse(String[] args) {
            if (args.length < 2 || args[0].startsWith("--")) {
                usage("give an input OBJ and an output PNG");
            }
            Args r = new Args();
            r.in = Path.of(args[0]);
            r.out = Path.of(args[1]);
            for (int i = 2; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--smooth" -> r.smooth = true;
                    case "--no-wire" -> r.wire = false;
                    case "--by-size" -> r.bySize = true;
                    case "--palette" -> r.palette = true;
                    case "--limit" -> r.limit = true;
                    case "--ignore-creases" -> r.creases = false;
                    case "--uv-smooth" -> r.uvRule = org.loopsub.api.UvInterpolation.SMOOTH;
                    default -> {
                        if (i + 1 >= args.length) {
                            usage("unknown option or missing value: " + a);
                        }
                        r.value(a, args[++i]);
                    }
                }
            }
            return r;
        }

        private void value(String option, String v) {
            switch (option) {
                case "--levels" -> levels = Integer.parseInt(v);
                case "--max-edge" -> maxEdge = v;
                case "--screen-px" -> screenPx = Float.parseFloat(v);
                case "--flatness" -> flatness = Float.parseFloat(v);
                case "--max-depth" -> maxDepth = Integer.parseInt(v);
                case "--size" -> {
                    String[] wh = v.toLowerCase(Locale.ROOT).split("x");
                    width = Integer.parseInt(wh[0]);
                    height = Integer.parseInt(wh[1]);
                }
                case "--eye" -> eye = point(v);
                case "--target" -> target = point(v);
                case "--up" -> up = point(v);
                case "--fov" -> fov = Float.parseFloat(v);
                case "--msaa" -> msaa = Integer.parseInt(v);
                case "--checker" -> checker = Integer.parseInt(v);
                default -> usage("unknown option: " + option);
            }
        }

        /** The refinement asked for: uniform (--levels, default 2) or adaptive by the criteria given. */
        RefineOptions options(Bounds b, Camera camera) {
            List<StopCriterion> criteria = new ArrayList<>();
            if (maxEdge != null) {
                float l = maxEdge.endsWith("%")
                        ? (float) (Double.parseDouble(maxEdge.substring(0, maxEdge.length() - 1)) / 100 * b.diagonal())
                        : Float.parseFloat(maxEdge);
                criteria.add(new StopCriterion.MaxEdgeLength(l));
            }
            if (screenPx != null) {
                criteria.add(new StopCriterion.ScreenEdgeLength(camera, screenPx));
            }
            if (flatness != null) {
                criteria.add(new StopCriterion.Flatness(flatness));
            }
            if (!criteria.isEmpty() && levels != null) {
                usage("--levels is uniform refinement; with a criterion use --max-depth");
            }
            RefineOptions options = criteria.isEmpty()
                    ? RefineOptions.uniform(levels == null ? 2 : levels)
                    : RefineOptions.adaptive(maxDepth, criteria.toArray(StopCriterion[]::new));
            return options.withLimitSurface(limit).withCreases(creases).withUvInterpolation(uvRule);
        }
    }

    /**
     * A checkerboard in uv space as face colours (two of the level colours): the texture a
     * renderer would show, one colour per face at its uv centroid.
     */
    static FaceLevels checker(RefineResult result, int n, FaceLevels levels) {
        if (!result.hasUvs()) {
            throw new IllegalArgumentException("--checker needs a mesh with texture coordinates (vt)");
        }
        int faces = result.triangleCount() > Integer.MAX_VALUE ? 0 : (int) result.triangleCount();
        int[] colour = new int[faces];
        boolean[] slivers = levels != null ? levels.slivers() : new boolean[faces];
        for (int t = 0; t < faces; t++) {
            double u = 0;
            double v = 0;
            for (int c = 0; c < 3; c++) {
                u += result.uv(result.uvIndex(t, c), 0) / 3;
                v += result.uv(result.uvIndex(t, c), 1) / 3;
            }
            colour[t] = ((int) Math.floor(u * n) + (int) Math.floor(v * n)) % 2 == 0 ? 1 : 6;
        }
        return new FaceLevels(colour, slivers);
    }

    /**
     * Puts the eye on the +z side of the target, turned a little to the right and up so that the
     * depth of the mesh varies across the picture (which the screen-space criterion shows), at the
     * distance where the bounding sphere just fits the narrower field of view.
     */
    static Point3 defaultEye(Bounds b, Point3 target, float fovY, int width, int height) {
        double halfY = Math.toRadians(fovY) / 2;
        double halfX = Math.atan(Math.tan(halfY) * width / height);
        double dist = 0.8 * b.radius() / Math.sin(Math.min(halfX, halfY));
        org.joml.Vector3d dir = new org.joml.Vector3d(0.3, 0.15, 1).normalize();
        return new Point3((float) (target.x() + dist * dir.x), (float) (target.y() + dist * dir.y),
                (float) (target.z() + dist * dir.z));
    }

    /** A key in the top-left corner: one swatch per level that has faces, the triangle counts, slivers. */
    static void legend(BufferedImage image, RefineResult result) {
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
            int y = 16;
            long slivers = 0;
            for (LevelStats s : result.levels()) {
                slivers += s.slivers();
                long faces = s.finishedTriangles();
                if (faces == 0) {
                    continue;
                }
                g.setColor(colour(OffscreenRenderer.levelColour(s.level())));
                g.fillRect(16, y, 18, 14);
                g.setColor(Color.DARK_GRAY);
                g.drawRect(16, y, 18, 14);
                g.drawString(String.format(Locale.ROOT, "level %d: %,d", s.level(), faces), 42, y + 12);
                y += 20;
            }
            if (slivers > 0) {
                g.setColor(colour(OffscreenRenderer.SLIVER));
                g.fillRect(16, y + 5, 18, 4);
                g.setColor(Color.DARK_GRAY);
                g.drawString(String.format(Locale.ROOT, "slivers: %,d", slivers), 42, y + 12);
                y += 20;
            }
            g.drawString(String.format(Locale.ROOT, "total: %,d triangles", result.triangleCount()), 16, y + 12);
        } finally {
            g.dispose();
        }
    }

    private static Color colour(float[] rgb) {
        return new Color(rgb[0], rgb[1], rgb[2]);
    }

    private static Point3 point(String v) {
        String[] p = v.split(",");
        if (p.length != 3) {
            usage("expected x,y,z, got " + v);
        }
        return new Point3(Float.parseFloat(p[0]), Float.parseFloat(p[1]), Float.parseFloat(p[2]));
    }

    private static String fmt(Point3 p) {
        return String.format(Locale.ROOT, "%.4g,%.4g,%.4g", p.x(), p.y(), p.z());
    }

    private static void usage(String why) {
        System.err.println("RenderAdaptive: " + why);
        System.err.println("usage: RenderAdaptive <in.obj> <out.png> [--levels N | --max-edge L[%] | --screen-px P"
                + " | --flatness T] [--max-depth D] [--size WxH] [--eye x,y,z] [--target x,y,z] [--up x,y,z]"
                + " [--fov deg] [--smooth] [--no-wire] [--by-size] [--palette] [--msaa N]");
        System.exit(2);
    }

    /**
     * Axis-aligned bounds of a mesh's vertices.
     *
     * @param lo smallest x, y, z
     * @param hi largest x, y, z
     */
    record Bounds(double[] lo, double[] hi) {
        static Bounds of(TriangleMesh m) {
            double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
            double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
            for (int v = 0; v < m.vertexCount(); v++) {
                for (int x = 0; x < 3; x++) {
                    lo[x] = Math.min(lo[x], m.position(v, x));
                    hi[x] = Math.max(hi[x], m.position(v, x));
                }
            }
            return new Bounds(lo, hi);
        }

        Point3 centre() {
            return new Point3((float) (0.5 * (lo[0] + hi[0])), (float) (0.5 * (lo[1] + hi[1])),
                    (float) (0.5 * (lo[2] + hi[2])));
        }

        double diagonal() {
            double d = 0;
            for (int x = 0; x < 3; x++) {
                d += (hi[x] - lo[x]) * (hi[x] - lo[x]);
            }
            return Math.sqrt(d);
        }

        double radius() {
            return 0.5 * diagonal();
        }
    }
}
