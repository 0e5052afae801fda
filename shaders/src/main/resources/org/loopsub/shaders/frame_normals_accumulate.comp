// Smooth frame normals, pass 2 of 3 (FrameNormals.java): one invocation per output triangle. Adds
// the face's cross product (its area-weighted normal) to the slots of its three corners, in 64-bit
// fixed point with 32-bit integer atomics, so that the sums do not depend on the order in which
// invocations run (integer addition is associative, float addition is not).
//
// Scale: pass 1 found M, the largest |component| of any face's cross product, and e with M < 2^e
// (from M's exponent bits). A face's components are scaled by 2^(62 - B - e), B = ceil(log2(triangles)),
// and truncated toward zero: each is below 2^(62 - B) in magnitude, so a sum of up to 2^B of them
// (no position has more faces than the frame) stays below 2^62 and never leaves the signed 64-bit
// range. Truncation loses less than one unit per component and face: 2^(e + B - 62) < M n / 2^60
// for n triangles (2^e <= 2 M, 2^B < 2 n).

layout(local_size_x = 64) in;

#include "frame_normals_key.glsl"

layout(std430, binding = 0) readonly buffer Positions { float pos[]; };
layout(std430, binding = 1) readonly buffer CornerSlots { uint cornerSlot[]; };
layout(std430, binding = 2) buffer Table { uint table[]; };
layout(std430, binding = 3) readonly buffer Bound { uint maxCrossBits; };

#ifndef RESIDENT
uniform uint uBoundBits; // B: ceil(log2(triangles in the frame))
#endif

// 2^e for -126 <= e <= 127, built from its bits: exact.
float pow2(int e) {
    return uintBitsToFloat(uint(e + 127) << 23);
}

// x * 2^k truncated toward zero, as a 64-bit two's complement integer (low word, high word). Both
// steps are exact: the scale is two exact powers of two (k ranges over about [-100, 210]), and
// a - hi * 2^32 has no more significant bits than a.
uvec2 toFixed(float x, int k) {
    int k1 = k / 2;
    precise float a = abs(x) * pow2(k1) * pow2(k - k1);
    precise float hiF = floor(a * (1.0 / 4294967296.0));
    precise float loF = a - hiF * 4294967296.0;
    uint hi = uint(hiF);
    uint lo = uint(loF);
    if (x < 0.0) {
        hi = ~hi + (lo == 0u ? 1u : 0u);
        lo = 0u - lo;
    }
    return uvec2(lo, hi);
}

// Adds a 64-bit value to the (low, high) words at table[w]: the low word's atomicAdd returns the
// value it added to, which tells exactly whether it wrapped; the carry goes into the high word. Once
// all additions are done the two words hold the exact sum modulo 2^64, in any order.
void add64(uint w, uvec2 v) {
    uint hi = v.y;
    if (v.x != 0u) {
        uint before = atomicAdd(table[w], v.x);
        if (before + v.x < before) {
            hi += 1u;
        }
    }
    if (hi != 0u) {
        atomicAdd(table[w + 1u], hi);
    }
}

void main() {
    uint t = invocationIndex();
    if (t >= COUNT) return;
    uint o = 9u * t;
    vec3 a = vec3(pos[o], pos[o + 1u], pos[o + 2u]);
    vec3 b = vec3(pos[o + 3u], pos[o + 4u], pos[o + 5u]);
    vec3 c = vec3(pos[o + 6u], pos[o + 7u], pos[o + 8u]);
    if (isPadding(a, b, c)) return;
    vec3 n = faceCross(a, b, c);
    if (crossMagnitude(n) == 0.0) return; // zero area (a sliver), or not finite: adds nothing
    // M < 2^e: a normal float is below 2^(biased exponent - 126), a subnormal below 2^-126
    int e = max(int(maxCrossBits >> 23), 1) - 126;
    #ifdef RESIDENT
    int k = 62 - int(boundBits()) - e;
#else
    int k = 62 - int(uBoundBits) - e;
#endif
    uvec2 fx = toFixed(n.x, k);
    uvec2 fy = toFixed(n.y, k);
    uvec2 fz = toFixed(n.z, k);
    uint first = uPartition * uSlots;
    for (uint j = 0u; j < 3u; j++) {
        uint slot = cornerSlot[o + 3u * j];
        // slots of the other partitions are added in their own dispatch
        if (slot == NO_SLOT || slot - first >= uSlots) continue;
        uint w = SLOT_WORDS * (slot - first) + SUM_OFFSET;
        add64(w, fx);
        add64(w + 2u, fy);
        add64(w + 4u, fz);
    }
}
