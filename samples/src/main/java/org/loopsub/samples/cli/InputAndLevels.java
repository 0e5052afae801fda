package org.loopsub.samples.cli;

import java.nio.file.Path;
import org.loopsub.api.RefineOptions;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The input ({@code <in.obj>} or {@code --sample}) and {@code --levels} of the commands that
 * measure or check a refinement rather than save it, {@code bench} and {@code verify}: a picocli
 * mixin, so that both describe them alike. Unlike {@code subdivide}, they have no default level:
 * {@code --levels} or {@code --adaptive} must be given.
 */
final class InputAndLevels {
    @Parameters(index = "0", arity = "0..1", paramLabel = "<in.obj>", converter = PathArgument.Converter.class,
            description = "Input OBJ file, or - for stdin. Give either this or --sample.")
    Path input;

    @Option(names = "--sample", paramLabel = "<name>", completionCandidates = Names.SampleNames.class,
            description = "Use a mesh built into loopsub instead of a file: ${COMPLETION-CANDIDATES}.")
    String sample;

    @Option(names = {"-l", "--levels"}, paramLabel = "<N>",
            description = "Uniform subdivision levels, 0 to " + RefineOptions.MAX_LEVELS
                    + ". Give either this or --adaptive.")
    Integer levels;
}
