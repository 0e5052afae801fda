package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopsub.api.Displacement;

/**
 * {@code --displace FILE --displace-scale S [--displace-offset O]}: the PNG becomes the map (samples
 * over their largest value, rows flipped so that v runs up), the output moves, and an unusable map,
 * a mesh without uvs or a scale without a map are refused before anything is written.
 */
class DisplaceCommandTest {
    @TempDir
    Path dir;

    /** A grey PNG whose sample at (x, y) is {@code 1000 * y + x} (16 bits) or {@code 10 * y + x} (8). */
    private Path grey(int type, String name) throws IOException {
        BufferedImage img = new BufferedImage(5, 3, type);
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 5; x++) {
                img.getRaster().setSample(x, y, 0, type == BufferedImage.TYPE_USHORT_GRAY ? 1000 * y + x : 10 * y + x);
            }
        }
        Path p = dir.resolve(name);
        ImageIO.write(img, "png", p.toFile());
        return p;
    }

    @Test
    void aGreyPngBecomesTheMapWithVUp() throws IOException {
        Displacement d16 = HeightMapFile.read(grey(BufferedImage.TYPE_USHORT_GRAY, "g16.png"), 2f, 0.5f);
        Displacement d8 = HeightMapFile.read(grey(BufferedImage.TYPE_BYTE_GRAY, "g8.png"), 2f, 0.5f);
        assertEquals(5, d16.width());
        assertEquals(3, d16.height());
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 5; x++) {
                // the image's top row (y = 0) is the map's last (v = 1)
                assertEquals((float) ((1000.0 * y + x) / 65535), d16.height(x, 2 - y));
                assertEquals((float) ((10.0 * y + x) / 255), d8.height(x, 2 - y));
            }
        }
        assertEquals(2f, d16.scale());
        assertEquals(0.5f, d16.offset());
    }

    @Test
    void subdivideMovesTheOutput() throws IOException {
        Path map = grey(BufferedImage.TYPE_USHORT_GRAY, "m.png");
        Path plain = dir.resolve("plain.obj");
        Path moved = dir.resolve("moved.obj");
        Cli.Result a = Cli.run("subdivide", "--sample", "cylinder", "--levels", "2", "--limit", "-q", "-o", plain.toString());
        Cli.Result b = Cli.run("subdivide", "--sample", "cylinder", "--levels", "2", "--displace", map.toString(),
                "--displace-scale", "0.2", "--displace-offset", "0.01", "-q", "-o", moved.toString());
        assertEquals(ExitCodes.OK, a.exitCode(), a::both);
        assertEquals(ExitCodes.OK, b.exitCode(), b::both);
        String p = Files.readString(plain);
        String m = Files.readString(moved);
        assertEquals(p.lines().filter(l -> l.startsWith("f ")).count(), m.lines().filter(l -> l.startsWith("f ")).count());
        assertNotEquals(p.lines().filter(l -> l.startsWith("v ")).toList(), m.lines().filter(l -> l.startsWith("v ")).toList());
        // glTF takes the same result: the displaced mesh
        Path glb = dir.resolve("moved.glb");
        Cli.Result g = Cli.run("subdivide", "--sample", "cylinder", "--levels", "2", "--displace", map.toString(),
                "--displace-scale", "0.2", "--displace-offset", "0.01", "-q", "-o", glb.toString());
        assertEquals(ExitCodes.OK, g.exitCode(), g::both);
        assertTrue(Files.size(glb) > 0);
    }

    @Test
    void unusableMapsAreRefusedAndNothingIsWritten() throws IOException {
        BufferedImage rgb = new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB);
        Path colour = dir.resolve("colour.png");
        ImageIO.write(rgb, "png", colour.toFile());
        Path text = dir.resolve("text.png");
        Files.writeString(text, "not a png");
        Path out = dir.resolve("out.obj");
        for (Path bad : new Path[] {dir.resolve("missing.png"), colour, text}) {
            Cli.Result r = Cli.run("subdivide", "--sample", "cylinder", "--levels", "1", "--displace", bad.toString(),
                    "--displace-scale", "1", "-o", out.toString());
            assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
            assertTrue(r.err().contains(bad.toString()), r::both);
            assertFalse(Files.exists(out), "an output was written for " + bad);
        }
        Path map = grey(BufferedImage.TYPE_BYTE_GRAY, "m.png");
        Cli.Result noUvs = Cli.run("subdivide", "--sample", "icosahedron", "--levels", "1", "--displace", map.toString(),
                "--displace-scale", "1", "-o", out.toString());
        assertEquals(ExitCodes.INPUT, noUvs.exitCode(), noUvs::both);
        assertTrue(noUvs.err().contains("has no uvs"), noUvs::both);
        assertFalse(Files.exists(out));
        Cli.Result noScale = Cli.run("subdivide", "--sample", "cylinder", "--levels", "1", "--displace", map.toString(),
                "-o", out.toString());
        assertEquals(ExitCodes.USAGE, noScale.exitCode(), noScale::both);
        Cli.Result noMap = Cli.run("subdivide", "--sample", "cylinder", "--levels", "1", "--displace-scale", "1",
                "-o", out.toString());
        assertEquals(ExitCodes.USAGE, noMap.exitCode(), noMap::both);
        assertFalse(Files.exists(out));
    }
}
