package org.loopsub.samples.meshes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.imageio.ImageIO;
import org.joml.Matrix4d;
import org.joml.Vector4d;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.TriangleMesh;
import org.loopsub.obj.ObjReader;

/**
 * What a camera sees of a triangle mesh: a measuring tool for the output of view-dependent
 * refinement ({@code loopsub subdivide --adaptive --screen-px ...}), to tell how much of it the
 * viewer cannot see and whether culling changed the picture.
 *
 * <p>The camera has the meaning of the command line's options: a perspective camera at
 * {@code --eye} looking at {@code --target}, {@code --up} the up direction, {@code --fov} the
 * vertical field of view in degrees, {@code --viewport} in pixels; OpenGL's conventions (JOML's
 * {@code setLookAt} and {@code setPerspective}, clip-space z in [-1, 1]). The near plane is at a
 * thousandth of the mesh's bounding radius (half its bounding-box diagonal) and the far plane at
 * infinity, so that nothing in front of the camera is lost to it.
 *
 * <p>Printed, one figure per line as {@code key: value} (the same keys and values as a JSON object
 * with {@code --json FILE}):
 * <ul>
 * <li>{@code triangles}, and {@code degenerate}: those of zero area (cross product of two edges
 *     exactly zero), left out of every figure below;</li>
 * <li>{@code facing_away}: the front side (counter-clockwise corners) faces away from the eye,
 *     {@code (eye - centroid) . normal < 0}; {@code edge_on}: that product is exactly 0, so the
 *     triangle is neither facing away nor front-facing;</li>
 * <li>{@code outside_view}: all three corners outside the same one of the left, right, bottom, top
 *     or near planes in clip space (the far plane is at infinity). A triangle can be both facing
 *     away and outside: {@code facing_away_and_outside_view} counts those, so that
 *     {@code visible_candidates}, the triangles that are neither, is the others minus the
 *     overlap;</li>
 * <li>{@code covered_pixels}: pixels whose centre lies in at least one front-facing triangle not
 *     outside the view, and {@code triangles_per_covered_pixel};</li>
 * <li>{@code visible_triangles}: the front-facing triangles that own at least one pixel after the
 *     depth test.</li>
 * </ul>
 * Fractions ({@code *_fraction}) are of the non-degenerate triangles, or for pixels of the
 * viewport, rounded to 6 decimals.
 *
 * <p>The picture is found by a software rasteriser in double precision: each triangle is clipped
 * against the near plane in clip space, the covered pixel centres inside its clamped screen
 * bounding box are found by edge functions (a centre on an edge counts for both triangles: coverage,
 * not blending, is measured), and the depth test keeps the largest {@code 1/w}, which is affine in
 * screen space and so interpolates exactly; an equal depth keeps the triangle drawn first. A
 * covered pixel's grey is its triangle's facing, {@code 40 + 215 cos} of the angle between the
 * normal and the direction to the eye, so that background (0) and surface never meet.
 * {@code --image FILE.png} writes that picture. {@code --compare OTHER.obj} draws a second mesh
 * with the same camera and near plane and counts {@code pixels_differing}: covered in one picture
 * and not the other, or covered in both with greys more than 8 levels apart; its fraction is of
 * the pixels either picture covers.
 *
 * <p>Cost: one pass over the triangles with a few arrays per vertex and per pixel; the
 * rasteriser's work is the triangles plus the pixels of their bounding boxes. Reading the OBJ
 * takes nearly all the time and heap: 22 M triangles (a 1.9 GB file) at 1920x1080 ran in about
 * 1.5 minutes on one core in an 8 GiB heap, of which classifying and drawing took about a second.
 *
 * <p>Exit status: 0 done; 2 usage error (one line on stderr); 3 an input that cannot be read or is
 * not a triangle mesh; 4 {@code --json} or {@code --image} cannot be written.
 *
 * <pre>
 *   java -Xmx8g -cp samples/target/loopsub.jar org.loopsub.samples.meshes.ViewCoverage out.obj \
 *       --eye 0,0,30 --target 0,0,0 [--compare out-cull-none.obj] [--image out.png] [--json out.json]
 * </pre>
 */
public final class ViewCoverage {
    static final String USAGE = "usage: ViewCoverage <mesh.obj> --eye x,y,z --target x,y,z [--up 0,1,0] [--fov 45]"
            + " [--viewport 1920x1080] [--json FILE] [--image FILE.png] [--compare OTHER.obj]";

    static final int OK = 0;
    static final int USAGE_ERROR = 2;
    static final int INPUT_ERROR = 3;
    static final int OUTPUT_ERROR = 4;

    /** Greys more than this many levels apart are a different picture; closer is rounding. */
    static final int GREY_TOLERANCE = 8;

    // a vertex's outcode: the clip planes it lies outside of
    private static final int LEFT = 1;
    private static final int RIGHT = 2;
    private static final int BOTTOM = 4;
    private static final int TOP = 8;
    private static final int NEAR = 16;

    private ViewCoverage() {
    }

    /**
     * @param args the mesh and the options ({@link #USAGE})
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * The whole program, its streams given, for tests.
     *
     * @param args the mesh and the options ({@link #USAGE})
     * @param out receives the figures
     * @param err receives the one line of a failure
     * @return the exit status
     */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = Options.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("ViewCoverage: " + e.getMessage() + "; " + USAGE);
            return USAGE_ERROR;
        }
        Camera camera;
        Frame frame = new Frame(o.width, o.height);
        Counts counts;
        try {
            // only the arrays are kept: the reader's model of a large file is most of the heap
            TriangleMesh mesh = read(o.mesh);
            float[] pos = mesh.positions();
            int[] tri = mesh.triangles();
            mesh = null;
            camera = new Camera(o, boundingRadius(pos));
            counts = draw(pos, tri, camera, frame);
        } catch (IOException | InvalidMeshException e) {
            err.println("ViewCoverage: " + o.mesh + ": cannot read: " + firstLine(e));
            return INPUT_ERROR;
        }

        Map<String, Object> report = new LinkedHashMap<>();
        report.put("mesh", o.mesh.toString());
        report.put("viewport", o.width + "x" + o.height);
        long nonDegenerate = counts.triangles - counts.degenerate;
        long covered = frame.covered();
        report.put("triangles", counts.triangles);
        report.put("degenerate", counts.degenerate);
        report.put("facing_away", counts.facingAway);
        report.put("facing_away_fraction", fraction(counts.facingAway, nonDegenerate));
        report.put("edge_on", counts.edgeOn);
        report.put("outside_view", counts.outside);
        report.put("outside_view_fraction", fraction(counts.outside, nonDegenerate));
        report.put("facing_away_and_outside_view", counts.facingAwayAndOutside);
        long candidates = nonDegenerate - counts.facingAway - counts.outside + counts.facingAwayAndOutside;
        report.put("visible_candidates", candidates);
        report.put("visible_candidates_fraction", fraction(candidates, nonDegenerate));
        report.put("covered_pixels", covered);
        report.put("covered_pixels_fraction", fraction(covered, (long) o.width * o.height));
        report.put("triangles_per_covered_pixel", fraction(counts.triangles, covered));
        long visible = frame.owners(counts.triangles);
        report.put("visible_triangles", visible);
        report.put("visible_triangles_fraction", fraction(visible, nonDegenerate));

        if (o.compare != null) {
            Frame other = new Frame(o.width, o.height);
            Counts otherCounts;
            try {
                TriangleMesh mesh = read(o.compare);
                otherCounts = draw(mesh.positions(), mesh.triangles(), camera, other);
            } catch (IOException | InvalidMeshException e) {
                err.println("ViewCoverage: " + o.compare + ": cannot read: " + firstLine(e));
                return INPUT_ERROR;
            }
            long[] diff = frame.differences(other);
            report.put("compare", o.compare.toString());
            report.put("compare_triangles", otherCounts.triangles);
            report.put("compare_covered_pixels", other.covered());
            report.put("pixels_differing", diff[0]);
            report.put("pixels_differing_fraction", fraction(diff[0], diff[1]));
        }

        report.forEach((key, value) -> out.println(key + ": " + (value == null ? "n/a"
                : value instanceof BigDecimal d ? d.toPlainString() : value)));
        try {
            if (o.json != null) {
                Files.writeString(o.json, json(report), StandardCharsets.UTF_8);
            }
            if (o.image != null && !ImageIO.write(frame.image(), "png", o.image.toFile())) {
                throw new IOException("no PNG writer");
            }
        } catch (IOException | UncheckedIOException e) {
            err.println("ViewCoverage: cannot write: " + firstLine(e));
            return OUTPUT_ERROR;
        }
        return OK;
    }

    private static TriangleMesh read(Path file) throws IOException {
        return ObjReader.read(file).mesh();
    }

    private static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** @return a ratio rounded to 6 decimals, or null where the whole is 0 */
    private static BigDecimal fraction(long part, long whole) {
        return whole == 0 ? null : BigDecimal.valueOf((double) part / whole).setScale(6, RoundingMode.HALF_EVEN);
    }

    static String json(Map<String, Object> report) {
        // exact, plain decimals: the JSON carries the digits the text shows
        ObjectMapper mapper = JsonMapper.builder()
                .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
                .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .build();
        ObjectNode root = mapper.createObjectNode();
        report.forEach((key, value) -> {
            if (value instanceof Long l) {
                root.put(key, l);
            } else if (value instanceof BigDecimal d) {
                root.put(key, d);
            } else if (value == null) {
                root.putNull(key);
            } else {
                root.put(key, value.toString());
            }
        });
        try {
            return mapper.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            // a tree of plain nodes always serialises
            throw new UncheckedIOException(e);
        }
    }

    /** @return half the diagonal of the bounding box of the positions */
    static double boundingRadius(float[] pos) {
        double[] min = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] max = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < pos.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                min[k] = Math.min(min[k], pos[i + k]);
                max[k] = Math.max(max[k], pos[i + k]);
            }
        }
        if (pos.length == 0) {
            return 0;
        }
        double dx = max[0] - min[0];
        double dy = max[1] - min[1];
        double dz = max[2] - min[2];
        return 0.5 * Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** The command line, checked. */
    record Options(Path mesh, double[] eye, double[] target, double[] up, double fovDegrees, int width, int height,
                   Path json, Path image, Path compare) {

        /** @throws IllegalArgumentException with the sentence for the usage line */
        static Options parse(String[] args) {
            Path mesh = null;
            double[] eye = null;
            double[] target = null;
            double[] up = {0, 1, 0};
            double fov = 45;
            int width = 1920;
            int height = 1080;
            Path json = null;
            Path image = null;
            Path compare = null;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (!a.startsWith("--")) {
                    if (mesh != null) {
                        throw new IllegalArgumentException("one mesh only, got '" + mesh + "' and '" + a + "'");
                    }
                    mesh = Path.of(a);
                    continue;
                }
                String value;
                int eq = a.indexOf('=');
                if (eq >= 0) {
                    value = a.substring(eq + 1);
                    a = a.substring(0, eq);
                } else if (i + 1 < args.length) {
                    value = args[++i];
                } else {
                    throw new IllegalArgumentException(a + " needs a value");
                }
                switch (a) {
                    case "--eye" -> eye = point(a, value);
                    case "--target" -> target = point(a, value);
                    case "--up" -> up = point(a, value);
                    case "--fov" -> {
                        fov = number(a, value);
                        if (!(fov > 0 && fov < 180)) {
                            throw new IllegalArgumentException("--fov must be between 0 and 180 degrees, got "
                                    + value);
                        }
                    }
                    case "--viewport" -> {
                        String[] wh = value.split("[xX]", -1);
                        try {
                            width = wh.length == 2 ? Integer.parseInt(wh[0]) : -1;
                            height = wh.length == 2 ? Integer.parseInt(wh[1]) : -1;
                        } catch (NumberFormatException e) {
                            width = -1;
                        }
                        // the per-pixel arrays are indexed by int
                        if (width <= 0 || height <= 0 || (long) width * height > Integer.MAX_VALUE) {
                            throw new IllegalArgumentException("--viewport '" + value
                                    + "' is not WIDTHxHEIGHT in pixels, e.g. 1920x1080");
                        }
                    }
                    case "--json" -> json = Path.of(value);
                    case "--image" -> image = Path.of(value);
                    case "--compare" -> compare = Path.of(value);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            if (mesh == null) {
                throw new IllegalArgumentException("no mesh given");
            }
            if (eye == null || target == null) {
                throw new IllegalArgumentException("--eye and --target are required");
            }
            double[] d = {target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]};
            if (d[0] == 0 && d[1] == 0 && d[2] == 0) {
                throw new IllegalArgumentException("--eye and --target are the same point");
            }
            if (d[1] * up[2] - d[2] * up[1] == 0 && d[2] * up[0] - d[0] * up[2] == 0
                    && d[0] * up[1] - d[1] * up[0] == 0) {
                throw new IllegalArgumentException("--up is parallel to the view direction (or zero)");
            }
            return new Options(mesh, eye, target, up, fov, width, height, json, image, compare);
        }

        private static double[] point(String option, String value) {
            String[] parts = value.split(",", -1);
            if (parts.length != 3) {
                throw new IllegalArgumentException(option + " '" + value + "' is not a point x,y,z");
            }
            double[] p = new double[3];
            for (int k = 0; k < 3; k++) {
                p[k] = number(option, parts[k]);
            }
            return p;
        }

        private static double number(String option, String value) {
            double v;
            try {
                // through float, as the command line reads it, so that both see the same camera
                v = Float.parseFloat(value.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " '" + value + "' is not a number");
            }
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException(option + " '" + value + "' is not a finite number");
            }
            return v;
        }
    }

    /** The camera's matrix and what the triangle pass needs of it. */
    static final class Camera {
        final double[] eye;
        final Matrix4d clip;
        final double near;

        /**
         * @param o the command line
         * @param radius the mesh's bounding radius, which places the near plane
         */
        Camera(Options o, double radius) {
            eye = o.eye;
            // a mesh that is one point still needs a near plane in front of the eye
            near = radius > 0 ? 1e-3 * radius : 1e-3;
            Matrix4d view = new Matrix4d().setLookAt(o.eye[0], o.eye[1], o.eye[2], o.target[0], o.target[1],
                    o.target[2], o.up[0], o.up[1], o.up[2]);
            clip = new Matrix4d().setPerspective(Math.toRadians(o.fovDegrees), (double) o.width / o.height, near,
                    Double.POSITIVE_INFINITY).mul(view);
        }
    }

    /** What the triangle pass counted. */
    static final class Counts {
        long triangles;
        long degenerate;
        long facingAway;
        long edgeOn;
        long outside;
        long facingAwayAndOutside;
    }

    /**
     * Classifies every triangle and draws the front-facing ones that are not outside the view.
     *
     * @param pos positions, x, y, z per vertex
     * @param tri three vertex indices per triangle, counter-clockwise seen from the front
     * @param camera the camera
     * @param frame receives the picture; triangle numbers are the owners of its pixels
     * @return the counts
     */
    static Counts draw(float[] pos, int[] tri, Camera camera, Frame frame) {
        int vertices = pos.length / 3;
        // clip coordinates once per vertex: a vertex is shared by about six triangles
        double[] clip = new double[4 * vertices];
        byte[] outcode = new byte[vertices];
        Vector4d h = new Vector4d();
        for (int v = 0; v < vertices; v++) {
            camera.clip.transform(h.set(pos[3 * v], pos[3 * v + 1], pos[3 * v + 2], 1));
            clip[4 * v] = h.x;
            clip[4 * v + 1] = h.y;
            clip[4 * v + 2] = h.z;
            clip[4 * v + 3] = h.w;
            outcode[v] = (byte) ((h.x < -h.w ? LEFT : 0) | (h.x > h.w ? RIGHT : 0) | (h.y < -h.w ? BOTTOM : 0)
                    | (h.y > h.w ? TOP : 0) | (h.z < -h.w ? NEAR : 0));
        }
        double ex = camera.eye[0];
        double ey = camera.eye[1];
        double ez = camera.eye[2];
        Counts n = new Counts();
        n.triangles = tri.length / 3;
        for (int t = 0; t < tri.length / 3; t++) {
            int a = tri[3 * t];
            int b = tri[3 * t + 1];
            int c = tri[3 * t + 2];
            double ax = pos[3 * a];
            double ay = pos[3 * a + 1];
            double az = pos[3 * a + 2];
            double ux = pos[3 * b] - ax;
            double uy = pos[3 * b + 1] - ay;
            double uz = pos[3 * b + 2] - az;
            double vx = pos[3 * c] - ax;
            double vy = pos[3 * c + 1] - ay;
            double vz = pos[3 * c + 2] - az;
            double nx = uy * vz - uz * vy;
            double ny = uz * vx - ux * vz;
            double nz = ux * vy - uy * vx;
            if (nx == 0 && ny == 0 && nz == 0) {
                n.degenerate++;
                continue;
            }
            double tx = ex - (ax + pos[3 * b] + pos[3 * c]) / 3;
            double ty = ey - (ay + pos[3 * b + 1] + pos[3 * c + 1]) / 3;
            double tz = ez - (az + pos[3 * b + 2] + pos[3 * c + 2]) / 3;
            double facing = tx * nx + ty * ny + tz * nz;
            boolean outside = (outcode[a] & outcode[b] & outcode[c]) != 0;
            if (facing < 0) {
                n.facingAway++;
            } else if (facing == 0) {
                n.edgeOn++;
            }
            if (outside) {
                n.outside++;
                if (facing < 0) {
                    n.facingAwayAndOutside++;
                }
            }
            if (facing > 0 && !outside) {
                double cos = facing / Math.sqrt((nx * nx + ny * ny + nz * nz) * (tx * tx + ty * ty + tz * tz));
                byte grey = (byte) (40 + Math.round(215 * Math.min(1, cos)));
                frame.triangle(t, grey, clip, 4 * a, 4 * b, 4 * c,
                        ((outcode[a] | outcode[b] | outcode[c]) & NEAR) != 0);
            }
        }
        return n;
    }

    /**
     * A picture being drawn: per pixel, the nearest depth so far ({@code 1/w}, larger is nearer, 0
     * for none), the triangle that owns it (-1 for none) and its grey. Rows run from the top of the
     * viewport down, pixel centres at half-integers.
     */
    static final class Frame {
        final int width;
        final int height;
        final double[] depth;
        final int[] owner;
        final byte[] grey;
        /** The polygon left of a triangle by the near plane: at most four corners, x, y, z, w each. */
        private final double[] polygon = new double[16];

        Frame(int width, int height) {
            this.width = width;
            this.height = height;
            depth = new double[width * height];
            owner = new int[width * height];
            grey = new byte[width * height];
            Arrays.fill(owner, -1);
        }

        /**
         * Draws one triangle given in clip space.
         *
         * @param id the triangle's number, to own its pixels
         * @param g its grey
         * @param clip clip coordinates, x, y, z, w per vertex
         * @param a offset of the first corner in {@code clip}
         * @param b offset of the second
         * @param c offset of the third
         * @param crossesNear whether some corner lies in front of the near plane
         */
        void triangle(int id, byte g, double[] clip, int a, int b, int c, boolean crossesNear) {
            if (!crossesNear) {
                fill(id, g, clip, a, clip, b, clip, c);
                return;
            }
            // Sutherland-Hodgman against the one plane z + w >= 0; the others are the screen clamp's job,
            // but a corner behind the eye would project to the wrong side of the screen
            int corners = 0;
            for (int i = 0; i < 3; i++) {
                int p = i == 0 ? a : i == 1 ? b : c;
                int q = i == 0 ? b : i == 1 ? c : a;
                double dp = clip[p + 2] + clip[p + 3];
                double dq = clip[q + 2] + clip[q + 3];
                if (dp >= 0) {
                    System.arraycopy(clip, p, polygon, 4 * corners++, 4);
                }
                if ((dp >= 0) != (dq >= 0)) {
                    double s = dp / (dp - dq);
                    for (int k = 0; k < 4; k++) {
                        polygon[4 * corners + k] = clip[p + k] + s * (clip[q + k] - clip[p + k]);
                    }
                    corners++;
                }
            }
            for (int i = 2; i < corners; i++) {
                fill(id, g, polygon, 0, polygon, 4 * (i - 1), polygon, 4 * i);
            }
        }

        private void fill(int id, byte g, double[] pa, int a, double[] pb, int b, double[] pc, int c) {
            double wa = 1 / pa[a + 3];
            double wb = 1 / pb[b + 3];
            double wc = 1 / pc[c + 3];
            double xa = (pa[a] * wa + 1) * 0.5 * width;
            double ya = (1 - pa[a + 1] * wa) * 0.5 * height;
            double xb = (pb[b] * wb + 1) * 0.5 * width;
            double yb = (1 - pb[b + 1] * wb) * 0.5 * height;
            double xc = (pc[c] * wc + 1) * 0.5 * width;
            double yc = (1 - pc[c + 1] * wc) * 0.5 * height;
            double area = (xb - xa) * (yc - ya) - (xc - xa) * (yb - ya);
            if (!(area != 0)) {
                return;
            }
            if (area < 0) {
                // the screen's winding depends on the flip of y, not on the facing, which is decided already
                double t = xb;
                xb = xc;
                xc = t;
                t = yb;
                yb = yc;
                yc = t;
                t = wb;
                wb = wc;
                wc = t;
                area = -area;
            }
            int x0 = (int) Math.max(0, Math.ceil(Math.min(xa, Math.min(xb, xc)) - 0.5));
            int x1 = (int) Math.min(width - 1, Math.floor(Math.max(xa, Math.max(xb, xc)) - 0.5));
            int y0 = (int) Math.max(0, Math.ceil(Math.min(ya, Math.min(yb, yc)) - 0.5));
            int y1 = (int) Math.min(height - 1, Math.floor(Math.max(ya, Math.max(yb, yc)) - 0.5));
            for (int y = y0; y <= y1; y++) {
                double py = y + 0.5;
                for (int x = x0; x <= x1; x++) {
                    double px = x + 0.5;
                    // each weight is the area opposite its corner: all >= 0 inside
                    double ea = (xc - xb) * (py - yb) - (yc - yb) * (px - xb);
                    double eb = (xa - xc) * (py - yc) - (ya - yc) * (px - xc);
                    double ec = (xb - xa) * (py - ya) - (yb - ya) * (px - xa);
                    if (ea < 0 || eb < 0 || ec < 0) {
                        continue;
                    }
                    double z = (ea * wa + eb * wb + ec * wc) / area;
                    int i = y * width + x;
                    if (z > depth[i]) {
                        depth[i] = z;
                        owner[i] = id;
                        grey[i] = g;
                    }
                }
            }
        }

        /** @return the pixels some triangle covers */
        long covered() {
            long n = 0;
            for (int o : owner) {
                if (o >= 0) {
                    n++;
                }
            }
            return n;
        }

        /**
         * @param triangles the number of triangles drawn from
         * @return how many distinct triangles own a pixel
         */
        long owners(long triangles) {
            long[] seen = new long[(int) ((triangles + 63) >>> 6)];
            long n = 0;
            for (int o : owner) {
                if (o >= 0 && (seen[o >>> 6] & (1L << o)) == 0) {
                    seen[o >>> 6] |= 1L << o;
                    n++;
                }
            }
            return n;
        }

        /**
         * @param other a picture of the same size
         * @return the pixels that differ (covered in one only, or greys more than
         *     {@value #GREY_TOLERANCE} apart) and the pixels either picture covers
         */
        long[] differences(Frame other) {
            long differing = 0;
            long union = 0;
            for (int i = 0; i < owner.length; i++) {
                boolean here = owner[i] >= 0;
                boolean there = other.owner[i] >= 0;
                if (here || there) {
                    union++;
                }
                if (here != there || (here && Math.abs((grey[i] & 0xFF) - (other.grey[i] & 0xFF)) > GREY_TOLERANCE)) {
                    differing++;
                }
            }
            return new long[] {differing, union};
        }

        /** @return the picture, 8-bit grey, background black */
        BufferedImage image() {
            BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
            image.getRaster().setDataElements(0, 0, width, height, grey);
            return image;
        }
    }
}
