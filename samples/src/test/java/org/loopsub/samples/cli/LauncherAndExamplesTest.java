package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopsub.corpus.TestMeshes;

/**
 * Issue: the help's examples named {@code bunny.obj}, which does not ship, the README's command
 * reference lacked {@code --uv} and the demo's {@code --max-triangles}, and the launcher installed
 * into {@code ~/.m2} without saying so.
 */
class LauncherAndExamplesTest {
    @TempDir
    Path dir;

    private static Path repository() {
        return TestMeshes.dir().getParent().getParent();
    }

    /** Every input an example names is a shipped sample or a file of the repository. */
    @Test
    void theHelpExamplesNameInputsThatExist() {
        for (String command : new String[] {"subdivide", "demo", "info", "bench", "verify"}) {
            String help = Cli.run(command, "--help").out().replaceAll("\\\\\\R\\s*", " ");
            int examples = 0;
            for (String line : help.split("\n")) {
                String[] words = line.trim().split("\\s+");
                if (words.length < 2 || !words[0].equals("loopsub")) {
                    continue;
                }
                examples++;
                for (int i = 2; i < words.length; i++) {
                    String w = words[i];
                    boolean value = words[i - 1].startsWith("-");
                    if (!w.startsWith("-") && !value) {
                        assertTrue(Files.isRegularFile(repository().resolve(w)), () -> command + " example names "
                                + w + ", which does not ship: " + line);
                    }
                    if (words[i - 1].equals("--sample")) {
                        assertTrue(Samples.all().containsKey(w), line);
                    }
                }
            }
            assertTrue(examples > 0 || command.equals("info"), command);
        }
    }

    @Test
    void theReadmeNamesTheOptions() throws Exception {
        String readme = Files.readString(repository().resolve("README.md"), StandardCharsets.UTF_8);
        String reference = readme.substring(readme.indexOf("## Command line"), readme.indexOf("### glTF output"));
        String subdivide = reference.substring(0, reference.indexOf("loopsub bench"));
        String demo = reference.substring(reference.indexOf("loopsub demo"));
        for (String option : new String[] {"--uv linear|smooth", "--max-triangles N", "--limit", "--weld"}) {
            assertTrue(subdivide.contains(option), "subdivide " + option);
        }
        for (String option : new String[] {"--uv linear|smooth", "--max-triangles N", "--cull"}) {
            assertTrue(demo.contains(option), "demo " + option);
        }
    }

    /** The launcher, copied where it has no jar, with stand-ins for mvn and java. */
    @Test
    void theLauncherSaysItInstallsIntoTheLocalRepository() throws Exception {
        Path script = repository().resolve("loopsub");
        Assumptions.assumeTrue(Files.isRegularFile(script) && Files.isExecutable(Path.of("/bin/bash")), "no bash");
        Path root = Files.createDirectory(dir.resolve("root"));
        Path launcher = Files.copy(script, root.resolve("loopsub"));
        Path bin = Files.createDirectory(dir.resolve("bin"));
        for (String tool : new String[] {"mvn", "java"}) {
            Path stub = Files.writeString(bin.resolve(tool), "#!/bin/sh\nexit 0\n");
            Files.setPosixFilePermissions(stub, PosixFilePermissions.fromString("rwxr-xr-x"));
        }

        List<String> built = stderr(launcher, bin);
        assertEquals(1, built.size(), built::toString);
        assertTrue(built.get(0).startsWith("building loopsub (first use)"), built::toString);
        assertTrue(built.get(0).contains("~/.m2"), built::toString);

        // with a jar newer than every source there is nothing to build, and nothing to say
        Path jar = root.resolve("samples/target/loopsub.jar");
        Files.createDirectories(jar.getParent());
        Files.writeString(jar, "");
        assertEquals(List.of(), stderr(launcher, bin));
    }

    private static List<String> stderr(Path launcher, Path bin) throws Exception {
        List<String> command = new ArrayList<>(List.of("/bin/bash", launcher.toString(), "--version"));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("PATH", bin + java.io.File.pathSeparator + System.getenv("PATH"));
        Process p = pb.start();
        try {
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ended");
            assertEquals(0, p.exitValue(), err);
            return err.lines().toList();
        } finally {
            p.destroyForcibly();
        }
    }
}
