/**
 * The {@code loopsub} command line: {@link org.loopsub.samples.cli.LoopsubCommand} and its
 * subcommands {@code subdivide}, {@code info} and {@code bench}, built on picocli and the public
 * {@link org.loopsub.api} types. Exit statuses are listed in
 * {@link org.loopsub.samples.cli.ExitCodes}; every failure is reported as one line per problem on
 * stderr, prefixed with {@code loopsub: }, without a stack trace unless {@code --debug} is given.
 */
package org.loopsub.samples.cli;
