package org.loopsub.obj;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * A reader that stops at the first NUL character. No OBJ text holds one, and binary data (an image,
 * a glTF file, {@code /dev/zero} or {@code /dev/urandom} named by mistake) does within its first few
 * hundred bytes: the reader refuses it there instead of reading it all, or for ever, line by line.
 */
final class TextOnly extends FilterReader {
    /** The first NUL and the line it is on (1-based, counted by line feeds). */
    static final class NulCharacter extends IOException {
        private static final long serialVersionUID = 1L;
        final long line;

        NulCharacter(long line) {
            super("a NUL character on line " + line);
            this.line = line;
        }
    }

    private long lineFeeds;

    TextOnly(Reader in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int c = in.read();
        if (c == '\n') {
            lineFeeds++;
        } else if (c == '\0') {
            throw new NulCharacter(lineFeeds + 1);
        }
        return c;
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
        int n = in.read(buf, off, len);
        for (int i = off; i < off + n; i++) {
            char c = buf[i];
            if (c == '\n') {
                lineFeeds++;
            } else if (c == '\0') {
                throw new NulCharacter(lineFeeds + 1);
            }
        }
        return n;
    }
}
