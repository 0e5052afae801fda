// Stable selection, last pass of the reduce-then-scan: the tile's flags are scanned as 0/1 and the
// indices of the flagged elements are compacted in shared memory, then stored contiguously at the
// tile's scanned partial. Java twin: StreamCompaction.flaggedIndices.
//
// With PARTITION, the same sweep also selects the elements flagged in a second array (`other`, no
// element flagged in both): an element flagged there at index i goes to slot i minus the elements
// selected before it, which holds because every element before it is flagged in one array or the
// other (the unflagged ones come last; GpuScan.partition's contract). Their count is summed per
// tile into the word after the first count, which the reduce pass zeroed; a single tile, which has
// no reduce pass, writes it.

#define PREDICATE 1

layout(std430, binding = BINDING_SCAN_SRC) readonly buffer Src { uint src[]; };
layout(std430, binding = BINDING_SCAN_AUX) readonly buffer Partials { uint partials[]; };
layout(std430, binding = BINDING_SCAN_DST) writeonly buffer Dst { uint dst[]; };
#ifdef PARTITION
layout(std430, binding = BINDING_SCAN_OTHER) readonly buffer Other { uint other[]; };
layout(std430, binding = BINDING_SCAN_OTHER_DST) writeonly buffer OtherDst { uint otherDst[]; };
layout(std430, binding = BINDING_SCAN_TOTAL) buffer Total { uint totalWord[]; };
layout(location = 7) uniform uint uOtherOutBase;     // global slot of otherDst[0]
layout(location = 8) uniform uint uOtherTotalIndex;  // where the second count is summed
shared uint sOtherCount;
#else
layout(std430, binding = BINDING_SCAN_TOTAL) writeonly buffer Total { uint totalWord[]; };
#endif

layout(location = 0) uniform uint uCount;        // flags in this dispatch
layout(location = 1) uniform uint uTiles;        // tiles in this dispatch
layout(location = 2) uniform uint uPartialBase;  // this dispatch's first tile in partials
layout(location = 3) uniform uint uUseCarry;     // 0: a single tile, nothing before it
layout(location = 4) uniform uint uTotalIndex;   // where the count goes; 0xffffffff: not here
layout(location = 5) uniform uint uIndexBase;    // global index of src[0]
layout(location = 6) uniform uint uOutBase;      // global output slot of dst[0]

#include "scan_block.glsl"

void main() {
    uint tile = groupIndex();
    if (tile >= uTiles) {
        return;
    }
    uint t = gl_LocalInvocationID.x;
    uint start = tile * TILE;
    uint items[ITEMS];
    loadTile(start, items);
    uint flags[ITEMS] = items;
    uint total = scanTile(items);
    uint carry = uUseCarry != 0u ? partials[uPartialBase + tile] : 0u;
    for (uint k = 0u; k < ITEMS; k++) {
        if (flags[k] != 0u) {
            sTile[PAD(items[k])] = uIndexBase + start + t * ITEMS + k;
        }
    }
#ifdef PARTITION
    if (t == 0u) {
        sOtherCount = 0u;
    }
    uint others = 0u;
    for (uint k = 0u; k < ITEMS; k++) {
        uint i = start + t * ITEMS + k;
        if (i < uCount && other[i] != 0u) {
            uint index = uIndexBase + i;
            otherDst[index - (carry + items[k]) - uOtherOutBase] = index;
            others++;
        }
    }
#endif
    SYNC();
    for (uint i = t; i < total; i += WG_SIZE) {
        dst[carry + i - uOutBase] = sTile[PAD(i)];
    }
#ifdef PARTITION
    if (others != 0u) {
        atomicAdd(sOtherCount, others);
    }
    SYNC();
    if (t == 0u && uUseCarry == 0u) {
        totalWord[uOtherTotalIndex] = sOtherCount;
    } else if (t == 0u && sOtherCount != 0u) {
        atomicAdd(totalWord[uOtherTotalIndex], sOtherCount);
    }
#endif
    if (uTotalIndex != 0xffffffffu && tile == uTiles - 1u && t == 0u) {
        totalWord[uTotalIndex] = carry + total;
    }
}
