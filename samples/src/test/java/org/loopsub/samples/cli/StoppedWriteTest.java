package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process stopped (SIGTERM, as Ctrl-C's SIGINT) while it writes its output leaves nothing behind:
 * neither the target nor the hidden temporary file it was writing.
 */
class StoppedWriteTest {
    @TempDir
    Path dir;

    private List<Path> files() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (java.io.IOException e) {
            return 0;  // renamed or deleted meanwhile
        }
    }

    @Test
    void aStoppedWriteLeavesNoTemporaryFile() throws Exception {
        Path output = dir.resolve("out.obj");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                LoopsubCommand.class.getName(), "subdivide", "--sample", "bigguy", "--backend", "java",
                "-l", "5", "-q", "-o", output.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            boolean seen = false;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!seen && p.isAlive() && System.nanoTime() < deadline) {
                // a temporary file with data in it: the write is under way (an empty one is the
                // writability probe made and deleted before the refinement starts)
                seen = files().stream().anyMatch(f -> f.getFileName().toString().endsWith(".tmp") && size(f) > 1 << 20);
                Thread.sleep(5);
            }
            Assumptions.assumeTrue(seen && p.isAlive(), "the write ended before it could be stopped");
            p.destroy();  // SIGTERM
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "stopped");
            assertNotEquals(0, p.exitValue());
            assertEquals(List.of(), files(), "no target, no temporary file");
        } finally {
            p.destroyForcibly();
        }
    }
}
