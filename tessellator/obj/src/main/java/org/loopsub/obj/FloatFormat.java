package org.loopsub.obj;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Prints a {@code float} as the shortest decimal (at most 9 significant digits) that
 * {@link Float#parseFloat(String)} maps back to the same bits.
 *
 * <p>The output is the same on every JDK: {@code Float.toString} changed its digits between Java 17
 * and 19, so it is not used, nor {@code String.format}; the digits come from IEEE arithmetic (strict
 * in Java 17+) and constants fixed in the class file. Numbers with {@code 1e-5 <= |x| < 1e9} are
 * written plainly ({@code 0.1}, {@code 100}, {@code -2.5}), others in a compact scientific form
 * ({@code 1.5e-7}, {@code 3.4028235e38}); there are no trailing zeros and no {@code +} signs.
 * Negative zero is {@code -0}; NaN and infinities are written as Java spells them
 * ({@code NaN}, {@code Infinity}, {@code -Infinity}).
 */
public final class FloatFormat {
    /**
     * Powers of ten as double literals: javac rounds literals correctly and stores the bits, so
     * they do not depend on the JDK that runs the code. 1e0..1e22 are exact.
     */
    private static final double[] POW10 = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31,
        1e32, 1e33, 1e34, 1e35, 1e36, 1e37, 1e38, 1e39, 1e40, 1e41, 1e42, 1e43, 1e44, 1e45, 1e46,
        1e47, 1e48, 1e49, 1e50, 1e51, 1e52, 1e53, 1e54, 1e55, 1e56, 1e57, 1e58, 1e59, 1e60,
    };
    private static final int MAX_EXACT_POW10 = 22;
    private static final int MAX_DIGITS = 9;
    /** Far above the error of scaling a value below 1e10 by a power of ten (a few 1e-7). */
    private static final double SLACK = 1e-5;
    private static final MathContext NINE_DIGITS = new MathContext(MAX_DIGITS, RoundingMode.HALF_EVEN);

    private FloatFormat() {
    }

    /**
     * @param f the value
     * @return its shortest round-tripping decimal form
     */
    public static String format(float f) {
        StringBuilder sb = new StringBuilder(16);
        append(sb, f);
        return sb.toString();
    }

    /**
     * Appends {@link #format(float)} without creating a string.
     *
     * @param sb receives the characters
     * @param f the value
     */
    public static void append(StringBuilder sb, float f) {
        if (Float.isNaN(f)) {
            sb.append("NaN");
            return;
        }
        int bits = Float.floatToRawIntBits(f);
        if (bits < 0) {
            sb.append('-');
        }
        float a = Math.abs(f);
        if (a == 0f) {
            sb.append('0');
            return;
        }
        if (Float.isInfinite(a)) {
            sb.append("Infinity");
            return;
        }
        double d = a;
        // floor(e2 * log10(2)) in integer arithmetic: exact for the exponents a float can have, and
        // free of Math.log10, whose last bit may differ between platforms.
        int k = (Math.getExponent(d) * 78913) >> 18;
        if (scale(d, MAX_DIGITS - 1 - k) >= POW10[MAX_DIGITS]) {
            k++;
        }
        // The float's rounding interval: decimals strictly inside it parse back to a.
        double below = (d + (double) Math.nextDown(a)) * 0.5;
        double above = (d + (Float.isInfinite(Math.nextUp(a)) ? 0x1p128 : (double) Math.nextUp(a))) * 0.5;
        // The first p whose p-digit grid meets the interval is the shortest length (the p-digit grid
        // is part of the (p + 1)-digit one). The scaled bounds carry a rounding error far below
        // SLACK, so an empty range is certain; a non-empty one is confirmed exactly by roundsTo.
        for (int p = 1; p <= MAX_DIGITS; p++) {
            int e = p - 1 - k;
            double lo = Math.ceil(scale(below, e) - SLACK);
            double hi = Math.floor(scale(above, e) + SLACK);
            if (lo > hi) {
                continue;
            }
            int q = k - p + 1;
            // nearest to a first, so that among the shortest the closest decimal wins
            double scaled = scale(d, e);
            double near = Math.floor(scaled + 0.5);
            double dir = scaled >= near ? 1 : -1;
            for (double off = 0; near - off >= lo || near + off <= hi; off++) {
                double c = near + dir * off;
                if (c >= lo && c <= hi && roundsTo((long) c, q, a)) {
                    emit(sb, (long) c, q);
                    return;
                }
                c = near - dir * off;
                if (off != 0 && c >= lo && c <= hi && roundsTo((long) c, q, a)) {
                    emit(sb, (long) c, q);
                    return;
                }
            }
        }
        // Not reached for any float (nine correctly rounded digits always round-trip); kept so that
        // a flaw in the fast path above still prints a correct value.
        BigDecimal r = new BigDecimal(d).round(NINE_DIGITS);
        emit(sb, r.unscaledValue().longValueExact(), -r.scale());
    }

    /** d * 10^e with at most two roundings. */
    private static double scale(double d, int e) {
        return e >= 0 ? d * POW10[e] : d / POW10[-e];
    }

    /** Whether the decimal n * 10^q rounds (to nearest, ties to even) to the positive float a. */
    private static boolean roundsTo(long n, int q, float a) {
        if (q >= -MAX_EXACT_POW10 && q <= MAX_EXACT_POW10 && n < (1L << 53)) {
            // n and 10^|q| are exact doubles, so dv is n * 10^q rounded once.
            double dv = q >= 0 ? n * POW10[q] : n / POW10[-q];
            float g = (float) dv;
            double gd = g;
            if (dv != gd) {
                // Rounding to double is monotone and every midpoint between two floats is a double,
                // so dv lies on the same side of each midpoint as the exact decimal; only when dv
                // is a midpoint itself can it mislead.
                float other = dv > gd ? Math.nextUp(g) : Math.nextDown(g);
                double mid = (gd + (double) other) * 0.5;
                if (dv == mid) {
                    return roundsToExact(n, q, a);
                }
            }
            return g == a;
        }
        return roundsToExact(n, q, a);
    }

    /** Exact version of {@link #roundsTo}: compares against the float's rounding interval. */
    private static boolean roundsToExact(long n, int q, float a) {
        BigDecimal v = new BigDecimal(BigInteger.valueOf(n), -q);
        double ad = a;
        BigDecimal lower = new BigDecimal((ad + (double) Math.nextDown(a)) * 0.5);
        // Above Float.MAX_VALUE the next float would be 2^128; its midpoint is still a double.
        double up = Float.isInfinite(Math.nextUp(a)) ? 0x1p128 : (double) Math.nextUp(a);
        BigDecimal upper = new BigDecimal((ad + up) * 0.5);
        int cl = v.compareTo(lower);
        int cu = v.compareTo(upper);
        if (cl > 0 && cu < 0) {
            return true;
        }
        boolean even = (Float.floatToRawIntBits(a) & 1) == 0;
        return (cl == 0 || cu == 0) && even;
    }

    /** Writes n * 10^q, plain or scientific. */
    private static void emit(StringBuilder sb, long n, int q) {
        while (n % 10 == 0) {
            n /= 10;
            q++;
        }
        char[] digits = new char[20];
        int m = 0;
        for (long t = n; t != 0; t /= 10) {
            digits[m++] = (char) ('0' + (int) (t % 10));
        }
        // digits are reversed: digits[m - 1] is the leading one
        int sci = q + m - 1;
        if (sci >= -5 && sci < 9) {
            if (q >= 0) {
                for (int i = m - 1; i >= 0; i--) {
                    sb.append(digits[i]);
                }
                for (int i = 0; i < q; i++) {
                    sb.append('0');
                }
            } else if (sci >= 0) {
                int intDigits = sci + 1;
                for (int i = m - 1; i >= m - intDigits; i--) {
                    sb.append(digits[i]);
                }
                sb.append('.');
                for (int i = m - intDigits - 1; i >= 0; i--) {
                    sb.append(digits[i]);
                }
            } else {
                sb.append("0.");
                for (int i = 0; i < -sci - 1; i++) {
                    sb.append('0');
                }
                for (int i = m - 1; i >= 0; i--) {
                    sb.append(digits[i]);
                }
            }
            return;
        }
        sb.append(digits[m - 1]);
        if (m > 1) {
            sb.append('.');
            for (int i = m - 2; i >= 0; i--) {
                sb.append(digits[i]);
            }
        }
        sb.append('e').append(sci);
    }
}
