package org.loopsub.samples.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The demo is built on plugin-api's GPU interface alone, as an outside renderer would be: none of its
 * sources imports the engine's packages.
 */
class DemoLayeringTest {
    private static final Pattern ENGINE = Pattern.compile(
            "^import\\s+(static\\s+)?org\\.loopsub\\.(engine|glengine|gl|glstream|stream|prepare|mesh|rules|obj|parallel)\\..*$", Pattern.MULTILINE);

    @Test
    void importsNoEnginePackage() throws IOException {
        // surefire runs in the module's folder
        Path sources = Path.of("src/main/java/org/loopsub/samples/demo");
        Assumptions.assumeTrue(Files.isDirectory(sources), "sources not at hand");
        List<String> offenders = new ArrayList<>();
        int files = 0;
        try (Stream<Path> s = Files.list(sources)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".java")).toList()) {
                files++;
                Matcher m = ENGINE.matcher(Files.readString(f, StandardCharsets.UTF_8));
                while (m.find()) {
                    offenders.add(f.getFileName() + ": " + m.group());
                }
            }
        }
        assertTrue(files > 5, "found the demo's sources");
        assertTrue(offenders.isEmpty(), "engine imports in the demo: " + offenders);
    }
}
