package org.loopsub.samples.cli;

/**
 * The exit statuses of the {@code loopsub} command, one per class of failure, so that scripts can
 * tell a bad input from a full disk without parsing messages.
 */
public final class ExitCodes {
    /** The command did what was asked (for {@code info}: the mesh is valid). */
    public static final int OK = 0;
    /** Something unexpected went wrong: a bug; {@code --debug} shows the stack trace. */
    public static final int SOFTWARE = 1;
    /** The command line is wrong: unknown option, missing argument, value out of range. */
    public static final int USAGE = 2;
    /** The input cannot be used: missing or unreadable file, or a mesh that cannot be subdivided. */
    public static final int INPUT = 3;
    /** The output cannot be written. */
    public static final int OUTPUT = 4;
    /**
     * The run needs more memory (or larger arrays) than this JVM has, or a GPU feature this machine
     * lacks: no OpenGL 4.3 context for {@code --backend gl} or {@code demo}, no display for a {@code demo}
     * window, no subgroups for {@code --scan subgroup}.
     */
    public static final int RESOURCE = 5;

    // picocli's exitCodeList wants "code:description" strings; constants so annotations can use them
    static final String HELP_OK = "0:success (info: the mesh is valid)";
    static final String HELP_SOFTWARE = "1:unexpected error (a bug; --debug shows the stack trace)";
    static final String HELP_USAGE = "2:usage error (bad option or value)";
    static final String HELP_INPUT = "3:input problem (missing or unreadable file, or a mesh that cannot be subdivided)";
    static final String HELP_OUTPUT = "4:output problem (the output file cannot be written)";
    static final String HELP_RESOURCE = "5:not enough memory (try fewer levels or JAVA_OPTS=-Xmx...)";
    static final String HELP_USAGE_GL = "2:usage error (bad option or value, or a criterion the GL back end "
            + "cannot run)";
    static final String HELP_RESOURCE_ALL = "5:not enough memory (try fewer levels or JAVA_OPTS=-Xmx...), no "
            + "OpenGL 4.3 context for --backend gl or demo, no display for demo without --headless, or --scan "
            + "subgroup without subgroup support";
    static final String HELP_RESOURCE_GL = "5:not enough memory (try fewer levels or JAVA_OPTS=-Xmx...), no "
            + "OpenGL 4.3 context for --backend gl, or --scan subgroup without subgroup support";

    private ExitCodes() {
    }
}
