package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue: {@code -l 12} advised "8 or fewer", and {@code -l 8} then ran out of memory. The level
 * advised fits the heap this JVM may use as well as the engine's output array.
 */
class LevelAdviceTest {
    private static final Pattern ADVICE = Pattern.compile("use --levels (\\d+) or fewer");
    private static final long GIB = 1L << 30;

    @TempDir
    Path dir;

    /**
     * @param err what a refused run printed
     * @return the level it advised
     */
    static int advisedLevel(String err) {
        Matcher m = ADVICE.matcher(err);
        assertTrue(m.find(), err);
        return Integer.parseInt(m.group(1));
    }

    /**
     * @param err what a refused uniform run of bigguy printed in this JVM
     * @param arrayBound the most levels the output array takes
     */
    static void assertAdvisesWhatFitsThisHeap(String err, int arrayBound) {
        int advised = advisedLevel(err);
        assertTrue(advised <= arrayBound, err);
        RefiningCommand.TriangleCost cost = RefiningCommand.TriangleCost.of(false, false);
        long heap = Runtime.getRuntime().maxMemory();
        assertTrue(advised == 0 || cost.heap(RefiningCommand.uniformTriangles(2900, advised)) <= heap, err);
        assertTrue(advised == arrayBound || cost.heap(RefiningCommand.uniformTriangles(2900, advised + 1)) > heap, err);
    }

    private static String refusal(long input, int levels, RefiningCommand.TriangleCost cost, long heap) {
        return assertThrows(CliFailure.class, () -> RefiningCommand.checkSize("m", input, levels, cost, heap))
                .lines().get(0);
    }

    @Test
    void theAdviceMindsTheHeap() {
        RefiningCommand.TriangleCost plain = RefiningCommand.TriangleCost.of(false, false);
        assertEquals("m: level 12 would make 48.7G triangles, more than the 238.6M one run can hold; use --levels 5"
                + " or fewer (level 6 would need about 1.4 GiB of heap, more than the 1.0 GiB this JVM may use:"
                + " JAVA_OPTS=-Xmx... gives it more)", refusal(2900, 12, plain, GIB));
        // with heap to spare the array decides, as before
        assertEquals("m: level 12 would make 48.7G triangles, more than the 238.6M one run can hold; use --levels 8"
                + " or fewer", refusal(2900, 12, plain, 64 * GIB));
        // a level within the array is not refused for the heap: the figure is an estimate
        assertEquals(RefiningCommand.uniformTriangles(2900, 8), RefiningCommand.checkSize("m", 2900, 8, plain, GIB));
    }

    /** The limit surface's normals and the uvs make every triangle larger in the output array too. */
    @Test
    void largerTrianglesFitFewerLevels() {
        RefiningCommand.TriangleCost both = RefiningCommand.TriangleCost.of(true, true);
        assertEquals(24, both.floats());
        assertEquals("m: level 10 would make 167.8M triangles, more than the 89.5M one run can hold; use --levels 9"
                + " or fewer", refusal(160, 10, both, 64 * GIB));
    }

    /** The real thing: the level advised under a small heap runs under that heap. */
    @Test
    void theLevelAdvisedRuns() throws Exception {
        String heap = "-Xmx380m";
        Run refused = run(heap, "subdivide", "--sample", "bigguy", "-l", "12", "--backend", "java", "-q", "-o",
                dir.resolve("big.obj").toString());
        assertEquals(ExitCodes.RESOURCE, refused.status(), refused.err());
        int advised = advisedLevel(refused.err());
        assertTrue(advised >= 4, refused.err());
        Path out = dir.resolve("advised.obj");
        Run ok = run(heap, "subdivide", "--sample", "bigguy", "-l", Integer.toString(advised), "--backend", "java",
                "-q", "-o", out.toString());
        assertEquals(ExitCodes.OK, ok.status(), ok.err());
        assertTrue(Files.size(out) > 0);
    }

    private record Run(int status, String err) {
    }

    private static Run run(String heap, String... args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> line = new java.util.ArrayList<>(List.of(java, heap, "-cp", System.getProperty("java.class.path"),
                LoopsubCommand.class.getName()));
        line.addAll(List.of(args));
        Process p = new ProcessBuilder(line).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(300, TimeUnit.SECONDS), "ended");
            return new Run(p.exitValue(), err);
        } finally {
            p.destroyForcibly();
        }
    }
}
