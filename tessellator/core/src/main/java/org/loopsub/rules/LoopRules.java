package org.loopsub.rules;

import java.util.concurrent.atomic.AtomicReferenceArray;

import org.loopsub.api.Scheme;

/**
 * Loop's subdivision rules: every weight and every mask of the scheme, and nothing else. It knows no
 * mesh, record or buffer type: a neighbourhood comes in, a position goes out. Both back ends take
 * their numbers from here (the GL back end through a storage buffer filled from {@link #weights}, and
 * #defines of the masks' constants), so a weight is written down exactly once.
 *
 * <p>The mask functions work on one coordinate at a time and fix the grouping of every operation
 * (docs/design.md §5): IEEE {@code +} and {@code *} are commutative but not associative, so each formula
 * below is the definition that the shader repeats operation for operation.
 *
 * <p>Sources: C. Loop, "Smooth Subdivision Surfaces Based on Triangles", M.S. thesis, University of
 * Utah, 1987 (vertex and edge masks); J. Warren, "Subdivision methods for geometric design", 1995
 * (the simplified beta); boundary masks as in H. Hoppe et al., "Piecewise smooth surface
 * reconstruction", SIGGRAPH 1994.
 */
public final class LoopRules {
    /** Weight of each end of an interior edge in its edge point. */
    public static final float EDGE_END = 0.375f;
    /** Weight of each of the two vertices opposite an interior edge in its edge point. */
    public static final float EDGE_OPPOSITE = 0.125f;
    /** Weight of each end of a boundary (or completed) edge in its midpoint. */
    public static final float HALF = 0.5f;
    /** Weight of a boundary vertex in its new position. */
    public static final float BOUNDARY_CENTRE = 0.75f;
    /** Weight of each of a boundary vertex's two boundary neighbours. */
    public static final float BOUNDARY_NEIGHBOUR = 0.125f;

    /** Limit position, interior vertex of valence 6: weight of the vertex ({@code 1 - 6 eps}, eps = 1/12). */
    public static final float LIMIT_CENTRE_6 = 0.5f;
    /** Limit position, interior vertex of valence 6: weight of each neighbour ({@code eps = 1/12}, rounded). */
    public static final float LIMIT_RING_6 = (float) (1.0 / 12.0);
    /** Limit position of a crease (boundary) vertex: weight of the vertex, 2/3 rounded. */
    public static final float LIMIT_CREASE_CENTRE = (float) (2.0 / 3.0);
    /** Limit position of a crease (boundary) vertex: weight of each of its two sharp neighbours, 1/6 rounded. */
    public static final float LIMIT_CREASE_NEIGHBOUR = (float) (1.0 / 6.0);

    private LoopRules() {
    }

    /**
     * The interior vertex weight {@code beta(n)} in double precision.
     *
     * @param scheme Loop's original weights or Warren's
     * @param valence number of neighbours, at least 3
     * @return beta; the vertex keeps {@code 1 - n beta} of itself
     */
    public static double beta(Scheme scheme, int valence) {
        if (valence < 3) {
            throw new IllegalArgumentException("interior valence must be >= 3, got " + valence);
        }
        double n = valence;
        if (scheme == Scheme.WARREN) {
            return valence == 3 ? 3.0 / 16.0 : 3.0 / (8.0 * n);
        }
        // StrictMath, not Math: the table must be the same bits on every JVM.
        double c = 0.375 + 0.25 * StrictMath.cos(2.0 * StrictMath.PI / n);
        return (0.625 - c * c) / n;
    }

    /**
     * The float weights both back ends use for interior vertices of valence {@code 0..maxValence}:
     * {@code [2n]} is the centre weight {@code 1 - n beta}, {@code [2n + 1]} is {@code beta}.
     * Entries below valence 3 are zero (no interior vertex has them).
     *
     * @param scheme the vertex weights
     * @param maxValence the largest valence needed
     * @return the table, {@code 2 * (maxValence + 1)} floats
     */
    public static float[] weights(Scheme scheme, int maxValence) {
        float[] w = new float[2 * (maxValence + 1)];
        for (int n = 3; n <= maxValence; n++) {
            double b = beta(scheme, n);
            w[2 * n] = (float) (1.0 - n * b);
            w[2 * n + 1] = (float) b;
        }
        return w;
    }

    /**
     * Interior edge point, one coordinate: {@code 3/8 (a + b) + 1/8 (c + d)}. Symmetric in
     * {@code a, b} and in {@code c, d} to the bit, so both triangles that share the edge agree.
     *
     * @param a one end
     * @param b the other end
     * @param c one opposite vertex
     * @param d the other opposite vertex
     * @return the edge point's coordinate
     */
    public static float edgePoint(float a, float b, float c, float d) {
        return EDGE_END * (a + b) + EDGE_OPPOSITE * (c + d);
    }

    /**
     * Boundary edge point, and the midpoint of a completed edge (adaptive rule): {@code 1/2 (a + b)}.
     *
     * @param a one end
     * @param b the other end
     * @return the midpoint's coordinate
     */
    public static float midpoint(float a, float b) {
        return HALF * (a + b);
    }

    /**
     * Interior vertex point, one coordinate: {@code (1 - n beta) v + beta * sum}.
     *
     * @param centreWeight {@code 1 - n beta}, from {@link #weights}
     * @param beta {@code beta}, from {@link #weights}
     * @param v the vertex
     * @param ringSum the sum of its neighbours, added in ascending order (see {@link #sortedSum})
     * @return the new coordinate
     */
    public static float vertexPoint(float centreWeight, float beta, float v, float ringSum) {
        return centreWeight * v + beta * ringSum;
    }

    /**
     * Boundary vertex point, one coordinate: {@code 3/4 v + 1/8 (p + q)}.
     *
     * @param v the vertex
     * @param p one boundary neighbour
     * @param q the other boundary neighbour
     * @return the new coordinate
     */
    public static float boundaryVertexPoint(float v, float p, float q) {
        return BOUNDARY_CENTRE * v + BOUNDARY_NEIGHBOUR * (p + q);
    }

    /**
     * Sums {@code values[0..count)} in ascending order, so that every record holding the same ring
     * in another rotation or direction gets the same bits. Sorts the array prefix in place.
     *
     * @param values the ring's coordinates (scratch: reordered)
     * @param count how many
     * @return the sum
     */
    public static float sortedSum(float[] values, int count) {
        // Insertion sort: rings are short. The shader sorts runs of up to 8 by a network in registers
        // and longer ones by this loop: the same ascending sequence, so the same sum (it starts from
        // 0 + first written out, zeroPlus, where a compiler might drop the add of 0).
        for (int i = 1; i < count; i++) {
            float x = values[i];
            int j = i - 1;
            while (j >= 0 && values[j] > x) {
                values[j + 1] = values[j];
                j--;
            }
            values[j + 1] = x;
        }
        float s = 0f;
        for (int i = 0; i < count; i++) {
            s += values[i];
        }
        return s;
    }

    // ---- The limit surface (OpenSubdiv 3.5's Loop limit masks, docs/design.md §3). A vertex's
    // limit position and normal do not change with further refinement, so each vertex gets them
    // once, where it is born, and keeps them (docs/design.md §3). Vertices born by a split are always
    // of valence 6 inside or 4 on a boundary: those masks are float functions with fixed grouping,
    // repeated by the shader. Input vertices (any valence) are computed once in double on the host.

    /**
     * Limit position of a new interior vertex (valence 6), one coordinate: {@code 1/2 v + 1/12 sum}.
     *
     * @param v the vertex
     * @param ringSum its six neighbours, added in ascending order
     * @return the limit coordinate
     */
    public static float limitPoint6(float v, float ringSum) {
        return LIMIT_CENTRE_6 * v + LIMIT_RING_6 * ringSum;
    }

    /**
     * Limit position of a crease or boundary vertex, one coordinate: {@code 2/3 v + 1/6 (p + q)}, p and
     * q the ends of its two sharp edges. Symmetric in p and q to the bit.
     *
     * @param v the vertex
     * @param p one sharp neighbour
     * @param q the other
     * @return the limit coordinate
     */
    public static float limitCreasePoint(float v, float p, float q) {
        return LIMIT_CREASE_CENTRE * v + LIMIT_CREASE_NEIGHBOUR * (p + q);
    }

    /**
     * First limit tangent of an interior vertex of valence 6, one coordinate, times 2 (only the
     * normal's direction is used): {@code 2 (q0 - q3) + (q1 + q5) - (q2 + q4)}, the ring counter-clockwise.
     * The doubling is a sum, {@code d + d}: exact, and no constant for the shader to type.
     *
     * @return the scaled tangent's coordinate
     */
    public static float tangentU6(float q0, float q1, float q2, float q3, float q4, float q5) {
        float d = q0 - q3;
        return (d + d) + ((q1 + q5) - (q2 + q4));
    }

    /**
     * Second limit tangent of an interior vertex of valence 6, times {@code 2 / sqrt(3)}:
     * {@code (q1 + q2) - (q4 + q5)}.
     *
     * @return the scaled tangent's coordinate
     */
    public static float tangentV6(float q0, float q1, float q2, float q3, float q4, float q5) {
        return (q1 + q2) - (q4 + q5);
    }

    /**
     * First limit tangent of a boundary vertex, times 2/3: {@code q0 - ql}, q0 the end of its leading
     * boundary edge, ql of the other (q3 for the valence 4 of a vertex born on a boundary).
     *
     * @return the scaled tangent's coordinate
     */
    public static float tangentUBoundary(float q0, float q3) {
        return q0 - q3;
    }

    /**
     * Second limit tangent of a boundary vertex of valence 4, times {@code 2 / sqrt(3)}:
     * {@code 2 ((q1 + q2) - v) - (q0 + q3)}.
     *
     * @return the scaled tangent's coordinate
     */
    public static float tangentVBoundary4(float v, float q0, float q1, float q2, float q3) {
        float d = (q1 + q2) - v;
        return (d + d) - (q0 + q3);
    }

    /**
     * One coordinate of a cross product, {@code a1 b2 - a2 b1}: with (a1, a2, b1, b2) the (y, z),
     * (z, x) or (x, y) components of u and v it gives the x, y or z of {@code u x v}.
     */
    public static float cross(float a1, float a2, float b1, float b2) {
        return a1 * b2 - a2 * b1;
    }

    /**
     * The limit weight {@code eps(n) = 1 / (n + 3 / (8 beta(n)))} of each neighbour of an interior
     * vertex; the vertex keeps {@code 1 - n eps}.
     *
     * @param scheme the vertex weights
     * @param valence number of neighbours, at least 3
     * @return eps
     */
    public static double limitRingWeight(Scheme scheme, int valence) {
        return 1.0 / (valence + 3.0 / (8.0 * beta(scheme, valence)));
    }

    /**
     * The limit weight {@code 1 - n eps(n)} an interior vertex keeps of itself.
     *
     * @param scheme the vertex weights
     * @param valence number of neighbours, at least 3
     * @return {@code 1 - n eps}, eps from {@link #limitRingWeight}
     */
    public static double limitCentreWeight(Scheme scheme, int valence) {
        return 1.0 - valence * limitRingWeight(scheme, valence);
    }

    /** The whole numbers of the corner and crease limits' tangents (and the crease position's divisor). */
    public static final double LIMIT_THREE = 3.0;
    public static final double LIMIT_SIX = 6.0;
    /** The crease limit's first tangent's scale, 3/2. */
    public static final double LIMIT_THREE_HALVES = 1.5;
    /** The crease limit's weight of the vertex, 2/3 in double (its float is {@link #LIMIT_CREASE_CENTRE}). */
    public static final double LIMIT_TWO_THIRDS = 2.0 / 3.0;
    /** {@code sqrt(3)} in double, the crease limit tangent's weight over a sector of three faces. */
    public static final double SQRT3 = StrictMath.sqrt(3.0);
    /** {@code sqrt(3) / 2} in double. */
    public static final double SQRT3_HALF = SQRT3 / 2.0;

    /**
     * Limit position and unit limit normal of an input vertex, in double (OpenSubdiv's limit masks;
     * the vertex's rule is the one its sharpness gives at this level).
     *
     * @param scheme the vertex weights
     * @param v the vertex (3 doubles)
     * @param ring its k neighbours, counter-clockwise (3k doubles)
     * @param k number of neighbours
     * @param rule {@link #SMOOTH} or {@link #DART} (smooth masks), {@link #CREASE} or {@link #CORNER}
     * @param e0 for a crease: the ring position of the sharp edge the one-sided normal's sector starts
     *           at (on a boundary the leading boundary edge, 0); for a corner: its first tangent's end
     * @param e1 for a crease: the other sharp edge's position; for a corner: its second tangent's end
     * @param position receives the limit position (3 doubles)
     * @param normal receives the unit normal, or zero when the tangents are parallel (3 doubles)
     */
    public static void limit(Scheme scheme, double[] v, double[] ring, int k, int rule, int e0, int e1,
                             double[] position, double[] normal) {
        limit(scheme, v, ring, k, rule, e0, e1, position, normal, new double[3], new double[3]);
    }

    /**
     * As {@link #limit(Scheme, double[], double[], int, int, int, int, double[], double[])}, with the
     * two tangents in the caller's arrays (a moving cage takes every vertex's limit each frame).
     *
     * @param du receives the first tangent (3 doubles)
     * @param dv receives the second tangent (3 doubles)
     */
    public static void limit(Scheme scheme, double[] v, double[] ring, int k, int rule, int e0, int e1,
                             double[] position, double[] normal, double[] du, double[] dv) {
        if (rule == CORNER) {
            for (int x = 0; x < 3; x++) {
                position[x] = v[x];
                du[x] = LIMIT_THREE * (ring[3 * e0 + x] - v[x]);
                dv[x] = LIMIT_THREE * (ring[3 * e1 + x] - v[x]);
            }
        } else if (rule == CREASE) {
            // the sector from e0 counter-clockwise to e1: q_0 = ring[e0] .. q_last = ring[e1]
            int last = Math.floorMod(e1 - e0, k);
            int between = last - 1;
            for (int x = 0; x < 3; x++) {
                double q0 = ring[3 * e0 + x];
                double ql = ring[3 * e1 + x];
                position[x] = LIMIT_TWO_THIRDS * v[x] + (q0 + ql) / LIMIT_SIX;
                du[x] = LIMIT_THREE_HALVES * (q0 - ql);
                if (between == 0) {
                    dv[x] = LIMIT_THREE * q0 + LIMIT_THREE * ql - LIMIT_SIX * v[x];
                } else if (between == 1) {
                    dv[x] = LIMIT_THREE * ring[3 * ((e0 + 1) % k) + x] - LIMIT_THREE * v[x];
                } else if (between == 2) {
                    dv[x] = -SQRT3 * v[x] - SQRT3_HALF * (q0 + ql)
                            + SQRT3 * (ring[3 * ((e0 + 1) % k) + x] + ring[3 * ((e0 + 2) % k) + x]);
                } else {
                    Angles a = Angles.of(between + 1);
                    double s = a.edge * (q0 + ql);
                    for (int i = 1; i <= between; i++) {
                        s += a.inner[i] * ring[3 * ((e0 + i) % k) + x];
                    }
                    dv[x] = s;
                }
            }
        } else {
            double eps = limitRingWeight(scheme, k);
            double centre = limitCentreWeight(scheme, k);
            Spokes a = Spokes.of(k);
            for (int x = 0; x < 3; x++) {
                double sum = 0;
                double u = 0;
                double w = 0;
                for (int i = 0; i < k; i++) {
                    double q = ring[3 * i + x];
                    sum += q;
                    u += a.cos[i] * q;
                    w += a.sin[i] * q;
                }
                position[x] = centre * v[x] + eps * sum;
                du[x] = u;
                dv[x] = w;
            }
        }
        double nx = du[1] * dv[2] - du[2] * dv[1];
        double ny = du[2] * dv[0] - du[0] * dv[2];
        double nz = du[0] * dv[1] - du[1] * dv[0];
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        double inv = len > 0 ? 1.0 / len : 0.0;
        normal[0] = nx * inv;
        normal[1] = ny * inv;
        normal[2] = nz * inv;
    }

    /**
     * {@code cos} and {@code sin} of {@code 2 pi i / k}, {@code i < k}: the smooth limit tangents'
     * weights, taken by StrictMath once per valence (the same doubles as taken at every use; a moving
     * cage takes every vertex's limit each frame, and three coordinates times k neighbours of two
     * StrictMath calls each were most of it). Final fields: safely shared between threads.
     */
    private static final class Spokes {
        private static final AtomicReferenceArray<Spokes> BY_VALENCE = new AtomicReferenceArray<>(256);
        final double[] cos;
        final double[] sin;

        private Spokes(int k) {
            cos = new double[k];
            sin = new double[k];
            for (int i = 0; i < k; i++) {
                double a = 2.0 * StrictMath.PI * i / k;
                cos[i] = StrictMath.cos(a);
                sin[i] = StrictMath.sin(a);
            }
        }

        static Spokes of(int k) {
            return cached(BY_VALENCE, k, Spokes::new);
        }
    }

    /**
     * The crease limit tangent's weights over a sector of n faces, taken once per n as {@link Spokes}:
     * {@code -3 sin theta} for the sector's two sharp ends and {@code 6 (1 - cos theta) sin(i theta)}
     * for the neighbours between, {@code theta = pi / n}, each grouped as the mask was written when it
     * multiplied them out at every use, so the products are the same doubles.
     */
    private static final class Angles {
        private static final AtomicReferenceArray<Angles> BY_FACES = new AtomicReferenceArray<>(256);
        final double edge;
        /** Entry i for neighbour i of the sector, {@code 1 <= i < n}; entry 0 unused. */
        final double[] inner;

        private Angles(int n) {
            double theta = StrictMath.PI / n;
            double[] sin = new double[n + 1];
            for (int i = 0; i <= n; i++) {
                sin[i] = StrictMath.sin(i * theta);
            }
            double cosStep = StrictMath.cos(theta);
            edge = -3.0 * sin[1];
            inner = new double[n];
            for (int i = 1; i < n; i++) {
                inner[i] = 6.0 * (1.0 - cosStep) * sin[i];
            }
        }

        static Angles of(int n) {
            return cached(BY_FACES, n, Angles::new);
        }
    }

    /** Where the limit table ({@link #limitTable}) keeps {@link #LIMIT_TWO_THIRDS}. */
    public static final int LIMIT_TABLE_TWO_THIRDS = 0;
    /** Where the limit table keeps {@link #SQRT3}. */
    public static final int LIMIT_TABLE_SQRT3 = 1;
    /** Where the limit table keeps {@link #SQRT3_HALF}. */
    public static final int LIMIT_TABLE_SQRT3_HALF = 2;
    /** Where the limit table keeps {@link #LIMIT_THREE}, {@link #LIMIT_SIX}, {@link #LIMIT_THREE_HALVES}. */
    public static final int LIMIT_TABLE_THREE = 3;
    public static final int LIMIT_TABLE_SIX = 4;
    public static final int LIMIT_TABLE_THREE_HALVES = 5;
    private static final int LIMIT_TABLE_HEADER = 6;

    /**
     * @return where the limit table ({@link #limitTable}) keeps the smooth rule's weights of valence
     *     k: {@code 1 - k eps}, {@code eps}, then {@code cos}, {@code sin} of {@code 2 pi i / k} for
     *     each neighbour i
     */
    public static int limitSmoothAt(int k) {
        return LIMIT_TABLE_HEADER + k * (k + 1);
    }

    /**
     * @return where the limit table for valences up to {@code maxValence} keeps the crease tangent's
     *     weights over a sector of n faces ({@code n >= 4}): the ends' weight, then neighbour i's for
     *     {@code 1 <= i < n}
     */
    public static int limitCreaseAt(int n, int maxValence) {
        return limitSmoothAt(maxValence + 1) + n * (n - 1) / 2;
    }

    /**
     * The doubles {@link #limit} weighs an input vertex's neighbours with, for valences up to
     * {@code maxValence}, in one table (a GPU twin of {@code limit} reads them from it; they are taken
     * from the same per-valence objects {@code limit} reads, so they are written down once): the
     * constants of the corner and crease masks ({@link #LIMIT_TABLE_TWO_THIRDS}...), the smooth rule's weights
     * ({@link #limitSmoothAt}) and the crease tangent's ({@link #limitCreaseAt}).
     *
     * @param scheme the vertex weights
     * @param maxValence the largest valence needed
     * @return the table
     */
    public static double[] limitTable(Scheme scheme, int maxValence) {
        double[] t = new double[limitCreaseAt(maxValence + 1, maxValence)];
        t[LIMIT_TABLE_TWO_THIRDS] = LIMIT_TWO_THIRDS;
        t[LIMIT_TABLE_SQRT3] = SQRT3;
        t[LIMIT_TABLE_SQRT3_HALF] = SQRT3_HALF;
        t[LIMIT_TABLE_THREE] = LIMIT_THREE;
        t[LIMIT_TABLE_SIX] = LIMIT_SIX;
        t[LIMIT_TABLE_THREE_HALVES] = LIMIT_THREE_HALVES;
        for (int k = 3; k <= maxValence; k++) {
            int at = limitSmoothAt(k);
            t[at] = limitCentreWeight(scheme, k);
            t[at + 1] = limitRingWeight(scheme, k);
            Spokes a = Spokes.of(k);
            for (int i = 0; i < k; i++) {
                t[at + 2 + 2 * i] = a.cos[i];
                t[at + 3 + 2 * i] = a.sin[i];
            }
        }
        for (int n = 4; n <= maxValence; n++) {
            int at = limitCreaseAt(n, maxValence);
            Angles a = Angles.of(n);
            t[at] = a.edge;
            for (int i = 1; i < n; i++) {
                t[at + i] = a.inner[i];
            }
        }
        return t;
    }

    /**
     * Entry n of a table made once per n (made again past the cache, and when two threads race to
     * make it: the same values either way).
     */
    private static <T> T cached(AtomicReferenceArray<T> cache, int n, java.util.function.IntFunction<T> make) {
        if (n >= cache.length()) {
            return make.apply(n);
        }
        T t = cache.get(n);
        if (t == null) {
            t = make.apply(n);
            cache.set(n, t);
        }
        return t;
    }

    /**
     * The smallest number of neighbours of a boundary vertex whose limit normal depends on the level
     * it is taken at (three or more interior edges): such a vertex's normal is taken again from its
     * ring at every level, as OpenSubdiv takes it at the finest level ({@link #boundaryTangents}).
     */
    public static final int LEVEL_DEPENDENT_BOUNDARY = 5;

    /**
     * Weights of the second limit tangent of boundary vertices with {@code k >= }
     * {@link #LEVEL_DEPENDENT_BOUNDARY} neighbours, in float: entry {@code k * (maxValence + 1) + i}
     * weighs neighbour {@code q_i}, counted from the end of the leading boundary edge:
     * {@code -3 sin(theta)} for the two boundary neighbours, {@code 6 (1 - cos theta) sin(i theta)} for
     * the others, {@code theta = pi / (k - 1)}. The first tangent is {@code q_0 - q_(k-1)} (times 2/3).
     * Entries for smaller k are zero.
     *
     * @param maxValence the largest valence needed
     * @return the table, {@code (maxValence + 1)^2} floats
     */
    public static float[] boundaryTangents(int maxValence) {
        int stride = maxValence + 1;
        float[] t = new float[stride * stride];
        for (int k = LEVEL_DEPENDENT_BOUNDARY; k <= maxValence; k++) {
            double theta = StrictMath.PI / (k - 1);
            for (int i = 0; i < k; i++) {
                double w = i == 0 || i == k - 1 ? -3.0 * StrictMath.sin(theta)
                        : 6.0 * (1.0 - StrictMath.cos(theta)) * StrictMath.sin(i * theta);
                t[k * stride + i] = (float) w;
            }
        }
        return t;
    }

    /**
     * One coordinate of the weighted sum {@code sum_i w_i q_i}, added in index order: the second limit
     * tangent of a boundary vertex from {@link #boundaryTangents}.
     *
     * @param weights the table
     * @param at index of {@code w_0} in it
     * @param q the neighbours' coordinates, {@code q_0} first
     * @param k how many
     * @return the sum
     */
    public static float weightedSum(float[] weights, int at, float[] q, int k) {
        float s = 0f;
        for (int i = 0; i < k; i++) {
            s = s + weights[at + i] * q[i];
        }
        return s;
    }

    // ---- Creases and corners (OpenSubdiv 3.5's uniform creasing, docs/design.md §3).

    /** Sharpness of an infinitely sharp edge or vertex: boundaries, and tags of 10 or more. */
    public static final float INFINITE_SHARPNESS = 10f;
    /** Vertex rules, by the number of sharp incident edges (or a sharp vertex). */
    public static final int SMOOTH = 0;
    public static final int DART = 1;
    public static final int CREASE = 2;
    public static final int CORNER = 3;

    /**
     * Sharpness one level down (uniform creasing): infinite stays, above 1 loses 1, the rest is 0.
     *
     * @param s a sharpness
     * @return the sharpness of the halves of an edge (or of the vertex) at the next level
     */
    public static float decay(float s) {
        return s >= INFINITE_SHARPNESS ? INFINITE_SHARPNESS : s > 1f ? s - 1f : 0f;
    }

    /**
     * @param vertexSharpness the vertex's sharpness
     * @param sharpEdges how many of its edges have sharpness above 0
     * @return {@link #SMOOTH}, {@link #DART}, {@link #CREASE} or {@link #CORNER}
     */
    public static int vertexRule(float vertexSharpness, int sharpEdges) {
        return vertexSharpness > 0 ? CORNER : Math.min(sharpEdges, CORNER);
    }

    /**
     * Edge point of a semi-sharp edge, {@code 0 < w < 1} its sharpness, one coordinate:
     * {@code (w/2 + (1 - w) 3/8)(a + b) + (1 - w)/8 (c + d)}; symmetric like {@link #edgePoint}.
     */
    public static float creaseEdgePoint(float w, float a, float b, float c, float d) {
        float r = 1f - w;
        float e = w * HALF + r * EDGE_END;
        float o = r * EDGE_OPPOSITE;
        return e * (a + b) + o * (c + d);
    }

    /** The transition between two vertex masks: {@code w * parent + (1 - w) * child}. */
    public static float blend(float w, float parent, float child) {
        return w * parent + (1f - w) * child;
    }

    /**
     * {@code 1 / n} in float for {@code n = 0..count-1} (0 for n = 0): the transition weight is an
     * average, and the shaders may not divide (GLSL's division is not correctly rounded).
     *
     * @param count entries
     * @return the table
     */
    public static float[] reciprocals(int count) {
        float[] r = new float[count];
        for (int n = 1; n < count; n++) {
            r[n] = (float) (1.0 / n);
        }
        return r;
    }

    /**
     * Limit weights of interior vertices for every valence, from the vertex weights in use: entry
     * {@code 2n} is {@code 1 - n eps(n)}, {@code 2n + 1} is {@code eps(n) = 1 / (n + 3 / (8 beta(n)))},
     * in float, beta read from the table (so Warren's weights get Warren's limit).
     *
     * @param weights the table from {@link #weights}
     * @return the limit table, as long as {@code weights}
     */
    public static float[] limitWeights(float[] weights) {
        float[] t = new float[weights.length];
        for (int n = 3; 2 * n + 1 < weights.length; n++) {
            double beta = weights[2 * n + 1];
            double eps = 1.0 / (n + 3.0 / (8.0 * beta));
            t[2 * n] = (float) (1.0 - n * eps);
            t[2 * n + 1] = (float) eps;
        }
        return t;
    }

    /**
     * The tangent weights of interior vertices: entry {@code 2 (n (maxValence + 1) + i)} is
     * {@code cos(2 pi i / n)}, the next {@code sin(2 pi i / n)}, for ring position i counted from
     * wherever the caller starts (counter-clockwise).
     *
     * @param maxValence the largest valence needed
     * @return the table, {@code 2 (maxValence + 1)^2} floats
     */
    public static float[] interiorTangents(int maxValence) {
        int stride = maxValence + 1;
        float[] t = new float[2 * stride * stride];
        for (int n = 3; n <= maxValence; n++) {
            for (int i = 0; i < n; i++) {
                double a = 2.0 * StrictMath.PI * i / n;
                t[2 * (n * stride + i)] = (float) StrictMath.cos(a);
                t[2 * (n * stride + i) + 1] = (float) StrictMath.sin(a);
            }
        }
        return t;
    }

    /** Chaikin's weight of the edge's own sharpness in its half. */
    public static final float CHAIKIN_OWN = 0.75f;
    /** Chaikin's weight of the average of the other semi-sharp edges at the half's end. */
    public static final float CHAIKIN_OTHERS = 0.25f;

    /**
     * The sharpness of the half of an edge at vertex v one level down, by Chaikin's rule:
     * {@code 3/4 s + 1/4 avg - 1}, avg the average of v's other semi-sharp edges ({@code s - 1} when
     * there are none, {@code avg < 0}), at least 0; infinite stays infinite.
     *
     * @param s the edge's sharpness
     * @param avg the average at v, or a negative number when v has no other semi-sharp edge
     * @return the half's sharpness
     */
    public static float chaikinHalf(float s, float avg) {
        if (s >= INFINITE_SHARPNESS) {
            return INFINITE_SHARPNESS;
        }
        if (s <= 0f) {
            return 0f;
        }
        float child = avg < 0f ? s - 1f : CHAIKIN_OWN * s + CHAIKIN_OTHERS * avg - 1f;
        return child > 0f ? child : 0f;
    }
}
