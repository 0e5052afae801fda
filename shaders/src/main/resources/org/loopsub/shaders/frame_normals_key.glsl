// Shared by the three frame_normals passes (FrameNormals.java; included after the work group size
// layout, which invocationIndex reads): how a corner's position becomes a
// key, where that key lives in the hash table, and the face cross product.
//
// Table layout: uSlots slots per partition, SLOT_WORDS uints per slot:
//   [0..2] the key's three words plus 1 (0 marks an unclaimed word: a finite float's bits are never
//          0xFFFFFFFF, so a stored word is never 0)
//   [3..8] the fixed-point sums x, y, z, each as a 64-bit two's complement integer (low word, high word)
// A frame larger than one storage binding splits the table into partitions; a key's partition is
// picked by the low bits of its hash, its first probe by the other bits.

const uint SLOT_WORDS = 9u;
const uint SUM_OFFSET = 3u;
// A corner with no slot: a padding triangle's corner, or (never seen; only if a partition filled up)
// a key that found no free slot. Its normal is written as zero.
const uint NO_SLOT = 0xFFFFFFFFu;

#ifdef RESIDENT
// A prepared mesh's adaptive frame: the host dispatched over the room it planned, the frame's
// triangle count (padding included) is in the Sizes buffer that loop_plan wrote.
layout(std430, binding = SIZES_BINDING) readonly buffer Sizes { uint sizes[]; };
uniform uint uFirstTriangle;  // this dispatch's first triangle in the frame
uniform uint uCap;            // triangles this dispatch covers
uniform uint uPerTriangle;    // invocations per triangle: 1 (passes 1, 2) or 3 (pass 3)
uint dispatchCount() {
    uint n = sizes[SIZES_END];
    return (n > uFirstTriangle ? min(n - uFirstTriangle, uCap) : 0u) * uPerTriangle;
}
// B with 2^B >= the frame's triangles, as FrameNormals.java computes it on the host otherwise
uint boundBits() {
    uint n = sizes[SIZES_END];
    return n <= 1u ? 0u : uint(findMSB(n - 1u) + 1);
}
#define COUNT dispatchCount()
#else
uniform uint uCount;          // triangles (passes 1, 2) or corners (pass 3) in this dispatch
#define COUNT uCount
#endif
uniform uint uSlots;          // slots per partition
uniform uint uPartitionBits;  // log2 of the number of partitions
uniform uint uPartition;      // the partition bound to the Table binding

uint invocationIndex() {
    return gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
}

// The weld rule of OutputWelder: positions are equal when their bits are, with -0.0 read as +0.0.
uint keyWord(float p) {
    uint b = floatBitsToUint(p);
    return b == 0x80000000u ? 0u : b;
}

// A 32-bit finaliser (xor-shift-multiply rounds) per word, chained: float bit patterns share their
// exponent bits and often end in zero bits, so every input bit must reach the low bits.
uint mix32(uint h) {
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

uint keyHash(uvec3 k) {
    return mix32(k.x ^ mix32(k.y ^ mix32(k.z + 0x9e3779b9u)));
}

uint partitionOf(uint h) {
    return h & ((1u << uPartitionBits) - 1u);
}

uint firstProbe(uint h) {
    return (h >> uPartitionBits) % uSlots;
}

// A padding triangle (the gaps between output blocks) has all nine floats +0.0; no real triangle
// has three corners at one position.
bool isPadding(vec3 a, vec3 b, vec3 c) {
    return all(equal(floatBitsToUint(a) | floatBitsToUint(b) | floatBitsToUint(c), uvec3(0u)));
}

// (b - a) x (c - a): twice the area along the face's unit normal, as OutputWelder.faceCross in
// double. Written out and precise, so that passes 1 and 2 get the same bits (pass 1 bounds what
// pass 2 adds).
vec3 faceCross(vec3 a, vec3 b, vec3 c) {
    precise float ux = b.x - a.x;
    precise float uy = b.y - a.y;
    precise float uz = b.z - a.z;
    precise float vx = c.x - a.x;
    precise float vy = c.y - a.y;
    precise float vz = c.z - a.z;
    precise float nx = uy * vz - uz * vy;
    precise float ny = uz * vx - ux * vz;
    precise float nz = ux * vy - uy * vx;
    return vec3(nx, ny, nz);
}

// The largest |component| of a face cross product, 0 where one is not finite (positions beyond
// about 1e19 in the internal frame): such a face adds nothing.
float crossMagnitude(vec3 n) {
    float m = max(abs(n.x), max(abs(n.y), abs(n.z)));
    return m <= 3.4028235e38 ? m : 0.0;
}
