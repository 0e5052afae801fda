package org.loopsub.samples.render;

import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.util.Arrays;

/**
 * Reduces a rendering to 256 colours so that its PNG is about half the size: pictures for the
 * documentation live in the repository. A wireframe picture has few distinct colours (flat faces,
 * one line colour, the blend between them), so the most frequent colours, at five bits per channel,
 * cover it without visible loss; no dithering, which would only add noise that deflate cannot pack.
 */
final class Palette {
    private static final int BUCKETS = 1 << 15;

    private Palette() {
    }

    /**
     * @param rgb an RGB image
     * @return the same picture as an 8-bit indexed image
     */
    static BufferedImage reduce(BufferedImage rgb) {
        int w = rgb.getWidth();
        int h = rgb.getHeight();
        int[] pixels = rgb.getRGB(0, 0, w, h, null, 0, w);
        long[] count = new long[BUCKETS];
        long[][] sum = new long[3][BUCKETS];
        for (int p : pixels) {
            int b = bucket(p);
            count[b]++;
            sum[0][b] += p >> 16 & 0xff;
            sum[1][b] += p >> 8 & 0xff;
            sum[2][b] += p & 0xff;
        }
        // popularity: most frequent buckets first, ties by bucket number so the result is reproducible
        Integer[] order = new Integer[BUCKETS];
        for (int i = 0; i < BUCKETS; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> count[a] != count[b] ? Long.compare(count[b], count[a]) : Integer.compare(a, b));
        int n = 0;
        byte[] r = new byte[256];
        byte[] g = new byte[256];
        byte[] bl = new byte[256];
        int[][] entry = new int[256][3];
        while (n < 256 && count[order[n]] > 0) {
            int b = order[n];
            for (int c = 0; c < 3; c++) {
                entry[n][c] = (int) Math.round((double) sum[c][b] / count[b]);
            }
            r[n] = (byte) entry[n][0];
            g[n] = (byte) entry[n][1];
            bl[n] = (byte) entry[n][2];
            n++;
        }
        int[] nearest = new int[BUCKETS];
        Arrays.fill(nearest, -1);
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_INDEXED,
                new IndexColorModel(8, Math.max(n, 1), r, g, bl));
        byte[] index = new byte[w];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int b = bucket(pixels[y * w + x]);
                if (nearest[b] < 0) {
                    nearest[b] = closest(b, entry, n);
                }
                index[x] = (byte) nearest[b];
            }
            out.getRaster().setDataElements(0, y, w, 1, index);
        }
        return out;
    }

    private static int bucket(int p) {
        return (p >> 19 & 0x1f) << 10 | (p >> 11 & 0x1f) << 5 | p >> 3 & 0x1f;
    }

    private static int closest(int bucket, int[][] entry, int n) {
        int cr = (bucket >> 10 & 0x1f) << 3 | 4;
        int cg = (bucket >> 5 & 0x1f) << 3 | 4;
        int cb = (bucket & 0x1f) << 3 | 4;
        int best = 0;
        int bestD = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int dr = entry[i][0] - cr;
            int dg = entry[i][1] - cg;
            int db = entry[i][2] - cb;
            int d = dr * dr + dg * dg + db * db;
            if (d < bestD) {
                bestD = d;
                best = i;
            }
        }
        return best;
    }
}
