package org.loopsub.stream;

import static org.loopsub.stream.SplitRules.EDGE_MIDPOINT;
import static org.loopsub.stream.SplitRules.EDGE_SEMI_SHARP;

import org.loopsub.rules.LoopRules;

/**
 * The uv channel of the split: the uvs of the vertices it makes, in each face, by the linear rule
 * (OpenSubdiv's FVAR_LINEAR_ALL, {@link #bornUvs}) or with {@link RecordLayout#smoothUvs()} by the
 * smooth one (FVAR_LINEAR_CORNERS_ONLY): the positions' masks and the rules {@link SplitRules}
 * decided, applied to the uvs where they are continuous, B-spline curves along seams. Twin of
 * {@code uv_channel.glsl}.
 */
final class UvChannel {
    private final SplitScratch scratch;
    private final SplitRules rules;
    private final RecordLayout layout;
    private final float[] weights;
    private final int ringMax;
    private final boolean chaikin;
    private final int[] ringBits;
    private final float[] nearHalf;
    private final float[] reciprocals;
    private final float[] decayed;
    private final int[] nextRule;
    private final int[] nextE0;
    private final int[] nextE1;
    private final int[] parentRule;
    private final int[] parentE0;
    private final int[] parentE1;
    private final float[] blendWeight;
    private final boolean[] blends;
    private final int[] edgeMode;
    private final float[] edgeSharp;
    /** Per vertex m_e born on edge e, its uv in this face. */
    final float[] bornUv = new float[6];
    /**
     * The smooth uv rule (layouts with {@link RecordLayout#smoothUvs()}): per corner c, ring position i
     * and side (0 the face clockwise of the spoke, 1 counter-clockwise), the uv edge point of spoke i
     * at {@link #ue}; per corner the uv of its vertex child in this face.
     */
    final float[] uvEdge;
    final float[] uvVertex = new float[6];
    /** One coordinate of a uv ring, for the sums that sort it first. */
    final float[] uvRing;

    UvChannel(SplitScratch scratch, SplitRules rules, float[] weights) {
        this.scratch = scratch;
        this.rules = rules;
        this.layout = scratch.layout;
        this.weights = weights;
        this.ringMax = scratch.ringMax;
        this.chaikin = layout.chaikin();
        this.ringBits = scratch.ringBits;
        this.nearHalf = rules.nearHalf;
        this.reciprocals = rules.reciprocals;
        this.decayed = rules.decayed;
        this.nextRule = rules.nextRule;
        this.nextE0 = rules.nextE0;
        this.nextE1 = rules.nextE1;
        this.parentRule = rules.parentRule;
        this.parentE0 = rules.parentE0;
        this.parentE1 = rules.parentE1;
        this.blendWeight = rules.blendWeight;
        this.blends = rules.blends;
        this.edgeMode = rules.edgeMode;
        this.edgeSharp = rules.edgeSharp;
        this.uvEdge = layout.smoothUvs() ? new float[3 * ringMax * 4] : null;
        this.uvRing = new float[ringMax];
    }

    /**
     * The uvs of the vertices this split creates, in this face: the linear rule (OpenSubdiv's
     * FVAR_LINEAR_ALL), the midpoint of the edge's two corner uvs, which both faces of an edge
     * compute from their own values (a seam keeps one value per side).
     */
    void bornUvs(float[] p, int pb) {
        for (int e = 0; e < 3; e++) {
            int e1 = (e + 1) % 3;
            for (int x = 0; x < 2; x++) {
                bornUv[2 * e + x] = LoopRules.midpoint(p[pb + layout.uvFloat(e, x)], p[pb + layout.uvFloat(e1, x)]);
            }
        }
    }

    /**
     * The uvs of the vertices this split creates, by the smooth rule: the uv edge point of edge e on
     * this face's side (spoke 0 of corner e, side 1).
     */
    void smoothBornUvs() {
        for (int e = 0; e < 3; e++) {
            bornUv[2 * e] = uvEdge[ue(e, 0, 1)];
            bornUv[2 * e + 1] = uvEdge[ue(e, 0, 1) + 1];
        }
    }

    // ---- The smooth uv rule (OpenSubdiv's FVAR_LINEAR_CORNERS_ONLY; docs/design.md §3). A corner's
    // uv in this face belongs to a span: the faces around its vertex that carry the same value, which
    // the seam codes of its spokes bound. Only values of that span are ever read for it, so a record
    // carries, per spoke, its far end's uv on both sides and, per corner, this face's value. The
    // accessors read this level (next false) or, for a limit taken one level down, the level the
    // split makes (next true: the vertex child and the edge points of the corner's spokes).

    /** Offset in {@link #uvEdge} of the uv edge point of spoke i of corner c on one side. */
    int ue(int c, int i, int side) {
        return 4 * (c * ringMax + i) + 2 * side;
    }

    /** Corner c's uv in this face. */
    float uvAt(int c, int x, boolean next) {
        return next ? uvVertex[2 * c + x] : scratch.curP[scratch.curPb + layout.uvFloat(c, x)];
    }

    /** The seam code of spoke i of corner c, seen from c: {@link RecordLayout#UV_SEAM_NEAR} at c, FAR at the far end. */
    int uvCode(int c, int i, boolean next) {
        int code;
        if (i == 0) {
            code = (int) scratch.curP[scratch.curPb + layout.uvSeam(c)];
        } else if (i == 1) {
            int edge = (int) scratch.curP[scratch.curPb + layout.uvSeam((c + 2) % 3)];
            code = (edge & RecordLayout.UV_SEAM_NEAR) << 1 | (edge & RecordLayout.UV_SEAM_FAR) >> 1;
        } else {
            code = (int) scratch.curP[scratch.curPb + layout.uvSeam(ringBits[c * ringMax + i])];
        }
        // one level down the spoke's half keeps the seam at c and ends a seam anywhere on the spoke
        return next ? childCode(code) : code;
    }

    private static int childCode(int code) {
        return (code & RecordLayout.UV_SEAM_NEAR) | (code != 0 ? RecordLayout.UV_SEAM_FAR : 0);
    }

    /** The uv of spoke i's far end in the face clockwise (side 0) or counter-clockwise (side 1) of it around corner c. */
    float uvFarAt(int c, int i, int side, int x, boolean next) {
        if (next) {
            return uvEdge[ue(c, i, side) + x];
        }
        if (i == 0) {
            return side == 0 ? scratch.curP[scratch.curPb + layout.uvFar(c, 0, x)] : uvAt((c + 1) % 3, x, false);
        }
        if (i == 1) {
            return side == 0 ? uvAt((c + 2) % 3, x, false) : scratch.curP[scratch.curPb + layout.uvFar((c + 2) % 3, 1, x)];
        }
        return scratch.curP[scratch.curPb + layout.uvFar(ringBits[c * ringMax + i], side, x)];
    }

    /** Sharpness of spoke i of corner c at this level or the next (a boundary spoke is infinitely sharp). */
    float uvSpokeSharpness(int c, int k, int g, int i, boolean next) {
        if (!rules.sharpRecord) {
            return LoopFlagEdges.isBoundarySpoke(k, g, i) ? LoopRules.INFINITE_SHARPNESS : 0f;
        }
        float s = rules.spokeSharpness(scratch.curP, scratch.curPb, c, k, g, i);
        return !next ? s : chaikin ? nearHalf[c * ringMax + i] : LoopRules.decay(s);
    }

    /** Corner c's vertex sharpness at this level or the next. */
    float uvCornerSharpness(int c, boolean next) {
        float vs = rules.sharpRecord ? scratch.curP[scratch.curPb + layout.cornerSharpness(c)] : 0f;
        return next ? LoopRules.decay(vs) : vs;
    }

    /**
     * The uv edge point of spoke i of corner c on both sides: on a seam (or the boundary, or where the
     * positions take the midpoint) the midpoint of each side's ends; elsewhere the positions' own
     * mask, the opposite values each taken in its own face.
     */
    void uvEdgePoint(int c, int k, int i) {
        int mode = edgeMode[c * ringMax + i];
        int o = ue(c, i, 0);
        if (mode == EDGE_MIDPOINT || uvCode(c, i, false) != 0) {
            for (int side = 0; side < 2; side++) {
                for (int x = 0; x < 2; x++) {
                    uvEdge[o + 2 * side + x] = LoopRules.midpoint(uvAt(c, x, false), uvFarAt(c, i, side, x, false));
                }
            }
            return;
        }
        int prev = (i + k - 1) % k;
        int next = (i + 1) % k;
        for (int x = 0; x < 2; x++) {
            float a = uvAt(c, x, false);
            float b = uvFarAt(c, i, 0, x, false);
            float oc = uvFarAt(c, prev, 1, x, false);
            float od = uvFarAt(c, next, 0, x, false);
            float v = mode == EDGE_SEMI_SHARP ? LoopRules.creaseEdgePoint(edgeSharp[c * ringMax + i], a, b, oc, od)
                    : LoopRules.edgePoint(a, b, oc, od);
            uvEdge[o + x] = v;
            uvEdge[o + 2 + x] = v;
        }
    }

    /** What {@link #uvSpan} found: a seamless value, a pinned one, or a curve between two ends. */
    static final int SPAN_MATCHED = 0;
    static final int SPAN_PINNED = 1;
    static final int SPAN_CURVE = 2;
    int spanS0;
    int spanS1;
    int spanSide0;
    int spanSide1;
    int spanFirst;
    int spanCount;

    /**
     * Classifies corner c's value in this face (at this level or the next). A value whose vertex has no
     * seam (and is not a boundary vertex with one face) is matched: it follows the positions' rules.
     * Otherwise its span decides: pinned (one face, the value in two runs, a seam inside, or two seams
     * ending at a seamless interior vertex), or a curve from spoke {@link #spanS0} (its side
     * {@link #spanSide0}) to {@link #spanS1}: the span's two ends, or for a dart (one seam ending at a
     * seamless interior vertex) that seam's two sides. The spokes inside (for the sharpness tests)
     * are {@link #spanCount} from {@link #spanFirst} on.
     */
    int uvSpan(int c, int k, int g, boolean next) {
        boolean boundary = g != RecordLayout.NO_GAP;
        boolean mismatched = boundary && k == 2;
        boolean nearSeams = false;
        int farSeams = 0;
        int dart = -1;
        for (int i = 0; i < k; i++) {
            int code = uvCode(c, i, next);
            mismatched |= code != 0;
            nearSeams |= (code & RecordLayout.UV_SEAM_NEAR) != 0;
            if ((code & RecordLayout.UV_SEAM_FAR) != 0) {
                farSeams++;
                dart = i;
            }
        }
        if (!mismatched) {
            return SPAN_MATCHED;
        }
        if (!boundary && !nearSeams) {
            // a dart's span is every face; its inside, every spoke but the seam (OpenSubdiv's gatherValueSpans)
            spanS0 = dart;
            spanS1 = dart;
            spanSide0 = 0;
            spanSide1 = 1;
            spanFirst = (dart + 1) % k;
            spanCount = k - 1;
            return farSeams == 1 ? SPAN_CURVE : SPAN_PINNED;
        }
        // (a boundary vertex's span also ends at its boundary spokes, g and g + 1)
        int last = boundary ? g : -1;
        int first = boundary ? (g + 1) % k : -1;
        int s1 = 1;
        while (s1 != last && (uvCode(c, s1, next) & RecordLayout.UV_SEAM_NEAR) == 0) {
            s1 = (s1 + 1) % k;
        }
        int s0 = 0;
        while (s0 != first && (uvCode(c, s0, next) & RecordLayout.UV_SEAM_NEAR) == 0) {
            s0 = (s0 + k - 1) % k;
        }
        spanS0 = s0;
        spanS1 = s1;
        spanSide0 = 1;
        spanSide1 = 0;
        spanFirst = (s0 + 1) % k;
        spanCount = Math.floorMod(s1 - s0, k) - 1;
        boolean pinned = scratch.curP[scratch.curPb + layout.uvPin(c)] != 0f || spanCount == 0;
        for (int j = 0; j < spanCount && !pinned; j++) {
            pinned = (uvCode(c, (spanFirst + j) % k, next) & RecordLayout.UV_SEAM_FAR) != 0;
        }
        return pinned ? SPAN_PINNED : SPAN_CURVE;
    }

    /**
     * The uv of corner c's vertex child in this face: a matched value by the positions' vertex rule; a
     * curve by the cubic B-spline's vertex mask {@code 3/4 x + 1/8 (e0 + e1)} unless its span is
     * infinitely sharp or stays sharp one level down (then pinned), blended by the positions'
     * transition weight in the step where its sharpness decays to 0; a pinned value stays.
     */
    void uvVertexPoint(int c, int k, int g, boolean frozen) {
        int o = 2 * c;
        int kind = frozen ? SPAN_PINNED : uvSpan(c, k, g, false);
        if (kind == SPAN_MATCHED) {
            for (int x = 0; x < 2; x++) {
                uvVertex[o + x] = uvMatched(c, k, g, x);
            }
            return;
        }
        float w = -1f;
        if (kind == SPAN_CURVE && rules.sharpRecord) {
            // the transition weight of the span alone: its vertex's and its inner spokes' sharpness
            // that decays to 0 here (OpenSubdiv's FVarRefinement::getFractionalWeight)
            float vs = uvCornerSharpness(c, false);
            float vsNext = uvCornerSharpness(c, true);
            boolean infinite = vs >= LoopRules.INFINITE_SHARPNESS;
            boolean sharpNow = vs > 0;
            boolean sharpNext = vsNext > 0;
            int nd = 0;
            if (vs > 0 && vsNext <= 0) {
                decayed[nd++] = vs;
            }
            for (int j = 0; j < spanCount; j++) {
                int i = (spanFirst + j) % k;
                float sh = uvSpokeSharpness(c, k, g, i, false);
                float next = uvSpokeSharpness(c, k, g, i, true);
                infinite |= sh >= LoopRules.INFINITE_SHARPNESS;
                sharpNow |= sh > 0;
                sharpNext |= next > 0;
                if (sh > 0 && next <= 0) {
                    decayed[nd++] = sh;
                }
            }
            kind = infinite || sharpNext ? SPAN_PINNED : kind;
            w = !sharpNow ? -1f : nd == 0 ? 0f : Math.min(1f, LoopRules.sortedSum(decayed, nd) * reciprocals[nd]);
        }
        for (int x = 0; x < 2; x++) {
            float v = uvAt(c, x, false);
            if (kind == SPAN_PINNED) {
                uvVertex[o + x] = v;
                continue;
            }
            float curve = LoopRules.boundaryVertexPoint(v, uvFarAt(c, spanS0, spanSide0, x, false),
                    uvFarAt(c, spanS1, spanSide1, x, false));
            uvVertex[o + x] = w >= 0f ? LoopRules.blend(w, v, curve) : curve;
        }
    }

    /** One coordinate of a seamless value's vertex child: the positions' rule (and blend) on the uvs. */
    private float uvMatched(int c, int k, int g, int x) {
        if (rules.sharpRecord) {
            float child = uvMask(c, k, nextRule[c], nextE0[c], nextE1[c], x);
            return blends[c] ? LoopRules.blend(blendWeight[c], uvMask(c, k, parentRule[c], parentE0[c], parentE1[c], x),
                    child) : child;
        }
        if (g != RecordLayout.NO_GAP) {
            return LoopRules.boundaryVertexPoint(uvAt(c, x, false), uvFarAt(c, g, 0, x, false),
                    uvFarAt(c, (g + 1) % k, 0, x, false));
        }
        return uvMask(c, k, LoopRules.SMOOTH, -1, -1, x);
    }

    /** Twin of {@link PositionChannel#maskCoordinate} on the uvs of a seamless vertex (its far values agree on both sides). */
    private float uvMask(int c, int k, int rule, int e0, int e1, int x) {
        float v = uvAt(c, x, false);
        if (rule == LoopRules.CORNER) {
            return v;
        }
        if (rule == LoopRules.CREASE) {
            return LoopRules.boundaryVertexPoint(v, uvFarAt(c, e0, 0, x, false), uvFarAt(c, e1, 0, x, false));
        }
        for (int i = 0; i < k; i++) {
            uvRing[i] = uvFarAt(c, i, 0, x, false);
        }
        return LoopRules.vertexPoint(weights[2 * k], weights[2 * k + 1], v, LoopRules.sortedSum(uvRing, k));
    }
}
