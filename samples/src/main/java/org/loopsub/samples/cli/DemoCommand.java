package org.loopsub.samples.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.Welding;
import org.loopsub.glengine.FrameCheck;
import org.loopsub.samples.demo.Demo;
import org.loopsub.samples.demo.DemoOptions;
import org.loopsub.samples.demo.DemoStats;
import org.loopsub.samples.demo.DemoUnavailableException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/**
 * {@code loopsub demo}: the live subdivision demo ({@link Demo}) in a window, or headless for timing
 * and pictures. This class reads the command line and the input, and turns the demo's failures into
 * exit statuses; the demo itself uses plugin-api's GPU interface only.
 */
@Command(name = "demo",
        customSynopsis = "loopsub demo (<in.obj> | --sample <name>) [OPTIONS]",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Live adaptive subdivision on the GPU: a window in which the mesh is refined every frame for "
                    + "the current camera (an edge is split until its projection is at most --screen-px "
                    + "pixels long, down to --max-depth) and drawn straight from the GPU's buffers, with "
                    + "smooth shading.",
            "",
            "Mouse: left drag orbits, right drag (or middle drag) pans, the wheel zooms. Keys: W wireframe, "
                    + "L colour by level (slivers highlighted), + and - (also ] and [) screen px up and down, "
                    + "PgUp and PgDn (also D and Shift-D) max depth up and down, U uniform or adaptive, "
                    + "M limit surface or control points, T checker texture from the mesh's uvs, "
                    + "B displacement on or off (with --displace), "
                    + "F freeze the refinement camera, C culling (all, frustum, backface, none), "
                    + "A animate the control mesh, S screenshot (loopsub-demo-N.png in the working "
                    + "directory), H help, Esc quit. The HUD shows fps, frame time, the GPU time of the "
                    + "refinement, the triangles and their levels.",
            "",
            "With --headless the same frames are drawn offscreen (GLFW's null platform with an EGL context; "
                    + "no display needed), for timing on a GPU machine or making pictures.",
            "",
            "At exit one line on stdout: frames N, frame ms median X p95 Y, refine gpu ms median Z, "
                    + "triangles median T (frame ms: host time per frame, input, refinement, drawing and "
                    + "swap; refine gpu ms: GPU time of the refinement passes)."},
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", ExitCodes.HELP_SOFTWARE, ExitCodes.HELP_USAGE, ExitCodes.HELP_INPUT,
            "4:the --screenshot or --stats-json file cannot be written",
            "5:no display (and no --headless), or no OpenGL 4.3 context"},
        footerHeading = "%nSamples (--sample <name>):%n",
        footer = {
            "  bigguy       " + Samples.BIGGUY,
            "  cylinder     " + Samples.CYLINDER,
            "  icosahedron  " + Samples.ICOSAHEDRON,
            "  rook         " + Samples.ROOK,
            "",
            "Examples:",
            "  loopsub demo --sample bigguy",
            "  loopsub demo --sample cylinder --checker",
            "  loopsub demo testdata/meshes/bunny_npm.obj --screen-px 2 --max-depth 10",
            "  loopsub demo --sample bigguy --max-triangles 500000",
            "  loopsub demo --sample cylinder --displace testdata/maps/bumps.png --displace-scale 0.1",
            "  loopsub demo --headless --sample bigguy --frames 300 --orbit 1 \\",
            "      --stats-json demo.json --screenshot demo.png"})
final class DemoCommand extends Subcommand {
    /** Frames of a headless run without --frames. */
    static final long DEFAULT_HEADLESS_FRAMES = 120;
    /** What --max-depth is without a value: deep enough that the screen criterion decides. */
    static final int DEFAULT_MAX_DEPTH = 8;

    @Parameters(index = "0", arity = "0..1", paramLabel = "<in.obj>", converter = PathArgument.Converter.class,
            description = "Input OBJ file, or - for stdin. Give either this or --sample.")
    Path input;

    @Option(names = "--sample", paramLabel = "<name>", completionCandidates = Names.SampleNames.class,
            description = "Use a mesh built into loopsub instead of a file: ${COMPLETION-CANDIDATES} "
                    + "(see Samples below).")
    String sample;

    @Option(names = "--screen-px", paramLabel = "<P>", defaultValue = "1",
            description = "Starting bound of the screen-space criterion: an edge is split until its projection "
                    + "is at most P pixels long, " + DemoOptions.MIN_SCREEN_PX + " to " + DemoOptions.MAX_SCREEN_PX
                    + " (keys + and - double and halve it); when not given, a software renderer (llvmpipe) "
                    + "starts at 8. Default: ${DEFAULT-VALUE}.")
    float screenPx;

    @Option(names = "--max-depth", paramLabel = "<D>", defaultValue = "" + DEFAULT_MAX_DEPTH,
            description = "Starting deepest level, 0 to " + RefineOptions.MAX_LEVELS + " (keys PgUp and PgDn). "
                    + "Default: ${DEFAULT-VALUE}.")
    int maxDepth;

    @Option(names = "--size", paramLabel = "<WxH>", defaultValue = "1280x720",
            converter = AdaptiveOptions.ViewportConverter.class,
            description = "Framebuffer size in pixels, width x height. Default: ${DEFAULT-VALUE}.")
    AdaptiveOptions.Viewport size;

    @Option(names = "--headless",
            description = "Draw offscreen, with no display: GLFW's null platform with an EGL context. "
                    + "Default: off (a window).")
    boolean headless;

    @Option(names = "--frames", paramLabel = "<N>",
            description = "Stop after N frames (N >= 1). Default: no limit in a window, "
                    + DEFAULT_HEADLESS_FRAMES + " with --headless.")
    Long frames;

    @Option(names = "--orbit", paramLabel = "<DEG>", defaultValue = "0",
            description = "Turn the camera DEG degrees around the target every frame (negative: the other "
                    + "way). Default: ${DEFAULT-VALUE}.")
    float orbit;

    @Option(names = "--limit",
            description = "Start with every vertex on Loop's limit surface (key M toggles it). Default: off.")
    boolean limit;

    @Option(names = "--uv", paramLabel = "<rule>", defaultValue = "linear",
            description = "How the mesh's texture coordinates refine: linear or smooth (as in subdivide). "
                    + "Default: ${DEFAULT-VALUE}.")
    String uv;

    @Option(names = "--checker",
            description = "Start with a checker texture from the mesh's texture coordinates (key T toggles it). "
                    + "Default: off.")
    boolean checker;

    @Option(names = "--animate",
            description = "Start with the control mesh animated, a wave through its vertices moved every frame "
                    + "(key A toggles it): what a renderer's animated cage costs a frame. Default: off.")
    boolean animate;

    @Option(names = "--cull", paramLabel = "<what>", defaultValue = "all",
            description = "What the refinement leaves coarse because the camera cannot see it: all (outside the "
                    + "view or facing away), frustum, backface or none (key C cycles them). Default: ${DEFAULT-VALUE}.")
    String cull;

    @Option(names = "--displace", paramLabel = "<FILE>",
            description = "Displace the frames along the limit normal by the height map FILE (a grey PNG of 8 or "
                    + "16 bits), as subdivide --displace does: each vertex moves by O + S * h(uv). Needs a mesh "
                    + "with uvs and --displace-scale; frames start displaced (key B toggles it) and are shaded "
                    + "flat (each triangle's own normal). Default: no displacement.")
    Path displace;

    @Option(names = "--displace-scale", paramLabel = "<S>",
            description = "With --displace: the height map's factor S, in mesh units.")
    Float displaceScale;

    @Option(names = "--displace-offset", paramLabel = "<O>", defaultValue = "0",
            description = "With --displace: the displacement O added everywhere, in mesh units. "
                    + "Default: ${DEFAULT-VALUE}.")
    float displaceOffset;

    @Option(names = "--max-triangles", paramLabel = "<N>", defaultValue = "0",
            description = "At most N triangles a frame: coarser where the criterion would make more, crack-free "
                    + "(at least the mesh's own count). 0: no budget. Default: ${DEFAULT-VALUE}.")
    long maxTriangles;

    @Option(names = "--check-frames", paramLabel = "<N>", defaultValue = "0",
            description = "Compare each of the first N frames with the Java back end's refinement for the "
                    + "same camera (the frame read back: slow) and say on stderr whether it holds the same "
                    + "triangles: the check to run on a new driver, whose context (GLFW's) may differ from "
                    + "the one loopsub verify makes. Not with --max-triangles or --animate. Default: 0.")
    int checkFrames;

    @Option(names = "--no-hud", negatable = false,
            description = "Draw no text overlay (figures, help): clean screenshots. Default: the overlay is drawn.")
    boolean noHud;

    @Option(names = {"-q", "--quiet"},
            description = "Print no notes and no progress lines on stderr, only errors. Default: off.")
    boolean quiet;

    @Option(names = "--screenshot", converter = OutputTarget.PathConverter.class, paramLabel = "<FILE.png>",
            description = "Save the last frame as a PNG (also on Esc in a window). Default: none.")
    Path screenshot;

    @Option(names = "--stats-json", converter = OutputTarget.PathConverter.class, paramLabel = "<FILE>",
            description = "Also write the summary figures, and the per-frame times and triangle counts, as a "
                    + "JSON object to this file (keys in a fixed order, times in milliseconds). Default: none.")
    Path statsJson;

    DemoCommand() {
        super("starting the demo");
    }

    /** Checked with the options, before any frame; written after the last one. */
    private OutputTarget screenshotTarget;
    private OutputTarget statsJsonTarget;

    @Override
    int run() {
        DemoOptions options = checkOptions();
        activity = "reading the input";
        InputMesh in = InputMesh.load(spec.commandLine(), input, sample);
        for (String w : quiet ? java.util.List.<String>of() : in.warnings()) {
            err().println("loopsub: " + in.name() + ": warning: " + Problems.withoutSource(in.name(), w));
        }
        err().flush();
        // before the window opens: an invalid mesh is an input problem, whatever the display
        in.requireValid();
        if (options.displacement() != null && !in.obj().mesh().hasUvs()) {
            throw new CliFailure(ExitCodes.INPUT, in.name() + " has no uvs (vt lines and f v/vt corners), which "
                    + "--displace samples its height map at: give a mesh with uvs (--sample cylinder has them)");
        }
        AdaptiveOptions.checkBudgetFits(options.maxTriangles(), in.obj().mesh().triangleCount(), this::usage);

        activity = "running the demo";
        DemoStats stats;
        try {
            // GpuTessellator.prepare welds by exact position; its warnings and refusals come back in the file's numbers
            TriangleMesh mesh = in.glMesh(n -> {
                if (!quiet) {
                    err().println("loopsub: demo: " + n);
                }
            });
            stats = Demo.run(mesh, in.name(), options, err(), w -> in.named(w, Welding.EXACT));
        } catch (DemoUnavailableException e) {
            throw new CliFailure(ExitCodes.RESOURCE, "demo: " + e.getMessage(), e);
        } catch (InvalidMeshException e) {
            throw in.refused(e, Welding.EXACT);
        }
        if (screenshotTarget != null && stats.lastFrame() != null) {
            activity = "writing " + screenshotTarget.name();
            BufferedImage image = stats.lastFrame();
            screenshotTarget.write(stream -> {
                if (!ImageIO.write(image, "png", stream)) {
                    throw new IOException("no PNG writer in this JDK");
                }
            });
            if (!quiet) {
                err().println("loopsub: demo: saved " + screenshotTarget.name());
                err().flush();
            }
        }
        out().println(stats.summaryLine());
        out().flush();
        if (statsJsonTarget != null) {
            activity = "writing " + statsJsonTarget.name();
            String text = Json.write(toJson(in.name(), options, stats));
            statsJsonTarget.write(out(), w -> w.write(text));
        }
        return ExitCodes.OK;
    }

    private DemoOptions checkOptions() {
        if (maxDepth < 0 || maxDepth > RefineOptions.MAX_LEVELS) {
            throw usage("--max-depth must be 0 to " + RefineOptions.MAX_LEVELS + ", got " + maxDepth);
        }
        if (!(screenPx >= DemoOptions.MIN_SCREEN_PX && screenPx <= DemoOptions.MAX_SCREEN_PX)) {
            throw usage("--screen-px must be " + DemoOptions.MIN_SCREEN_PX + " to " + DemoOptions.MAX_SCREEN_PX
                    + ", got " + screenPx);
        }
        if (frames != null && frames < 1) {
            throw usage("--frames must be at least 1, got " + frames);
        }
        if (!Float.isFinite(orbit)) {
            throw usage("--orbit must be a finite number of degrees, got " + orbit);
        }
        screenshotTarget = screenshot != null ? OutputTarget.check(screenshot, false) : null;
        statsJsonTarget = statsJson != null ? OutputTarget.check(statsJson, false) : null;
        long n = frames != null ? frames : headless ? DEFAULT_HEADLESS_FRAMES : 0;
        org.loopsub.api.UvInterpolation rule = switch (uv) {
            case "linear" -> org.loopsub.api.UvInterpolation.LINEAR;
            case "smooth" -> org.loopsub.api.UvInterpolation.SMOOTH;
            default -> throw usage("--uv must be linear or smooth, not '" + uv + "'");
        };
        return new DemoOptions(size.width(), size.height(), screenPx, maxDepth, headless, n, orbit, screenshot != null, limit, checker,
                animate, rule, AdaptiveOptions.culling(cull, this::usage), !noHud, AdaptiveOptions.budget(maxTriangles, this::usage),
                spec.commandLine().getParseResult().hasMatchedOption("--screen-px"), quiet, checkFrames,
                checkFrames > 0 ? FrameCheck::firstDifference : null, displacement());
    }

    /** {@code --displace} with its scale and offset, the map read (exit 3 if unusable); null without. */
    private org.loopsub.api.Displacement displacement() {
        return HeightMapFile.fromOptions(displace, displaceScale, displaceOffset,
                name -> spec.commandLine().getParseResult().hasMatchedOption(name), this::usage);
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /**
     * The figures of the summary line, and the frames behind them, as JSON. The summary values are the
     * very numbers the line prints.
     */
    static ObjectNode toJson(String mesh, DemoOptions options, DemoStats stats) {
        ObjectNode root = Json.object();
        root.put("mesh", mesh);
        root.put("renderer", stats.renderer());
        root.put("gl_version", stats.glVersion());
        root.put("headless", options.headless());
        root.put("width", options.width());
        root.put("height", options.height());
        root.put("screen_px", Json.decimal(stats.startScreenPx(), 7));
        root.put("max_depth", options.maxDepth());
        root.put("orbit_degrees", Json.decimal(options.orbitDegrees(), 7));
        root.put("frames", stats.frames());
        root.put("frame_ms_median", stats.frameMsMedian());
        root.put("frame_ms_p95", stats.frameMsP95());
        root.put("refine_gpu_ms_median", stats.refineGpuMsMedian());
        root.put("refine_host_ms_median", stats.refineHostMsMedian());
        if (stats.frames() > 0) {
            root.put("triangles_median", stats.trianglesMedian());
        } else {
            root.putNull("triangles_median");
        }
        ArrayNode perFrame = root.putArray("per_frame");
        BigDecimal[] frameMs = stats.frameMs();
        BigDecimal[] gpuMs = stats.refineGpuMs();
        BigDecimal[] hostMs = stats.refineHostMs();
        long[] triangles = stats.triangles();
        for (int i = 0; i < stats.frames(); i++) {
            ObjectNode f = perFrame.addObject();
            f.put("frame_ms", frameMs[i]);
            f.put("refine_gpu_ms", gpuMs[i]);
            f.put("refine_host_ms", hostMs[i]);
            f.put("triangles", triangles[i]);
        }
        return root;
    }
}
