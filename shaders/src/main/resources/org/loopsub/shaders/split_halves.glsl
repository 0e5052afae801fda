// The halves of the split, the rest of its schedule (with split_schedule.glsl, the twin of
// SplitSchedule.java): which half takes a record, the general path in the shares a lane takes, the
// children a build writes as records, and the entries of the builds that do not split one record an
// invocation (LIST_PARENTS; a general half on GENERAL_LANES lanes a record). loop_split.comp includes
// it after the split's parts, whose functions these call, and before splitOne and main.

// Whether record r (metadata words m0, m1) takes the regular path (LoopSplit.run).
bool regularRecord(uint r, uint m0, uint m1) {
    bool regular = m1 == packMeta1(NO_GAP, NO_GAP, NO_GAP) && (m0 & REGULAR_MASK) == packMeta0(6, 6, 6, 0u);
#ifdef SMOOTH_UVS
    regular = regular && ((m0 & SEAMLESS_FLAG) != 0u || seamless(r));
#endif
    return regular;
}

// Whether this half splits record r, the j-th, which splitOne has found regular or not (sRegular):
// the regular half the regular records, the general half the others. A listed level's regular half
// lists each record it leaves (listRecord). A staged group has no early return: every invocation
// meets the barriers of its staged stores (triangle_writer), and only those with a regular record
// store (sStageValid).
bool ownHalf(uint j, uint r) {
#if defined(STAGED)
    sStageValid[gl_LocalInvocationID.x] = j < SPLIT_COUNT && sRegular;
    return true;
#elif defined(REGULAR_ONLY) && defined(UNIFORM) && !defined(FUSED)
    if (!sRegular && uRecords == RECORDS_LISTED) listRecord(r);
    return sRegular;
#elif defined(REGULAR_ONLY)
    return sRegular;
#else
    return !sRegular;
#endif
}

#ifndef REGULAR_ONLY
// Corner c's new position and the edge points of its spokes (and their smooth uvs): the general
// path's work per corner, one lane's share in splitLanes.
void cornerPoints(uint r, int c) {
    bool frozen = cornerFrozen(c);
    vertexPoint(r, c, sK[c], sG[c], frozen);
    spokePoints(r, c, sK[c], sG[c]);
#ifdef SMOOTH_UVS
    uvVertexPoint(c, sK[c], sG[c], frozen);
    for (int i = 0; i < sK[c]; i++) uvEdgePoint(c, sK[c], i);
#endif
}

#ifndef UNIFORM
// Record r's slivers, if a neighbour has finished (most records have none: their corners' output
// positions are not loaded for nothing).
void recordSlivers(uint r) {
    if (sNf != 0u) {
        writeSlivers(r, sNf, SLIVER_FLOAT_BASE + TRIANGLE_FLOATS * sliverOffset[r], cornerOut(r, 0), cornerOut(r, 1),
                     cornerOut(r, 2), bornOut(0), bornOut(1), bornOut(2));
    }
}
#endif

#ifdef DIRECT
// Record r, the j-th, as its four children's output triangles.
void recordTriangles(uint j, uint r) {
    writeDirect((DIRECT_FLOAT_BASE + CHILDREN_FLOATS * OUT_INDEX(j)) / 4u, directCorner(r, 0), directCorner(r, 1), directCorner(r, 2),
                bornOut(0), bornOut(1), bornOut(2), directCornerNormal(r, 0), directCornerNormal(r, 1),
                directCornerNormal(r, 2), OUT_CORNER_UV(r, 0), OUT_CORNER_UV(r, 1), OUT_CORNER_UV(r, 2));
}
#endif

// splitOne's general path for record r, the j-th (LoopSplit.splitOne's): its ring, Chaikin's halves,
// each corner's points (cornerPoints), the born vertices' smooth uvs and limits, then its slivers and
// (DIRECT) its triangles; its children as records follow in main (writeChildRecords).
void splitGeneral(uint j, uint r, uint m0, uint m1) {
    loadRing(r, m0, m1);
#ifdef CHAIKIN
    if (sSharp) chaikinHalves(r);
#endif
    for (int c = 0; c < 3; c++) cornerPoints(r, c);
#ifdef SMOOTH_UVS
    smoothBornUvs();
#endif
#ifdef NORMALS
    bornLimits(r);
    renewCorners();
#endif

#ifndef UNIFORM
    recordSlivers(r);
#endif
#ifdef DIRECT
    recordTriangles(j, r);
#endif
}
#endif

// The children of record sR, the j-th, as records of the next level: the regular half's from its
// registers, the general half's at parentSlot; none where the split writes triangles (DIRECT: splitOne
// has written them, FUSED its grandchildren's).
void writeChildRecords(uint j) {
#if defined(DIRECT)
#elif defined(REGULAR_ONLY)
    writeRegularChildren(j, sR, sNf);
#else
    writeChildren(parentSlot(j, sR));
#endif
}

#ifdef LIST_PARENTS
// The entry of the pass before the fused one: invocation j lists record j if it is general
// (listParent), for the fused pass's general half.
void listParents() {
    uint j = (gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x) * uint(GROUP) + gl_LocalInvocationID.x;
    if (j >= uCount) return;
    if (!regularRecord(j, srcM[metaOf(j, 0)], srcM[metaOf(j, 1)])) listParent(j);
}
#endif

#ifdef GENERAL_LANES
shared bool laneAny;
// splitOne's general path on four lanes of one record (GENERAL_LANES): every lane reads the record's
// words and rules (the same loads, served once); lane c < 3 makes corner c's Chaikin halves, then its
// points (cornerPoints), then (NORMALS) the limit of the vertex born on edge c and corner c's renewed
// normal, each step for all lanes to read; then lane c writes corner child c and lane 3 the centre
// child and (adaptive) the record's slivers, or (DIRECT) lane 0 the four triangles. A general record
// is a long chain of dependent work, and the first levels have too few of them to fill the GPU:
// their time is one chain's, and this splits it (the operations and their order per corner are
// splitOne's). No lane returns before the last barrier.
void splitLanes() {
    int lane = int(gl_LocalInvocationID.x) % GENERAL_LANES;
    gLaneRecord = gl_LocalInvocationID.x / uint(GENERAL_LANES);
    uint group = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint j = group * uint(LANE_RECORDS) + gLaneRecord;
    loadResidentSizes();
    if (gl_LocalInvocationID.x == 0u) laneAny = false;
    bool general = j < SPLIT_COUNT;
    if (general) {
        uint r = recordOf(j);
        sR = r;
        uint m0 = srcM[metaOf(r, 0)];
        uint m1 = srcM[metaOf(r, 1)];
        sNf = neighbourFinished(m0);
        general = !regularRecord(r, m0, m1);
        beginRules(m0, m1);
        if (general) {
            bornUvs(r);
            loadRing(r, m0, m1);
        }
    }
    memoryBarrierShared();
    barrier();
    if (general) laneAny = true;
    memoryBarrierShared();
    barrier();
    if (!laneAny) return;  // the same for the whole group: most groups hold no general record
#ifdef CHAIKIN
    if (general && sSharp && lane < 3) chaikinCorner(sR, lane);
    memoryBarrierShared();
    barrier();
#endif
    if (general && lane < 3) cornerPoints(sR, lane);
    memoryBarrierShared();
    barrier();
#ifdef SMOOTH_UVS
    if (general) smoothBornUvs();
#endif
#ifdef NORMALS
    if (general && lane < 3) {
        bornLimit(sR, lane);
        renewCornerOf(lane);
        shareLimits(lane);
    }
    memoryBarrierShared();
    barrier();
    if (general) takeLimits();
#endif
    if (!general) return;
#ifdef DIRECT
    if (lane == 0) recordTriangles(j, sR);
#else
    uint q = 4u * parentSlot(j, sR) + uint(lane);
    if (lane < 3) {
        writeCornerChild(q, lane, sK, sG, sInterior, sNf);
        cornerChildExtras(q, lane);
    } else {
        writeCentreChild(q, sK, sInterior);
        centreChildExtras(q);
#ifndef UNIFORM
        recordSlivers(sR);
#endif
    }
#endif
}
#endif
