package org.loopsub.samples.cli;

import java.util.List;

/**
 * A failure the user can act on: an exit status and the lines to print on stderr (each is
 * prefixed with {@code loopsub: }). Thrown anywhere inside a command and turned into output and
 * an exit status in one place, {@link Guard}, so that no stack trace reaches the user by accident.
 */
final class CliFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;
    private final transient List<String> lines;

    CliFailure(int exitCode, List<String> lines, Throwable cause) {
        super(String.join("; ", lines), cause);
        this.exitCode = exitCode;
        this.lines = List.copyOf(lines);
    }

    CliFailure(int exitCode, String line, Throwable cause) {
        this(exitCode, List.of(line), cause);
    }

    CliFailure(int exitCode, String line) {
        this(exitCode, List.of(line), null);
    }

    /**
     * Not a failure but an end: the reader of stdout went away ({@code | head} took what it wanted),
     * so the command stops writing and ends with success, saying nothing, as other tools do there.
     *
     * @return what the command throws to stop
     */
    static CliFailure stdoutReaderGone() {
        return new CliFailure(ExitCodes.OK, List.of(), null);
    }

    int exitCode() {
        return exitCode;
    }

    List<String> lines() {
        return lines;
    }
}
