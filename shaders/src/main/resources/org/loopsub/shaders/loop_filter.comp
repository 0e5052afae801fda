// Pass 2 of a level where no edge test runs before it (the maximum depth, or no criterion: twin of
// LoopFilter.java): keep and done flags for the selections that follow, the neighbour-finished
// bits, and each record's sliver count. Where the edge test runs, it filters each record itself.
#define WRITES_META
#include "loop_record.glsl"
#include "record_filter.glsl"

layout(local_size_x = 64) in;

uniform uint uCount;
uniform bool uAtMaxDepth;

void main() {
    uint r = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
#ifdef RESIDENT
    // The scans run over the whole window the host planned: records past the count select nothing.
    if (r >= uCap) return;
    if (r >= windowCount()) {
        filterNothing(r);
        return;
    }
#else
    if (r >= uCount) return;
#endif
    bits[0] = srcM[metaOf(r, 2)];
    filterRecord(r, srcM[metaOf(r, 0)], srcM[metaOf(r, 1)], uAtMaxDepth);
}
