// Pass 2 of a level, the filter's per-record part (twin of LoopFilter.java): keep and done flags
// for the selections that follow, the neighbour-finished bits, and each record's sliver count.
#define WRITES_META
#include "loop_record.glsl"

layout(local_size_x = 64) in;

layout(std430, binding = BINDING_KEEP) writeonly buffer Keep { uint keep[]; };
layout(std430, binding = BINDING_DONE) writeonly buffer Done { uint done[]; };
layout(std430, binding = BINDING_SLIVERS) writeonly buffer Slivers { uint slivers[]; };

uniform uint uCount;
uniform bool uAtMaxDepth;

void main() {
    uint r = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
#ifdef RESIDENT
    // The scans run over the whole window the host planned: records past the count select nothing.
    if (r >= uCap) return;
    if (r >= windowCount()) {
        keep[r] = 0u;
        done[r] = 0u;
        slivers[r] = 0u;
        return;
    }
#else
    if (r >= uCount) return;
#endif
    bool finished = uAtMaxDepth || (srcBit(r, 0) && srcBit(r, 1) && srcBit(r, 2));
    if (finished) {
        keep[r] = 0u;
        done[r] = 1u;
        slivers[r] = 0u;
        return;
    }
    uint m0 = srcM[metaOf(r, 0)];
    uint m1 = srcM[metaOf(r, 1)];
    uint nf = neighbourFinished(m0);
    for (int e = 0; e < 3; e++) {
        bool interior = nextEdgeInterior(valence(m0, e), gap(m1, e));
        // The neighbour (e+1, e, D_e) is finished when its three edges are: e and the two D spokes.
        if (interior && srcBit(r, e) && srcBit(r, 3 + 2 * e) && srcBit(r, 4 + 2 * e)) nf |= 1u << uint(e);
    }
    srcM[metaOf(r, 0)] = m0 | nf << 24u;
    keep[r] = 1u;
    done[r] = 0u;
    slivers[r] = uint(bitCount(nf));
}
