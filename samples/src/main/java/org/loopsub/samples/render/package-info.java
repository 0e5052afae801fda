/**
 * Offscreen pictures of refined meshes: {@link org.loopsub.samples.render.OffscreenRenderer} draws a
 * mesh into a framebuffer of a headless GL context and reads it back as a PNG, and
 * {@link org.loopsub.samples.render.RenderAdaptive} is the example program that refines an OBJ and
 * renders it (the pictures of {@code docs/adaptive.md}).
 */
package org.loopsub.samples.render;
