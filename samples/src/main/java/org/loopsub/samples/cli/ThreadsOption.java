package org.loopsub.samples.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --threads}, a picocli mixin shared by the commands that refine, so that the range and the
 * promise that the output does not depend on it are stated once.
 */
final class ThreadsOption {
    /** More threads than this only costs memory. */
    static final int MAX_THREADS = 1024;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--threads", paramLabel = "<N>", defaultValue = "0",
            description = "Worker threads, 1 to " + MAX_THREADS + ", or 0 for one per CPU core. The output "
                    + "does not depend on it. Default: ${DEFAULT-VALUE}.")
    int threads;

    /**
     * @return the thread count for {@code RefineOptions.withParallelism}
     * @throws ParameterException if it is out of range (exit status 2)
     */
    int checked() {
        if (threads < 0 || threads > MAX_THREADS) {
            throw new ParameterException(mixee.commandLine(), "--threads must be 0 (one per core) to " + MAX_THREADS
                    + ", got " + threads);
        }
        return threads;
    }
}
