// Smooth frame normals, pass 3 of 3 (FrameNormals.java): one invocation per output corner. Reads
// the slot index pass 1 left in the corner's first normal word and writes the normalised sum of
// its slot in its place: every corner of one position reads the same integers, so they get the same
// bits. The scale of pass 2 is common to the three components, so it does not change the direction.
// Padding corners (and the corners of a position that found no slot) get a zero normal; a position
// whose sum is exactly zero gets (0, 0, 1), as OutputWelder's last resort.

layout(local_size_x = 64) in;

#include "frame_normals_key.glsl"

layout(std430, binding = 0) readonly buffer Positions { float pos[]; };
layout(std430, binding = 1) buffer Normals { uint nrm[]; };
layout(std430, binding = 2) readonly buffer Table { uint table[]; };

// The 64-bit two's complement integer (lo, hi) as a float, within an ulp or so: converted as a
// magnitude, so that small negative values do not cancel between the two words.
float toFloat(uint lo, uint hi) {
    bool negative = int(hi) < 0;
    if (negative) {
        hi = ~hi + (lo == 0u ? 1u : 0u);
        lo = 0u - lo;
    }
    precise float m = float(hi) * 4294967296.0 + float(lo);
    return negative ? -m : m;
}

void main() {
    uint c = invocationIndex();
    if (c >= COUNT) return;
    uint o = 3u * c;
    if (uPartitionBits != 0u) {
        // With several partitions, the corners of the others may already hold their normals: the
        // partition must come from the position, not from the word.
        uvec3 key = uvec3(keyWord(pos[o]), keyWord(pos[o + 1u]), keyWord(pos[o + 2u]));
        if (partitionOf(keyHash(key)) != uPartition) return;
    }
    uint slot = nrm[o];
    vec3 n = vec3(0.0);
    if (slot != NO_SLOT) {
        uint w = SLOT_WORDS * (slot - uPartition * uSlots) + SUM_OFFSET;
        precise float x = toFloat(table[w], table[w + 1u]);
        precise float y = toFloat(table[w + 2u], table[w + 3u]);
        precise float z = toFloat(table[w + 4u], table[w + 5u]);
        // below 2^62 each, so the squares stay below 2^126
        precise float d = x * x + y * y + z * z;
        if (d > 0.0) {
            float s = inversesqrt(d);
            precise float nx = x * s;
            precise float ny = y * s;
            precise float nz = z * s;
            n = vec3(nx, ny, nz);
        } else {
            n = vec3(0.0, 0.0, 1.0);
        }
    }
    nrm[o] = floatBitsToUint(n.x);
    nrm[o + 1u] = floatBitsToUint(n.y);
    nrm[o + 2u] = floatBitsToUint(n.z);
}
