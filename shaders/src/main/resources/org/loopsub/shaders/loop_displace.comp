// Displacement of the output (twin of LoopDisplace, which writes the operation order out once): each
// corner of a window of output triangles moves along its unit limit normal by offset + scale h(uv), h
// the height map filtered bilinearly. The filter is written out, not a texture unit's, whose weights
// are fixed-point; every float operation is precise (no fused multiply-add, no reassociation), and the
// normal's length is taken in double with the square root and the reciprocal corrected to Java's
// rounding (rounded_double.glsl), so the bytes are the Java back end's.
//
// A renderer's frame (FACE_NORMALS) takes one invocation per triangle instead: its corners move as
// above, then the displaced triangle's unit face normal replaces the limit normal at its three corners
// (the displaced surface's, flat; zero for a triangle of zero area, padding included). A frame whose
// sizes stay on the GPU (RESIDENT) covers the room the host planned and reads where its output ends
// from the sizes buffer, as the frame's other passes read their counts.

layout(local_size_x = 64) in;

layout(std430, binding = BINDING_OUT) buffer Positions { float pos[]; };
#ifdef FACE_NORMALS
layout(std430, binding = BINDING_OUT_NORMALS) buffer Normals { float nrm[]; };
#else
layout(std430, binding = BINDING_OUT_NORMALS) readonly buffer Normals { float nrm[]; };
#endif
layout(std430, binding = BINDING_OUT_UVS) readonly buffer Uvs { float uvs[]; };
layout(std430, binding = BINDING_DISPLACE_MAP) readonly buffer Map { float heightMap[]; };

// The window's first position float inside the bound range, and its corners (a frame's: its
// triangles, or the room planned for them).
uniform uint uBase;
#ifdef FACE_NORMALS
uniform uint uTriangles;
#else
uniform uint uCorners;
#endif
#ifdef RESIDENT
layout(std430, binding = BINDING_SIZES) readonly buffer Sizes { uint sizes[]; };
#endif
uniform int uWidth;
uniform int uHeight;
uniform int uWrap;
// In the internal frame (the user's times 2^e, exact).
uniform float uScale;
uniform float uOffset;

#include "rounded_double.glsl"

// A uv coordinate in texel space after the wrap: texel i's centre at i.
float texelCoordinate(float s, int n) {
    precise float t = uWrap == WRAP_REPEAT ? s - floor(s) : min(max(s, 0.0), 1.0);
    precise float x = t * float(n) - TEXEL_CENTRE;
    return x;
}

int lowTexel(float x, int n) {
    int i = int(floor(x));
    return i >= 0 ? i : (uWrap == WRAP_REPEAT ? n - 1 : 0);
}

int highTexel(float x, int n) {
    int i = int(floor(x)) + 1;
    return i < n ? i : (uWrap == WRAP_REPEAT ? 0 : n - 1);
}

float height(float u, float v) {
    float x = texelCoordinate(u, uWidth);
    float y = texelCoordinate(v, uHeight);
    int i0 = lowTexel(x, uWidth);
    int i1 = highTexel(x, uWidth);
    int j0 = lowTexel(y, uHeight);
    int j1 = highTexel(y, uHeight);
    precise float fx = x - floor(x);
    precise float fy = y - floor(y);
    float h00 = heightMap[j0 * uWidth + i0];
    float h10 = heightMap[j0 * uWidth + i1];
    float h01 = heightMap[j1 * uWidth + i0];
    float h11 = heightMap[j1 * uWidth + i1];
    precise float a = h00 + fx * (h10 - h00);
    precise float b = h01 + fx * (h11 - h01);
    precise float h = a + fy * (b - a);
    return h;
}

// The corner whose position starts at float p of the bound range (its normal at the same index).
void displace(uint p) {
    uint q = OUT_UV_FLOAT(p);
    precise float d = uOffset + uScale * height(uvs[q], uvs[q + 1u]);
    precise double nx = double(nrm[p]);
    precise double ny = double(nrm[p + 1u]);
    precise double nz = double(nrm[p + 2u]);
    precise double s = nx * nx + ny * ny + nz * nz;
    if (s == 0.0lf) {
        return;  // no direction (padding triangles, all zero)
    }
    double r = divideRounded(1.0lf, sqrtRounded(s));
    precise double tx = nx * r;
    precise double ty = ny * r;
    precise double tz = nz * r;
    precise float px = pos[p] + d * float(tx);
    precise float py = pos[p + 1u] + d * float(ty);
    precise float pz = pos[p + 2u] + d * float(tz);
    pos[p] = px;
    pos[p + 1u] = py;
    pos[p + 2u] = pz;
}

#ifdef FACE_NORMALS
// Triangles of the window; a resident frame's end is known on the GPU only.
uint triangleCount() {
#ifdef RESIDENT
    return min(sizes[SIZES_END], uTriangles);
#else
    return uTriangles;
#endif
}

// The triangle whose positions start at float o: its corners displaced, then its face normal at each.
void flatTriangle(uint o) {
    displace(o);
    displace(o + 3u);
    displace(o + 6u);
    vec3 a = vec3(pos[o], pos[o + 1u], pos[o + 2u]);
    vec3 b = vec3(pos[o + 3u], pos[o + 4u], pos[o + 5u]);
    vec3 c = vec3(pos[o + 6u], pos[o + 7u], pos[o + 8u]);
    vec3 n = cross(b - a, c - a);
    float l2 = dot(n, n);
    n = l2 > 0.0 ? n * inversesqrt(l2) : vec3(0.0);
    for (uint k = 0u; k < 3u; k++) {
        nrm[o + 3u * k] = n.x;
        nrm[o + 3u * k + 1u] = n.y;
        nrm[o + 3u * k + 2u] = n.z;
    }
}
#endif

void main() {
    uint k = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
#ifdef FACE_NORMALS
    if (k >= triangleCount()) return;
    flatTriangle(uBase + TRIANGLE_FLOATS * k);
#else
    if (k >= uCorners) return;
    displace(uBase + 3u * k);
#endif
}
