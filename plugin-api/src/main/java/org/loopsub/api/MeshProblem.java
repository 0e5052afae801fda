package org.loopsub.api;

/**
 * One reason a mesh cannot be subdivided, with the first element that shows it.
 *
 * @param kind what is wrong
 * @param message a sentence for a user that names the offending element (face, vertex, edge or
 *     line number; faces and vertices are 1-based as in OBJ files)
 */
public record MeshProblem(Kind kind, String message) {
    /** The classes of bad input. */
    public enum Kind {
        /** No triangle, or no vertex. */
        EMPTY,
        /** A line of the file could not be parsed. */
        UNPARSEABLE,
        /** A face refers to a vertex that does not exist (or to index 0 in OBJ). */
        INDEX_OUT_OF_RANGE,
        /** A coordinate is NaN or infinite. */
        NON_FINITE,
        /** A face uses the same vertex twice. */
        DEGENERATE_FACE,
        /** Two faces use the same three vertices. */
        DUPLICATE_FACE,
        /** An edge is shared by more than two faces. */
        NON_MANIFOLD_EDGE,
        /** The faces around a vertex form more than one fan. */
        NON_MANIFOLD_VERTEX,
        /** Two faces that share an edge run it in the same direction. */
        INCONSISTENT_ORIENTATION,
        /** Two distinct vertices become one in the engine's float frame (features below float precision). */
        BELOW_PRECISION,
        /** The mesh does not fit the engine's limits (valence, size, the magnitude of uv values). */
        TOO_LARGE
    }
}
