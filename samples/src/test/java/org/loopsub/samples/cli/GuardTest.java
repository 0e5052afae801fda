package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Failures that are hard to provoke through a real run map to the documented exit codes. */
class GuardTest {
    private final StringWriter text = new StringWriter();
    private final PrintWriter err = new PrintWriter(text);

    @Test
    void outOfMemoryIsAResourceProblem() {
        int code = Guard.run(err, false, () -> "subdividing x.obj to level 9", () -> {
            throw new OutOfMemoryError("Java heap space");
        });
        assertEquals(ExitCodes.RESOURCE, code);
        String msg = text.toString();
        assertTrue(msg.startsWith("loopsub: not enough memory for subdividing x.obj to level 9"), msg);
        assertTrue(msg.contains("try fewer levels or more heap (JAVA_OPTS=-Xmx...)"), msg);
        assertFalse(msg.contains("\tat "), msg);
    }

    @Test
    void unexpectedExceptionIsABugWithoutStackTrace() {
        int code = Guard.run(err, false, () -> "", () -> {
            throw new IllegalStateException("boom");
        });
        assertEquals(ExitCodes.SOFTWARE, code);
        assertTrue(text.toString().contains("loopsub: unexpected error: java.lang.IllegalStateException: boom"));
        assertTrue(text.toString().contains("--debug"));
        assertFalse(text.toString().contains("\tat "));
    }

    @Test
    void debugPrintsTheStackTrace() {
        int code = Guard.run(err, true, () -> "", () -> {
            throw new IllegalStateException("boom");
        });
        assertEquals(ExitCodes.SOFTWARE, code);
        assertTrue(text.toString().contains("\tat "), text::toString);
    }

    @Test
    void failuresPrintTheirLinesAndStatus() {
        int code = Guard.run(err, false, () -> "", () -> {
            throw new CliFailure(ExitCodes.OUTPUT, "out.obj: cannot write: disk full");
        });
        assertEquals(ExitCodes.OUTPUT, code);
        assertEquals("loopsub: out.obj: cannot write: disk full" + System.lineSeparator(), text.toString());
    }

    @Test
    void usageErrorsAreLeftToPicocli() {
        CommandLine cmd = new CommandLine(new LoopsubCommand());
        assertThrows(CommandLine.ParameterException.class, () -> Guard.run(err, false, () -> "", () -> {
            throw new CommandLine.ParameterException(cmd, "bad");
        }));
    }
}
