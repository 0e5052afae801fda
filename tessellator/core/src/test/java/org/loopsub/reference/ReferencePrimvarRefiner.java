package org.loopsub.reference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.loopsub.api.Primvar;
import org.loopsub.api.TriangleMesh;
import org.loopsub.reference.ReferenceCreaseLoop.Level;
import org.loopsub.reference.ReferenceCreaseLoop.Step;
import org.loopsub.reference.ReferenceLoop.RefMesh;

/**
 * OpenSubdiv 3.5's {@code Far::PrimvarRefiner} for uniform Loop refinement of a triangle mesh, in
 * double precision: channels of any width refined level by level with the surface
 * ({@link ReferenceCreaseLoop}). As in OpenSubdiv, the masks are the topology's, decided once per
 * level, and a channel only applies them, value by value and component by component
 * ({@code addWithWeight}). It shares no code with the engine.
 *
 * <ul>
 *   <li>{@link #interpolate} ({@code Interpolate}, vertex data): each child vertex is the weighted sum
 *       of its parent vertices by the surface's own stencil ({@link Step#stencilWeights()}): Loop's
 *       vertex and edge masks with the crease, corner, semi-sharp transition and boundary rules of
 *       docs/design.md §3 ({@code LOOP_RULES.md}), exactly what the positions take.</li>
 *   <li>{@link #interpolateVarying} ({@code InterpolateVarying}): a vertex child keeps its parent's
 *       value, an edge child takes {@code 1/2 (a + b)} of its edge's ends, whatever the sharpness: the
 *       barycentric interpolation of the base triangle's values.</li>
 *   <li>{@link #interpolateFaceVarying} ({@code InterpolateFaceVarying}): the face-varying rules of
 *       {@link ReferenceFaceVarying} (linear, or smooth with seams) applied to every component; the
 *       rules decide from the indices and the topology alone, so a channel of width {@code n} is
 *       refined as {@code ceil(n / 2)} two-float channels that share their child indices.</li>
 *   <li>{@link #limit} ({@code Limit}): vertex data takes the surface's limit mask of each vertex's rule
 *       ({@link ReferenceCreaseLoop#limit}); varying data stays (linear data has no other limit); face-varying
 *       data takes {@link ReferenceFaceVarying#limit}.</li>
 * </ul>
 */
public final class ReferencePrimvarRefiner {
    private ReferencePrimvarRefiner() {
    }

    /**
     * A channel on one level.
     *
     * @param name its name
     * @param kind its interpolation
     * @param width doubles per value
     * @param values {@code width} doubles per value: per vertex, or per face-varying value
     * @param indices per corner ({@code 3 t + c}) its value, face-varying only (else null)
     */
    public record Channel(String name, Primvar.Interpolation kind, int width, double[] values, int[] indices) {
        /** @return number of values */
        public int valueCount() {
            return values.length / width;
        }

        /**
         * @param value a value index
         * @param component 0 to {@code width - 1}
         * @return that double
         */
        public double value(int value, int component) {
            return values[width * value + component];
        }

        /**
         * @param primvar a mesh's channel
         * @return it in double
         */
        public static Channel of(Primvar primvar) {
            float[] v = primvar.values();
            double[] d = new double[v.length];
            for (int i = 0; i < v.length; i++) {
                d[i] = v[i];
            }
            return new Channel(primvar.name(), primvar.interpolation(), primvar.width(), d,
                    primvar.hasIndices() ? primvar.indices() : null);
        }
    }

    /**
     * The surface and its channels on every level.
     *
     * @param levels surface levels, {@code levels.get(0)} the base
     * @param channels per level the channels, in the base's order
     */
    public record Refined(List<Level> levels, List<List<Channel>> channels) {
        /** @return the finest surface level */
        public Level last() {
            return levels.get(levels.size() - 1);
        }

        /** @return the finest level's channels */
        public List<Channel> lastChannels() {
            return channels.get(channels.size() - 1);
        }
    }

    /**
     * @param base the surface
     * @param channels its channels
     * @param faceVarying the face-varying rule
     * @param levels how many steps
     * @return surface and channels on every level
     */
    public static Refined refine(Level base, List<Channel> channels, ReferenceFaceVarying.Interpolation faceVarying,
                                 int levels) {
        List<Level> ls = new ArrayList<>(List.of(base));
        List<List<Channel>> cs = new ArrayList<>(List.of(channels));
        Level level = base;
        List<Channel> current = channels;
        for (int i = 0; i < levels; i++) {
            Step step = ReferenceCreaseLoop.step(level);
            List<Channel> next = new ArrayList<>();
            for (Channel c : current) {
                next.add(step(step, c, faceVarying));
            }
            level = step.child();
            current = next;
            ls.add(level);
            cs.add(current);
        }
        return new Refined(ls, cs);
    }

    /**
     * @param mesh a mesh with primvars
     * @return its channels in double
     */
    public static List<Channel> channels(TriangleMesh mesh) {
        List<Channel> out = new ArrayList<>();
        for (Primvar p : mesh.primvars()) {
            out.add(Channel.of(p));
        }
        return out;
    }

    /**
     * One step of a channel by its kind.
     *
     * @param step the surface step
     * @param ch the channel on {@code step.parent()}
     * @param faceVarying the rule of face-varying channels
     * @return the channel on {@code step.child()}
     */
    public static Channel step(Step step, Channel ch, ReferenceFaceVarying.Interpolation faceVarying) {
        return switch (ch.kind()) {
            case VERTEX -> interpolate(step, ch);
            case VARYING -> interpolateVarying(step, ch);
            case FACE_VARYING -> interpolateFaceVarying(step, ch, faceVarying);
        };
    }

    /** {@code Interpolate}: the surface's stencils on every component. */
    public static Channel interpolate(Step step, Channel ch) {
        requireKind(ch, Primvar.Interpolation.VERTEX);
        int[][] idx = step.stencilIndices();
        double[][] wts = step.stencilWeights();
        int n = ch.width();
        double[] out = new double[n * idx.length];
        for (int c = 0; c < idx.length; c++) {
            for (int i = 0; i < idx[c].length; i++) {
                addWithWeight(out, c, ch, idx[c][i], wts[c][i]);
            }
        }
        return new Channel(ch.name(), ch.kind(), n, out, null);
    }

    /** {@code InterpolateVarying}: vertex children copied, edge children the midpoint of their edge. */
    public static Channel interpolateVarying(Step step, Channel ch) {
        requireKind(ch, Primvar.Interpolation.VARYING);
        int parentVertices = step.parent().mesh().vertexCount();
        int n = ch.width();
        double[] out = new double[n * step.child().mesh().vertexCount()];
        for (int v = 0; v < parentVertices; v++) {
            addWithWeight(out, v, ch, v, 1.0);
        }
        for (Map.Entry<Long, Integer> e : step.edgeVertex().entrySet()) {
            int a = (int) (e.getKey() >>> 32);
            int b = (int) (long) e.getKey();
            addWithWeight(out, e.getValue(), ch, a, 0.5);
            addWithWeight(out, e.getValue(), ch, b, 0.5);
        }
        return new Channel(ch.name(), ch.kind(), n, out, null);
    }

    /** {@code InterpolateFaceVarying}: {@link ReferenceFaceVarying} on the components two at a time. */
    public static Channel interpolateFaceVarying(Step step, Channel ch, ReferenceFaceVarying.Interpolation rule) {
        requireKind(ch, Primvar.Interpolation.FACE_VARYING);
        int n = ch.width();
        int[] indices = null;
        double[] out = null;
        for (int k = 0; k < n; k += 2) {
            ReferenceFaceVarying.Channel pair = ReferenceFaceVarying.step(step, pair(ch, k), rule);
            if (indices == null) {
                indices = pair.cornerValues();
                out = new double[n * pair.valueCount()];
            } else if (!Arrays.equals(indices, pair.cornerValues())) {
                throw new IllegalStateException("face-varying child indices depend on the values");
            }
            unpair(pair.values(), out, n, k);
        }
        return new Channel(ch.name(), ch.kind(), n, out, indices);
    }

    /**
     * {@code Limit}: the limit of every value on {@code level} (class comment).
     *
     * @param level the surface level the channel lives on
     * @param ch the channel
     * @param faceVarying the face-varying rule
     * @return the limit values, with the channel's indices
     */
    public static Channel limit(Level level, Channel ch, ReferenceFaceVarying.Interpolation faceVarying) {
        int n = ch.width();
        double[] out = new double[ch.values().length];
        switch (ch.kind()) {
            case VARYING -> System.arraycopy(ch.values(), 0, out, 0, out.length);
            case VERTEX -> {
                int nv = ch.valueCount();
                for (int k = 0; k < n; k += 3) {
                    double[] triple = new double[3 * nv];
                    for (int v = 0; v < nv; v++) {
                        for (int x = 0; x < 3 && k + x < n; x++) {
                            triple[3 * v + x] = ch.value(v, k + x);
                        }
                    }
                    Level moved = new Level(new RefMesh(triple, level.mesh().triangles()), level.edgeSharpness(),
                            level.vertexSharpness(), level.options());
                    double[] lim = ReferenceCreaseLoop.limit(moved).positions();
                    for (int v = 0; v < nv; v++) {
                        for (int x = 0; x < 3 && k + x < n; x++) {
                            out[n * v + k + x] = lim[3 * v + x];
                        }
                    }
                }
            }
            case FACE_VARYING -> {
                for (int k = 0; k < n; k += 2) {
                    unpair(ReferenceFaceVarying.limit(level, pair(ch, k), faceVarying), out, n, k);
                }
            }
            default -> throw new IllegalStateException();
        }
        return new Channel(ch.name(), ch.kind(), n, out, ch.indices());
    }

    /** OpenSubdiv's one loop: {@code dst[c] += w * src[s]} on every component. */
    private static void addWithWeight(double[] dst, int c, Channel src, int s, double w) {
        int n = src.width();
        for (int x = 0; x < n; x++) {
            dst[n * c + x] += w * src.values()[n * s + x];
        }
    }

    /** Components {@code k, k + 1} (the second 0 past the width) as a two-float channel. */
    private static ReferenceFaceVarying.Channel pair(Channel ch, int k) {
        int n = ch.width();
        double[] two = new double[2 * ch.valueCount()];
        for (int v = 0; v < ch.valueCount(); v++) {
            two[2 * v] = ch.value(v, k);
            two[2 * v + 1] = k + 1 < n ? ch.value(v, k + 1) : 0;
        }
        return new ReferenceFaceVarying.Channel(ch.indices(), two);
    }

    private static void unpair(double[] two, double[] out, int n, int k) {
        for (int v = 0; v < two.length / 2; v++) {
            out[n * v + k] = two[2 * v];
            if (k + 1 < n) {
                out[n * v + k + 1] = two[2 * v + 1];
            }
        }
    }

    private static void requireKind(Channel ch, Primvar.Interpolation kind) {
        if (ch.kind() != kind) {
            throw new IllegalArgumentException(ch.name() + " is " + ch.kind() + ", not " + kind);
        }
    }
}
