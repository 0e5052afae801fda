// Stable selection by gather: one invocation per output slot j binary-searches the inclusive count
// scan for the first index i with incl[i] > j (the classic GPU filter). Dispatched per chunk of the
// input: the chunk's slots are [incl[first-1], incl[last]). Java twin: StreamCompaction.flaggedIndices.

layout(local_size_x = WG_SIZE) in;

layout(std430, binding = BINDING_SCAN_SRC) readonly buffer Incl { uint incl[]; };
layout(std430, binding = BINDING_SCAN_DST) writeonly buffer Dst { uint dst[]; };
layout(std430, binding = BINDING_SCAN_TOTAL) writeonly buffer Total { uint totalWord[]; };

layout(location = 0) uniform uint uCount;       // elements in this chunk (and invocations)
layout(location = 1) uniform uint uFirst;       // global index of the chunk's first element
layout(location = 2) uniform uint uInclBase;    // global index of incl[0]
layout(location = 3) uniform uint uOutBase;     // global slot of dst[0]
layout(location = 4) uniform uint uTotalIndex;  // where the count goes; 0xffffffff: not in this chunk

void main() {
    uint k = (gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x) * WG_SIZE + gl_LocalInvocationID.x;
    if (k >= uCount) {
        return;
    }
    uint before = uFirst > 0u ? incl[uFirst - 1u - uInclBase] : 0u;
    uint last = uFirst + uCount - 1u;
    uint upTo = incl[last - uInclBase];
    if (k == 0u && uTotalIndex != 0xffffffffu) {
        totalWord[uTotalIndex] = upTo;
    }
    uint j = before + k;
    if (j >= upTo) {
        return;
    }
    // slot j holds the (j - before)-th flagged index of the chunk, so it lies at or after uFirst + k
    uint lo = uFirst + k;
    uint hi = last;
    while (lo < hi) {
        uint mid = lo + ((hi - lo) >> 1u);
        if (incl[mid - uInclBase] > j) {
            hi = mid;
        } else {
            lo = mid + 1u;
        }
    }
    dst[j - uOutBase] = lo;
}
