/**
 * The GL back end's level loop, the twin of {@code org.loopsub.stream} (the Java level loop): the
 * same passes as compute shaders over records stored in tiles of 32, in segments and windows sized
 * for SSBO bindings ({@link org.loopsub.glstream.GlStreamEngine}); uniform and adaptive level
 * strategies, the compiled passes and their bindings, the level-0 upload (laid out in tiles on the
 * GPU by loop_tile), the output buffer with its blocks ({@link org.loopsub.glstream.GlOutput}), the
 * criteria as shader constants, a prepared mesh's frames with their sizes on the GPU and the buffer
 * pool. It knows records and GL plumbing ({@link org.loopsub.gl}), no mesh and no file format.
 *
 * <p>Everything here runs on the GL thread of the context current when it was made.
 */
package org.loopsub.glstream;
