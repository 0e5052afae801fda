// Smooth frame normals, pass 1 of 3 (FrameNormals.java): one invocation per output triangle.
// Each corner's position goes into the hash table (the corners of one position meet in one slot)
// and the slot's index is written to the corner's first normal word, where pass 2 reads it and
// pass 3 replaces it with the normal. Also bounds the face cross products of the frame (their
// largest |component|), from which pass 2 picks its fixed-point scale.
//
// Inserting without locks: a slot's three key words are claimed one by one with compare-and-swap
// and never change once claimed. An invocation goes on to the next word while the words so far
// hold its key, and to the next slot at the first word that holds another value. Whatever the
// interleaving, every invocation with one key sees the same claimed values at every slot it
// visits, so they all stop at the same slot; a slot whose first word is claimed always ends up
// holding one whole key (whoever finds the first words matching claims the next). No invocation
// ever waits for another, so the pass cannot hang on hardware that runs a subgroup in lockstep.

layout(local_size_x = 64) in;

#include "frame_normals_key.glsl"

layout(std430, binding = 0) readonly buffer Positions { float pos[]; };
layout(std430, binding = 1) writeonly buffer CornerSlots { uint cornerSlot[]; };
layout(std430, binding = 2) buffer Table { uint table[]; };
layout(std430, binding = 3) buffer Bound { uint maxCrossBits; };

shared uint groupMax;

// @return the slot within the bound partition that holds key k (claimed now if it is new), or
//     NO_SLOT after a full cycle of probes (the partition is full)
uint insertKey(uvec3 k, uint start) {
    uvec3 stored = k + 1u;
    uint s = start;
    for (uint probe = 0u; probe < uSlots; probe++) {
        uint w = SLOT_WORDS * s;
        uint seen = atomicCompSwap(table[w], 0u, stored.x);
        if (seen == 0u || seen == stored.x) {
            seen = atomicCompSwap(table[w + 1u], 0u, stored.y);
            if (seen == 0u || seen == stored.y) {
                seen = atomicCompSwap(table[w + 2u], 0u, stored.z);
                if (seen == 0u || seen == stored.z) {
                    return s;
                }
            }
        }
        s = s + 1u == uSlots ? 0u : s + 1u;
    }
    return NO_SLOT;
}

void main() {
    if (gl_LocalInvocationIndex == 0u) {
        groupMax = 0u;
    }
    barrier(); // groupMax is cleared before any invocation raises it
    uint t = invocationIndex();
    if (t < COUNT) {
        uint o = 9u * t;
        vec3 a = vec3(pos[o], pos[o + 1u], pos[o + 2u]);
        vec3 b = vec3(pos[o + 3u], pos[o + 4u], pos[o + 5u]);
        vec3 c = vec3(pos[o + 6u], pos[o + 7u], pos[o + 8u]);
        if (isPadding(a, b, c)) {
            if (uPartition == 0u) {
                cornerSlot[o] = NO_SLOT;
                cornerSlot[o + 3u] = NO_SLOT;
                cornerSlot[o + 6u] = NO_SLOT;
            }
        } else {
            // non-negative floats order like their bits
            atomicMax(groupMax, floatBitsToUint(crossMagnitude(faceCross(a, b, c))));
            for (uint k = 0u; k < 3u; k++) {
                uvec3 key = uvec3(keyWord(pos[o + 3u * k]), keyWord(pos[o + 3u * k + 1u]),
                        keyWord(pos[o + 3u * k + 2u]));
                uint h = keyHash(key);
                if (partitionOf(h) == uPartition) {
                    uint s = insertKey(key, firstProbe(h));
                    cornerSlot[o + 3u * k] = s == NO_SLOT ? NO_SLOT : uPartition * uSlots + s;
                }
            }
        }
    }
    barrier(); // every invocation of the group has raised groupMax
    if (gl_LocalInvocationIndex == 0u && groupMax != 0u) {
        atomicMax(maxCrossBits, groupMax);
    }
}
