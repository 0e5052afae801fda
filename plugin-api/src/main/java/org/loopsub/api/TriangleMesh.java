package org.loopsub.api;

import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.List;
import java.util.Objects;

/**
 * An immutable indexed triangle mesh: {@code float} positions (x, y, z per vertex), {@code int}
 * triangles (three 0-based vertex indices each, counter-clockwise seen from outside) and optional
 * crease tags.
 *
 * <p>Immutable by construction: no array a caller holds is ever the mesh's own. The constructor
 * and {@link #of} copy what they are given, the accessors hand out copies or copy into the
 * caller's buffers, and a mesh made without copies comes from a {@link Builder}, which hands its
 * arrays to the mesh and can then no longer reach them. A mesh may be shared by any number of
 * threads.
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

    /** Takes the arrays as they are: only for arrays no one else can reach (copies, a builder's). */
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
     * Starts a mesh of the given size whose arrays are filled in place, with no copy when it is
     * built: the way to make a large mesh (the tessellators' outputs are made so). Positions and
     * indices start at zero.
     *
     * @param vertexCount number of vertices
     * @param triangleCount number of triangles
     * @return a builder for a mesh of exactly that size
     * @throws IllegalArgumentException if a count is negative or the arrays would not fit a Java
     *     array
     */
    public static Builder builder(int vertexCount, int triangleCount) {
        return new Builder(vertexCount, triangleCount);
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

    /**
     * Fills the arrays of one mesh, then hands them to it. Like a {@code StringBuilder} it holds
     * mutable state and {@link #build()} turns it into the immutable value; unlike one, it can build
     * only once, because the mesh takes its arrays rather than a copy: after {@code build()} every
     * method throws {@link IllegalStateException}, so nothing the builder did can change the mesh.
     *
     * <p>Threads: the setters and getters may be called from several threads at once as long as
     * no two of them touch the same vertex's position or the same triangle's corner at the same
     * time; plain array writes, so the threads that filled the builder must finish before the
     * thread calling {@code build()} does (joining them, {@code Future.get()}, a
     * {@code ForkJoinPool} join: anything that orders the writes before {@code build()}). The
     * crease setter and {@code build()} belong to one thread. Indices out of range throw
     * {@link IndexOutOfBoundsException}; nothing checks that a triangle's indices name existing
     * vertices (the tessellator's validation does).
     */
    public static final class Builder {
        private float[] positions;
        private int[] triangles;
        private List<Crease> creases = List.of();

        private Builder(int vertexCount, int triangleCount) {
            if (vertexCount < 0 || triangleCount < 0) {
                throw new IllegalArgumentException("negative size: " + vertexCount + " vertices, " + triangleCount
                        + " triangles");
            }
            if (3L * vertexCount > Integer.MAX_VALUE - 8 || 3L * triangleCount > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException(vertexCount + " vertices or " + triangleCount
                        + " triangles do not fit a Java array");
            }
            positions = new float[3 * vertexCount];
            triangles = new int[3 * triangleCount];
        }

        // The arrays are read through these once per call: a null means built. JIT-compiled
        // loops fold the check into the null check every array access makes anyway.
        private float[] p() {
            float[] p = positions;
            if (p == null) {
                throw built();
            }
            return p;
        }

        private int[] t() {
            int[] t = triangles;
            if (t == null) {
                throw built();
            }
            return t;
        }

        private static IllegalStateException built() {
            return new IllegalStateException("this builder has built its mesh; start another");
        }

        /** @return the number of vertices of the mesh being built */
        public int vertexCount() {
            return p().length / 3;
        }

        /** @return the number of triangles of the mesh being built */
        public int triangleCount() {
            return t().length / 3;
        }

        /**
         * Sets one vertex's position.
         *
         * @param vertex vertex index
         * @param x x
         * @param y y
         * @param z z
         * @return this builder
         */
        public Builder setPosition(int vertex, float x, float y, float z) {
            float[] p = p();
            Objects.checkIndex(vertex, p.length / 3);
            p[3 * vertex] = x;
            p[3 * vertex + 1] = y;
            p[3 * vertex + 2] = z;
            return this;
        }

        /**
         * Sets one coordinate of a vertex.
         *
         * @param vertex vertex index
         * @param axis 0 for x, 1 for y, 2 for z
         * @param value the coordinate
         * @return this builder
         */
        public Builder setPosition(int vertex, int axis, float value) {
            float[] p = p();
            Objects.checkIndex(axis, 3);
            p[3 * Objects.checkIndex(vertex, p.length / 3) + axis] = value;
            return this;
        }

        /**
         * Sets one triangle's corners.
         *
         * @param triangle triangle index
         * @param a vertex at corner 0
         * @param b vertex at corner 1
         * @param c vertex at corner 2
         * @return this builder
         */
        public Builder setTriangle(int triangle, int a, int b, int c) {
            int[] t = t();
            Objects.checkIndex(triangle, t.length / 3);
            t[3 * triangle] = a;
            t[3 * triangle + 1] = b;
            t[3 * triangle + 2] = c;
            return this;
        }

        /**
         * Sets the vertex at one corner of a triangle.
         *
         * @param triangle triangle index
         * @param corner 0, 1 or 2
         * @param vertex the vertex index
         * @return this builder
         */
        public Builder setVertex(int triangle, int corner, int vertex) {
            int[] t = t();
            Objects.checkIndex(corner, 3);
            t[3 * Objects.checkIndex(triangle, t.length / 3) + corner] = vertex;
            return this;
        }

        /**
         * Copies positions in: {@code count} vertices from {@code src[3 * offset ..]} to the
         * vertices from {@code firstVertex} on.
         *
         * @param firstVertex first vertex to set
         * @param src x, y, z per vertex; read only during the call
         * @param offset first vertex of {@code src} to read
         * @param count number of vertices
         * @return this builder
         */
        public Builder setPositions(int firstVertex, float[] src, int offset, int count) {
            float[] p = p();
            Objects.checkFromIndexSize(firstVertex, count, p.length / 3);
            Objects.checkFromIndexSize(offset, count, src.length / 3);
            System.arraycopy(src, 3 * offset, p, 3 * firstVertex, 3 * count);
            return this;
        }

        /**
         * Copies triangles in: {@code count} triangles from {@code src[3 * offset ..]} to the
         * triangles from {@code firstTriangle} on.
         *
         * @param firstTriangle first triangle to set
         * @param src three vertex indices per triangle; read only during the call
         * @param offset first triangle of {@code src} to read
         * @param count number of triangles
         * @return this builder
         */
        public Builder setTriangles(int firstTriangle, int[] src, int offset, int count) {
            int[] t = t();
            Objects.checkFromIndexSize(firstTriangle, count, t.length / 3);
            Objects.checkFromIndexSize(offset, count, src.length / 3);
            System.arraycopy(src, 3 * offset, t, 3 * firstTriangle, 3 * count);
            return this;
        }

        /**
         * Sets the crease tags (copied).
         *
         * @param creases the tags
         * @return this builder
         */
        public Builder creases(List<Crease> creases) {
            p();
            this.creases = List.copyOf(creases);
            return this;
        }

        /**
         * @param vertex vertex index
         * @param axis 0 for x, 1 for y, 2 for z
         * @return that coordinate as set so far (0 if never set)
         */
        public float position(int vertex, int axis) {
            float[] p = p();
            Objects.checkIndex(axis, 3);
            return p[3 * Objects.checkIndex(vertex, p.length / 3) + axis];
        }

        /**
         * @param triangle triangle index
         * @param corner 0, 1 or 2
         * @return the vertex index at that corner as set so far (0 if never set)
         */
        public int vertex(int triangle, int corner) {
            int[] t = t();
            Objects.checkIndex(corner, 3);
            return t[3 * Objects.checkIndex(triangle, t.length / 3) + corner];
        }

        /**
         * Hands the arrays to a new mesh, without a copy; the builder is spent afterwards.
         *
         * @return the mesh
         * @throws IllegalStateException if this builder has already built its mesh
         */
        public TriangleMesh build() {
            TriangleMesh mesh = new TriangleMesh(p(), t(), creases, true);
            positions = null;
            triangles = null;
            creases = null;
            return mesh;
        }
    }
}
