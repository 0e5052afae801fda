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
