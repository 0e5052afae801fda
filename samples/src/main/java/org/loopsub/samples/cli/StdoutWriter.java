package org.loopsub.samples.cli;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * The process's stdout as a writer that remembers why a write failed. A {@link PrintWriter} keeps
 * its IOExceptions to itself, which leaves a closed pipe ({@code loopsub ... | head}: the reader took
 * what it wanted and went) looking like a full disk. The first is how a pipeline normally ends and
 * must end quietly with success, as other tools do under {@code head}; the second loses output and
 * stays an error.
 */
final class StdoutWriter extends PrintWriter {
    private final Watch watch;
    private final BooleanSupplier isPipe;

    /**
     * @param out the bytes' destination
     * @param charset the text's encoding
     * @param isPipe whether {@code out} is a pipe or socket, asked only once a write has failed
     */
    StdoutWriter(OutputStream out, Charset charset, BooleanSupplier isPipe) {
        this(new Watch(out), charset, isPipe);
    }

    private StdoutWriter(Watch watch, Charset charset, BooleanSupplier isPipe) {
        super(new BufferedWriter(new OutputStreamWriter(watch, charset)), true);
        this.watch = watch;
        this.isPipe = isPipe;
    }

    /** @return the process's stdout, in the encoding the JVM chose for it */
    static StdoutWriter open() {
        String encoding = System.getProperty("stdout.encoding", System.getProperty("sun.stdout.encoding"));
        Charset charset = encoding != null && Charset.isSupported(encoding) ? Charset.forName(encoding)
                : Charset.defaultCharset();
        return new StdoutWriter(new FileOutputStream(FileDescriptor.out), charset, StdoutWriter::stdoutIsPipe);
    }

    /** @return the first write failure, or {@code null} while every write went through */
    IOException failure() {
        return watch.failure;
    }

    /**
     * A pipe refuses a write only once its reader has gone (EPIPE); so does a socket. Where the type
     * of stdout cannot be read, the message of the failure decides.
     *
     * @return whether a write failed because whoever read stdout closed it
     */
    boolean readerGone() {
        IOException e = watch.failure;
        if (e == null) {
            return false;
        }
        String message = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
        return message.contains("broken pipe") || isPipe.getAsBoolean();
    }

    /**
     * @param out a command's stdout
     * @return whether it is the process's stdout and its reader has gone
     */
    static boolean readerGone(PrintWriter out) {
        return out instanceof StdoutWriter s && s.readerGone();
    }

    /**
     * @param out a command's stdout
     * @return a writer to it that throws once a write to the process's stdout has failed, so that a
     *     long output stops at once rather than being formatted to the end for no one
     */
    static Writer stoppingAtFailure(PrintWriter out) {
        if (!(out instanceof StdoutWriter s)) {
            return out;
        }
        return new FilterWriter(out) {
            @Override
            public void write(int c) throws IOException {
                super.write(c);
                check();
            }

            @Override
            public void write(char[] cbuf, int off, int len) throws IOException {
                super.write(cbuf, off, len);
                check();
            }

            @Override
            public void write(String str, int off, int len) throws IOException {
                super.write(str, off, len);
                check();
            }

            private void check() throws IOException {
                IOException failure = s.failure();
                if (failure != null) {
                    throw failure;
                }
            }
        };
    }

    private static boolean stdoutIsPipe() {
        try {
            // /dev/fd/1 is stdout itself on Linux and the BSDs (macOS): its type is the pipe's
            int type = (Integer) Files.getAttribute(Path.of("/dev/fd/1"), "unix:mode") & 0170000;
            return type == 0010000 || type == 0140000;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Passes the bytes on and keeps the first failure. */
    private static final class Watch extends OutputStream {
        private final OutputStream out;
        private IOException failure;

        Watch(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public void close() throws IOException {
            out.close();
        }

        private IOException failed(IOException e) {
            if (failure == null) {
                failure = e;
            }
            return e;
        }
    }
}
