/**
 * The {@code loopsub} command line: {@link org.loopsub.samples.cli.LoopsubCommand} and its
 * subcommands {@code subdivide}, {@code info}, {@code bench} and {@code verify}, built on picocli,
 * the public {@link org.loopsub.api} types and, to choose and time the GL back end, the engine's
 * {@code org.loopsub.glengine} and {@code org.loopsub.gl} classes. Exit statuses are listed in
 * {@link org.loopsub.samples.cli.ExitCodes}; every failure is reported as one line per problem on
 * stderr, prefixed with {@code loopsub: }, without a stack trace unless {@code --debug} is given.
 */
package org.loopsub.samples.cli;
