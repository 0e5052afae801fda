package org.loopsub;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The engine's packages depend on each other as docs/architecture.md draws them, one way only: API
 * → facades ({@code engine}) → {Java level loop ({@code stream}), GL level loop ({@code glstream})}
 * → {rules, GL plumbing}. Read from the import lines of the main sources. (OBJ reading and writing is
 * a module of its own, loopsub-obj, which the engine does not import.)
 */
class PackageLayersTest {
    /** What each package may import from the project (besides itself); {@code api} is plugin-api. */
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "rules", Set.of("api"),
            "parallel", Set.of(),
            "gl", Set.of("api"),
            "mesh", Set.of("api", "parallel"),
            "stream", Set.of("api", "rules", "mesh", "parallel"),
            "glstream", Set.of("api", "rules", "stream", "gl"),
            "prepare", Set.of("api", "mesh", "stream"),
            "engine", Set.of("api", "rules", "mesh", "parallel", "stream", "glstream", "gl", "prepare"));

    private static final Pattern IMPORT = Pattern.compile(
            "^import\\s+(?:static\\s+)?org\\.loopsub\\.([a-z]+)\\.", Pattern.MULTILINE);

    @Test
    void packagesImportOnlyTheLayersBelowThem() throws IOException {
        Path root = Path.of("src/main/java/org/loopsub");
        assertTrue(Files.isDirectory(root), "run from the tessellator module's folder (Surefire does)");
        List<String> offenders = new ArrayList<>();
        List<String> packages = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                String pkg = dir.getFileName().toString();
                packages.add(pkg);
                Set<String> allowed = ALLOWED.get(pkg);
                if (allowed == null) {
                    offenders.add(pkg + ": a package the layer map does not know (add it to docs/architecture.md and here)");
                    continue;
                }
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                        Matcher m = IMPORT.matcher(Files.readString(f, StandardCharsets.UTF_8));
                        while (m.find()) {
                            String used = m.group(1);
                            if (!used.equals(pkg) && !allowed.contains(used)) {
                                offenders.add(pkg + "/" + f.getFileName() + " imports org.loopsub." + used);
                            }
                        }
                    }
                }
            }
        }
        assertTrue(packages.containsAll(ALLOWED.keySet()), "every package of the map exists: " + packages);
        assertTrue(offenders.isEmpty(), "imports against the layers: " + offenders);
    }
}
