package org.loopsub.glengine;

import static org.lwjgl.opengl.GL43C.GL_COPY_READ_BUFFER;
import static org.lwjgl.opengl.GL43C.GL_COPY_READ_BUFFER_BINDING;
import static org.lwjgl.opengl.GL43C.glBindBuffer;
import static org.lwjgl.opengl.GL43C.glGetBufferSubData;
import static org.lwjgl.opengl.GL43C.glGetInteger;

import java.util.Arrays;
import java.util.Locale;
import org.loopsub.api.ProgressListener;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.parallel.Workers;
import org.loopsub.prepare.PreparedMesh;
import org.loopsub.rules.LoopRules;
import org.loopsub.engine.FacadeBody;
import org.loopsub.stream.EdgeCriteria;
import org.loopsub.stream.JavaStreamEngine;
import org.loopsub.stream.LoopDisplace;

/**
 * A renderer's frame ({@link GpuMesh#refine}) against the Java back end: the same triangles in the
 * same order, positions and uvs to the bit, normals in direction (a frame's are of unit length by the
 * driver's {@code inversesqrt}; the Java back end's carried ones are not). A displaced frame's
 * positions are the Java back end's displaced ones to the bit, and its normals are each triangle's
 * displaced face normal ({@link GpuFrame}), checked against the face normal of the Java back end's
 * displaced triangle, computed here in double ({@link #compareFlat}). What {@code loopsub verify}
 * runs on a new driver, and the tests on Mesa: a frame takes other passes than a one-shot refinement
 * (its sizes kept on the GPU, a kept stream, limit normals always), so the one-shot comparison does not
 * vouch for it.
 *
 * <p>Reads the frame's buffers back (a wait for the GPU): for checking, never for drawing. The calling
 * thread must be the one the frame's tessellator was made on, with its context current.
 */
public final class FrameCheck {
    /** Floats per corner in what {@link #frameCorners} and {@link #javaCorners} return without uvs. */
    public static final int CORNER_FLOATS = 6;
    /** The same with uvs: position, normal, u, v. */
    public static final int CORNER_FLOATS_UV = 8;
    /** How far a unit normal may lie from the Java back end's direction, per coordinate. */
    public static final double NORMAL_TOLERANCE = 1e-5;

    private FrameCheck() {
    }

    /**
     * @param mesh the mesh the frame's {@link GpuMesh} was prepared from
     * @param options the options of the frame (no triangle budget: a budget's frame is refined again
     *     with other pixels, which the Java back end would not know)
     * @param gpuMesh the GL back end's prepared mesh that made the frame, the latest it made
     * @param frame that frame
     * @return null where the frame holds the Java back end's triangles, else where they first differ
     * @throws IllegalArgumentException for a mesh not of the GL back end, or options with a budget
     */
    public static String firstDifference(TriangleMesh mesh, RefineOptions options, GpuMesh gpuMesh, GpuFrame frame) {
        if (!(gpuMesh instanceof GlGpuMesh gl)) {
            throw new IllegalArgumentException("not a GPU mesh of the GL back end: " + gpuMesh.getClass().getName());
        }
        if (options.triangleBudget() != 0) {
            throw new IllegalArgumentException("a frame within a triangle budget has no Java twin to compare with");
        }
        frame.triangleCount();  // waits for a resident frame's sizes: where it stopped short, if it did
        boolean uvs = frame.uvBuffer() != 0;
        float[] expected = javaCorners(mesh, options, gl.lastStopLevel);
        float[] actual = frameCorners(frame, uvs);
        int stride = uvs ? CORNER_FLOATS_UV : CORNER_FLOATS;
        return options.displacement().isPresent() ? compareFlat(expected, actual, stride)
                : compare(expected, actual, stride);
    }

    /**
     * The Java back end's corners for a frame of these options: internal frame, output order, per
     * corner its position (displaced where the options displace, by the Java back end's pass), its
     * carried limit normal and, with uvs, u and v.
     *
     * @param stopLevel the level at which the frame stopped short of its room (-1: it did not)
     */
    public static float[] javaCorners(TriangleMesh mesh, RefineOptions options, int stopLevel) {
        return javaCorners(PreparedMesh.of(mesh).configured(true, options), options, stopLevel);
    }

    /** {@link #javaCorners(TriangleMesh, RefineOptions, int)} of a mesh prepared (and maybe moved) already. */
    public static float[] javaCorners(PreparedMesh p, RefineOptions options, int stopLevel) {
        return javaCorners(p, options, stopLevel, true);
    }

    /**
     * @param displace whether to displace the corners where the options displace (false: the limit
     *     surface's corners of the same refinement, culled and stopped as the displaced one)
     */
    public static float[] javaCorners(PreparedMesh p, RefineOptions options, int stopLevel, boolean displace) {
        float[] weights = LoopRules.weights(options.scheme(), Math.max(6, p.topology().maxValence()));
        var test = EdgeCriteria.of(options.criteria(), options.effectiveCulling(), options.limitSurface(),
                p.frame().centre(), p.frame().scaleExponent(), p.frame().radius(p.positions()), FacadeBody.reach(options));
        JavaStreamEngine.Output out = new JavaStreamEngine(p.layout(), weights, Workers.forThreads(0))
                .run(p.records(), options.levels(), stopLevel, test, ProgressListener.NONE);
        float[] corners = out.corners();
        if (displace) {
            options.displacement().ifPresent(d -> LoopDisplace.of(d, p.frame().scaleExponent())
                    .run(corners, p.layout(), out.triangleCount(), Workers.forThreads(0)));
        }
        return corners;
    }

    /**
     * A frame's triangles as drawn, read back without the all-zero padding triangles between its
     * blocks: per corner its position, its normal and, with {@code uvs}, u and v.
     *
     * @throws IllegalStateException where the draw command, the blocks or the padding are not what
     *     {@link GpuFrame} promises
     */
    public static float[] frameCorners(GpuFrame frame, boolean uvs) {
        float[] words = new float[4];
        read(frame.drawIndirectBuffer(), 0, words);
        int[] command = new int[4];
        for (int i = 0; i < 4; i++) {
            command[i] = Float.floatToRawIntBits(words[i]);
        }
        if (command[1] != 1 || command[2] != 0 || command[3] != 0 || command[0] % 3 != 0) {
            throw new IllegalStateException("draw command " + Arrays.toString(command) + ": expected {3n, 1, 0, 0}");
        }
        int drawn = command[0] / 3;
        float[] positions = new float[9 * drawn];
        float[] normals = new float[9 * drawn];
        float[] uv = new float[uvs ? 6 * drawn : 0];
        read(frame.positionBuffer(), 0, positions);
        read(frame.normalBuffer(), 0, normals);
        if (uvs) {
            read(frame.uvBuffer(), 0, uv);
        }
        int stride = uvs ? CORNER_FLOATS_UV : CORNER_FLOATS;
        float[] kept = new float[3 * stride * drawn];
        int n = 0;
        int padding = 0;
        for (int t = 0; t < drawn; t++) {
            if (allZero(positions, 9 * t) && allZero(normals, 9 * t)) {
                padding++;
                continue;
            }
            for (int c = 0; c < 3; c++, n++) {
                System.arraycopy(positions, 9 * t + 3 * c, kept, stride * n, 3);
                System.arraycopy(normals, 9 * t + 3 * c, kept, stride * n + 3, 3);
                if (uvs) {
                    kept[stride * n + 6] = uv[6 * t + 2 * c];
                    kept[stride * n + 7] = uv[6 * t + 2 * c + 1];
                }
            }
        }
        long inBlocks = 0;
        long end = 0;
        for (GpuFrame.Block b : frame.blocks()) {
            if (b.firstTriangle() < end) {
                throw new IllegalStateException("blocks out of order at triangle " + b.firstTriangle());
            }
            end = b.firstTriangle() + b.triangleCount();
            inBlocks += b.triangleCount();
        }
        if (padding > 3 || inBlocks != frame.triangleCount() || end != drawn || n != 3 * frame.triangleCount()) {
            throw new IllegalStateException(String.format(Locale.ROOT,
                    "frame of %d triangles: %d drawn, %d of them padding, %d in blocks ending at %d",
                    frame.triangleCount(), drawn, padding, inBlocks, end));
        }
        return Arrays.copyOf(kept, stride * n);
    }

    /** GL 4.3's read (a renderer's context may be 4.3: NVIDIA gives GLFW's request exactly that). */
    private static void read(int buffer, long offset, float[] dest) {
        int previous = glGetInteger(GL_COPY_READ_BUFFER_BINDING);
        glBindBuffer(GL_COPY_READ_BUFFER, buffer);
        glGetBufferSubData(GL_COPY_READ_BUFFER, offset, dest);
        glBindBuffer(GL_COPY_READ_BUFFER, previous);
    }

    private static boolean allZero(float[] a, int from) {
        for (int i = from; i < from + 9; i++) {
            if (Float.floatToRawIntBits(a[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param stride {@link #CORNER_FLOATS} or {@link #CORNER_FLOATS_UV}
     * @return null where positions and uvs are the same bits and each normal points the Java one's way
     *     within {@link #NORMAL_TOLERANCE}, else the first difference
     */
    public static String compare(float[] expected, float[] actual, int stride) {
        return compare(expected, actual, stride, true);
    }

    /** @param normals whether to hold the normals to the Java back end's direction */
    private static String compare(float[] expected, float[] actual, int stride, boolean normals) {
        int corners = Math.min(expected.length, actual.length) / stride;
        for (int v = 0; v < corners; v++) {
            int at = stride * v;
            for (int i = 0; i < stride; i++) {
                if (i >= 3 && i < 6) {
                    continue;
                }
                if (Float.floatToRawIntBits(expected[at + i]) != Float.floatToRawIntBits(actual[at + i])) {
                    return String.format(Locale.ROOT, "triangle %d, corner %d: %s %s, the Java back end %s",
                            v / 3, v % 3, i < 3 ? "position" : "uv", corner(actual, at, i < 3 ? 0 : 6, i < 3 ? 3 : 2),
                            corner(expected, at, i < 3 ? 0 : 6, i < 3 ? 3 : 2));
                }
            }
            if (!normals) {
                continue;
            }
            double len = Math.sqrt((double) expected[at + 3] * expected[at + 3]
                    + (double) expected[at + 4] * expected[at + 4] + (double) expected[at + 5] * expected[at + 5]);
            for (int x = 0; x < 3; x++) {
                double want = len > 0 ? expected[at + 3 + x] / len : 0;
                if (!(Math.abs(want - actual[at + 3 + x]) <= NORMAL_TOLERANCE)) {
                    return String.format(Locale.ROOT, "triangle %d, corner %d: normal %s, the Java back end's direction %s",
                            v / 3, v % 3, corner(actual, at, 3, 3), corner(expected, at, 3, 3));
                }
            }
        }
        if (expected.length != actual.length) {
            return String.format(Locale.ROOT, "%d triangles, the Java back end %d (the first %d the same)",
                    actual.length / stride / 3, expected.length / stride / 3, corners / 3);
        }
        return null;
    }

    /**
     * Below this sine of a triangle's angle at its first corner its float face normal is not held to
     * the double one: the float cross product of nearly parallel edges loses the direction.
     */
    static final double FLAT_CONDITION = 0.01;
    /** How far a well-conditioned triangle's float face normal may lie from the double one, per coordinate. */
    static final double FLAT_TOLERANCE = 2e-3;

    /**
     * A displaced frame against the Java back end's displaced corners: positions and uvs as
     * {@link #compare}; normals by the frame's rule, each triangle's face normal at its three corners
     * (the same bits at each), of unit length, or zero for a triangle of zero area; where the triangle
     * is well-conditioned ({@link #FLAT_CONDITION}) within {@link #FLAT_TOLERANCE} of the double face
     * normal of the Java back end's positions.
     *
     * @return null where they agree, else the first difference
     */
    public static String compareFlat(float[] expected, float[] actual, int stride) {
        int corners = Math.min(expected.length, actual.length) / stride;
        for (int t = 0; t < corners / 3; t++) {
            int at = 3 * stride * t;
            double[] n = faceNormal(expected, at, stride);
            double edges = Math.sqrt(n[4]);
            for (int c = 0; c < 3; c++) {
                for (int x = 0; x < 3; x++) {
                    if (Float.floatToRawIntBits(actual[at + stride * c + 3 + x]) != Float.floatToRawIntBits(actual[at + 3 + x])) {
                        return String.format(Locale.ROOT, "triangle %d: corner %d's normal %s is not corner 0's %s", t, c,
                                corner(actual, at + stride * c, 3, 3), corner(actual, at, 3, 3));
                    }
                }
            }
            double l2 = 0;
            for (int x = 0; x < 3; x++) {
                l2 += (double) actual[at + 3 + x] * actual[at + 3 + x];
            }
            boolean wellConditioned = n[3] >= FLAT_CONDITION * edges;
            boolean ok = wellConditioned ? Math.abs(l2 - 1) <= 1e-5 && near(n, actual, at)
                    : l2 == 0 || Math.abs(l2 - 1) <= 1e-5;
            if (!ok) {
                return String.format(Locale.ROOT, "triangle %d: normal %s, the Java back end's displaced face normal"
                        + " (%.7f, %.7f, %.7f)", t, corner(actual, at, 3, 3), n[0], n[1], n[2]);
            }
        }
        return compare(expected, actual, stride, false);
    }

    /**
     * @return the unit face normal of the triangle at {@code at} in double (0, 1, 2), the length of its
     *     cross product (3) and the product of its two edges' squared lengths (4)
     */
    private static double[] faceNormal(float[] a, int at, int stride) {
        double[] e = new double[6];
        for (int x = 0; x < 3; x++) {
            e[x] = (double) a[at + stride + x] - a[at + x];
            e[3 + x] = (double) a[at + 2 * stride + x] - a[at + x];
        }
        double nx = e[1] * e[5] - e[2] * e[4];
        double ny = e[2] * e[3] - e[0] * e[5];
        double nz = e[0] * e[4] - e[1] * e[3];
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        double edges = (e[0] * e[0] + e[1] * e[1] + e[2] * e[2]) * (e[3] * e[3] + e[4] * e[4] + e[5] * e[5]);
        return len == 0 ? new double[] {0, 0, 0, 0, edges}
                : new double[] {nx / len, ny / len, nz / len, len, edges};
    }

    private static boolean near(double[] n, float[] a, int at) {
        for (int x = 0; x < 3; x++) {
            if (!(Math.abs(n[x] - a[at + 3 + x]) <= FLAT_TOLERANCE)) {
                return false;
            }
        }
        return true;
    }

    private static String corner(float[] a, int at, int from, int n) {
        StringBuilder s = new StringBuilder("(");
        for (int i = 0; i < n; i++) {
            s.append(i == 0 ? "" : ", ").append(a[at + from + i]);
        }
        return s.append(')').toString();
    }
}
