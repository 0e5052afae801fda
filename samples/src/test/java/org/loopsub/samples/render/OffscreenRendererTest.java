package org.loopsub.samples.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.loopsub.api.Camera;
import org.loopsub.api.Point3;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.gl.GlTestBase;
import org.loopsub.obj.ObjReader;
import org.loopsub.samples.cli.Samples;

/**
 * Renders the icosahedron at level 1 on whatever headless context there is (llvmpipe in CI; the
 * base class skips without one outside CI) and checks the picture's layout, not its exact pixels:
 * the mesh in the middle, background in the corners, wireframe lines present.
 */
class OffscreenRendererTest extends GlTestBase {
    private static final int W = 128;
    private static final int H = 96;

    private RefineResult refined;

    @BeforeAll
    void refine() throws Exception {
        TriangleMesh ico;
        try (InputStream in = Samples.open("icosahedron")) {
            ico = ObjReader.read(new InputStreamReader(in, StandardCharsets.UTF_8), "icosahedron.obj").mesh();
        }
        try (Tessellator t = Tessellators.create("java")) {
            refined = t.refine(ico, RefineOptions.uniform(1));
        }
    }

    private BufferedImage render(OffscreenRenderer.Style style, int samples) {
        // the icosahedron is centred on the origin with radius about 1: from 3.2 away it fills about
        // two thirds of the height at 40 degrees, leaving the corners empty
        Camera camera = new Camera(new Point3(0.3f, 0.2f, 3.2f), new Point3(0, 0, 0), new Point3(0, 1, 0), 40f, W, H);
        try (OffscreenRenderer r = new OffscreenRenderer(W, H, samples)) {
            r.draw(refined.mesh(), refined.normals(), camera, style);
            return r.read();
        }
    }

    @Test
    void meshInTheMiddleBackgroundInTheCornersAndWireframeLines() {
        BufferedImage image = render(new OffscreenRenderer.Style(false, true, true, 1.5f, 1f), 0);
        assertEquals(W, image.getWidth());
        assertEquals(H, image.getHeight());

        int[][] corners = {{0, 0}, {W - 1, 0}, {0, H - 1}, {W - 1, H - 1}, {2, 2}, {W - 3, H - 3}};
        for (int[] c : corners) {
            int p = image.getRGB(c[0], c[1]);
            assertTrue(near(p, OffscreenRenderer.BACKGROUND, 2), "corner " + c[0] + "," + c[1] + " is "
                    + Integer.toHexString(p) + ", not the background");
        }

        // the central 9x9 block is all mesh, mostly faces (a vertex and its lines may sit in the middle)
        int faces = 0;
        for (int y = H / 2 - 4; y <= H / 2 + 4; y++) {
            for (int x = W / 2 - 4; x <= W / 2 + 4; x++) {
                int p = image.getRGB(x, y);
                assertTrue(!near(p, OffscreenRenderer.BACKGROUND, 8), "background at " + x + "," + y);
                if (!near(p, OffscreenRenderer.LINE, 40)) {
                    faces++;
                }
            }
        }
        assertTrue(faces >= 40, "only " + faces + " of 81 centre pixels are face-coloured");

        int lines = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                if (near(image.getRGB(x, y), OffscreenRenderer.LINE, 3)) {
                    lines++;
                }
            }
        }
        assertTrue(lines >= 100, "only " + lines + " pixels have the line colour");
    }

    @Test
    void withoutWireframeNoLineColourAndWithMsaaTheSameLayout() {
        BufferedImage image = render(new OffscreenRenderer.Style(true, false, true, 1f, 1f), 4);
        int lines = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                if (near(image.getRGB(x, y), OffscreenRenderer.LINE, 3)) {
                    lines++;
                }
            }
        }
        assertEquals(0, lines, "line-coloured pixels without a wireframe");
        assertTrue(near(image.getRGB(0, 0), OffscreenRenderer.BACKGROUND, 2));
        assertTrue(!near(image.getRGB(W / 2, H / 2), OffscreenRenderer.BACKGROUND, 8), "centre is background");
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
