package org.loopsub.samples.cli;

import java.io.PrintWriter;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code loopsub} command: Loop subdivision of OBJ meshes from the command line. The work is
 * done by the subcommands ({@link SubdivideCommand}, {@link InfoCommand}, {@link BenchCommand},
 * {@link VerifyCommand}, {@link DemoCommand}); this class holds the options they share and the {@code main} method of the
 * shaded jar.
 *
 * <p>Embedders and tests run it in-process with
 * {@code new CommandLine(new LoopsubCommand()).execute(args)}, which returns the exit status
 * documented in {@link ExitCodes} and never calls {@code System.exit}. A usage error prints the error,
 * the command's synopsis and where its help is ({@link ShortUsageErrors}), not the whole help.
 */
@Command(name = "loopsub",
        modelTransformer = ShortUsageErrors.class,
        versionProvider = VersionProvider.class,
        synopsisSubcommandLabel = "COMMAND",
        description = {
            "Loop subdivision of triangle meshes: OBJ in, smooth refined OBJ out.",
            "",
            "Run 'loopsub COMMAND --help' for the options of a command."},
        optionListHeading = "%nOptions:%n",
        commandListHeading = "%nCommands:%n",
        subcommands = {SubdivideCommand.class, InfoCommand.class, BenchCommand.class, VerifyCommand.class,
            DemoCommand.class, CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.HELP_OK, "1:unexpected error (a bug; --debug shows the stack trace); verify "
                + "and bench --verify: the back ends' outputs differ", ExitCodes.HELP_USAGE, ExitCodes.HELP_INPUT, ExitCodes.HELP_OUTPUT,
            ExitCodes.HELP_RESOURCE_ALL},
        footerHeading = "%nEnvironment:%n",
        footer = {"  JAVA_OPTS  JVM options for the launcher script, e.g. -Xmx16g for deep levels."})
public final class LoopsubCommand implements Callable<Integer> {
    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "Print stack traces with error messages (for bug reports). Default: off.")
    boolean debug;

    // Plain options rather than picocli's usageHelp/versionHelp: picocli lets a help request hide an
    // unknown command ("loopsub nosuch --help" printed the help and exited 0); here the unknown
    // command is a usage error whatever else the line holds.
    @Option(names = {"-h", "--help"}, description = "Show this help message and exit.")
    boolean help;

    @Option(names = {"-V", "--version"}, description = "Print version information and exit.")
    boolean version;

    @Spec
    CommandSpec spec;

    /** Creates the command; picocli fills in the options. */
    public LoopsubCommand() {
    }

    /**
     * Runs the command line and exits with its status.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        PrintWriter out = StdoutWriter.open();
        int status = new CommandLine(new LoopsubCommand()).setOut(out).execute(args);
        System.exit(checkedStdout(out, status, System.err));
    }

    /**
     * @return the command's status; or, if it succeeded but what it wrote to {@code out} was lost,
     *     {@link ExitCodes#OUTPUT} with a message on {@code err}. A closed pipe loses nothing anyone
     *     wanted ({@code | head}): it changes nothing and says nothing.
     */
    static int checkedStdout(PrintWriter out, int status, java.io.PrintStream err) {
        out.flush();
        if (out.checkError() && status == ExitCodes.OK && !StdoutWriter.readerGone(out)) {
            java.io.IOException why = out instanceof StdoutWriter s ? s.failure() : null;
            err.println("loopsub: stdout: cannot write" + (why != null ? ": " + OutputTarget.describe(why)
                    : " (a full disk or a closed pipe?)"));
            return ExitCodes.OUTPUT;
        }
        return status;
    }

    /**
     * Called when no subcommand is given: prints the help or the version if asked for; anything
     * else is a usage error.
     */
    @Override
    public Integer call() {
        if (help) {
            spec.commandLine().usage(spec.commandLine().getOut());
            return ExitCodes.OK;
        }
        if (version) {
            spec.commandLine().printVersionHelp(spec.commandLine().getOut());
            return ExitCodes.OK;
        }
        throw new ParameterException(spec.commandLine(), "missing command: give 'subdivide', 'info', 'bench', 'verify' or 'demo'");
    }

    /** @return whether {@code --debug} was given, before or after the subcommand */
    boolean debug() {
        return debug;
    }
}
