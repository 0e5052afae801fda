package org.loopsub.samples.cli;

import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.loopsub.api.Displacement;

/**
 * {@code --displace}'s height map: a grey PNG (8 or 16 bits a sample, no alpha) read with
 * javax.imageio, each sample {@code s} becoming the height {@code s / (2^bits - 1)} in [0, 1]. An
 * image's top row is its first, and v runs up (as OBJ's vt), so the rows are flipped into
 * {@link Displacement}'s order (row 0 at v = 0). Anything else is refused before any work, with the
 * exit status of an unusable input.
 */
final class HeightMapFile {
    private HeightMapFile() {
    }

    /**
     * @param file the PNG
     * @param scale {@code --displace-scale}
     * @param offset {@code --displace-offset}
     * @return the displacement, wrapping with REPEAT
     * @throws CliFailure (exit 3) for a missing, unreadable, colour or alpha image
     */
    static Displacement read(Path file, float scale, float offset) {
        BufferedImage image;
        try {
            if (!Files.isRegularFile(file)) {
                throw new CliFailure(ExitCodes.INPUT, file + ": no such height map file");
            }
            image = ImageIO.read(file.toFile());
        } catch (IOException e) {
            throw new CliFailure(ExitCodes.INPUT, file + ": cannot read the height map: " + e.getMessage(), e);
        }
        if (image == null) {
            throw new CliFailure(ExitCodes.INPUT, file + ": not an image javax.imageio can read (--displace takes a "
                    + "grey PNG)");
        }
        Raster raster = image.getRaster();
        int bits = raster.getSampleModel().getSampleSize(0);
        if (image.getColorModel().getColorSpace().getType() != ColorSpace.TYPE_GRAY || raster.getNumBands() != 1
                || image.getColorModel().hasAlpha() || bits > 16) {
            throw new CliFailure(ExitCodes.INPUT, file + ": the height map must be a grey PNG of 8 or 16 bits "
                    + "without alpha, not " + raster.getNumBands() + " channel(s) of " + bits + " bits"
                    + (image.getColorModel().hasAlpha() ? " with alpha" : ""));
        }
        int w = image.getWidth();
        int h = image.getHeight();
        double max = (1 << bits) - 1;
        float[] heights = new float[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                heights[(h - 1 - y) * w + x] = (float) (raster.getSample(x, y, 0) / max);
            }
        }
        return Displacement.of(w, h, heights, scale, offset);
    }

    /**
     * The displacement a command's {@code --displace}, {@code --displace-scale} and {@code
     * --displace-offset} ask for, checked, then the map read: one rule for every command that takes
     * them (their help texts say what each command does with it).
     *
     * @param file {@code --displace}, or null
     * @param scale {@code --displace-scale}, or null where not given
     * @param offset {@code --displace-offset}
     * @param given whether an option was given on the command line, by name
     * @param usage a usage error (exit 2) with a message
     * @return the displacement, or null without {@code --displace}
     * @throws CliFailure (exit 3) if the map cannot be read or is not a grey image
     */
    static Displacement fromOptions(Path file, Float scale, float offset, java.util.function.Predicate<String> given,
                                    java.util.function.Function<String, RuntimeException> usage) {
        if (file == null) {
            for (String name : new String[] {"--displace-scale", "--displace-offset"}) {
                if (given.test(name)) {
                    throw usage.apply(name + " applies to --displace only");
                }
            }
            return null;
        }
        if (scale == null) {
            throw usage.apply("--displace needs --displace-scale <S>, the height map's factor in mesh units");
        }
        if (!Float.isFinite(scale) || !Float.isFinite(offset)) {
            throw usage.apply("--displace-scale and --displace-offset must be finite numbers");
        }
        return read(file, scale, offset);
    }
}
