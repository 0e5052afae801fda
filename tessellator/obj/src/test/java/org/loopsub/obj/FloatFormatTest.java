package org.loopsub.obj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FloatFormatTest {

    @ParameterizedTest
    @CsvSource({
        "0.1, 0.1", "1, 1", "-0.0, -0", "0, 0", "100, 100", "1.0E10, 1e10", "3.4028235E38, 3.4028235e38",
        "1.4E-45, 1e-45", "-2.5, -2.5", "0.3, 0.3", "1.0E-5, 0.00001", "9.999999E-6, 9.999999e-6",
        "1.0E9, 1e9", "123456.7, 123456.7", "16777216, 16777216", "1.5E-7, 1.5e-7",
        "1.17549435E-38, 1.1754944e-38", "0.001, 0.001", "-123.456, -123.456", "3.0E-44, 3e-44",
        "33554432, 33554432", "1.0E-10, 1e-10",
    })
    void knownOutputs(String in, String expected) {
        assertEquals(expected, FloatFormat.format(Float.parseFloat(in)));
    }

    @Test
    void specialValues() {
        assertEquals("NaN", FloatFormat.format(Float.NaN));
        assertEquals("Infinity", FloatFormat.format(Float.POSITIVE_INFINITY));
        assertEquals("-Infinity", FloatFormat.format(Float.NEGATIVE_INFINITY));
    }

    @Test
    void appendAddsToTheBuilder() {
        StringBuilder sb = new StringBuilder("x=");
        FloatFormat.append(sb, 0.5f);
        assertEquals("x=0.5", sb.toString());
    }

    @Test
    void roundTripsRandomBitPatterns() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 1_000_000; i++) {
            checkRoundTrip(Float.intBitsToFloat(random.nextInt()));
        }
    }

    @Test
    void roundTripsEdgeValues() {
        float[] edges = {
            Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL,
            Math.nextDown(Float.MIN_NORMAL), Math.nextUp(Float.MIN_VALUE), Math.nextDown(Float.MAX_VALUE),
            1f, Math.nextUp(1f), Math.nextDown(1f), 0.1f, 1e-38f, 1e38f,
        };
        for (float f : edges) {
            checkRoundTrip(f);
        }
        // every subnormal with a low bit count and every power of two
        for (int bits = 1; bits < 1 << 16; bits++) {
            checkRoundTrip(Float.intBitsToFloat(bits));
        }
        for (int e = -149; e <= 127; e++) {
            checkRoundTrip(Math.scalb(1f, e));
        }
        // powers of ten, where digit counting is easiest to get wrong
        for (int e = -45; e <= 38; e++) {
            float f = Float.parseFloat("1e" + e);
            checkRoundTrip(f);
            checkRoundTrip(Math.nextUp(f));
            checkRoundTrip(Math.nextDown(f));
        }
    }

    @Test
    void typicalCoordinatesRoundTrip() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 300_000; i++) {
            checkRoundTrip((float) (random.nextDouble() * 2000 - 1000));
        }
    }

    @Test
    void isShortestAmongRoundTrippingDecimals() {
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 15_000; i++) {
            float f = i % 2 == 0 ? Float.intBitsToFloat(random.nextInt())
                    : (float) (random.nextDouble() * 200 - 100);
            if (!Float.isFinite(f) || f == 0f) {
                continue;
            }
            String s = FloatFormat.format(f);
            assertEquals(shortestDigits(f), significantDigits(s), () -> "not shortest for " + f + ": " + s);
        }
    }

    @Test
    void plainAndScientificForms() {
        for (String s : new String[] {FloatFormat.format(1.5e-7f), FloatFormat.format(12345.678f),
            FloatFormat.format(-4e20f), FloatFormat.format(0.00012f)}) {
            assertTrue(s.matches("-?(0|[1-9][0-9]*)(\\.[0-9]*[1-9])?|-?[1-9](\\.[0-9]*[1-9])?e-?[1-9][0-9]*"), s);
        }
    }

    /**
     * Pins the exact digits of many values (SplittableRandom's sequence is specified, so the inputs
     * are the same everywhere). The digest was computed on JDK 17 and checked on JDK 25; a change
     * means the output bytes of OBJ files changed.
     */
    @Test
    void digitsArePinned() throws java.security.NoSuchAlgorithmException {
        SplittableRandom random = new SplittableRandom(2024);
        java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            float f = i % 2 == 0 ? Float.intBitsToFloat(random.nextInt()) : (float) (random.nextDouble() * 100 - 50);
            sb.setLength(0);
            FloatFormat.append(sb, f);
            sb.append('\n');
            sha.update(sb.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }
        assertEquals(PINNED, java.util.HexFormat.of().formatHex(sha.digest()));
    }

    private static final String PINNED = "6626f323804b5339f2307ff95aaa9166757cb6dde6be6b1718102bcc2d3e0ad3";

    private static void checkRoundTrip(float f) {
        if (!Float.isFinite(f)) {
            return;
        }
        String s = FloatFormat.format(f);
        if (Float.floatToRawIntBits(Float.parseFloat(s)) != Float.floatToRawIntBits(f)) {
            fail("round trip of " + f + " (bits " + Integer.toHexString(Float.floatToRawIntBits(f))
                    + ") gave " + s);
        }
        if (s.contains("+") || s.contains("E")) {
            fail("unexpected form " + s);
        }
    }

    /** Brute force: the fewest digits of any decimal (rounded down or up) that parses back. */
    private static int shortestDigits(float f) {
        BigDecimal exact = new BigDecimal((double) Math.abs(f));
        for (int p = 1; p <= 9; p++) {
            for (RoundingMode mode : new RoundingMode[] {RoundingMode.FLOOR, RoundingMode.CEILING}) {
                BigDecimal r = exact.round(new MathContext(p, mode));
                if (Float.parseFloat(r.toString()) == Math.abs(f)) {
                    return p;
                }
            }
        }
        return fail("no 9-digit decimal for " + f);
    }

    private static int significantDigits(String s) {
        String m = s.replace("-", "");
        int e = m.indexOf('e');
        if (e >= 0) {
            m = m.substring(0, e);
        }
        m = m.replace(".", "").replaceFirst("^0+", "").replaceFirst("0+$", "");
        return Math.max(1, m.length());
    }
}
