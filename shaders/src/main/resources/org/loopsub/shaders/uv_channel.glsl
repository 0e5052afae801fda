// The uv channel of the split (twin of UvChannel.java): the uvs of the vertices it makes, in each
// face, by the linear rule (OpenSubdiv's FVAR_LINEAR_ALL, bornUvs) or with SMOOTH_UVS by the smooth
// one (FVAR_LINEAR_CORNERS_ONLY): the positions' masks and the rules split_rules.glsl decided, applied
// to the uvs where they are continuous, B-spline curves along seams.

#ifdef UVS
// The uvs of the vertices this split creates, in this face: the midpoints of its corners' uvs.
vec2 BU0, BU1, BU2;
vec2 bornUv(int e) { return e == 0 ? BU0 : e == 1 ? BU1 : BU2; }
void bornUvs(uint r) {
    vec2 a = loadUv(r, 0), b = loadUv(r, 1), c = loadUv(r, 2);
    BU0 = uvMidpoint(a, b);
    BU1 = uvMidpoint(b, c);
    BU2 = uvMidpoint(c, a);
}
// What output vertices show: a sliver's corner its own (limit) uv, CORNER_UV; a corner child's
// corner, OUT_CORNER_UV (outCornerUv, below); the vertex born on edge e, bornOutUv(e). A child's
// corner takes NEXT_CORNER_UV: with the smooth rule its vertex child's uv, with the linear one its own.
#define CORNER_UV(r, c) loadOutputUv(r, c)
#define OUT_CORNER_UV(r, c) outCornerUv(r, c)
#ifdef SMOOTH_UVS
#define NEXT_CORNER_UV(r, c) uvVertexOf(c)
#else
#define NEXT_CORNER_UV(r, c) loadUv(r, c)
#endif
#ifdef UV_LIMITS
#define bornOutUv(e) bornUvLimit[e]
#else
#define bornOutUv(e) bornUv(e)
#endif
#else
#define NEXT_CORNER_UV(r, c) vec2(0.0)
#define CORNER_UV(r, c) vec2(0.0)
#define OUT_CORNER_UV(r, c) vec2(0.0)
vec2 bornUv(int e) { return vec2(0.0); }
void bornUvs(uint r) {}  // no uvs to make (splitOne calls it in every layout)
#define bornOutUv(e) bornUv(e)
#endif

#ifdef SMOOTH_UVS
// ---- The smooth uv rule (OpenSubdiv's FVAR_LINEAR_CORNERS_ONLY), twin of UvChannel's: a corner's
// uv in this face belongs to a span of faces that carry the same value, bounded by the seam codes of
// its spokes; only that span's values are read for it. The accessors read this level (next false)
// or the level the split makes (next true: the vertex child and the edge points of its spokes).

// Per corner c, ring position i and side (0 the face clockwise of the spoke, 1 counter-clockwise)
// the uv edge point of spoke i at ue(c, i, side); per corner the uv of its vertex child in this face.
#ifdef GENERAL_LANES
// Made by the lane of their corner, read by every lane's writers (splitLanes).
shared float laneUvEdge[LANE_RECORDS][ODD_ROW(3 * RING_MAX * 4)];
shared float laneUvVertex[LANE_RECORDS][7];
#define uvEdge laneUvEdge[gLaneRecord]
#define uvVertex laneUvVertex[gLaneRecord]
#else
float uvEdge[3 * RING_MAX * 4];
float uvVertex[6];
#endif

int ue(int c, int i, int side) { return 4 * (c * RING_MAX + i) + 2 * side; }
float uvAt(int c, int x, bool next) { return next ? uvVertex[2 * c + x] : srcFloat(sR, UV_BASE + 2 * c + x); }
int childCode(int code) { return (code & UV_SEAM_NEAR) | (code != 0 ? UV_SEAM_FAR : 0); }

// The seam code of spoke i of corner c, seen from c (UvChannel.uvCode).
int uvCode(int c, int i, bool next) {
    int code;
    if (i == 0) {
        code = int(srcFloat(sR, UV_SEAM_BASE + c));
    } else if (i == 1) {
        int edge = int(srcFloat(sR, UV_SEAM_BASE + (c + 2) % 3));
        code = (edge & UV_SEAM_NEAR) << 1 | (edge & UV_SEAM_FAR) >> 1;
    } else {
        code = int(srcFloat(sR, UV_SEAM_BASE + ringBit(c, sK[c], sG[c], i)));
    }
    return next ? childCode(code) : code;
}

// The uv of spoke i's far end clockwise (side 0) or counter-clockwise (side 1) of it (UvChannel.uvFarAt).
float uvFarAt(int c, int i, int side, int x, bool next) {
    if (next) return uvEdge[ue(c, i, side) + x];
    if (i == 0) return side == 0 ? srcFloat(sR, UV_FAR_BASE + 4 * c + x) : uvAt((c + 1) % 3, x, false);
    if (i == 1) return side == 0 ? uvAt((c + 2) % 3, x, false) : srcFloat(sR, UV_FAR_BASE + 4 * ((c + 2) % 3) + 2 + x);
    return srcFloat(sR, UV_FAR_BASE + 4 * ringBit(c, sK[c], sG[c], i) + 2 * side + x);
}

float uvSpokeSharpness(int c, int k, int g, int i, bool next) {
#ifdef CREASES
    if (sSharp) {
        float s = spokeSharpness(sR, c, k, g, i);
#ifdef CHAIKIN
        return next ? nearHalf[c * RING_MAX + i] : s;
#else
        return next ? loopDecay(s) : s;
#endif
    }
#endif
    return isBoundarySpoke(k, g, i) ? UV_INFINITE_SHARPNESS : 0.0;
}

float uvCornerSharpness(int c, bool next) {
#ifdef CREASES
    float vs = sSharp ? srcFloat(sR, SHARP_BASE + SPOKES + c) : 0.0;
    return next ? loopDecay(vs) : vs;
#else
    return 0.0;
#endif
}

// Twin of UvChannel.uvEdgePoint.
void uvEdgePoint(int c, int k, int i) {
    int mode = edgeMode[c * RING_MAX + i];
    int o = ue(c, i, 0);
    if (mode == EDGE_MIDPOINT || uvCode(c, i, false) != 0) {
        for (int side = 0; side < 2; side++) {
            for (int x = 0; x < 2; x++) {
                uvEdge[o + 2 * side + x] = loopMidpoint(uvAt(c, x, false), uvFarAt(c, i, side, x, false));
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
#ifdef CREASES
        float v = mode == EDGE_SEMI_SHARP ? loopCreaseEdgePoint(edgeSharp[c * RING_MAX + i], a, b, oc, od)
                                         : loopEdgePoint(a, b, oc, od);
#else
        float v = loopEdgePoint(a, b, oc, od);
#endif
        uvEdge[o + x] = v;
        uvEdge[o + 2 + x] = v;
    }
}

// What uvSpan found (UvChannel.uvSpan): a seamless value, a pinned one, or a curve between two ends.
const int SPAN_MATCHED = 0;
const int SPAN_PINNED = 1;
const int SPAN_CURVE = 2;
int spanS0;
int spanS1;
int spanSide0;
int spanSide1;
int spanFirst;
int spanCount;

// Twin of UvChannel.uvSpan.
int uvSpan(int c, int k, int g, bool next) {
    bool boundary = g != NO_GAP;
    bool mismatched = boundary && k == 2;
    bool nearSeams = false;
    int farSeams = 0;
    int dart = -1;
    for (int i = 0; i < k; i++) {
        int code = uvCode(c, i, next);
        mismatched = mismatched || code != 0;
        nearSeams = nearSeams || (code & UV_SEAM_NEAR) != 0;
        if ((code & UV_SEAM_FAR) != 0) {
            farSeams++;
            dart = i;
        }
    }
    if (!mismatched) return SPAN_MATCHED;
    if (!boundary && !nearSeams) {
        spanS0 = dart;
        spanS1 = dart;
        spanSide0 = 0;
        spanSide1 = 1;
        spanFirst = (dart + 1) % k;
        spanCount = k - 1;
        return farSeams == 1 ? SPAN_CURVE : SPAN_PINNED;
    }
    int last = boundary ? g : -1;
    int first = boundary ? (g + 1) % k : -1;
    int s1 = 1;
    while (s1 != last && (uvCode(c, s1, next) & UV_SEAM_NEAR) == 0) s1 = (s1 + 1) % k;
    int s0 = 0;
    while (s0 != first && (uvCode(c, s0, next) & UV_SEAM_NEAR) == 0) s0 = (s0 + k - 1) % k;
    spanS0 = s0;
    spanS1 = s1;
    spanSide0 = 1;
    spanSide1 = 0;
    spanFirst = (s0 + 1) % k;
    spanCount = (s1 - s0 + k) % k - 1;
    bool pinned = srcFloat(sR, UV_PIN_BASE + c) != 0.0 || spanCount == 0;
    for (int j = 0; j < spanCount && !pinned; j++) pinned = (uvCode(c, (spanFirst + j) % k, next) & UV_SEAM_FAR) != 0;
    return pinned ? SPAN_PINNED : SPAN_CURVE;
}

// Twin of UvChannel.uvMask: the positions' vertex mask on the uvs of a seamless vertex.
float uvMask(int c, int k, int rule, int e0, int e1, int x) {
    float v = uvAt(c, x, false);
    if (rule == RULE_CORNER) return v;
    if (rule == RULE_CREASE) return loopBoundaryVertexPoint(v, uvFarAt(c, e0, 0, x, false), uvFarAt(c, e1, 0, x, false));
    for (int i = 0; i < k; i++) ring[i] = uvFarAt(c, i, 0, x, false);
    return loopVertexPoint(weights[2 * k], weights[2 * k + 1], v, sortedSum(k));
}

// Twin of UvChannel.uvMatched.
float uvMatched(int c, int k, int g, int x) {
#ifdef CREASES
    if (sSharp) {
        float child = uvMask(c, k, sNextRule[c], sNextE0[c], sNextE1[c], x);
        return sBlends[c] ? loopBlend(sBlendWeight[c], uvMask(c, k, sParentRule[c], sParentE0[c], sParentE1[c], x), child)
                          : child;
    }
#endif
    if (g != NO_GAP) {
        return loopBoundaryVertexPoint(uvAt(c, x, false), uvFarAt(c, g, 0, x, false), uvFarAt(c, (g + 1) % k, 0, x, false));
    }
    return uvMask(c, k, RULE_SMOOTH, -1, -1, x);
}

// Twin of UvChannel.uvVertexPoint.
void uvVertexPoint(int c, int k, int g, bool frozen) {
    int o = 2 * c;
    int kind = frozen ? SPAN_PINNED : uvSpan(c, k, g, false);
    if (kind == SPAN_MATCHED) {
        for (int x = 0; x < 2; x++) uvVertex[o + x] = uvMatched(c, k, g, x);
        return;
    }
    float w = -1.0;
#ifdef CREASES
    if (kind == SPAN_CURVE && sSharp) {
        // the span's own transition weight (UvChannel.uvVertexPoint)
        float vs = uvCornerSharpness(c, false);
        float vsNext = uvCornerSharpness(c, true);
        bool infinite = vs >= SHARP_INFINITE;
        bool sharpNow = vs > 0.0;
        bool sharpNext = vsNext > 0.0;
        int nd = 0;
        if (vs > 0.0 && vsNext <= 0.0) ring[nd++] = vs;
        for (int j = 0; j < spanCount; j++) {
            int i = (spanFirst + j) % k;
            float sh = uvSpokeSharpness(c, k, g, i, false);
            float next = uvSpokeSharpness(c, k, g, i, true);
            infinite = infinite || sh >= SHARP_INFINITE;
            sharpNow = sharpNow || sh > 0.0;
            sharpNext = sharpNext || next > 0.0;
            if (sh > 0.0 && next <= 0.0) ring[nd++] = sh;
        }
        if (infinite || sharpNext) kind = SPAN_PINNED;
        if (sharpNow) {
            w = 0.0;
            if (nd != 0) {
                precise float a = sortedSum(nd) * weights[RECIPROCAL_BASE + nd];
                w = min(1.0, a);
            }
        }
    }
#endif
    for (int x = 0; x < 2; x++) {
        float v = uvAt(c, x, false);
        if (kind == SPAN_PINNED) {
            uvVertex[o + x] = v;
            continue;
        }
        float curve = loopBoundaryVertexPoint(v, uvFarAt(c, spanS0, spanSide0, x, false),
                                              uvFarAt(c, spanS1, spanSide1, x, false));
#ifdef CREASES
        uvVertex[o + x] = w >= 0.0 ? loopBlend(w, v, curve) : curve;
#else
        uvVertex[o + x] = curve;
#endif
    }
}
vec2 uvVertexOf(int c) { return vec2(uvVertex[2 * c], uvVertex[2 * c + 1]); }

// The uvs of the vertices this split creates, by the smooth rule: the uv edge point of edge e on
// this face's side (UvChannel.smoothBornUvs).
void smoothBornUvs() {
    BU0 = vec2(uvEdge[ue(0, 0, 1)], uvEdge[ue(0, 0, 1) + 1]);
    BU1 = vec2(uvEdge[ue(1, 0, 1)], uvEdge[ue(1, 0, 1) + 1]);
    BU2 = vec2(uvEdge[ue(2, 0, 1)], uvEdge[ue(2, 0, 1) + 1]);
}
#endif
