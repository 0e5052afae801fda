package org.loopsub.obj;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.Arrays;

/**
 * Cuts OBJ text into statements: lists of tokens with the number of the line they start on.
 *
 * <p>Lines end at LF, CR LF or a lone CR ({@link BufferedReader#readLine()}); each counts as one line
 * for messages. A byte-order mark at the very start of the text is skipped (Windows editors write
 * one). {@code #} starts a comment that runs to the end of its line, wherever it stands. A
 * {@code \} as the last character before the end of a line (or before its comment), blanks aside,
 * joins the next line to the statement, as a blank; a statement continued over several lines is
 * reported at its first line. Tokens are separated by spaces, tabs, form feeds and vertical tabs.
 *
 * <p>Any other control character (U+0000 to U+001F, U+007F) outside a comment makes the
 * statement {@linkplain #controlCharacter() malformed}: it is what binary data read as text looks
 * like, and de.javagl, which trims such characters off some names but not others, would read the
 * statement differently from us.
 */
final class ObjStatements {
    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private final BufferedReader in;
    private int physicalLine;
    private int line;
    private String[] tokens = new String[16];
    private int size;
    private int control = -1;

    /**
     * @param in the text, read line by line
     */
    ObjStatements(BufferedReader in) {
        this.in = in;
    }

    /**
     * Reads the next statement that has at least one token.
     *
     * @return false at the end of the text
     * @throws IOException if the reader fails
     */
    boolean next() throws IOException {
        size = 0;
        control = -1;
        while (true) {
            String text = in.readLine();
            if (text == null) {
                return false;
            }
            physicalLine++;
            if (physicalLine == 1 && !text.isEmpty() && text.charAt(0) == BYTE_ORDER_MARK) {
                text = text.substring(1);
            }
            line = physicalLine;
            // A continued line may be followed by the end of the text: the statement ends there.
            while (split(text)) {
                text = in.readLine();
                if (text == null) {
                    break;
                }
                physicalLine++;
            }
            if (size > 0) {
                return true;
            }
            control = -1;
        }
    }

    /** @return the line the statement starts on, 1-based */
    int line() {
        return line;
    }

    /** @return the number of tokens, at least 1 */
    int size() {
        return size;
    }

    /**
     * @param i 0 for the keyword
     * @return that token
     */
    String token(int i) {
        return tokens[i];
    }

    /** @return the first control character outside comments, or -1 if there is none */
    int controlCharacter() {
        return control;
    }

    /**
     * @param maxChars the longest text wanted (a line of binary data can be megabytes long)
     * @return the tokens joined by single blanks, made {@linkplain #printable printable}
     */
    String text(int maxChars) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < size && sb.length() <= maxChars; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(tokens[i], 0, Math.min(tokens[i].length(), maxChars + 1));
        }
        return printable(sb.toString(), maxChars);
    }

    /**
     * @param text a token or statement
     * @param maxChars the longest text wanted
     * @return it with control characters (C0 and C1) and the replacement character that stands for
     *     bytes that are no UTF-8 shown as {@code ?}, cut at {@code maxChars} with {@code ...}
     */
    static String printable(String text, int maxChars) {
        StringBuilder sb = new StringBuilder(Math.min(text.length(), maxChars + 3));
        for (int i = 0; i < text.length() && i < maxChars; i++) {
            char c = text.charAt(i);
            sb.append(Character.isISOControl(c) || c == '\uFFFD' ? '?' : c);
        }
        if (text.length() > maxChars) {
            sb.append("...");
        }
        return sb.toString();
    }

    /**
     * Appends the tokens of one physical line.
     *
     * @return whether the line ends with a continuation backslash
     */
    private boolean split(String text) {
        int end = text.indexOf('#');
        if (end < 0) {
            end = text.length();
        }
        while (end > 0 && isBlank(text.charAt(end - 1))) {
            end--;
        }
        boolean continued = end > 0 && text.charAt(end - 1) == '\\';
        if (continued) {
            end--;
        }
        int i = 0;
        while (i < end) {
            char c = text.charAt(i);
            if (isBlank(c)) {
                i++;
                continue;
            }
            int start = i;
            while (i < end && !isBlank(c = text.charAt(i))) {
                if ((c < ' ' || c == '\u007f') && control < 0) {
                    control = c;
                }
                i++;
            }
            add(text.substring(start, i));
        }
        return continued;
    }

    private void add(String token) {
        if (size == tokens.length) {
            tokens = Arrays.copyOf(tokens, 2 * size);
        }
        tokens[size++] = token;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\f' || c == '\u000b';
    }
}
