// Pass 3 of a level, the split (twin of LoopSplit.java, same function names and loop shape): each
// active record j becomes four children 4j + k, plus one sliver per edge whose neighbour has
// finished. With DIRECT defined the children are written as output triangles; with UNIFORM defined
// every record is active (record j is the j-th active one) and none has slivers.
//
// Destinations are bound as ranges whose starts need not fall on a record or a triangle: the
// *Base uniforms give, in floats (or uints for metadata), where this dispatch's first child,
// sliver or direct triangle starts inside its bound range.
#include "loop_record.glsl"

// GROUP parents per work group (from the CPU: as many as the shared-memory stage holds, up to 64).
// Children are assembled in shared memory, one child per invocation at a time, and copied out by the
// whole group, record by record: coalesced stores, where each invocation writing its own records
// would scatter stores at a stride of several hundred bytes.
layout(local_size_x = GROUP) in;

layout(std430, binding = 2) writeonly buffer DstPoints { float dstP[]; };
layout(std430, binding = 3) buffer DstMeta { uint dstM[]; };
layout(std430, binding = 4) writeonly buffer SliverOut { float sliverP[]; };
layout(std430, binding = 5) readonly buffer Active { uint activeIdx[]; };
layout(std430, binding = 6) readonly buffer SliverOffset { uint sliverOffset[]; };
layout(std430, binding = 7) readonly buffer Weights { float weights[]; };
layout(std430, binding = 11) writeonly buffer DirectOut { float directP[]; };

uniform uint uCount;
uniform uint uChildPointBase;
uniform uint uChildMetaBase;
uniform uint uSliverFloatBase;
uniform uint uDirectFloatBase;

#ifdef DIRECT
#define STAGE_FLOATS 36
#else
#define STAGE_FLOATS POINT_FLOATS
#endif
shared float stage[GROUP * STAGE_FLOATS];
shared bool computed[GROUP];

float vertexPoints[9];
float edgePoints[3 * RING_MAX * 3];
float ring[RING_MAX];
uint childBits[META_INTS - 2];
// The record's complete bits, loaded once: the masks test them dozens of times.
uint recordBits[META_INTS - 2];

bool recBit(int bit) { return (recordBits[bit >> 5] & (1u << uint(bit & 31))) != 0u; }

int ep(int c, int i) { return 3 * (c * RING_MAX + i); }

float sortedSum(int count) {
    // Insertion sort, then a left-to-right sum: the order LoopRules.sortedSum uses.
    for (int i = 1; i < count; i++) {
        float x = ring[i];
        int j = i - 1;
        while (j >= 0 && ring[j] > x) {
            ring[j + 1] = ring[j];
            j--;
        }
        ring[j + 1] = x;
    }
    precise float s = 0.0;
    for (int i = 0; i < count; i++) s = s + ring[i];
    return s;
}

void vertexPoint(uint pb, int c, int k, int g, bool frozen) {
    uint v = pb + 3u * uint(c);
    int o = 3 * c;
    if (frozen) {
        for (int x = 0; x < 3; x++) vertexPoints[o + x] = srcP[v + uint(x)];
        return;
    }
    if (g != NO_GAP) {
        uint a = pb + 3u * uint(ringSlot(c, k, g, g));
        uint b = pb + 3u * uint(ringSlot(c, k, g, (g + 1) % k));
        for (int x = 0; x < 3; x++) {
            vertexPoints[o + x] = loopBoundaryVertexPoint(srcP[v + uint(x)], srcP[a + uint(x)], srcP[b + uint(x)]);
        }
        return;
    }
    float w = weights[2 * k];
    float beta = weights[2 * k + 1];
    for (int x = 0; x < 3; x++) {
        for (int i = 0; i < k; i++) ring[i] = srcP[pb + 3u * uint(ringSlot(c, k, g, i)) + uint(x)];
        vertexPoints[o + x] = loopVertexPoint(w, beta, srcP[v + uint(x)], sortedSum(k));
    }
}

void edgePoint(uint pb, uint mb, int c, int k, int g, int i) {
    uint a = pb + 3u * uint(c);
    uint b = pb + 3u * uint(ringSlot(c, k, g, i));
    int o = ep(c, i);
    if (isBoundarySpoke(k, g, i) || recBit(ringBit(c, k, g, i))) {
        for (int x = 0; x < 3; x++) edgePoints[o + x] = loopMidpoint(srcP[a + uint(x)], srcP[b + uint(x)]);
        return;
    }
    uint oc = pb + 3u * uint(ringSlot(c, k, g, (i + k - 1) % k));
    uint od = pb + 3u * uint(ringSlot(c, k, g, (i + 1) % k));
    for (int x = 0; x < 3; x++) {
        edgePoints[o + x] = loopEdgePoint(srcP[a + uint(x)], srcP[b + uint(x)], srcP[oc + uint(x)], srcP[od + uint(x)]);
    }
}


void sliverVertex(uint o, int s) { for (int x = 0; x < 3; x++) sliverP[o + uint(x)] = vertexPoints[s + x]; }
void sliverEdge(uint o, int s) { for (int x = 0; x < 3; x++) sliverP[o + uint(x)] = edgePoints[s + x]; }
void directVertex(uint o, int s) { for (int x = 0; x < 3; x++) stage[o + uint(x)] = vertexPoints[s + x]; }
void directEdge(uint o, int s) { for (int x = 0; x < 3; x++) stage[o + uint(x)] = edgePoints[s + x]; }
void dstVertex(uint qb, int slot, int s) { for (int x = 0; x < 3; x++) stage[qb + uint(3 * slot + x)] = vertexPoints[s + x]; }
void dstEdge(uint qb, int slot, int s) { for (int x = 0; x < 3; x++) stage[qb + uint(3 * slot + x)] = edgePoints[s + x]; }

void setChildBit(int bit) { childBits[bit >> 5] |= 1u << uint(bit & 31); }
void copyBit(uint mb, int bit, int childBit) { if (recBit(bit)) setChildBit(childBit); }

void beginChild(uint qb) {
    for (int x = 0; x < POINT_FLOATS; x++) stage[qb + uint(x)] = 0.0;
    for (int w = 0; w < META_INTS - 2; w++) childBits[w] = 0u;
}

void endChild(uint qmb, int kk[3], int gg[3], uint nf) {
    dstM[qmb] = packMeta0(kk[0], kk[1], kk[2], nf);
    dstM[qmb + 1u] = packMeta1(gg[0], gg[1], gg[2]);
    for (int w = 0; w < META_INTS - 2; w++) dstM[qmb + 2u + uint(w)] = childBits[w];
}

void writeCornerChild(uint q, int c, int k[3], int g[3], bool interior[3], uint mb, uint nf) {
    int c1 = (c + 1) % 3;
    int c2 = (c + 2) % 3;
    uint qb = gl_LocalInvocationID.x * uint(POINT_FLOATS);
    uint qmb = uChildMetaBase + q * uint(META_INTS);
    beginChild(qb);
    dstVertex(qb, c, 3 * c);
    dstEdge(qb, c1, ep(c, 0));
    dstEdge(qb, c2, ep(c, 1));
    if (interior[c]) dstEdge(qb, 3 + c, ep(c, k[c] - 1));
    dstEdge(qb, 3 + c1, ep(c1, 0));
    bool dp = prevEdgeInterior(g[c]);
    if (dp) dstEdge(qb, 3 + c2, ep(c, 2));
    int fan = fanLength(k[c], g[c]);
    int first = 2 + (dp ? 1 : 0);
    for (int jj = 0; jj < fan; jj++) {
        dstEdge(qb, fanSlot(c, jj), ep(c, first + jj));
        copyBit(mb, fanBit(c, jj), fanBit(c, jj));
    }
    // m_c: ring (m_{c+2}, V'_c, [E(c, D_c)], [E(c+1, D_c)], V'_{c+1}, m_{c+1}).
    if (interior[c]) {
        dstEdge(qb, fanSlot(c1, 0), ep(c1, 2));
        dstVertex(qb, fanSlot(c1, 1), 3 * c1);
        copyBit(mb, c, fanBit(c1, 1));
    } else {
        dstVertex(qb, fanSlot(c1, 0), 3 * c1);
        copyBit(mb, c, fanBit(c1, 0));
    }
    // m_{c+2}: ring (V'_c, m_c, m_{c+1}, V'_{c+2}, [E(c+2, D_{c+2})], [E(c, D_{c+2})]).
    dstVertex(qb, fanSlot(c2, 0), 3 * c2);
    copyBit(mb, c2, fanBit(c2, 0));
    if (interior[c2]) dstEdge(qb, fanSlot(c2, 1), ep(c2, k[c2] - 1));

    int kk[3];
    int gg[3];
    kk[c] = k[c];
    gg[c] = g[c];
    kk[c1] = interior[c] ? 6 : 4;
    gg[c1] = interior[c] ? NO_GAP : 1;
    kk[c2] = interior[c2] ? 6 : 4;
    gg[c2] = interior[c2] ? NO_GAP : 3;
    copyBit(mb, c, c);
    copyBit(mb, c2, c2);
    copyBit(mb, 3 + 2 * c, 3 + 2 * c);
    copyBit(mb, 4 + 2 * c2, 4 + 2 * c2);
    endChild(qmb, kk, gg, nf & (1u << uint(c) | 1u << uint(c2)));
}

void writeCentreChild(uint q, int k[3], bool interior[3], uint mb) {
    uint qb = gl_LocalInvocationID.x * uint(POINT_FLOATS);
    uint qmb = uChildMetaBase + q * uint(META_INTS);
    beginChild(qb);
    int kk[3];
    int gg[3];
    for (int jj = 0; jj < 3; jj++) {
        int e = (jj + 1) % 3;
        int e2 = (jj + 2) % 3;
        dstEdge(qb, jj, ep(e, 0));
        dstVertex(qb, 3 + jj, 3 * e2);
        if (interior[e]) {
            dstEdge(qb, fanSlot(jj, 0), ep(e, k[e] - 1));
            dstEdge(qb, fanSlot(jj, 1), ep(e2, 2));
        }
        kk[jj] = interior[e] ? 6 : 4;
        gg[jj] = interior[e] ? NO_GAP : 2;
        // (m_{j+1}, V'_{j+2}) halves parent edge j+1; (m_{j+2}, V'_{j+2}) halves parent edge j+2.
        copyBit(mb, e, 3 + 2 * jj);
        copyBit(mb, e2, 4 + 2 * jj);
    }
    endChild(qmb, kk, gg, 0u);
}

// ---- Regular records: three interior corners of valence 6 (almost every record after a few
// levels). The ring of corner c is then fixed, N, P, D_prev, fan 0, fan 1, D_next, so every index
// below is a constant once the loops unroll: the edge points live in registers instead of local
// memory. Same values as the general path, operation for operation; the ring sums sort with min/max
// (a sorting network), which gives the same ascending sequence as the insertion sort, and the sum
// runs left to right over it.

int regSlot(int c, int i) {
    return i == 0 ? (c + 1) % 3 : i == 1 ? (c + 2) % 3 : i == 2 ? 3 + (c + 2) % 3
         : i == 5 ? 3 + c : FIXED_POINTS + c * FAN + (i - 3);
}
int regBit(int c, int i) {
    return i == 0 ? c : i == 1 ? (c + 2) % 3 : i == 2 ? 4 + 2 * ((c + 2) % 3)
         : i == 5 ? 3 + 2 * c : FIXED_SPOKES + c * FAN + (i - 3);
}

#define CSWAP(a, b) { float lo_ = min(a, b); b = max(a, b); a = lo_; }

float sortedSum6(float r0, float r1, float r2, float r3, float r4, float r5) {
    // Optimal 6-input sorting network (12 comparators).
    CSWAP(r1, r2); CSWAP(r4, r5); CSWAP(r0, r2); CSWAP(r3, r5); CSWAP(r0, r1); CSWAP(r3, r4);
    CSWAP(r1, r4); CSWAP(r0, r3); CSWAP(r2, r5); CSWAP(r1, r3); CSWAP(r2, r4); CSWAP(r2, r3);
    precise float s = 0.0;
    s = s + r0; s = s + r1; s = s + r2; s = s + r3; s = s + r4; s = s + r5;
    return s;
}

float regEdge[54];   // [c][i][x], 3 * 6 * 3
float regVertex[9];

void prepareRegular(uint j, uint r, uint pb, uint mb, uint m0) {
    float w = weights[12];
    float beta = weights[13];
    for (int c = 0; c < 3; c++) {
        bool frozen = false;
        for (int i = 0; i < 6; i++) frozen = frozen || recBit(regBit(c, i));
        uint v = pb + 3u * uint(c);
        for (int x = 0; x < 3; x++) {
            if (frozen) {
                regVertex[3 * c + x] = srcP[v + uint(x)];
            } else {
                float s6 = sortedSum6(srcP[pb + 3u * uint(regSlot(c, 0)) + uint(x)], srcP[pb + 3u * uint(regSlot(c, 1)) + uint(x)],
                                      srcP[pb + 3u * uint(regSlot(c, 2)) + uint(x)], srcP[pb + 3u * uint(regSlot(c, 3)) + uint(x)],
                                      srcP[pb + 3u * uint(regSlot(c, 4)) + uint(x)], srcP[pb + 3u * uint(regSlot(c, 5)) + uint(x)]);
                regVertex[3 * c + x] = loopVertexPoint(w, beta, srcP[v + uint(x)], s6);
            }
        }
        for (int i = 0; i < 6; i++) {
            uint a = v;
            uint b = pb + 3u * uint(regSlot(c, i));
            uint oc = pb + 3u * uint(regSlot(c, (i + 5) % 6));
            uint od = pb + 3u * uint(regSlot(c, (i + 1) % 6));
            bool mid = recBit(regBit(c, i));
            for (int x = 0; x < 3; x++) {
                regEdge[18 * c + 3 * i + x] = mid ? loopMidpoint(srcP[a + uint(x)], srcP[b + uint(x)])
                        : loopEdgePoint(srcP[a + uint(x)], srcP[b + uint(x)], srcP[oc + uint(x)], srcP[od + uint(x)]);
            }
        }
    }
#ifndef UNIFORM
    uint nf = neighbourFinishedOf(m0);
    uint s = sliverOffset[r];
    for (int e = 0; e < 3; e++) {
        if ((nf & (1u << uint(e))) != 0u) {
            uint o = uSliverFloatBase + 9u * s;
            s++;
            for (int x = 0; x < 3; x++) {
                sliverP[o + uint(x)] = regVertex[3 * e + x];
                sliverP[o + 3u + uint(x)] = regVertex[3 * ((e + 1) % 3) + x];
                sliverP[o + 6u + uint(x)] = regEdge[18 * e + x];
            }
        }
    }
#endif
#ifdef DIRECT
    uint o = gl_LocalInvocationID.x * 36u;
    for (int c = 0; c < 3; c++) {
        for (int x = 0; x < 3; x++) {
            stage[o + uint(9 * c + 3 * c + x)] = regVertex[3 * c + x];
            stage[o + uint(9 * c + 3 * ((c + 1) % 3) + x)] = regEdge[18 * c + x];
            stage[o + uint(9 * c + 3 * ((c + 2) % 3) + x)] = regEdge[18 * c + 3 + x];
        }
    }
    for (int i = 0; i < 3; i++) {
        for (int x = 0; x < 3; x++) stage[o + uint(27 + 3 * i + x)] = regEdge[18 * ((i + 1) % 3) + x];
    }
#endif
}

// Writes child c (3: the centre) of a regular record into this invocation's stage slot.
void writeRegularChild(int c, uint j, uint mb, uint nf) {
    // Children of a regular record are regular: every corner has valence 6 and a fan of two. The
    // fan slots beyond two are not written at all (copyChild skips them): no pass reads a fan slot
    // past the corner's fan length, so they may hold anything, and not writing them more than
    // halves the bytes written for meshes with long fans. (The Java back end's chunks hold zeros
    // there; records are equal wherever they are defined, and the output is identical.)
    uint meta0 = packMeta0(6, 6, 6, 0u);
    uint meta1 = packMeta1(NO_GAP, NO_GAP, NO_GAP);
    if (c < 3) {
        int c1 = (c + 1) % 3;
        int c2 = (c + 2) % 3;
        uint q = 4u * j + uint(c);
        uint qb = gl_LocalInvocationID.x * uint(POINT_FLOATS);
        uint qmb = uChildMetaBase + q * uint(META_INTS);
        for (int x = 0; x < 3; x++) {
            stage[qb + uint(3 * c + x)] = regVertex[3 * c + x];
            stage[qb + uint(3 * c1 + x)] = regEdge[18 * c + x];
            stage[qb + uint(3 * c2 + x)] = regEdge[18 * c + 3 + x];
            stage[qb + uint(3 * (3 + c) + x)] = regEdge[18 * c + 15 + x];
            stage[qb + uint(3 * (3 + c1) + x)] = regEdge[18 * c1 + x];
            stage[qb + uint(3 * (3 + c2) + x)] = regEdge[18 * c + 6 + x];
            stage[qb + uint(3 * fanSlot(c, 0) + x)] = regEdge[18 * c + 9 + x];
            stage[qb + uint(3 * fanSlot(c, 1) + x)] = regEdge[18 * c + 12 + x];
            stage[qb + uint(3 * fanSlot(c1, 0) + x)] = regEdge[18 * c1 + 6 + x];
            stage[qb + uint(3 * fanSlot(c1, 1) + x)] = regVertex[3 * c1 + x];
            stage[qb + uint(3 * fanSlot(c2, 0) + x)] = regVertex[3 * c2 + x];
            stage[qb + uint(3 * fanSlot(c2, 1) + x)] = regEdge[18 * c2 + 15 + x];
        }
        for (int wd = 0; wd < META_INTS - 2; wd++) childBits[wd] = 0u;
        copyBit(mb, regBit(c, 3), fanBit(c, 0));
        copyBit(mb, regBit(c, 4), fanBit(c, 1));
        copyBit(mb, c, fanBit(c1, 1));
        copyBit(mb, c2, fanBit(c2, 0));
        copyBit(mb, c, c);
        copyBit(mb, c2, c2);
        copyBit(mb, 3 + 2 * c, 3 + 2 * c);
        copyBit(mb, 4 + 2 * c2, 4 + 2 * c2);
        dstM[qmb] = meta0 | ((nf & (1u << uint(c) | 1u << uint(c2))) << 24u);
        dstM[qmb + 1u] = meta1;
        for (int wd = 0; wd < META_INTS - 2; wd++) dstM[qmb + 2u + uint(wd)] = childBits[wd];
    }
    else {
        uint q = 4u * j + 3u;
        uint qb = gl_LocalInvocationID.x * uint(POINT_FLOATS);
        uint qmb = uChildMetaBase + q * uint(META_INTS);
        for (int wd = 0; wd < META_INTS - 2; wd++) childBits[wd] = 0u;
        for (int jj = 0; jj < 3; jj++) {
            int e = (jj + 1) % 3;
            int e2 = (jj + 2) % 3;
            for (int x = 0; x < 3; x++) {
                stage[qb + uint(3 * jj + x)] = regEdge[18 * e + x];
                stage[qb + uint(3 * (3 + jj) + x)] = regVertex[3 * e2 + x];
                stage[qb + uint(3 * fanSlot(jj, 0) + x)] = regEdge[18 * e + 15 + x];
                stage[qb + uint(3 * fanSlot(jj, 1) + x)] = regEdge[18 * e2 + 6 + x];
            }
            copyBit(mb, e, 3 + 2 * jj);
            copyBit(mb, e2, 4 + 2 * jj);
        }
        dstM[qmb] = meta0;
        dstM[qmb + 1u] = meta1;
        for (int wd = 0; wd < META_INTS - 2; wd++) dstM[qmb + 2u + uint(wd)] = childBits[wd];
    }
}

// What prepare() leaves for the child writers of this invocation's record.
bool sRegular;
uint sMb;
uint sNf;
int sK[3];
int sG[3];
bool sInterior[3];

// Computes this invocation's record; false if the record is left to the other kind of dispatch
// (REGULAR_ONLY / GENERAL_ONLY: two dispatches over the same records, each writing the children of
// its own kind, so that the short regular path is not compiled with the general path's registers).
bool prepare(uint j) {
#ifdef UNIFORM
    uint r = j;
#else
    uint r = activeIdx[j];
#endif
    uint pb = r * uint(POINT_FLOATS);
    uint mb = r * uint(META_INTS);
    uint m0 = srcM[mb];
    uint m1 = srcM[mb + 1u];
    for (int w = 0; w < META_INTS - 2; w++) recordBits[w] = srcM[mb + 2u + uint(w)];
    sMb = mb;
    sNf = neighbourFinishedOf(m0);
    sRegular = m1 == packMeta1(NO_GAP, NO_GAP, NO_GAP) && (m0 & 0x00FFFFFFu) == packMeta0(6, 6, 6, 0u);
#if defined(REGULAR_ONLY)
    if (!sRegular) return false;
#elif defined(GENERAL_ONLY)
    if (sRegular) return false;
#endif
    if (sRegular) {
#ifndef GENERAL_ONLY
        prepareRegular(j, r, pb, mb, m0);
#endif
        return true;
    }
#ifndef REGULAR_ONLY
    for (int c = 0; c < 3; c++) {
        sK[c] = valenceOf(m0, c);
        sG[c] = gapOf(m1, c);
    }
    for (int c = 0; c < 3; c++) {
        bool frozen = false;
        for (int i = 0; i < sK[c] && !frozen; i++) frozen = recBit(ringBit(c, sK[c], sG[c], i));
        vertexPoint(pb, c, sK[c], sG[c], frozen);
        for (int i = 0; i < sK[c]; i++) edgePoint(pb, mb, c, sK[c], sG[c], i);
    }

#ifndef UNIFORM
    uint s = sliverOffset[r];
    for (int e = 0; e < 3; e++) {
        if ((sNf & (1u << uint(e))) != 0u) {
            // Sliver (a, b, m) with a -> b as the edge runs here; a and b are frozen, so V' = V.
            uint o = uSliverFloatBase + 9u * s;
            s++;
            sliverVertex(o, 3 * e);
            sliverVertex(o + 3u, 3 * ((e + 1) % 3));
            sliverEdge(o + 6u, ep(e, 0));
        }
    }
#endif

    for (int e = 0; e < 3; e++) sInterior[e] = nextEdgeInterior(sK[e], sG[e]);
#ifdef DIRECT
    uint o = gl_LocalInvocationID.x * 36u;
    for (int c = 0; c < 3; c++) {
        directVertex(o + uint(9 * c + 3 * c), 3 * c);
        directEdge(o + uint(9 * c + 3 * ((c + 1) % 3)), ep(c, 0));
        directEdge(o + uint(9 * c + 3 * ((c + 2) % 3)), ep(c, 1));
    }
    for (int i = 0; i < 3; i++) directEdge(o + uint(27 + 3 * i), ep((i + 1) % 3, 0));
#endif
#endif
    return true;
}

#ifndef DIRECT
void writeChild(int c, uint j) {
#ifndef GENERAL_ONLY
    if (sRegular) {
        writeRegularChild(c, j, sMb, sNf);
        return;
    }
#endif
#ifndef REGULAR_ONLY
    if (c < 3) {
        writeCornerChild(4u * j + uint(c), c, sK, sG, sInterior, sMb, sNf);
    } else {
        writeCentreChild(4u * j + 3u, sK, sInterior, sMb);
    }
#endif
}

#ifdef REGULAR_ONLY
// Floats a regular child defines: corners and D's (18), then two fan points of each corner.
#define REGULAR_FLOATS 36
uint regularOffset(uint u) {
    if (u < 18u) return u;
    uint f = u - 18u;
    uint c = f / 6u;
    return 18u + 3u * c * uint(FAN) + (f - 6u * c);
}
#endif

// Copies the group's staged child c (one record per parent) to its place 4j + c.
void copyChild(int c, uint first, uint parents) {
#ifdef REGULAR_ONLY
    uint n = parents * uint(REGULAR_FLOATS);
    for (uint i = gl_LocalInvocationID.x; i < n; i += uint(GROUP)) {
        uint rec = i / uint(REGULAR_FLOATS);
        uint off = regularOffset(i - rec * uint(REGULAR_FLOATS));
        if (computed[rec]) {
            dstP[uChildPointBase + (4u * (first + rec) + uint(c)) * uint(POINT_FLOATS) + off] =
                    stage[rec * uint(POINT_FLOATS) + off];
        }
    }
#else
    uint n = parents * uint(POINT_FLOATS);
    for (uint i = gl_LocalInvocationID.x; i < n; i += uint(GROUP)) {
        uint rec = i / uint(POINT_FLOATS);
        uint off = i - rec * uint(POINT_FLOATS);
        if (computed[rec]) dstP[uChildPointBase + (4u * (first + rec) + uint(c)) * uint(POINT_FLOATS) + off] = stage[i];
    }
#endif
}
#endif

void main() {
    uint group = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint first = group * uint(GROUP);
    uint j = first + gl_LocalInvocationID.x;
    // Every invocation reaches the barriers; only those with a record compute.
    bool has = j < uCount;
    uint parents = min(uint(GROUP), uCount > first ? uCount - first : 0u);
    if (has) has = prepare(j);
    computed[gl_LocalInvocationID.x] = has;
#ifdef DIRECT
    barrier();
    uint n = parents * 36u;
    uint base = uDirectFloatBase + first * 36u;
    for (uint i = gl_LocalInvocationID.x; i < n; i += uint(GROUP)) {
        if (computed[i / 36u]) directP[base + i] = stage[i];
    }
#else
    // Written out four times rather than looped, so that the child index is a constant in each.
    if (has) writeChild(0, j);
    barrier();
    copyChild(0, first, parents);
    barrier();
    if (has) writeChild(1, j);
    barrier();
    copyChild(1, first, parents);
    barrier();
    if (has) writeChild(2, j);
    barrier();
    copyChild(2, first, parents);
    barrier();
    if (has) writeChild(3, j);
    barrier();
    copyChild(3, first, parents);
#endif
}
