package org.loopsub.samples.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.loopsub.api.MeshProblem;
import org.loopsub.mesh.MeshInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code loopsub info}: describes a mesh as the tessellator sees it (after welding by exact
 * position) and lists every reason it could not be subdivided. The exit status says whether it is
 * valid, so scripts can use it as a check.
 */
@Command(name = "info",
        customSynopsis = "loopsub info (<in.obj> | --sample <name>) [OPTIONS]",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Describe a mesh and check whether it can be subdivided.",
            "",
            "Prints on stdout the counts after welding by exact position (vertices, triangles, edges, "
                    + "boundary edges and loops, crease and corner tags, texture coordinates, merged and dropped "
                    + "vertices), the valence "
                    + "histogram, warnings, and every problem that would make 'subdivide' refuse the mesh."},
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the mesh is valid", ExitCodes.HELP_SOFTWARE, ExitCodes.HELP_USAGE,
            "3:the mesh is not valid, or the file cannot be read or parsed",
            "5:not enough memory (more heap: JAVA_OPTS=-Xmx...)"})
final class InfoCommand extends Subcommand {
    @Parameters(index = "0", arity = "0..1", paramLabel = "<in.obj>", converter = PathArgument.Converter.class,
            description = "OBJ file to describe, or - for stdin. Give either this or --sample.")
    Path input;

    @Option(names = "--sample", paramLabel = "<name>", completionCandidates = Names.SampleNames.class,
            description = "Describe a mesh built into loopsub: ${COMPLETION-CANDIDATES}.")
    String sample;

    InfoCommand() {
        super("describing the mesh");
    }

    @Override
    int run() {
        InputMesh in = InputMesh.load(spec.commandLine(), input, sample);
        MeshInfo info = MeshInfo.of(in.obj().mesh(), in.names());
        PrintWriter out = out();
        print(out, in, info);
        out.flush();
        if (info.valid()) {
            return ExitCodes.OK;
        }
        int n = info.problems().size();
        throw new CliFailure(ExitCodes.INPUT, in.name() + ": cannot be subdivided: " + n + " problem"
                + (n > 1 ? "s" : "") + " (listed in the report)");
    }

    private static void print(PrintWriter out, InputMesh in, MeshInfo info) {
        row(out, "mesh", in.name());
        row(out, "vertices", Integer.toString(info.vertices()));
        row(out, "triangles", Integer.toString(info.triangles()));
        row(out, "edges", count(info.edges()));
        row(out, "boundary edges", count(info.boundaryEdges()));
        row(out, "boundary loops", count(info.boundaryLoops()));
        row(out, "crease tags", Integer.toString(info.creases()));
        org.loopsub.api.TriangleMesh mesh = in.obj().mesh();
        row(out, "corner tags", Integer.toString(mesh.corners().size()));
        row(out, "texture coords", mesh.hasUvs() ? mesh.uvCount() + " (vt, carried through refinement)" : "none");
        row(out, "merged vertices", info.mergedVertices() + " (shared an exact position with an earlier one)");
        row(out, "dropped vertices", info.droppedUnreferenced() + " (used by no face)");
        out.println("valence histogram:");
        if (info.valenceHistogram().isEmpty()) {
            out.println("  n/a");
        }
        for (Map.Entry<Integer, Integer> e : info.valenceHistogram().entrySet()) {
            out.printf(Locale.ROOT, "  valence %3d: %d vert%s%n", e.getKey(), e.getValue(),
                    e.getValue() == 1 ? "ex" : "ices");
        }
        List<String> warnings = new ArrayList<>();
        for (String w : in.warnings()) {
            warnings.add(Problems.withoutSource(in.name(), w));
        }
        warnings.addAll(info.warnings());
        list(out, "warnings", warnings);
        List<String> problems = new ArrayList<>();
        for (MeshProblem p : info.problems()) {
            problems.add(Problems.label(p.kind()) + ": " + p.message());
        }
        list(out, "problems", problems);
        row(out, "valid", info.valid() ? "yes" : "no");
    }

    private static void row(PrintWriter out, String label, String value) {
        out.printf(Locale.ROOT, "%-18s%s%n", label + ":", value);
    }

    private static void list(PrintWriter out, String heading, List<String> items) {
        out.println(heading + ":" + (items.isEmpty() ? " none" : ""));
        for (String item : items) {
            out.println("  " + item);
        }
    }

    /** MeshInfo reports -1 for counts that an invalid mesh does not have. */
    private static String count(int n) {
        return n < 0 ? "n/a (the mesh is invalid)" : Integer.toString(n);
    }
}
