package org.loopsub.samples.embed;

import static org.lwjgl.opengl.GL43C.GL_RENDERER;
import static org.lwjgl.opengl.GL43C.glGetString;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.joml.Matrix4d;
import org.loopsub.api.Camera;
import org.loopsub.api.Culling;
import org.loopsub.api.LevelStats;
import org.loopsub.api.MatrixCamera;
import org.loopsub.api.Point3;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.api.gpu.GpuTessellators;
import org.loopsub.obj.ObjReader;
import org.loopsub.samples.embed.GlImages;

/**
 * Example program: a renderer's own loop that refines a mesh on the GPU every frame, through
 * plugin-api's GPU interface alone, and draws the triangles from the GPU's buffers with no read-back.
 * The mesh is prepared once; each frame the camera moves, a wave moves the control points
 * ({@link GpuMesh#updatePositions}), the mesh is refined adaptively for the renderer's own view and
 * projection matrices ({@link MatrixCamera}; view culling on, within a triangle budget), drawn with
 * {@code glDrawArraysIndirect} and saved as a PNG. The frame's figures are read after the draw: its
 * sizes stay on the GPU, and asking for them earlier would wait for it.
 *
 * <pre>
 * java -cp samples/target/loopsub.jar org.loopsub.samples.embed.EmbeddingExample [mesh] [out-dir]
 *   mesh      an embedded sample (bigguy, the default, or icosahedron) or an OBJ file
 *   out-dir   where frame-0.png .. frame-3.png go (default: embedding-frames)
 * </pre>
 *
 * <p>A renderer has its own context, current on its render thread. This program has no window, so
 * {@link GpuTessellators#createHeadlessContext} stands in for it; everything else is what a renderer
 * does. Every call runs on the one thread on which the context is current.
 */
public final class EmbeddingExample {
    /** Image size; also the camera's viewport, so the criterion's pixels are the image's pixels. */
    static final int WIDTH = 640;
    static final int HEIGHT = 480;
    static final int FRAMES = 4;
    /** The longest projected edge wanted, in pixels. */
    static final float MAX_PIXELS = 4f;
    static final int MAX_DEPTH = 5;
    /** The most triangles a frame may have: the GPU stops a frame there, drawn whole. */
    static final long TRIANGLE_BUDGET = 400_000;
    /** The wave's amplitude, in radii of the mesh's bounding sphere. */
    static final double WAVE = 0.04;

    private EmbeddingExample() {
    }

    /**
     * @param args optional mesh and output folder, see the class comment
     * @throws Exception if there is no GL 4.3 context, or the mesh or the PNGs cannot be read or written
     */
    public static void main(String[] args) throws Exception {
        String input = args.length > 0 ? args[0] : "bigguy";
        Path outDir = Path.of(args.length > 1 ? args[1] : "embedding-frames");
        TriangleMesh mesh = load(input);
        float[] rest = mesh.positions();
        float[] moved = new float[rest.length];
        double[] sphere = boundingSphere(rest);
        // the first frame's camera and criteria: prepare pays for the first frames with them, while
        // loading, so that frame 0 costs what a steady frame costs
        RefineOptions firstFrames = RefineOptions.adaptive(MAX_DEPTH,
                        new StopCriterion.ScreenEdgeLength(orbit(sphere, 3.0, 10, 12, WIDTH, HEIGHT), MAX_PIXELS))
                .withCulling(Culling.ALL).withTriangleBudget(TRIANGLE_BUDGET);

        // try-with-resources closes in reverse order, all on this thread: the renderer's objects,
        // the prepared mesh, the tessellator, and last the context
        try (AutoCloseable context = GpuTessellators.createHeadlessContext("gl");
             GpuTessellator tessellator = GpuTessellators.createForCurrentContext("gl");
             GpuMesh cage = tessellator.prepare(mesh, firstFrames);
             FrameRenderer renderer = new FrameRenderer(WIDTH, HEIGHT)) {
            System.out.printf(Locale.ROOT, "%s: %d control triangles, on %s%n", input, cage.triangleCount(),
                    glGetString(GL_RENDERER));
            for (String warning : cage.warnings()) {
                System.out.println("warning: " + warning);
            }
            for (int f = 0; f < FRAMES; f++) {
                double t = (double) f / FRAMES;
                // the camera flies in, from 3 radii to 2.25, while it circles the mesh
                double distance = 3.0 - 0.25 * f;
                Camera camera = orbit(sphere, distance, 10 + 40 * t, 12 + 8 * t, WIDTH, HEIGHT);

                cage.updatePositions(wave(rest, sphere, t, moved));
                // the renderer's matrices; the sphere, grown by the wave, holds the mesh: the depth range hugs it
                double radius = (1 + WAVE) * sphere[3];
                Matrix4d view = viewMatrix(camera);
                Matrix4d projection = new Matrix4d().perspective(Math.toRadians(camera.fovYDegrees()),
                        (double) WIDTH / HEIGHT, distance * sphere[3] - radius, distance * sphere[3] + radius);
                GpuFrame frame = cage.refine(RefineOptions.adaptive(MAX_DEPTH,
                                new StopCriterion.ScreenEdgeLength(MatrixCamera.of(projection, view, new Matrix4d(),
                                        WIDTH, HEIGHT), MAX_PIXELS))
                        .withCulling(Culling.ALL).withTriangleBudget(TRIANGLE_BUDGET));
                // refine() returned without waiting for the GPU; the draw reads its count there
                renderer.draw(frame, projection, view);

                Path png = outDir.resolve("frame-" + f + ".png");
                GlImages.writePng(renderer.read(), png);
                long slivers = frame.levels().stream().mapToLong(LevelStats::slivers).sum();
                // the figures and gpuNanos() wait for the frame's GPU work; read() above has waited already
                double gpuMs = frame.gpuNanos() / 1e6;
                // a camera that jumps closer outgrows the room planned from the frames before: the frame
                // is drawn whole but stops short (coarser at its last level), and the next ones catch up
                System.out.printf(Locale.ROOT, "frame %d: %,d triangles (%,d slivers), %d levels%s, %.2f ms on the GPU"
                        + " -> %s%n", f, frame.triangleCount(), slivers, frame.levels().size(),
                        frame.stoppedShort() ? " (stopped short)" : "", gpuMs, png);
            }
        }
    }

    /** @return the view matrix of an eye/target/up camera (JOML's lookAt) */
    static Matrix4d viewMatrix(Camera camera) {
        return new Matrix4d().lookAt(camera.eye().x(), camera.eye().y(), camera.eye().z(),
                camera.target().x(), camera.target().y(), camera.target().z(),
                camera.up().x(), camera.up().y(), camera.up().z());
    }

    /**
     * The control points at time {@code t}: a sine wave travelling along y pushes them along x. A
     * smooth deformation of the rest positions, so every frame's cage is a valid mesh of the same
     * topology; one period is {@code t} from 0 to 1.
     *
     * @param rest x, y, z per control point at rest
     * @param sphere the rest mesh's bounding sphere: centre x, y, z and radius
     * @param t the time, in periods
     * @param dest receives the moved positions (as long as {@code rest})
     * @return {@code dest}
     */
    static float[] wave(float[] rest, double[] sphere, double t, float[] dest) {
        for (int v = 0; v < rest.length; v += 3) {
            double s = (rest[v + 1] - sphere[1]) / sphere[3];   // -1 .. 1 from bottom to top
            dest[v] = (float) (rest[v] + WAVE * sphere[3] * Math.sin(2 * Math.PI * (s - t)));
            dest[v + 1] = rest[v + 1];
            dest[v + 2] = rest[v + 2];
        }
        return dest;
    }

    /**
     * A camera on a sphere around the mesh, looking at its centre, up +y.
     *
     * @param sphere the mesh's bounding sphere
     * @param distance distance from the centre, in radii
     * @param azimuthDegrees angle around +y, 0 on the +z side
     * @param elevationDegrees angle above the xz plane
     * @param width viewport width in pixels
     * @param height viewport height in pixels
     * @return the camera, 40 degrees field of view
     */
    static Camera orbit(double[] sphere, double distance, double azimuthDegrees, double elevationDegrees,
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
     * The sphere around the bounding box of the control points. Loop's weights are positive, so every
     * refinement lies in the control points' convex hull, inside this sphere.
     *
     * @param positions x, y, z per control point
     * @return centre x, y, z and radius
     */
    static double[] boundingSphere(float[] positions) {
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < positions.length; i++) {
            lo[i % 3] = Math.min(lo[i % 3], positions[i]);
            hi[i % 3] = Math.max(hi[i % 3], positions[i]);
        }
        double r2 = 0;
        double[] s = new double[4];
        for (int x = 0; x < 3; x++) {
            s[x] = 0.5 * (lo[x] + hi[x]);
            r2 += 0.25 * (hi[x] - lo[x]) * (hi[x] - lo[x]);
        }
        s[3] = Math.sqrt(r2);
        return s;
    }

    /** The meshes built into the jar that the example takes by name (a renderer brings its own). */
    private static final Map<String, String> SAMPLES = Map.of("bigguy", "bigguyT.obj",
            "icosahedron", "icosahedron.obj");

    /**
     * @param nameOrFile an embedded sample (bigguy or icosahedron) or an OBJ file
     * @return its mesh
     * @throws IOException if there is no such sample or file, or it cannot be read
     */
    static TriangleMesh load(String nameOrFile) throws IOException {
        String sample = SAMPLES.get(nameOrFile);
        if (sample != null) {
            try (InputStream in = EmbeddingExample.class.getResourceAsStream("/org/loopsub/samples/meshes/" + sample)) {
                if (in == null) {
                    throw new IOException("the sample " + nameOrFile + " is missing from the class path");
                }
                return ObjReader.read(new InputStreamReader(in, StandardCharsets.UTF_8), nameOrFile + ".obj").mesh();
            }
        }
        Path file = Path.of(nameOrFile);
        if (!Files.isRegularFile(file)) {
            throw new IOException("'" + nameOrFile + "' is neither an embedded sample ("
                    + String.join(", ", new TreeSet<>(SAMPLES.keySet())) + ") nor an OBJ file");
        }
        return ObjReader.read(file).mesh();
    }
}
