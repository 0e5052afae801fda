// Pass 3 of a level, the split (twin of LoopSplit.java, same function names and loop shape): each
// active record j becomes four children 4j + k, plus one sliver per edge whose neighbour has
// finished. With DIRECT defined the children are written as output triangles; with UNIFORM defined
// every record is active (record j is the j-th active one) and none has slivers.
//
// Children go to a segment of their own, in tiles of 32 like the source (loop_record.glsl): the four
// children of parent j, 4j .. 4j + 3, share a tile, so a regular parent writes each float of its
// children as one vec4, and a warp's 16-byte stores fill four 128-byte lines. Slivers and direct
// triangles are output triangles (9 floats each), bound as ranges whose starts need not fall on a
// triangle: uSliverFloatBase and uDirectFloatBase say where this dispatch's first one starts inside
// its bound range (for direct triangles a multiple of 4 floats: both halves store vec4s).
//
// This file is the pass's entry (splitOne, main; splitLanes, a general half on four invocations a
// record, docs/design.md §2) and its buffers; the split itself is in its
// includes, each the twin of the Java class of its name (docs/design.md, "The split as channels"):
// the record and the shared scratch (split_scratch), the rules decided once per record
// (split_rules), the channels that apply them (position_channel, uv_channel, limit_channel), the two
// writers (triangle_writer, child_writer) and the regular path (regular_split). Each include guards
// its own body with the feature macros; they are included in that order, each after what it uses.
#include "loop_record.glsl"

#if !defined(REGULAR_ONLY) && !defined(GENERAL_ONLY)
#error "loop_split is built as a pair: define REGULAR_ONLY or GENERAL_ONLY"
#endif
#if defined(LIST_PARENTS) && (!defined(UNIFORM) || !defined(REGULAR_ONLY) || defined(FUSED))
#error "LIST_PARENTS: the list before a fused pass, a uniform regular build"
#endif

layout(local_size_x = GROUP) in;

#ifdef REGULAR_ONLY
layout(std430, binding = BINDING_DST_POINTS) writeonly buffer DstPoints { vec4 dstP4[]; };
layout(std430, binding = BINDING_DST_META) writeonly buffer DstMeta { uvec4 dstM4[]; };
#else
layout(std430, binding = BINDING_DST_POINTS) writeonly buffer DstPoints { float dstP[]; };
layout(std430, binding = BINDING_DST_META) writeonly buffer DstMeta { uint dstM[]; };
#endif
layout(std430, binding = BINDING_OUT) writeonly buffer SliverOut { float sliverP[]; };
#ifdef UNIFORM
// Uniform refinement reads no list of active records. In its last two levels (FUSED, below) a pass
// lists the general parents (LIST_PARENTS), the fused pass's general half runs over that list and
// writes their children densely at the front of the child segment, and the pass after it runs over
// those alone; in a LISTED level the regular half lists the records it leaves for the general half.
// The counts, commands and origins are kept here (uRecords).
layout(std430, binding = BINDING_INDEX) buffer DenseChildren {
    uint denseCount;  // entries written so far: one per listed record (DENSE: per general parent)
    // What runs over the entries, dispatched from here: (x, y, z) of a regular half at
    // DENSE_REGULAR_COMMAND, of a general half at DENSE_GENERAL_COMMAND, of the fused pass's general
    // half at DENSE_LIST_COMMAND (GlPasses); rows of DENSE_ROW groups, so that no dimension outgrows
    // its limit.
    uint denseCommand[DENSE_HEADER - 1];
    // Entry s's record: a listed record, or (DENSE) a general parent, whose children 4j + k among the
    // window's children are dense children 4s + k.
    uint denseOrigin[];
};
// Which records a half runs over (GlPasses.PLAIN, DENSE, LISTED). 0: a plain level's, every record.
// 1 (DENSE): the fused pass's general half, over the general parents listed before it (listParent),
// writing their children densely, and the pass after it, over those children. 2 (LISTED): a plain
// level whose regular half lists the records it leaves (listRecord) and whose general half runs over
// that list alone.
uniform uint uRecords;
#else
layout(std430, binding = BINDING_INDEX) readonly buffer Active { uint activeIdx[]; };
#endif
layout(std430, binding = BINDING_SLIVER_OFFSET) readonly buffer SliverOffset { uint sliverOffset[]; };
layout(std430, binding = BINDING_WEIGHTS) readonly buffer Weights { float weights[]; };
layout(std430, binding = BINDING_DIRECT_OUT) writeonly buffer DirectOut { vec4 directP4[]; };
#ifdef UVS
#if defined(FUSED) && defined(SMOOTH_UVS) && defined(NORMALS)
#error "FUSED carries smooth uvs without limit data only: their limits would need the children's uv births"
#endif
#if defined(FUSED_UVS) && (!defined(FUSED) || !defined(SMOOTH_UVS))
#error "FUSED_UVS: the fused pass's smooth uvs"
#endif
// Each output corner's (u, v), at OUT_UV_FLOAT of its position's float (loop_record.glsl).
layout(std430, binding = BINDING_OUT_UVS) writeonly buffer SliverUvs { float sliverUv[]; };
layout(std430, binding = BINDING_DIRECT_UVS) writeonly buffer DirectUvs { vec4 directUv4[]; };
#endif
#ifdef NORMALS
// Each output triangle's corner normals, at the same floats as its positions.
layout(std430, binding = BINDING_OUT_NORMALS) writeonly buffer SliverNormals { float sliverN[]; };
layout(std430, binding = BINDING_DIRECT_NORMALS) writeonly buffer DirectNormals { vec4 directN4[]; };
#endif

#ifdef RESIDENT
// Read from the sizes once per invocation (loadResidentSizes), not at every store: the compiler
// may not assume the output stores leave the sizes alone.
uniform uint uSliverSlot;
uniform uint uDirectSlot;
uint gSliverFloatBase;
uint gDirectFloatBase;
#define SPLIT_COUNT sizes[uCountSlot]
#define SLIVER_FLOAT_BASE gSliverFloatBase
#define DIRECT_FLOAT_BASE gDirectFloatBase
#else
uniform uint uCount;
uniform uint uSliverFloatBase;
uniform uint uDirectFloatBase;
#if defined(UNIFORM) && !defined(FUSED) && (defined(DIRECT) || defined(GENERAL_ONLY))
#define SPLIT_COUNT listedCount()
#else
#define SPLIT_COUNT uCount
#endif
#define SLIVER_FLOAT_BASE uSliverFloatBase
#define DIRECT_FLOAT_BASE uDirectFloatBase
#endif
// Children of parent j go to 4 (CHILD_PARENT_BASE + j) + k of the bound segment: a resident frame
// puts the children of all its windows in one segment, at bases loop_plan computes (multiples of 4,
// so a parent's four children still share a tile).
#ifdef RESIDENT
uniform uint uChildBaseSlot;
uint gChildParentBase;
#define CHILD_PARENT_BASE gChildParentBase
void loadResidentSizes() {
    gSliverFloatBase = 9u * sizes[uSliverSlot];
    gDirectFloatBase = 9u * sizes[uDirectSlot];
    gChildParentBase = sizes[uChildBaseSlot] >> 2u;
}
#else
#define CHILD_PARENT_BASE 0u
#endif

#ifdef FUSED
// The last two levels of uniform refinement in one pass: a regular parent writes its 16 grandchildren
// as output triangles (grandchild 4k + m of parent j at triangle 16j + 4k + m, where two plain levels
// would put it) and stores no child; the general half (with uRecords DENSE) runs over the general
// parents listed before (LIST_PARENTS) and writes their children densely, and the DIRECT pass that
// follows runs over those. Regular children's records are never stored, and the few that are lie
// together: spread over the whole child segment, as they were at 4j + k, their loads and stores cost
// the H200 more than their arithmetic (docs/design.md). With smooth uvs the regular
// half writes positions, and FUSED_UVS, a build of its own over the same records, their uvs.
#define DIRECT
#endif
#if defined(UNIFORM) && !defined(FUSED)
// Whether this program runs over the list in DenseChildren rather than over every record: the pass
// after the fused one (both halves), the fused pass's general half, a listed level's general half.
bool overList() {
#if defined(GENERAL_ONLY)
    return uRecords != RECORDS_PLAIN;
#elif defined(DIRECT)
    return uRecords == RECORDS_DENSE;
#else
    return false;
#endif
}
// How many records a half over a list runs over: the entries, or after the fused pass (DIRECT, DENSE)
// the four children of each.
uint listedCount() {
    if (!overList()) return uCount;
#ifdef DIRECT
    if (uRecords == RECORDS_DENSE) return 4u * denseCount;
#endif
    return denseCount;
}
#endif
// Where a direct pass writes the triangles of its j-th record: after the fused pass where dense child
// j's origin would put it, over a listed level's list at the entry's record.
#if defined(UNIFORM) && defined(DIRECT) && !defined(FUSED)
uint outIndex(uint j) {
    if (uRecords == RECORDS_DENSE) return 4u * denseOrigin[j >> 2u] + (j & 3u);
    return overList() ? denseOrigin[j] : j;
}
#define OUT_INDEX(j) outIndex(j)
#else
#define OUT_INDEX(j) (j)
#endif

#ifdef GENERAL_LANES
#if !defined(GENERAL_ONLY) || defined(FUSED) || GENERAL_LANES != 4
#error "GENERAL_LANES: four lanes per record, in a general half"
#endif
#if defined(DIRECT) && (!defined(UNIFORM) || defined(NORMALS))
#error "GENERAL_LANES: a direct split on lanes only in a uniform level without limit data"
#endif
#endif
#include "split_scratch.glsl"
#include "split_rules.glsl"
#include "position_channel.glsl"
#include "uv_channel.glsl"
#include "limit_channel.glsl"
#include "triangle_writer.glsl"
#include "child_writer.glsl"
#include "regular_split.glsl"

#ifdef UNIFORM
// The command at denseCommand[c] of a half in groups of `group`, for entries s .. s + n - 1 just
// appended: the first entry sets its x (a row) and z; each adds the rows its entries begin.
void countUp(int c, uint group, uint s, uint n) {
    uint row = group * uint(DENSE_ROW);
    if (s == 0u) {
        denseCommand[c] = uint(DENSE_ROW);
        denseCommand[c + 2] = 1u;
    }
    uint rows = (s + n + row - 1u) / row - (s + row - 1u) / row;
    if (rows != 0u) atomicAdd(denseCommand[c + 1], rows);
}
#endif

#ifdef LIST_PARENTS
// Before the fused pass (GlPasses.SplitPair.dispatchFused) this build lists its general parents, which
// its general half splits: entry s's children become dense children 4s + k, which both halves of the
// pass after run over. (Listed by the fused regular half itself, the linear uvs' regular half ran a
// third slower on the H200: docs/design.md.)
void listParent(uint r) {
    uint s = atomicAdd(denseCount, 1u);
    denseOrigin[s] = r;
    countUp(DENSE_LIST_COMMAND, uint(GENERAL_RECORDS), s, 1u);
    countUp(DENSE_REGULAR_COMMAND, uint(REGULAR_GROUP), 4u * s, 4u);
    countUp(DENSE_GENERAL_COMMAND, uint(DIRECT_GENERAL_RECORDS), 4u * s, 4u);
}
#endif

#if defined(UNIFORM) && defined(REGULAR_ONLY) && !defined(FUSED)
// A listed level's regular half notes record r, which it leaves to the general half.
void listRecord(uint r) {
    uint s = atomicAdd(denseCount, 1u);
    denseOrigin[s] = r;
#ifdef DIRECT
    countUp(DENSE_GENERAL_COMMAND, uint(DIRECT_GENERAL_RECORDS), s, 1u);
#else
    countUp(DENSE_GENERAL_COMMAND, uint(GENERAL_RECORDS), s, 1u);
#endif
}
#endif

// The record the j-th invocation (the j-th record of a lanes dispatch) splits.
uint recordOf(uint j) {
#if defined(UNIFORM) && defined(GENERAL_ONLY) && defined(DIRECT)
    return uRecords == RECORDS_LISTED ? denseOrigin[j] : j;
#elif defined(UNIFORM) && defined(GENERAL_ONLY)
    return uRecords != RECORDS_PLAIN ? denseOrigin[j] : j;
#elif defined(UNIFORM)
    return j;
#else
    return activeIdx[j];
#endif
}

// Whether record r (metadata words m0, m1) takes the regular path (LoopSplit.run).
bool regularRecord(uint r, uint m0, uint m1) {
    bool regular = m1 == packMeta1(NO_GAP, NO_GAP, NO_GAP) && (m0 & REGULAR_MASK) == packMeta0(6, 6, 6, 0u);
#ifdef SMOOTH_UVS
    regular = regular && ((m0 & SEAMLESS_FLAG) != 0u || seamless(r));
#endif
    return regular;
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
        writeSlivers(r, sNf, SLIVER_FLOAT_BASE + 9u * sliverOffset[r], cornerOut(r, 0), cornerOut(r, 1),
                     cornerOut(r, 2), bornOut(0), bornOut(1), bornOut(2));
    }
}
#endif

#ifdef DIRECT
// Record r, the j-th, as its four children's output triangles.
void recordTriangles(uint j, uint r) {
    writeDirect((DIRECT_FLOAT_BASE + 36u * OUT_INDEX(j)) / 4u, directCorner(r, 0), directCorner(r, 1), directCorner(r, 2),
                bornOut(0), bornOut(1), bornOut(2), directCornerNormal(r, 0), directCornerNormal(r, 1),
                directCornerNormal(r, 2), OUT_CORNER_UV(r, 0), OUT_CORNER_UV(r, 1), OUT_CORNER_UV(r, 2));
}
#endif
#endif

// Computes this invocation's record; false if the record is left to the other kind of dispatch
// (REGULAR_ONLY / GENERAL_ONLY: two dispatches over the same records, each writing the children of
// its own kind, so that the short regular path is not compiled with the general path's registers).
bool splitOne(uint j) {
#if defined(UNIFORM) && defined(STAGED)
    uint r = min(j, SPLIT_COUNT - 1u);  // past the end: a record's junk, never stored
#else
    uint r = recordOf(j);
#endif
    sR = r;
    uint m0 = srcM[metaOf(r, 0)];
    uint m1 = srcM[metaOf(r, 1)];
    sNf = neighbourFinished(m0);
    sRegular = regularRecord(r, m0, m1);
#ifdef CREASES
    beginRules(m0, m1);
#endif
#if defined(STAGED)
    // no early return: the whole group meets the barriers of its staged stores (triangle_writer)
    sStageValid[gl_LocalInvocationID.x] = j < SPLIT_COUNT && sRegular;
#elif defined(REGULAR_ONLY) && defined(UNIFORM) && !defined(FUSED)
    if (!sRegular) {
        if (uRecords == RECORDS_LISTED) listRecord(r);
        return false;
    }
#elif defined(REGULAR_ONLY)
    if (!sRegular) return false;
#elif defined(GENERAL_ONLY)
    if (sRegular) return false;
#endif
#ifdef UVS
    bornUvs(r);
#endif
#if defined(FUSED_UVS)
    fusedRegularUvs(j, r, m0);
#elif defined(REGULAR_ONLY)
    splitRegular(j, r, m0);
#endif
#ifdef REGULAR_ONLY
#ifdef STAGED
    return sRegular;
#endif
#else
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
#endif
    return true;
}

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
#ifdef RESIDENT
    loadResidentSizes();
#endif
    if (gl_LocalInvocationID.x == 0u) laneAny = false;
    bool general = j < SPLIT_COUNT;
    if (general) {
        uint r = recordOf(j);
        sR = r;
        uint m0 = srcM[metaOf(r, 0)];
        uint m1 = srcM[metaOf(r, 1)];
        sNf = neighbourFinished(m0);
        general = !regularRecord(r, m0, m1);
#ifdef CREASES
        beginRules(m0, m1);
#endif
        if (general) {
#ifdef UVS
            bornUvs(r);
#endif
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
#ifdef UNIFORM
    uint q = 4u * (uRecords == RECORDS_DENSE ? j : sR) + uint(lane);
#else
    uint q = 4u * j + uint(lane);
#endif
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

void main() {
#if defined(LIST_PARENTS)
    uint j = (gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x) * uint(GROUP) + gl_LocalInvocationID.x;
    if (j >= uCount) return;
    if (!regularRecord(j, srcM[metaOf(j, 0)], srcM[metaOf(j, 1)])) listParent(j);
#elif defined(GENERAL_LANES)
    splitLanes();
#else
    uint group = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint first = group * uint(GROUP);
    uint j = first + gl_LocalInvocationID.x;
#ifdef RESIDENT
    loadResidentSizes();
#endif
    bool has = j < SPLIT_COUNT;
#ifdef STAGED
    bool regular = splitOne(j);  // every invocation (triangle_writer: STAGED)
    if (!has || !regular) return;
#else
    if (!has || !splitOne(j)) return;
#endif
#if defined(DIRECT)
    // splitOne() has written the record's triangles (FUSED: its grandchildren's).
#elif defined(REGULAR_ONLY)
    writeRegularChildren(j, sR, sNf);
#elif defined(UNIFORM)
    writeChildren(uRecords == RECORDS_DENSE ? j : sR);
#else
    writeChildren(j);
#endif
#endif
}
