package org.loopsub.samples.cli;

import java.nio.file.Path;
import java.util.List;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.LevelStats;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Scheme;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.TriangleMesh;
import org.loopsub.mesh.FarPositions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/**
 * {@code loopsub subdivide}: reads an OBJ mesh (or a built-in sample), refines it by Loop
 * subdivision, uniformly or adaptively, and writes the welded result with per-vertex normals, as OBJ
 * or, by the output's extension, glTF 2.0 ({@link OutputFormat}). The output file appears whole
 * or not at all; an invalid input leaves no output behind.
 */
@Command(name = "subdivide",
        customSynopsis = "loopsub subdivide (<in.obj> | --sample <name>) -o <out.obj> [OPTIONS]",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Refine a mesh by Loop subdivision: OBJ in; OBJ, or glTF 2.0 for an output named .glb or .gltf, out.",
            "",
            "Uniform refinement (--levels) splits every triangle at every level. Adaptive refinement "
                    + "(--adaptive) stops splitting an edge once every stop criterion given says it is "
                    + "fine, and closes the T-junctions between levels with sliver triangles; the result "
                    + "has no cracks.",
            "",
            "Writes the refined mesh with vertices welded by exact position: 'v' lines, 'vt' lines "
                    + "if the input has texture coordinates (every face gives a vt index at every corner; "
                    + "refined by --uv, seams kept), 'vn' lines (per-vertex normals), then faces as "
                    + "'f v//vn' ('f a//a b//b c//c'), or 'f v/vt/vn' with texture coordinates. The input "
                    + "is welded by exact position (unless --weld none) and checked first; an invalid mesh is refused with a "
                    + "message naming the first offending face, vertex or line, and no output is written. "
                    + "The output file is written to a temporary file beside it and renamed over it: it is "
                    + "never left half-written. A symbolic link is written through (the file it points to "
                    + "is replaced, the link stays); a FIFO or device is refused, before any work, except "
                    + "/dev/null, which is written where it is. If what reads stdout (-o -) stops reading "
                    + "(| head), the command ends quietly with exit 0.",
            "",
            "An output named *.glb is binary glTF 2.0, one named *.gltf glTF JSON with its buffer "
                    + "embedded (one file either way): the same welded vertices and triangles, as unsigned "
                    + "int indices, positions, normals and, if the mesh has uvs, TEXCOORD_0 with v flipped "
                    + "(1 - v: glTF's texture origin is the top left); a vertex on a uv seam is repeated once "
                    + "per uv. Any other name is written as OBJ.",
            "",
            "The back end (--backend) is the GPU's (OpenGL compute shaders) or the pure-Java one; both "
                    + "write the same bytes. With the default, auto, the GPU is used if a hardware OpenGL 4.3 "
                    + "renderer can be reached headless, and a line on stderr says which back end was "
                    + "chosen and why.",
            "",
            "Progress goes to stderr once a run has taken more than a second (one line per level, with "
                    + "the triangles of the mesh down to that level); so do warnings (merged or dropped "
                    + "vertices, ignored crease tags) and, with --max-triangles, what the budget chose."},
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", ExitCodes.HELP_SOFTWARE, ExitCodes.HELP_USAGE_GL, ExitCodes.HELP_INPUT,
            ExitCodes.HELP_OUTPUT, ExitCodes.HELP_RESOURCE_GL},
        footerHeading = "%nSamples (--sample <name>):%n",
        footer = {
            "  bigguy       " + Samples.BIGGUY,
            "  cylinder     " + Samples.CYLINDER,
            "  icosahedron  " + Samples.ICOSAHEDRON,
            "  rook         " + Samples.ROOK,
            "",
            "Examples:",
            "  loopsub subdivide testdata/meshes/bunny_npm.obj -o bunny3.obj --levels 3 \\",
            "      --stats",
            "  loopsub subdivide --sample bigguy -o bigguy3.obj --levels 3 --backend gl",
            "  loopsub subdivide --sample bigguy -o bigguy3.glb --levels 3",
            "  loopsub subdivide --sample bigguy -o bigguy5.obj -l 5",
            "  loopsub subdivide --sample bigguy -o fit.obj -l 8 --max-triangles 1000000",
            "  loopsub subdivide --sample bigguy -o /dev/null -l 5 --stats",
            "  loopsub subdivide --sample cylinder -o cylinder3.obj -l 3 --uv smooth",
            "  loopsub subdivide --sample bigguy -o fine.obj --adaptive --max-edge 0.2 \\",
            "      --flatness 0.01 --stats",
            "  loopsub subdivide --sample bigguy -o view.obj --adaptive --max-depth 7 \\",
            "      --screen-px 4 --eye 0,2,40 --target 0,1,0 --viewport 1280x720"})
final class SubdivideCommand extends RefiningCommand {
    @Parameters(index = "0", arity = "0..1", paramLabel = "<in.obj>", converter = PathArgument.Converter.class,
            description = "Input OBJ file, or - for stdin (v, vt and f lines; polygons are "
                    + "fan-triangulated; vn is ignored: normals are computed). Give either this or --sample.")
    Path input;

    @Option(names = "--sample", paramLabel = "<name>", completionCandidates = Names.SampleNames.class,
            description = "Use a mesh built into loopsub instead of a file: ${COMPLETION-CANDIDATES} "
                    + "(see Samples below).")
    String sample;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "<out.obj>",
            converter = OutputTarget.PathConverter.class,
            description = "Output file (required): OBJ, or glTF 2.0 if it ends in .glb (binary) or .gltf "
                    + "(JSON, buffer embedded), or - for stdout (OBJ); another extension (.stl, ...) gets "
                    + "OBJ with a warning. Replaced if it exists (through a "
                    + "symbolic link); its directory must exist.")
    Path output;

    @Option(names = {"-l", "--levels"}, paramLabel = "<N>", defaultValue = "1",
            description = "Uniform subdivision levels, 0 to " + RefineOptions.MAX_LEVELS
                    + "; each level multiplies the triangle count by 4. Not with --adaptive. "
                    + "Default: ${DEFAULT-VALUE}.")
    int levels;

    @Mixin
    AdaptiveOptions adaptive;

    @Option(names = "--scheme", paramLabel = "<scheme>", defaultValue = "loop",
            converter = Names.SchemeConverter.class, completionCandidates = Names.SchemeNames.class,
            description = "Vertex weights: loop (Loop 1987, what other Loop implementations output) or "
                    + "warren (Warren's simpler 3/(8n)). Default: ${DEFAULT-VALUE}.")
    Scheme scheme;

    @Mixin
    ThreadsOption threads;

    @Mixin
    BackendOptions backend;

    @Option(names = "--conforming",
            description = "With --adaptive: write no zero-area faces. Instead of a sliver closing each "
                    + "T-junction between levels, the finished triangle beside it is cut at the new point "
                    + "(a fan, or around a vertex at its centroid where two or three of its edges are cut); "
                    + "the output stays closed and welded. For mesh tools that flag degenerate faces "
                    + "(printing, simulation, remeshing); a renderer does not need it. Default: off.")
    boolean conforming;

    @Option(names = "--stats",
            description = "Print a table of what each level did (active, finished, slivers, split, ms) "
                    + "and totals (output vertices and triangles, with --adaptive the slivers and their "
                    + "share of the triangles, time, triangles/s) on stdout (on stderr with -o -). A level "
                    + "whose ms is 0.0 ran no passes of its own: its triangles were made in the same sweep "
                    + "as the level above (the last levels are split together), whose ms includes them. "
                    + "Default: off.")
    boolean stats;

    @Option(names = {"-q", "--quiet"},
            description = "Print neither progress, nor warnings, nor the auto back end's choice, nor what "
                    + "--max-triangles chose on stderr; errors are still printed. Default: off.")
    boolean quiet;

    @Override
    int run() {
        RefineOptions asked = checkOptions();
        Progress progress = new Progress(err(), !quiet);

        InputMesh in = readInput(input, sample);
        AdaptiveOptions.checkDisplaceable(asked, in);
        OutputTarget target = OutputTarget.check(output, true);
        if (!backend.javaOnly()) {
            in.requireValid(asked.welding());
        }
        int inputTriangles = in.obj().mesh().triangleCount();
        AdaptiveOptions.checkBudgetFits(asked.triangleBudget(), inputTriangles,
                m -> new ParameterException(spec.commandLine(), m));
        // a uniform refinement within a budget takes the levels that fit (and is sized for them)
        RefineOptions options = asked.isAdaptive() ? asked : asked.withLevels(asked.levelsWithinBudget(inputTriangles));
        if (asked.triangleBudget() > 0 && !options.isAdaptive()) {
            note(uniformBudgetNote(asked.triangleBudget(), inputTriangles, asked.levels(), options.levels()));
        }
        String refining;
        if (options.isAdaptive()) {
            // how much an adaptive run makes is known only once it has run
            refining = "subdividing " + in.name() + " adaptively to depth " + options.levels();
        } else {
            long expected = checkSize(in, options);
            refining = "subdividing " + in.name() + " to level " + options.levels() + " (" + Units.count(expected)
                    + " triangles)";
        }
        long refineNanos;
        RefineResult result;
        try (Backend b = openBackend(backend, in.javaOnlyReason())) {
            activity = refining;
            long t0 = System.nanoTime();
            Tessellator tessellator = b.tessellator();
            TriangleMesh mesh = b.isGl() ? in.glMesh(this::note) : in.obj().mesh();
            result = b.isGl() ? Backend.unsupportedIsUsage(() -> tessellator.refine(mesh, options, progress))
                    : tessellator.refine(mesh, options, progress);
            // before the context is destroyed: that is not refinement
            refineNanos = System.nanoTime() - t0;
        } catch (InvalidMeshException e) {
            throw in.refused(e, options.welding());
        }
        if (asked.triangleBudget() > 0 && options.isAdaptive()) {
            note(adaptiveBudgetNote(options, progress.refinements(), result));
        }
        warn(in.name(), resultWarnings(in, result, options.welding()));
        // here and not in the engine: it is a sweep over the whole output, which bench should not time
        String far = quiet ? null : FarPositions.warning(result.mesh());
        if (far != null) {
            warn(in.name(), java.util.List.of(far));
        }

        String format = target.isStdout() ? null : OutputFormat.extensionWarning(output);
        if (format != null) {
            warn(target.name(), java.util.List.of(format));
        }
        activity = "writing " + target.name();
        progress.step("writing " + target.name());
        OutputFormat.of(output).write(target, out(), result);
        if (stats) {
            // stdout may be the mesh itself
            StatsTable.print(target.isStdout() ? err() : out(), result, options.isAdaptive(), options.conforming(), refineNanos,
                    progress.elapsedNanos());
        }
        return ExitCodes.OK;
    }

    @Override
    boolean quiet() {
        return quiet;
    }


    /**
     * What a budget chose for a uniform refinement, known before it runs.
     *
     * @param budget the {@code --max-triangles} value
     * @param inputTriangles the control mesh's triangles
     * @param asked the {@code --levels} asked for
     * @param chosen the levels that fit
     * @return the note, e.g. {@code --max-triangles 100000: level 2, 46400 triangles (level 3 would make 185600)}
     */
    static String uniformBudgetNote(long budget, long inputTriangles, int asked, int chosen) {
        String note = "--max-triangles " + budget + ": level " + chosen + ", "
                + uniformTriangles(inputTriangles, chosen) + " triangles";
        return chosen == asked ? note + ", as asked"
                : note + " (level " + (chosen + 1) + " would make " + uniformTriangles(inputTriangles, chosen + 1) + ")";
    }

    /**
     * What a budget chose for an adaptive refinement. The engine refines again, coarser, until the
     * output fits, and hands back only the output: the refinements are counted by the progress
     * listener, the deepest level is the output's; the coarser bound itself is not handed back.
     *
     * @param options the refinement asked for
     * @param refinements how many ran
     * @param result the one kept
     * @return the note
     */
    static String adaptiveBudgetNote(RefineOptions options, int refinements, RefineResult result) {
        List<LevelStats> levels = result.levels();
        int deepest = levels.isEmpty() ? 0 : levels.get(levels.size() - 1).level();
        String made = result.triangleCount() + " triangles, deepest level " + deepest + " of --max-depth "
                + options.levels();
        String note = "--max-triangles " + options.triangleBudget() + ": ";
        if (refinements <= 1) {
            return note + "fits as asked: " + made;
        }
        boolean screen = options.criteria().stream().anyMatch(c -> c instanceof StopCriterion.ScreenEdgeLength);
        return note + "refined " + refinements + " times, coarser each time ("
                + (screen ? "the --screen-px bound grows, then the depth shrinks" : "the depth shrinks")
                + "); kept: " + made;
    }

    /**
     * Values and combinations picocli cannot check itself; a wrong one is a usage error like any other.
     *
     * @return what to ask the tessellator for
     */
    private RefineOptions checkOptions() {
        boolean levelsGiven = spec.commandLine().getParseResult().hasMatchedOption("--levels");
        RefineOptions options = resolve(adaptive, levelsGiven ? levels : null, levels, scheme, threads);
        if (conforming && !options.isAdaptive()) {
            throw new ParameterException(spec.commandLine(), "--conforming needs --adaptive: uniform output has no "
                    + "slivers to remove");
        }
        backend.check();
        return options.withConforming(conforming);
    }
}
