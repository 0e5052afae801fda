package org.loopsub.samples.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL43C.*;

import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.loopsub.api.Camera;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.engine.GlTessellator;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTestBase;
import org.loopsub.gl.GpuScan;
import org.loopsub.samples.render.ViewMath;

/**
 * Draws the icosahedron, refined adaptively on the GPU, from the tessellator's buffers (llvmpipe in
 * CI; the base class skips without a context outside CI) and checks the picture against the same
 * refinement made by the Java back end and drawn from Java arrays: same triangle count, same covered
 * pixels up to rounding on the silhouette. Also checks that a frame leaves the host's GL state alone.
 */
class EmbeddingExampleTest extends GlTestBase {
    private static final int W = 96;
    private static final int H = 72;

    private TriangleMesh ico;
    private double[] sphere;
    private Camera camera;
    private RefineOptions options;
    private GlTessellator tessellator;
    private GpuRunRenderer renderer;

    @BeforeAll
    void setUp() throws Exception {
        ico = EmbeddingExample.sample("icosahedron");
        sphere = EmbeddingExample.boundingSphere(ico);
        // from 3.2 radii at 40 degrees the sphere fills about two thirds of the height: corners stay empty
        camera = EmbeddingExample.orbit(sphere, 3.2, 15, 10, W, H);
        options = RefineOptions.adaptive(4, new StopCriterion.ScreenEdgeLength(camera, 4f));
        tessellator = new GlTessellator(gl, false, GpuScan.defaultStrategy(gl), GlTessellator.DEFAULT_BUDGET);
        renderer = new GpuRunRenderer(W, H);
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
    void drawsEveryTriangleOfTheRunAndCoversWhatTheJavaBackEndCovers() {
        EmbeddingExample.Frame frame = EmbeddingExample.renderFrame(tessellator, renderer, ico, options, camera, sphere);
        BufferedImage gpu = renderer.read();
        assertTrue(frame.triangles() > 4 * ico.triangleCount(), "the criterion refined nothing: " + frame);
        assertEquals(frame.triangles(), frame.drawn(), "GL_PRIMITIVES_GENERATED against run.triangleCount()");

        int[][] corners = {{0, 0}, {W - 1, 0}, {0, H - 1}, {W - 1, H - 1}, {2, 2}, {W - 3, H - 3}};
        for (int[] c : corners) {
            int p = gpu.getRGB(c[0], c[1]);
            assertTrue(near(p, GpuRunRenderer.BACKGROUND, 2), "corner " + c[0] + "," + c[1] + " is "
                    + Integer.toHexString(p) + ", not the background");
        }
        for (int y = H / 2 - 4; y <= H / 2 + 4; y++) {
            for (int x = W / 2 - 4; x <= W / 2 + 4; x++) {
                assertTrue(meshColoured(gpu.getRGB(x, y)), "centre pixel " + x + "," + y + " is "
                        + Integer.toHexString(gpu.getRGB(x, y)) + ", not the shaded mesh colour");
            }
        }

        RefineResult java;
        try (Tessellator t = Tessellators.create("java")) {
            java = t.refine(ico, options);
        }
        TriangleMesh m = java.mesh();
        assertEquals(frame.triangles(), m.triangleCount(), "GL and Java back ends made different triangle counts");

        // the Java result unwelded into the GPU layout, already in the user's frame: identity model
        float[] positions = new float[9 * m.triangleCount()];
        float[] normals = new float[9 * m.triangleCount()];
        for (int t = 0; t < m.triangleCount(); t++) {
            double[] n = faceNormal(m, t);
            for (int k = 0; k < 3; k++) {
                for (int x = 0; x < 3; x++) {
                    positions[9 * t + 3 * k + x] = m.position(m.vertex(t, k), x);
                    normals[9 * t + 3 * k + x] = (float) n[x];
                }
            }
        }
        BufferedImage cpu;
        try (GlBuffer p = GlBuffer.of(positions, "java positions"); GlBuffer n = GlBuffer.of(normals, "java normals")) {
            long drawn = renderer.draw(List.of(p), List.of(n), List.of((long) m.triangleCount()), new org.joml.Matrix4d(),
                    camera, sphere);
            assertEquals(m.triangleCount(), drawn);
            cpu = renderer.read();
        }

        int covered = 0;
        int differing = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                boolean a = !near(gpu.getRGB(x, y), GpuRunRenderer.BACKGROUND, 2);
                boolean b = !near(cpu.getRGB(x, y), GpuRunRenderer.BACKGROUND, 2);
                covered += a ? 1 : 0;
                differing += a != b ? 1 : 0;
            }
        }
        assertTrue(covered > W * H / 15, "the mesh covers only " + covered + " pixels");
        // The positions agree to the bit in the internal frame; the user frame and the two model
        // matrices round differently, which may move a silhouette pixel centre across an edge.
        assertTrue(differing <= 6, differing + " pixels covered by one drawing and not the other");
    }

    @Test
    void aFrameLeavesTheHostsGlStateAsItWas() {
        // what a host might have bound between its own passes
        int hostFbo = glGenFramebuffers();
        int hostColour = glGenRenderbuffers();
        glBindRenderbuffer(GL_RENDERBUFFER, hostColour);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
        glBindFramebuffer(GL_FRAMEBUFFER, hostFbo);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, hostColour);
        int hostVao = glGenVertexArrays();
        glBindVertexArray(hostVao);
        int hostSsbo = glGenBuffers();
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, hostSsbo);
        glBufferData(GL_SHADER_STORAGE_BUFFER, 1024, GL_STATIC_DRAW);
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, hostSsbo, 256, 512);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, hostSsbo);
        glViewport(1, 2, 3, 4);
        glEnable(GL_SCISSOR_TEST);
        glEnable(GL_BLEND);
        glDisable(GL_DEPTH_TEST);
        glClearColor(0.25f, 0.5f, 0.75f, 1f);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        try {
            EmbeddingExample.renderFrame(tessellator, renderer, ico, RefineOptions.uniform(2), camera, sphere);
            renderer.read();

            assertEquals(hostFbo, glGetInteger(GL_DRAW_FRAMEBUFFER_BINDING));
            assertEquals(hostFbo, glGetInteger(GL_READ_FRAMEBUFFER_BINDING));
            assertEquals(hostColour, glGetInteger(GL_RENDERBUFFER_BINDING));
            assertEquals(hostVao, glGetInteger(GL_VERTEX_ARRAY_BINDING));
            assertEquals(0, glGetInteger(GL_CURRENT_PROGRAM));
            assertEquals(hostSsbo, glGetInteger(GL_SHADER_STORAGE_BUFFER_BINDING));
            assertEquals(hostSsbo, glGetIntegeri(GL_SHADER_STORAGE_BUFFER_BINDING, 0));
            assertEquals(hostSsbo, glGetIntegeri(GL_SHADER_STORAGE_BUFFER_BINDING, 1));
            assertEquals(256, glGetInteger64i(GL_SHADER_STORAGE_BUFFER_START, 1));
            assertEquals(512, glGetInteger64i(GL_SHADER_STORAGE_BUFFER_SIZE, 1));
            for (int i = 2; i < 8; i++) {
                assertEquals(0, glGetIntegeri(GL_SHADER_STORAGE_BUFFER_BINDING, i), "storage binding " + i);
            }
            int[] viewport = new int[4];
            glGetIntegerv(GL_VIEWPORT, viewport);
            assertArrayEquals(new int[] {1, 2, 3, 4}, viewport);
            assertTrue(glIsEnabled(GL_SCISSOR_TEST));
            assertTrue(glIsEnabled(GL_BLEND));
            assertTrue(!glIsEnabled(GL_DEPTH_TEST));
            float[] clear = new float[4];
            glGetFloatv(GL_COLOR_CLEAR_VALUE, clear);
            assertArrayEquals(new float[] {0.25f, 0.5f, 0.75f, 1f}, clear);
            assertEquals(1, glGetInteger(GL_PACK_ALIGNMENT));
            assertEquals(GL_NO_ERROR, glGetError());
        } finally {
            glBindFramebuffer(GL_FRAMEBUFFER, 0);
            glBindRenderbuffer(GL_RENDERBUFFER, 0);
            glBindVertexArray(0);
            glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, 0);
            glDeleteBuffers(hostSsbo);
            glDeleteVertexArrays(hostVao);
            glDeleteFramebuffers(hostFbo);
            glDeleteRenderbuffers(hostColour);
            glViewport(0, 0, 1, 1);
            glDisable(GL_SCISSOR_TEST);
            glDisable(GL_BLEND);
            glPixelStorei(GL_PACK_ALIGNMENT, 4);
        }
    }

    /** The mesh colour at any shade: orange, red over green over blue, never as dark as the background. */
    private static boolean meshColoured(int rgb) {
        int r = rgb >> 16 & 0xff;
        int g = rgb >> 8 & 0xff;
        int b = rgb & 0xff;
        return r > 80 && r > g && g > b && !near(rgb, GpuRunRenderer.BACKGROUND, 8);
    }

    private static double[] faceNormal(TriangleMesh m, int t) {
        org.joml.Vector3d n = ViewMath.faceCross(m, t);
        double len = n.length();
        return len > 0 ? new double[] {n.x / len, n.y / len, n.z / len} : new double[3];
    }

    private static boolean near(int rgb, float[] colour, int tolerance) {
        int[] c = {rgb >> 16 & 0xff, rgb >> 8 & 0xff, rgb & 0xff};
        for (int k = 0; k < 3; k++) {
            if (Math.abs(c[k] - Math.round(colour[k] * 255)) > tolerance) {
                return false;
            }
        }
        return true;
    }
}
