package org.loopsub.samples.demo;

import static org.lwjgl.opengl.GL43C.*;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.joml.Matrix4d;
import org.joml.Matrix4f;
import org.loopsub.api.Camera;
import org.loopsub.api.Culling;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.LevelStats;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.api.gpu.GpuTessellators;
import org.loopsub.samples.embed.GlImages;
import org.lwjgl.opengl.GLUtil;
import org.lwjgl.system.Callback;

/**
 * The live subdivision demo ({@code loopsub demo}): a mesh refined adaptively on the GPU every frame
 * for the camera of that frame, and drawn straight from the GPU's buffers. It uses the library only
 * through plugin-api's GPU interface ({@link GpuTessellators}, {@link GpuMesh}, {@link GpuFrame}), as
 * any renderer would: prepare the mesh once, then per frame {@code refine} with a screen-space
 * criterion for the current camera and draw the frame's buffers with {@code glDrawArraysIndirect}.
 *
 * <p>In a window the mouse moves the camera and keys change the criterion and the display (see
 * {@link Controls#HELP} and docs/demo.md); headless, the same frames are drawn offscreen, for a fixed
 * number of frames, with an optional camera turn per frame, to time the GPU or make pictures.
 */
public final class Demo {
    /** Squares per unit of uv of the checker texture (key T). */
    private static final int CHECKER_SQUARES = 8;

    /** The window's title, and the start of it once figures are added. */
    public static final String TITLE = "loopsub demo";
    /** The GPU back end the demo asks {@link GpuTessellators} for. */
    static final String BACKEND = "gl";
    /** Headless frames are animated as if shown at this rate, so a run gives the same pictures each time. */
    static final double HEADLESS_FPS = 60;
    private static final double MESSAGE_SECONDS = 3;
    private static final long TITLE_NANOS = 500_000_000L;

    private final TriangleMesh mesh;
    private final String meshName;
    private final DemoOptions options;
    private final PrintWriter notes;
    private final UnaryOperator<List<String>> warningNames;

    private Demo(TriangleMesh mesh, String meshName, DemoOptions options, PrintWriter notes,
                 UnaryOperator<List<String>> warningNames) {
        this.mesh = mesh;
        this.meshName = meshName;
        this.options = options;
        this.notes = notes;
        this.warningNames = warningNames;
    }

    /**
     * Runs the demo on this thread until the window is closed (Escape or its close button) or the
     * frames asked for are drawn, and cleans up after itself (GL objects, the GPU mesh and tessellator,
     * the window, GLFW).
     *
     * @param mesh the control mesh
     * @param meshName its name for the HUD and messages
     * @param options the command line's settings
     * @param notes where progress notes go (stderr)
     * @param warningNames the prepared mesh's warnings as the user should read them: the engine names
     *                     vertices and faces by its own numbers, a file by its own
     * @return what was measured
     * @throws DemoUnavailableException if no window or no OpenGL 4.3 context can be had
     * @throws InvalidMeshException if the mesh cannot be subdivided
     */
    public static DemoStats run(TriangleMesh mesh, String meshName, DemoOptions options, PrintWriter notes,
                                UnaryOperator<List<String>> warningNames) {
        return new Demo(mesh, meshName, options, notes, warningNames).run();
    }

    /**
     * Whether {@code --animate} computes the cage on the host and hands it over as a {@code float[]}
     * ({@code -Dloopsub.demo.cageOnHost=true}), instead of on the GPU ({@link GpuWave}): the baseline
     * a measurement of the GPU's path runs beside it (docs/benchmarks/scripts/moved-cage.sh).
     */
    private static final boolean CAGE_ON_HOST = Boolean.getBoolean("loopsub.demo.cageOnHost");

    /** Frames compared so far ({@link DemoOptions#checkFrames}). */
    private int framesChecked;
    /** Whether the cage is moved from its rest positions (a frame of it has no reference to compare with). */
    private boolean animating;

    /** Compares the frame with the reference while the options ask for more (not a moved cage's, nor a budget's). */
    private void checkFrame(RefineOptions refine, GpuMesh gpu, GpuFrame f) {
        if (options.frameChecker() == null || framesChecked >= options.checkFrames()) {
            return;
        }
        framesChecked++;
        if (refine.triangleBudget() != 0 || animating) {
            note("frame " + framesChecked + ": not checked (a triangle budget or a moved cage has no reference here)");
            return;
        }
        String d = options.frameChecker().check(mesh, refine, gpu, f);
        note("frame " + framesChecked + ": " + (d == null ? "the reference's " + f.triangleCount() + " triangles"
                : "DIFFERENT from the reference: " + d));
    }

    private DemoStats run() {
        try (DemoWindow window = DemoWindow.open(TITLE, options.width(), options.height(), options.headless())) {
            Callback debug = Boolean.getBoolean("loopsub.gl.debug") ? GLUtil.setupDebugMessageCallback(System.err) : null;
            try {
                return run(window);
            } finally {
                if (debug != null) {
                    debug.free();
                }
            }
        }
    }

    private DemoStats run(DemoWindow window) {
        GpuTessellator tessellator;
        try {
            tessellator = GpuTessellators.createForCurrentContext(BACKEND);
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new DemoUnavailableException("the GPU back end cannot run on this context: " + e.getMessage(), e);
        }
        String renderer = String.valueOf(glGetString(GL_RENDERER));
        String version = String.valueOf(glGetString(GL_VERSION));
        note(String.format(Locale.ROOT, "%s, %,d control triangles, on %s (OpenGL %s), %s %dx%d", meshName,
                mesh.triangleCount(), renderer, version, options.headless() ? "headless" : "window",
                options.width(), options.height()));
        SoftwareStart start = SoftwareStart.choose(renderer, options.screenPx(), options.screenPxGiven());
        if (start.note() != null) {
            note(start.note() + "; 1 px makes millions of triangles, seconds a frame on the CPU");
        }
        try (tessellator;
             GpuMesh gpu = tessellator.prepare(mesh);
             MeshRenderer renderer3d = new MeshRenderer();
             Hud hud = new Hud(BitmapFont.load())) {
            for (String w : warningNames.apply(gpu.warnings())) {
                note(meshName + ": warning: " + w);
            }
            DemoStats stats = new DemoStats(renderer, version);
            stats.startScreenPx(start.screenPx());
            try (GpuWave wave = new GpuWave(mesh.positions())) {
                return loop(window, gpu, renderer3d, hud, stats, start, wave);
            }
        }
    }

    private DemoStats loop(DemoWindow window, GpuMesh gpu, MeshRenderer renderer, Hud hud, DemoStats stats,
                           SoftwareStart startCriterion, GpuWave wave) {
        return new FrameLoop(window, gpu, renderer, hud, stats, startCriterion, wave).run();
    }

    /** The frames of one run: what a frame reads, refines, draws and shows, and what it keeps for the next. */
    private final class FrameLoop {
        private final DemoWindow window;
        private final GpuMesh gpu;
        private final MeshRenderer renderer;
        private final Hud hud;
        private final DemoStats stats;
        private final SoftwareStart startCriterion;
        private final GpuWave wave;
        private final Wave hostWave;
        private final float[] moved;
        private final OrbitCamera camera;
        private final Controls controls;
        private double animationStart = Double.NaN;
        private Camera frozenCamera;
        private GpuFrame previous;
        private long shownTriangles;
        private List<LevelStats> shownLevels;
        private final Matrix4d view = new Matrix4d();
        private final Matrix4d model = new Matrix4d();
        private final Matrix4f modelView = new Matrix4f();
        private final Matrix4f projection = new Matrix4f();
        private final Matrix4f frameModel = new Matrix4f();
        private double refineGpuMs = Double.NaN;
        // the HUD's speed figures: averages over about a quarter of a second, so they can be read
        private long windowStart = System.nanoTime();
        private int windowFrames;
        private double fps = Double.NaN;
        private double frameMs = Double.NaN;
        private long lastTitle;
        private String message;
        private long messageUntil;
        private final long limit = options.frames();
        private final FrameProgress progress;
        // the pass variants refined so far, and the switches the frames refine with: a key that needs
        // a variant not run yet first gets one frame with the old switches that says it is compiling
        // (on llvmpipe a new variant's first dispatches take seconds), then the slow frame
        private final Set<String> variantsRun = new HashSet<>();
        private boolean uniform;
        private boolean limitSurface;
        private boolean displaced;
        private Culling culling;
        private String announced;

        FrameLoop(DemoWindow window, GpuMesh gpu, MeshRenderer renderer, Hud hud, DemoStats stats,
                  SoftwareStart startCriterion, GpuWave wave) {
            this.window = window;
            this.gpu = gpu;
            this.renderer = renderer;
            this.hud = hud;
            this.stats = stats;
            this.startCriterion = startCriterion;
            this.wave = wave;
            float[] rest = mesh.positions();
            this.hostWave = CAGE_ON_HOST ? new Wave(rest) : null;
            this.moved = CAGE_ON_HOST ? new float[rest.length] : null;
            this.camera = OrbitCamera.framing(rest);
            this.controls = new Controls(camera, startCriterion.screenPx(), options.maxDepth(), options.culling());
            controls.limit(options.limit());
            controls.checker(options.checker());
            controls.animating(options.animate());
            controls.displaceable(options.displacement() != null);
            window.listen(controls);
            this.progress = options.headless() && limit > 0 && !options.quiet()
                    ? new FrameProgress(limit, System.nanoTime()) : null;
            this.uniform = controls.uniform();
            this.limitSurface = controls.limit();
            this.displaced = controls.displaced();
            this.culling = controls.culling();
        }

        DemoStats run() {
            int frame = 0;
            while (true) {
                long start = System.nanoTime();
                window.poll();
                boolean quit = controls.quit() || window.closeRequested();
                if (limit > 0 && frame >= limit || quit && !options.keepLastFrame()) {
                    break;
                }
                // asked to quit with --screenshot: draw this one more frame for it
                boolean last = quit || limit > 0 && frame == limit - 1;
                int[] fb = window.framebufferSize();
                if (fb[0] == 0 || fb[1] == 0) {
                    // minimised: nothing to draw into, and nothing to refine for
                    window.waitEvents(0.1);
                    continue;
                }
                frame(frame, start, last, fb);
                if (last) {
                    break;
                }
                frame++;
            }
            if (previous != null) {
                stats.gpu(stats.frames() - 1, previous.gpuNanos());
                stats.triangles(stats.frames() - 1, previous.triangleCount());
            }
            return stats;
        }

        /** One frame into a framebuffer of {@code fb} pixels: refine, draw, the HUD, swap, the figures. */
        private void frame(int frame, long start, boolean last, int[] fb) {
            Overlay.Layout layout = Overlay.layout(fb[0], fb[1], options.hud(), controls.help());
            Overlay.Rect view3d = layout.mesh();
            controls.viewport(window.pixelsPerCursorUnit(), view3d.width(), view3d.height());
            takePrevious();
            animate(frame, start);
            if (options.orbitDegrees() != 0 && frame > 0) {
                camera.orbit(options.orbitDegrees(), 0);
            }
            Camera current = camera.camera(view3d.width(), view3d.height());
            if (controls.takeFrozenChange()) {
                frozenCamera = controls.frozen() ? current : null;
            }
            int uniformLevels = controls.uniformLevels(gpu.triangleCount());
            RefineOptions refine = refineOptions(frame, current, uniformLevels);
            long refineStart = System.nanoTime();
            GpuFrame f = gpu.refine(refine);
            long refineNanos = System.nanoTime() - refineStart;
            checkFrame(refine, gpu, f);

            drawMesh(f, view3d, fb);
            if (message != null && start > messageUntil) {
                message = null;
            }
            glViewport(0, 0, fb[0], fb[1]);
            if (options.hud()) {
                drawHud(f, layout, fb, last, uniformLevels);
            }
            if (frame == 0) {
                GlImages.check("drawing the first frame");
            }
            for (int n = controls.takeScreenshots(); n > 0; n--) {
                message = saveNumbered(fb[0], fb[1]);
                messageUntil = start + (long) (MESSAGE_SECONDS * 1e9);
            }
            if (last && options.keepLastFrame()) {
                stats.lastFrame(GlImages.readRgb(fb[0], fb[1]));
            }
            window.swap();
            long end = System.nanoTime();
            stats.frame(end - start, refineNanos);
            previous = f;
            String line = progress != null ? progress.after(frame + 1, end) : null;
            if (line != null) {
                note(line);
            }
            figures(end);
        }

        /**
         * The previous frame has been swapped, its queries and sizes are done or nearly; read before the
         * next refine replaces it (reading this frame's now would wait for the GPU).
         */
        private void takePrevious() {
            if (previous == null) {
                return;
            }
            long nanos = previous.gpuNanos();
            refineGpuMs = nanos / 1e6;
            shownTriangles = previous.triangleCount();
            shownLevels = List.copyOf(previous.levels());
            stats.gpu(stats.frames() - 1, nanos);
            stats.triangles(stats.frames() - 1, shownTriangles);
            previous = null;
        }

        /** Moves the cage to this frame's time while animating, back to rest when it stops. */
        private void animate(int frame, long start) {
            if (controls.animating()) {
                if (Double.isNaN(animationStart)) {
                    animationStart = options.headless() ? frame / HEADLESS_FPS : start / 1e9;
                }
                double now = options.headless() ? frame / HEADLESS_FPS : start / 1e9;
                if (CAGE_ON_HOST) {
                    gpu.updatePositions(hostWave.at(now - animationStart, moved));
                } else {
                    // the cage is computed on the GPU and read there, as a skinned character's would be
                    wave.moveTo(gpu, now - animationStart);
                }
                animating = true;
            } else if (!Double.isNaN(animationStart)) {
                wave.rest(gpu);
                animationStart = Double.NaN;
                animating = false;
            }
        }

        /**
         * What this frame refines with: the controls' switches, unless they need a pass variant not run
         * yet, which first gets a frame with the old switches that says it is compiling.
         */
        private RefineOptions refineOptions(int frame, Camera current, int uniformLevels) {
            String wanted = variant(controls.uniform(), controls.limit(), controls.displaced(), controls.culling());
            if (frame > 0 && !variantsRun.contains(wanted) && !wanted.equals(announced)) {
                announced = wanted;
                message = "first use of " + wanted + ": compiling its passes...";
                messageUntil = Long.MAX_VALUE;
            } else {
                if (wanted.equals(announced)) {
                    // the slow frame: the message was on screen while it ran
                    announced = null;
                    message = null;
                }
                uniform = controls.uniform();
                limitSurface = controls.limit();
                displaced = controls.displaced();
                culling = controls.culling();
            }
            RefineOptions refine = uniform ? RefineOptions.uniform(uniformLevels)
                    : RefineOptions.adaptive(controls.depth(), new StopCriterion.ScreenEdgeLength(
                            frozenCamera != null ? frozenCamera : current, controls.screenPx()));
            variantsRun.add(variant(uniform, limitSurface, displaced, culling));
            return refine.withLimitSurface(limitSurface).withUvInterpolation(options.uvInterpolation())
                    .withCulling(culling).withTriangleBudget(options.maxTriangles())
                    .withDisplacement(displaced ? options.displacement() : null);
        }

        /** The mesh in the area between the HUD's columns (GL's viewport counts rows from the bottom). */
        private void drawMesh(GpuFrame f, Overlay.Rect view3d, int[] fb) {
            glViewport(view3d.x(), fb[1] - view3d.y() - view3d.height(), view3d.width(), view3d.height());
            glClearColor(LevelColours.BACKGROUND[0], LevelColours.BACKGROUND[1], LevelColours.BACKGROUND[2], 1);
            glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
            glEnable(GL_DEPTH_TEST);
            camera.view(view);
            view.mul(model.set(f.modelMatrix(frameModel)), view);
            modelView.set(view);
            camera.projection(projection, (float) view3d.width() / view3d.height());
            renderer.draw(f, modelView, projection, controls.wireframe(), controls.levelColours(),
                    controls.checker() ? CHECKER_SQUARES : 0);
        }

        private void drawHud(GpuFrame f, Overlay.Layout layout, int[] fb, boolean last, int uniformLevels) {
            hud.begin(fb[0], fb[1]);
            // the frame before's figures (a frame late), but a screenshot's own
            boolean own = last || shownLevels == null;
            // the software note holds while the bound is the one it announced
            String software = startCriterion.note() != null && controls.screenPx() == startCriterion.screenPx()
                    ? startCriterion.note() : null;
            Overlay.draw(hud, new Overlay.Figures(meshName, stats.renderer(), fps, frameMs, refineGpuMs,
                    own ? f.triangleCount() : shownTriangles, own ? f.levels() : shownLevels, controls,
                    uniformLevels, mesh.hasUvs(), software, message), layout, fb[1]);
            hud.end();
        }

        /** The HUD's averages and, in a window, its title, after a frame that ended at {@code end}. */
        private void figures(long end) {
            windowFrames++;
            if (end - windowStart >= TITLE_NANOS / 2) {
                double seconds = (end - windowStart) / 1e9;
                fps = windowFrames / seconds;
                frameMs = seconds * 1e3 / windowFrames;
                windowStart = end;
                windowFrames = 0;
            }
            if (!options.headless() && end - lastTitle >= TITLE_NANOS) {
                window.title(String.format(Locale.ROOT, "%s - %s fps, refine %s, %,d triangles", TITLE,
                        Double.isNaN(fps) ? "-" : String.format(Locale.ROOT, "%.0f", fps),
                        Double.isNaN(refineGpuMs) ? "-" : String.format(Locale.ROOT, "%.2f ms", refineGpuMs),
                        shownTriangles));
                lastTitle = end;
            }
        }
    }

    /** @return how the HUD names a pass variant (the switches that choose the engine's passes) */
    private static String variant(boolean uniform, boolean limit, boolean displaced, Culling culling) {
        return (uniform ? "uniform" : "adaptive") + (displaced ? " displaced" : limit ? " limit surface" : "")
                + (uniform || culling == Culling.ALL ? "" : " cull " + culling.name().toLowerCase(Locale.ROOT));
    }

    /** Saves the back buffer as {@code loopsub-demo-N.png} in the working directory (key S). */
    private String saveNumbered(int width, int height) {
        Path file = null;
        for (int n = 1; file == null; n++) {
            Path p = Path.of("loopsub-demo-" + n + ".png");
            if (!Files.exists(p)) {
                file = p;
            }
        }
        try {
            GlImages.writePng(GlImages.readRgb(width, height), file);
            note("saved " + file.toAbsolutePath());
            return "saved " + file;
        } catch (IOException | RuntimeException e) {
            // a failed key-S screenshot is reported, and the demo goes on
            note("cannot save " + file.toAbsolutePath() + ": " + e.getMessage());
            return "cannot save " + file;
        }
    }

    private void note(String line) {
        if (options.quiet()) {
            return;
        }
        notes.println("loopsub: demo: " + line);
        notes.flush();
    }
}
