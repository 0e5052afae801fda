package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An output that cannot be written exits with 4 and leaves nothing behind. */
class OutputProblemTest {
    @TempDir
    Path dir;

    @Test
    void directoryThatDoesNotExist() throws Exception {
        Path output = dir.resolve("no-such-dir").resolve("out.obj");
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-o", output.toString());
        assertEquals(ExitCodes.OUTPUT, r.exitCode(), r::both);
        assertTrue(r.err().startsWith("loopsub: " + output + ": cannot write: "), r::both);
        assertTrue(r.err().contains("does not exist"), r::both);
        assertFalse(r.err().contains("\tat "), r::both);
        assertEquals(0, Files.list(dir).count(), "no directory or file created");
    }

    @Test
    void outputIsADirectory() throws Exception {
        Path output = Files.createDirectory(dir.resolve("taken.obj"));
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-o", output.toString());
        assertEquals(ExitCodes.OUTPUT, r.exitCode(), r::both);
        assertTrue(r.err().contains("is a directory"), r::both);
        assertTrue(Files.isDirectory(output));
        assertEquals(0, Files.list(output).count());
    }

    /** A stdout that fails (a full disk, a closed pipe) turns a success into exit 4, said on stderr. */
    @Test
    void lostStdoutIsAFailure() {
        java.io.PrintWriter full = new java.io.PrintWriter(new java.io.OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                throw new java.io.IOException("No space left on device");
            }
        });
        picocli.CommandLine cmd = new picocli.CommandLine(new LoopsubCommand());
        cmd.setOut(full);
        cmd.setErr(new java.io.PrintWriter(new java.io.StringWriter()));
        int code = cmd.execute("info", "--sample", "icosahedron");
        assertEquals(ExitCodes.OK, code, "the command itself did its work");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int status = LoopsubCommand.checkedStdout(full, code, new java.io.PrintStream(err, true));
        assertEquals(ExitCodes.OUTPUT, status);
        assertTrue(err.toString().startsWith("loopsub: stdout: cannot write"), err::toString);
        // a command that failed already keeps its own status
        assertEquals(ExitCodes.INPUT, LoopsubCommand.checkedStdout(full, ExitCodes.INPUT, new java.io.PrintStream(err)));
        // and a stdout that took everything changes nothing
        java.io.PrintWriter fine = new java.io.PrintWriter(new java.io.StringWriter());
        fine.println("ok");
        assertEquals(ExitCodes.OK, LoopsubCommand.checkedStdout(fine, ExitCodes.OK, new java.io.PrintStream(err)));
    }

    @Test
    void describeNamesTheReasonRatherThanThePath() {
        assertEquals("permission denied",
                OutputTarget.describe(new java.nio.file.AccessDeniedException("/x/y.obj")));
        assertEquals("no such file or directory",
                OutputTarget.describe(new java.nio.file.NoSuchFileException("/x/y.obj")));
        assertEquals("No space left on device",
                OutputTarget.describe(new java.nio.file.FileSystemException("/x/y.obj", null,
                        "No space left on device")));
    }
}
