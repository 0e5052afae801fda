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
     * end behind it is refined (it crosses the view and has no finite projected length).
     *
     * @param camera the camera
     * @param maxPixels the longest projected edge wanted, in pixels
     */
    record ScreenEdgeLength(Camera camera, float maxPixels) implements StopCriterion {
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
     * A user-supplied predicate, evaluated on the CPU.
     *
     * @param predicate the test
     */
    record Custom(EdgePredicate predicate) implements StopCriterion {
        /** Checks the predicate is present. */
        public Custom {
            Objects.requireNonNull(predicate, "predicate");
        }
    }
}
