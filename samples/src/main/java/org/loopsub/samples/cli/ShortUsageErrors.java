package org.loopsub.samples.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How a usage error is reported: the error, picocli's suggestions for a misspelt option or command,
 * the command's one-line synopsis and where the full help is, on stderr, exit status 2. picocli's
 * default prints the whole help after the error (some 150 lines for {@code subdivide}), which scrolls
 * the error out of sight.
 *
 * <p>Installed as {@link LoopsubCommand}'s model transformer, which picocli runs while it builds the
 * {@code CommandLine}: so a plain {@code new CommandLine(new LoopsubCommand())}, as embedders and tests
 * make it, reports usage errors like the launcher does.
 */
final class ShortUsageErrors implements IModelTransformer, IParameterExceptionHandler {
    /** picocli makes the transformer through its factory, which wants a no-argument constructor. */
    ShortUsageErrors() {
    }

    @Override
    public CommandSpec transform(CommandSpec spec) {
        // picocli asks the top-level CommandLine's handler, whichever subcommand failed
        spec.commandLine().setParameterExceptionHandler(this);
        return spec;
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println("loopsub: " + ex.getMessage());
        UnmatchedArgumentException.printSuggestions(ex, err);
        Help help = cmd.getHelp();
        err.print(help.synopsisHeading() + help.synopsis(help.synopsisHeadingLength()));
        err.println("see '" + cmd.getCommandSpec().qualifiedName() + " --help'");
        err.flush();
        return cmd.getExitCodeExceptionMapper() != null ? cmd.getExitCodeExceptionMapper().getExitCode(ex)
                : cmd.getCommandSpec().exitCodeOnInvalidInput();
    }
}
