package org.loopsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GlUnavailableException;

/**
 * The library on the module path, as a modular program uses it: a client module that requires
 * {@code org.loopsub.api} and {@code org.loopsub.obj} alone is compiled against the modules' own
 * descriptors and run with {@code java --module-path ... -m}. The back ends come in through
 * {@code uses}/{@code provides} (no {@code --add-modules} for them), the shaders are read across
 * modules, and the engine's packages stay hidden from the client. The other tests run on the class
 * path, where module boundaries do not exist; this one would fail on a split package, a missing
 * {@code requires}, {@code provides} or {@code opens}, or an export that leaks.
 */
class ModulePathTest {
    /** The modules of the library and of what it requires, found on the test class path. */
    private static final Set<String> LIBRARY = Set.of("org.loopsub.api", "org.loopsub.core", "org.loopsub.gl",
            "org.loopsub.obj", "org.loopsub.shaders", "org.joml", "obj", "org.lwjgl", "org.lwjgl.opengl",
            "org.lwjgl.egl", "org.lwjgl.natives", "org.lwjgl.opengl.natives");

    /** Nothing requires LWJGL's natives modules, LWJGL's own modules included: a program adds them. */
    private static final String NATIVES = "org.lwjgl.natives,org.lwjgl.opengl.natives";

    private static final String CLIENT_MODULE = """
            module org.loopsub.client {
                requires org.loopsub.api;
                requires org.loopsub.obj;
            }
            """;

    private static final String CLIENT_MAIN = """
            package org.loopsub.client;

            import java.lang.module.ModuleDescriptor;
            import java.nio.file.Path;
            import org.loopsub.api.RefineOptions;
            import org.loopsub.api.RefineResult;
            import org.loopsub.api.Tessellator;
            import org.loopsub.api.Tessellators;
            import org.loopsub.api.TriangleMesh;
            import org.loopsub.api.gpu.GpuFrame;
            import org.loopsub.api.gpu.GpuMesh;
            import org.loopsub.api.gpu.GpuTessellator;
            import org.loopsub.api.gpu.GpuTessellators;
            import org.loopsub.obj.ObjReader;

            /** args: java|gl|gpu, an OBJ file, uniform levels; prints what it found, one fact a line. */
            public final class Main {
                public static void main(String[] args) throws Exception {
                    System.out.println("api in " + Tessellators.class.getModule().getName());
                    System.out.println("providers " + Tessellators.providers().stream()
                            .map(p -> p.name() + "@" + p.getClass().getModule().getName()).sorted().toList());
                    System.out.println("gpu providers " + GpuTessellators.providers().stream()
                            .map(p -> p.name() + "@" + p.getClass().getModule().getName()).sorted().toList());
                    for (String name : new String[] {"org.loopsub.core", "org.loopsub.gl"}) {
                        ModuleDescriptor d = ModuleLayer.boot().findModule(name).orElseThrow().getDescriptor();
                        System.out.println("exported by " + name + " " + d.exports().stream()
                                .filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source).sorted().toList());
                    }
                    try {
                        Class.forName("org.loopsub.engine.JavaTessellator").getConstructor().newInstance();
                        System.out.println("engine reachable");
                    } catch (IllegalAccessException e) {
                        System.out.println("engine hidden");
                    }
                    TriangleMesh mesh = ObjReader.read(Path.of(args[1])).mesh();
                    int levels = Integer.parseInt(args[2]);
                    System.out.println("input " + mesh.triangleCount());
                    if (args[0].equals("gpu")) {
                        try (AutoCloseable context = GpuTessellators.createHeadlessContext("gl");
                             GpuTessellator t = GpuTessellators.createForCurrentContext("gl");
                             GpuMesh m = t.prepare(mesh)) {
                            GpuFrame f = m.refine(RefineOptions.uniform(levels));
                            System.out.println("output " + f.triangleCount());
                        }
                    } else {
                        try (Tessellator t = Tessellators.create(args[0])) {
                            RefineResult r = t.refine(mesh, RefineOptions.uniform(levels));
                            System.out.println("output " + r.mesh().triangleCount() + " from " + r.backend());
                        }
                    }
                }
            }
            """;

    private static final String MESH = "icosahedron.obj";
    private static final int LEVELS = 2;

    private static List<Path> library;
    private static Path client;

    @BeforeAll
    static void compileTheClient(@TempDir Path dir) throws IOException {
        library = libraryModules();
        Path src = dir.resolve("src");
        Files.createDirectories(src.resolve("org/loopsub/client"));
        Files.writeString(src.resolve("module-info.java"), CLIENT_MODULE);
        Files.writeString(src.resolve("org/loopsub/client/Main.java"), CLIENT_MAIN);
        client = dir.resolve("client");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter diagnostics = new StringWriter();
        boolean ok = javac.getTask(diagnostics, null, null, List.of("--release", "17",
                        "--module-path", path(library), "-d", client.toString()), null,
                javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(
                        src.resolve("module-info.java"), src.resolve("org/loopsub/client/Main.java")))
                .call();
        assertTrue(ok, "the client compiles against the modules' descriptors: " + diagnostics);
    }

    @Test
    void theJavaBackEndRefinesThroughTheApiAlone() throws Exception {
        Map<String, String> out = run("java", List.of());
        assertEquals("org.loopsub.api", out.get("api in"));
        // both back ends bound as services: the client names neither, nor does the command line
        assertEquals("[gl@org.loopsub.gl, java@org.loopsub.core]", out.get("providers"));
        assertEquals("[gl@org.loopsub.gl]", out.get("gpu providers"));
        assertEquals("[]", out.get("exported by org.loopsub.core"));
        assertEquals("[]", out.get("exported by org.loopsub.gl"));
        assertTrue(out.containsKey("engine hidden"), out.toString());
        int input = Integer.parseInt(out.get("input"));
        assertEquals(TestMeshes.load(MESH).triangleCount(), input);
        assertEquals((input << (2 * LEVELS)) + " from java", out.get("output"));
    }

    @Tag("gl")
    @Test
    void theGlBackEndReadsItsShadersAcrossModules() throws Exception {
        requireGl();
        int input = TestMeshes.load(MESH).triangleCount();
        // the CPU-array interface through GL, then a renderer's GPU mesh: both compile the shaders
        // of org.loopsub.shaders from org.loopsub.gl
        assertEquals((input << (2 * LEVELS)) + " from gl", run("gl", List.of("--add-modules", NATIVES)).get("output"));
        assertEquals(String.valueOf(input << (2 * LEVELS)), run("gpu", List.of("--add-modules", NATIVES)).get("output"));
    }

    /** As GlTestBase: without a GL context the test fails in CI (llvmpipe is promised there) and is skipped elsewhere. */
    private static void requireGl() {
        try {
            GlContext.createHeadless().close();
        } catch (GlUnavailableException e) {
            if (System.getenv("CI") != null) {
                throw e;
            }
            Assumptions.abort("skipped, no OpenGL 4.3 context on this machine: " + e.getMessage());
        }
    }

    /** Runs the client in a JVM of its own; its lines by the fact each starts with, the rest of the line as value. */
    private static Map<String, String> run(String backend, List<String> options) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        // LWJGL binds its natives from org.lwjgl; newer JDKs warn about the unsafe memory access it also does
        command.add("--enable-native-access=org.lwjgl");
        if (Runtime.version().feature() >= 23) {
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        // the build's own folder for linked programs, as the other GL tests have (not the user's cache)
        String programs = System.getProperty("loopsub.gl.programCache");
        if (programs != null) {
            command.add("-Dloopsub.gl.programCache=" + programs);
        }
        command.addAll(options);
        List<Path> modulePath = new ArrayList<>(List.of(client));
        modulePath.addAll(library);
        command.addAll(List.of("--module-path", path(modulePath), "-m", "org.loopsub.client/org.loopsub.client.Main",
                backend, TestMeshes.dir().resolve(MESH).toString(), String.valueOf(LEVELS)));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "the client finishes");
        assertEquals(0, p.exitValue(), () -> String.join(" ", command) + "\n" + text);
        Map<String, String> lines = new LinkedHashMap<>();
        for (String line : text.split("\\R")) {
            for (String key : List.of("api in", "providers", "gpu providers", "exported by org.loopsub.core",
                    "exported by org.loopsub.gl", "engine hidden", "engine reachable", "input", "output")) {
                if (line.equals(key)) {
                    lines.put(key, "");
                } else if (line.startsWith(key + " ")) {
                    lines.putIfAbsent(key, line.substring(key.length() + 1));
                }
            }
        }
        return lines;
    }

    /**
     * The library's modules and their dependencies, as Maven resolved them for this module's tests:
     * the entries of the test class path whose module (by descriptor, or by file name for an
     * automatic one) is one of {@link #LIBRARY}: exploded target/classes folders in a build that
     * stops before {@code package}, jars after it.
     */
    private static List<Path> libraryModules() {
        Map<String, Path> found = new LinkedHashMap<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry);
            boolean candidate = Files.isDirectory(p) ? Files.isRegularFile(p.resolve("module-info.class"))
                    : entry.endsWith(".jar") && Files.isRegularFile(p);
            if (!candidate) {
                continue;
            }
            try {
                for (ModuleReference m : ModuleFinder.of(p).findAll()) {
                    if (LIBRARY.contains(m.descriptor().name())) {
                        found.putIfAbsent(m.descriptor().name(), p);
                    }
                }
            } catch (FindException e) {
                // not a module the JDK can read (nor one of the library's)
            }
        }
        assertEquals(LIBRARY, found.keySet().stream().collect(Collectors.toSet()),
                "the library's modules on the test class path: " + found);
        return List.copyOf(found.values());
    }

    private static String path(List<Path> entries) {
        return entries.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }
}
