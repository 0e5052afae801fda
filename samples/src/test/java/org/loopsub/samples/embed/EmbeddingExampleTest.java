package org.loopsub.samples.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL43C.*;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.joml.Matrix4f;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopsub.api.Camera;
import org.loopsub.api.LevelStats;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.api.gpu.GpuTessellator;
import org.loopsub.api.gpu.GpuTessellators;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTestBase;
import org.loopsub.glengine.GlTessellator;

/**
 * The embedding example on GL (llvmpipe in CI; the base class skips without a context outside CI):
 * frames refined adaptively through plugin-api's GPU interface and drawn by {@link FrameRenderer}
 * from the GPU's buffers are checked against the same refinement made by the Java back end and drawn
 * from Java arrays (same triangle count, same covered pixels up to rounding on the silhouette, same
 * shading inside), for a closed mesh, an open one far from the origin, and a cage moved by
 * {@code updatePositions}. Also: a frame leaves the host's GL state as the contract says, the
 * command line writes its frames, and the example's sources use no engine class.
 */
class EmbeddingExampleTest extends GlTestBase {
    private static final int W = 128;
    private static final int H = 96;
    /** The packages a renderer must not need: everything of the engine beyond plugin-api. */
    static final Pattern FORBIDDEN = Pattern.compile("\\borg\\.loopsub\\.(engine|glengine|gl|stream|mesh)\\b");

    private GpuTessellator tessellator;
    private FrameRenderer renderer;

    /** A view of a mesh: the camera, its depth range and the options for it. */
    private record View(Camera camera, double near, double far, RefineOptions options) {
        static View of(double[] sphere, float maxPixels) {
            // from 2 radii, at 40 degrees, the sphere around the bounding box fills the height; the
            // corners stay empty
            double distance = 2;
            Camera camera = EmbeddingExample.orbit(sphere, distance, 15, 10, W, H);
            double radius = (1 + EmbeddingExample.WAVE) * sphere[3];
            // On the limit surface: the Java back end's welded output then has the normals a GPU frame
            // draws (the limit normals; its control-point output gets area-weighted ones).
            return new View(camera, distance * sphere[3] - radius, distance * sphere[3] + radius,
                    RefineOptions.adaptive(4, new StopCriterion.ScreenEdgeLength(camera, maxPixels))
                            .withLimitSurface(true));
        }
    }

    /** What one drawing gave: the triangles refined, the primitives drawn, the slivers, the picture. */
    private record Shot(long triangles, long drawn, long slivers, BufferedImage image) {
    }

    @BeforeAll
    void setUp() {
        tessellator = GpuTessellators.createForCurrentContext("gl");
        renderer = new FrameRenderer(W, H);
    }

    @AfterAll
    void tearDown() {
        // before the base class closes the context, on the same thread
        if (renderer != null) {
            renderer.close();
        }
        if (tessellator != null) {
            tessellator.close();
        }
    }

    @Test
    void theIcosahedronDrawnFromTheGpuIsTheJavaBackEndsIcosahedron() throws IOException {
        TriangleMesh ico = EmbeddingExample.load("icosahedron");
        View view = View.of(EmbeddingExample.boundingSphere(ico.positions()), 4f);
        try (GpuMesh cage = tessellator.prepare(ico)) {
            Shot gpu = gpu(cage, view);
            assertTrue(gpu.triangles() > 4 * ico.triangleCount(), "the criterion refined nothing: " + gpu);
            assertTrue(gpu.slivers() > 0, "no slivers: the criterion refined uniformly");
            assertBackgroundCornersAndMeshCentre(gpu.image());
            assertSamePicture(java(ico, view), gpu, "icosahedron");
        }
    }

    @Test
    void anOpenMeshFarFromTheOriginIsTheJavaBackEndsToo() {
        // about 20 units across, centred near (85, 85, 7): the model matrix carries the centre
        TriangleMesh border = TestMeshes.load("mesh_with_border.obj");
        // its control triangles are a few pixels long here already
        View view = View.of(EmbeddingExample.boundingSphere(border.positions()), 2f);
        try (GpuMesh cage = tessellator.prepare(border)) {
            Shot gpu = gpu(cage, view);
            assertTrue(gpu.triangles() > border.triangleCount(), "the criterion refined nothing: " + gpu);
            assertTrue(gpu.slivers() > 0, "no slivers: the criterion refined uniformly");
            assertSamePicture(java(border, view), gpu, "mesh_with_border");
        }
    }

    @Test
    void movedControlPointsDrawTheJavaBackEndsMovedMesh() throws IOException {
        TriangleMesh ico = EmbeddingExample.load("icosahedron");
        double[] sphere = EmbeddingExample.boundingSphere(ico.positions());
        View view = View.of(sphere, 4f);
        try (GpuMesh cage = tessellator.prepare(ico)) {
            Shot rest = gpu(cage, view);
            for (double t : new double[] {0.25, 0.6}) {
                float[] moved = EmbeddingExample.wave(ico.positions(), sphere, t, new float[3 * ico.vertexCount()]);
                cage.updatePositions(moved);
                Shot wave = gpu(cage, view);
                assertSamePicture(java(TriangleMesh.of(moved, ico.triangles()), view), wave, "wave at " + t);
                int changed = differingPixels(rest.image(), wave.image(), 8);
                assertTrue(changed > W * H / 100, "the wave changed only " + changed + " pixels");
            }
            // and back at rest, the first picture again
            cage.updatePositions(ico.positions());
            Shot again = gpu(cage, view);
            assertEquals(rest.triangles(), again.triangles());
            assertEquals(0, differingPixels(rest.image(), again.image(), 0), "pixels differ from the first frame");
        }
    }

    @Test
    void aFrameLeavesTheHostsGlStateAsTheContractSays() throws IOException {
        TriangleMesh ico = EmbeddingExample.load("icosahedron");
        double[] sphere = EmbeddingExample.boundingSphere(ico.positions());
        View view = View.of(sphere, 4f);
        // what a host might have bound between its own passes
        int hostProgram = glCreateShaderProgramv(GL_VERTEX_SHADER,
                "#version 430 core\nvoid main() { gl_Position = vec4(0.0); }");
        int hostFbo = glGenFramebuffers();
        int hostColour = glGenRenderbuffers();
        glBindRenderbuffer(GL_RENDERBUFFER, hostColour);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
        glBindFramebuffer(GL_FRAMEBUFFER, hostFbo);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, hostColour);
        int hostVao = glGenVertexArrays();
        glBindVertexArray(hostVao);
        int[] hostBuffers = new int[3];
        glGenBuffers(hostBuffers);
        int hostSsbo = hostBuffers[0];
        int hostIndirect = hostBuffers[1];
        int hostArray = hostBuffers[2];
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, hostSsbo);
        glBufferData(GL_SHADER_STORAGE_BUFFER, 1024, GL_STATIC_DRAW);
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, hostSsbo, 256, 512);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, hostSsbo);
        int storageBindings = glGetInteger(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS);
        int above = GlTessellator.STORAGE_BINDINGS_USED;
        if (storageBindings > above) {
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, above, hostSsbo);
        }
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, hostIndirect);
        glBufferData(GL_DRAW_INDIRECT_BUFFER, 64, GL_STATIC_DRAW);
        glBindBuffer(GL_ARRAY_BUFFER, hostArray);
        glBufferData(GL_ARRAY_BUFFER, 64, GL_STATIC_DRAW);
        glUseProgram(hostProgram);
        glViewport(1, 2, 3, 4);
        glEnable(GL_SCISSOR_TEST);
        glEnable(GL_BLEND);
        glDisable(GL_DEPTH_TEST);
        glDepthFunc(GL_GREATER);
        glClearColor(0.25f, 0.5f, 0.75f, 1f);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        try {
            // a whole frame of the example: prepare, move the cage, refine, draw, read
            try (GpuMesh cage = tessellator.prepare(ico)) {
                float[] moved = new float[3 * ico.vertexCount()];
                cage.updatePositions(EmbeddingExample.wave(ico.positions(), sphere, 0.3, moved));
                GpuFrame frame = cage.refine(view.options());
                renderer.draw(frame, view.camera(), view.near(), view.far());
                renderer.read();
            }

            assertEquals(hostProgram, glGetInteger(GL_CURRENT_PROGRAM), "program");
            assertEquals(hostFbo, glGetInteger(GL_DRAW_FRAMEBUFFER_BINDING), "draw framebuffer");
            assertEquals(hostFbo, glGetInteger(GL_READ_FRAMEBUFFER_BINDING), "read framebuffer");
            assertEquals(hostColour, glGetInteger(GL_RENDERBUFFER_BINDING), "renderbuffer");
            assertEquals(hostVao, glGetInteger(GL_VERTEX_ARRAY_BINDING), "vertex array");
            assertEquals(hostIndirect, glGetInteger(GL_DRAW_INDIRECT_BUFFER_BINDING), "draw-indirect buffer");
            assertEquals(hostArray, glGetInteger(GL_ARRAY_BUFFER_BINDING), "array buffer");
            // GpuMesh.refine's contract: the binding points its passes used, and the generic
            // binding, are left unbound; the host binds its own again before its next pass
            assertEquals(0, glGetInteger(GL_SHADER_STORAGE_BUFFER_BINDING), "generic storage binding");
            for (int i = 0; i < above; i++) {
                assertEquals(0, glGetIntegeri(GL_SHADER_STORAGE_BUFFER_BINDING, i), "storage binding " + i);
            }
            if (storageBindings > above) {
                assertEquals(hostSsbo, glGetIntegeri(GL_SHADER_STORAGE_BUFFER_BINDING, above),
                        "storage binding " + above + ", which the passes do not use");
            }
            int[] viewport = new int[4];
            glGetIntegerv(GL_VIEWPORT, viewport);
            assertArrayEquals(new int[] {1, 2, 3, 4}, viewport, "viewport");
            assertTrue(glIsEnabled(GL_SCISSOR_TEST), "scissor test");
            assertTrue(glIsEnabled(GL_BLEND), "blend");
            assertFalse(glIsEnabled(GL_DEPTH_TEST), "depth test");
            assertEquals(GL_GREATER, glGetInteger(GL_DEPTH_FUNC), "depth function");
            float[] clear = new float[4];
            glGetFloatv(GL_COLOR_CLEAR_VALUE, clear);
            assertArrayEquals(new float[] {0.25f, 0.5f, 0.75f, 1f}, clear, "clear colour");
            assertEquals(1, glGetInteger(GL_PACK_ALIGNMENT), "pack alignment");
            assertEquals(GL_NO_ERROR, glGetError(), "GL error");
        } finally {
            glUseProgram(0);
            glBindFramebuffer(GL_FRAMEBUFFER, 0);
            glBindRenderbuffer(GL_RENDERBUFFER, 0);
            glBindVertexArray(0);
            glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
            for (int i = 0; i < Math.min(storageBindings, above + 1); i++) {
                glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, 0);
            }
            glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
            glBindBuffer(GL_ARRAY_BUFFER, 0);
            glDeleteBuffers(hostBuffers);
            glDeleteVertexArrays(hostVao);
            glDeleteFramebuffers(hostFbo);
            glDeleteRenderbuffers(hostColour);
            glDeleteProgram(hostProgram);
            glViewport(0, 0, 1, 1);
            glDisable(GL_SCISSOR_TEST);
            glDisable(GL_BLEND);
            glDepthFunc(GL_LESS);
            glPixelStorei(GL_PACK_ALIGNMENT, 4);
        }
    }

    @Test
    void theCommandLineWritesItsFramesAndPrintsTheirTriangleCounts(@TempDir Path dir) throws Exception {
        // on a thread of its own: main makes its own context current there and closes it
        AtomicReference<Throwable> failure = new AtomicReference<>();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = System.out;
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            Thread t = new Thread(() -> {
                try {
                    EmbeddingExample.main(new String[] {"icosahedron", dir.toString()});
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            t.start();
            t.join();
        } finally {
            System.setOut(out);
        }
        assertNull(failure.get(), () -> "main failed: " + failure.get());
        String text = printed.toString(StandardCharsets.UTF_8);
        for (int f = 0; f < EmbeddingExample.FRAMES; f++) {
            Path png = dir.resolve("frame-" + f + ".png");
            BufferedImage image = ImageIO.read(png.toFile());
            assertEquals(EmbeddingExample.WIDTH, image.getWidth());
            assertEquals(EmbeddingExample.HEIGHT, image.getHeight());
            Pattern line = Pattern.compile("(?m)^frame " + f
                    + ": [\\d,]+ triangles \\([\\d,]+ slivers\\), \\d+ levels, .* -> .*frame-" + f + "\\.png$");
            assertTrue(line.matcher(text).find(), "no line for frame " + f + " in:\n" + text);
        }
    }

    @Test
    void theExampleUsesNothingButPluginApiLwjglJomlAndTheJdk() throws IOException {
        Path sources = mainSources();
        Set<Path> read = new LinkedHashSet<>();
        List<String> offences = offences(sources, "org/loopsub/samples/embed", read);
        assertEquals(List.of(), offences, "the example reaches into the engine");
        // the walk did follow the example into the samples classes it uses
        for (String file : new String[] {"embed/EmbeddingExample.java", "embed/FrameRenderer.java",
            "embed/SavedGlState.java", "embed/GlImages.java"}) {
            assertTrue(read.contains(sources.resolve("org/loopsub/samples/" + file)), "did not read " + file
                    + "; read " + read);
        }
        // and no other samples class: a renderer copies the example's package and nothing else
        for (Path p : read) {
            assertTrue(p.startsWith(sources.resolve("org/loopsub/samples/embed")), "the example reaches " + p);
        }
    }

    @Test
    void theSourceCheckFindsAnEngineClassOneSamplesClassAway(@TempDir Path dir) throws IOException {
        Path embed = Files.createDirectories(dir.resolve("org/loopsub/samples/embed"));
        Path render = Files.createDirectories(dir.resolve("org/loopsub/samples/render"));
        Files.writeString(embed.resolve("Example.java"), "package org.loopsub.samples.embed;\n"
                + "import org.loopsub.api.gpu.GpuMesh;\nimport org.loopsub.samples.render.Helper;\nclass Example {}\n");
        Files.writeString(render.resolve("Helper.java"), "package org.loopsub.samples.render;\n"
                + "class Helper { Object b = new org.loopsub.gl.GlBuffer(); }\n");
        Files.writeString(render.resolve("Unused.java"), "package org.loopsub.samples.render;\n"
                + "import org.loopsub.glengine.GlTessellator;\nclass Unused {}\n");
        List<String> offences = offences(dir, "org/loopsub/samples/embed", new LinkedHashSet<>());
        assertEquals(1, offences.size(), offences::toString);
        assertTrue(offences.get(0).contains("Helper.java:2"), offences::toString);
    }

    // ---- the GPU frame and its Java counterpart

    /** Refines for the view, draws with {@link FrameRenderer} and counts what the draw command drew. */
    private Shot gpu(GpuMesh cage, View view) {
        GpuFrame frame = cage.refine(view.options());
        int query = glGenQueries();
        glBeginQuery(GL_PRIMITIVES_GENERATED, query);
        renderer.draw(frame, view.camera(), view.near(), view.far());
        glEndQuery(GL_PRIMITIVES_GENERATED);
        long drawn = glGetQueryObjectui64(query, GL_QUERY_RESULT);
        glDeleteQueries(query);

        // the draw command covers every block; a gap before a block (padding to a multiple of 4
        // triangles) is at most 3 triangles
        long inBlocks = 0;
        long end = 0;
        for (GpuFrame.Block b : frame.blocks()) {
            long gap = b.firstTriangle() - end;
            assertTrue(gap >= 0 && gap <= 3, "a gap of " + gap + " triangles before " + b);
            inBlocks += b.triangleCount();
            end = b.firstTriangle() + b.triangleCount();
        }
        assertEquals(frame.triangleCount(), inBlocks, "triangles in the blocks");
        assertEquals(end, drawn, "triangles drawn by the indirect command (padding included)");
        long slivers = frame.blocks().stream().filter(GpuFrame.Block::slivers)
                .mapToLong(GpuFrame.Block::triangleCount).sum();
        return new Shot(frame.triangleCount(), drawn, slivers, renderer.read());
    }

    /**
     * The Java back end's refinement of the mesh, unwelded into the layout of a GPU frame (already in
     * the mesh's frame: identity model matrix) and drawn by the same renderer from those arrays.
     */
    private Shot java(TriangleMesh mesh, View view) {
        RefineResult r;
        try (Tessellator t = Tessellators.create("java")) {
            r = t.refine(mesh, view.options());
        }
        TriangleMesh m = r.mesh();
        int n = m.triangleCount();
        float[] positions = new float[9 * n];
        float[] normals = new float[9 * n];
        for (int t = 0; t < n; t++) {
            for (int k = 0; k < 3; k++) {
                int v = m.vertex(t, k);
                for (int x = 0; x < 3; x++) {
                    positions[9 * t + 3 * k + x] = m.position(v, x);
                    normals[9 * t + 3 * k + x] = r.normal(v, x);
                }
            }
        }
        try (GlBuffer p = GlBuffer.of(positions, "java positions");
             GlBuffer q = GlBuffer.of(normals, "java normals");
             GlBuffer command = GlBuffer.of(new int[] {3 * n, 1, 0, 0}, "java draw command")) {
            renderer.draw(new ArrayFrame(p.id(), q.id(), command.id(), n, r.levels()), view.camera(), view.near(),
                    view.far());
            return new Shot(n, n, -1, renderer.read());
        }
    }

    /** Buffers filled from Java arrays, in a GPU frame's layout, already in the mesh's coordinates. */
    private record ArrayFrame(int positionBuffer, int normalBuffer, int drawIndirectBuffer, long triangleCount,
                              List<LevelStats> levels) implements GpuFrame {
        @Override
        public List<Block> blocks() {
            return List.of(new Block(levels.size() - 1, false, 0, triangleCount));
        }

        @Override
        public Matrix4f modelMatrix(Matrix4f dest) {
            return dest.identity();
        }

        @Override
        public long gpuNanos() {
            return 0;
        }
    }

    // ---- comparing pictures

    /**
     * Same triangle count; the same pixels covered but for a few on the silhouette (the GPU's
     * positions are in the internal frame and reach the mesh's coordinates through the model matrix,
     * the Java ones are there already: the two round differently); inside, the same shade up to
     * rounding.
     */
    private static void assertSamePicture(Shot java, Shot gpu, String what) {
        assertEquals(java.triangles(), gpu.triangles(), what + ": the back ends made different triangle counts");
        int covered = 0;
        int coverageDiffers = 0;
        int shadeDiffers = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                boolean a = covered(gpu.image(), x, y);
                boolean b = covered(java.image(), x, y);
                covered += a ? 1 : 0;
                coverageDiffers += a != b ? 1 : 0;
                if (a && b && inside(gpu.image(), x, y) && inside(java.image(), x, y)
                        && maxChannelDifference(gpu.image().getRGB(x, y), java.image().getRGB(x, y)) > 2) {
                    shadeDiffers++;
                }
            }
        }
        assertTrue(covered > W * H / 15, what + ": the mesh covers only " + covered + " pixels");
        assertTrue(coverageDiffers <= 8, what + ": " + coverageDiffers + " pixels covered by one drawing only");
        assertTrue(shadeDiffers <= 8, what + ": " + shadeDiffers + " pixels inside shaded differently");
    }

    private static void assertBackgroundCornersAndMeshCentre(BufferedImage image) {
        int[][] corners = {{0, 0}, {W - 1, 0}, {0, H - 1}, {W - 1, H - 1}, {2, 2}, {W - 3, H - 3}};
        for (int[] c : corners) {
            assertFalse(covered(image, c[0], c[1]), "corner " + c[0] + "," + c[1] + " is "
                    + Integer.toHexString(image.getRGB(c[0], c[1])) + ", not the background");
        }
        for (int y = H / 2 - 4; y <= H / 2 + 4; y++) {
            for (int x = W / 2 - 4; x <= W / 2 + 4; x++) {
                int rgb = image.getRGB(x, y);
                int r = rgb >> 16 & 0xff;
                int g = rgb >> 8 & 0xff;
                int b = rgb & 0xff;
                // the mesh colour at any shade: red over green over blue, brighter than the background
                assertTrue(r > 80 && r > g && g > b, "centre pixel " + x + "," + y + " is "
                        + Integer.toHexString(rgb) + ", not the shaded mesh colour");
            }
        }
    }

    private static boolean covered(BufferedImage image, int x, int y) {
        int rgb = image.getRGB(x, y);
        int[] c = {rgb >> 16 & 0xff, rgb >> 8 & 0xff, rgb & 0xff};
        for (int k = 0; k < 3; k++) {
            if (Math.abs(c[k] - Math.round(FrameRenderer.BACKGROUND[k] * 255)) > 2) {
                return true;
            }
        }
        return false;
    }

    /** Covered, and so are its eight neighbours: off the silhouette. */
    private static boolean inside(BufferedImage image, int x, int y) {
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                int u = x + dx;
                int v = y + dy;
                if (u < 0 || v < 0 || u >= W || v >= H || !covered(image, u, v)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static int maxChannelDifference(int a, int b) {
        int d = 0;
        for (int shift = 0; shift <= 16; shift += 8) {
            d = Math.max(d, Math.abs((a >> shift & 0xff) - (b >> shift & 0xff)));
        }
        return d;
    }

    private static int differingPixels(BufferedImage a, BufferedImage b, int tolerance) {
        int n = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                n += maxChannelDifference(a.getRGB(x, y), b.getRGB(x, y)) > tolerance ? 1 : 0;
            }
        }
        return n;
    }

    // ---- reading the example's sources

    /** @return samples/src/main/java, from the module folder (Maven's) or the repository root */
    private static Path mainSources() {
        for (Path p : new Path[] {Path.of("src/main/java"), Path.of("samples/src/main/java")}) {
            if (Files.isDirectory(p.resolve("org/loopsub/samples/embed"))) {
                return p;
            }
        }
        throw new AssertionError("cannot find samples/src/main/java from " + Path.of("").toAbsolutePath());
    }

    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\n]*", Pattern.DOTALL);
    private static final Pattern SAMPLES_CLASS =
            Pattern.compile("\\borg\\.loopsub\\.samples\\.((?:[a-z]\\w*\\.)*)([A-Z]\\w*|\\*)");

    /**
     * Reads every source file of a package and, following imports, qualified names and the names of
     * classes of the same package, every samples class they use, and so on.
     *
     * @param root a source root
     * @param packageDir the package to start from, as a folder under {@code root}
     * @param read receives the files read
     * @return "file:line: text" for each line that names a forbidden package
     */
    static List<String> offences(Path root, String packageDir, Set<Path> read) throws IOException {
        Deque<Path> todo = new ArrayDeque<>(javaFiles(root.resolve(packageDir)));
        List<String> found = new ArrayList<>();
        while (!todo.isEmpty()) {
            Path file = todo.pop();
            if (!read.add(file)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            // classes of the file's own package that its code uses need no import
            String code = COMMENT.matcher(String.join("\n", lines)).replaceAll(" ");
            for (Path other : javaFiles(file.getParent())) {
                String name = other.getFileName().toString().replace(".java", "");
                if (Pattern.compile("\\b" + name + "\\b").matcher(code).find()) {
                    todo.add(other);
                }
            }
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (FORBIDDEN.matcher(line).find()) {
                    found.add(file.getFileName() + ":" + (i + 1) + ": " + line.strip());
                }
                Matcher m = SAMPLES_CLASS.matcher(line);
                while (m.find()) {
                    Path pkg = root.resolve(("org.loopsub.samples." + m.group(1)).replace('.', '/'));
                    if (m.group(2).equals("*")) {
                        todo.addAll(javaFiles(pkg));
                    } else if (Files.isRegularFile(pkg.resolve(m.group(2) + ".java"))) {
                        todo.add(pkg.resolve(m.group(2) + ".java"));
                    }
                }
            }
        }
        return found;
    }

    private static List<Path> javaFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }
}
