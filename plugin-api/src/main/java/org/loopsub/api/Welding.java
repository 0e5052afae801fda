package org.loopsub.api;

/**
 * Which input vertices are one vertex of the surface ({@link RefineOptions#withWelding}).
 *
 * <p>Many files repeat a vertex where two patches or materials meet; read by index, the surface is
 * then cut open there. {@link #EXACT} (the default) joins such copies; {@link #NONE} takes the
 * indices as they are, as OpenSubdiv does, for meshes whose split seams are meant, or whose pieces
 * merely touch.
 */
public enum Welding {
    /**
     * Vertices with bitwise-equal positions ({@code +0.0} and {@code -0.0} taken as equal) are
     * merged into the first of them before the mesh is checked: a seam split in the index closes.
     * Where the merge makes the mesh non-manifold (two pieces touching at a point or along an edge
     * not shared by index), the mesh is refused.
     */
    EXACT,
    /**
     * The mesh's own indexing is the topology: coincident but distinct vertices stay distinct, so a
     * seam split in the index refines as a boundary on each side, and pieces that only touch are
     * refined apart. Vertices no face uses are still dropped.
     *
     * <p>The output is still welded by exact position (the engine's triangles carry no vertex
     * identity): where both sides of a split seam refine to bitwise-equal points, as on a seam whose
     * two sides have the same boundary vertices, they are one output vertex again, and the seam's
     * edges are shared by the triangles of both sides. The positions are those of the refinement by
     * index either way.
     */
    NONE
}
