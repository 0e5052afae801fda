package org.loopsub.api;

/** The vertex weights of Loop subdivision. Edge and boundary rules are the same for both. */
public enum Scheme {
    /**
     * Loop (1987): {@code beta = (1/n) (5/8 - (3/8 + 1/4 cos(2 pi / n))^2)}. The default; this is what
     * other Loop implementations output.
     */
    LOOP,
    /** Warren's simplification: {@code beta = 3/(8n)} for {@code n > 3}, {@code 3/16} for {@code n = 3}. */
    WARREN
}
