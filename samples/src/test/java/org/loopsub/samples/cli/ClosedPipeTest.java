package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Issue: {@code loopsub subdivide ... -o - | head -3} and {@code loopsub info ... | head} exited 4
 * with an error. A stdout whose reader went away ends the command quietly with success, as
 * {@code head} users expect; a stdout that fails otherwise (a full disk) is still exit 4, said once.
 */
class ClosedPipeTest {
    /** Takes {@code room} bytes, then fails every write as the given error. */
    private static OutputStream failingAfter(int room, String error) {
        return new OutputStream() {
            private int taken;

            @Override
            public void write(int b) throws IOException {
                if (taken++ >= room) {
                    throw new IOException(error);
                }
            }
        };
    }

    private record Run(int status, String err) {
    }

    /** Runs a command as {@code main} does, onto the given stdout. */
    private static Run runOnto(StdoutWriter out, String... args) {
        StringWriter err = new StringWriter();
        CommandLine cmd = new CommandLine(new LoopsubCommand());
        cmd.setOut(out);
        cmd.setErr(new PrintWriter(err, true));
        int code = cmd.execute(args);
        ByteArrayOutputStream late = new ByteArrayOutputStream();
        int status = LoopsubCommand.checkedStdout(out, code, new PrintStream(late, true, StandardCharsets.UTF_8));
        return new Run(status, err + late.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aClosedPipeEndsQuietlyWithSuccess() {
        for (String[] args : new String[][] {
            {"subdivide", "--sample", "bigguy", "-l", "2", "--backend", "java", "-q", "-o", "-"},
            {"subdivide", "--sample", "icosahedron", "-l", "1", "--backend", "java", "-q", "--stats", "-o", "-"},
            {"info", "--sample", "bigguy"}}) {
            StdoutWriter pipe = new StdoutWriter(failingAfter(200, "Broken pipe"), StandardCharsets.UTF_8, () -> true);
            Run r = runOnto(pipe, args);
            assertEquals(new Run(ExitCodes.OK, ""), r, String.join(" ", args));
        }
    }

    /** The pipe is known by the type of stdout, whatever the words of the failure. */
    @Test
    void aPipeIsKnownByItsTypeToo() {
        StdoutWriter pipe = new StdoutWriter(failingAfter(0, "Daten\u00fcbergabe unterbrochen"),
                StandardCharsets.UTF_8, () -> true);
        assertEquals(new Run(ExitCodes.OK, ""), runOnto(pipe, "info", "--sample", "icosahedron"));
    }

    @Test
    void aFullDiskIsStillAFailureSaidOnce() {
        for (String[] args : new String[][] {
            {"subdivide", "--sample", "bigguy", "-l", "2", "--backend", "java", "-q", "-o", "-"},
            {"info", "--sample", "bigguy"}}) {
            StdoutWriter disk = new StdoutWriter(failingAfter(200, "No space left on device"), StandardCharsets.UTF_8,
                    () -> false);
            Run r = runOnto(disk, args);
            assertEquals(new Run(ExitCodes.OUTPUT, "loopsub: stdout: cannot write: No space left on device\n"), r,
                    String.join(" ", args));
        }
    }

    /** A long output stops being formatted once its reader has gone. */
    @Test
    void theWriteStopsAtTheFirstFailure() {
        int[] writes = new int[1];
        OutputStream counting = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                writes[0]++;
                throw new IOException("Broken pipe");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                writes[0]++;
                throw new IOException("Broken pipe");
            }
        };
        StdoutWriter pipe = new StdoutWriter(counting, StandardCharsets.UTF_8, () -> true);
        Run r = runOnto(pipe, "subdivide", "--sample", "bigguy", "-l", "3", "--backend", "java", "-q", "-o", "-");
        assertEquals(new Run(ExitCodes.OK, ""), r);
        // 185,600 triangles are megabytes of text: without the stop, thousands of failed writes
        assertTrue(writes[0] <= 3, writes[0] + " writes tried");
    }

    /** The real thing: a process whose stdout pipe is closed by its reader, as head does. */
    @Test
    void theProcessEndsQuietlyUnderHead() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String[][] commands = {
            {"subdivide", "--sample", "bigguy", "-l", "2", "--backend", "java", "-q", "-o", "-"},
            {"info", "--sample", "bigguy"}};
        for (String[] command : commands) {
            for (int keep : new int[] {3, 0}) {
                List<String> line = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                        LoopsubCommand.class.getName()));
                line.addAll(List.of(command));
                Process p = new ProcessBuilder(line).start();
                try {
                    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
                            StandardCharsets.UTF_8));
                    for (int i = 0; i < keep; i++) {
                        assertTrue(out.readLine() != null, "line " + i);
                    }
                    // head has what it wanted (or, with 0, wanted nothing before the command wrote)
                    out.close();
                    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ended");
                    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                    String what = String.join(" ", command) + " | head -" + keep;
                    assertEquals("", err, what);
                    assertEquals(ExitCodes.OK, p.exitValue(), what);
                } finally {
                    p.destroyForcibly();
                }
            }
        }
    }
}
