package org.loopsub.samples.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Locale;
import org.loopsub.api.RefineResult;
import org.loopsub.obj.ObjWriter;

/**
 * Compares back ends the way a user would: by the OBJ bytes they make, written in memory exactly as
 * {@code subdivide} writes them to a file. Used by {@code verify} and {@code bench --verify}.
 */
final class ObjCompare {
    /**
     * Where two outputs first part.
     *
     * @param line 1-based number of the first line that differs
     * @param expected that line in the Java back end's output ({@code (end of file)} if it has no such line)
     * @param actual that line in the other output
     */
    record Difference(long line, String expected, String actual) {
    }

    /** Stands for a missing line, so that an output that stops early is shown as such. */
    static final String END_OF_FILE = "(end of file)";

    private ObjCompare() {
    }

    /**
     * @param result a refinement
     * @return its OBJ text, byte for byte what {@code subdivide} would write (the text is ASCII)
     */
    static String obj(RefineResult result) {
        StringWriter w = new StringWriter();
        try {
            ObjWriter.write(w, result.mesh(), result.normals());
        } catch (IOException e) {
            // a StringWriter does not fail
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    /**
     * @param expected the reference output
     * @param actual the output to check
     * @return {@code null} if they are equal, else the first line that differs
     */
    static Difference firstDifference(String expected, String actual) {
        if (expected.equals(actual)) {
            return null;
        }
        int n = Math.min(expected.length(), actual.length());
        int at = 0;
        while (at < n && expected.charAt(at) == actual.charAt(at)) {
            at++;
        }
        int start = expected.lastIndexOf('\n', at - 1) + 1;
        long line = 1;
        for (int i = 0; i < start; i++) {
            if (expected.charAt(i) == '\n') {
                line++;
            }
        }
        return new Difference(line, lineAt(expected, start), lineAt(actual, start));
    }

    private static String lineAt(String text, int start) {
        if (start >= text.length()) {
            return END_OF_FILE;
        }
        int end = text.indexOf('\n', start);
        return text.substring(start, end < 0 ? text.length() : end);
    }

    /** @return lines in an OBJ text (every line ends with a newline) */
    static long lines(String text) {
        return text.chars().filter(c -> c == '\n').count();
    }

    /**
     * Prints one comparison as {@code <label>: identical (N bytes)} or the first differing line.
     *
     * @param out where it goes
     * @param label what was compared, e.g. a scan strategy
     * @param other the output compared with the Java one
     * @param d the difference, or {@code null}
     * @param otherName the other back end's name in the listing, e.g. {@code gl}
     */
    static void print(PrintWriter out, String label, String other, Difference d, String otherName) {
        if (d == null) {
            out.printf(Locale.ROOT, "%s: identical (%d bytes)%n", label, other.length());
            return;
        }
        out.printf(Locale.ROOT, "%s: DIFFERENT, first at line %d:%n", label, d.line());
        out.printf(Locale.ROOT, "  %-5s %s%n", "java:", d.expected());
        out.printf(Locale.ROOT, "  %-5s %s%n", otherName + ":", d.actual());
    }
}
