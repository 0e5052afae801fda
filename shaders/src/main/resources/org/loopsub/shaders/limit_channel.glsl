// The limit channel of the split (twin of LimitChannel.java): the limit position and normal of the
// vertices it creates (birth, from their rings one level down), those of corners whose limit depends
// on the level, taken again (renewCorner, renewNormal), and with UV_LIMITS the limit uvs
// (uvLimitPoint, bornUvLimitOf); and what an output vertex shows, its limit or its control point
// (cornerOut, bornOut).

// ---- Limit data (NORMALS, LIMIT): the limit normal and position of the vertices this split
// creates, m_e on edge e (BN_e, BL_e), and what output vertices and children take.
#ifdef NORMALS
vec3 BN0, BN1, BN2;
vec3 BL0, BL1, BL2;

bool pointLess(vec3 a, vec3 b) { return a.x != b.x ? a.x < b.x : a.y != b.y ? a.y < b.y : a.z < b.z; }

// Limit position and normal of m, the vertex born on an edge, from its ring (q0 .. q5) =
// (m_{c+2}, V'_c, E(c, D_c), E(c+1, D_c), V'_{c+1}, m_{c+1}), counter-clockwise; on a boundary edge
// q2 and q3 are absent. Twin of LimitChannel.birth: the tangents start at the smaller of V'_c and
// V'_{c+1}, so the two records on an interior edge compute the same bits.
void birth(vec3 m, vec3 q0, vec3 q1, vec3 q2, vec3 q3, vec3 q4, vec3 q5, bool interiorEdge, bool creaseEdge,
           out vec3 lim, out vec3 nor) {
    if (creaseEdge) {
        // On a sharp edge m is a crease vertex between V'_c (q1) and V'_{c+1} (q4); the one-sided
        // normal's sector starts at the smaller of them (LimitChannel.birth).
        bool first = pointLess(q1, q4);
        vec3 a = first ? q1 : q4;
        vec3 b1 = first ? q2 : q5;
        vec3 b2 = first ? q3 : q0;
        vec3 z = first ? q4 : q1;
        lim = vec3(loopLimitCreasePoint(m.x, q4.x, q1.x), loopLimitCreasePoint(m.y, q4.y, q1.y),
                   loopLimitCreasePoint(m.z, q4.z, q1.z));
        vec3 u = vec3(loopTangentUBoundary(a.x, z.x), loopTangentUBoundary(a.y, z.y), loopTangentUBoundary(a.z, z.z));
        vec3 v = vec3(loopTangentVBoundary4(m.x, a.x, b1.x, b2.x, z.x), loopTangentVBoundary4(m.y, a.y, b1.y, b2.y, z.y),
                      loopTangentVBoundary4(m.z, a.z, b1.z, b2.z, z.z));
        nor = loopCross3(u, v);
        return;
    }
    if (interiorEdge) {
        vec3 t0, t1, t2, t3, t4, t5;
        if (pointLess(q1, q4)) {
            t0 = q1; t1 = q2; t2 = q3; t3 = q4; t4 = q5; t5 = q0;
        } else {
            t0 = q4; t1 = q5; t2 = q0; t3 = q1; t4 = q2; t5 = q3;
        }
        // the ring sum in the canonical rotation (LimitChannel.birth): the same bits in both records
        precise vec3 sum = t0 + t1 + t2 + t3 + t4 + t5;
        lim = vec3(loopLimitPoint6(m.x, sum.x), loopLimitPoint6(m.y, sum.y), loopLimitPoint6(m.z, sum.z));
        vec3 u = vec3(loopTangentU6(t0.x, t1.x, t2.x, t3.x, t4.x, t5.x), loopTangentU6(t0.y, t1.y, t2.y, t3.y, t4.y, t5.y),
                      loopTangentU6(t0.z, t1.z, t2.z, t3.z, t4.z, t5.z));
        vec3 v = vec3(loopTangentV6(t0.x, t1.x, t2.x, t3.x, t4.x, t5.x), loopTangentV6(t0.y, t1.y, t2.y, t3.y, t4.y, t5.y),
                      loopTangentV6(t0.z, t1.z, t2.z, t3.z, t4.z, t5.z));
        nor = loopCross3(u, v);
    } else {
        // The ring from the leading edge: (V'_{c+1}, m_{c+1}, m_{c+2}, V'_c).
        lim = vec3(loopLimitCreasePoint(m.x, q4.x, q1.x), loopLimitCreasePoint(m.y, q4.y, q1.y),
                   loopLimitCreasePoint(m.z, q4.z, q1.z));
        vec3 u = vec3(loopTangentUBoundary(q4.x, q1.x), loopTangentUBoundary(q4.y, q1.y), loopTangentUBoundary(q4.z, q1.z));
        vec3 v = vec3(loopTangentVBoundary4(m.x, q4.x, q5.x, q0.x, q1.x), loopTangentVBoundary4(m.y, q4.y, q5.y, q0.y, q1.y),
                      loopTangentVBoundary4(m.z, q4.z, q5.z, q0.z, q1.z));
        nor = loopCross3(u, v);
    }
}
vec3 bornNormal(int e) { return e == 0 ? BN0 : e == 1 ? BN1 : BN2; }
void setBorn(int e, vec3 lim, vec3 nor) {
    if (e == 0) { BL0 = lim; BN0 = nor; } else if (e == 1) { BL1 = lim; BN1 = nor; } else { BL2 = lim; BN2 = nor; }
}
vec3 cornerNormal(uint r, int c) { return loadPoint(r, normalSlot(c)); }
#else
vec3 bornNormal(int e) { return vec3(0.0); }
vec3 cornerNormal(uint r, int c) { return vec3(0.0); }
#endif

#if defined(SMOOTH_UVS) && defined(UV_LIMITS)
// Limit uvs (UV_LIMITS): those of the vertices this split creates, and of corners renewed at the last level.
vec2 bornUvLimit[3];
vec2 sRenewedUvLimit[3];

// Twin of LimitChannel.uvLimitPoint (here only one level down: level 0's come from the host).
vec2 uvLimitPoint(int c, int k, int g, bool next) {
    vec2 out2;
    int kind = uvSpan(c, k, g, next);
    if (kind == SPAN_MATCHED) {
        int sharp = 0;
        int e0 = -1;
        int e1 = -1;
        for (int i = 0; i < k; i++) {
            if (uvSpokeSharpness(c, k, g, i, next) > 0.0) {
                if (sharp == 0) e0 = i;
                if (sharp == 1) e1 = i;
                sharp++;
            }
        }
        int rule = loopVertexRule(uvCornerSharpness(c, next), sharp);
        for (int x = 0; x < 2; x++) {
            float v = uvAt(c, x, next);
            if (rule == RULE_CORNER) {
                out2[x] = v;
            } else if (rule == RULE_CREASE) {
                out2[x] = loopLimitCreasePoint(v, uvFarAt(c, e0, 0, x, next), uvFarAt(c, e1, 0, x, next));
            } else {
                for (int i = 0; i < k; i++) ring[i] = uvFarAt(c, i, 0, x, next);
                out2[x] = loopVertexPoint(weights[LIMIT_WEIGHT_BASE + 2 * k], weights[LIMIT_WEIGHT_BASE + 2 * k + 1], v,
                                          sortedSum(k));
            }
        }
        return out2;
    }
    bool sharp = uvCornerSharpness(c, next) > 0.0;
    for (int j = 0; j < spanCount && kind == SPAN_CURVE; j++) {
        sharp = sharp || uvSpokeSharpness(c, k, g, (spanFirst + j) % k, next) > 0.0;
    }
    for (int x = 0; x < 2; x++) {
        float v = uvAt(c, x, next);
        out2[x] = kind == SPAN_PINNED || sharp ? v
            : loopLimitCreasePoint(v, uvFarAt(c, spanS0, spanSide0, x, next), uvFarAt(c, spanS1, spanSide1, x, next));
    }
    return out2;
}

// Twin of LimitChannel.bornUvLimitOf.
void bornUvLimitOf(int e, bool curve, int start) {
    int e1 = (e + 1) % 3;
    int e2 = (e + 2) % 3;
    for (int x = 0; x < 2; x++) {
        float m = uvEdge[ue(e, 0, 1) + x];
        if (curve) {
            bornUvLimit[e][x] = loopLimitCreasePoint(m, uvVertex[2 * e1 + x], uvVertex[2 * e + x]);
            continue;
        }
        ring[0] = uvEdge[ue(e2, 0, 1) + x];
        ring[1] = uvVertex[2 * e + x];
        ring[2] = uvEdge[ue(e, sK[e] - 1, 1) + x];
        ring[3] = uvEdge[ue(e1, 2, 0) + x];
        ring[4] = uvVertex[2 * e1 + x];
        ring[5] = uvEdge[ue(e1, 0, 1) + x];
        precise float sum = ring[start] + ring[(start + 1) % 6] + ring[(start + 2) % 6] + ring[(start + 3) % 6]
                          + ring[(start + 4) % 6] + ring[(start + 5) % 6];
        bornUvLimit[e][x] = loopLimitPoint6(m, sum);
    }
}
#endif

#if !defined(REGULAR_ONLY) && defined(NORMALS)
// A boundary corner with LEVEL_DEPENDENT_BOUNDARY or more neighbours takes its limit normal again
// from its ring at the next level (twin of LimitChannel.renewNormal): V'_c's ring is the edge points of
// its spokes, from the end of its leading boundary edge on; the tangent weights follow the vertex
// weights in the weight buffer.
bool sRenewed[3];
vec3 sRenewedNormal[3];
// The limit tangents of corner c at the next level as a crease (or boundary) vertex: the sector from
// sharp spoke e0 counter-clockwise to e1 (twin of LimitChannel.sectorTangents).
void sectorTangents(int c, int k, int e0, int e1, out vec3 u, out vec3 w) {
    int between = (e1 - e0 + k) % k - 1;
    vec3 v = vertexVec(c);
    vec3 q0 = edgeVec(c, e0);
    vec3 ql = edgeVec(c, e1);
    for (int x = 0; x < 3; x++) {
        u[x] = loopTangentUBoundary(q0[x], ql[x]);
        if (between == 0) {
            precise float t = (q0[x] + ql[x]) - (v[x] + v[x]);
            w[x] = t;
        } else if (between == 1) {
            precise float t = edgeVec(c, (e0 + 1) % k)[x] - v[x];
            w[x] = t;
        } else if (between == 2) {
            w[x] = loopTangentVBoundary4(v[x], q0[x], edgeVec(c, (e0 + 1) % k)[x], edgeVec(c, (e0 + 2) % k)[x], ql[x]);
        } else {
            int at = TANGENT_BASE + (between + 2) * TANGENT_STRIDE;
            precise float s = 0.0;
            for (int j = 0; j <= between + 1; j++) s = s + weights[at + j] * edgeVec(c, (e0 + j) % k)[x];
            w[x] = s;
        }
    }
}

vec3 renewNormal(int c, int k, int g) {
    vec3 u;
    vec3 w;
    sectorTangents(c, k, (g + 1) % k, g, u, w);
    return loopCross3(u, w);
}
#ifdef CREASES
bool sRenewAll[3];
vec3 sRenewLimit[3];
bool nextPrecedes(int c, int i, int j) { return pointLess(edgeVec(c, i), edgeVec(c, j)); }

// Twin of LimitChannel.renewCorner: corner c's limit position and normal at the next (last) level,
// from its ring there by its rule there; a free start is the neighbour first by position.
void renewCorner(int c, int k, int g) {
    int rule = sNextRule[c];
    bool boundary = g != NO_GAP;
    vec3 v = vertexVec(c);
    vec3 u;
    vec3 w;
    vec3 lim;
    if (rule == RULE_CORNER) {
        int a = boundary ? (g + 1) % k : -1;
        if (!boundary) {
            for (int i = 0; i < k; i++) {
                bool candidate = sNextE0[c] < 0 || i == sNextE0[c] || i == sNextE1[c]
                    || loopDecay(spokeSharpness(sR, c, k, g, i)) > 0.0;
                if (candidate && (a < 0 || nextPrecedes(c, i, a))) a = i;
            }
        }
        int b = (a + 1) % k;
        lim = v;
        vec3 qa = edgeVec(c, a);
        vec3 qb = edgeVec(c, b);
        for (int x = 0; x < 3; x++) {
            precise float du = qa[x] - v[x];
            precise float dv = qb[x] - v[x];
            u[x] = du;
            w[x] = dv;
        }
    } else if (rule == RULE_CREASE) {
        int e0 = sNextE0[c];
        int e1 = sNextE1[c];
        if (boundary) {
            e0 = (g + 1) % k;
            e1 = g;
        } else if (nextPrecedes(c, e1, e0)) {
            e0 = sNextE1[c];
            e1 = sNextE0[c];
        }
        vec3 q0 = edgeVec(c, e0);
        vec3 ql = edgeVec(c, e1);
        for (int x = 0; x < 3; x++) lim[x] = loopLimitCreasePoint(v[x], q0[x], ql[x]);
        sectorTangents(c, k, e0, e1, u, w);
    } else {
        int s = 0;
        for (int i = 1; i < k; i++) {
            if (nextPrecedes(c, i, s)) s = i;
        }
        float cw = weights[LIMIT_WEIGHT_BASE + 2 * k];
        float ew = weights[LIMIT_WEIGHT_BASE + 2 * k + 1];
        int at = INTERIOR_TANGENT_BASE + 2 * k * TANGENT_STRIDE;
        for (int x = 0; x < 3; x++) {
            precise float su = 0.0;
            precise float sv = 0.0;
            for (int j = 0; j < k; j++) {
                float q = edgeVec(c, (s + j) % k)[x];
                su = su + weights[at + 2 * j] * q;
                sv = sv + weights[at + 2 * j + 1] * q;
            }
            u[x] = su;
            w[x] = sv;
            for (int i = 0; i < k; i++) ring[i] = edgeVec(c, i)[x];
            lim[x] = loopVertexPoint(cw, ew, v[x], sortedSum(k));
        }
    }
    sRenewLimit[c] = lim;
    sRenewedNormal[c] = loopCross3(u, w);
}
#endif

// The normal corner c has at the next level: renewed, or the one it carries.
vec3 nextCornerNormal(uint r, int c) { return sRenewed[c] ? sRenewedNormal[c] : cornerNormal(r, c); }
#else
vec3 nextCornerNormal(uint r, int c) { return cornerNormal(r, c); }
#endif

#ifndef REGULAR_ONLY
// General records (few): output vertices one at a time. Corner c shows its control point or its
// carried limit position, the vertex born on edge e its edge point or the limit computed for it.
vec3 cornerOut(uint r, int c) {
#ifdef LIMIT
    return loadPoint(r, limitSlot(c));
#else
    return vertexVec(c);
#endif
}
vec3 bornOut(int e) {
#ifdef LIMIT
    return e == 0 ? BL0 : e == 1 ? BL1 : BL2;
#else
    return edgeVec(e, 0);
#endif
}
#endif

#if defined(NORMALS) && !defined(REGULAR_ONLY)
// The limit position and normal of the vertices this split creates: m_c from its ring one level down,
// (m_{c+2}, V'_c, [E(c, D_c), E(c+1, D_c)], V'_{c+1}, m_{c+1}), as a crease vertex where bornCrease
// says so (LimitChannel.bornLimits).
void bornLimit(uint r, int c) {
    int c1 = (c + 1) % 3;
    int c2 = (c + 2) % 3;
    vec3 q2 = sInterior[c] ? edgeVec(c, sK[c] - 1) : vec3(0.0);
    vec3 q3 = sInterior[c] ? edgeVec(c1, 2) : vec3(0.0);
    vec3 lim;
    vec3 nor;
    bool crease = bornCrease(r, c);
    birth(edgeVec(c, 0), edgeVec(c2, 0), vertexVec(c), q2, q3, vertexVec(c1), edgeVec(c1, 0), sInterior[c], crease,
          lim, nor);
#ifdef UV_LIMITS
    bornUvLimitOf(c, !sInterior[c] || crease || uvCode(c, 0, false) != 0, pointLess(vertexVec(c), vertexVec(c1)) ? 1 : 4);
#endif
    setBorn(c, lim, nor);
}
void bornLimits(uint r) {
    for (int c = 0; c < 3; c++) bornLimit(r, c);
}

// The corners whose limit data is taken again at the next level (LimitChannel.renewCorners): boundary
// corners of LEVEL_DEPENDENT_BOUNDARY or more neighbours their normal, and at the last uniform level
// stale corners their limit position, normal and limit uv.
// Under BIRTH_NORMALS (adaptive displacement) none does: every vertex keeps the normal it was born with.
bool renewsNormal(int c) {
#ifdef BIRTH_NORMALS
    return false;
#else
    return sG[c] != NO_GAP && sK[c] >= LEVEL_DEPENDENT_BOUNDARY;
#endif
}
void renewCornerOf(int c) {
    sRenewed[c] = renewsNormal(c);
    if (sRenewed[c]) sRenewedNormal[c] = renewNormal(c, sK[c], sG[c]);
#if defined(CREASES) && defined(UNIFORM) && defined(DIRECT)
    // Only stale corners: every record holding one knows it (the bit) and renews it alike.
    sRenewAll[c] = (sStale & (STALE_FLAG << uint(c))) != 0u;
    if (sRenewAll[c]) {
        renewCorner(c, sK[c], sG[c]);
#ifdef UV_LIMITS
        sRenewedUvLimit[c] = uvLimitPoint(c, sK[c], sG[c], true);
#endif
    }
#endif
}
void renewCorners() {
    for (int c = 0; c < 3; c++) renewCornerOf(c);
}

#ifdef GENERAL_LANES
// Per record: each edge's born limit position and normal, each corner's renewed normal, as the lane
// of that edge and corner made them (splitLanes), for every lane's child writer.
// With limit uvs, the born vertices' follow (27 + 2e).
shared float laneLimits[LANE_RECORDS][ODD_ROW(33)];
void shareLimits(int c) {
    vec3 lim = bornOut(c);
    vec3 nor = bornNormal(c);
    vec3 renewed = sRenewed[c] ? sRenewedNormal[c] : vec3(0.0);
    for (int x = 0; x < 3; x++) {
        laneLimits[gLaneRecord][3 * c + x] = lim[x];
        laneLimits[gLaneRecord][9 + 3 * c + x] = nor[x];
        laneLimits[gLaneRecord][18 + 3 * c + x] = renewed[x];
    }
#if defined(SMOOTH_UVS) && defined(UV_LIMITS)
    for (int x = 0; x < 2; x++) laneLimits[gLaneRecord][27 + 2 * c + x] = bornUvLimit[c][x];
#endif
}
// After the barrier: every edge's and corner's limit data as the lanes shared them, and the stale bits
// of the born vertices (bornCrease, cheap enough to decide again in every lane).
void takeLimits() {
    for (int c = 0; c < 3; c++) {
        vec3 lim;
        vec3 nor;
        for (int x = 0; x < 3; x++) {
            lim[x] = laneLimits[gLaneRecord][3 * c + x];
            nor[x] = laneLimits[gLaneRecord][9 + 3 * c + x];
            sRenewedNormal[c][x] = laneLimits[gLaneRecord][18 + 3 * c + x];
        }
#if defined(SMOOTH_UVS) && defined(UV_LIMITS)
        for (int x = 0; x < 2; x++) bornUvLimit[c][x] = laneLimits[gLaneRecord][27 + 2 * c + x];
#endif
        setBorn(c, lim, nor);
        sRenewed[c] = renewsNormal(c);
        bornCrease(sR, c);
    }
}
#endif
#endif
