package org.loopsub.samples.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.loopsub.api.Camera;
import org.loopsub.api.Culling;
import org.loopsub.api.Point3;
import org.loopsub.api.BoundaryInterpolation;
import org.loopsub.api.UvInterpolation;
import org.loopsub.api.Welding;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.StopCriterion;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * The adaptive-refinement options ({@code --adaptive}, {@code --max-depth} and the stop criteria),
 * a picocli mixin shared by every command that refines, so that {@code subdivide} and
 * {@code bench} accept exactly the same words and refuse exactly the same combinations.
 *
 * <p>The command keeps its own {@code --levels} (its default differs between commands) and hands
 * it to {@link #resolve(Integer, Integer)}, which turns the whole command line into
 * {@link RefineOptions} or a usage error.
 */
final class AdaptiveOptions {
    /** What {@code --max-depth} is without a value; deep enough to matter, shallow enough to fit in memory. */
    static final int DEFAULT_MAX_DEPTH = 6;

    private static final String[] CRITERIA = {"--max-edge", "--screen-px", "--flatness"};
    private static final String[] CAMERA = {"--eye", "--target", "--up", "--fov", "--viewport"};

    /** The command this mixin is part of: usage errors and the parse result belong to it. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--adaptive",
            description = "Refine adaptively instead of uniformly: an edge is no longer split once every "
                    + "criterion given (--max-edge, --screen-px, --flatness; at least one) says it is fine, "
                    + "and T-junctions between levels are closed by sliver triangles. Excludes --levels. "
                    + "Default: off (uniform).")
    boolean adaptive;

    @Option(names = "--max-depth", paramLabel = "<D>", defaultValue = "" + DEFAULT_MAX_DEPTH,
            description = "With --adaptive: the deepest level, 0 to " + RefineOptions.MAX_LEVELS
                    + "; whatever is still being split there is output at that level. Default: ${DEFAULT-VALUE}.")
    int maxDepth;

    @Option(names = "--max-edge", paramLabel = "<L>",
            description = "With --adaptive: an edge is fine once it is at most L long, in mesh units "
                    + "(L > 0). Default: not used.")
    Float maxEdge;

    @Option(names = "--screen-px", paramLabel = "<P>",
            description = "With --adaptive: an edge is fine once its projection by the camera (--eye, --target, "
                    + "--up, --fov, --viewport) is at most P pixels long (P > 0). Edges wholly behind the "
                    + "camera are fine; edges crossing its near plane are split. Default: not used.")
    Float screenPx;

    @Option(names = "--eye", paramLabel = "<x,y,z>", converter = PointConverter.class,
            description = "With --screen-px (and required by it): the camera position, in mesh coordinates.")
    Point3 eye;

    @Option(names = "--target", paramLabel = "<x,y,z>", converter = PointConverter.class,
            description = "With --screen-px (and required by it): a point the camera looks at.")
    Point3 target;

    @Option(names = "--up", paramLabel = "<x,y,z>", converter = PointConverter.class, defaultValue = "0,1,0",
            description = "With --screen-px: the camera's up direction (not parallel to the view direction). "
                    + "Default: ${DEFAULT-VALUE}.")
    Point3 up;

    @Option(names = "--fov", paramLabel = "<deg>", defaultValue = "45",
            description = "With --screen-px: vertical field of view in degrees, between 0 and 180 (exclusive). "
                    + "Default: ${DEFAULT-VALUE}.")
    float fov;

    @Option(names = "--viewport", paramLabel = "<WxH>", converter = ViewportConverter.class,
            defaultValue = "1920x1080",
            description = "With --screen-px: the viewport in pixels, width x height. Default: ${DEFAULT-VALUE}.")
    Viewport viewport;

    @Option(names = "--limit",
            description = "Put every output vertex on Loop's limit surface and give it the exact limit normal "
                    + "(OpenSubdiv's limit masks), instead of the control points of the last level. With "
                    + "--adaptive, triangles of different levels then meet on the surface with no steps between "
                    + "them. Default: off.")
    boolean limit;

    @Option(names = "--ignore-creases",
            description = "Refine every edge smoothly, ignoring the input's crease tags (t crease). Default: the "
                    + "tags apply, by OpenSubdiv's rules.")
    boolean ignoreCreases;

    @Option(names = "--boundary", paramLabel = "<rule>", defaultValue = "edge-only",
            description = "Boundary interpolation: edge-only (boundary vertices follow the boundary curve) or "
                    + "edge-and-corner (as edge-only, and a boundary vertex with one face stays put). "
                    + "Default: ${DEFAULT-VALUE}.")
    String boundary;

    @Option(names = "--weld", paramLabel = "<rule>", defaultValue = "exact",
            description = "Which input vertices are one: exact (those at exactly the same position are merged "
                    + "first, closing seams split in the file) or none (the file's own indices, as OpenSubdiv "
                    + "reads them: a split seam refines as a boundary on each side, and pieces that only touch "
                    + "are not refused as non-manifold). The output is welded by exact position either way. "
                    + "Default: ${DEFAULT-VALUE}.")
    String weld;

    @Option(names = "--creasing", paramLabel = "<rule>", defaultValue = "uniform",
            description = "How semi-sharp crease sharpness decays per level: uniform (each half loses 1) or "
                    + "chaikin (each half blends with the other semi-sharp edges at its end, OpenSubdiv's Chaikin "
                    + "rule). Default: ${DEFAULT-VALUE}.")
    String creasing;

    @Option(names = "--uv", paramLabel = "<rule>", defaultValue = "linear",
            description = "How texture coordinates (vt) refine: linear (each input triangle's uvs interpolated "
                    + "linearly, OpenSubdiv's FVAR_LINEAR_ALL) or smooth (uvs follow Loop's masks, seams and chart "
                    + "borders refine as B-spline curves, one-face corners stay put: FVAR_LINEAR_CORNERS_ONLY). "
                    + "Meshes without vt ignore it. Default: ${DEFAULT-VALUE}.")
    String uv;

    @Option(names = "--max-triangles", paramLabel = "<N>", defaultValue = "0",
            description = "At most N output triangles: where the refinement would make more it is coarser (the "
                    + "--screen-px bound grows, otherwise the depth shrinks; uniform: the most levels that fit), "
                    + "crack-free; subdivide says on stderr what it chose. 0: no budget. Default: ${DEFAULT-VALUE}.")
    long maxTriangles;

    @Option(names = "--cull", paramLabel = "<what>", defaultValue = "all",
            description = "With --screen-px: what the camera cannot see is refined only as far as the frame "
                    + "border or the silhouette needs: all (regions outside the view and regions facing away), "
                    + "frustum (outside the view only: for open surfaces seen from both sides), backface, or none. "
                    + "The output stays crack-free. Default: ${DEFAULT-VALUE}.")
    String cull;

    @Option(names = "--displace", paramLabel = "<FILE>",
            description = "Displace the output along the limit normal (implies --limit): each vertex moves by "
                    + "O + S * h, h the height map FILE (a grey PNG of 8 or 16 bits, no alpha; a sample s is "
                    + "s / 255 or s / 65535) filtered bilinearly at the vertex's uv, v up, the map repeated "
                    + "outside [0, 1]. Needs a mesh with uvs (vt) and --displace-scale. Normals are the displaced "
                    + "triangles'. Across a uv seam both sides must see the same height. Default: no displacement.")
    java.nio.file.Path displace;

    @Option(names = "--displace-scale", paramLabel = "<S>",
            description = "With --displace: the height map's factor S, in mesh units.")
    Float displaceScale;

    @Option(names = "--displace-offset", paramLabel = "<O>", defaultValue = "0",
            description = "With --displace: the displacement O added everywhere, in mesh units. "
                    + "Default: ${DEFAULT-VALUE}.")
    float displaceOffset;

    @Option(names = "--flatness", paramLabel = "<T>",
            description = "With --adaptive: an edge is fine once its Loop edge point lies within T of the edge's "
                    + "midpoint, in mesh units (T > 0; boundary edges are always fine). Default: not used.")
    Float flatness;

    /**
     * Checks the combination of options and builds what the tessellator needs. Picocli has already
     * refused what is malformed (a vector that is not three numbers, a viewport that is not WxH).
     *
     * @param levels the command's {@code --levels}, or {@code null} if not on the command line
     * @param defaultLevels the levels to use when neither {@code --levels} nor {@code --adaptive} is
     *     given, or {@code null} if the command needs one of them
     * @return uniform or adaptive options with the default scheme and parallelism
     * @throws ParameterException for every wrong combination or value (exit status 2)
     */
    RefineOptions resolve(Integer levels, Integer defaultLevels) {
        if (!adaptive) {
            for (String name : concat(CRITERIA, CAMERA, new String[] {"--max-depth", "--cull"})) {
                if (given(name)) {
                    throw usage(name + " applies to adaptive refinement only: add --adaptive"
                            + (levels != null ? " and drop --levels" : ""));
                }
            }
            if (levels == null && defaultLevels == null) {
                throw usage("give --levels <N> for uniform refinement or --adaptive with a stop criterion");
            }
            int n = levels != null ? levels : defaultLevels;
            checkDepth("--levels", n);
            return surface(RefineOptions.uniform(n));
        }
        if (levels != null) {
            throw usage("--levels and --adaptive exclude each other; use --max-depth <D> to limit adaptive "
                    + "refinement");
        }
        checkDepth("--max-depth", maxDepth);
        List<StopCriterion> criteria = new ArrayList<>();
        if (maxEdge != null) {
            criteria.add(new StopCriterion.MaxEdgeLength(positive("--max-edge", maxEdge)));
        }
        if (screenPx != null) {
            criteria.add(new StopCriterion.ScreenEdgeLength(camera(), positive("--screen-px", screenPx)));
        } else {
            for (String name : concat(CAMERA, new String[] {"--cull"})) {
                if (given(name)) {
                    throw usage(name + " describes the camera of --screen-px, which is not given");
                }
            }
        }
        if (flatness != null) {
            criteria.add(new StopCriterion.Flatness(positive("--flatness", flatness)));
        }
        if (criteria.isEmpty()) {
            throw usage("--adaptive needs at least one stop criterion: --max-edge <L>, --screen-px <P> "
                    + "or --flatness <T>");
        }
        return surface(RefineOptions.adaptive(maxDepth, criteria.toArray(StopCriterion[]::new)))
                .withCulling(culling(cull, this::usage));
    }

    /**
     * @param value a {@code --max-triangles} value
     * @param usage makes the usage error for a negative one
     * @return the budget (0: none)
     */
    static long budget(long value, java.util.function.Function<String, ParameterException> usage) {
        if (value < 0) {
            throw usage.apply("--max-triangles must be 0 (no budget) or more, got " + value);
        }
        return value;
    }

    /**
     * Refuses a budget under the input's own triangles (level 0 alone would not fit), before any work.
     *
     * @param budget the {@code --max-triangles} value (0: none)
     * @param inputTriangles the input's triangles
     * @param usage makes the usage error
     */
    static void checkBudgetFits(long budget, int inputTriangles,
                                java.util.function.Function<String, ParameterException> usage) {
        if (budget > 0 && inputTriangles > budget) {
            throw usage.apply("--max-triangles " + budget + " is under the input's " + inputTriangles + " triangles");
        }
    }

    /**
     * @param word a {@code --cull} value
     * @param usage makes the usage error for a wrong word
     * @return the culling it names
     */
    static Culling culling(String word, java.util.function.Function<String, ParameterException> usage) {
        return switch (word) {
            case "all" -> Culling.ALL;
            case "frustum" -> Culling.FRUSTUM;
            case "backface" -> Culling.BACKFACE;
            case "none" -> Culling.NONE;
            default -> throw usage.apply("--cull must be all, frustum, backface or none, not '" + word + "'");
        };
    }

    /** The options about the surface itself: limit, creases, boundary, uvs, welding. */
    private RefineOptions surface(RefineOptions o) {
        BoundaryInterpolation b = switch (boundary) {
            case "edge-only" -> BoundaryInterpolation.EDGE_ONLY;
            case "edge-and-corner" -> BoundaryInterpolation.EDGE_AND_CORNER;
            default -> throw usage("--boundary must be edge-only or edge-and-corner, not '" + boundary + "'");
        };
        org.loopsub.api.Creasing c = switch (creasing) {
            case "uniform" -> org.loopsub.api.Creasing.UNIFORM;
            case "chaikin" -> org.loopsub.api.Creasing.CHAIKIN;
            default -> throw usage("--creasing must be uniform or chaikin, not '" + creasing + "'");
        };
        UvInterpolation u = switch (uv) {
            case "linear" -> UvInterpolation.LINEAR;
            case "smooth" -> UvInterpolation.SMOOTH;
            default -> throw usage("--uv must be linear or smooth, not '" + uv + "'");
        };
        Welding w = switch (weld) {
            case "exact" -> Welding.EXACT;
            case "none" -> Welding.NONE;
            default -> throw usage("--weld must be exact or none, not '" + weld + "'");
        };
        return o.withLimitSurface(limit).withCreases(!ignoreCreases).withBoundary(b).withCreasing(c)
                .withUvInterpolation(u).withTriangleBudget(budget(maxTriangles, this::usage)).withWelding(w)
                .withDisplacement(displacement());
    }

    /** {@code --displace} and its scale and offset: checked, then the map read (exit 3 if unusable). */
    private org.loopsub.api.Displacement displacement() {
        return HeightMapFile.fromOptions(displace, displaceScale, displaceOffset, this::given, this::usage);
    }

    /**
     * Refuses, before any work, a displacement of a mesh without uvs: the map is sampled at them.
     *
     * @param options the resolved options
     * @param in the input
     * @throws CliFailure (exit 3) when the options displace a mesh without uvs
     */
    static void checkDisplaceable(RefineOptions options, InputMesh in) {
        if (options.displacement().isPresent() && !in.obj().mesh().hasUvs()) {
            throw new CliFailure(ExitCodes.INPUT, in.name() + " has no uvs (vt lines and f v/vt corners), which "
                    + "--displace samples its height map at");
        }
    }

    /**
     * @param options what {@link #resolve} returned
     * @return e.g. {@code uniform, 3 levels} or {@code adaptive to depth 6: max edge 0.01}, for
     *     messages and reports
     */
    static String describe(RefineOptions options) {
        String surface = (options.limitSurface() ? ", limit surface" : "")
                + (options.creases() ? "" : ", creases ignored")
                + (options.boundary() == BoundaryInterpolation.EDGE_AND_CORNER ? ", boundary edge-and-corner" : "")
                + (options.creasing() == org.loopsub.api.Creasing.CHAIKIN ? ", Chaikin creasing" : "")
                + (options.uvInterpolation() == UvInterpolation.SMOOTH ? ", smooth uvs" : "")
                + (options.welding() == Welding.NONE ? ", no weld" : "")
                + options.displacement().map(d -> ", displaced (" + d.width() + " x " + d.height() + " map, scale "
                        + d.scale() + ", offset " + d.offset() + ")").orElse("");
        if (!options.isAdaptive()) {
            return "uniform, " + options.levels() + " level" + (options.levels() == 1 ? "" : "s") + surface;
        }
        List<String> parts = new ArrayList<>();
        for (StopCriterion c : options.criteria()) {
            if (c instanceof StopCriterion.MaxEdgeLength m) {
                parts.add("max edge " + m.maxLength());
            } else if (c instanceof StopCriterion.ScreenEdgeLength s) {
                parts.add("screen " + s.maxPixels() + " px"
                        + (options.culling() == Culling.ALL ? "" : ", culling " + options.culling().name().toLowerCase(java.util.Locale.ROOT)));
            } else if (c instanceof StopCriterion.Flatness f) {
                parts.add("flatness " + f.tolerance());
            } else {
                parts.add("custom");
            }
        }
        return "adaptive to depth " + options.levels() + ": " + String.join(", ", parts) + surface;
    }

    private Camera camera() {
        if (eye == null || target == null) {
            throw usage("--screen-px needs the camera: --eye <x,y,z> and --target <x,y,z> (--up, --fov and "
                    + "--viewport have defaults)");
        }
        if (!(fov > 0 && fov < 180)) {
            throw usage("--fov must be between 0 and 180 degrees (exclusive), got " + fov);
        }
        try {
            return new Camera(eye, target, up, fov, viewport.width(), viewport.height());
        } catch (IllegalArgumentException e) {
            // eye on the target, or up along the view direction: only Camera knows every case
            throw usage("the camera is not usable: " + e.getMessage());
        }
    }

    private void checkDepth(String name, int depth) {
        if (depth < 0 || depth > RefineOptions.MAX_LEVELS) {
            throw usage(name + " must be 0 to " + RefineOptions.MAX_LEVELS + ", got " + depth);
        }
    }

    private float positive(String name, float value) {
        if (!(value > 0) || Float.isInfinite(value)) {
            throw usage(name + " must be a positive finite number, got " + value);
        }
        return value;
    }

    private boolean given(String name) {
        ParseResult parsed = mixee.commandLine().getParseResult();
        return parsed != null && parsed.hasMatchedOption(name);
    }

    private ParameterException usage(String message) {
        return new ParameterException(mixee.commandLine(), message);
    }

    private static String[] concat(String[]... parts) {
        List<String> all = new ArrayList<>();
        for (String[] p : parts) {
            all.addAll(List.of(p));
        }
        return all.toArray(String[]::new);
    }

    /**
     * A viewport size in pixels.
     *
     * @param width pixels across
     * @param height pixels down
     */
    record Viewport(int width, int height) {
        @Override
        public String toString() {
            return width + "x" + height;
        }
    }

    /** Reads {@code x,y,z}: three finite numbers separated by commas (spaces around them allowed). */
    static final class PointConverter implements ITypeConverter<Point3> {
        @Override
        public Point3 convert(String value) {
            String[] parts = value.split(",", -1);
            if (parts.length != 3) {
                throw notAPoint(value);
            }
            float[] xyz = new float[3];
            for (int i = 0; i < 3; i++) {
                try {
                    xyz[i] = Float.parseFloat(parts[i].trim());
                } catch (NumberFormatException e) {
                    throw notAPoint(value);
                }
                if (!Float.isFinite(xyz[i])) {
                    throw notAPoint(value);
                }
            }
            return new Point3(xyz[0], xyz[1], xyz[2]);
        }

        private static TypeConversionException notAPoint(String value) {
            return new TypeConversionException("'" + value + "' is not a point: expected three finite numbers "
                    + "x,y,z, e.g. 0,0.5,3");
        }
    }

    /** Reads {@code WxH}, both positive whole numbers, e.g. {@code 1920x1080}. */
    static final class ViewportConverter implements ITypeConverter<Viewport> {
        private static final Pattern SIZE = Pattern.compile("(\\d{1,9})[xX](\\d{1,9})");

        @Override
        public Viewport convert(String value) {
            Matcher m = SIZE.matcher(value.trim());
            if (m.matches()) {
                int w = Integer.parseInt(m.group(1));
                int h = Integer.parseInt(m.group(2));
                if (w > 0 && h > 0) {
                    return new Viewport(w, h);
                }
            }
            throw new TypeConversionException("'" + value + "' is not a viewport: expected WIDTHxHEIGHT in "
                    + "pixels, both positive, e.g. 1920x1080");
        }
    }
}
