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
import org.loopsub.testing.EngineSources;

/**
 * The engine's packages depend on each other as docs/architecture.md draws them, one way only: API
 * → facades ({@code glengine} over {@code engine}) → {Java level loop ({@code stream}), GL level loop
 * ({@code glstream})} → {rules, GL plumbing}. Read from the import lines of the main sources. (OBJ
 * reading and writing is a module of its own, loopsub-obj, which the engine does not import.) The
 * packages lie in two modules, each package in one: loopsub-core (no GL) and loopsub-gl.
 */
class PackageLayersTest {
    /** What each package may import from the project (besides itself); {@code api} is plugin-api. */
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "rules", Set.of("api"),
            "parallel", Set.of(),
            "gl", Set.of("api"),
            "mesh", Set.of("api", "parallel"),
            "stream", Set.of("api", "rules", "mesh", "parallel"),
            "glstream", Set.of("api", "rules", "stream", "gl", "parallel"),
            "prepare", Set.of("api", "mesh", "stream"),
            "engine", Set.of("api", "rules", "mesh", "parallel", "stream", "prepare"),
            "glengine", Set.of("api", "engine", "rules", "parallel", "stream", "glstream", "gl", "prepare"));

    private static final Pattern IMPORT = Pattern.compile(
            "^import\\s+(?:static\\s+)?org\\.loopsub\\.([a-z]+)\\.", Pattern.MULTILINE);

    @Test
    void packagesImportOnlyTheLayersBelowThem() throws IOException {
        List<String> offenders = new ArrayList<>();
        Set<String> packages = new java.util.TreeSet<>();
        for (Path source : EngineSources.all()) {
            Path root = source.resolve("org/loopsub");
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
        }
        assertTrue(packages.containsAll(ALLOWED.keySet()), "every package of the map exists: " + packages);
        assertTrue(offenders.isEmpty(), "imports against the layers: " + offenders);
    }

    @Test
    void theCoreModuleKnowsNoGl() throws IOException {
        // loopsub-core runs where there is no GL at all: no LWJGL, none of the GL back end's packages
        Pattern gl = Pattern.compile("^import\\s+(?:static\\s+)?(org\\.lwjgl\\.|org\\.loopsub\\.gl\\.|org\\.loopsub\\.glstream\\.|org\\.loopsub\\.glengine\\.)",
                Pattern.MULTILINE);
        List<String> offenders = new ArrayList<>();
        int files = 0;
        try (Stream<Path> all = Files.walk(EngineSources.core())) {
            for (Path f : all.filter(p -> p.toString().endsWith(".java")).toList()) {
                files++;
                Matcher m = gl.matcher(Files.readString(f, StandardCharsets.UTF_8));
                if (m.find()) {
                    offenders.add(f.getFileName() + " imports " + m.group(1));
                }
            }
        }
        assertTrue(files > 20, "core's sources found: " + files);
        assertTrue(offenders.isEmpty(), "loopsub-core imports GL: " + offenders);
    }
}
