package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21: where the commands write. Links are written through, special files refused before any
 * work, {@code -} is stdin and stdout, and every file gets a new file's permissions.
 */
class OutputTargetTest {
    /** bigguy at this level is refused as too large (exit 5) before the refinement; an earlier failure wins. */
    private static final String TOO_DEEP = "12";

    @TempDir
    Path dir;

    private static String text(Path file) throws Exception {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** @return the directory's entries, to see that no temporary file was left behind */
    private List<String> entries() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Makes a FIFO with mkfifo(1), or skips the test where there is none. */
    private Path fifo(String name) throws Exception {
        Path fifo = dir.resolve(name);
        try {
            Process p = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
            Assumptions.assumeTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo failed");
        } catch (java.io.IOException e) {
            Assumptions.abort("no mkfifo on this machine: " + e.getMessage());
        }
        Assumptions.assumeTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "no FIFO made");
        return fifo;
    }

    @Test
    void aSymbolicLinkIsWrittenThroughAndStaysALink() throws Exception {
        Path real = Files.writeString(dir.resolve("real.obj"), "old\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.obj"), Path.of("real.obj"));
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-l", "1", "-q", "-o", link.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(Files.isSymbolicLink(link), "still a link");
        assertEquals(Path.of("real.obj"), Files.readSymbolicLink(link), "pointing where it did");
        assertTrue(text(real).startsWith("# loopsub: 42 vertices, 80 triangles\n"), () -> "target replaced: " + real);
        assertEquals(List.of("link.obj", "real.obj"), entries(), "no temporary file left");
    }

    @Test
    void aChainOfLinksEndingAtNoFileCreatesThatFile() throws Exception {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        Path last = Files.createSymbolicLink(dir.resolve("b.obj"), sub.resolve("new.obj"));
        Path first = Files.createSymbolicLink(dir.resolve("a.obj"), last);
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-l", "0", "-q", "-o", first.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(Files.isSymbolicLink(first) && Files.isSymbolicLink(last));
        assertTrue(Files.isRegularFile(sub.resolve("new.obj"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertTrue(text(sub.resolve("new.obj")).startsWith("# loopsub: 12 vertices, 20 triangles\n"));
    }

    @Test
    void aFifoIsRefusedAtOnceWithoutBlocking() throws Exception {
        Path fifo = fifo("out.obj");
        // opening a FIFO for writing blocks until a reader comes; none will
        Cli.Result r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Cli.run("subdivide", "--sample",
                "bigguy", "--levels", TOO_DEEP, "--backend", "java", "-o", fifo.toString()));
        assertEquals(ExitCodes.OUTPUT, r.exitCode(), r::both);
        assertEquals("loopsub: " + fifo + ": cannot write: is a FIFO, not a regular file\n", r.err(), r::both);
        assertEquals("", r.out());
        assertFalse(Files.isRegularFile(fifo), "the FIFO is left alone");
        assertEquals(List.of("out.obj"), entries());
    }

    @Test
    void aCharacterDeviceIsRefused() {
        Path devZero = Path.of("/dev/zero");
        Assumptions.assumeTrue(Files.exists(devZero), "no /dev/zero");
        Cli.Result r = Cli.run("subdivide", "--sample", "bigguy", "--levels", TOO_DEEP, "-o", devZero.toString());
        assertEquals(ExitCodes.OUTPUT, r.exitCode(), r::both);
        assertEquals("loopsub: /dev/zero: cannot write: is a character device, not a regular file\n", r.err());
    }

    /**
     * Issue: {@code -o /dev/null} was refused as a device. It is a sink, written where it is: no
     * temporary file beside it, no rename over it (as root that would have replaced the device), and
     * a link to it stays a link to it, whatever format its name asks for.
     */
    @Test
    void theNullDeviceIsASink() throws Exception {
        Path devNull = Path.of("/dev/null");
        Assumptions.assumeTrue(Files.exists(devNull) && !Files.isRegularFile(devNull), "no null device");
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-l", "2", "--backend", "java",
                "-o", devNull.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertEquals("", r.err(), r::both);
        assertEquals("", r.out(), r::both);

        for (String name : new String[] {"null.obj", "null.glb", "null.gltf"}) {
            Path link = Files.createSymbolicLink(dir.resolve(name), devNull);
            Cli.Result viaLink = Cli.run("subdivide", "--sample", "cylinder", "-l", "1", "--backend", "java",
                    "-o", link.toString());
            assertEquals(ExitCodes.OK, viaLink.exitCode(), viaLink::both);
            assertEquals("", viaLink.err(), viaLink::both);
            assertTrue(Files.isSymbolicLink(link) && Files.readSymbolicLink(link).equals(devNull), name);
        }
        assertEquals(List.of("null.glb", "null.gltf", "null.obj"), entries(), "no temporary file left");
        assertFalse(Files.isRegularFile(devNull), "the device is still a device");
        assertEquals(0, Files.size(devNull));
    }

    @Test
    void aDirectoryThatTakesNoFilesFailsBeforeTheRefinement() {
        // permission bits mean nothing to root, so the check must try; /proc takes no new files from anyone
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "no /proc");
        Cli.Result r = Cli.run("subdivide", "--sample", "bigguy", "--levels", TOO_DEEP, "-o", "/proc/x.obj");
        assertEquals(ExitCodes.OUTPUT, r.exitCode(), r::both);
        assertEquals("loopsub: /proc/x.obj: cannot write: directory /proc takes no new files\n", r.err());
    }

    @Test
    void aWritableFileInADirectoryThatTakesNoNewFilesIsRefusedNotRewrittenInPlace() throws Exception {
        Assumptions.assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "not POSIX");
        Path locked = Files.createDirectory(dir.resolve("locked"));
        Path out = Files.writeString(locked.resolve("keep.obj"), "precious\n");
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            // root creates files whatever the bits say: then there is nothing to test
            Path probe = locked.resolve("probe");
            boolean bitsHold;
            try {
                Files.createFile(probe);
                Files.delete(probe);
                bitsHold = false;
            } catch (java.nio.file.AccessDeniedException e) {
                bitsHold = true;
            }
            Assumptions.assumeTrue(bitsHold, "permission bits do not bind this user (root)");
            Assumptions.assumeTrue(Files.isWritable(out), "the file itself is not writable");

            Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-l", "1", "-q", "--backend", "java",
                    "-o", out.toString());
            assertEquals(ExitCodes.OUTPUT, r.exitCode(), r::both);
            assertEquals("loopsub: " + out + ": cannot write: directory " + locked + " is not writable, so the file"
                    + " cannot be replaced atomically (loopsub does not rewrite a file in place); write to another"
                    + " directory\n", r.err(), r::both);
            assertEquals("precious\n", text(out), "the existing file is left as it was");
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void jsonAndScreenshotTargetsAreCheckedBeforeAnyWork() throws Exception {
        Path fifo = fifo("report.json");
        Cli.Result bench = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Cli.run("bench", "--sample",
                "bigguy", "--levels", TOO_DEEP, "--backend", "java", "--json", fifo.toString()));
        assertEquals(ExitCodes.OUTPUT, bench.exitCode(), bench::both);
        assertEquals("loopsub: " + fifo + ": cannot write: is a FIFO, not a regular file\n", bench.err());
        assertEquals("", bench.out());
        // the demo checks its outputs before it looks for a GL context: this runs without one
        for (String option : new String[] {"--stats-json", "--screenshot"}) {
            Cli.Result demo = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Cli.run("demo", "--headless",
                    "--sample", "icosahedron", option, fifo.toString()));
            assertEquals(ExitCodes.OUTPUT, demo.exitCode(), demo::both);
            assertEquals("loopsub: " + fifo + ": cannot write: is a FIFO, not a regular file\n", demo.err());
        }
    }

    @Test
    void dashOutputIsStdoutAndTheStatsMoveToStderr() {
        Cli.Result r = Cli.run("subdivide", "--sample", "icosahedron", "-l", "1", "-q", "--stats", "-o", "-");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(r.out().startsWith("# loopsub: 42 vertices, 80 triangles\nv "), r::both);
        assertEquals(80, r.out().lines().filter(l -> l.startsWith("f ")).count(), r::both);
        assertFalse(r.out().contains("level"), "no stats table in the mesh");
        assertTrue(r.err().contains("output: 42 vertices, 80 triangles"), r::both);
        assertTrue(r.err().lines().anyMatch(l -> l.trim().startsWith("level ")), r::both);
        assertFalse(Files.exists(Path.of("-")), "no file named -");
    }

    @Test
    void dashOutputEqualsTheFileOutput() throws Exception {
        Path file = dir.resolve("file.obj");
        Cli.Result toFile = Cli.run("subdivide", "--sample", "icosahedron", "-l", "2", "-q", "-o", file.toString());
        Cli.Result toStdout = Cli.run("subdivide", "--sample", "icosahedron", "-l", "2", "-q", "-o", "-");
        assertEquals(ExitCodes.OK, toFile.exitCode(), toFile::both);
        assertEquals(text(file), toStdout.out());
    }

    @Test
    void dashInputIsStdin() throws Exception {
        String tetrahedron = text(Cli.mesh("tetrahedron.obj"));
        Cli.Result r = Cli.runWithStdin(tetrahedron, "subdivide", "-", "-l", "1", "-q", "-o", "-");
        assertEquals(ExitCodes.OK, r.exitCode(), r::both);
        assertTrue(r.out().startsWith("# loopsub: 10 vertices, 16 triangles\n"), r::both);

        Cli.Result info = Cli.runWithStdin("v 0 0 0\nv 1 0 0\nf 1 2 3\n", "info", "-");
        assertEquals(ExitCodes.INPUT, info.exitCode(), info::both);
        assertTrue(info.err().startsWith("loopsub: stdin"), info::both);
    }

    @Test
    void objJsonAndNewFilesGetTheSamePermissions() throws Exception {
        Assumptions.assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "not POSIX");
        // what a new file gets here: 0666 less the umask
        Path probe = dir.resolve("probe");
        Files.newByteChannel(probe, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        Set<PosixFilePermission> expected = Files.getPosixFilePermissions(probe);
        assertTrue(expected.contains(PosixFilePermission.OTHERS_READ) || expected.size() <= 2,
                "an unusual umask: " + expected);

        Path obj = dir.resolve("out.obj");
        Path json = dir.resolve("bench.json");
        Cli.Result s = Cli.run("subdivide", "--sample", "icosahedron", "-l", "0", "-q", "-o", obj.toString());
        assertEquals(ExitCodes.OK, s.exitCode(), s::both);
        Cli.Result b = Cli.run("bench", "--sample", "icosahedron", "-l", "0", "--reps", "1", "--warmup", "0",
                "--backend", "java", "-q", "--json", json.toString());
        assertEquals(ExitCodes.OK, b.exitCode(), b::both);
        assertEquals(expected, Files.getPosixFilePermissions(obj));
        assertEquals(expected, Files.getPosixFilePermissions(json), "not createTempFile's owner-only 0600");
        assertTrue(text(json).startsWith("{"));
    }

    @Test
    void aFailedRunLeavesTheExistingTargetAsItWas() throws Exception {
        Path out = Files.writeString(dir.resolve("keep.obj"), "precious\n");
        // an invalid mesh from stdin: refused after the output check, before anything is written
        Cli.Result r = Cli.runWithStdin("v 0 0 0\nf 1 1 1\n", "subdivide", "-", "-o", out.toString());
        assertEquals(ExitCodes.INPUT, r.exitCode(), r::both);
        assertEquals("precious\n", text(out));
        assertEquals(List.of("keep.obj"), entries());
    }
}
