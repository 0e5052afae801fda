package org.loopsub.samples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21, item 4: with no display the first line on stderr is the demo's own "no display" message,
 * not libwayland's {@code error: XDG_RUNTIME_DIR is invalid or not set in the environment.}, which
 * GLFW's Wayland probe used to provoke (it goes straight to the process's stderr).
 */
class DemoNoDisplayTest {
    @TempDir
    Path dir;

    @Test
    void noDisplayIsFoundBeforeGlfw() throws Exception {
        Map<String, String> env = new HashMap<>();
        assertNotNull(DemoWindow.noDisplay(env::get), "nothing set");
        env.put("XDG_RUNTIME_DIR", dir.toString());
        assertNotNull(DemoWindow.noDisplay(env::get), "a runtime folder without a Wayland socket");
        Files.createFile(dir.resolve("wayland-0"));
        assertNull(DemoWindow.noDisplay(env::get), "Wayland's default socket: GLFW may find it");
        env.clear();
        env.put("DISPLAY", ":0");
        assertNull(DemoWindow.noDisplay(env::get));
        env.put("DISPLAY", "");
        env.put("WAYLAND_DISPLAY", "wayland-1");
        assertNull(DemoWindow.noDisplay(env::get));
    }

    @Test
    void theFirstLineIsTheClearOne() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "org.loopsub.samples.cli.LoopsubCommand", "demo", "--sample", "icosahedron", "--frames", "1")
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile());
        // as on a machine with no desktop session: the case in which libwayland printed its line
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        pb.environment().remove("XDG_RUNTIME_DIR");
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the demo ends at once without a display");
        List<String> err = Files.readAllLines(dir.resolve("err.txt"), StandardCharsets.UTF_8);
        String all = String.join("\n", err);
        assertEquals(5, p.exitValue(), all);
        assertEquals(1, err.size(), "one line, nothing before it: " + all);
        assertTrue(err.get(0).startsWith("loopsub: demo: no display to open a window on"), all);
        assertTrue(err.get(0).contains("--headless"), all);
        assertEquals("", Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8));
    }
}
