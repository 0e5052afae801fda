package org.loopsub.samples.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.loopsub.corpus.TestMeshes;
import picocli.CommandLine;

/**
 * Runs {@code loopsub} in-process with its own stdout and stderr, and with {@link System#out} and
 * {@link System#err} redirected for the duration so that nothing a test provokes can leak into
 * another test's output (or escape the capture by printing to the JVM's streams directly);
 * {@link System#in} gives the test's text, or nothing.
 */
final class Cli {
    private Cli() {
    }

    /**
     * What one run did.
     *
     * @param exitCode the status {@code execute} returned
     * @param out what the command printed on its stdout
     * @param err what it printed on its stderr, including anything written to {@code System.err}
     */
    record Result(int exitCode, String out, String err) {
        /** @return both streams, for failure messages */
        String both() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /**
     * @param args the command line
     * @return the exit status and the output
     */
    static Result run(String... args) {
        return runWithStdin("", args);
    }

    /**
     * @param stdin what {@link System#in} gives for the duration
     * @param args the command line
     * @return the exit status and the output
     */
    static Result runWithStdin(String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ByteArrayOutputStream strayOut = new ByteArrayOutputStream();
        ByteArrayOutputStream strayErr = new ByteArrayOutputStream();
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        InputStream savedIn = System.in;
        int code;
        try {
            System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            System.setOut(new PrintStream(strayOut, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(strayErr, true, StandardCharsets.UTF_8));
            CommandLine cmd = new CommandLine(new LoopsubCommand());
            cmd.setOut(new PrintWriter(out, true));
            cmd.setErr(new PrintWriter(err, true));
            code = cmd.execute(args);
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
            System.setIn(savedIn);
        }
        return new Result(code, out + strayOut.toString(StandardCharsets.UTF_8),
                err + strayErr.toString(StandardCharsets.UTF_8));
    }

    /**
     * @param name a file of the repository's test meshes ({@link TestMeshes#dir()})
     * @return its path
     */
    static Path mesh(String name) {
        return TestMeshes.dir().resolve(name);
    }

    /**
     * @param obj an OBJ file
     * @return its lines that start with {@code prefix}
     */
    static List<String> lines(Path obj, String prefix) throws IOException {
        List<String> found = new ArrayList<>();
        for (String line : Files.readAllLines(obj, StandardCharsets.UTF_8)) {
            if (line.startsWith(prefix)) {
                found.add(line);
            }
        }
        return found;
    }
}
