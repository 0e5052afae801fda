// A cage the renderer computed on the GPU (GpuMesh.updatePositions from a GL buffer), moved without a
// trip through host memory: the twin of LoopCage.java (docs/design.md §2, "Where records live"), one
// welded vertex per invocation, writing the per-vertex table that loop_tile gathers level 0 from
// (positions in the internal frame, then unit limit normals, then limit positions; GlLevel0), so that
// the records are those a host move of the same floats makes. Two builds of this file run one after
// the other, behind a barrier:
//
//   CAGE_POSITIONS  each vertex's position in the internal frame, from its input vertex's x, y, z in
//                   the caller's buffer (LoopCage.cagePosition, InternalFrame.toInternal); a
//                   coordinate that is not finite refuses the whole move (the host path throws)
//   otherwise       each vertex's limit from its ring (LoopCage.cageLimit, LoopRules.limit), and the
//                   table; the positions become the kept ones, from which another layout's table is
//                   made again without the caller's buffer (uKeep 0)
//
// The limit is computed in double as in Java, operation for operation under precise (no fused
// multiply-add, no reassociation), its weights read from LoopRules.limitTable, which the host hands
// over (never typed here), its divisions and square root correctly rounded (rounded_double.glsl).
// The loader defines the bindings (BINDING_CAGE_*), LoopCage's word layout (CAGE_*), the table's
// offsets (LIMIT_*), FLOAT_MIN_NORMAL and, by the layout, CAGE_NORMALS and CAGE_LIMIT_POSITIONS (GlCage).

layout(local_size_x = 64) in;

layout(std430, binding = BINDING_CAGE_TOPOLOGY) readonly buffer CageTopology { uint cage[]; };
// refused: set by a move with a coordinate that is not finite; fresh: that move's positions
layout(std430, binding = BINDING_CAGE_FRESH) buffer Fresh { uint refused; uint freshPad0; uint freshPad1; uint freshPad2; float fresh[]; };

uniform uint uVertices;

#ifdef CAGE_POSITIONS

layout(std430, binding = BINDING_CAGE_INPUT) readonly buffer CageInput { uint cageInput[]; };
uniform uint uBase;      // word of the first input vertex's x in the bound range
uniform uint uStride;    // words from one input vertex to the next
uniform vec3 uCentre;    // InternalFrame's centre
uniform uvec2 uScale;    // 2^scaleExponent, a double's bits (low, high)

// InternalFrame.toInternal: (double) p - centre, times 2^e (exact), rounded to float once; subnormal
// results flushed to +0.
float toInternal(float p, int axis) {
    precise double d = (double(p) - double(uCentre[axis])) * packDouble2x32(uScale);
    float q = float(d);
    return abs(q) < FLOAT_MIN_NORMAL ? 0.0 : q;
}

// Vertex u's position: its input vertex's, in the internal frame.
void cagePosition(uint u) {
    uint source = cage[CAGE_VERTEX_INTS * u + CAGE_SOURCE];
    uint at = uBase + source * uStride;
    bool finite = true;
    for (int x = 0; x < 3; x++) {
        uint bits = cageInput[at + uint(x)];
        // by the exponent's bits: a compiler may fold isnan and isinf away
        finite = finite && (bits & 0x7F800000u) != 0x7F800000u;
        fresh[3u * u + uint(x)] = toInternal(uintBitsToFloat(bits), x);
    }
    if (!finite) {
        atomicOr(refused, 1u);
    }
}

#else

#include "rounded_double.glsl"

layout(std430, binding = BINDING_CAGE_KEPT) buffer Kept { float kept[]; };
layout(std430, binding = BINDING_CAGE_TABLE) writeonly buffer Table { float table[]; };
layout(std430, binding = BINDING_CAGE_WEIGHTS) readonly buffer LimitTable { double limitTable[]; };
uniform uint uKeep;      // 1: a move (read its fresh positions and keep them); 0: the kept ones again

// Coordinate x of vertex w's position.
float positionOf(uint w, int x) {
    return uKeep != 0u ? fresh[3u * w + uint(x)] : kept[3u * w + uint(x)];
}

// Coordinate x of neighbour i of the ring at word ring, in double.
double ringPoint(uint ring, uint i, int x) {
    return double(positionOf(cage[ring + i], x));
}

// 0 + x as IEEE adds it (a negative zero becomes a positive one), where the Java twin's sums start
// from 0: written out, because a compiler may drop the add of a literal zero, precise or not.
double zeroPlus(double x) {
    return x == 0.0lf ? 0.0lf : x;
}

// Whether vertex a's position precedes b's: x first, then y, then z.
bool precedes(uint a, uint b) {
    for (int x = 0; x < 3; x++) {
        if (positionOf(a, x) != positionOf(b, x)) {
            return positionOf(a, x) < positionOf(b, x);
        }
    }
    return false;
}

// LoopRules.limit: the limit position and unit normal of a vertex at v with the k neighbours of the
// ring at word ring, by its rule.
void limit(uint ring, uint k, uint rule, uint e0, uint e1, double v[3], out double position[3], out double normal[3]) {
    precise double p[3];
    precise double du[3];
    precise double dv[3];
    if (rule == RULE_CORNER) {
        double three = limitTable[LIMIT_TABLE_THREE];
        for (int x = 0; x < 3; x++) {
            p[x] = v[x];
            du[x] = three * (ringPoint(ring, e0, x) - v[x]);
            dv[x] = three * (ringPoint(ring, e1, x) - v[x]);
        }
    } else if (rule == RULE_CREASE) {
        // the sector from e0 counter-clockwise to e1
        uint last = (e1 + k - e0) % k;
        uint between = last - 1u;
        double twoThirds = limitTable[LIMIT_TABLE_TWO_THIRDS];
        double sqrt3 = limitTable[LIMIT_TABLE_SQRT3];
        double sqrt3Half = limitTable[LIMIT_TABLE_SQRT3_HALF];
        double three = limitTable[LIMIT_TABLE_THREE];
        double six = limitTable[LIMIT_TABLE_SIX];
        double threeHalves = limitTable[LIMIT_TABLE_THREE_HALVES];
        for (int x = 0; x < 3; x++) {
            precise double q0 = ringPoint(ring, e0, x);
            precise double ql = ringPoint(ring, e1, x);
            p[x] = twoThirds * v[x] + divideRounded(q0 + ql, six);
            du[x] = threeHalves * (q0 - ql);
            if (between == 0u) {
                dv[x] = three * q0 + three * ql - six * v[x];
            } else if (between == 1u) {
                dv[x] = three * ringPoint(ring, (e0 + 1u) % k, x) - three * v[x];
            } else if (between == 2u) {
                dv[x] = -sqrt3 * v[x] - sqrt3Half * (q0 + ql)
                        + sqrt3 * (ringPoint(ring, (e0 + 1u) % k, x) + ringPoint(ring, (e0 + 2u) % k, x));
            } else {
                uint at = LIMIT_CREASE_AT(between + 1u);
                precise double s = limitTable[at] * (q0 + ql);
                for (uint i = 1u; i <= between; i++) {
                    s += limitTable[at + i] * ringPoint(ring, (e0 + i) % k, x);
                }
                dv[x] = s;
            }
        }
    } else {
        uint at = LIMIT_SMOOTH_AT(k);
        double centre = limitTable[at];
        double eps = limitTable[at + 1u];
        for (int x = 0; x < 3; x++) {
            precise double q = ringPoint(ring, 0u, x);
            precise double sum = zeroPlus(q);
            precise double u = zeroPlus(limitTable[at + 2u] * q);
            precise double w = zeroPlus(limitTable[at + 3u] * q);
            for (uint i = 1u; i < k; i++) {
                q = ringPoint(ring, i, x);
                sum += q;
                u += limitTable[at + 2u + 2u * i] * q;
                w += limitTable[at + 3u + 2u * i] * q;
            }
            p[x] = centre * v[x] + eps * sum;
            du[x] = u;
            dv[x] = w;
        }
    }
    precise double nx = du[1] * dv[2] - du[2] * dv[1];
    precise double ny = du[2] * dv[0] - du[0] * dv[2];
    precise double nz = du[0] * dv[1] - du[1] * dv[0];
    precise double len = sqrtRounded(nx * nx + ny * ny + nz * nz);
    precise double inv = len > 0.0lf ? divideRounded(1.0lf, len) : 0.0lf;
    position = p;
    normal[0] = nx * inv;
    normal[1] = ny * inv;
    normal[2] = nz * inv;
}

// Vertex u's row of the table: its position, and with limit data its limit normal and position.
void cageLimit(uint u) {
    if (uKeep != 0u && refused != 0u) {
        return;  // a refused move changes nothing
    }
    double v[3];
    for (int x = 0; x < 3; x++) {
        float c = positionOf(u, x);
        if (uKeep != 0u) {
            kept[3u * u + uint(x)] = c;
        }
        table[3u * u + uint(x)] = c;
        v[x] = double(c);
    }
#ifdef CAGE_NORMALS
    uint shape = cage[CAGE_VERTEX_INTS * u + CAGE_SHAPE];
    uint k = shape & CAGE_FIELD_MASK;
    double position[3] = double[3](0.0lf, 0.0lf, 0.0lf);
    double normal[3] = double[3](0.0lf, 0.0lf, 0.0lf);
    if (k > 0u) {
        uint ring = cage[CAGE_VERTEX_INTS * u + CAGE_RING];
        uint rule = (shape >> CAGE_RULE_SHIFT) & CAGE_RULE_MASK;
        uint edges = cage[CAGE_VERTEX_INTS * u + CAGE_EDGES];
        uint e0 = edges & CAGE_FIELD_MASK;
        uint e1 = (edges >> CAGE_FIELD_BITS) & CAGE_FIELD_MASK;
        if ((shape & CAGE_SWAP_BIT) != 0u && precedes(cage[ring + e1], cage[ring + e0])) {
            uint t = e0;
            e0 = e1;
            e1 = t;
        }
        limit(ring, k, rule, e0, e1, v, position, normal);
    }
    for (int x = 0; x < 3; x++) {
        table[3u * (uVertices + u) + uint(x)] = float(normal[x]);
#ifdef CAGE_LIMIT_POSITIONS
        table[3u * (2u * uVertices + u) + uint(x)] = float(position[x]);
#endif
    }
#endif
}

#endif

void main() {
    uint u = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    if (u >= uVertices) {
        return;
    }
#ifdef CAGE_POSITIONS
    cagePosition(u);
#else
    cageLimit(u);
#endif
}
