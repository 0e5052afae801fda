package org.loopsub.api;

import java.nio.FloatBuffer;
import java.util.List;
import java.util.Objects;

/**
 * The refined surface: an indexed mesh welded by exact position, per-vertex normals, optionally a
 * uv channel, and what each level did.
 *
 * <p>The uv channel is the mesh's ({@link TriangleMesh#hasUvs()}): uvs welded by exact value, a uv
 * index per output corner. The accessors here read it there, so that a result and its mesh cannot
 * disagree; a tessellator puts it on the mesh it builds (the {@code TriangleMesh.Builder}'s
 * {@code uvs} methods) before it starts the result's builder.
 *
 * <p>The input's {@linkplain Primvar primvars} come out on the mesh too ({@link #primvars()}), each
 * refined by its interpolation: a vertex or varying channel with a value per output vertex, a
 * face-varying one with values welded by exact value and an index per output corner.
 *
 * <p>Immutable, and so safe to share between threads: the normals are the result's own, handed
 * out only as copies ({@link #normals()}, {@link #getNormals(FloatBuffer)}) or one value at a time
 * ({@link #normal(int, int)}), as {@link TriangleMesh} does with its positions. A tessellator
 * makes its result through a {@link Builder}, which fills the normals in place, so the large
 * output is never copied on the way out.
 */
public final class RefineResult {
    private final TriangleMesh mesh;
    private final float[] normals;
    private final List<LevelStats> levels;
    private final int inputVerticesMerged;
    private final List<String> warnings;
    private final String backend;

    /**
     * Creates a result from a copy of the normals.
     *
     * @param mesh the output mesh, vertices in order of first use by the triangles
     * @param normals unit normal per output vertex (x, y, z): {@code 3 * mesh.vertexCount()} floats,
     *     copied
     * @param levels one entry per level, in order (copied)
     * @param inputVerticesMerged input vertices that shared an exact position with an earlier one
     *     and were merged before validation
     * @param warnings things the caller may want to tell a user (copied)
     * @param backend name of the back end that computed the positions
     * @throws IllegalArgumentException if {@code normals} does not hold one normal per vertex
     */
    public RefineResult(TriangleMesh mesh, float[] normals, List<LevelStats> levels, int inputVerticesMerged,
                        List<String> warnings, String backend) {
        this(mesh, checkedNormals(mesh, normals).clone(), levels, inputVerticesMerged, warnings, backend, true);
    }

    /** Takes {@code normals} as it is: only for an array no one else can reach (a copy, a builder's). */
    private RefineResult(TriangleMesh mesh, float[] normals, List<LevelStats> levels, int inputVerticesMerged,
                         List<String> warnings, String backend, boolean owned) {
        this.mesh = mesh;
        this.normals = normals;
        this.levels = List.copyOf(levels);
        this.inputVerticesMerged = inputVerticesMerged;
        this.warnings = List.copyOf(warnings);
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    private static float[] checkedNormals(TriangleMesh mesh, float[] normals) {
        if (normals.length != 3L * mesh.vertexCount()) {
            throw new IllegalArgumentException(normals.length + " normal floats for " + mesh.vertexCount()
                    + " vertices; need 3 per vertex");
        }
        return normals;
    }

    /**
     * Starts a result for {@code mesh} whose normals are filled in place and taken without a copy.
     *
     * @param mesh the output mesh
     * @return a builder; every normal starts as (0, 0, 0)
     */
    public static Builder builder(TriangleMesh mesh) {
        return new Builder(mesh);
    }

    /** @return the output mesh, vertices in order of first use by the triangles */
    public TriangleMesh mesh() {
        return mesh;
    }

    /**
     * @return a copy of the normals: a unit normal per output vertex (x, y, z), area-weighted over
     *     the faces around it, or on the limit surface ({@link RefineOptions#withLimitSurface}) the
     *     vertex's limit normal
     */
    public float[] normals() {
        return normals.clone();
    }

    /**
     * @param vertex vertex index of {@link #mesh()}
     * @param axis 0 for x, 1 for y, 2 for z
     * @return that component of the vertex's normal
     */
    public float normal(int vertex, int axis) {
        Objects.checkIndex(axis, 3);
        return normals[3 * Objects.checkIndex(vertex, normals.length / 3) + axis];
    }

    /**
     * Copies the normals into {@code dest} at its current position; the buffer's position is left
     * unchanged (relative bulk get, as {@link TriangleMesh#getPositions}).
     *
     * @param dest receives {@code 3 * mesh().vertexCount()} floats
     * @return {@code dest}
     */
    public FloatBuffer getNormals(FloatBuffer dest) {
        dest.duplicate().put(normals);
        return dest;
    }

    /** @return one entry per level, in order (unmodifiable) */
    public List<LevelStats> levels() {
        return levels;
    }

    /**
     * @return input vertices that shared an exact position with an earlier one and were merged
     *     before validation
     */
    public int inputVerticesMerged() {
        return inputVerticesMerged;
    }

    /** @return things the caller may want to tell a user, e.g. unreferenced vertices dropped (unmodifiable) */
    public List<String> warnings() {
        return warnings;
    }

    /** @return name of the back end that computed the positions */
    public String backend() {
        return backend;
    }

    /** @return whether the output has a uv channel; the same as {@code mesh().hasUvs()} */
    public boolean hasUvs() {
        return mesh.hasUvs();
    }

    /** @return the number of output uvs; 0 without a uv channel ({@link TriangleMesh#uvCount()}) */
    public int uvCount() {
        return mesh.uvCount();
    }

    /**
     * @param uvIndex uv index
     * @param axis 0 for u, 1 for v
     * @return that value ({@link TriangleMesh#uv(int, int)})
     */
    public float uv(int uvIndex, int axis) {
        return mesh.uv(uvIndex, axis);
    }

    /**
     * @param triangle output triangle
     * @param corner 0, 1 or 2
     * @return the uv index at that corner ({@link TriangleMesh#uvIndex(int, int)})
     * @throws IllegalStateException if the output has no uv channel
     */
    public int uvIndex(int triangle, int corner) {
        return mesh.uvIndex(triangle, corner);
    }

    /** @return a copy of the output uvs, u, v per uv; empty without a uv channel */
    public float[] uvs() {
        return mesh.uvs();
    }

    /** @return a copy of the output uv indices, three per triangle; empty without a uv channel */
    public int[] uvIndices() {
        return mesh.uvIndices();
    }

    /** @return the refined primvars, in the input's order ({@code mesh().primvars()}) */
    public List<Primvar> primvars() {
        return mesh.primvars();
    }

    /**
     * The same result whose mesh carries these primvars (the normals are shared, not copied: neither
     * result ever changes them).
     *
     * @param primvars the refined channels
     * @return a new result
     * @throws IllegalArgumentException as {@link TriangleMesh#withPrimvars}
     */
    public RefineResult withPrimvars(List<Primvar> primvars) {
        return new RefineResult(mesh.withPrimvars(primvars), normals, levels, inputVerticesMerged, warnings, backend,
                true);
    }

    /** @return the number of output triangles */
    public long triangleCount() {
        return mesh.triangleCount();
    }

    @Override
    public String toString() {
        return "RefineResult[" + mesh.vertexCount() + " vertices, " + mesh.triangleCount() + " triangles, "
                + levels.size() + " levels, backend " + backend + "]";
    }

    /**
     * Fills a result's normals in place and hands them over without a copy, as
     * {@link TriangleMesh.Builder} does for a mesh; after {@link #build()} every method throws
     * {@link IllegalStateException}.
     *
     * <p>Threads: {@link #setNormal} may be called from several threads at once for different
     * vertices; those threads must finish before the one that calls {@code build()} does (a join
     * orders their writes before it). The other setters and {@code build()} belong to one thread.
     */
    public static final class Builder {
        private final TriangleMesh mesh;
        private float[] normals;
        private List<LevelStats> levels = List.of();
        private int inputVerticesMerged;
        private List<String> warnings = List.of();
        private String backend;

        private Builder(TriangleMesh mesh) {
            this.mesh = Objects.requireNonNull(mesh, "mesh");
            this.normals = new float[3 * mesh.vertexCount()];
        }

        private float[] n() {
            float[] n = normals;
            if (n == null) {
                throw new IllegalStateException("this builder has built its result; start another");
            }
            return n;
        }

        /** @return the mesh the result is for */
        public TriangleMesh mesh() {
            n();
            return mesh;
        }

        /**
         * Sets one vertex's normal.
         *
         * @param vertex vertex index of the mesh
         * @param x x
         * @param y y
         * @param z z
         * @return this builder
         */
        public Builder setNormal(int vertex, float x, float y, float z) {
            float[] n = n();
            Objects.checkIndex(vertex, n.length / 3);
            n[3 * vertex] = x;
            n[3 * vertex + 1] = y;
            n[3 * vertex + 2] = z;
            return this;
        }

        /**
         * @param levels one entry per level, in order (copied)
         * @return this builder
         */
        public Builder levels(List<LevelStats> levels) {
            n();
            this.levels = List.copyOf(levels);
            return this;
        }

        /**
         * @param merged input vertices merged before validation
         * @return this builder
         */
        public Builder inputVerticesMerged(int merged) {
            n();
            this.inputVerticesMerged = merged;
            return this;
        }

        /**
         * @param warnings things to tell a user (copied)
         * @return this builder
         */
        public Builder warnings(List<String> warnings) {
            n();
            this.warnings = List.copyOf(warnings);
            return this;
        }

        /**
         * @param backend name of the back end that computed the positions (required)
         * @return this builder
         */
        public Builder backend(String backend) {
            n();
            this.backend = Objects.requireNonNull(backend, "backend");
            return this;
        }

        /**
         * Hands the normals to a new result, without a copy; the builder is spent afterwards.
         *
         * @return the result
         * @throws IllegalStateException if no back end was named, or the result was already built
         */
        public RefineResult build() {
            float[] n = n();
            if (backend == null) {
                throw new IllegalStateException("backend not set");
            }
            normals = null;
            return new RefineResult(mesh, n, levels, inputVerticesMerged, warnings, backend, true);
        }
    }
}
