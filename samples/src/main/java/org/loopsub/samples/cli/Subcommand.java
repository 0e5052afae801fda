package org.loopsub.samples.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * What every {@code loopsub} subcommand is made of: its place under {@link LoopsubCommand} (for
 * {@code --debug}), its spec (for the streams and usage errors), and a body run under {@link Guard},
 * so that all of them end, and name what they were doing when memory ran out, in the same way.
 */
abstract class Subcommand implements Callable<Integer> {
    @ParentCommand
    LoopsubCommand parent;

    @Spec
    CommandSpec spec;

    /** What the run is doing now, for the out-of-memory message. */
    String activity;

    /**
     * @param activity what the command is doing until its body says otherwise
     */
    Subcommand(String activity) {
        this.activity = activity;
    }

    @Override
    public final Integer call() {
        boolean debug = parent != null && parent.debug();
        return Guard.run(err(), debug, () -> activity, this::run);
    }

    /**
     * The command's work. Failures are thrown ({@link CliFailure}, or a picocli
     * {@code ParameterException} for usage errors) and turned into an exit status by {@link Guard}.
     *
     * @return the exit status
     */
    abstract int run();

    /** @return the command's stdout */
    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** @return the command's stderr */
    PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
