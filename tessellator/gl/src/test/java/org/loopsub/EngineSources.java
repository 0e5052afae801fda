package org.loopsub;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The engine's main sources, for tests that read them: loopsub-core's and this module's (loopsub-gl),
 * found from the module folder Surefire runs in.
 */
public final class EngineSources {
    private EngineSources() {
    }

    /** @return loopsub-core's source root */
    public static Path core() {
        return root(Path.of("..", "core", "src", "main", "java"));
    }

    /** @return loopsub-gl's source root */
    public static Path gl() {
        return root(Path.of("src", "main", "java"));
    }

    /** @return both source roots, core first */
    public static List<Path> all() {
        return List.of(core(), gl());
    }

    private static Path root(Path p) {
        assertTrue(Files.isDirectory(p), "run from the gl module's folder (Surefire does): " + p.toAbsolutePath());
        return p;
    }
}
