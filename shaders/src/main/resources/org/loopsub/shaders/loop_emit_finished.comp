// Writes the corners of finished records to the output, in stream order (twin of
// LoopEmitFinished.java): finished record finishedIdx[j] goes to floats uOutFloatBase + 9j of the
// bound output range (its corners' positions; with NORMALS their normals go to the same floats of
// the normal buffer, with UVS their uvs to OUT_UV_FLOAT of them in the uv buffer).
#include "loop_record.glsl"

layout(local_size_x = 64) in;

layout(std430, binding = BINDING_OUT) writeonly buffer Out { float outP[]; };
layout(std430, binding = BINDING_INDEX) readonly buffer Index { uint finishedIdx[]; };
#ifdef NORMALS
layout(std430, binding = BINDING_OUT_NORMALS) writeonly buffer OutNormals { float outN[]; };
#endif
#ifdef UVS
layout(std430, binding = BINDING_OUT_UVS) writeonly buffer OutUvs { float outUv[]; };
#endif

#ifdef RESIDENT
uniform uint uBaseSlot;
uniform uint uWholeSlot;
#define EMIT_COUNT sizes[uCountSlot]
#define OUT_FLOAT_BASE (TRIANGLE_FLOATS * sizes[uBaseSlot])
#define EMIT_RECORD(j) (sizes[uWholeSlot] != 0u ? (j) : finishedIdx[j])
#else
uniform uint uCount;
uniform uint uOutFloatBase;
#define EMIT_COUNT uCount
#define OUT_FLOAT_BASE uOutFloatBase
#define EMIT_RECORD(j) finishedIdx[j]
#endif

void main() {
    uint j = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    if (j >= EMIT_COUNT) return;
    uint r = EMIT_RECORD(j);
    uint o = OUT_FLOAT_BASE + TRIANGLE_FLOATS * j;
    for (int c = 0; c < 3; c++) {
        for (int x = 0; x < 3; x++) outP[o + uint(3 * c + x)] = coord(pointOf(r, outputSlot(c)), x);
#ifdef NORMALS
        vec3 n = outputNormal(loadPoint(r, normalSlot(c)));
        for (int x = 0; x < 3; x++) outN[o + uint(3 * c + x)] = n[x];
#endif
#ifdef UVS
        vec2 uv = loadOutputUv(r, c);
        outUv[OUT_UV_FLOAT(o) + uint(2 * c)] = uv.x;
        outUv[OUT_UV_FLOAT(o) + uint(2 * c + 1)] = uv.y;
#endif
    }
}
