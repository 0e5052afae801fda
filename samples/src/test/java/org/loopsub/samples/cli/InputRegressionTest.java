package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.loopsub.obj.ObjReader;

/**
 * Inputs that {@link InputFuzzTest} found mishandled, kept under the name of what went wrong
 * ({@code regressions/*.obj}, each with the story in its header comment), run as the fuzzer ran
 * them: the exit status, no debris, and an output that reads back.
 */
class InputRegressionTest {
    @TempDir
    Path dir;

    /**
     * The fixture, the options, the exit status, and for exit 0 the largest |coordinate| the output
     * must hold (empty: not checked).
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        // the internal frame's rounding put coordinates past the largest float: "Infinity" in the output
        "icosahedron-at-float-max.obj  | --levels 0                                  | 0 | 3.4028235e38",
        "tetrahedron-at-float-max.obj  | --levels 0                                  | 0 | 3.4028235e38",
        "tetrahedron-at-float-max.obj  | --adaptive --max-depth 2 --flatness 3e38    | 0 | 3.4028235e38",
        "tetrahedron-at-float-max.obj  | --levels 1                                  | 0 | ",
    })
    void runsAsTheFuzzerRanIt(String fixture, String options, int exit, Float largest) throws Exception {
        Path input = dir.resolve(fixture);
        try (InputStream in = InputRegressionTest.class.getResourceAsStream("regressions/" + fixture)) {
            assertTrue(in != null, fixture);
            Files.write(input, in.readAllBytes());
        }
        Path output = dir.resolve("out.obj");
        List<String> args = new ArrayList<>(List.of("subdivide", input.toString(), "-o", output.toString(),
                "--backend", "java"));
        args.addAll(Arrays.asList(options.trim().split("\\s+")));
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertEquals(exit, r.exitCode(), r::both);
        assertTrue(!r.err().contains("Exception") && !r.err().contains("\tat "), r::both);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(exit == 0 ? 2 : 1, files.count(),
                    "the input, and the output if it succeeded; no temporary file");
        }
        if (exit == 0) {
            // the reader refuses non-finite coordinates, so reading back is the finiteness check
            float[] positions = ObjReader.read(output).mesh().positions();
            if (largest != null) {
                float max = 0;
                for (float p : positions) {
                    max = Math.max(max, Math.abs(p));
                }
                assertEquals(largest, max, "the extreme coordinate is kept");
            }
        }
    }
}
