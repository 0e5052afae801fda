package org.loopsub.api;

/** How semi-sharp sharpness decays from one level to the next (OpenSubdiv's creasing methods). */
public enum Creasing {
    /** Both halves of an edge lose 1 per level (the default). */
    UNIFORM,
    /**
     * Chaikin's rule: the half of an edge at vertex v becomes {@code 3/4 s + 1/4 a - 1}, a the average
     * sharpness of v's other semi-sharp edges (plain {@code s - 1} without them), so that the sharpness
     * along a crease line blends smoothly; an edge stays a crease only while both its halves are sharp.
     */
    CHAIKIN
}
