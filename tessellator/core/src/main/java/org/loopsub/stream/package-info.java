/**
 * The Java level loop ({@link org.loopsub.stream.JavaStreamEngine}): the record layout
 * ({@link org.loopsub.stream.RecordLayout}), the level-0 record builder, the passes of a level, each
 * the twin of the shader of the same stem (docs/architecture.md), the edge criteria, the view culling
 * and the scan and compaction on the CPU.
 *
 * <p>The split ({@link org.loopsub.stream.LoopSplit}, pass 3) is laid out as its shader is, file for
 * file: {@code SplitScratch}, {@code SplitRules}, {@code PositionChannel}, {@code UvChannel},
 * {@code LimitChannel}, {@code TriangleWriter}, {@code ChildWriter} and {@code RegularSplit} are the
 * twins of the includes of {@code loop_split.comp} of the same names in snake case (docs/design.md,
 * "The split as channels"). They live in this package, package-private, rather than in a package of
 * their own: the regular path reads this package's package-private slot map
 * ({@code RegularChildren}), the parts share the per-record scratch as fields, and a package of
 * their own would have made them and every method one calls on another public, so that core's
 * published API and Javadoc would show the split's inner steps, which no caller has any use for.
 * Only {@code LoopSplit}, the pass's entry, is public.
 */
package org.loopsub.stream;
