// One Hillis-Steele step over the whole array: dst[i] = src[i] + src[i - uDist] (ping-pong between
// dispatches, log2(n) of them, O(n log n) work). With uShift the step also moves everything one place
// right, turning the inclusive scan into the exclusive one, and invocation n writes the total.
// Two bindings of src (near and far) so that a chunk bound by range can reach back uDist elements.
// Java twin: StreamCompaction.exclusiveSum.

layout(local_size_x = WG_SIZE) in;

#ifdef PREDICATE
#define LOAD(v) ((v) != 0u ? 1u : 0u)
#else
#define LOAD(v) (v)
#endif

layout(std430, binding = BINDING_SCAN_SRC) readonly buffer Near { uint near[]; };
layout(std430, binding = BINDING_SCAN_AUX) readonly buffer Far { uint far[]; };
layout(std430, binding = BINDING_SCAN_DST) writeonly buffer Dst { uint dst[]; };
layout(std430, binding = BINDING_SCAN_TOTAL) writeonly buffer Total { uint totalWord[]; };

layout(location = 0) uniform uint uCount;       // invocations in this dispatch
layout(location = 1) uniform uint uFirst;       // global index of this dispatch's first element = dst[0]
layout(location = 2) uniform uint uNearBase;    // global index of near[0]
layout(location = 3) uniform uint uFarBase;     // global index of far[0]
layout(location = 4) uniform uint uDist;        // 0: copy (no addition)
layout(location = 5) uniform uint uShift;       // 1: exclusive output, shifted one place
layout(location = 6) uniform uint uN;           // elements in the whole array
layout(location = 7) uniform uint uTotalIndex;  // where invocation n writes the total (uShift only)

void main() {
    uint local = (gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x) * WG_SIZE + gl_LocalInvocationID.x;
    if (local >= uCount) {
        return;
    }
    uint i = uFirst + local;
    uint v = 0u;
    if (uShift == 0u || i > 0u) {
        uint j = i - uShift;
        v = LOAD(near[j - uNearBase]);
        if (uDist != 0u && j >= uDist) {
            v += LOAD(far[j - uDist - uFarBase]);
        }
    }
    if (i < uN) {
        dst[local] = v;
    } else {
        totalWord[uTotalIndex] = v;
    }
}
