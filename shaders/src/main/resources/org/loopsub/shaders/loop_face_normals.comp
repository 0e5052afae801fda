// Flat normals for drawing: each output triangle's unit face normal, written once per corner
// (9 floats per triangle, parallel to the positions). For renderers that draw the output buffers
// directly; the OBJ writer computes its (smooth, welded) normals in Java instead, so these are not
// part of the byte-identical contract. Slivers (zero area) get a zero normal.

layout(local_size_x = 64) in;

layout(std430, binding = BINDING_FACE_POSITIONS) readonly buffer Positions { float pos[]; };
layout(std430, binding = BINDING_FACE_NORMALS) writeonly buffer Normals { float nrm[]; };

uniform uint uCount;

void main() {
    uint t = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    if (t >= uCount) return;
    uint o = TRIANGLE_FLOATS * t;
    vec3 a = vec3(pos[o], pos[o + 1u], pos[o + 2u]);
    vec3 b = vec3(pos[o + 3u], pos[o + 4u], pos[o + 5u]);
    vec3 c = vec3(pos[o + 6u], pos[o + 7u], pos[o + 8u]);
    vec3 n = cross(b - a, c - a);
    float len = length(n);
    n = len > 0.0 ? n / len : vec3(0.0);
    for (uint k = 0u; k < 3u; k++) {
        nrm[o + 3u * k] = n.x;
        nrm[o + 3u * k + 1u] = n.y;
        nrm[o + 3u * k + 2u] = n.z;
    }
}
