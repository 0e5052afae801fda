/**
 * Embedding the tessellator in a renderer through plugin-api's GPU interface
 * ({@code org.loopsub.api.gpu}) alone: {@link org.loopsub.samples.embed.EmbeddingExample} prepares a
 * mesh once, moves its control points, refines it every frame for that frame's camera, and
 * {@link org.loopsub.samples.embed.FrameRenderer} draws each frame straight from the GPU's buffers.
 * Nothing here uses the engine's classes. {@code docs/embedding.md} walks through it.
 */
package org.loopsub.samples.embed;
