// The split's fast path for regular records (twin of RegularSplit.java), dispatched as the
// REGULAR_ONLY half of loop_split: the rules of the general path are those of a valence-6 interior
// ring there, and every channel is computed on named registers from constant slots; the triangles go
// through triangle_writer.glsl, the children are written as vec4s, four at a time.

// ---- Regular records: three interior corners of valence 6 (almost every record after a few
// levels). The ring of corner c is then fixed, (N, P, D_prev, fan 0, fan 1, D_next), and the whole
// computation is written with named variables: no array, so nothing the compiler could put in local
// memory (indexed private arrays go there on NVIDIA, and that cost more than everything else).
// Same values as the general path, operation for operation; the ring sums sort with min/max (a
// sorting network), which gives the same ascending sequence as the insertion sort, and the sum runs
// left to right over it. V_c is corner c's new position, E_ci the edge point of its spoke i.

// A regular record's first two words of complete bits, loaded once per record (loadRegularBits): the
// path reads each bit many times, and loaded at every use across the stores they cost the fused pass
// a tenth of its time before uniform levels dropped them (a uniform level's records have none: recBit,
// split_scratch.glsl). A regular record's bits lie below FIXED_SPOKES + 2 FAN + 2, within the two
// words up to FAN 26; past them (layouts for longer fans) they are read from the record (srcBit).
uint gRegularBits0, gRegularBits1;
void loadRegularBits(uint r) {
#ifndef UNIFORM
    gRegularBits0 = srcM[metaOf(r, 2)];
    gRegularBits1 = META_INTS > 3 ? srcM[metaOf(r, 3)] : 0u;
#endif
}
bool regularBit(uint r, int bit) {
#ifdef UNIFORM
    return false;
#else
    int w = bit >> 5;
    if (w > 1) return srcBit(r, bit);
    return ((w == 0 ? gRegularBits0 : gRegularBits1) & (1u << uint(bit & 31))) != 0u;
#endif
}

int regBit(int c, int i) {
    return i == 0 ? c : i == 1 ? (c + 2) % 3 : i == 2 ? 4 + 2 * ((c + 2) % 3)
         : i == 5 ? 3 + 2 * c : FIXED_SPOKES + c * FAN + (i - 3);
}

float sortedSum6(float r0, float r1, float r2, float r3, float r4, float r5) {
    // Optimal 6-input sorting network (12 comparators).
    CSWAP(r1, r2); CSWAP(r4, r5); CSWAP(r0, r2); CSWAP(r3, r5); CSWAP(r0, r1); CSWAP(r3, r4);
    CSWAP(r1, r4); CSWAP(r0, r3); CSWAP(r2, r5); CSWAP(r1, r3); CSWAP(r2, r4); CSWAP(r2, r3);
    precise float s = zeroPlus(r0);
    s = s + r1; s = s + r2; s = s + r3; s = s + r4; s = s + r5;
    return s;
}

// Spoke (a, b) with c and d opposite it; the midpoint once the spoke is complete.
vec3 edgeRule(vec3 a, vec3 b, vec3 c, vec3 d, bool complete) {
    if (complete) return vec3(loopMidpoint(a.x, b.x), loopMidpoint(a.y, b.y), loopMidpoint(a.z, b.z));
    return vec3(loopEdgePoint(a.x, b.x, c.x, d.x), loopEdgePoint(a.y, b.y, c.y, d.y),
                loopEdgePoint(a.z, b.z, c.z, d.z));
}

vec3 vertexRule(vec3 v, vec3 r0, vec3 r1, vec3 r2, vec3 r3, vec3 r4, vec3 r5, bool frozen) {
    if (frozen) return v;
    float w = weights[12];
    float beta = weights[13];
    return vec3(loopVertexPoint(w, beta, v.x, sortedSum6(r0.x, r1.x, r2.x, r3.x, r4.x, r5.x)),
                loopVertexPoint(w, beta, v.y, sortedSum6(r0.y, r1.y, r2.y, r3.y, r4.y, r5.y)),
                loopVertexPoint(w, beta, v.z, sortedSum6(r0.z, r1.z, r2.z, r3.z, r4.z, r5.z)));
}

// A corner's new point v and the edge points e0..e5 of its six spokes, from its ring r0..r5 and the
// spokes' complete bits (ignored on the limit surface, where nothing is frozen).
void regularCornerBits(bool b0, bool b1, bool b2, bool b3, bool b4, bool b5, vec3 a, vec3 r0, vec3 r1, vec3 r2,
                       vec3 r3, vec3 r4, vec3 r5, out vec3 v, out vec3 e0, out vec3 e1, out vec3 e2, out vec3 e3,
                       out vec3 e4, out vec3 e5) {
#ifdef LIMIT
    b0 = false; b1 = false; b2 = false; b3 = false; b4 = false; b5 = false;
#endif
    v = vertexRule(a, r0, r1, r2, r3, r4, r5, b0 || b1 || b2 || b3 || b4 || b5);
    e0 = edgeRule(a, r0, r5, r1, b0);
    e1 = edgeRule(a, r1, r0, r2, b1);
    e2 = edgeRule(a, r2, r1, r3, b2);
    e3 = edgeRule(a, r3, r2, r4, b3);
    e4 = edgeRule(a, r4, r3, r5, b4);
    e5 = edgeRule(a, r5, r4, r0, b5);
}

// Corner c (a literal at every call) with its ring r0..r5.
void regularCorner(uint r, int c, vec3 a, vec3 r0, vec3 r1, vec3 r2, vec3 r3, vec3 r4, vec3 r5,
                   out vec3 v, out vec3 e0, out vec3 e1, out vec3 e2, out vec3 e3, out vec3 e4, out vec3 e5) {
    regularCornerBits(regularBit(r, regBit(c, 0)), regularBit(r, regBit(c, 1)), regularBit(r, regBit(c, 2)),
                      regularBit(r, regBit(c, 3)), regularBit(r, regBit(c, 4)), regularBit(r, regBit(c, 5)),
                      a, r0, r1, r2, r3, r4, r5, v, e0, e1, e2, e3, e4, e5);
}

vec3 V0, V1, V2;
vec3 E00, E01, E02, E03, E04, E05;
vec3 E10, E11, E12, E13, E14, E15;
vec3 E20, E21, E22, E23, E24, E25;

#ifdef FUSED
void directRegularChild(uint r, int k, uint o4);  // below, with the table of children it reads
#ifdef SMOOTH_UVS
void directRegularChildUvs(uint r, int k, uint o4);
#endif
#endif

#ifdef SMOOTH_UVS
// The smooth uv rule on a regular record without seams (RegularSplit.regularUvs): its uvs are one value
// per ring point, and the positions' registers and rules serve them as (u, v, 0): UV_c, UE_ci.
vec3 UV0, UV1, UV2;
vec3 UE00, UE01, UE02, UE03, UE04, UE05;
vec3 UE10, UE11, UE12, UE13, UE14, UE15;
vec3 UE20, UE21, UE22, UE23, UE24, UE25;
vec3 uvPoint(uint r, int c) { return vec3(loadUv(r, c), 0.0); }
// The point slot of ring position i (2-5) of corner c of a regular record: D_{c+2}, the fan, D_c
// (RegularSplit.ringSlot).
int ringSlot(int c, int i) { return i == 2 ? 3 + (c + 2) % 3 : i == 5 ? 3 + c : fanSlot(c, i - 3); }
// Ring position i (2-5) of corner c's uv: a SEAMLESS record keeps it at the point slot, a full one as
// spoke regBit(c, i)'s far end on side 0 (RegularSplit.regularUvs).
vec3 uvRingAt(uint r, bool compact, int c, int i) {
    if (compact) {
        int slot = ringSlot(c, i);
        return vec3(srcFloat(r, uvSlot(slot, 0)), srcFloat(r, uvSlot(slot, 1)), 0.0);
    }
    int bit = regBit(c, i);
    return vec3(srcFloat(r, UV_FAR_BASE + 4 * bit), srcFloat(r, UV_FAR_BASE + 4 * bit + 1), 0.0);
}
// Whether a regular record has no seam and no pinned value (RegularSplit.seamless).
bool seamless(uint r) {
    for (int c = 0; c < 3; c++) {
        if (srcFloat(r, UV_PIN_BASE + c) != 0.0) return false;
        for (int i = 0; i < 6; i++) {
            if (srcFloat(r, UV_SEAM_BASE + regBit(c, i)) != 0.0) return false;
        }
    }
    return true;
}
#ifdef UV_LIMITS
// The limit uv of m born on an edge, from its ring q0 .. q5 as birth() takes it, summed from the
// rotation the positions chose (LimitChannel.bornUvLimitOf).
vec2 regularBornUvLimit(vec3 m, vec3 q0, vec3 q1, vec3 q2, vec3 q3, vec3 q4, vec3 q5, bool fromFirst) {
    vec2 out2;
    for (int x = 0; x < 2; x++) {
        precise float sum;
        if (fromFirst) {
            sum = q1[x] + q2[x];
            sum = sum + q3[x];
            sum = sum + q4[x];
            sum = sum + q5[x];
            sum = sum + q0[x];
        } else {
            sum = q4[x] + q5[x];
            sum = sum + q0[x];
            sum = sum + q1[x];
            sum = sum + q2[x];
            sum = sum + q3[x];
        }
        out2[x] = loopLimitPoint6(m[x], sum);
    }
    return out2;
}
#endif
#endif

#ifdef SMOOTH_UVS
// The smooth uv rule on a seamless regular record (RegularSplit.regularUvs): the positions' rules on
// the registers UV_c, UE_ci, the uvs as (u, v, 0); the vertices born on the edges take UE_c0.
void regularUvs(uint r, uint m0) {
    bool s = (m0 & SEAMLESS_FLAG) != 0u;
    vec3 U0 = uvPoint(r, 0), U1 = uvPoint(r, 1), U2 = uvPoint(r, 2);
    regularCorner(r, 0, U0, U1, U2, uvRingAt(r, s, 0, 2), uvRingAt(r, s, 0, 3), uvRingAt(r, s, 0, 4),
                  uvRingAt(r, s, 0, 5), UV0, UE00, UE01, UE02, UE03, UE04, UE05);
    regularCorner(r, 1, U1, U2, U0, uvRingAt(r, s, 1, 2), uvRingAt(r, s, 1, 3), uvRingAt(r, s, 1, 4),
                  uvRingAt(r, s, 1, 5), UV1, UE10, UE11, UE12, UE13, UE14, UE15);
    regularCorner(r, 2, U2, U0, U1, uvRingAt(r, s, 2, 2), uvRingAt(r, s, 2, 3), uvRingAt(r, s, 2, 4),
                  uvRingAt(r, s, 2, 5), UV2, UE20, UE21, UE22, UE23, UE24, UE25);
    BU0 = UE00.xy;
    BU1 = UE10.xy;
    BU2 = UE20.xy;
}
#endif

#ifdef NORMALS
// The limit position and normal of the vertices this split creates, m_c from its ring (m_{c+2},
// V'_c, E(c, D_c), E(c+1, D_c), V'_{c+1}, m_{c+1}) in the registers, and with UV_LIMITS their limit
// uvs (RegularSplit.regularBirths).
void regularBirths() {
    birth(E00, E20, V0, E05, E12, V1, E10, true, false, BL0, BN0);
    birth(E10, E00, V1, E15, E22, V2, E20, true, false, BL1, BN1);
    birth(E20, E10, V2, E25, E02, V0, E00, true, false, BL2, BN2);
#ifdef UV_LIMITS
    bornUvLimit[0] = regularBornUvLimit(UE00, UE20, UV0, UE05, UE12, UV1, UE10, pointLess(V0, V1));
    bornUvLimit[1] = regularBornUvLimit(UE10, UE00, UV1, UE15, UE22, UV2, UE20, pointLess(V1, V2));
    bornUvLimit[2] = regularBornUvLimit(UE20, UE10, UV2, UE25, UE02, UV0, UE00, pointLess(V2, V0));
#endif
}
#endif

void splitRegular(uint j, uint r, uint m0) {
    loadRegularBits(r);
    vec3 A0 = loadPoint(r, 0), A1 = loadPoint(r, 1), A2 = loadPoint(r, 2);
    vec3 D0 = loadPoint(r, 3), D1 = loadPoint(r, 4), D2 = loadPoint(r, 5);
    vec3 F00 = loadPoint(r, fanSlot(0, 0)), F01 = loadPoint(r, fanSlot(0, 1));
    vec3 F10 = loadPoint(r, fanSlot(1, 0)), F11 = loadPoint(r, fanSlot(1, 1));
    vec3 F20 = loadPoint(r, fanSlot(2, 0)), F21 = loadPoint(r, fanSlot(2, 1));
    regularCorner(r, 0, A0, A1, A2, D2, F00, F01, D0, V0, E00, E01, E02, E03, E04, E05);
    regularCorner(r, 1, A1, A2, A0, D0, F10, F11, D1, V1, E10, E11, E12, E13, E14, E15);
    regularCorner(r, 2, A2, A0, A1, D1, F20, F21, D2, V2, E20, E21, E22, E23, E24, E25);
#if defined(SMOOTH_UVS) && !defined(FUSED)
    regularUvs(r, m0);
#endif
    // What output triangles show: P_c at corner c, M_e at the vertex born on edge e.
#ifdef NORMALS
    regularBirths();
#endif
#ifdef LIMIT
    vec3 P0 = loadPoint(r, limitSlot(0)), P1 = loadPoint(r, limitSlot(1)), P2 = loadPoint(r, limitSlot(2));
    vec3 M0 = BL0, M1 = BL1, M2 = BL2;
#else
    vec3 P0 = V0, P1 = V1, P2 = V2;
    vec3 M0 = E00, M1 = E10, M2 = E20;
#endif
#ifndef UNIFORM
    writeSlivers(r, neighbourFinished(m0), SLIVER_FLOAT_BASE + TRIANGLE_FLOATS * sliverOffset[r], P0, P1, P2, M0, M1, M2);
#endif
#if defined(FUSED)
    uint o4 = (DIRECT_FLOAT_BASE + GRANDCHILDREN_FLOATS * j) / 4u;
    directRegularChild(r, 0, o4);
    directRegularChild(r, 1, o4 + CHILDREN_VEC4S);
    directRegularChild(r, 2, o4 + 2u * CHILDREN_VEC4S);
    directRegularChild(r, 3, o4 + 3u * CHILDREN_VEC4S);
#elif defined(DIRECT)
    // The four children as output triangles; edge c's point is E_c0, spoke 0 of the corner it
    // starts from, as in RegularSplit.splitRegular.
#if defined(SMOOTH_UVS) && !defined(UV_LIMITS)
    vec2 PU0 = UV0.xy, PU1 = UV1.xy, PU2 = UV2.xy;
#else
    vec2 PU0 = CORNER_UV(r, 0), PU1 = CORNER_UV(r, 1), PU2 = CORNER_UV(r, 2);
#endif
    writeDirect((DIRECT_FLOAT_BASE + CHILDREN_FLOATS * OUT_INDEX(j)) / 4u, P0, P1, P2, M0, M1, M2,
                cornerNormal(r, 0), cornerNormal(r, 1), cornerNormal(r, 2), PU0, PU1, PU2);
#endif
}

#ifdef REGULAR_ONLY
// uvec4 of metadata word w of the children of parent j (see childrenFloat).
uint childrenMeta(uint j, int w) {
    j += CHILD_PARENT_BASE;
    return ((j >> (TILE_SHIFT - 2u)) * uint(META_INTS) + uint(w)) * (TILE / 4u) + (j & (TILE_MASK >> 2u));
}

// Child k's twelve points p0 .. p11 by a table of four assignment chains, one per child (k a literal
// at every call, so the chain is chosen at compile time).
#define CHILD_FROM_TABLE(T0, T1, T2, T3) \
    if (k == 0) { T0 } else if (k == 1) { T1 } else if (k == 2) { T2 } else { T3 }

// The four children of a regular record (0-2: the corner children, 3: the centre) are regular:
// every corner has valence 6 and a fan of two. Their points, in slot order 0-5, fan(0, 0),
// fan(0, 1), fan(1, 0), fan(1, 1), fan(2, 0), fan(2, 1), from the registers V_c and E_ci:
void regularChild(int k, out vec3 p0, out vec3 p1, out vec3 p2, out vec3 p3, out vec3 p4, out vec3 p5,
                  out vec3 p6, out vec3 p7, out vec3 p8, out vec3 p9, out vec3 p10, out vec3 p11) {
    // The table is Java's (RegularChildren), handed over as REGULAR_CHILD_0 .. REGULAR_CHILD_3.
    CHILD_FROM_TABLE(REGULAR_CHILD_0, REGULAR_CHILD_1, REGULAR_CHILD_2, REGULAR_CHILD_3)
}

// Bit `to` of a child (in its word w) from bit `from` of this record.
uint carry(uint r, int from, int to, int w) {
    return (to >> 5) == w && regularBit(r, from) ? 1u << uint(to & 31) : 0u;
}

// Word w of the complete bits of regular child k: halves of parent spokes keep their bits, new
// interior edges start incomplete.
uint regularChildBits(uint r, int k, int w) {
    if (k == 3) {
        // (m_{j+1}, V'_{j+2}) halves parent edge j+1, (m_{j+2}, V'_{j+2}) halves parent edge j+2.
        return carry(r, 1, 3, w) | carry(r, 2, 4, w) | carry(r, 2, 5, w) | carry(r, 0, 6, w)
             | carry(r, 0, 7, w) | carry(r, 1, 8, w);
    }
    int c = k;
    int c1 = (c + 1) % 3;
    int c2 = (c + 2) % 3;
    return carry(r, fanBit(c, 0), fanBit(c, 0), w) | carry(r, fanBit(c, 1), fanBit(c, 1), w)
         | carry(r, c, fanBit(c1, 1), w) | carry(r, c2, fanBit(c2, 0), w)
         | carry(r, c, c, w) | carry(r, c2, c2, w)
         | carry(r, 3 + 2 * c, 3 + 2 * c, w) | carry(r, 4 + 2 * c2, 4 + 2 * c2, w);
}
#endif

#if defined(REGULAR_ONLY) && !defined(DIRECT)
// vec4 of float f of the children of parent j: a tile holds TILE / 4 parents' children, so tile
// j / (TILE / 4), lanes 4 (j % (TILE / 4)) .. + 3.
uint childrenFloat(uint j, int f) {
    j += CHILD_PARENT_BASE;
    return ((j >> (TILE_SHIFT - 2u)) * uint(POINT_FLOATS) + uint(f)) * (TILE / 4u) + (j & (TILE_MASK >> 2u));
}

// Each point slot of the four children is one vec4 per coordinate (child 0, 1, 2, centre). Fan
// slots beyond two are not written at all: no pass reads a fan slot past the corner's fan length,
// so they may hold anything. (The Java back end's chunks hold zeros there; records are equal
// wherever they are defined, and the output is identical.)
void putChildren(uint j, int slot, vec3 k0, vec3 k1, vec3 k2, vec3 k3) {
    dstP4[childrenFloat(j, 3 * slot)] = vec4(k0.x, k1.x, k2.x, k3.x);
    dstP4[childrenFloat(j, 3 * slot + 1)] = vec4(k0.y, k1.y, k2.y, k3.y);
    dstP4[childrenFloat(j, 3 * slot + 2)] = vec4(k0.z, k1.z, k2.z, k3.z);
}

#ifdef UVS
// Corner c's uv of the four children (child 0, 1, 2, centre), one vec4 per coordinate.
void putChildUvs(uint j, int c, vec2 k0, vec2 k1, vec2 k2, vec2 k3) {
    dstP4[childrenFloat(j, UV_BASE + 2 * c)] = vec4(k0.x, k1.x, k2.x, k3.x);
    dstP4[childrenFloat(j, UV_BASE + 2 * c + 1)] = vec4(k0.y, k1.y, k2.y, k3.y);
}
#endif
#ifdef SMOOTH_UVS
// Point slot s's uv of the four children, SEAMLESS records (RecordLayout.uvSlot).
void putChildSlotUv(uint j, int s, vec2 k0, vec2 k1, vec2 k2, vec2 k3) {
    dstP4[childrenFloat(j, uvSlot(s, 0))] = vec4(k0.x, k1.x, k2.x, k3.x);
    dstP4[childrenFloat(j, uvSlot(s, 1))] = vec4(k0.y, k1.y, k2.y, k3.y);
}
#ifdef UV_LIMITS
void putChildLimitUvs(uint j, int c, vec2 k0, vec2 k1, vec2 k2, vec2 k3) {
    dstP4[childrenFloat(j, UV_LIMIT_BASE + 2 * c)] = vec4(k0.x, k1.x, k2.x, k3.x);
    dstP4[childrenFloat(j, UV_LIMIT_BASE + 2 * c + 1)] = vec4(k0.y, k1.y, k2.y, k3.y);
}
#endif
#endif

void writeRegularChildren(uint j, uint r, uint nf) {
    vec3 a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11;
    vec3 b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11;
    vec3 c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11;
    vec3 d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11;
    regularChild(0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11);
    regularChild(1, b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11);
    regularChild(2, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11);
    regularChild(3, d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11);
    putChildren(j, 0, a0, b0, c0, d0);
    putChildren(j, 1, a1, b1, c1, d1);
    putChildren(j, 2, a2, b2, c2, d2);
    putChildren(j, 3, a3, b3, c3, d3);
    putChildren(j, 4, a4, b4, c4, d4);
    putChildren(j, 5, a5, b5, c5, d5);
    putChildren(j, fanSlot(0, 0), a6, b6, c6, d6);
    putChildren(j, fanSlot(0, 1), a7, b7, c7, d7);
    putChildren(j, fanSlot(1, 0), a8, b8, c8, d8);
    putChildren(j, fanSlot(1, 1), a9, b9, c9, d9);
    putChildren(j, fanSlot(2, 0), a10, b10, c10, d10);
    putChildren(j, fanSlot(2, 1), a11, b11, c11, d11);
#ifdef NORMALS
    // Corner child c keeps the parent's data at corner c and takes m_c, m_{c+2} at the others; the
    // centre child has m_{j+1} at corner j.
    vec3 PN0 = cornerNormal(r, 0), PN1 = cornerNormal(r, 1), PN2 = cornerNormal(r, 2);
    putChildren(j, normalSlot(0), PN0, BN0, BN2, BN1);
    putChildren(j, normalSlot(1), BN0, PN1, BN1, BN2);
    putChildren(j, normalSlot(2), BN2, BN1, PN2, BN0);
#endif
#if defined(SMOOTH_UVS)
    {
        // the SEAMLESS children's uv of every point slot from the registers, by Java's table
        // (RegularSplit.regularChildSmoothUvs)
        REGULAR_UV_CHILDREN
#ifdef UV_LIMITS
        vec2 PU0 = loadOutputUv(r, 0), PU1 = loadOutputUv(r, 1), PU2 = loadOutputUv(r, 2);
        putChildLimitUvs(j, 0, PU0, bornUvLimit[0], bornUvLimit[2], bornUvLimit[1]);
        putChildLimitUvs(j, 1, bornUvLimit[0], PU1, bornUvLimit[1], bornUvLimit[2]);
        putChildLimitUvs(j, 2, bornUvLimit[2], bornUvLimit[1], PU2, bornUvLimit[0]);
#endif
    }
#elif defined(UVS)
    {
        vec2 U0 = loadUv(r, 0), U1 = loadUv(r, 1), U2 = loadUv(r, 2);
        putChildUvs(j, 0, U0, BU0, BU2, BU1);
        putChildUvs(j, 1, BU0, U1, BU1, BU2);
        putChildUvs(j, 2, BU2, BU1, U2, BU0);
    }
#endif
#ifdef LIMIT
    vec3 PL0 = loadPoint(r, limitSlot(0)), PL1 = loadPoint(r, limitSlot(1)), PL2 = loadPoint(r, limitSlot(2));
    putChildren(j, limitSlot(0), PL0, BL0, BL2, BL1);
    putChildren(j, limitSlot(1), BL0, PL1, BL1, BL2);
    putChildren(j, limitSlot(2), BL2, BL1, PL2, BL0);
#endif
#ifdef SMOOTH_UVS
    uint meta0 = packMeta0(6, 6, 6, 0u) | SEAMLESS_FLAG;
#else
    uint meta0 = packMeta0(6, 6, 6, 0u);
#endif
    // Corner child c inherits the neighbour-finished bits of edges c and c+2.
    dstM4[childrenMeta(j, 0)] = uvec4(meta0 | (nf & 5u) << NEIGHBOUR_FINISHED_SHIFT, meta0 | (nf & 3u) << NEIGHBOUR_FINISHED_SHIFT,
                                      meta0 | (nf & 6u) << NEIGHBOUR_FINISHED_SHIFT, meta0);
    dstM4[childrenMeta(j, 1)] = uvec4(packMeta1(NO_GAP, NO_GAP, NO_GAP));
    for (int w = 0; w < META_INTS - 2; w++) {
        dstM4[childrenMeta(j, 2 + w)] = uvec4(regularChildBits(r, 0, w), regularChildBits(r, 1, w),
                                              regularChildBits(r, 2, w), regularChildBits(r, 3, w));
    }
}
#endif

#ifdef FUSED
bool regularChildBit(uint r, int k, int bit) {
    return (regularChildBits(r, k, bit >> 5) & (1u << uint(bit & 31))) != 0u;
}

bool regularCornerFrozen(uint r, int k, int c) {
    return regularChildBit(r, k, regBit(c, 0)) || regularChildBit(r, k, regBit(c, 1))
        || regularChildBit(r, k, regBit(c, 2)) || regularChildBit(r, k, regBit(c, 3))
        || regularChildBit(r, k, regBit(c, 4)) || regularChildBit(r, k, regBit(c, 5));
}

#ifdef UVS
// Corner uvs of regular child k (0-2: the corner children, 3: the centre), as writeRegularChildren
// stores them: the parent's corner uv at the child's own corner, the uvs born on the edges elsewhere.
void regularChildUvs(uint r, int k, out vec2 u0, out vec2 u1, out vec2 u2) {
    if (k == 0) {
        u0 = loadUv(r, 0); u1 = BU0; u2 = BU2;
    } else if (k == 1) {
        u0 = BU0; u1 = loadUv(r, 1); u2 = BU1;
    } else if (k == 2) {
        u0 = BU2; u1 = BU1; u2 = loadUv(r, 2);
    } else {
        u0 = BU1; u1 = BU2; u2 = BU0;
    }
}
#endif

#ifdef NORMALS
// Corner c of regular child k with its ring, by the child's complete bits (regularCorner on its record).
void childCorner(uint r, int k, int c, vec3 a, vec3 r0, vec3 r1, vec3 r2, vec3 r3, vec3 r4, vec3 r5,
                 out vec3 v, out vec3 e0, out vec3 e1, out vec3 e2, out vec3 e3, out vec3 e4, out vec3 e5) {
    regularCornerBits(regularChildBit(r, k, regBit(c, 0)), regularChildBit(r, k, regBit(c, 1)),
                      regularChildBit(r, k, regBit(c, 2)), regularChildBit(r, k, regBit(c, 3)),
                      regularChildBit(r, k, regBit(c, 4)), regularChildBit(r, k, regBit(c, 5)),
                      a, r0, r1, r2, r3, r4, r5, v, e0, e1, e2, e3, e4, e5);
}

// What regular child k carries at its corners, as writeRegularChildren stores it: the parent's
// p_c at the child's own corner, what was born on the parent's edges (b_e) elsewhere.
void regularChildCorners(int k, vec3 p0, vec3 p1, vec3 p2, vec3 b0, vec3 b1, vec3 b2,
                         out vec3 c0, out vec3 c1, out vec3 c2) {
    if (k == 0) {
        c0 = p0; c1 = b0; c2 = b2;
    } else if (k == 1) {
        c0 = b0; c1 = p1; c2 = b1;
    } else if (k == 2) {
        c0 = b2; c1 = b1; c2 = p2;
    } else {
        c0 = b1; c1 = b2; c2 = b0;
    }
}
#endif

// Regular child k refined once more, straight to its four output triangles: the rules of
// splitRegular on the child's points, as the DIRECT pass would apply them to its record.
void directRegularChild(uint r, int k, uint o4) {
    vec3 A0, A1, A2, D0, D1, D2, F00, F01, F10, F11, F20, F21;
    regularChild(k, A0, A1, A2, D0, D1, D2, F00, F01, F10, F11, F20, F21);
#ifdef NORMALS
    // With limit data the child's births need spokes 0, 2 and 5 of each corner: its whole split, on
    // its 12-point ring (splitRegular and regularBirths on the child's registers).
    vec3 v0, e00, e01, e02, e03, e04, e05;
    vec3 v1, e10, e11, e12, e13, e14, e15;
    vec3 v2, e20, e21, e22, e23, e24, e25;
    childCorner(r, k, 0, A0, A1, A2, D2, F00, F01, D0, v0, e00, e01, e02, e03, e04, e05);
    childCorner(r, k, 1, A1, A2, A0, D0, F10, F11, D1, v1, e10, e11, e12, e13, e14, e15);
    childCorner(r, k, 2, A2, A0, A1, D1, F20, F21, D2, v2, e20, e21, e22, e23, e24, e25);
    vec3 l0, l1, l2, n0, n1, n2;
    birth(e00, e20, v0, e05, e12, v1, e10, true, false, l0, n0);
    birth(e10, e00, v1, e15, e22, v2, e20, true, false, l1, n1);
    birth(e20, e10, v2, e25, e02, v0, e00, true, false, l2, n2);
    vec3 N0, N1, N2;
    regularChildCorners(k, cornerNormal(r, 0), cornerNormal(r, 1), cornerNormal(r, 2), BN0, BN1, BN2, N0, N1, N2);
#ifdef LIMIT
    vec3 P0, P1, P2;
    regularChildCorners(k, loadPoint(r, limitSlot(0)), loadPoint(r, limitSlot(1)), loadPoint(r, limitSlot(2)),
                        BL0, BL1, BL2, P0, P1, P2);
    putFourTriangles(o4, P0, l0, l2, l0, P1, l1, l2, l1, P2, l1, l2, l0);
#else
    putFourTriangles(o4, v0, e00, e20, e00, v1, e10, e20, e10, v2, e10, e20, e00);
#endif
    putFourNormals(o4, N0, n0, n2, n0, N1, n1, n2, n1, N2, n1, n2, n0);
#else
    vec3 v0 = vertexRule(A0, A1, A2, D2, F00, F01, D0, regularCornerFrozen(r, k, 0));
    vec3 v1 = vertexRule(A1, A2, A0, D0, F10, F11, D1, regularCornerFrozen(r, k, 1));
    vec3 v2 = vertexRule(A2, A0, A1, D1, F20, F21, D2, regularCornerFrozen(r, k, 2));
    // Edge c's point as spoke 0 of corner c computes it.
    vec3 m0 = edgeRule(A0, A1, D0, A2, regularChildBit(r, k, regBit(0, 0)));
    vec3 m1 = edgeRule(A1, A2, D1, A0, regularChildBit(r, k, regBit(1, 0)));
    vec3 m2 = edgeRule(A2, A0, D2, A1, regularChildBit(r, k, regBit(2, 0)));
    putFourTriangles(o4, v0, m0, m2, m0, v1, m1, m2, m1, v2, m1, m2, m0);
#endif
#if defined(UVS) && !defined(SMOOTH_UVS)
    // Linear uvs: the child's corner uvs as writeRegularChildren stores them, then bornUvs and
    // writeDirect on them, as the DIRECT pass would apply them to the child's record.
    vec2 u0, u1, u2;
    regularChildUvs(r, k, u0, u1, u2);
    vec3 U0 = vec3(u0, 0.0), U1 = vec3(u1, 0.0), U2 = vec3(u2, 0.0);
    vec3 W0 = vec3(uvMidpoint(u0, u1), 0.0), W1 = vec3(uvMidpoint(u1, u2), 0.0), W2 = vec3(uvMidpoint(u2, u0), 0.0);
    putFourUvs(o4, U0, W0, W2, W0, U1, W1, W2, W1, U2, W1, W2, W0);
#endif
    storeFour(o4);
}

#ifdef SMOOTH_UVS
// The uvs of regular child k (0-2: the corner children, 3: the centre) at its point slots, from the
// registers UV_c, UE_ci: the seamless child writeRegularChildren would store, by Java's table
// (RegularChildren), handed over as REGULAR_UV_CHILD_0 .. REGULAR_UV_CHILD_3.
void regularUvChild(int k, out vec3 p0, out vec3 p1, out vec3 p2, out vec3 p3, out vec3 p4, out vec3 p5,
                    out vec3 p6, out vec3 p7, out vec3 p8, out vec3 p9, out vec3 p10, out vec3 p11) {
    CHILD_FROM_TABLE(REGULAR_UV_CHILD_0, REGULAR_UV_CHILD_1, REGULAR_UV_CHILD_2, REGULAR_UV_CHILD_3)
}

// Regular child k's uvs refined once more, straight to its four triangles' uvs: the smooth rule as
// the DIRECT pass applies it to the seamless child (regularUvs and writeDirect on its record), with
// the child's complete bits as directRegularChild takes them.
void directRegularChildUvs(uint r, int k, uint o4) {
    vec3 A0, A1, A2, D0, D1, D2, F00, F01, F10, F11, F20, F21;
    regularUvChild(k, A0, A1, A2, D0, D1, D2, F00, F01, F10, F11, F20, F21);
    vec3 v0 = vertexRule(A0, A1, A2, D2, F00, F01, D0, regularCornerFrozen(r, k, 0));
    vec3 v1 = vertexRule(A1, A2, A0, D0, F10, F11, D1, regularCornerFrozen(r, k, 1));
    vec3 v2 = vertexRule(A2, A0, A1, D1, F20, F21, D2, regularCornerFrozen(r, k, 2));
    vec3 m0 = edgeRule(A0, A1, D0, A2, regularChildBit(r, k, regBit(0, 0)));
    vec3 m1 = edgeRule(A1, A2, D1, A0, regularChildBit(r, k, regBit(1, 0)));
    vec3 m2 = edgeRule(A2, A0, D2, A1, regularChildBit(r, k, regBit(2, 0)));
    putFourUvs(o4, v0, m0, m2, m0, v1, m1, m2, m1, v2, m1, m2, m0);
}

// The fused pass's uv channel (FUSED_UVS): a regular parent's 16 grandchildren's smooth uvs, in a
// dispatch of its own after the positions' (GlPasses.fusedUvs). In the positions' program the
// driver's compiler stopped inlining (subroutine calls, 234 registers) and the pass took ten times
// as long (docs/design.md).
void fusedRegularUvs(uint j, uint r, uint m0) {
    loadRegularBits(r);
    regularUvs(r, m0);
    uint o4 = (DIRECT_FLOAT_BASE + GRANDCHILDREN_FLOATS * j) / 4u;
    directRegularChildUvs(r, 0, o4);
    directRegularChildUvs(r, 1, o4 + CHILDREN_VEC4S);
    directRegularChildUvs(r, 2, o4 + 2u * CHILDREN_VEC4S);
    directRegularChildUvs(r, 3, o4 + 3u * CHILDREN_VEC4S);
}
#endif
#endif
