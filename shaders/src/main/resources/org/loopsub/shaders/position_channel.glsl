// The position channel of the split (twin of PositionChannel.java): the new positions of the
// record's corners (vertex points) and the edge points of every spoke of every corner, by Loop's
// masks under the rules split_rules.glsl decided. Shared spokes are computed from both ends and agree
// because the masks are symmetric to the bit.

#ifdef GENERAL_LANES
shared float laneVertexPoints[LANE_RECORDS][9];
shared float laneEdgePoints[LANE_RECORDS][ODD_ROW(3 * RING_MAX * 3)];
#define vertexPoints laneVertexPoints[gLaneRecord]
#define edgePoints laneEdgePoints[gLaneRecord]
#else
float vertexPoints[9];
float edgePoints[3 * RING_MAX * 3];
#endif

// The sorted sums of corner c's ring, one per coordinate: the ring loaded once, each coordinate's
// values a run of their own (Loop's vertex mask sums them smallest first).
vec3 ringSums(uint r, int c, int k, int g) {
    for (int i = 0; i < k; i++) {
        uint p = pointOf(r, ringSlot(c, k, g, i));
        ring[i] = coord(p, 0);
        ring[RING_RUN + i] = coord(p, 1);
        ring[2 * RING_RUN + i] = coord(p, 2);
    }
    return vec3(sortedSumAt(0, k), sortedSumAt(RING_RUN, k), sortedSumAt(2 * RING_RUN, k));
}

#ifdef CREASES
// One coordinate of corner c's vertex mask under a rule (e0, e1: its sharp spokes for a crease; sum:
// the ring's sorted sum of that coordinate, for the smooth rule).
float maskCoordinate(uint r, int c, int k, int g, int rule, int e0, int e1, int x, float sum) {
    float v = coord(pointOf(r, c), x);
    if (rule == RULE_CORNER) return v;
    if (rule == RULE_CREASE) {
        return loopBoundaryVertexPoint(v, coord(pointOf(r, ringSlot(c, k, g, e0)), x),
                                       coord(pointOf(r, ringSlot(c, k, g, e1)), x));
    }
    return loopVertexPoint(weights[2 * k], weights[2 * k + 1], v, sum);
}

// Twin of PositionChannel.creaseVertexPoint: corner c's vertex point by the rules creaseRule decides.
void creaseVertexPoint(uint r, int c, int k, int g) {
    int parentRule, p0, p1, childRule, c0, c1;
    bool blend;
    float w;
    creaseRule(r, c, k, g, parentRule, p0, p1, childRule, c0, c1, blend, w);
    // the smooth and the dart rule take Loop's vertex mask
    bool smoothRule = childRule < RULE_CREASE || (blend && parentRule < RULE_CREASE);
    vec3 sums = smoothRule ? ringSums(r, c, k, g) : vec3(0.0);
    for (int x = 0; x < 3; x++) {
        float child = maskCoordinate(r, c, k, g, childRule, c0, c1, x, sums[x]);
        vertexPoints[3 * c + x] = blend ? loopBlend(w, maskCoordinate(r, c, k, g, parentRule, p0, p1, x, sums[x]), child) : child;
    }
}
#endif

// V'_c, the new position of corner c: its old one when frozen, else by the crease rules in a sharp
// record, the boundary mask on a boundary, or Loop's vertex mask (PositionChannel.vertexPoint).
void vertexPoint(uint r, int c, int k, int g, bool frozen) {
    uint v = pointOf(r, c);
    int o = 3 * c;
    if (frozen) {
        for (int x = 0; x < 3; x++) vertexPoints[o + x] = coord(v, x);
        return;
    }
#ifdef CREASES
    if (sSharp) {
        creaseVertexPoint(r, c, k, g);
        return;
    }
#endif
    if (g != NO_GAP) {
        uint a = pointOf(r, ringSlot(c, k, g, g));
        uint b = pointOf(r, ringSlot(c, k, g, (g + 1) % k));
        for (int x = 0; x < 3; x++) {
            vertexPoints[o + x] = loopBoundaryVertexPoint(coord(v, x), coord(a, x), coord(b, x));
        }
        return;
    }
    float w = weights[2 * k];
    float beta = weights[2 * k + 1];
    vec3 sums = ringSums(r, c, k, g);
    for (int x = 0; x < 3; x++) vertexPoints[o + x] = loopVertexPoint(w, beta, coord(v, x), sums[x]);
}

#ifdef CREASES
// The edge point of spoke i of corner c, by the mask spokeRule chooses (PositionChannel.edgePoint).
// With sharpness each spoke loads its own points, and the faces' beside it only for a mask that
// reads them: walking the ring (below) kept more registers live in a general half that splits many
// creased records, and rookT ran 8-13 % slower (docs/design.md).
void edgePoint(uint r, int c, int k, int g, int i) {
    uint a = pointOf(r, c);
    uint b = pointOf(r, ringSlot(c, k, g, i));
    int o = ep(c, i);
    float sharp;
    int mode = spokeRule(r, c, k, g, i, sharp);
    if (mode == EDGE_MIDPOINT) {
        for (int x = 0; x < 3; x++) edgePoints[o + x] = loopMidpoint(coord(a, x), coord(b, x));
        return;
    }
    uint oc = pointOf(r, ringSlot(c, k, g, (i + k - 1) % k));
    uint od = pointOf(r, ringSlot(c, k, g, (i + 1) % k));
    if (mode == EDGE_SEMI_SHARP) {
        for (int x = 0; x < 3; x++) {
            edgePoints[o + x] = loopCreaseEdgePoint(sharp, coord(a, x), coord(b, x), coord(oc, x), coord(od, x));
        }
        return;
    }
    for (int x = 0; x < 3; x++) {
        edgePoints[o + x] = loopEdgePoint(coord(a, x), coord(b, x), coord(oc, x), coord(od, x));
    }
}

void spokePoints(uint r, int c, int k, int g) {
    for (int i = 0; i < k; i++) edgePoint(r, c, k, g, i);
}
#else
// The edge point of spoke i of corner c, by the mask spokeRule chooses (PositionChannel.edgePoint):
// a the corner, b ring point i, oc and od ring points i - 1 and i + 1 (the faces beside the spoke).
void edgePoint(uint r, int c, int k, int g, int i, vec3 a, vec3 b, vec3 oc, vec3 od) {
    int o = ep(c, i);
    float sharp;
    int mode = spokeRule(r, c, k, g, i, sharp);
    if (mode == EDGE_MIDPOINT) {
        for (int x = 0; x < 3; x++) edgePoints[o + x] = loopMidpoint(a[x], b[x]);
        return;
    }
    for (int x = 0; x < 3; x++) edgePoints[o + x] = loopEdgePoint(a[x], b[x], oc[x], od[x]);
}

// The edge points of every spoke of corner c (LoopSplit's loop over edgePoint), the ring walked once:
// spoke i's mask reads ring points i - 1, i and i + 1, which the walk keeps in registers, so each is
// loaded once, not three times (kernels 3-5 % faster on every kind without creases,
// docs/design.md).
void spokePoints(uint r, int c, int k, int g) {
    vec3 a = loadPoint(r, c);
    vec3 previous = loadPoint(r, ringSlot(c, k, g, k - 1));
    vec3 current = loadPoint(r, ringSlot(c, k, g, 0));
    for (int i = 0; i < k; i++) {
        vec3 next = loadPoint(r, ringSlot(c, k, g, i + 1 < k ? i + 1 : 0));
        edgePoint(r, c, k, g, i, a, current, previous, next);
        previous = current;
        current = next;
    }
}
#endif

vec3 vertexVec(int c) { return vec3(vertexPoints[3 * c], vertexPoints[3 * c + 1], vertexPoints[3 * c + 2]); }
vec3 edgeVec(int c, int i) { int o = ep(c, i); return vec3(edgePoints[o], edgePoints[o + 1], edgePoints[o + 2]); }
