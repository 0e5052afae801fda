package org.loopsub.samples.cli;

import java.io.PrintWriter;
import java.util.function.Supplier;
import picocli.CommandLine.ParameterException;

/**
 * Runs a command's body and turns every way it can end into an exit status and a message. This
 * lives in the commands rather than in picocli's exception handlers so that a plain
 * {@code new CommandLine(new LoopsubCommand()).execute(args)} (as tests and embedders call it)
 * behaves exactly like the launcher.
 */
final class Guard {
    /** A command body. */
    @FunctionalInterface
    interface Body {
        int run() throws Exception;
    }

    private Guard() {
    }

    /**
     * @param err where messages go
     * @param debug print stack traces too
     * @param activity names what was being done, for the out-of-memory message
     * @param body the command
     * @return the exit status
     */
    static int run(PrintWriter err, boolean debug, Supplier<String> activity, Body body) {
        try {
            return body.run();
        } catch (ParameterException e) {
            // ShortUsageErrors prints these with the synopsis and returns 2
            throw e;
        } catch (CliFailure e) {
            for (String line : e.lines()) {
                err.println("loopsub: " + line);
            }
            if (debug && e.getCause() != null) {
                e.getCause().printStackTrace(err);
            }
            return e.exitCode();
        } catch (OutOfMemoryError e) {
            // The arrays that filled the heap are unreachable by now, so printing is safe.
            err.println("loopsub: not enough memory for " + activity.get() + " with a maximum heap of "
                    + Units.bytes(Runtime.getRuntime().maxMemory())
                    + "; try fewer levels or more heap (JAVA_OPTS=-Xmx...)");
            if (debug) {
                e.printStackTrace(err);
            }
            return ExitCodes.RESOURCE;
        } catch (Exception | Error e) {
            err.println("loopsub: unexpected error: " + e);
            if (debug) {
                e.printStackTrace(err);
            } else {
                err.println("loopsub: this is a bug; run again with --debug for the stack trace");
            }
            return ExitCodes.SOFTWARE;
        } finally {
            err.flush();
        }
    }
}
