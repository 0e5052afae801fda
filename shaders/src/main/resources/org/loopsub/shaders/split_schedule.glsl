// The split's schedule (twin of SplitSchedule.java, which makes every number here a define): over
// which records a build of loop_split runs, where their children and triangles go, and the lists one
// build writes for another. loop_split.comp includes it first, after its buffers; split_halves.glsl,
// the rest of the schedule, comes after the split's parts. A build's place on each axis is a macro:
//   which records: UNIFORM, every record or the entries of a list (uRecords, the RECORDS_* codes);
//     else an adaptive level's active list, with RESIDENT its counts and bases read on the GPU;
//   which output: child records, DIRECT (triangles), FUSED (a regular parent's 16 grandchildren as
//     triangles; FUSED_UVS, their uvs) or LIST_PARENTS (the general parents before a fused pass);
//   which half: REGULAR_ONLY or GENERAL_ONLY, a general half on GENERAL_LANES lanes a record
//     (split_halves.glsl's splitLanes) where SplitSchedule gives it them (not in its one-lane build);
//   the staged stores of the fused pass's regular half (STAGED_STORES, STAGE_BANKS; triangle_writer).

#if !defined(REGULAR_ONLY) && !defined(GENERAL_ONLY)
#error "loop_split is built as a pair: define REGULAR_ONLY or GENERAL_ONLY"
#endif
#if defined(LIST_PARENTS) && (!defined(UNIFORM) || !defined(REGULAR_ONLY) || defined(FUSED))
#error "LIST_PARENTS: the list before a fused pass, a uniform regular build"
#endif
#if defined(FUSED) && defined(SMOOTH_UVS) && defined(NORMALS)
#error "FUSED carries smooth uvs without limit data only: their limits would need the children's uv births"
#endif
#if defined(FUSED_UVS) && (!defined(FUSED) || !defined(SMOOTH_UVS))
#error "FUSED_UVS: the fused pass's smooth uvs"
#endif

#ifdef FUSED
// The last two levels of uniform refinement in one pass: a regular parent writes its 16 grandchildren
// as output triangles (grandchild 4k + m of parent j at triangle 16j + 4k + m, where two plain levels
// would put it) and stores no child; the general half (with uRecords RECORDS_DENSE) runs over the
// general parents listed before (LIST_PARENTS) and writes their children densely, and the DIRECT pass
// that follows runs over those. Regular children's records are never stored, and the few that are lie
// together: spread over the whole child segment, as they were at 4j + k, their loads and stores cost
// more than their arithmetic (docs/design.md). With smooth uvs the regular
// half writes positions, and FUSED_UVS, a build of its own over the same records, their uvs.
#define DIRECT
#endif
#if defined(FUSED) && defined(REGULAR_ONLY) && defined(STAGED_STORES)
// The fused pass's regular half stages its stores in shared memory (triangle_writer.glsl), in a group
// whose banks fit the driver's (SplitSchedule.stagedGroup).
#define STAGED
#endif
#ifdef GENERAL_LANES
#if !defined(GENERAL_ONLY) || defined(FUSED) || GENERAL_LANES != 4
#error "GENERAL_LANES: four lanes per record, in a general half"
#endif
#if defined(DIRECT) && (!defined(UNIFORM) || defined(NORMALS))
#error "GENERAL_LANES: a direct split on lanes only in a uniform level without limit data"
#endif
#endif

#ifdef UNIFORM
// Uniform refinement reads no list of active records. In its last two levels (FUSED, above) a pass
// lists the general parents (LIST_PARENTS), the fused pass's general half runs over that list and
// writes their children densely at the front of the child segment, and the pass after it runs over
// those alone; in a LISTED level the regular half lists the records it leaves for the general half.
// The counts, commands and origins are kept here (uRecords).
layout(std430, binding = BINDING_INDEX) buffer DenseChildren {
    uint denseCount;  // entries written so far: one per listed record (DENSE: per general parent)
    // What runs over the entries, dispatched from here: (x, y, z) of a regular half at
    // DENSE_REGULAR_COMMAND, of a general half at DENSE_GENERAL_COMMAND, of the fused pass's general
    // half at DENSE_LIST_COMMAND; rows of DENSE_ROW groups, so that no dimension outgrows its limit.
    uint denseCommand[DENSE_HEADER - 1];
    // Entry s's record: a listed record, or (DENSE) a general parent, whose children 4j + k among the
    // window's children are dense children 4s + k.
    uint denseOrigin[];
};
// Which records a half runs over (SplitSchedule.PLAIN, DENSE, LISTED). RECORDS_PLAIN: a plain
// level's, every record. RECORDS_DENSE: the fused pass's general half, over the general parents
// listed before it (listParent), writing their children densely, and the pass after it, over those
// children. RECORDS_LISTED: a plain level whose regular half lists the records it leaves
// (listRecord) and whose general half runs over that list alone.
uniform uint uRecords;
#else
layout(std430, binding = BINDING_INDEX) readonly buffer Active { uint activeIdx[]; };
#endif

// Children of parent j go to 4 (CHILD_PARENT_BASE + j) + k of the bound segment: a resident frame
// puts the children of all its windows in one segment, at bases loop_plan computes (multiples of 4,
// so a parent's four children still share a tile).
#ifdef RESIDENT
// Read from the sizes once per invocation (loadResidentSizes), not at every store: the compiler
// may not assume the output stores leave the sizes alone.
uniform uint uSliverSlot;
uniform uint uDirectSlot;
uniform uint uChildBaseSlot;
uint gSliverFloatBase;
uint gDirectFloatBase;
uint gChildParentBase;
#define SPLIT_COUNT sizes[uCountSlot]
#define SLIVER_FLOAT_BASE gSliverFloatBase
#define DIRECT_FLOAT_BASE gDirectFloatBase
#define CHILD_PARENT_BASE gChildParentBase
void loadResidentSizes() {
    gSliverFloatBase = TRIANGLE_FLOATS * sizes[uSliverSlot];
    gDirectFloatBase = TRIANGLE_FLOATS * sizes[uDirectSlot];
    gChildParentBase = sizes[uChildBaseSlot] >> 2u;
}
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
#define CHILD_PARENT_BASE 0u
void loadResidentSizes() {}
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
// Before the fused pass (SplitPair.dispatchFused) this build lists its general parents, which its
// general half splits: entry s's children become dense children 4s + k, which both halves of the
// pass after run over. (Listed by the fused regular half itself, the linear uvs' regular half ran
// slower: docs/design.md.)
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

// Whether invocation j takes part in the split: it has a record, but in a staged group every
// invocation goes on, past the last record too (recordOf clamps it), for the whole group meets the
// barriers of its staged stores (triangle_writer).
bool takesPart(uint j) {
#ifdef STAGED
    return true;
#else
    return j < SPLIT_COUNT;
#endif
}

// The record the j-th invocation (the j-th record of a lanes dispatch) splits.
uint recordOf(uint j) {
#if defined(UNIFORM) && defined(STAGED)
    return min(j, SPLIT_COUNT - 1u);  // past the end: a record's junk, never stored
#elif defined(UNIFORM) && defined(GENERAL_ONLY) && defined(DIRECT)
    return uRecords == RECORDS_LISTED ? denseOrigin[j] : j;
#elif defined(UNIFORM) && defined(GENERAL_ONLY)
    return uRecords != RECORDS_PLAIN ? denseOrigin[j] : j;
#elif defined(UNIFORM)
    return j;
#else
    return activeIdx[j];
#endif
}

// Where the children of record r, the j-th, go: 4 parentSlot + k (after CHILD_PARENT_BASE). The j-th
// active record's in an adaptive level, a dense entry's over the fused pass's list, the record's own
// in a uniform level.
uint parentSlot(uint j, uint r) {
#ifdef UNIFORM
    return uRecords == RECORDS_DENSE ? j : r;
#else
    return j;
#endif
}
