package org.loopsub.api;

import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An immutable indexed triangle mesh: {@code float} positions (x, y, z per vertex), {@code int}
 * triangles (three 0-based vertex indices each, counter-clockwise seen from outside), optional
 * crease tags, an optional uv channel and any number of named {@linkplain Primvar primvars}.
 *
 * <p><b>The uv channel</b> (texture coordinates) is face-varying: it has its own values, u and v
 * per uv, and its own index per triangle corner ({@link #uvIndex(int, int)}, 0-based into the uv
 * values), apart from the vertex indices. Two corners share a uv exactly when they carry the same
 * uv index; corners of one vertex with different uv indices form a seam, even where the values
 * happen to be equal. A mesh has the channel for every corner or not at all ({@link #hasUvs()}); a
 * mesh without it behaves as meshes did before the channel existed.
 *
 * <p>Immutable by construction: no array a caller holds is ever the mesh's own. The constructor
 * and {@link #of} copy what they are given, the accessors hand out copies or copy into the
 * caller's buffers, and a mesh made without copies comes from a {@link Builder}, which hands its
 * arrays to the mesh and can then no longer reach them. A mesh may be shared by any number of
 * threads.
 *
 * <p>The constructor checks the array shapes, and the uv channel fully: every uv index names an
 * existing uv and every uv value is finite. Whether the mesh is a valid input for subdivision
 * (manifold, oriented, finite positions, ...) is decided by the tessellator, which refuses an
 * invalid mesh with an {@link InvalidMeshException}. The uv channel is checked here instead because
 * subdivision never looks at it, it only carries it: a bad uv would otherwise surface as a wrong
 * texture, or an exception deep inside an engine, far from where it was made.
 *
 * <p><b>Primvars</b> ({@link #primvars()}): named channels of n floats that refinement carries to
 * every output vertex, each with its {@link Primvar.Interpolation}: a value per vertex refined by
 * the surface's masks or linearly, or face-varying values with their own indices. Names are unique
 * within a mesh. The mesh checks that each fits it (a value per vertex, an index per corner) when it
 * is made; {@link Primvar} checks the rest. The uv channel stays apart from them, as before: it is
 * what the output's {@code vt} and texture coordinates are made of.
 */
public final class TriangleMesh {
    /**
     * The largest valence (number of distinct neighbours) a vertex of a mesh to subdivide may have:
     * the tessellator refuses a mesh with a larger one ({@link MeshProblem.Kind#TOO_LARGE}).
     */
    public static final int MAX_VALENCE = 254;

    private final float[] positions;
    private final int[] triangles;
    private final List<Crease> creases;
    /** Corner tags; given only by {@link #withCorners} and the builder (empty otherwise). */
    private final List<Corner> corners;
    /** u, v per uv; null without a uv channel (then {@link #uvIndices} is null too). */
    private final float[] uvs;
    /** A uv index per corner, parallel to {@link #triangles}; null without a uv channel. */
    private final int[] uvIndices;
    /** Named channels, unmodifiable; empty for a mesh without any. */
    private final List<Primvar> primvars;

    /**
     * Creates a mesh without a uv channel from copies of the given arrays.
     *
     * @param positions x, y, z per vertex; its length must be a multiple of 3
     * @param triangles three vertex indices per triangle; its length must be a multiple of 3
     * @param creases crease tags (copied; may be empty)
     */
    public TriangleMesh(float[] positions, int[] triangles, List<Crease> creases) {
        this(positions.clone(), triangles.clone(), List.copyOf(creases), null, null, List.of(), List.of());
    }

    /**
     * Creates a mesh with a uv channel from copies of the given arrays.
     *
     * @param positions x, y, z per vertex; its length must be a multiple of 3
     * @param triangles three vertex indices per triangle; its length must be a multiple of 3
     * @param creases crease tags (copied; may be empty)
     * @param uvs u, v per uv, finite; its length must be a multiple of 2
     * @param uvIndices a uv index (0-based) per corner, in the order of {@code triangles}: the same
     *     length as {@code triangles}
     * @throws IllegalArgumentException if a shape is wrong, a uv index names no uv or a uv value is
     *     not finite; the message names the first offender (0-based)
     */
    public TriangleMesh(float[] positions, int[] triangles, List<Crease> creases, float[] uvs, int[] uvIndices) {
        this(positions.clone(), triangles.clone(), List.copyOf(creases), uvs.clone(), uvIndices.clone(), List.of(),
                List.of());
    }

    /**
     * Takes the arrays as they are: only for arrays no one else can reach (copies, a builder's).
     * {@code uvs} and {@code uvIndices} are both null (no uv channel) or both not.
     */
    private TriangleMesh(float[] positions, int[] triangles, List<Crease> creases, float[] uvs, int[] uvIndices,
                         List<Corner> corners, List<Primvar> primvars) {
        if (positions.length % 3 != 0) {
            throw new IllegalArgumentException("positions length " + positions.length + " is not a multiple of 3");
        }
        if (triangles.length % 3 != 0) {
            throw new IllegalArgumentException("triangles length " + triangles.length + " is not a multiple of 3");
        }
        if (uvs != null) {
            checkUvs(uvs, uvIndices, triangles.length);
        }
        checkPrimvars(primvars, positions.length / 3, triangles.length / 3);
        this.positions = positions;
        this.triangles = triangles;
        this.creases = creases;
        this.uvs = uvs;
        this.uvIndices = uvIndices;
        this.corners = corners;
        this.primvars = primvars;
    }

    /** Each channel fits the mesh and no two share a name. */
    private static void checkPrimvars(List<Primvar> primvars, int vertexCount, int triangleCount) {
        Set<String> names = new HashSet<>();
        for (Primvar p : primvars) {
            if (!names.add(p.name())) {
                throw new IllegalArgumentException("two primvars are named \"" + p.name() + "\"; names must be unique");
            }
            p.checkFits(vertexCount, triangleCount);
        }
    }

    /** The uv channel's contract (class comment); messages count from 0, as the API does. */
    private static void checkUvs(float[] uvs, int[] uvIndices, int corners) {
        if (uvs.length % 2 != 0) {
            throw new IllegalArgumentException("uvs length " + uvs.length + " is not a multiple of 2");
        }
        if (uvIndices.length != corners) {
            throw new IllegalArgumentException(uvIndices.length + " uv indices for " + corners / 3
                    + " triangles; need 3 per triangle");
        }
        for (int i = 0; i < uvs.length; i++) {
            if (!Float.isFinite(uvs[i])) {
                throw new IllegalArgumentException("uv " + i / 2 + " has " + "uv".charAt(i % 2) + " = " + uvs[i]
                        + "; uv values must be finite");
            }
        }
        int count = uvs.length / 2;
        for (int c = 0; c < corners; c++) {
            int index = uvIndices[c];
            if (index < 0 || index >= count) {
                throw new IllegalArgumentException("triangle " + c / 3 + " corner " + c % 3 + " has uv index " + index
                        + ", but the mesh has " + count + " uvs (indices are 0-based)");
            }
        }
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
     * Creates a mesh without creases but with a uv channel, from copies of the arrays.
     *
     * @param positions x, y, z per vertex
     * @param triangles three vertex indices per triangle
     * @param uvs u, v per uv, finite
     * @param uvIndices a uv index (0-based) per corner, parallel to {@code triangles}
     * @return the mesh
     * @throws IllegalArgumentException as {@link #TriangleMesh(float[], int[], List, float[], int[])}
     */
    public static TriangleMesh of(float[] positions, int[] triangles, float[] uvs, int[] uvIndices) {
        return new TriangleMesh(positions, triangles, List.of(), uvs, uvIndices);
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

    /** @return the corner tags (unmodifiable; vertex sharpness) */
    public List<Corner> corners() {
        return corners;
    }

    /**
     * The same mesh with these corner tags (the arrays are shared: neither mesh ever changes them).
     *
     * @param corners the tags (copied)
     * @return a new mesh
     */
    public TriangleMesh withCorners(List<Corner> corners) {
        return new TriangleMesh(positions, triangles, creases, uvs, uvIndices, List.copyOf(corners), primvars);
    }

    /** @return the named channels, in the order they were given (unmodifiable; empty if none) */
    public List<Primvar> primvars() {
        return primvars;
    }

    /**
     * @param name a channel's name
     * @return the channel of that name, if the mesh has one
     */
    public Optional<Primvar> primvar(String name) {
        for (Primvar p : primvars) {
            if (p.name().equals(name)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * The same mesh with these primvars in place of its own (the arrays are shared: neither mesh
     * ever changes them; a primvar is immutable).
     *
     * @param primvars the channels (the list is copied)
     * @return a new mesh
     * @throws IllegalArgumentException if a channel does not fit the mesh (a value per vertex for a
     *     vertex or varying channel, three indices per triangle for a face-varying one) or two share a
     *     name; the message names the channel
     */
    public TriangleMesh withPrimvars(List<Primvar> primvars) {
        return new TriangleMesh(positions, triangles, creases, uvs, uvIndices, corners, List.copyOf(primvars));
    }

    /** @return whether the mesh has a uv channel: a uv index at every corner */
    public boolean hasUvs() {
        return uvs != null;
    }

    /** @return the number of uvs (u, v pairs); 0 without a uv channel */
    public int uvCount() {
        return uvs == null ? 0 : uvs.length / 2;
    }

    /**
     * @param uvIndex uv index, 0 to {@code uvCount() - 1}
     * @param axis 0 for u, 1 for v
     * @return that value
     * @throws IndexOutOfBoundsException if an argument is out of range (always, without a uv
     *     channel)
     */
    public float uv(int uvIndex, int axis) {
        Objects.checkIndex(axis, 2);
        return uvValues()[2 * Objects.checkIndex(uvIndex, uvCount()) + axis];
    }

    /**
     * @param triangle triangle index
     * @param corner 0, 1 or 2
     * @return the uv index at that corner
     * @throws IllegalStateException if the mesh has no uv channel
     */
    public int uvIndex(int triangle, int corner) {
        if (uvIndices == null) {
            throw new IllegalStateException("the mesh has no uv channel");
        }
        return uvIndices[3 * triangle + corner];
    }

    /** @return a copy of the uv values, u, v per uv; empty without a uv channel */
    public float[] uvs() {
        return uvValues().clone();
    }

    /**
     * @return a copy of the uv indices, three per triangle in the order of {@link #triangles()};
     *     empty without a uv channel
     */
    public int[] uvIndices() {
        return uvIndices == null ? new int[0] : uvIndices.clone();
    }

    /**
     * Copies the uv values into {@code dest} at its current position; the buffer's position is
     * left unchanged. Nothing is copied without a uv channel.
     *
     * @param dest receives {@code 2 * uvCount()} floats
     * @return {@code dest}
     */
    public FloatBuffer getUvs(FloatBuffer dest) {
        dest.duplicate().put(uvValues());
        return dest;
    }

    /**
     * Copies the uv indices into {@code dest} at its current position; the buffer's position is
     * left unchanged. Nothing is copied without a uv channel.
     *
     * @param dest receives {@code 3 * triangleCount()} ints (none without a uv channel)
     * @return {@code dest}
     */
    public IntBuffer getUvIndices(IntBuffer dest) {
        if (uvIndices != null) {
            dest.duplicate().put(uvIndices);
        }
        return dest;
    }

    private float[] uvValues() {
        return uvs == null ? NO_UVS : uvs;
    }

    private static final float[] NO_UVS = {};

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
     * same holds for {@link #setUv} and the uv index setters, each uv and each corner written by
     * one thread. The crease setter, the two {@code uvs} methods that start a uv channel and
     * {@code build()} belong to one thread. Indices out of range throw
     * {@link IndexOutOfBoundsException}; nothing checks that a triangle's indices name existing
     * vertices (the tessellator's validation does), but {@code build()} checks the uv channel as
     * the mesh's constructor does.
     */
    public static final class Builder {
        private float[] positions;
        private int[] triangles;
        private List<Crease> creases = List.of();
        private List<Corner> corners = List.of();
        /** null until a uv channel is started, as in the mesh. */
        private float[] uvs;
        private int[] uvIndices;
        private final List<Primvar> primvars = new ArrayList<>();

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
         * Sets the corner tags (copied).
         *
         * @param corners the tags
         * @return this builder
         */
        public Builder corners(List<Corner> corners) {
            this.corners = List.copyOf(corners);
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
         * Gives the mesh a uv channel of {@code uvCount} uvs, each (0, 0), with uv index 0 at
         * every corner, to be filled by {@link #setUv} and {@link #setUvIndices}; a channel started
         * before is replaced.
         *
         * @param uvCount number of uvs
         * @return this builder
         * @throws IllegalArgumentException if the count is negative or would not fit a Java array
         */
        public Builder uvs(int uvCount) {
            int[] t = t();
            if (uvCount < 0 || 2L * uvCount > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException(uvCount + " uvs do not fit a Java array");
            }
            uvs = new float[2 * uvCount];
            uvIndices = new int[t.length];
            return this;
        }

        /**
         * Gives the mesh a uv channel copied from the arrays; a channel started before is replaced.
         * The contents are checked by {@link #build()}.
         *
         * @param values u, v per uv; read only during the call
         * @param indices a uv index per corner, three per triangle; read only during the call
         * @return this builder
         * @throws IllegalArgumentException if {@code values} has an odd length or {@code indices}
         *     does not hold three per triangle
         */
        public Builder uvs(float[] values, int[] indices) {
            int[] t = t();
            if (values.length % 2 != 0) {
                throw new IllegalArgumentException("uvs length " + values.length + " is not a multiple of 2");
            }
            if (indices.length != t.length) {
                throw new IllegalArgumentException(indices.length + " uv indices for " + t.length / 3
                        + " triangles; need 3 per triangle");
            }
            uvs = values.clone();
            uvIndices = indices.clone();
            return this;
        }

        /**
         * Adds a named channel (immutable, so shared, not copied); it is checked against the mesh by
         * {@link #build()}.
         *
         * @param primvar the channel
         * @return this builder
         */
        public Builder primvar(Primvar primvar) {
            p();
            primvars.add(Objects.requireNonNull(primvar, "primvar"));
            return this;
        }

        /** @return whether a uv channel was started */
        public boolean hasUvs() {
            p();
            return uvs != null;
        }

        /** @return the number of uvs of the channel started; 0 if none was */
        public int uvCount() {
            p();
            return uvs == null ? 0 : uvs.length / 2;
        }

        private float[] uv() {
            p();
            if (uvs == null) {
                throw new IllegalStateException("no uv channel; start one with uvs(count) first");
            }
            return uvs;
        }

        private int[] uvi() {
            p();
            if (uvIndices == null) {
                throw new IllegalStateException("no uv channel; start one with uvs(count) first");
            }
            return uvIndices;
        }

        /**
         * Sets one uv's values.
         *
         * @param uvIndex uv index
         * @param u u
         * @param v v
         * @return this builder
         * @throws IllegalStateException if no uv channel was started
         */
        public Builder setUv(int uvIndex, float u, float v) {
            float[] uv = uv();
            Objects.checkIndex(uvIndex, uv.length / 2);
            uv[2 * uvIndex] = u;
            uv[2 * uvIndex + 1] = v;
            return this;
        }

        /**
         * Sets the uv indices of one triangle's corners.
         *
         * @param triangle triangle index
         * @param a uv index at corner 0
         * @param b uv index at corner 1
         * @param c uv index at corner 2
         * @return this builder
         * @throws IllegalStateException if no uv channel was started
         */
        public Builder setUvIndices(int triangle, int a, int b, int c) {
            int[] i = uvi();
            Objects.checkIndex(triangle, i.length / 3);
            i[3 * triangle] = a;
            i[3 * triangle + 1] = b;
            i[3 * triangle + 2] = c;
            return this;
        }

        /**
         * Sets the uv index at one corner of a triangle.
         *
         * @param triangle triangle index
         * @param corner 0, 1 or 2
         * @param uvIndex the uv index
         * @return this builder
         * @throws IllegalStateException if no uv channel was started
         */
        public Builder setUvIndex(int triangle, int corner, int uvIndex) {
            int[] i = uvi();
            Objects.checkIndex(corner, 3);
            i[3 * Objects.checkIndex(triangle, i.length / 3) + corner] = uvIndex;
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
         * Hands the arrays to a new mesh, without a copy; the builder is spent afterwards. A
         * refused uv channel leaves the builder as it was, to be corrected.
         *
         * @return the mesh
         * @throws IllegalStateException if this builder has already built its mesh
         * @throws IllegalArgumentException if a uv index names no uv or a uv value is not finite, or a
         *     primvar does not fit the mesh or repeats a name
         */
        public TriangleMesh build() {
            TriangleMesh mesh = new TriangleMesh(p(), t(), creases, uvs, uvIndices, corners, List.copyOf(primvars));
            positions = null;
            triangles = null;
            creases = null;
            uvs = null;
            uvIndices = null;
            primvars.clear();
            return mesh;
        }
    }
}
