// Reduce-then-scan, last pass: exclusive prefix sums of every tile, offset by the tile's scanned
// partial (the sum of everything before it). Also the spine: one work group, no carry, writes the total.
// Java twin: StreamCompaction.exclusiveSum.

layout(std430, binding = BINDING_SCAN_SRC) readonly buffer Src { uint src[]; };
layout(std430, binding = BINDING_SCAN_AUX) readonly buffer Partials { uint partials[]; };
layout(std430, binding = BINDING_SCAN_DST) writeonly buffer Dst { uint dst[]; };
layout(std430, binding = BINDING_SCAN_TOTAL) writeonly buffer Total { uint totalWord[]; };

layout(location = 0) uniform uint uCount;        // elements in this dispatch
layout(location = 1) uniform uint uTiles;        // tiles in this dispatch
layout(location = 2) uniform uint uPartialBase;  // this dispatch's first tile in partials
layout(location = 3) uniform uint uUseCarry;     // 0: the spine, nothing before it
layout(location = 4) uniform uint uTotalIndex;   // 0xffffffff: the caller wants no total

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
    uint total = scanTile(items);
    uint carry = uUseCarry != 0u ? partials[uPartialBase + tile] : 0u;
    // back through shared memory so the stores are striped (coalesced) like the loads
    for (uint k = 0u; k < ITEMS; k++) {
        sTile[PAD(t * ITEMS + k)] = carry + items[k];
    }
    SYNC();
    for (uint k = 0u; k < ITEMS; k++) {
        uint i = k * WG_SIZE + t;
        if (start + i < uCount) {
            dst[start + i] = sTile[PAD(i)];
        }
    }
    if (uTotalIndex != 0xffffffffu && tile == uTiles - 1u && t == 0u) {
        totalWord[uTotalIndex] = carry + total;
    }
}
