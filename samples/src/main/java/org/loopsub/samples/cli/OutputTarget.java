package org.loopsub.samples.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine;

/**
 * A file a command writes ({@code subdivide -o}, {@code bench --json}, {@code demo --screenshot} and
 * {@code --stats-json}), checked before any work and written in one way for all of them.
 *
 * <p>{@link #check} runs before the refinement or the frames: a target that cannot be written fails
 * at once with exit 4 and one line, rather than after minutes of work. A regular file is written
 * into a temporary file beside it and renamed over it, so that it is whole or untouched; a symbolic
 * link is followed, so that the file it points to is replaced and the link stays a link. A file in a
 * directory that takes no new files is refused even where the file itself is writable: rewritten where
 * it is, it would be left cut short by a failed write. FIFOs,
 * devices and sockets are refused: they cannot be replaced atomically, and opening a FIFO would
 * block. The one device taken is the null device ({@code /dev/null}, or a link to it), written
 * directly: it keeps nothing, so nothing can be left half-written in it, and a run that only
 * wants the refinement (or its timing) should not need a file. {@code -} (where the command
 * allows it) is the command's stdout.
 *
 * <p>Every file gets the permissions a new file gets ({@code 0666} less the umask), whatever wrote
 * it: the temporary file is made with those rather than {@code Files.createTempFile}'s owner-only
 * ones, which the rename would carry over.
 */
final class OutputTarget {
    /** What stands for stdout on the command line. */
    static final String STDOUT = "-";

    /** Bytes for the file; the stream is closed by the target. */
    @FunctionalInterface
    interface Bytes {
        void write(OutputStream out) throws IOException;
    }

    /** Text for the file or stdout; the writer is flushed and closed by the target. */
    @FunctionalInterface
    interface Text {
        void write(Writer out) throws IOException;
    }

    private final String name;
    /** The file to replace, symbolic links followed; {@code null} for stdout. */
    private final Path file;
    /** Whether {@link #file} is the null device, written in place. */
    private final boolean sink;

    private OutputTarget(String name, Path file, boolean sink) {
        this.name = name;
        this.file = file;
        this.sink = sink;
    }

    /**
     * Checks that the target can be written, without writing it: a new file can be made in its
     * directory (tried, not guessed from permission bits, which say nothing for root or a read-only
     * mount), and an existing one is a regular file.
     *
     * @param given the path as typed
     * @param stdoutAllowed whether {@code -} means stdout here
     * @return the target
     * @throws CliFailure (exit 4) naming the reason
     */
    static OutputTarget check(Path given, boolean stdoutAllowed) {
        String name = given.toString();
        if (stdoutAllowed && STDOUT.equals(name)) {
            return new OutputTarget("stdout", null, false);
        }
        if (name.isEmpty()) {
            throw new CliFailure(ExitCodes.USAGE, "the output file name is empty");
        }
        try {
            Path file = followLinks(given.toAbsolutePath());
            BasicFileAttributes attributes = null;
            if (Files.exists(file)) {
                attributes = Files.readAttributes(file, BasicFileAttributes.class);
                if (attributes.isDirectory()) {
                    throw cannot(name, "is a directory");
                }
                if (!attributes.isRegularFile()) {
                    if (isNullDevice(file)) {
                        return new OutputTarget(name, file, true);
                    }
                    throw cannot(name, "is " + special(file) + ", not a regular file");
                }
            }
            Path dir = file.getParent();
            if (dir == null || !Files.isDirectory(dir)) {
                throw cannot(name, "directory " + dir + " does not exist");
            }
            try {
                Files.delete(createTemp(file));
                return new OutputTarget(name, file, false);
            } catch (IOException e) {
                // Writing the file itself would be possible, but a failure half-way (a full disk, a
                // SIGTERM) would then leave it truncated: the promise is whole or untouched.
                if (attributes != null && Files.isWritable(file)) {
                    throw cannot(name, "directory " + dir + " is not writable, so the file cannot be replaced"
                            + " atomically (loopsub does not rewrite a file in place); write to another directory");
                }
                throw cannot(name, e instanceof AccessDeniedException ? "no permission to create files in " + dir
                        // the directory exists: its file system takes no new files (/proc, /sys)
                        : e instanceof NoSuchFileException ? "directory " + dir + " takes no new files"
                        : describe(e));
            }
        } catch (IOException e) {
            throw new CliFailure(ExitCodes.OUTPUT, name + ": cannot write: " + describe(e), e);
        }
    }

    /**
     * Turns an output option's value into a path, refusing a name that ends in a separator: the
     * path would drop it, and a file would be written under the directory's name.
     */
    static final class PathConverter implements CommandLine.ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            if (value.endsWith("/") || value.endsWith(java.io.File.separator)) {
                char last = value.charAt(value.length() - 1);
                throw new CommandLine.TypeConversionException("'" + value + "' ends in '" + last + "', so it names a"
                        + " directory, not a file; add the file's name");
            }
            return PathArgument.of(value);
        }
    }

    /** @return the name for messages: the path as typed, or {@code stdout} */
    String name() {
        return name;
    }

    /** @return whether this is the command's stdout */
    boolean isStdout() {
        return file == null;
    }

    /**
     * Writes the text: to stdout, or through a temporary file renamed over the target.
     *
     * @param stdout the command's stdout, used if this target is stdout
     * @param text writes the text
     * @throws CliFailure (exit 4) if it cannot be written
     */
    void write(PrintWriter stdout, Text text) {
        if (file == null) {
            try {
                text.write(StdoutWriter.stoppingAtFailure(stdout));
            } catch (IOException e) {
                throw stdoutFailure(stdout, e);
            }
            stdout.flush();
            // a PrintWriter keeps its errors to itself (a closed pipe, a full disk)
            if (stdout.checkError()) {
                throw stdoutFailure(stdout, stdout instanceof StdoutWriter s ? s.failure() : null);
            }
            return;
        }
        write(out -> {
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
            text.write(w);
            w.flush();
        });
    }

    /**
     * Writes bytes to the file: into a temporary file beside it, forced to disk, then renamed over
     * it; on any failure the temporary file is deleted and an existing file is left as it was. The
     * null device is written as it is.
     *
     * @param bytes writes the content
     * @throws CliFailure (exit 4) if it cannot be written, or if this target is stdout
     */
    void write(Bytes bytes) {
        if (file == null) {
            throw new IllegalStateException("binary output to stdout is not offered");
        }
        try {
            if (sink) {
                // neither created nor truncated: a device is opened as it is, and nothing is forced
                try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.WRITE)) {
                    bytes.write(out);
                }
                return;
            }
            Path temp = createTemp(file);
            PENDING.add(temp);
            boolean done = false;
            try {
                try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                    writeTo(channel, bytes);
                }
                try {
                    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
                }
                done = true;
            } finally {
                if (!done) {
                    try {
                        Files.deleteIfExists(temp);
                    } catch (IOException suppressed) {
                        // the write's own failure is the one to report
                    }
                }
                PENDING.remove(temp);
            }
        } catch (IOException e) {
            throw new CliFailure(ExitCodes.OUTPUT, name + ": cannot write: " + describe(e), e);
        }
    }

    /**
     * Temporary files being written. A process stopped while it writes one (Ctrl-C, SIGTERM: the JVM
     * runs its shutdown hooks) deletes it, so that no hidden half-written file stays beside the target;
     * one renamed or deleted already is gone from here, or its path names nothing.
     */
    private static final Set<Path> PENDING = pendingWithHook();

    private static Set<Path> pendingWithHook() {
        Set<Path> pending = ConcurrentHashMap.newKeySet();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteAll(pending), "loopsub-delete-temporary-files"));
        return pending;
    }

    /** Deletes every file in the set, as the shutdown hook does. */
    static void deleteAll(Set<Path> files) {
        for (Path p : files) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // the process is stopping; nothing left to tell
            }
        }
    }

    private static void writeTo(FileChannel channel, Bytes bytes) throws IOException {
        OutputStream stream = Channels.newOutputStream(channel);
        bytes.write(stream);
        stream.flush();
        // on disk before the rename makes it the target
        channel.force(true);
    }

    /**
     * The file a chain of symbolic links ends at (which need not exist yet), so that the temporary
     * file lies in that file's directory and the rename replaces it rather than the link.
     */
    private static Path followLinks(Path path) throws IOException {
        Path p = path;
        // Linux's own bound on a chain (ELOOP)
        for (int hops = 0; Files.isSymbolicLink(p); hops++) {
            if (hops == 40) {
                throw new FileSystemException(path.toString(), null, "too many levels of symbolic links");
            }
            p = p.getParent().resolve(Files.readSymbolicLink(p));
        }
        return p;
    }

    /** @return whether the file is this system's null device, whatever the path that reached it */
    private static boolean isNullDevice(Path file) {
        Path devNull = Path.of("/dev/null");
        try {
            return Files.exists(devNull) && Files.isSameFile(file, devNull);
        } catch (IOException e) {
            return false;
        }
    }

    /** Names a file that is neither regular nor a directory, from its POSIX type bits where known. */
    private static String special(Path file) {
        try {
            int type = (Integer) Files.getAttribute(file, "unix:mode") & 0170000;
            return switch (type) {
                case 0010000 -> "a FIFO";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "a special file";
        }
    }

    /**
     * Creates a fresh, empty file beside the target with a new file's permissions (see the class
     * comment), hidden by its leading dot.
     */
    private static Path createTemp(Path target) throws IOException {
        Path dir = target.getParent();
        String base = "." + target.getFileName() + ".";
        for (int attempt = 0; ; attempt++) {
            String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
            Path temp = dir.resolve(base + suffix + ".tmp");
            try {
                Files.newByteChannel(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return temp;
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }

    /** A closed pipe ends the command quietly; any other failure to write stdout is an error (exit 4). */
    private static CliFailure stdoutFailure(PrintWriter stdout, IOException e) {
        if (StdoutWriter.readerGone(stdout)) {
            return CliFailure.stdoutReaderGone();
        }
        return new CliFailure(ExitCodes.OUTPUT, "stdout: cannot write" + (e != null ? ": " + describe(e) : ""), e);
    }

    private static CliFailure cannot(String name, String reason) {
        return new CliFailure(ExitCodes.OUTPUT, name + ": cannot write: " + reason);
    }

    /**
     * IOException messages are often just the path; say what went wrong instead.
     *
     * @param e the failure
     * @return its reason in words
     */
    static String describe(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }
}
