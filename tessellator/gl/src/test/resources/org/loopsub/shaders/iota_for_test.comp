// Test kernel: out[i] = i for every linear invocation i < uCount, over ComputeProgram's x/y grid.
layout(local_size_x = 64) in;
layout(std430, binding = 0) writeonly buffer Out { uint outv[]; };
layout(location = 0) uniform uint uCount;
void main() {
    uint i = (gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x) * 64u + gl_LocalInvocationID.x;
    if (i < uCount) {
        outv[i] = i;
    }
}
