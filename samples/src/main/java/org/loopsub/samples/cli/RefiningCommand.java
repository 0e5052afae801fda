package org.loopsub.samples.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Scheme;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.Welding;

/**
 * The steps that {@code subdivide}, {@code bench} and {@code verify} share on the way from the
 * command line to a refinement: turning the options into {@link RefineOptions}, reading the input and
 * warning about it, refusing a uniform run that cannot fit, and opening the back end. Written once so
 * that the three refuse the same inputs in the same words.
 */
abstract class RefiningCommand extends Subcommand {
    RefiningCommand() {
        super("starting");
    }

    /** @return whether {@code --quiet} was given: no warnings (nor the auto back end's choice) on stderr */
    abstract boolean quiet();

    /**
     * Checks the refinement options in the order every refining command reports them: the
     * combination of {@code --levels} and the adaptive options first, then {@code --threads}.
     *
     * @param adaptive the command's adaptive options
     * @param levels the command's {@code --levels}, or {@code null} if not on the command line
     * @param defaultLevels the levels without {@code --levels} and {@code --adaptive}, or {@code null}
     *     if the command needs one of them
     * @param scheme the vertex weights
     * @param threads the command's {@code --threads}
     * @return what to ask the tessellator for
     * @throws picocli.CommandLine.ParameterException for a wrong value or combination (exit 2)
     */
    static RefineOptions resolve(AdaptiveOptions adaptive, Integer levels, Integer defaultLevels, Scheme scheme,
                                 ThreadsOption threads) {
        RefineOptions options = adaptive.resolve(levels, defaultLevels);
        int parallelism = threads.checked();
        return options.withScheme(scheme).withParallelism(parallelism);
    }

    /**
     * Reads the input named on the command line and prints the reader's warnings.
     *
     * @param file the positional input, or {@code null}
     * @param sample the {@code --sample} name, or {@code null}
     * @return the mesh as read (neither welded nor validated)
     * @see InputMesh#load
     */
    InputMesh readInput(Path file, String sample) {
        activity = "reading the input";
        InputMesh in = InputMesh.load(spec.commandLine(), file, sample);
        warn(in.name(), in.warnings());
        return in;
    }

    /**
     * Opens the back end asked for, saying on stderr (unless quiet) what {@code auto} chose.
     *
     * @param backend the command's back-end options, already checked
     * @return the back end, to be closed by the caller on this thread
     * @see BackendOptions#open
     */
    Backend openBackend(BackendOptions backend) {
        return openBackend(backend, null);
    }

    /**
     * {@link #openBackend(BackendOptions)} for an input that {@code auto} must give the Java back end.
     *
     * @param javaOnlyReason why ({@link InputMesh#javaOnlyReason()}), or null
     */
    Backend openBackend(BackendOptions backend, String javaOnlyReason) {
        activity = "opening the back end";
        return backend.open(err(), quiet(), javaOnlyReason);
    }

    /** Prints a note on stderr, naming nothing more than it says; nothing if quiet. */
    void note(String text) {
        if (!quiet()) {
            err().println("loopsub: " + text);
            err().flush();
        }
    }

    /**
     * Prints warnings on stderr, one line each, naming the input; nothing if quiet.
     *
     * @param name the input's name
     * @param warnings the warnings
     */
    void warn(String name, List<String> warnings) {
        if (quiet()) {
            return;
        }
        PrintWriter err = err();
        for (String w : warnings) {
            err.println("loopsub: " + name + ": warning: " + Problems.withoutSource(name, w));
        }
        err.flush();
    }

    /**
     * How much an adaptive run makes is known only once it has run; a uniform one that cannot fit is
     * refused before any work.
     *
     * @param in the input
     * @param options the refinement
     * @throws CliFailure (exit 5) as {@link #checkSize} does
     */
    static void checkFits(InputMesh in, RefineOptions options) {
        if (!options.isAdaptive()) {
            checkSize(in, options);
        }
    }

    /**
     * @param in the input
     * @param options a uniform refinement of it
     * @return the number of output triangles
     * @throws CliFailure (exit 5) as {@link #checkSize(String, long, int, TriangleCost, long)} does,
     *     for this JVM's heap
     */
    static long checkSize(InputMesh in, RefineOptions options) {
        TriangleMesh mesh = in.obj().mesh();
        return checkSize(in.name(), mesh.triangleCount(), options.levels(),
                TriangleCost.of(options.limitSurface(), mesh.hasUvs()), Runtime.getRuntime().maxMemory());
    }

    /**
     * The engine hands the output over as one float array, so a Java array's size bounds the output;
     * say so now rather than after minutes of work. The levels advised instead fit the heap as well:
     * advice that only minded the array sent the user to a level that then ran out of memory.
     *
     * @param cost what one output triangle takes
     * @param maxHeap the heap the run may use, in bytes
     * @return the number of output triangles
     */
    static long checkSize(String name, long inputTriangles, int levels, TriangleCost cost, long maxHeap) {
        long limit = (Integer.MAX_VALUE - 8) / cost.floats();
        long triangles = uniformTriangles(inputTriangles, levels);
        if (triangles > limit) {
            int fits = 0;
            while (fits < levels && uniformTriangles(inputTriangles, fits + 1) <= limit) {
                fits++;
            }
            int arrayFits = fits;
            while (fits > 0 && cost.heap(uniformTriangles(inputTriangles, fits)) > maxHeap) {
                fits--;
            }
            String heap = fits == arrayFits ? "" : " (level " + (fits + 1) + " would need about "
                    + Units.bytes(cost.heap(uniformTriangles(inputTriangles, fits + 1))) + " of heap, more than the "
                    + Units.bytes(maxHeap) + " this JVM may use: JAVA_OPTS=-Xmx... gives it more)";
            throw new CliFailure(ExitCodes.RESOURCE, name + ": level " + levels + " would make "
                    + Units.count(triangles) + " triangles, more than the " + Units.count(limit)
                    + " one run can hold; use --levels " + fits + " or fewer" + heap);
        }
        return triangles;
    }

    /**
     * What one triangle of a uniform run's output costs.
     *
     * @param floats its floats in the array the engine hands the output over in: three corners of
     *     a position, with the limit surface a normal too, with uvs a uv too
     * @param heapBytes heap per output triangle at the run's peak (the engine's output, the welded
     *     mesh and its normals are alive together): the least -Xmx that let {@code subdivide} write
     *     OBJ with the Java back end (G1; bigguy and the cylinder, 0.66M to 47.5M triangles; the GL
     *     back end's host side needs about as much) was about 105 bytes, 185 with the limit surface,
     *     235 with uvs and 360 with both; a fifth more here, so that a level said to fit does
     */
    record TriangleCost(int floats, long heapBytes) {
        static TriangleCost of(boolean limitSurface, boolean uvs) {
            int floats = 3 * ((limitSurface ? 6 : 3) + (uvs ? 2 : 0));
            long heapBytes = limitSurface ? (uvs ? 430 : 220) : (uvs ? 280 : 125);
            return new TriangleCost(floats, heapBytes);
        }

        /** @return the heap a run of that many output triangles needs, in bytes (saturated) */
        long heap(long triangles) {
            return triangles > Long.MAX_VALUE / heapBytes ? Long.MAX_VALUE : triangles * heapBytes;
        }
    }

    /** @return {@code triangles * 4^levels}, or {@code Long.MAX_VALUE} if that overflows */
    static long uniformTriangles(long triangles, int levels) {
        long n = triangles;
        for (int i = 0; i < levels; i++) {
            if (n > Long.MAX_VALUE / 4) {
                return Long.MAX_VALUE;
            }
            n *= 4;
        }
        return n;
    }

    /**
     * @param in the input refined
     * @param result its refinement
     * @param welding the weld the refinement applied
     * @return what the user should hear about it: merged input vertices, then the engine's warnings,
     *     faces and vertices named as the file names them
     */
    static List<String> resultWarnings(InputMesh in, RefineResult result, Welding welding) {
        List<String> warnings = new ArrayList<>();
        int merged = result.inputVerticesMerged();
        if (merged > 0) {
            warnings.add(merged + " input vert" + (merged > 1 ? "ices" : "ex")
                    + " shared an exact position with an earlier vertex and " + (merged > 1 ? "were" : "was")
                    + " merged into it");
        }
        warnings.addAll(in.named(result.warnings(), welding));
        return warnings;
    }

    /**
     * Refines with a Java tessellator of its own: the reference the GL back end is compared with, or
     * the source of warnings that the GL path does not produce.
     *
     * @param mesh the input
     * @param options the refinement
     * @return the result
     */
    static RefineResult refineWithJava(TriangleMesh mesh, RefineOptions options) {
        try (Tessellator java = Tessellators.create("java")) {
            return java.refine(mesh, options);
        }
    }
}
