// Reduce-then-scan, pass 1: the sum of every tile of TILE elements, one work group per tile.
// Java twin: StreamCompaction.exclusiveSum (the running sum, cut at tile boundaries).

layout(std430, binding = BINDING_SCAN_SRC) readonly buffer Src { uint src[]; };
layout(std430, binding = BINDING_SCAN_AUX) writeonly buffer Partials { uint partials[]; };

layout(location = 0) uniform uint uCount;        // elements of src in this dispatch
layout(location = 1) uniform uint uTiles;        // tiles in this dispatch
layout(location = 2) uniform uint uPartialBase;  // where this dispatch's first tile sum goes
// A word of the result buffer the first tile zeroes before anything is summed into it (a partition's
// second count, which select_scatter sums tile by tile); 0xffffffff: none.
layout(location = 3) uniform uint uClearIndex;
layout(std430, binding = BINDING_SCAN_TOTAL) writeonly buffer Total { uint totalWord[]; };

#include "scan_block.glsl"

void main() {
    uint tile = groupIndex();
    if (tile >= uTiles) {
        return;
    }
    uint t = gl_LocalInvocationID.x;
    uint start = tile * TILE;
    uint s = 0u;
    for (uint k = 0u; k < ITEMS; k++) {
        uint i = start + k * WG_SIZE + t;
        s += i < uCount ? LOAD(src[i]) : 0u;
    }
    if (uClearIndex != 0xffffffffu && uPartialBase == 0u && tile == 0u && t == 0u) {
        totalWord[uClearIndex] = 0u;
    }
    uint total;
    wgExclusiveScan(s, total);
    if (t == 0u) {
        partials[uPartialBase + tile] = total;
    }
}
