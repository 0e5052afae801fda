package org.loopsub.samples.embed;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import org.loopsub.api.Camera;
import org.loopsub.api.Point3;
import org.loopsub.api.ProgressListener;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.TriangleMesh;
import org.loopsub.engine.GlTessellator;
import org.loopsub.engine.GpuRun;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GpuScan;
import org.loopsub.obj.ObjReader;
import org.loopsub.samples.cli.Samples;
import org.loopsub.samples.render.GlImages;
import org.loopsub.samples.render.ViewMath;

/**
 * Example program: a renderer that re-tessellates a mesh on the GPU every frame and draws the
 * triangles from the tessellator's own GL buffers, with no read-back of the mesh. Three frames of a
 * camera flying in are refined with the screen-space criterion and written as PNGs.
 *
 * <pre>
 * java -cp samples/target/loopsub.jar org.loopsub.samples.embed.EmbeddingExample [sample] [out-dir]
 *   sample    an embedded mesh: bigguy (default) or icosahedron
 *   out-dir   where frame-0.png, frame-1.png, frame-2.png go (default: embedding-frames)
 * </pre>
 *
 * <p>The host owns the GL context. Here {@link GlContext#createHeadless()} stands in for it; a real
 * renderer, with its window's context current on the render thread, wraps that instead:
 *
 * <pre>{@code
 * GlContext ctx = GlContext.wrapCurrent();          // on the render thread, context current
 * GlTessellator tessellator = new GlTessellator(ctx, false, GpuScan.defaultStrategy(ctx),
 *         GlTessellator.DEFAULT_BUDGET);            // false: the tessellator never destroys it
 * ... every frame: EmbeddingExample.renderFrame(tessellator, renderer, mesh, options, camera, sphere)
 * tessellator.close();                              // its buffer pool
 * ctx.close();                                      // the programs it cached; the host's context stays
 * }</pre>
 *
 * <p>Everything runs on the one thread on which the context is current: the tessellator, the
 * drawing and every {@code close()}.
 */
public final class EmbeddingExample {
    /** Image size; also the screen-space criterion's viewport, so "pixels" mean the image's pixels. */
    private static final int WIDTH = 640;
    private static final int HEIGHT = 480;
    /** The longest projected edge wanted: coarse enough that the faces stay visible in the PNG. */
    private static final float MAX_PIXELS = 8f;
    private static final int MAX_DEPTH = 4;

    private EmbeddingExample() {
    }

    /**
     * What one frame did.
     *
     * @param triangles triangles the tessellator produced ({@link GpuRun#triangleCount()})
     * @param drawn triangles the GPU drew, counted by a query
     * @param levels levels the refinement ran
     * @param refineNanos host time from the upload to the triangles complete on the GPU
     */
    public record Frame(long triangles, long drawn, int levels, long refineNanos) {
    }

    /**
     * One frame of the per-frame loop: refine on the GPU, draw from the run's buffers, free the run.
     * Call on the thread on which the tessellator's context is current. The host's current program
     * and shader storage bindings are put back afterwards. Closing the run hands its
     * buffers back to the tessellator's pool, so the next frame reuses that GPU memory rather than
     * allocating it again.
     *
     * @param tessellator the GL back end, on the host's context
     * @param renderer the host's drawing, on the same context
     * @param mesh the control mesh (user frame)
     * @param options what to compute, e.g. adaptive with a {@link StopCriterion.ScreenEdgeLength}
     *     for this frame's camera
     * @param camera this frame's camera
     * @param boundingSphere centre x, y, z and radius of a sphere holding the mesh
     * @return what the frame did
     */
    public static Frame renderFrame(GlTessellator tessellator, GpuRunRenderer renderer, TriangleMesh mesh,
                                    RefineOptions options, Camera camera, double[] boundingSphere) {
        // The refinement leaves its own program and storage buffers bound; the host's come back
        // when this closes, after the run's buffers have gone back to the pool.
        try (SavedComputeState hostState = new SavedComputeState();
             GpuRun run = tessellator.refineOnGpu(mesh, options, ProgressListener.NONE, false)) {
            long drawn = renderer.draw(run, camera, boundingSphere);
            return new Frame(run.triangleCount(), drawn, run.levels().size(), run.endToEndNanos());
        }
    }

    /**
     * A sphere holding the control mesh's bounding box. Loop's weights are positive, so the limit
     * surface and every refinement lie in the control points' convex hull: the sphere holds those
     * too, and the near and far planes can be set once per mesh, not per frame.
     *
     * @param mesh the mesh
     * @return centre x, y, z and radius
     */
    public static double[] boundingSphere(TriangleMesh mesh) {
        double[][] box = ViewMath.bounds(mesh);
        double[] lo = box[0];
        double[] hi = box[1];
        double r2 = 0;
        double[] s = new double[4];
        for (int x = 0; x < 3; x++) {
            s[x] = 0.5 * (lo[x] + hi[x]);
            r2 += 0.25 * (hi[x] - lo[x]) * (hi[x] - lo[x]);
        }
        s[3] = Math.sqrt(r2);
        return s;
    }

    /**
     * A camera on a sphere around the mesh, looking at its centre, up +y.
     *
     * @param sphere the mesh's bounding sphere
     * @param distance distance from the centre in radii
     * @param azimuthDegrees angle around +y, 0 on the +z side
     * @param elevationDegrees angle above the xz plane
     * @param width viewport width in pixels
     * @param height viewport height in pixels
     * @return the camera, 40 degrees field of view
     */
    public static Camera orbit(double[] sphere, double distance, double azimuthDegrees, double elevationDegrees,
                               int width, int height) {
        double az = Math.toRadians(azimuthDegrees);
        double el = Math.toRadians(elevationDegrees);
        double d = distance * sphere[3];
        Point3 eye = new Point3((float) (sphere[0] + d * Math.cos(el) * Math.sin(az)),
                (float) (sphere[1] + d * Math.sin(el)), (float) (sphere[2] + d * Math.cos(el) * Math.cos(az)));
        Point3 target = new Point3((float) sphere[0], (float) sphere[1], (float) sphere[2]);
        return new Camera(eye, target, new Point3(0, 1, 0), 40f, width, height);
    }

    /**
     * @param name an embedded sample: bigguy or icosahedron
     * @return its mesh
     * @throws IOException if it cannot be read
     */
    public static TriangleMesh sample(String name) throws IOException {
        try (InputStream in = Samples.open(name)) {
            if (in == null) {
                throw new IOException("no embedded sample '" + name + "' (try bigguy or icosahedron)");
            }
            return ObjReader.read(new InputStreamReader(in, StandardCharsets.UTF_8), name + ".obj").mesh();
        }
    }

    /**
     * @param args optional sample name and output folder, see the class comment
     * @throws Exception if there is no GL 4.3 context, or the mesh or the PNGs cannot be read or written
     */
    public static void main(String[] args) throws Exception {
        String name = args.length > 0 ? args[0] : "bigguy";
        Path outDir = Path.of(args.length > 1 ? args[1] : "embedding-frames");
        TriangleMesh mesh = sample(name);
        double[] sphere = boundingSphere(mesh);

        // try-with-resources closes in reverse order: the tessellator (its pool), then the
        // renderer's objects, then the context, all on this thread
        try (GlContext ctx = GlContext.createHeadless();
             GpuRunRenderer renderer = new GpuRunRenderer(WIDTH, HEIGHT);
             GlTessellator tessellator = new GlTessellator(ctx, false, GpuScan.defaultStrategy(ctx),
                     GlTessellator.DEFAULT_BUDGET)) {
            System.out.println(name + ": " + mesh.triangleCount() + " triangles; " + ctx);
            double[][] path = {{3.0, 10, 12}, {2.1, 25, 15}, {1.5, 40, 18}};
            for (int f = 0; f < path.length; f++) {
                Camera camera = orbit(sphere, path[f][0], path[f][1], path[f][2], WIDTH, HEIGHT);
                RefineOptions options = RefineOptions.adaptive(MAX_DEPTH,
                        new StopCriterion.ScreenEdgeLength(camera, MAX_PIXELS));
                Frame frame = renderFrame(tessellator, renderer, mesh, options, camera, sphere);
                Path png = outDir.resolve("frame-" + f + ".png");
                GlImages.writePng(renderer.read(), png);
                System.out.printf(Locale.ROOT, "frame %d: %d triangles refined, %d drawn, %d levels, %.1f ms -> %s%n",
                        f, frame.triangles(), frame.drawn(), frame.levels(), frame.refineNanos() / 1e6, png);
            }
        }
    }
}
