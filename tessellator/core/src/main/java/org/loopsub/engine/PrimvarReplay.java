package org.loopsub.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.loopsub.api.Primvar;
import org.loopsub.api.ProgressListener;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.UvInterpolation;
import org.loopsub.parallel.Workers;
import org.loopsub.prepare.PreparedMesh;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.JavaStreamEngine;
import org.loopsub.stream.RecordBuilder;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;
import org.loopsub.stream.Verdicts;

/**
 * A mesh's primvars refined by replays of its refinement (docs/design.md §3, "Primvars"): the stream
 * runs again over the same topology with the recorded verdicts, each run carrying a slice of one
 * channel where the record carries its existing channels, so the split's rules and the channels'
 * code serve them unchanged.
 *
 * <ul>
 *   <li>{@link Primvar.Interpolation#VERTEX}: three components at a time in the point slots, in
 *       place of the positions: the position channel's masks (creases, corners, boundaries) and, with
 *       the limit surface, the limit channel's.</li>
 *   <li>{@link Primvar.Interpolation#VARYING}: two at a time in the uv slots with the linear rule, a
 *       vertex's value at each of its corners (no seam): the midpoint on every edge.</li>
 *   <li>{@link Primvar.Interpolation#FACE_VARYING}: two at a time in the uv slots with the options'
 *       rule and the channel's own indices, as the uv channel.</li>
 * </ul>
 *
 * <p>Every record that holds an output vertex computes its value with the same operations on the
 * same bits (§5), so a vertex or varying channel has one value per welded output vertex; a
 * face-varying channel is welded by exact value, as the uvs are.
 */
final class PrimvarReplay {
    private PrimvarReplay() {
    }

    /**
     * @param input the user's mesh, with its primvars
     * @param prepared the mesh as it was refined (welded, configured for {@code options})
     * @param options the options of that refinement
     * @param verdicts its recorded verdicts
     * @param output the welded output, triangles in output order
     * @param triangles the output's triangle count
     * @param workers the threads the replays run on
     * @return the refined channels, in the input's order, and what the user should know of them
     */
    static Refined refine(TriangleMesh input, PreparedMesh prepared, RefineOptions options, Verdicts verdicts,
                                TriangleMesh output, long triangles, Workers workers) {
        List<Primvar> out = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        float[] weights = LoopRules.weights(options.scheme(), Math.max(6, prepared.topology().maxValence()));
        int[] outputCorners = output.triangles();
        for (Primvar p : input.primvars()) {
            int n = p.width();
            int slice = p.interpolation() == Primvar.Interpolation.VERTEX ? 3 : 2;
            float[] corners = new float[Math.multiplyExact(n, outputCorners.length)];
            for (int k = 0; k < n; k += slice) {
                RecordLayout layout = layout(prepared.layout(), p, options);
                List<RecordChunk> records = records(p, k, prepared, layout, options);
                JavaStreamEngine engine = new JavaStreamEngine(layout, weights, workers);
                Verdicts replay = verdicts.replay();
                JavaStreamEngine.Output run = engine.run(records, options.levels(), -1, replay.test(),
                        ProgressListener.NONE, replay);
                if (run.triangleCount() != triangles) {
                    throw new IllegalStateException("the replay of primvar \"" + p.name() + "\" made "
                            + run.triangleCount() + " triangles where the refinement made " + triangles);
                }
                gather(run.corners(), layout, p.interpolation() == Primvar.Interpolation.VERTEX ? 0 : layout.vertexUv(),
                        Math.min(slice, n - k), corners, n, k);
            }
            out.add(p.hasIndices() ? faceVarying(p, corners, outputCorners.length)
                    : perVertex(p, corners, outputCorners, output.vertexCount(), warnings));
        }
        return new Refined(out, warnings);
    }

    /** The refined channels and the warnings they raised. */
    record Refined(List<Primvar> primvars, List<String> warnings) {
    }

    /** The refinement's layout with the slots a channel's replay carries it in. */
    private static RecordLayout layout(RecordLayout refined, Primvar p, RefineOptions options) {
        EnumSet<RecordLayout.Feature> f = refined.features();
        f.remove(RecordLayout.Feature.UVS);
        f.remove(RecordLayout.Feature.SMOOTH_UVS);
        if (p.interpolation() != Primvar.Interpolation.VERTEX) {
            f.add(RecordLayout.Feature.UVS);
        }
        if (p.interpolation() == Primvar.Interpolation.FACE_VARYING
                && options.uvInterpolation() == UvInterpolation.SMOOTH) {
            f.add(RecordLayout.Feature.SMOOTH_UVS);
        }
        return RecordLayout.of(refined.fanCapacity(), f);
    }

    /** Level 0 of the replay of components {@code k ..} of {@code p}. */
    private static List<RecordChunk> records(Primvar p, int k, PreparedMesh prepared, RecordLayout layout,
                                             RefineOptions options) {
        int[] tri = prepared.mesh().triangles();
        int[] source = prepared.sourceVertices();
        int n = p.width();
        if (p.interpolation() == Primvar.Interpolation.VERTEX) {
            // a welded vertex takes its source's value, as it takes its position
            float[] points = new float[3 * source.length];
            for (int v = 0; v < source.length; v++) {
                for (int x = 0; x < 3 && k + x < n; x++) {
                    points[3 * v + x] = p.value(source[v], k + x);
                }
            }
            return RecordBuilder.build(tri, points, prepared.topology(), layout, prepared.scheme(),
                    prepared.sharpness(), null, null);
        }
        int[] index = p.hasIndices() ? p.indices() : null;
        float[] uvs = new float[2 * tri.length];
        for (int c = 0; c < tri.length; c++) {
            int value = index != null ? index[c] : source[tri[c]];
            uvs[2 * c] = p.value(value, k);
            uvs[2 * c + 1] = k + 1 < n ? p.value(value, k + 1) : 0f;
        }
        return RecordBuilder.build(tri, prepared.positions(), prepared.topology(), layout, prepared.scheme(),
                prepared.sharpness(), uvs, layout.smoothUvs() ? index : null);
    }

    /** Copies {@code count} floats of every output corner, from {@code at} in its vertex, to components {@code k ..}. */
    private static void gather(float[] run, RecordLayout layout, int at, int count, float[] corners, int n, int k) {
        int vf = layout.vertexFloats();
        int total = corners.length / n;
        for (int c = 0; c < total; c++) {
            System.arraycopy(run, vf * c + at, corners, n * c + k, count);
        }
    }

    /**
     * A vertex's value from its first corner: every corner of it carries the same bits (§5), unless
     * the weld by position joined corners of different places of the surface (flat faces that
     * subdivision folds onto each other, FlatFaces), which a warning then counts.
     */
    private static Primvar perVertex(Primvar p, float[] corners, int[] outputCorners, int vertexCount,
                                     List<String> warnings) {
        int n = p.width();
        float[] values = new float[Math.multiplyExact(n, vertexCount)];
        boolean[] seen = new boolean[vertexCount];
        boolean[] split = new boolean[vertexCount];
        int splits = 0;
        for (int c = 0; c < outputCorners.length; c++) {
            int v = outputCorners[c];
            if (!seen[v]) {
                seen[v] = true;
                System.arraycopy(corners, n * c, values, n * v, n);
            } else if (!split[v] && !Arrays.equals(corners, n * c, n * c + n, values, n * v, n * v + n)) {
                split[v] = true;
                splits++;
            }
        }
        if (splits > 0) {
            warnings.add("primvar \"" + p.name() + "\": " + splits + " output vertices have corners with different"
                    + " values (corners of different places welded by position); each keeps its first corner's");
        }
        return Primvar.of(p.name(), p.interpolation(), n, values, null);
    }

    /** Values welded by exact value (-0 as +0), numbered in order of first use, as the output's uvs. */
    private static Primvar faceVarying(Primvar p, float[] corners, int cornerCount) {
        int n = p.width();
        Map<Key, Integer> number = new HashMap<>();
        int[] indices = new int[cornerCount];
        float[] values = new float[corners.length];
        int count = 0;
        for (int c = 0; c < cornerCount; c++) {
            int[] bits = new int[n];
            for (int x = 0; x < n; x++) {
                float f = corners[n * c + x];
                bits[x] = Float.floatToIntBits(f == 0f ? 0f : f);
            }
            Integer i = number.putIfAbsent(new Key(bits), count);
            if (i == null) {
                System.arraycopy(corners, n * c, values, n * count, n);
                for (int x = 0; x < n; x++) {
                    values[n * count + x] += 0f;
                }
                i = count++;
            }
            indices[c] = i;
        }
        return Primvar.of(p.name(), p.interpolation(), n, Arrays.copyOf(values, n * count), indices);
    }

    private record Key(int[] bits) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(bits, k.bits);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bits);
        }
    }
}
