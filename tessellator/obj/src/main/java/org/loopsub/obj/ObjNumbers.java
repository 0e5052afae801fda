package org.loopsub.obj;

/**
 * The number grammar of the OBJ statements the reader knows: real numbers for {@code v},
 * {@code vt}, {@code vn} and crease sharpness, integers for face and tag indices.
 *
 * <p>A real number is {@code [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?}: plain
 * decimal, as every OBJ exporter writes. That is a strict subset of what
 * {@link Float#parseFloat(String)} takes, which also accepts hexadecimal floats ({@code 0x1p3}),
 * the words {@code NaN} and {@code Infinity}, the type suffixes {@code f}/{@code F}/{@code d}/
 * {@code D} and surrounding blanks; none of those is OBJ, and a file that holds them was not written
 * by an OBJ exporter, so they are refused rather than guessed at. A grammatical number is converted
 * by {@code Float.parseFloat}, which rounds correctly (to nearest, ties to even): a literal too
 * large for a float becomes infinite and is reported by the caller; one too small becomes a
 * subnormal or zero, as IEEE rounding has it. The words printf writes for non-finite values
 * ({@code nan}, {@code inf}, {@code infinity}, any case, signed, with or without printf's
 * {@code -nan(ind)}-style suffix) are recognised separately so that the message can say "not
 * finite" instead of "not a number".
 */
final class ObjNumbers {
    /** {@link #classify} result: a decimal number as the grammar above defines it. */
    static final int DECIMAL = 0;
    /** {@link #classify} result: a word printf uses for NaN or infinity. */
    static final int NON_FINITE_WORD = 1;
    /** {@link #classify} result: anything else. */
    static final int NOT_A_NUMBER = 2;

    /** Larger than any index a file can hold; parsing saturates here so that it cannot overflow. */
    static final long SATURATED = 1L << 40;

    private ObjNumbers() {
    }

    /**
     * @param t a token (no blanks)
     * @return {@link #DECIMAL}, {@link #NON_FINITE_WORD} or {@link #NOT_A_NUMBER}
     */
    static int classify(String t) {
        int n = t.length();
        int i = 0;
        if (n > 0 && (t.charAt(0) == '+' || t.charAt(0) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && isDigit(t.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && t.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(t.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return isNonFiniteWord(t) ? NON_FINITE_WORD : NOT_A_NUMBER;
        }
        if (i < n && (t.charAt(i) == 'e' || t.charAt(i) == 'E')) {
            i++;
            if (i < n && (t.charAt(i) == '+' || t.charAt(i) == '-')) {
                i++;
            }
            int exponentDigits = 0;
            while (i < n && isDigit(t.charAt(i))) {
                i++;
                exponentDigits++;
            }
            if (exponentDigits == 0) {
                return NOT_A_NUMBER;
            }
        }
        return i == n ? DECIMAL : NOT_A_NUMBER;
    }

    /**
     * @param t a token {@link #classify} called {@link #DECIMAL}
     * @return the nearest float; infinite if the literal is beyond the float range
     */
    static float parseDecimal(String t) {
        // The grammar above is a subset of Float.parseFloat's, so this cannot throw.
        return Float.parseFloat(t);
    }

    /**
     * @param t a token {@link #classify} called {@link #NON_FINITE_WORD}
     * @return NaN or the signed infinity it names
     */
    static float parseNonFiniteWord(String t) {
        String word = unsigned(t).toLowerCase(java.util.Locale.ROOT);
        if (word.startsWith("nan")) {
            return Float.NaN;
        }
        return t.charAt(0) == '-' ? Float.NEGATIVE_INFINITY : Float.POSITIVE_INFINITY;
    }

    /**
     * @param t a token
     * @return whether it is {@code [+-]? digits}
     */
    static boolean isInteger(String t) {
        return isInteger(t, 0, t.length());
    }

    /**
     * @param t a string
     * @param from first character of the integer
     * @param to one past its last character
     * @return whether {@code t[from, to)} is {@code [+-]? digits}
     */
    static boolean isInteger(String t, int from, int to) {
        int i = from < to && (t.charAt(from) == '+' || t.charAt(from) == '-') ? from + 1 : from;
        if (i == to) {
            return false;
        }
        for (; i < to; i++) {
            if (!isDigit(t.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Parses a checked integer. Magnitudes beyond {@link #SATURATED} become {@code ±SATURATED}: no
     * file has that many elements, so such an index is out of range whatever its exact value.
     *
     * @param t a string
     * @param from first character of an integer {@link #isInteger(String, int, int)} accepted
     * @param to one past its last character
     * @return its value
     */
    static long parseInteger(String t, int from, int to) {
        boolean negative = t.charAt(from) == '-';
        long value = 0;
        for (int i = t.charAt(from) == '+' || negative ? from + 1 : from; i < to; i++) {
            value = Math.min(SATURATED, value * 10 + (t.charAt(i) - '0'));
        }
        return negative ? -value : value;
    }

    private static boolean isNonFiniteWord(String t) {
        String word = unsigned(t);
        // printf writes "nan", "-nan", "inf", "infinity"; MSVC adds "(ind)" or "(snan)", glibc "(0x...)"
        int paren = word.indexOf('(');
        if (paren > 0 && word.endsWith(")")) {
            word = word.substring(0, paren);
        }
        return word.equalsIgnoreCase("nan") || word.equalsIgnoreCase("inf") || word.equalsIgnoreCase("infinity");
    }

    private static String unsigned(String t) {
        return !t.isEmpty() && (t.charAt(0) == '+' || t.charAt(0) == '-') ? t.substring(1) : t;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
