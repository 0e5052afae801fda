/**
 * Embedding the GL back end in a renderer, with no read-back of the mesh:
 * {@link org.loopsub.samples.embed.EmbeddingExample} re-tessellates on the GPU every frame and
 * {@link org.loopsub.samples.embed.GpuRunRenderer} draws the triangles straight from the
 * tessellator's buffers. {@code docs/embedding.md} walks through it.
 */
package org.loopsub.samples.embed;
