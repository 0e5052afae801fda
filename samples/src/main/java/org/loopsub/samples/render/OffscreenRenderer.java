package org.loopsub.samples.render;

import static org.lwjgl.opengl.GL43C.*;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import org.loopsub.api.Camera;
import org.loopsub.api.TriangleMesh;
import org.loopsub.samples.embed.GlImages;
import org.lwjgl.opengl.GL;
import org.lwjgl.system.MemoryUtil;

/**
 * Draws a triangle mesh into an offscreen framebuffer and reads it back as an image: Lambert shading,
 * faces coloured by their size, an optional wireframe, and zero-area faces (the slivers of adaptive
 * refinement) as thick lines in a contrasting colour. For pictures and tests, not for speed: the mesh
 * is uploaded again on every {@link #draw}.
 *
 * <p>Needs an OpenGL 4.3 core context current on the calling thread, e.g. from
 * {@code org.loopsub.gl.GlContext.createHeadless()}; the renderer does not own it and must be closed
 * before it.
 *
 * <p>Faces are coloured by the level at which they finished when the caller knows it
 * ({@link FaceLevels}), otherwise by size: each level quarters a face's area, so {@code log2} of the
 * area relative to the largest face is about twice the number of levels between them.
 */
public final class OffscreenRenderer implements AutoCloseable {
    /** Background, linear 0..1 RGB; tests compare read-back pixels against it. */
    public static final float[] BACKGROUND = {0.96f, 0.96f, 0.96f};
    /** Wireframe lines. */
    public static final float[] LINE = {0.16f, 0.17f, 0.22f};
    /** Slivers. Magenta: the size ramp (blue to orange) never comes near it. */
    public static final float[] SLIVER = {0.85f, 0.05f, 0.65f};

    /** The size ramp, from the largest faces (blue) to the smallest (orange). */
    private static final float[][] RAMP = {
        {0.45f, 0.62f, 0.98f}, {0.36f, 0.84f, 0.84f}, {0.68f, 0.92f, 0.42f}, {1.00f, 0.70f, 0.28f}};
    /** One colour per level, 0 to 8, cool to warm; none near the sliver magenta. */
    private static final float[][] LEVELS = {
        {0.62f, 0.52f, 0.96f}, {0.42f, 0.62f, 1.00f}, {0.32f, 0.80f, 0.92f}, {0.42f, 0.86f, 0.52f},
        {0.80f, 0.90f, 0.36f}, {1.00f, 0.78f, 0.30f}, {1.00f, 0.58f, 0.36f}, {0.86f, 0.44f, 0.30f},
        {0.70f, 0.70f, 0.70f}};
    private static final int FLOATS_PER_VERTEX = 9;
    /** Twice the area over the squared longest edge below which a face counts as a sliver (by shape). */
    private static final double SLIVER_RELATIVE_AREA = 1e-4;

    /**
     * How to draw.
     *
     * @param smooth interpolate the vertex normals; otherwise each face is shaded with its own normal
     * @param wireframe draw the edges of the faces
     * @param slivers draw zero-area faces as lines along their long edge
     * @param lineWidth wireframe and sliver width in pixels (at least 1)
     * @param lineOpacity how much the wireframe covers the face colour, in (0, 1]; 1 draws pure
     *     {@link #LINE} at the centre of each line
     */
    public record Style(boolean smooth, boolean wireframe, boolean slivers, float lineWidth, float lineOpacity) {
        /** Checks the width and opacity. */
        public Style {
            if (!(lineWidth >= 1) || Float.isInfinite(lineWidth)) {
                throw new IllegalArgumentException("line width must be at least 1 pixel, got " + lineWidth);
            }
            if (!(lineOpacity > 0 && lineOpacity <= 1)) {
                throw new IllegalArgumentException("line opacity must be in (0, 1], got " + lineOpacity);
            }
        }

        /** @return flat shading, opaque wireframe one pixel wide, slivers shown */
        public static Style defaults() {
            return new Style(false, true, true, 1f, 1f);
        }
    }

    private final int width;
    private final int height;
    private final int samples;
    private final int msFbo;
    private final int msColour;
    private final int msDepth;
    private final int resolveFbo;
    private final int resolveColour;
    private final int meshProgram;
    private final int edgeProgram;
    private final int vao;
    private final int vbo;
    private boolean closed;

    /**
     * Creates the framebuffer, the programs and the vertex array on the current context.
     *
     * @param width image width in pixels
     * @param height image height in pixels
     * @param samples MSAA samples per pixel, 0 or 1 for none; clamped to what the driver offers
     * @throws IllegalStateException if no GL context is current, or the driver refuses the setup
     */
    public OffscreenRenderer(int width, int height, int samples) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("image size must be positive, got " + width + "x" + height);
        }
        try {
            GL.getCapabilities();
        } catch (IllegalStateException e) {
            throw new IllegalStateException("no OpenGL context current on this thread: create one with "
                    + "GlContext.createHeadless() first", e);
        }
        this.width = width;
        this.height = height;
        this.samples = samples <= 1 ? 0 : Math.min(samples, glGetInteger(GL_MAX_SAMPLES));

        msColour = glGenRenderbuffers();
        glBindRenderbuffer(GL_RENDERBUFFER, msColour);
        glRenderbufferStorageMultisample(GL_RENDERBUFFER, this.samples, GL_RGBA8, width, height);
        msDepth = glGenRenderbuffers();
        glBindRenderbuffer(GL_RENDERBUFFER, msDepth);
        glRenderbufferStorageMultisample(GL_RENDERBUFFER, this.samples, GL_DEPTH_COMPONENT24, width, height);
        msFbo = framebuffer(msColour, msDepth);
        if (this.samples > 0) {
            // multisampled pixels cannot be read directly: they are resolved into this one first
            resolveColour = glGenRenderbuffers();
            glBindRenderbuffer(GL_RENDERBUFFER, resolveColour);
            glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
            resolveFbo = framebuffer(resolveColour, 0);
        } else {
            resolveColour = 0;
            resolveFbo = 0;
        }
        glBindRenderbuffer(GL_RENDERBUFFER, 0);

        meshProgram = program("mesh.vert", null, "mesh.frag");
        edgeProgram = program("edge.vert", "edge.geom", "edge.frag");
        vao = glGenVertexArrays();
        vbo = glGenBuffers();
        GlImages.check("renderer setup");
    }

    /** @return image width in pixels */
    public int width() {
        return width;
    }

    /** @return image height in pixels */
    public int height() {
        return height;
    }

    /**
     * Clears the image and draws the mesh.
     *
     * @param mesh the mesh; faces are drawn counter-clockwise or not, both sides are lit
     * @param normals unit normal per vertex, used only with {@link Style#smooth()}; may be null otherwise
     * @param camera eye, target, up and field of view; its viewport is ignored, the image's aspect is used
     * @param style how to draw
     * @return the number of zero-area faces found (drawn as lines when {@link Style#slivers()})
     */
    public int draw(TriangleMesh mesh, float[] normals, Camera camera, Style style) {
        return draw(mesh, normals, null, camera, style);
    }

    /**
     * Clears the image and draws the mesh, each face in the colour of the level at which it finished
     * ({@link #levelColour(int)}), e.g. from {@link FaceLevels}.
     *
     * @param mesh the mesh; faces are drawn counter-clockwise or not, both sides are lit
     * @param normals unit normal per vertex, used only with {@link Style#smooth()}; may be null otherwise
     * @param faceLevels level and sliver flag per face, or null to colour by size and find slivers by
     *     their shape as {@link #draw(TriangleMesh, float[], Camera, Style)} does
     * @param camera eye, target, up and field of view; its viewport is ignored, the image's aspect is used
     * @param style how to draw
     * @return the number of zero-area faces found (drawn as lines when {@link Style#slivers()})
     */
    public int draw(TriangleMesh mesh, float[] normals, FaceLevels faceLevels, Camera camera, Style style) {
        checkOpen();
        if (faceLevels != null && faceLevels.levels().length != mesh.triangleCount()) {
            throw new IllegalArgumentException("need one level per face: " + faceLevels.levels().length + " for "
                    + mesh.triangleCount() + " faces");
        }
        if (style.smooth() && (normals == null || normals.length != 3 * mesh.vertexCount())) {
            throw new IllegalArgumentException("smooth shading needs one normal per vertex");
        }
        int n = mesh.triangleCount();
        boolean[] sliver = new boolean[n];
        double[] area = new double[n];
        int slivers = 0;
        for (int t = 0; t < n; t++) {
            area[t] = faceNormal(mesh, t, new double[3]);
            sliver[t] = faceLevels != null ? faceLevels.slivers()[t] : isSliver(mesh, t, area[t]);
            slivers += sliver[t] ? 1 : 0;
        }
        float[][] colours = faceLevels == null ? sizeColours(area, sliver) : levelColours(faceLevels.levels());

        clearTarget();

        float[] viewProj = viewProjection(mesh, camera);
        org.joml.Vector3d key = ViewMath.keyLight(camera);
        double[] light = {key.x, key.y, key.z};

        FloatBuffer fill = MemoryUtil.memAllocFloat(Math.max(1, (n - slivers) * 3 * FLOATS_PER_VERTEX));
        FloatBuffer lines = MemoryUtil.memAllocFloat(Math.max(1, slivers * 2 * 3));
        try {
            putFaces(mesh, normals, sliver, colours, style.smooth(), fill, lines);
            fill.flip();
            lines.flip();

            glBindVertexArray(vao);
            glBindBuffer(GL_ARRAY_BUFFER, vbo);
            glBufferData(GL_ARRAY_BUFFER, fill, GL_STREAM_DRAW);
            int stride = FLOATS_PER_VERTEX * Float.BYTES;
            glVertexAttribPointer(0, 3, GL_FLOAT, false, stride, 0L);
            glVertexAttribPointer(1, 3, GL_FLOAT, false, stride, 3L * Float.BYTES);
            glVertexAttribPointer(2, 3, GL_FLOAT, false, stride, 6L * Float.BYTES);
            glEnableVertexAttribArray(0);
            glEnableVertexAttribArray(1);
            glEnableVertexAttribArray(2);

            glUseProgram(meshProgram);
            glUniformMatrix4fv(glGetUniformLocation(meshProgram, "viewProj"), false, viewProj);
            glUniform3f(glGetUniformLocation(meshProgram, "lightDir"), (float) light[0], (float) light[1],
                    (float) light[2]);
            glUniform1i(glGetUniformLocation(meshProgram, "wireframe"), style.wireframe() ? 1 : 0);
            glUniform1f(glGetUniformLocation(meshProgram, "lineWidth"), style.lineWidth());
            glUniform3f(glGetUniformLocation(meshProgram, "lineColour"), LINE[0], LINE[1], LINE[2]);
            glUniform1f(glGetUniformLocation(meshProgram, "lineOpacity"), style.lineOpacity());
            // pushes the faces back a little so the sliver lines, at the same depth, win the depth test
            glEnable(GL_POLYGON_OFFSET_FILL);
            glPolygonOffset(1f, 1f);
            glDrawArrays(GL_TRIANGLES, 0, (n - slivers) * 3);
            glDisable(GL_POLYGON_OFFSET_FILL);

            if (style.slivers() && slivers > 0) {
                drawSliverLines(lines, slivers, viewProj, style);
            }
        } finally {
            MemoryUtil.memFree(fill);
            MemoryUtil.memFree(lines);
            glUseProgram(0);
            glBindVertexArray(0);
            glBindBuffer(GL_ARRAY_BUFFER, 0);
        }
        GlImages.check("draw");
        return slivers;
    }

    /** Binds the multisampled target and clears it, depth-tested, both sides drawn. */
    private void clearTarget() {
        glBindFramebuffer(GL_FRAMEBUFFER, msFbo);
        glViewport(0, 0, width, height);
        glClearColor(BACKGROUND[0], BACKGROUND[1], BACKGROUND[2], 1f);
        glClearDepth(1.0);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_LEQUAL);
        glDisable(GL_CULL_FACE);
        if (samples > 0) {
            glEnable(GL_MULTISAMPLE);
        }

    }

    /**
     * Puts each face that is no sliver into {@code fill} (position, normal, colour per corner: the
     * vertex's normal when smooth, else the face's) and each sliver's longest edge into {@code lines}.
     */
    private static void putFaces(TriangleMesh mesh, float[] normals, boolean[] sliver, float[][] colours,
                                 boolean smooth, FloatBuffer fill, FloatBuffer lines) {
        int n = mesh.triangleCount();
        double[] fn = new double[3];
        for (int t = 0; t < n; t++) {
            if (sliver[t]) {
                putLongestEdge(lines, mesh, t);
                continue;
            }
            faceNormal(mesh, t, fn);
            for (int k = 0; k < 3; k++) {
                int v = mesh.vertex(t, k);
                fill.put(mesh.position(v, 0)).put(mesh.position(v, 1)).put(mesh.position(v, 2));
                if (smooth) {
                    fill.put(normals, 3 * v, 3);
                } else {
                    fill.put((float) fn[0]).put((float) fn[1]).put((float) fn[2]);
                }
                fill.put(colours[t]);
            }
        }
    }

    /** Draws the slivers' edges, from the bound vertex array's buffer, as lines over the faces. */
    private void drawSliverLines(FloatBuffer lines, int slivers, float[] viewProj, Style style) {
        glBufferData(GL_ARRAY_BUFFER, lines, GL_STREAM_DRAW);
        glVertexAttribPointer(0, 3, GL_FLOAT, false, 3 * Float.BYTES, 0L);
        glDisableVertexAttribArray(1);
        glDisableVertexAttribArray(2);
        glUseProgram(edgeProgram);
        glUniformMatrix4fv(glGetUniformLocation(edgeProgram, "viewProj"), false, viewProj);
        glUniform2f(glGetUniformLocation(edgeProgram, "viewport"), width, height);
        glUniform1f(glGetUniformLocation(edgeProgram, "lineWidth"), style.lineWidth() + 0.5f);
        glUniform3f(glGetUniformLocation(edgeProgram, "edgeColour"), SLIVER[0], SLIVER[1], SLIVER[2]);
        glDrawArrays(GL_LINES, 0, slivers * 2);
    }

    /**
     * Reads the image back, top row first.
     *
     * @return an RGB image of {@link #width()} x {@link #height()}
     */
    public BufferedImage read() {
        checkOpen();
        int source = msFbo;
        if (samples > 0) {
            glBindFramebuffer(GL_READ_FRAMEBUFFER, msFbo);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolveFbo);
            glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
            source = resolveFbo;
        }
        glBindFramebuffer(GL_READ_FRAMEBUFFER, source);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        try {
            return GlImages.readRgb(width, height);
        } finally {
            glBindFramebuffer(GL_FRAMEBUFFER, 0);
        }
    }

    /**
     * Reads the image back and writes it as a PNG.
     *
     * @param file the PNG to write (replaced if it exists)
     * @throws IOException if it cannot be written
     */
    public void writePng(Path file) throws IOException {
        GlImages.writePng(read(), file);
    }

    /** Deletes the GL objects; the context stays. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        glDeleteBuffers(vbo);
        glDeleteVertexArrays(vao);
        glDeleteProgram(meshProgram);
        glDeleteProgram(edgeProgram);
        glDeleteFramebuffers(msFbo);
        glDeleteRenderbuffers(msColour);
        glDeleteRenderbuffers(msDepth);
        if (resolveFbo != 0) {
            glDeleteFramebuffers(resolveFbo);
            glDeleteRenderbuffers(resolveColour);
        }
    }

    /**
     * @param level a refinement level, 0 for the input faces
     * @return its colour in level pictures, linear 0..1 RGB; levels past the palette share its last colour
     */
    public static float[] levelColour(int level) {
        return LEVELS[Math.max(0, Math.min(level, LEVELS.length - 1))].clone();
    }

    private static float[][] levelColours(int[] faceLevels) {
        float[][] colours = new float[faceLevels.length][];
        for (int t = 0; t < faceLevels.length; t++) {
            colours[t] = LEVELS[Math.max(0, Math.min(faceLevels[t], LEVELS.length - 1))];
        }
        return colours;
    }

    /**
     * Maps each face's area to the ramp on a log scale. The scale runs from the largest face down to
     * the 1st percentile rather than the smallest, so that a few tiny faces of the input do not squeeze
     * every level of refinement into one colour.
     */
    static float[][] sizeColours(double[] area, boolean[] sliver) {
        double[] logs = Arrays.stream(area).filter(a -> a > 0).map(a -> Math.log(a) / Math.log(2)).sorted().toArray();
        float[][] colours = new float[area.length][];
        if (logs.length == 0) {
            Arrays.fill(colours, RAMP[0]);
            return colours;
        }
        double hi = logs[logs.length - 1];
        double lo = logs[(int) (0.01 * (logs.length - 1))];
        // at least two levels of range, so that a uniform mesh stays one colour instead of spreading
        // its small variations over the whole ramp
        double range = Math.max(hi - lo, 4);
        for (int t = 0; t < area.length; t++) {
            if (sliver[t] || area[t] <= 0) {
                colours[t] = SLIVER;
                continue;
            }
            double s = Math.min(1, Math.max(0, (hi - Math.log(area[t]) / Math.log(2)) / range));
            colours[t] = ramp(s);
        }
        return colours;
    }

    private static float[] ramp(double s) {
        double x = s * (RAMP.length - 1);
        int i = Math.min((int) x, RAMP.length - 2);
        float f = (float) (x - i);
        float[] c = new float[3];
        for (int k = 0; k < 3; k++) {
            c[k] = RAMP[i][k] + f * (RAMP[i + 1][k] - RAMP[i][k]);
        }
        return c;
    }

    /**
     * A face this thin is drawn as a line. Looser than the engine's flat-input test
     * ({@code FlatFaces}): an output sliver is collinear only up to float rounding of its corners.
     */
    private static boolean isSliver(TriangleMesh m, int t, double area) {
        double longest = 0;
        for (int k = 0; k < 3; k++) {
            longest = Math.max(longest, edgeLength2(m, t, k));
        }
        return 2 * area <= SLIVER_RELATIVE_AREA * longest;
    }

    /** Squared length of edge k (corner k to corner k+1) of triangle t, in double. */
    private static double edgeLength2(TriangleMesh m, int t, int k) {
        int p = m.vertex(t, k);
        int q = m.vertex(t, (k + 1) % 3);
        double len = 0;
        for (int x = 0; x < 3; x++) {
            double d = (double) m.position(q, x) - m.position(p, x);
            len += d * d;
        }
        return len;
    }

    /** Writes the unit normal into {@code out}; returns the area (0 for a degenerate face). */
    private static double faceNormal(TriangleMesh m, int t, double[] out) {
        org.joml.Vector3d n = ViewMath.faceCross(m, t);
        double len = n.length();
        for (int x = 0; x < 3; x++) {
            out[x] = len > 0 ? n.get(x) / len : 0;
        }
        return 0.5 * len;
    }

    /** A sliver (a, b, m) lies along (a, b); its longest edge is that segment, whatever the corner order. */
    private static void putLongestEdge(FloatBuffer lines, TriangleMesh m, int t) {
        int best = 0;
        double bestLen = -1;
        for (int k = 0; k < 3; k++) {
            double len = edgeLength2(m, t, k);
            if (len > bestLen) {
                bestLen = len;
                best = k;
            }
        }
        for (int k : new int[] {best, (best + 1) % 3}) {
            int v = m.vertex(t, k);
            lines.put(m.position(v, 0)).put(m.position(v, 1)).put(m.position(v, 2));
        }
    }

    /** Near and far planes hug the mesh's bounding sphere, so depth precision goes where the mesh is. */
    private float[] viewProjection(TriangleMesh mesh, Camera camera) {
        double[][] box = ViewMath.bounds(mesh);
        double[] lo = box[0];
        double[] hi = box[1];
        double radius = 0;
        double dist = 0;
        for (int x = 0; x < 3; x++) {
            double c = mesh.vertexCount() == 0 ? 0 : 0.5 * (lo[x] + hi[x]);
            double h = mesh.vertexCount() == 0 ? 0 : 0.5 * (hi[x] - lo[x]);
            double e = x == 0 ? camera.eye().x() : x == 1 ? camera.eye().y() : camera.eye().z();
            radius += h * h;
            dist += (c - e) * (c - e);
        }
        radius = Math.max(Math.sqrt(radius), 1e-6);
        dist = Math.sqrt(dist);
        double near = Math.max(dist - 1.01 * radius, 1e-3 * radius);
        double far = dist + 1.01 * radius;
        return ViewMath.viewProjection(camera, (double) width / height, near, far).get(new float[16]);
    }

    private static int framebuffer(int colour, int depth) {
        int fbo = glGenFramebuffers();
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour);
        if (depth != 0) {
            glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
        }
        int status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        if (status != GL_FRAMEBUFFER_COMPLETE) {
            throw new IllegalStateException("framebuffer incomplete: 0x" + Integer.toHexString(status));
        }
        return fbo;
    }

    private static int program(String vertex, String geometry, String fragment) {
        return GlImages.linkProgram(vertex + " + " + fragment,
                GlImages.compileShader(OffscreenRenderer.class, GL_VERTEX_SHADER, vertex),
                geometry == null ? 0 : GlImages.compileShader(OffscreenRenderer.class, GL_GEOMETRY_SHADER, geometry),
                GlImages.compileShader(OffscreenRenderer.class, GL_FRAGMENT_SHADER, fragment));
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("renderer is closed");
        }
    }
}
