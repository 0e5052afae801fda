// The record this invocation splits and the scratch every part of the split shares (twin of
// SplitScratch.java): loop_split.comp includes it before the rules and the channels, which read and
// write these globals. One record per invocation, so globals serve as Java's per-thread scratch does.

float ring[RING_MAX + 1];  // one more: the values a transition weight averages (SplitRules.decayed)
uint sR;  // this invocation's record (splitOne)
int sK[3];  // its corners' valences and gaps
int sG[3];
// The record's complete bits, loaded once: the masks test them dozens of times.
uint recordBits[META_INTS - 2];
// What splitOne() leaves for the child writers of this invocation's record (and sR, sK, sG, above).
bool sRegular;
uint sNf;
bool sInterior[3];

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

// The general path's record r (metadata words m0, m1): its complete bits, its corners' valences and
// gaps, and which of its edges stay interior one level down (SplitScratch.loadRing).
void loadRing(uint r, uint m0, uint m1) {
    for (int w = 0; w < META_INTS - 2; w++) recordBits[w] = srcM[metaOf(r, 2 + w)];
    for (int c = 0; c < 3; c++) {
        sK[c] = valence(m0, c);
        sG[c] = gap(m1, c);
    }
    for (int e = 0; e < 3; e++) sInterior[e] = nextEdgeInterior(sK[e], sG[e]);
}
