// Test only (SortedSumOnGpuTest): the split's sorted sum (split_scratch.glsl's sortedSumAt) over runs
// the host writes, RUN_STRIDE floats each: the count, the run's start in the scratch ring, the
// values, and last the sum this writes.
#include "loop_record.glsl"

layout(local_size_x = 64) in;
layout(std430, binding = BINDING_INDEX) buffer Runs { float runs[]; };
uniform uint uCount;

#include "split_scratch.glsl"

void main() {
    uint t = gl_GlobalInvocationID.x;
    if (t >= uCount) return;
    uint o = t * uint(RUN_STRIDE);
    int count = int(runs[o]);
    int base = int(runs[o + 1u]);
    for (int i = 0; i < count; i++) ring[base + i] = runs[o + 2u + uint(i)];
    runs[o + uint(RUN_STRIDE) - 1u] = sortedSumAt(base, count);
}
