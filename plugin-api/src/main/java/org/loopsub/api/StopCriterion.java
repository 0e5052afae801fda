package org.loopsub.api;

import java.util.Objects;

/**
 * When an edge needs no more refinement. Every criterion is a symmetric, deterministic function of
 * the edge, so all triangles that see an edge reach the same verdict to the bit. When several are
 * given, an edge is complete only when all of them say so; the maximum depth always applies.
 */
public sealed interface StopCriterion {

    /**
     * Object-space length: complete when the edge is at most {@code maxLength} long (squared
     * lengths are compared, no square root).
     *
     * @param maxLength the longest edge wanted, in mesh units
     */
    record MaxEdgeLength(float maxLength) implements StopCriterion {
        /** Checks the length is positive and finite. */
        public MaxEdgeLength {
            if (!(maxLength > 0) || Float.isInfinite(maxLength)) {
                throw new IllegalArgumentException("max edge length must be positive and finite, got " + maxLength);
            }
        }
    }

    /**
     * Screen-space length: complete when the edge, projected by the camera, is at most
     * {@code maxPixels} long. The near plane sits at 1/1000 of the mesh's bounding radius in front
     * of the eye: an edge with both ends behind it is complete (it cannot be seen); an edge with one
     * end behind it is refined (it crosses the view and has no finite projected length). With it,
     * {@link RefineOptions#culling()} leaves what this camera cannot see coarse.
     *
     * @param camera the camera: eye and target ({@link Camera}) or a renderer's matrices
     *     ({@link MatrixCamera})
     * @param maxPixels the longest projected edge wanted, in pixels
     */
    record ScreenEdgeLength(View camera, float maxPixels) implements StopCriterion {
        /** Checks the arguments. */
        public ScreenEdgeLength {
            Objects.requireNonNull(camera, "camera");
            if (!(maxPixels > 0) || Float.isInfinite(maxPixels)) {
                throw new IllegalArgumentException("max pixels must be positive and finite, got " + maxPixels);
            }
        }
    }

    /**
     * Flatness: complete when the distance between the edge's Loop edge point and its chord midpoint
     * is at most {@code tolerance}. Boundary edges are always flat by this test (their edge point
     * is the midpoint).
     *
     * @param tolerance the largest deviation wanted, in mesh units
     */
    record Flatness(float tolerance) implements StopCriterion {
        /** Checks the tolerance is positive and finite. */
        public Flatness {
            if (!(tolerance > 0) || Float.isInfinite(tolerance)) {
                throw new IllegalArgumentException("flatness tolerance must be positive and finite, got " + tolerance);
            }
        }
    }

    /**
     * A user-supplied test. The Java back end runs {@code predicate}; the GL back end runs
     * {@code glsl}, which must define
     * {@code bool loopsub_edge_complete(int level, vec3 a, vec3 b)} computing the same function
     * (mesh-frame positions, {@code a} the lexicographically smaller end, as for the predicate).
     * Use only {@code + - *}, comparisons and integer operations in both for the back ends to agree
     * to the bit. Without {@code glsl} the criterion runs on the Java back end only.
     *
     * @param predicate the test on the CPU
     * @param glsl the same test as a GLSL function, or null
     */
    record Custom(EdgePredicate predicate, String glsl) implements StopCriterion {
        /** Checks the predicate is present. */
        public Custom {
            Objects.requireNonNull(predicate, "predicate");
        }

        /**
         * A test for the Java back end only.
         *
         * @param predicate the test
         */
        public Custom(EdgePredicate predicate) {
            this(predicate, null);
        }
    }
}
