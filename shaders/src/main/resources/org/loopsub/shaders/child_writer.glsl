// The child writer of the split (twin of ChildWriter.java): the four children of a general record as
// records of the next level (corner children, then the centre child), each with its one-ring patch
// from the position channel, its spokes' complete bits and sharpness (halves of the parent's, by the
// rules split_rules.glsl decided), its flags, its corners' limit data and its uvs. Written float by
// float into the child segment: few records take this path. (The regular path writes its children
// as vec4s from its registers: regular_split.glsl.)

#if !defined(DIRECT) && !defined(REGULAR_ONLY)
uint childBits[META_INTS - 2];
#ifdef CREASES
// The children's sharpness, written by endChild, and the stale bits of a child.
float childSharp[SPOKES + 3];
uint sChildStale;
#endif
#ifdef CHAIKIN
// The children's far-end averages (written by endChild at FAR_BASE).
float childFar[SPOKES];
#endif

uint childFloat(uint q, int f) {
    q += 4u * CHILD_PARENT_BASE;
    return ((q >> TILE_SHIFT) * uint(POINT_FLOATS) + uint(f)) * TILE + (q & TILE_MASK);
}
uint childMeta(uint q, int w) {
    q += 4u * CHILD_PARENT_BASE;
    return ((q >> TILE_SHIFT) * uint(META_INTS) + uint(w)) * TILE + (q & TILE_MASK);
}

void dstVertex(uint q, int slot, int s) {
    for (int x = 0; x < 3; x++) dstP[childFloat(q, 3 * slot + x)] = vertexPoints[s + x];
}
void dstEdge(uint q, int slot, int s) {
    for (int x = 0; x < 3; x++) dstP[childFloat(q, 3 * slot + x)] = edgePoints[s + x];
}
void dstVec(uint q, int slot, vec3 v) {
    for (int x = 0; x < 3; x++) dstP[childFloat(q, 3 * slot + x)] = v[x];
}
#ifdef UVS
void dstUv(uint q, int c, vec2 uv) {
    dstP[childFloat(q, UV_BASE + 2 * c)] = uv.x;
    dstP[childFloat(q, UV_BASE + 2 * c + 1)] = uv.y;
}
#endif

void setChildBit(int bit) { childBits[bit >> 5] |= 1u << uint(bit & 31); }
// A child's spoke that halves one of the parent's: its complete bit and (CREASES) decayed sharpness.
void copyBit(int bit, int childBit) {
    if (recBit(bit)) setChildBit(childBit);
#ifdef CREASES
    if (sSharp) childSharp[childBit] = loopDecay(srcFloat(sR, SHARP_BASE + bit));
#endif
}

void beginChild() {
    for (int w = 0; w < META_INTS - 2; w++) childBits[w] = 0u;
#ifdef CREASES
    for (int i = 0; i < SPOKES + 3; i++) childSharp[i] = 0.0;
#endif
#ifdef CHAIKIN
    for (int i = 0; i < SPOKES; i++) childFar[i] = 0.0;
#endif
}

// copyBit, then (Chaikin) the half of the parent spoke at corner end's end and the child spoke's
// far-end average (twin of ChildWriter.copySpoke).
void copySpoke(int bit, int end, float far, int childBit) {
    copyBit(bit, childBit);
#ifdef CHAIKIN
    if (sSharp) {
        float h;
        if (bit < 3) {
            h = end == bit ? nearHalf[bit * RING_MAX] : nearHalf[end * RING_MAX + 1];
        } else {
            int i = ringIndex(end, bit);
            h = i < 0 ? 0.0 : nearHalf[end * RING_MAX + i];
        }
        childSharp[childBit] = h;
        if (childBit >= 3) childFar[childBit] = far;
    }
#endif
}

void endChild(uint q, int kk[3], int gg[3], uint nf) {
    uint m0 = packMeta0(kk[0], kk[1], kk[2], nf);
#ifdef CREASES
    if (sSharp) {
        bool any = false;
        for (int i = 0; i < SPOKES + 3; i++) {
            dstP[childFloat(q, SHARP_BASE + i)] = childSharp[i];
            any = any || childSharp[i] > 0.0;
        }
        if (any) m0 |= SHARP_FLAG;
#ifdef CHAIKIN
        for (int i = 0; i < SPOKES; i++) dstP[childFloat(q, FAR_BASE + i)] = childFar[i];
#endif
    }
    m0 |= sChildStale;
#endif
    dstM[childMeta(q, 0)] = m0;
    dstM[childMeta(q, 1)] = packMeta1(gg[0], gg[1], gg[2]);
    for (int w = 0; w < META_INTS - 2; w++) dstM[childMeta(q, 2 + w)] = childBits[w];
}

void writeCornerChild(uint q, int c, int k[3], int g[3], bool interior[3], uint nf) {
    int c1 = (c + 1) % 3;
    int c2 = (c + 2) % 3;
    beginChild();
    dstVertex(q, c, 3 * c);
    dstEdge(q, c1, ep(c, 0));
    dstEdge(q, c2, ep(c, 1));
    if (interior[c]) dstEdge(q, 3 + c, ep(c, k[c] - 1));
    dstEdge(q, 3 + c1, ep(c1, 0));
    bool dp = prevEdgeInterior(g[c]);
    if (dp) dstEdge(q, 3 + c2, ep(c, 2));
    int fan = fanLength(k[c], g[c]);
    int first = 2 + (dp ? 1 : 0);
    for (int jj = 0; jj < fan; jj++) {
        dstEdge(q, fanSlot(c, jj), ep(c, first + jj));
        copySpoke(fanBit(c, jj), c, alone(chaikinFar(sR, c, first + jj)), fanBit(c, jj));
    }
    // m_c: ring (m_{c+2}, V'_c, [E(c, D_c)], [E(c+1, D_c)], V'_{c+1}, m_{c+1}).
    if (interior[c]) {
        dstEdge(q, fanSlot(c1, 0), ep(c1, 2));
        dstVertex(q, fanSlot(c1, 1), 3 * c1);
        copySpoke(c, c1, nextAverageIf(c1, 1), fanBit(c1, 1));
    } else {
        dstVertex(q, fanSlot(c1, 0), 3 * c1);
        copySpoke(c, c1, nextAverageIf(c1, 1), fanBit(c1, 0));
    }
    // m_{c+2}: ring (V'_c, m_c, m_{c+1}, V'_{c+2}, [E(c+2, D_{c+2})], [E(c, D_{c+2})]).
    dstVertex(q, fanSlot(c2, 0), 3 * c2);
    copySpoke(c2, c2, nextAverageIf(c2, 0), fanBit(c2, 0));
    if (interior[c2]) dstEdge(q, fanSlot(c2, 1), ep(c2, k[c2] - 1));

    int kk[3];
    int gg[3];
    kk[c] = k[c];
    gg[c] = g[c];
    kk[c1] = interior[c] ? 6 : 4;
    gg[c1] = interior[c] ? NO_GAP : 1;
    kk[c2] = interior[c2] ? 6 : 4;
    gg[c2] = interior[c2] ? NO_GAP : 3;
    copySpoke(c, c, 0.0, c);
    copySpoke(c2, c, 0.0, c2);
    copySpoke(3 + 2 * c, c, interior[c] ? alone(chaikinFar(sR, c, k[c] - 1)) : -1.0, 3 + 2 * c);
    copySpoke(4 + 2 * c2, c, prevEdgeInterior(g[c]) ? alone(chaikinFar(sR, c, 2)) : -1.0, 4 + 2 * c2);
#ifdef CREASES
    // the corner keeps its (decayed) sharpness; the new vertices have none
    if (sSharp) childSharp[SPOKES + c] = loopDecay(srcFloat(sR, SHARP_BASE + SPOKES + c));
    sChildStale = (sStale & (STALE_FLAG << uint(c))) | (sBornStale[c] ? STALE_FLAG << uint(c1) : 0u)
                | (sBornStale[c2] ? STALE_FLAG << uint(c2) : 0u);
#endif
    endChild(q, kk, gg, nf & (1u << uint(c) | 1u << uint(c2)));
}

void writeCentreChild(uint q, int k[3], bool interior[3]) {
    beginChild();
    int kk[3];
    int gg[3];
    for (int jj = 0; jj < 3; jj++) {
        int e = (jj + 1) % 3;
        int e2 = (jj + 2) % 3;
        dstEdge(q, jj, ep(e, 0));
        dstVertex(q, 3 + jj, 3 * e2);
        if (interior[e]) {
            dstEdge(q, fanSlot(jj, 0), ep(e, k[e] - 1));
            dstEdge(q, fanSlot(jj, 1), ep(e2, 2));
        }
        kk[jj] = interior[e] ? 6 : 4;
        gg[jj] = interior[e] ? NO_GAP : 2;
        // (m_{j+1}, V'_{j+2}) halves parent edge j+1; (m_{j+2}, V'_{j+2}) halves parent edge j+2.
        copySpoke(e, e2, nextAverageIf(e2, 1), 3 + 2 * jj);
        copySpoke(e2, e2, nextAverageIf(e2, 0), 4 + 2 * jj);
    }
#ifdef CREASES
    sChildStale = 0u;
    for (int jj = 0; jj < 3; jj++) sChildStale |= sBornStale[(jj + 1) % 3] ? STALE_FLAG << uint(jj) : 0u;
#endif
    endChild(q, kk, gg, 0u);
}

#ifdef SMOOTH_UVS
// One spoke's smooth-uv data in a child: its seam code and its far end's uv on both sides
// (ChildWriter.putUvSpoke; s0, s1: offsets in uvEdge, or 6 + 2c for corner c's vertex child).
float uvSource(int s, int x) { return s >= 3 * 4 * RING_MAX ? uvVertex[s - 3 * 4 * RING_MAX + x] : uvEdge[s + x]; }
#define UV_VERTEX(c) (3 * 4 * RING_MAX + 2 * (c))
void putUvSpoke(uint q, int bit, int code, int s0, int s1) {
    dstP[childFloat(q, UV_SEAM_BASE + bit)] = float(code);
    for (int x = 0; x < 2; x++) {
        dstP[childFloat(q, UV_FAR_BASE + 4 * bit + x)] = uvSource(s0, x);
        dstP[childFloat(q, UV_FAR_BASE + 4 * bit + 2 + x)] = uvSource(s1, x);
    }
}
int halfFromMiddle(int parentCode, int endBit) {
    return (parentCode != 0 ? UV_SEAM_NEAR : 0) | ((parentCode & endBit) != 0 ? UV_SEAM_FAR : 0);
}

// Twin of ChildWriter.cornerChildSmoothUvs.
void cornerChildSmoothUvs(uint q, int c, bool interior[3]) {
    int c1 = (c + 1) % 3;
    int c2 = (c + 2) % 3;
#ifdef UV_LIMITS
    for (int x = 0; x < 2; x++) {
        dstP[childFloat(q, UV_LIMIT_BASE + 2 * c + x)] = srcFloat(sR, UV_LIMIT_BASE + 2 * c + x);
        dstP[childFloat(q, UV_LIMIT_BASE + 2 * c1 + x)] = bornUvLimit[c][x];
        dstP[childFloat(q, UV_LIMIT_BASE + 2 * c2 + x)] = bornUvLimit[c2][x];
    }
#endif
    dstP[childFloat(q, UV_PIN_BASE + c)] = srcFloat(sR, UV_PIN_BASE + c);
    dstP[childFloat(q, UV_PIN_BASE + c1)] = 0.0;
    dstP[childFloat(q, UV_PIN_BASE + c2)] = 0.0;
    int pc = int(srcFloat(sR, UV_SEAM_BASE + c));
    int pc2 = int(srcFloat(sR, UV_SEAM_BASE + c2));
    putUvSpoke(q, c, (pc & UV_SEAM_NEAR) | (pc != 0 ? UV_SEAM_FAR : 0), ue(c, 0, 0), UV_VERTEX(c));
    putUvSpoke(q, c1, 0, ue(c2, 0, 1), ue(c, 0, 1));
    putUvSpoke(q, c2, halfFromMiddle(pc2, UV_SEAM_FAR), UV_VERTEX(c), ue(c, 1, 1));
    for (int i = 2; i < sK[c]; i++) {
        int code = uvCode(c, i, false);
        int childCode = (code & UV_SEAM_NEAR) | (code != 0 ? UV_SEAM_FAR : 0);
        putUvSpoke(q, ringBit(c, sK[c], sG[c], i), childCode, ue(c, i, 0), ue(c, i, 1));
        if (i == 2 && fanLength(sK[c], sG[c]) < 0) putUvSpoke(q, 3 + 2 * c, childCode, ue(c, i, 0), ue(c, i, 1));
    }
    if (interior[c]) {
        putUvSpoke(q, 4 + 2 * c, 0, ue(c, sK[c] - 1, 1), ue(c, sK[c] - 1, 1));
        putUvSpoke(q, fanBit(c1, 0), 0, ue(c1, 2, 0), ue(c1, 2, 0));
        putUvSpoke(q, fanBit(c1, 1), halfFromMiddle(pc, UV_SEAM_FAR), UV_VERTEX(c1), UV_VERTEX(c1));
    } else {
        putUvSpoke(q, fanBit(c1, 0), 0, UV_VERTEX(c1), UV_VERTEX(c1));
    }
    putUvSpoke(q, 3 + 2 * c1, 0, ue(c1, 0, 1), ue(c1, 0, 1));
    putUvSpoke(q, 4 + 2 * c1, 0, ue(c1, 0, 1), ue(c1, 0, 1));
    putUvSpoke(q, fanBit(c2, 0), halfFromMiddle(pc2, UV_SEAM_NEAR), UV_VERTEX(c2), UV_VERTEX(c2));
    if (interior[c2]) {
        putUvSpoke(q, fanBit(c2, 1), 0, ue(c2, sK[c2] - 1, 1), ue(c2, sK[c2] - 1, 1));
        putUvSpoke(q, 3 + 2 * c2, 0, ue(c, 2, 0), ue(c, 2, 0));
    }
}

// Twin of ChildWriter.centreChildSmoothUvs.
void centreChildSmoothUvs(uint q, bool interior[3]) {
    for (int jj = 0; jj < 3; jj++) {
        int e = (jj + 1) % 3;
        int e2 = (jj + 2) % 3;
        dstP[childFloat(q, UV_PIN_BASE + jj)] = 0.0;
#ifdef UV_LIMITS
        for (int x = 0; x < 2; x++) dstP[childFloat(q, UV_LIMIT_BASE + 2 * jj + x)] = bornUvLimit[e][x];
#endif
        int pe = int(srcFloat(sR, UV_SEAM_BASE + e));
        int pe2 = int(srcFloat(sR, UV_SEAM_BASE + e2));
        putUvSpoke(q, jj, 0, ue(e2, 0, 1), ue(e, 0, 1));
        putUvSpoke(q, 3 + 2 * jj, halfFromMiddle(pe, UV_SEAM_FAR), UV_VERTEX(e2), UV_VERTEX(e2));
        putUvSpoke(q, 4 + 2 * jj, halfFromMiddle(pe2, UV_SEAM_NEAR), UV_VERTEX(e2), UV_VERTEX(e2));
        if (interior[e]) {
            putUvSpoke(q, fanBit(jj, 0), 0, ue(e, sK[e] - 1, 1), ue(e, sK[e] - 1, 1));
            putUvSpoke(q, fanBit(jj, 1), 0, ue(e2, 2, 0), ue(e2, 2, 0));
        }
    }
}
#endif

// Corner child q = 4j + c's limit data and uvs (ChildWriter.writeChildren's share for that child).
void cornerChildExtras(uint q, int c) {
    int c1 = (c + 1) % 3;
    int c2 = (c + 2) % 3;
#ifdef NORMALS
    dstVec(q, normalSlot(c), nextCornerNormal(sR, c));
    dstVec(q, normalSlot(c1), bornNormal(c));
    dstVec(q, normalSlot(c2), bornNormal(c2));
#ifdef LIMIT
    dstVec(q, limitSlot(c), loadPoint(sR, limitSlot(c)));
    dstVec(q, limitSlot(c1), bornOut(c));
    dstVec(q, limitSlot(c2), bornOut(c2));
#endif
#endif
#ifdef UVS
    dstUv(q, c, NEXT_CORNER_UV(sR, c));
    dstUv(q, c1, bornUv(c));
    dstUv(q, c2, bornUv(c2));
#ifdef SMOOTH_UVS
    cornerChildSmoothUvs(q, c, sInterior);
#endif
#endif
}

// The centre child q = 4j + 3's limit data and uvs.
void centreChildExtras(uint q) {
    for (int jj = 0; jj < 3; jj++) {
#ifdef NORMALS
        dstVec(q, normalSlot(jj), bornNormal((jj + 1) % 3));
#ifdef LIMIT
        dstVec(q, limitSlot(jj), bornOut((jj + 1) % 3));
#endif
#endif
#ifdef UVS
        dstUv(q, jj, bornUv((jj + 1) % 3));
#endif
    }
#ifdef SMOOTH_UVS
    centreChildSmoothUvs(q, sInterior);
#endif
}

// The four children of this invocation's record, the j-th active one, at 4j + k: corner children
// 0, 1, 2, then the centre child, with their limit data and uvs (ChildWriter.writeChildren).
void writeChildren(uint j) {
    for (int c = 0; c < 3; c++) writeCornerChild(4u * j + uint(c), c, sK, sG, sInterior, sNf);
    writeCentreChild(4u * j + 3u, sK, sInterior);
    for (int c = 0; c < 3; c++) cornerChildExtras(4u * j + uint(c), c);
    centreChildExtras(4u * j + 3u);
}
#endif
