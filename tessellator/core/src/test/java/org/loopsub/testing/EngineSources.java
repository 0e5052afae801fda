package org.loopsub.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The engine's main sources, for tests that read them: loopsub-core's and loopsub-gl's, found from
 * the module folder Surefire runs in (tessellator/core or tessellator/gl, siblings).
 */
public final class EngineSources {
    private EngineSources() {
    }

    /** @return loopsub-core's source root */
    public static Path core() {
        return root("core");
    }

    /** @return loopsub-gl's source root */
    public static Path gl() {
        return root("gl");
    }

    /** @return both source roots, core first */
    public static List<Path> all() {
        return List.of(core(), gl());
    }

    private static Path root(String module) {
        Path p = Path.of("..", module, "src", "main", "java");
        assertTrue(Files.isDirectory(p), "run from a module folder under tessellator/ (Surefire does): "
                + p.toAbsolutePath());
        return p;
    }
}
