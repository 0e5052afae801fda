// Test kernel: evaluates the GLSL edge criterion that the test puts before this file (as the
// loader puts a StopCriterion.Custom's source before loop_flag_edges) on case i < uCount: level
// levels[i], ends a = points[6i .. 6i+2], b = points[6i+3 .. 6i+5]; verdict[i] = 1 if complete.
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Points { float points[]; };
layout(std430, binding = 1) readonly buffer Levels { int levels[]; };
layout(std430, binding = 2) writeonly buffer Verdicts { uint verdict[]; };
uniform uint uCount;
void main() {
    uint i = (gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x) * 64u + gl_LocalInvocationID.x;
    if (i >= uCount) return;
    vec3 a = vec3(points[6u * i], points[6u * i + 1u], points[6u * i + 2u]);
    vec3 b = vec3(points[6u * i + 3u], points[6u * i + 4u], points[6u * i + 5u]);
    verdict[i] = loopsub_edge_complete(levels[i], a, b) ? 1u : 0u;
}
