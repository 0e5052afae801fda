// Pass 3 of a level, the split (twin of LoopSplit.java, same function names and loop shape): each
// active record j becomes four children 4j + k, plus one sliver per edge whose neighbour has
// finished. With DIRECT defined the children are written as output triangles; with UNIFORM defined
// every record is active (record j is the j-th active one) and none has slivers.
//
// Destinations are bound as ranges whose starts need not fall on a record or a triangle: the
// *Base uniforms give, in floats (or uints for metadata), where this dispatch's first child,
// sliver or direct triangle starts inside its bound range.
#include "loop_record.glsl"

layout(local_size_x = 64) in;

layout(std430, binding = 2) buffer DstPoints { float dstP[]; };
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

float vertexPoints[9];
float edgePoints[3 * RING_MAX * 3];
float ring[RING_MAX];
uint childBits[META_INTS - 2];

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
    if (isBoundarySpoke(k, g, i) || srcBit(mb, ringBit(c, k, g, i))) {
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
void directVertex(uint o, int s) { for (int x = 0; x < 3; x++) directP[o + uint(x)] = vertexPoints[s + x]; }
void directEdge(uint o, int s) { for (int x = 0; x < 3; x++) directP[o + uint(x)] = edgePoints[s + x]; }
void dstVertex(uint qb, int slot, int s) { for (int x = 0; x < 3; x++) dstP[qb + uint(3 * slot + x)] = vertexPoints[s + x]; }
void dstEdge(uint qb, int slot, int s) { for (int x = 0; x < 3; x++) dstP[qb + uint(3 * slot + x)] = edgePoints[s + x]; }

void setChildBit(int bit) { childBits[bit >> 5] |= 1u << uint(bit & 31); }
void copyBit(uint mb, int bit, int childBit) { if (srcBit(mb, bit)) setChildBit(childBit); }

void beginChild(uint qb) {
    for (int x = 0; x < POINT_FLOATS; x++) dstP[qb + uint(x)] = 0.0;
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
    uint qb = uChildPointBase + q * uint(POINT_FLOATS);
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
    uint qb = uChildPointBase + q * uint(POINT_FLOATS);
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

void main() {
    uint j = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    if (j >= uCount) return;
#ifdef UNIFORM
    uint r = j;
#else
    uint r = activeIdx[j];
#endif
    uint pb = r * uint(POINT_FLOATS);
    uint mb = r * uint(META_INTS);
    uint m0 = srcM[mb];
    uint m1 = srcM[mb + 1u];
    int k[3];
    int g[3];
    for (int c = 0; c < 3; c++) {
        k[c] = valenceOf(m0, c);
        g[c] = gapOf(m1, c);
    }
    for (int c = 0; c < 3; c++) {
        bool frozen = false;
        for (int i = 0; i < k[c] && !frozen; i++) frozen = srcBit(mb, ringBit(c, k[c], g[c], i));
        vertexPoint(pb, c, k[c], g[c], frozen);
        for (int i = 0; i < k[c]; i++) edgePoint(pb, mb, c, k[c], g[c], i);
    }

    uint nf = neighbourFinishedOf(m0);
#ifndef UNIFORM
    uint s = sliverOffset[r];
    for (int e = 0; e < 3; e++) {
        if ((nf & (1u << uint(e))) != 0u) {
            // Sliver (a, b, m) with a -> b as the edge runs here; a and b are frozen, so V' = V.
            uint o = uSliverFloatBase + 9u * s;
            s++;
            sliverVertex(o, 3 * e);
            sliverVertex(o + 3u, 3 * ((e + 1) % 3));
            sliverEdge(o + 6u, ep(e, 0));
        }
    }
#endif

    bool interior[3];
    for (int e = 0; e < 3; e++) interior[e] = nextEdgeInterior(k[e], g[e]);
#ifdef DIRECT
    uint o = uDirectFloatBase + 36u * j;
    for (int c = 0; c < 3; c++) {
        directVertex(o + uint(9 * c + 3 * c), 3 * c);
        directEdge(o + uint(9 * c + 3 * ((c + 1) % 3)), ep(c, 0));
        directEdge(o + uint(9 * c + 3 * ((c + 2) % 3)), ep(c, 1));
    }
    for (int i = 0; i < 3; i++) directEdge(o + uint(27 + 3 * i), ep((i + 1) % 3, 0));
#else
    for (int c = 0; c < 3; c++) writeCornerChild(4u * j + uint(c), c, k, g, interior, mb, nf);
    writeCentreChild(4u * j + 3u, k, interior, mb);
#endif
}
