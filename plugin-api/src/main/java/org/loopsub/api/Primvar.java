package org.loopsub.api;

import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.Objects;

/**
 * A named channel of per-vertex data that subdivision refines with the surface, OpenSubdiv's
 * "primvar": {@link #width()} floats per value (a colour has 3 or 4, a second uv set 2, skinning
 * weights as many as the rig needs) and an {@link Interpolation} that says how a refined vertex
 * gets its value.
 *
 * <p>A {@link Interpolation#VERTEX} or {@link Interpolation#VARYING} channel has one value per
 * vertex of its mesh; a {@link Interpolation#FACE_VARYING} one has its own values and an index per
 * triangle corner ({@link #index(int, int)}), as the mesh's uv channel does: two corners of a vertex
 * share a value exactly when they carry the same index, and corners of one vertex with different
 * indices form a seam.
 *
 * <p>Immutable: the factories copy what they are given and the accessors hand out copies or copy
 * into the caller's buffers. The factories check the channel on its own (name, width, finite values,
 * indices in range); whether it fits a mesh (a value per vertex, an index per corner) is checked by
 * {@link TriangleMesh} when the channel is put on one.
 */
public final class Primvar {
    /** How refinement carries a channel's values to new vertices (OpenSubdiv's three kinds). */
    public enum Interpolation {
        /**
         * The surface's own masks: Loop's vertex and edge rules with the creases, corners and
         * boundary rules the positions use (OpenSubdiv's {@code PrimvarRefiner::Interpolate}); with
         * the limit surface on, the limit masks as for positions.
         */
        VERTEX,
        /**
         * Linear: a new vertex on an edge takes the mean of its ends, an old one keeps its value, so
         * over each input triangle the values are the barycentric interpolation of its corners'
         * ({@code InterpolateVarying}); the limit surface changes nothing.
         */
        VARYING,
        /**
         * Own values and indices, seams where a vertex's corners carry different indices, refined by
         * the face-varying rule the options give the uv channel ({@link RefineOptions#uvInterpolation()}:
         * linear, or smooth with seams as B-spline curves; {@code InterpolateFaceVarying}).
         */
        FACE_VARYING
    }

    private final String name;
    private final Interpolation interpolation;
    private final int width;
    private final float[] values;
    /** An index per corner with {@link Interpolation#FACE_VARYING}, else null. */
    private final int[] indices;

    private Primvar(String name, Interpolation interpolation, int width, float[] values, int[] indices) {
        this.name = checkName(name);
        this.interpolation = Objects.requireNonNull(interpolation, "interpolation");
        if (width < 1) {
            throw new IllegalArgumentException("primvar \"" + name + "\" has width " + width + "; it must be at least 1");
        }
        if (values.length % width != 0) {
            throw new IllegalArgumentException("primvar \"" + name + "\" has " + values.length
                    + " floats, not a multiple of its width " + width);
        }
        for (int i = 0; i < values.length; i++) {
            if (!Float.isFinite(values[i])) {
                throw new IllegalArgumentException("primvar \"" + name + "\" value " + i / width + " component "
                        + i % width + " is " + values[i] + "; values must be finite (0-based)");
            }
        }
        if (indices != null) {
            int count = values.length / width;
            if (indices.length % 3 != 0) {
                throw new IllegalArgumentException("primvar \"" + name + "\" has " + indices.length
                        + " indices, not 3 per triangle");
            }
            for (int c = 0; c < indices.length; c++) {
                if (indices[c] < 0 || indices[c] >= count) {
                    throw new IllegalArgumentException("primvar \"" + name + "\": triangle " + c / 3 + " corner "
                            + c % 3 + " has index " + indices[c] + ", but the channel has " + count
                            + " values (indices are 0-based)");
                }
            }
        }
        this.width = width;
        this.values = values;
        this.indices = indices;
    }

    private static String checkName(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a primvar's name must not be blank");
        }
        for (int i = 0; i < name.length(); i++) {
            // a name goes into files (a glTF attribute, an OBJ comment): one printable token
            if (Character.isWhitespace(name.charAt(i)) || Character.isISOControl(name.charAt(i))) {
                throw new IllegalArgumentException("primvar name \"" + name + "\" holds whitespace or a control"
                        + " character at " + i);
            }
        }
        return name;
    }

    /**
     * A channel refined by the surface's masks, one value per vertex.
     *
     * @param name the channel's name (no whitespace)
     * @param width floats per value, at least 1
     * @param values {@code width} floats per vertex, finite (copied)
     * @return the channel
     * @throws IllegalArgumentException if the name is blank or holds whitespace, the width is below
     *     1, the length is not a multiple of the width or a value is not finite (the message names the
     *     first offender, 0-based)
     */
    public static Primvar vertex(String name, int width, float[] values) {
        return new Primvar(name, Interpolation.VERTEX, width, values.clone(), null);
    }

    /**
     * A channel interpolated linearly, one value per vertex.
     *
     * @param name the channel's name (no whitespace)
     * @param width floats per value, at least 1
     * @param values {@code width} floats per vertex, finite (copied)
     * @return the channel
     * @throws IllegalArgumentException as {@link #vertex}
     */
    public static Primvar varying(String name, int width, float[] values) {
        return new Primvar(name, Interpolation.VARYING, width, values.clone(), null);
    }

    /**
     * A face-varying channel: its own values and an index per triangle corner.
     *
     * @param name the channel's name (no whitespace)
     * @param width floats per value, at least 1
     * @param values {@code width} floats per value, finite (copied)
     * @param indices a value index (0-based) per corner, three per triangle (copied)
     * @return the channel
     * @throws IllegalArgumentException as {@link #vertex}, or if there are not three indices per
     *     triangle or an index names no value
     */
    public static Primvar faceVarying(String name, int width, float[] values, int[] indices) {
        return new Primvar(name, Interpolation.FACE_VARYING, width, values.clone(), indices.clone());
    }

    /**
     * A channel of the given kind; {@code indices} only for {@link Interpolation#FACE_VARYING}.
     *
     * @param name the channel's name
     * @param interpolation its kind
     * @param width floats per value
     * @param values the values (copied)
     * @param indices an index per corner for a face-varying channel (copied), else null
     * @return the channel
     * @throws IllegalArgumentException as the factories of each kind, or if {@code indices} is given
     *     for a kind without them or missing for a face-varying channel
     */
    public static Primvar of(String name, Interpolation interpolation, int width, float[] values, int[] indices) {
        if ((interpolation == Interpolation.FACE_VARYING) != (indices != null)) {
            throw new IllegalArgumentException("primvar \"" + name + "\": indices go with "
                    + Interpolation.FACE_VARYING + " channels alone, and every such channel needs them");
        }
        return new Primvar(name, interpolation, width, values.clone(), indices == null ? null : indices.clone());
    }

    /** @return the channel's name */
    public String name() {
        return name;
    }

    /** @return how refinement carries the channel */
    public Interpolation interpolation() {
        return interpolation;
    }

    /** @return floats per value */
    public int width() {
        return width;
    }

    /**
     * @return number of values: the mesh's vertices for a vertex or varying channel, the channel's
     *     own for a face-varying one
     */
    public int valueCount() {
        return values.length / width;
    }

    /** @return whether the channel has its own index per corner (face-varying) */
    public boolean hasIndices() {
        return indices != null;
    }

    /**
     * @param value value index
     * @param component 0 to {@code width() - 1}
     * @return that float
     */
    public float value(int value, int component) {
        Objects.checkIndex(component, width);
        return values[width * Objects.checkIndex(value, valueCount()) + component];
    }

    /**
     * @param triangle triangle index
     * @param corner 0, 1 or 2
     * @return the value index at that corner: the channel's own for a face-varying channel
     * @throws IllegalStateException for a vertex or varying channel, whose values follow the
     *     mesh's vertex indices
     */
    public int index(int triangle, int corner) {
        if (indices == null) {
            throw new IllegalStateException("primvar \"" + name + "\" is " + interpolation
                    + ": its values follow the vertex indices");
        }
        Objects.checkIndex(corner, 3);
        return indices[3 * Objects.checkIndex(triangle, indices.length / 3) + corner];
    }

    /** @return a copy of the values, {@code width()} floats per value */
    public float[] values() {
        return values.clone();
    }

    /** @return a copy of the indices, three per triangle; empty for a vertex or varying channel */
    public int[] indices() {
        return indices == null ? new int[0] : indices.clone();
    }

    /**
     * Copies the values into {@code dest} at its current position; the position is left unchanged.
     *
     * @param dest receives {@code width() * valueCount()} floats
     * @return {@code dest}
     */
    public FloatBuffer getValues(FloatBuffer dest) {
        dest.duplicate().put(values);
        return dest;
    }

    /**
     * Copies the indices into {@code dest} at its current position; the position is left unchanged.
     * Nothing is copied for a vertex or varying channel.
     *
     * @param dest receives {@code 3 * triangles} ints
     * @return {@code dest}
     */
    public IntBuffer getIndices(IntBuffer dest) {
        if (indices != null) {
            dest.duplicate().put(indices);
        }
        return dest;
    }

    /** The checks a channel must pass on {@code mesh}'s sizes; messages name the channel. */
    void checkFits(int vertexCount, int triangleCount) {
        if (indices == null && valueCount() != vertexCount) {
            throw new IllegalArgumentException("primvar \"" + name + "\" (" + interpolation + ") has " + valueCount()
                    + " values for " + vertexCount + " vertices; it needs one per vertex");
        }
        if (indices != null && indices.length != 3L * triangleCount) {
            throw new IllegalArgumentException("primvar \"" + name + "\" has " + indices.length / 3
                    + " triangles of indices for " + triangleCount + " triangles");
        }
    }

    @Override
    public String toString() {
        return "Primvar[" + name + ", " + interpolation + ", width " + width + ", " + valueCount() + " values]";
    }
}
