package org.loopsub.samples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo in a real window: an X server of its own (Xvfb, through {@code xvfb-run}), the demo in a
 * JVM of its own (this test's class path), driven by {@code xdotool} as a user would: S saves a
 * screenshot, W turns the wireframe on, a left drag orbits, Escape quits with status 0. Pictures
 * taken before and after each input must differ where the mesh is (and two taken with no input in
 * between must not), which shows that keys and mouse reach GLFW's callbacks and change the frame.
 * Skipped where xvfb-run or xdotool is missing; CI installs them (.ci/run).
 */
@Tag("gl")
@Tag("window")
class DemoWindowTest {
    /** Each step of the script, and the whole run, is bounded: a hung X server must not hang the build. */
    private static final int SCRIPT_TIMEOUT_S = 150;

    /**
     * The user's side, run inside {@code xvfb-run}. The demo starts in the background; each action
     * waits for the screenshot that follows it, so the pictures come in order whatever the speed.
     */
    private static final String SCRIPT = """
            #!/bin/bash
            set -u
            timeout 120 "$DEMO_JAVA" --enable-native-access=ALL-UNNAMED -cp "$DEMO_CP" \\
                org.loopsub.samples.cli.LoopsubCommand demo --sample icosahedron --size 320x240 \\
                --screen-px 8 --max-depth 5 > demo.out 2> demo.err &
            pid=$!
            wid=""
            for i in $(seq 1 300); do
                wid=$(xdotool search --onlyvisible --name '^loopsub demo' 2>/dev/null | head -n 1)
                [ -n "$wid" ] && break
                sleep 0.1
            done
            if [ -z "$wid" ]; then
                echo "no window" > status.txt
                kill "$pid"
                exit 1
            fi
            # no window manager under Xvfb: focus the window directly
            xdotool windowfocus --sync "$wid" 2>/dev/null || true
            shot() {
                xdotool key --window "$wid" s
                for i in $(seq 1 300); do
                    [ -f "loopsub-demo-$1.png" ] && return 0
                    sleep 0.1
                done
                echo "no screenshot $1" > status.txt
                return 1
            }
            sleep 0.5
            shot 1 || exit 1
            shot 2 || exit 1
            xdotool key --window "$wid" w
            shot 3 || exit 1
            xdotool mousemove --window "$wid" 160 150 mousedown 1 sleep 0.1 \\
                mousemove --window "$wid" 190 155 sleep 0.1 mousemove --window "$wid" 230 160 sleep 0.1 mouseup 1
            sleep 0.2
            shot 4 || exit 1
            xdotool key --window "$wid" Escape
            wait "$pid"
            echo "exit $?" > status.txt
            """;

    @TempDir
    Path dir;

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String d : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, command))) {
                return true;
            }
        }
        return false;
    }

    /** The rows between the HUD's panels (top-left, bottom-left, bottom-right), where only the mesh changes. */
    private static int[] meshRows(BufferedImage image) {
        return image.getRGB(0, 75, image.getWidth(), 120, null, 0, image.getWidth());
    }

    private static int differing(int[] a, int[] b) {
        int n = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i]) {
                n++;
            }
        }
        return n;
    }

    @Test
    void keysAndMouseDriveTheWindowAndEscapeQuits() throws Exception {
        Assumptions.assumeTrue(onPath("xvfb-run") && onPath("xdotool") && onPath("timeout"),
                "skipped: needs xvfb-run, xdotool and timeout (apt-get install xvfb xauth xdotool)");
        Path script = dir.resolve("drive.sh");
        Files.writeString(script, SCRIPT, StandardCharsets.UTF_8);
        ProcessBuilder pb = new ProcessBuilder("timeout", Integer.toString(SCRIPT_TIMEOUT_S), "xvfb-run", "-a", "-s",
                "-screen 0 1280x1024x24", "bash", script.toString())
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("xvfb.log").toFile());
        Map<String, String> env = pb.environment();
        env.put("DEMO_JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // surefire puts the test class path here too (with a manifest-only booter jar it names the jar
        // whose manifest lists the rest; java -cp follows that list)
        env.put("DEMO_CP", System.getProperty("java.class.path"));
        // the X server of xvfb-run, not a desktop's Wayland compositor, must get the window
        env.remove("WAYLAND_DISPLAY");
        long t0 = System.nanoTime();
        Process p = pb.start();
        boolean done = p.waitFor(SCRIPT_TIMEOUT_S + 10, TimeUnit.SECONDS);
        if (!done) {
            p.destroyForcibly();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        String log = "\n--- xvfb.log\n" + read(dir.resolve("xvfb.log")) + "\n--- demo.out\n" + read(dir.resolve("demo.out"))
                + "\n--- demo.err\n" + read(dir.resolve("demo.err")) + "\n--- status\n" + read(dir.resolve("status.txt"));
        System.out.printf("DemoWindowTest: xvfb-run + demo + xdotool took %.1f s%n", seconds);
        assertTrue(done, "the script ran past its time limit" + log);
        assertEquals("exit 0", read(dir.resolve("status.txt")).strip(), "Escape ends the demo with status 0" + log);

        List<BufferedImage> shots = new java.util.ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            shots.add(ImageIO.read(dir.resolve("loopsub-demo-" + i + ".png").toFile()));
            assertEquals(320, shots.get(i - 1).getWidth(), "screenshot " + i + " is the framebuffer");
        }
        int still = differing(meshRows(shots.get(0)), meshRows(shots.get(1)));
        int wire = differing(meshRows(shots.get(1)), meshRows(shots.get(2)));
        int orbit = differing(meshRows(shots.get(2)), meshRows(shots.get(3)));
        assertEquals(0, still, "no input, the same mesh" + log);
        assertTrue(wire > 500, "W draws the wireframe: " + wire + " pixels changed" + log);
        assertTrue(orbit > 500, "the drag turned the camera: " + orbit + " pixels changed" + log);

        String out = read(dir.resolve("demo.out"));
        assertTrue(out.matches("frames \\d+, frame ms median [0-9.]+ p95 [0-9.]+, refine gpu ms median [0-9.]+, "
                + "triangles median \\d+\\s*"), "one summary line on exit" + log);
        assertFalse(read(dir.resolve("demo.err")).contains("Exception"), log);
    }

    private static String read(Path file) throws Exception {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "(none)";
    }
}
