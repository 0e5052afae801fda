// The record this invocation splits and the scratch every part of the split shares (twin of
// SplitScratch.java): loop_split.comp includes it before the rules and the channels, which read and
// write these globals. One record per invocation, so globals serve as Java's per-thread scratch does.

// One more than a ring: the values a transition weight averages (SplitRules.decayed); three such
// runs, so that a corner's ring is loaded once for its three coordinates (ringSums).
#define RING_RUN (RING_MAX + 1)
float ring[3 * RING_RUN];
uint sR;  // this invocation's record (splitOne)
int sK[3];  // its corners' valences and gaps
int sG[3];
// The record's complete bits, loaded once: the masks test them dozens of times.
uint recordBits[META_INTS - 2];
// What splitOne() leaves for the child writers of this invocation's record (and sR, sK, sG, above).
bool sRegular;
uint sNf;
bool sInterior[3];

#ifdef GENERAL_LANES
// A uniform level's general half splits each record on GENERAL_LANES (4) invocations of a warp
// (split_halves.glsl: splitLanes): lanes 0-2 each make one corner's points, then each lane writes one
// child. LANE_RECORDS, the records of a group, comes from SplitSchedule.
// What one lane makes and the others read lies in shared memory, a row per record (gLaneRecord) of
// an odd length, so that the records of a warp read distinct banks.
#define ODD_ROW(n) ((n) | 1)
uint gLaneRecord;
#endif

#ifdef UNIFORM
// Uniform refinement tests no edge (no loop_flag_edges, and every run starts from level 0's pristine
// metadata), so no record has a complete bit: its programs compile the bits away, as the Java back
// end skips them per record (RegularSplit: anyBit).
bool recBit(int bit) { return false; }
#else
bool recBit(int bit) { return (recordBits[bit >> 5] & (1u << uint(bit & 31))) != 0u; }
#endif

int ep(int c, int i) { return 3 * (c * RING_MAX + i); }

// 0.0 + x as IEEE adds it (a negative zero becomes a positive one): where the Java twin's sums start
// (LoopRules.sortedSum adds its first value to 0). Written out, because a compiler may drop the add
// of a literal zero, precise or not (Mesa does: a run of negative zeros then summed to -0, not +0).
float zeroPlus(float x) { return x == 0.0 ? 0.0 : x; }

// One comparator of a sorting network: a and b in ascending order (here and in regular_split).
#define CSWAP(a, b) { float lo_ = min(a, b); b = max(a, b); a = lo_; }
// Value i of the run at ring[base], or the largest float past its count: it sorts last (a value equal
// to it would be the same bits) and is not summed.
float runValue(int base, int i, int count) {
    return i < count ? ring[base + min(i, RING_MAX)] : 3.4028235e38;
}

// The run of count values at ring[base], sorted, then summed left to right: the order LoopRules.sortedSum
// uses. Up to 8 values (every ring but a high valence's) are sorted in registers by a 19-comparator
// network: the same ascending sequence, so the same sum, but no insertion sort's chain of dependent
// loads and stores through local memory, which cost a general record more than its masks did
// (docs/design.md). Larger networks kept more registers live and slowed the whole
// general half down.
float sortedSumAt(int base, int count) {
    if (count <= 8) {
        float v0 = runValue(base, 0, count);
        float v1 = runValue(base, 1, count);
        float v2 = runValue(base, 2, count);
        float v3 = runValue(base, 3, count);
        float v4 = runValue(base, 4, count);
        float v5 = runValue(base, 5, count);
        float v6 = runValue(base, 6, count);
        float v7 = runValue(base, 7, count);
        CSWAP(v0, v2); CSWAP(v1, v3); CSWAP(v4, v6); CSWAP(v5, v7); CSWAP(v0, v4); CSWAP(v1, v5); CSWAP(v2, v6);
        CSWAP(v3, v7); CSWAP(v0, v1); CSWAP(v2, v3); CSWAP(v4, v5); CSWAP(v6, v7); CSWAP(v2, v4); CSWAP(v3, v5);
        CSWAP(v1, v4); CSWAP(v3, v6); CSWAP(v1, v2); CSWAP(v3, v4); CSWAP(v5, v6);
        precise float s = 0 < count ? zeroPlus(v0) : 0.0;
        if (1 < count) s = s + v1;
        if (2 < count) s = s + v2;
        if (3 < count) s = s + v3;
        if (4 < count) s = s + v4;
        if (5 < count) s = s + v5;
        if (6 < count) s = s + v6;
        if (7 < count) s = s + v7;
        return s;
    }
    for (int i = 1; i < count; i++) {
        float x = ring[base + i];
        int j = i - 1;
        while (j >= 0 && ring[base + j] > x) {
            ring[base + j + 1] = ring[base + j];
            j--;
        }
        ring[base + j + 1] = x;
    }
    precise float s = zeroPlus(ring[base]);
    for (int i = 1; i < count; i++) s = s + ring[base + i];
    return s;
}
float sortedSum(int count) { return sortedSumAt(0, count); }

// The general path's record r (metadata words m0, m1): its complete bits, its corners' valences and
// gaps, and which of its edges stay interior one level down (SplitScratch.loadRing).
void loadRing(uint r, uint m0, uint m1) {
#ifndef UNIFORM
    for (int w = 0; w < META_INTS - 2; w++) recordBits[w] = srcM[metaOf(r, 2 + w)];
#endif
    for (int c = 0; c < 3; c++) {
        sK[c] = valence(m0, c);
        sG[c] = gap(m1, c);
    }
    for (int e = 0; e < 3; e++) sInterior[e] = nextEdgeInterior(sK[e], sG[e]);
}
