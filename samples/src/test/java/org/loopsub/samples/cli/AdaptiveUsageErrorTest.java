package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Wrong adaptive command lines exit with 2 and say what is wrong, the same for {@code subdivide}
 * and {@code bench} (they share the options), before anything is read or written.
 */
class AdaptiveUsageErrorTest {
    private static final String CAMERA = "--eye 0,0,3 --target 0,0,0";

    @TempDir
    Path dir;

    /** @return command-line tails and a part of the message each must give */
    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of("--adaptive", "--adaptive needs at least one stop criterion"),
                Arguments.of("--adaptive --max-depth 4", "--adaptive needs at least one stop criterion"),
                Arguments.of("--levels 2 --adaptive --max-edge 0.1", "--levels and --adaptive exclude each other"),
                Arguments.of("-l 0 --adaptive --flatness 0.1", "--levels and --adaptive exclude each other"),
                Arguments.of("--levels 2 --max-edge 0.1", "--max-edge applies to adaptive refinement only"),
                Arguments.of("--flatness 0.1", "--flatness applies to adaptive refinement only"),
                Arguments.of("--screen-px 3 " + CAMERA, "--screen-px applies to adaptive refinement only"),
                Arguments.of("--levels 1 --max-depth 3", "--max-depth applies to adaptive refinement only"),
                Arguments.of("--levels 1 --eye 0,0,3", "--eye applies to adaptive refinement only"),
                Arguments.of("--adaptive --max-edge 0.1 --max-depth 17", "--max-depth must be 0 to 16, got 17"),
                Arguments.of("--adaptive --max-edge 0.1 --max-depth -1", "--max-depth must be 0 to 16, got -1"),
                Arguments.of("--adaptive --max-edge 0", "--max-edge must be a positive finite number"),
                Arguments.of("--adaptive --max-edge -0.5", "--max-edge must be a positive finite number"),
                Arguments.of("--adaptive --max-edge Infinity", "--max-edge must be a positive finite number"),
                Arguments.of("--adaptive --flatness 0", "--flatness must be a positive finite number"),
                Arguments.of("--adaptive --flatness NaN", "--flatness must be a positive finite number"),
                Arguments.of("--adaptive --screen-px 0 " + CAMERA, "--screen-px must be a positive finite number"),
                Arguments.of("--adaptive --max-edge abc", "'abc' is not a float"),
                Arguments.of("--adaptive --screen-px 2", "--screen-px needs the camera: --eye"),
                Arguments.of("--adaptive --screen-px 2 --eye 0,0,3", "--screen-px needs the camera"),
                Arguments.of("--adaptive --screen-px 2 --target 0,0,0", "--screen-px needs the camera"),
                Arguments.of("--adaptive --max-edge 0.1 --eye 0,0,3", "--eye describes the camera of --screen-px"),
                Arguments.of("--adaptive --max-edge 0.1 --viewport 10x10",
                        "--viewport describes the camera of --screen-px"),
                Arguments.of("--adaptive --screen-px 2 --eye 0,0 --target 0,0,0", "'0,0' is not a point"),
                Arguments.of("--adaptive --screen-px 2 --eye 0,0,3,4 --target 0,0,0", "'0,0,3,4' is not a point"),
                Arguments.of("--adaptive --screen-px 2 --eye 0,x,3 --target 0,0,0", "'0,x,3' is not a point"),
                Arguments.of("--adaptive --screen-px 2 --eye 0,0,3 --target 0,NaN,0", "'0,NaN,0' is not a point"),
                Arguments.of("--adaptive --screen-px 2 " + CAMERA + " --up 0,1", "'0,1' is not a point"),
                Arguments.of("--adaptive --screen-px 2 " + CAMERA + " --viewport 1920", "'1920' is not a viewport"),
                Arguments.of("--adaptive --screen-px 2 " + CAMERA + " --viewport 0x100", "'0x100' is not a viewport"),
                Arguments.of("--adaptive --screen-px 2 " + CAMERA + " --viewport -5x100",
                        "'-5x100' is not a viewport"),
                Arguments.of("--adaptive --screen-px 2 " + CAMERA + " --viewport 1920*1080",
                        "'1920*1080' is not a viewport"),
                Arguments.of("--adaptive --screen-px 2 " + CAMERA + " --fov 0", "--fov must be between 0 and 180"),
                Arguments.of("--adaptive --screen-px 2 " + CAMERA + " --fov 180", "--fov must be between 0 and 180"),
                Arguments.of("--adaptive --screen-px 2 " + CAMERA + " --fov -30", "--fov must be between 0 and 180"),
                Arguments.of("--adaptive --screen-px 2 --eye 0,0,3 --target 0,0,3",
                        "the camera is not usable: eye and target are the same point"),
                Arguments.of("--adaptive --screen-px 2 " + CAMERA + " --up 0,0,1",
                        "the camera is not usable: up direction is parallel"));
    }

    private Cli.Result usageError(String command, String tail) throws Exception {
        List<String> args = new ArrayList<>(List.of(command, "--sample", "icosahedron"));
        args.addAll(List.of(tail.split(" ")));
        if (command.equals("subdivide")) {
            args.addAll(List.of("-o", dir.resolve("out.obj").toString()));
        } else {
            args.addAll(List.of("--json", dir.resolve("out.json").toString()));
        }
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertEquals(ExitCodes.USAGE, r.exitCode(), r::both);
        assertFalse(r.err().contains("\tat "), () -> "stack trace shown:\n" + r.both());
        assertTrue(r.err().contains("Usage: loopsub " + command), r::both);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count(), "nothing written");
        }
        return r;
    }

    @ParameterizedTest
    @MethodSource("errors")
    void subdivide(String tail, String message) throws Exception {
        Cli.Result r = usageError("subdivide", tail);
        assertTrue(r.err().contains(message), r::both);
    }

    @ParameterizedTest
    @MethodSource("errors")
    void bench(String tail, String message) throws Exception {
        Cli.Result r = usageError("bench", tail);
        assertTrue(r.err().contains(message), r::both);
    }
}
