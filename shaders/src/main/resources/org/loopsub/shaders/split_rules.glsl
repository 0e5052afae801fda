// The rules of the record's corners and spokes, decided once per record and then applied by every
// channel and by the child writer, as OpenSubdiv decides a refinement's masks once for all primvars
// (twin of SplitRules.java): frozen corners (cornerFrozen), a sharp record's corner rules and their
// blend (creaseRule), how each spoke's edge point is made (spokeRule), Chaikin's halves one level
// down (chaikinHalves) and whether a vertex born on an edge is a crease vertex (bornCrease).

// How a spoke's edge point is made (spokeRule).
const int EDGE_MIDPOINT = 0;
const int EDGE_SEMI_SHARP = 1;
const int EDGE_SMOOTH = 2;
#ifdef CREASES
// The record has sharpness (general path only).
bool sSharp;
// The corners whose limit depends on the level (STALE_FLAG << c).
uint sStale;
// Per corner: its rule at the next level and its sharp spokes there (creaseRule).
int sNextRule[3];
int sNextE0[3];
int sNextE1[3];
bool sBornStale[3];  // the vertex born on edge e has a level-dependent limit (a semi-sharp crease)
#endif
#ifdef CHAIKIN
// Chaikin's creasing: per corner c and ring position i the half of spoke i at c one level down.
#ifdef GENERAL_LANES
shared float laneNearHalf[LANE_RECORDS][ODD_ROW(3 * RING_MAX)];
#define nearHalf laneNearHalf[gLaneRecord]
#else
float nearHalf[3 * RING_MAX];
#endif
#endif
#ifdef SMOOTH_UVS
// For the smooth uv rule, which follows the positions' rules: how each spoke's edge point is made.
int edgeMode[3 * RING_MAX];
float edgeSharp[3 * RING_MAX];
#ifdef CREASES
// Per corner of a sharp record: its rule before this level's decay, that rule's sharp spokes, the
// blend (creaseRule).
int sParentRule[3];
int sParentE0[3];
int sParentE1[3];
bool sBlends[3];
float sBlendWeight[3];
#endif
#define RECORD_EDGE_MODE(c, i, mode, sharp) { edgeMode[(c) * RING_MAX + (i)] = mode; edgeSharp[(c) * RING_MAX + (i)] = sharp; }
#else
#define RECORD_EDGE_MODE(c, i, mode, sharp)
#endif

#ifdef CREASES
// The record's sharpness and stale corners, from its metadata words (SplitRules.beginRules).
void beginRules(uint m0, uint m1) {
    sSharp = (m0 & SHARP_FLAG) != 0u;
    sStale = m0 & (GENERAL_BITS & ~SHARP_FLAG);
    for (int c = 0; c < 3; c++) {
        // without sharpness, a corner's rule at the next level is its boundary's or the smooth one
        sNextRule[c] = gap(m1, c) != NO_GAP ? RULE_CREASE : RULE_SMOOTH;
        sBornStale[c] = false;
    }
}

float spokeSharpness(uint r, int c, int k, int g, int i) {
    return isBoundarySpoke(k, g, i) ? SHARP_INFINITE : srcFloat(r, SHARP_BASE + ringBit(c, k, g, i));
}
#else
// Without creases no record is sharp or stale: nothing to begin (splitOne calls it in every layout).
void beginRules(uint m0, uint m1) {}
#endif

// Whether corner c keeps its position: it has a complete spoke. On the limit surface nothing is
// frozen (LoopSplit, docs/design.md §4).
bool cornerFrozen(int c) {
    bool frozen = false;
#ifndef LIMIT
    for (int i = 0; i < sK[c] && !frozen; i++) frozen = recBit(ringBit(c, sK[c], sG[c], i));
#endif
    return frozen;
}

#ifdef CHAIKIN
// Twin of SplitRules.chaikinHalves, corner by corner (chaikinCorner: one lane's share).
void chaikinCorner(uint r, int c) {
    for (int i = 0; i < sK[c]; i++) {
        int n = 0;
        for (int j = 0; j < sK[c]; j++) {
            float s = spokeSharpness(r, c, sK[c], sG[c], j);
            if (j != i && s > 0.0 && s < SHARP_INFINITE) ring[n++] = s;
        }
        float avg = -1.0;
        if (n > 0) {
            precise float a = sortedSum(n) * weights[RECIPROCAL_BASE + n];
            avg = a;
        }
        nearHalf[c * RING_MAX + i] = loopChaikinHalf(spokeSharpness(r, c, sK[c], sG[c], i), avg);
    }
}
void chaikinHalves(uint r) {
    for (int c = 0; c < 3; c++) chaikinCorner(r, c);
}

// The half of spoke i of corner c at its far end (SplitRules.farHalf).
float farHalf(uint r, int c, int i) {
    if (i == 0) return nearHalf[((c + 1) % 3) * RING_MAX + 1];
    if (i == 1) return nearHalf[((c + 2) % 3) * RING_MAX];
    return loopChaikinHalf(spokeSharpness(r, c, sK[c], sG[c], i), srcFloat(r, FAR_BASE + ringBit(c, sK[c], sG[c], i)));
}

// The average of the semi-sharp halves at corner y other than that of spoke i, or -1 (SplitRules.nextAverage).
float nextAverage(int y, int i) {
    int n = 0;
    for (int j = 0; j < sK[y]; j++) {
        float h = nearHalf[y * RING_MAX + j];
        if (j != i && h > 0.0 && h < SHARP_INFINITE) ring[n++] = h;
    }
    if (n == 0) return -1.0;
    precise float a = sortedSum(n) * weights[RECIPROCAL_BASE + n];
    return a;
}

float alone(float h) { return h > 0.0 && h < SHARP_INFINITE ? h : -1.0; }

// Ring position of a spoke bit at corner c, or -1 (SplitRules.ringIndex).
int ringIndex(int c, int bit) {
    for (int i = 0; i < sK[c]; i++) {
        if (ringBit(c, sK[c], sG[c], i) == bit) return i;
    }
    return bit == 3 + 2 * c ? sK[c] - 1 : -1;
}
#endif

// Twin of SplitRules.chaikinFar and nextAverageIf: farHalf and nextAverage of this
// record when Chaikin applies (else unused: 0).
#ifdef CHAIKIN
float chaikinFar(uint r, int c, int i) { return sSharp ? farHalf(r, c, i) : 0.0; }
float nextAverageIf(int y, int i) { return sSharp ? nextAverage(y, i) : 0.0; }
#else
float chaikinFar(uint r, int c, int i) { return 0.0; }
float nextAverageIf(int y, int i) { return 0.0; }
float alone(float h) { return 0.0; }
#endif

#ifdef CREASES
// Twin of SplitRules.creaseRule: corner c's rules before this level's decay (parentRule,
// its sharp spokes p0, p1) and after it (childRule; c0, c1), blended (blend, w) by the average of the
// values that decay to 0 (summed in ascending order, times a reciprocal from Java).
void creaseRule(uint r, int c, int k, int g, out int parentRule, out int p0, out int p1, out int childRule,
                out int c0, out int c1, out bool blend, out float w) {
    float vs = srcFloat(r, SHARP_BASE + SPOKES + c);
    float vsNext = loopDecay(vs);
    int nd = 0;
    if (vs > 0.0 && vsNext <= 0.0) ring[nd++] = vs;
    int np = 0;
    int nc = 0;
    p0 = -1;
    p1 = -1;
    c0 = -1;
    c1 = -1;
    for (int i = 0; i < k; i++) {
        float s = spokeSharpness(r, c, k, g, i);
#ifdef CHAIKIN
        float next = nearHalf[c * RING_MAX + i];
#else
        float next = loopDecay(s);
#endif
        if (s > 0.0) {
            if (np == 0) p0 = i; else if (np == 1) p1 = i;
            np++;
            if (next <= 0.0) ring[nd++] = s;
        }
        if (next > 0.0) {
            if (nc == 0) c0 = i; else if (nc == 1) c1 = i;
            nc++;
        }
    }
    parentRule = loopVertexRule(vs, np);
    childRule = loopVertexRule(vsNext, nc);
    sNextRule[c] = childRule;
    sNextE0[c] = c0;
    sNextE1[c] = c1;
    blend = parentRule != childRule && parentRule >= RULE_CREASE;
    w = 0.0;
    if (blend) {
        precise float a = sortedSum(nd) * weights[RECIPROCAL_BASE + nd];
        w = min(1.0, a);
    }
#ifdef SMOOTH_UVS
    sParentRule[c] = parentRule;
    sParentE0[c] = p0;
    sParentE1[c] = p1;
    sBlends[c] = blend;
    sBlendWeight[c] = w;
#endif
}
#endif

// Twin of SplitRules.spokeRule: how the edge point of spoke i of corner c is made, and
// its sharpness. The midpoint on the boundary, on a complete spoke and on a crease, which a spoke is
// while both its halves stay sharp (uniform creasing: s >= 1; Chaikin: each half its own).
int spokeRule(uint r, int c, int k, int g, int i, out float sharp) {
#ifdef CREASES
    sharp = sSharp ? srcFloat(r, SHARP_BASE + ringBit(c, k, g, i)) : 0.0;
#else
    sharp = 0.0;
#endif
#ifdef CHAIKIN
    bool crease = sharp > 0.0 && nearHalf[c * RING_MAX + i] > 0.0 && farHalf(r, c, i) > 0.0;
#else
    bool crease = sharp >= 1.0;
#endif
#ifdef LIMIT
    // On the limit surface nothing is frozen and complete spokes keep Loop's mask (LoopSplit).
    bool midpoint = isBoundarySpoke(k, g, i) || crease;
#else
    bool midpoint = isBoundarySpoke(k, g, i) || recBit(ringBit(c, k, g, i)) || crease;
#endif
    int mode = midpoint ? EDGE_MIDPOINT : sharp > 0.0 ? EDGE_SEMI_SHARP : EDGE_SMOOTH;
    RECORD_EDGE_MODE(c, i, mode, sharp)
    return mode;
}

// Twin of SplitRules.bornCrease: whether m_c, the vertex born on edge c, is a crease
// vertex (the halves of edge c at c and at c+1 both stay sharp), and whether its limit depends on
// the level (sBornStale).
#ifdef CREASES
bool bornCrease(uint r, int c) {
    int c1 = (c + 1) % 3;
    // m_c's two sharp edges, if any: the halves of edge c at c and at c+1
    float halves = sSharp ? loopDecay(srcFloat(r, SHARP_BASE + c)) : 0.0;
    float halves1 = halves;
#ifdef CHAIKIN
    if (sSharp) {
        halves = nearHalf[c * RING_MAX];
        halves1 = nearHalf[c1 * RING_MAX + 1];
    }
#endif
    bool crease = sSharp && sInterior[c] && halves > 0.0 && halves1 > 0.0;
    sBornStale[c] = sSharp && sInterior[c] && (halves > 0.0 || halves1 > 0.0)
        && (halves < SHARP_INFINITE || halves1 < SHARP_INFINITE);
    return crease;
}
#else
bool bornCrease(uint r, int c) { return false; }
#endif
