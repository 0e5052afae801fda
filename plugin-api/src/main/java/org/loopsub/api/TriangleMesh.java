package org.loopsub.api;

import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.List;

/**
 * An immutable indexed triangle mesh: {@code float} positions (x, y, z per vertex), {@code int}
 * triangles (three 0-based vertex indices each, counter-clockwise seen from outside) and optional
 * crease tags.
 *
 * <p>The constructor checks only the array shapes. Whether the mesh is a valid input for
 * subdivision (manifold, oriented, finite, ...) is decided by the tessellator, which refuses an
 * invalid mesh with an {@link InvalidMeshException}.
 */
public final class TriangleMesh {
    private final float[] positions;
    private final int[] triangles;
    private final List<Crease> creases;

    /**
     * Creates a mesh from copies of the given arrays.
     *
     * @param positions x, y, z per vertex; its length must be a multiple of 3
     * @param triangles three vertex indices per triangle; its length must be a multiple of 3
     * @param creases crease tags (copied; may be empty)
     */
    public TriangleMesh(float[] positions, int[] triangles, List<Crease> creases) {
        this(positions.clone(), triangles.clone(), List.copyOf(creases), true);
    }

    private TriangleMesh(float[] positions, int[] triangles, List<Crease> creases, boolean owned) {
        if (positions.length % 3 != 0) {
            throw new IllegalArgumentException("positions length " + positions.length + " is not a multiple of 3");
        }
        if (triangles.length % 3 != 0) {
            throw new IllegalArgumentException("triangles length " + triangles.length + " is not a multiple of 3");
        }
        this.positions = positions;
        this.triangles = triangles;
        this.creases = creases;
    }

    /**
     * Creates a mesh without creases from copies of the arrays.
     *
     * @param positions x, y, z per vertex
     * @param triangles three vertex indices per triangle
     * @return the mesh
     */
    public static TriangleMesh of(float[] positions, int[] triangles) {
        return new TriangleMesh(positions, triangles, List.of());
    }

    /**
     * Wraps arrays the caller hands over and promises never to modify again (no copy). For the
     * engine's own large outputs.
     *
     * @param positions x, y, z per vertex, owned by the mesh from now on
     * @param triangles three vertex indices per triangle, owned by the mesh from now on
     * @param creases crease tags
     * @return the mesh
     */
    public static TriangleMesh wrap(float[] positions, int[] triangles, List<Crease> creases) {
        return new TriangleMesh(positions, triangles, List.copyOf(creases), true);
    }

    /** @return the number of vertices */
    public int vertexCount() {
        return positions.length / 3;
    }

    /** @return the number of triangles */
    public int triangleCount() {
        return triangles.length / 3;
    }

    /**
     * @param vertex vertex index
     * @param axis 0 for x, 1 for y, 2 for z
     * @return that coordinate
     */
    public float position(int vertex, int axis) {
        return positions[3 * vertex + axis];
    }

    /**
     * @param triangle triangle index
     * @param corner 0, 1 or 2
     * @return the vertex index at that corner
     */
    public int vertex(int triangle, int corner) {
        return triangles[3 * triangle + corner];
    }

    /** @return a copy of the positions, x, y, z per vertex */
    public float[] positions() {
        return positions.clone();
    }

    /** @return a copy of the triangle indices, three per triangle */
    public int[] triangles() {
        return triangles.clone();
    }

    /**
     * Copies the positions into {@code dest} at its current position; the buffer's position is
     * left unchanged (relative bulk get, as in JOML).
     *
     * @param dest receives {@code 3 * vertexCount()} floats
     * @return {@code dest}
     */
    public FloatBuffer getPositions(FloatBuffer dest) {
        dest.duplicate().put(positions);
        return dest;
    }

    /**
     * Copies the triangle indices into {@code dest} at its current position; the buffer's position
     * is left unchanged.
     *
     * @param dest receives {@code 3 * triangleCount()} ints
     * @return {@code dest}
     */
    public IntBuffer getTriangles(IntBuffer dest) {
        dest.duplicate().put(triangles);
        return dest;
    }

    /** @return the crease tags (unmodifiable) */
    public List<Crease> creases() {
        return creases;
    }
}
