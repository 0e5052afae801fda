// The triangle record as every pass sees it: the GLSL twin of RecordLayout.java (read its Javadoc
// for the slots and bits). No number is typed here: the loader defines FAN (fan slots per corner),
// RING_MAX, POINT_FLOATS, META_INTS, RecordLayout's constants NO_GAP, FIXED_POINTS, FIXED_SPOKES and
// its metadata fields (CORNER_FIELD_*, NEIGHBOUR_FINISHED_*), the tile of records (TILE, 32, with
// TILE_SHIFT and TILE_MASK: Segment's), and every storage binding as BINDING_* (all made by
// ShaderHeader.java).
//
// On the GPU records are stored in tiles of TILE (an array of structures of arrays): float f
// (3 * slot + x) of record r sits at srcP[((r / TILE) * POINT_FLOATS + f) * TILE + r % TILE], metadata
// word w at srcM[((r / TILE) * META_INTS + w) * TILE + r % TILE]. The slots and bits are RecordLayout's; only
// the arrangement in memory differs from the Java back end's record-after-record chunks. That way
// a warp reading one slot of 32 consecutive records reads one 128-byte line, everything a warp
// touches lies in one tile, and fan slots a record does not use (all but two for the regular
// records that dominate) are never read or written.
//
// Arithmetic on positions and criteria is written out scalar by scalar and marked precise, in the
// operation order of the Java twin: no fused multiply-add, no reassociation (docs/design.md §5).

// Positions are never written in place; metadata is, by the passes that define WRITES_META (the
// edge test sets complete bits, the filter neighbour-finished bits). Read-only elsewhere, so that
// the compiler may keep repeated loads of a word in a register.
#ifdef WRITES_META
#define META_ACCESS
#else
#define META_ACCESS readonly
#endif
layout(std430, binding = BINDING_POINTS) readonly buffer SrcPoints { float srcP[]; };
layout(std430, binding = BINDING_META) META_ACCESS buffer SrcMeta { uint srcM[]; };

uniform uint uSrcFirst;   // this dispatch's first record in the bound segment

// A point of record r (counted from uSrcFirst): the index of its x; y and z follow TILE apart.
uint pointOf(uint r, int slot) {
    uint a = uSrcFirst + r;
    return ((a >> TILE_SHIFT) * uint(POINT_FLOATS) + uint(3 * slot)) * TILE + (a & TILE_MASK);
}
float coord(uint point, int x) { return srcP[point + uint(x) * TILE]; }
// Float f of record r (sharpness lies after the point slots: RecordLayout.spokeSharpness).
float srcFloat(uint r, int f) {
    uint a = uSrcFirst + r;
    return srcP[((a >> TILE_SHIFT) * uint(POINT_FLOATS) + uint(f)) * TILE + (a & TILE_MASK)];
}
vec3 loadPoint(uint r, int slot) {
    uint p = pointOf(r, slot);
    return vec3(coord(p, 0), coord(p, 1), coord(p, 2));
}

// Limit data a layout may carry (RecordLayout: NORMALS, LIMIT and the first slots come from Java):
// each corner's limit normal and limit position, fixed where the vertex was born. Output triangles
// take their positions from outputSlot and, with NORMALS, write each corner's normal to a buffer
// beside the positions, at the same float index.
#ifdef NORMALS
int normalSlot(int c) { return NORMAL_SLOT0 + c; }
#endif
// A normal as it goes to the output: as carried (only its direction means anything; the Java back
// end and the CLI's weld normalise in double), or, for a renderer's frame (UNIT_NORMALS), of unit
// length. That is the only place where the driver's inversesqrt enters, outside the bytes the two
// back ends share.
vec3 outputNormal(vec3 n) {
#ifdef UNIT_NORMALS
    float l2 = dot(n, n);
    return l2 > 0.0 ? n * inversesqrt(l2) : n;
#else
    return n;
#endif
}
#ifdef LIMIT
int limitSlot(int c) { return LIMIT_SLOT0 + c; }
int outputSlot(int c) { return limitSlot(c); }
#else
int outputSlot(int c) { return c; }
#endif
uint metaOf(uint r, int w) {
    uint a = uSrcFirst + r;
    return ((a >> TILE_SHIFT) * uint(META_INTS) + uint(w)) * TILE + (a & TILE_MASK);
}

// Sizes kept on the GPU (RESIDENT, a prepared mesh's adaptive frame): each dispatch covers the
// records the host planned room for (uCap) and reads how many there are from the Sizes buffer, which
// the scans and loop_plan fill; the host reads it back once, after the frame. Slot names and
// layout come from GlSizes.java as the SIZES_* defines.
#ifdef RESIDENT
layout(std430, binding = BINDING_SIZES) readonly buffer Sizes { uint sizes[]; };
uniform uint uCountSlot;  // the slot of this dispatch's count
uniform uint uCap;        // records (or items) this dispatch covers
// Records of the window from uSrcFirst on, of a segment whose count is at uCountSlot.
uint windowCount() {
    uint n = sizes[uCountSlot];
    return n > uSrcFirst ? min(n - uSrcFirst, uCap) : 0u;
}
#endif

// Metadata words 0 and 1: a field of CORNER_FIELD_BITS per corner (valence, gap), and the
// neighbour-finished bits at NEIGHBOUR_FINISHED_SHIFT (RecordLayout's).
int valence(uint m0, int c) { return int((m0 >> uint(CORNER_FIELD_BITS * c)) & CORNER_FIELD_MASK); }
int gap(uint m1, int c) { return int((m1 >> uint(CORNER_FIELD_BITS * c)) & CORNER_FIELD_MASK); }
uint neighbourFinished(uint m0) { return (m0 >> NEIGHBOUR_FINISHED_SHIFT) & NEIGHBOUR_FINISHED_MASK; }
uint packMeta0(int k0, int k1, int k2, uint nf) {
    return uint(k0) | uint(k1) << uint(CORNER_FIELD_BITS) | uint(k2) << uint(2 * CORNER_FIELD_BITS) | nf << NEIGHBOUR_FINISHED_SHIFT;
}
uint packMeta1(int g0, int g1, int g2) {
    return uint(g0) | uint(g1) << uint(CORNER_FIELD_BITS) | uint(g2) << uint(2 * CORNER_FIELD_BITS);
}

bool nextEdgeInterior(int k, int g) { return g != k - 1; }
bool prevEdgeInterior(int g) { return g != 1; }
int fanLength(int k, int g) { return k - 2 - (prevEdgeInterior(g) ? 1 : 0) - (nextEdgeInterior(k, g) ? 1 : 0); }
int fanSlot(int c, int j) { return FIXED_POINTS + c * FAN + j; }
int fanBit(int c, int j) { return FIXED_SPOKES + c * FAN + j; }

int ringSlot(int c, int k, int g, int i) {
    if (i == 0) return (c + 1) % 3;
    if (i == 1) return (c + 2) % 3;
    bool dp = prevEdgeInterior(g);
    if (dp && i == 2) return 3 + (c + 2) % 3;
    if (nextEdgeInterior(k, g) && i == k - 1) return 3 + c;
    return fanSlot(c, i - 2 - (dp ? 1 : 0));
}

int ringBit(int c, int k, int g, int i) {
    if (i == 0) return c;
    if (i == 1) return (c + 2) % 3;
    bool dp = prevEdgeInterior(g);
    if (dp && i == 2) return 4 + 2 * ((c + 2) % 3);
    if (nextEdgeInterior(k, g) && i == k - 1) return 3 + 2 * c;
    return fanBit(c, i - 2 - (dp ? 1 : 0));
}

bool isBoundarySpoke(int k, int g, int i) { return g != NO_GAP && (i == g || i == (g + 1) % k); }
// whether the triangles (corner, ring i - 1, ring i) and (corner, ring i, ring i + 1) exist
bool hasPrevious(int k, int g, int i) { return g == NO_GAP || i != (g + 1) % k; }
bool hasNext(int k, int g, int i) { return g == NO_GAP || i != g; }

bool srcBit(uint r, int bit) { return (srcM[metaOf(r, 2 + (bit >> 5))] & (1u << uint(bit & 31))) != 0u; }

// Loop's masks, one coordinate at a time, in LoopRules.java's grouping. No weight is typed here:
// the loader defines LOOP_EDGE_END, LOOP_EDGE_OPPOSITE, LOOP_HALF, LOOP_BOUNDARY_CENTRE and
// LOOP_BOUNDARY_NEIGHBOUR from LoopRules' constants (as exact float bits), and the interior vertex
// weights come in a buffer filled from LoopRules.weights.
float loopEdgePoint(float a, float b, float c, float d) {
    precise float r = LOOP_EDGE_END * (a + b) + LOOP_EDGE_OPPOSITE * (c + d);
    return r;
}
float loopMidpoint(float a, float b) {
    precise float r = LOOP_HALF * (a + b);
    return r;
}
float loopVertexPoint(float w, float beta, float v, float ringSum) {
    precise float r = w * v + beta * ringSum;
    return r;
}
float loopBoundaryVertexPoint(float v, float p, float q) {
    precise float r = LOOP_BOUNDARY_CENTRE * v + LOOP_BOUNDARY_NEIGHBOUR * (p + q);
    return r;
}

#ifdef UVS
// Texture coordinates (UVS): each corner's uv in its face, refined by the linear rule; output
// corners write (u, v) in a buffer beside the positions, 2 floats where the position has 3: the
// corner whose position starts at float o has its uv at OUT_UV_FLOAT(o), defined by the host
// (ShaderContract.outUvOffset). It binds both ranges from starts in that ratio, and every output base
// is a multiple of 3 floats (GlPasses.bindOutput).
vec2 loadUv(uint r, int c) { return vec2(srcFloat(r, UV_BASE + 2 * c), srcFloat(r, UV_BASE + 2 * c + 1)); }
// The uv output vertices show: the limit uv with UV_LIMITS, else the uv itself.
vec2 loadOutputUv(uint r, int c) { return vec2(srcFloat(r, UV_OUTPUT_BASE + 2 * c), srcFloat(r, UV_OUTPUT_BASE + 2 * c + 1)); }
vec2 uvMidpoint(vec2 a, vec2 b) { return vec2(loopMidpoint(a.x, b.x), loopMidpoint(a.y, b.y)); }
// The float of coordinate axis of point slot slot's uv in a SEAMLESS record (RecordLayout.uvSlot).
int uvSlot(int slot, int axis) { return UV_BASE + 2 * slot + axis; }
#endif

// The vertex rule by sharp edges (LoopRules.vertexRule): creases, and limit uvs of boundary vertices.
// The RULE_* codes are LoopRules', defined by the loader (ShaderContract).
int loopVertexRule(float vs, int sharpEdges) { return vs > 0.0 ? RULE_CORNER : min(sharpEdges, RULE_CORNER); }
#ifdef CREASES
// Creases (LoopRules' twins): uniform decay, the semi-sharp edge mask and the transition blend.
float loopDecay(float s) { return s >= SHARP_INFINITE ? SHARP_INFINITE : s > 1.0 ? s - 1.0 : 0.0; }
float loopCreaseEdgePoint(float w, float a, float b, float c, float d) {
    precise float r = 1.0 - w;
    precise float e = w * LOOP_HALF + r * LOOP_EDGE_END;
    precise float o = r * LOOP_EDGE_OPPOSITE;
    precise float p = e * (a + b) + o * (c + d);
    return p;
}
// Chaikin's half at a vertex (LoopRules.chaikinHalf): avg < 0 when the vertex has no other semi-sharp edge.
float loopChaikinHalf(float s, float avg) {
    if (s >= SHARP_INFINITE) return SHARP_INFINITE;
    if (s <= 0.0) return 0.0;
    precise float child = avg < 0.0 ? s - 1.0 : LOOP_CHAIKIN_OWN * s + LOOP_CHAIKIN_OTHERS * avg - 1.0;
    return child > 0.0 ? child : 0.0;
}
float loopBlend(float w, float parent, float child) {
    precise float r = w * parent + (1.0 - w) * child;
    return r;
}
#endif

// The limit masks of vertices a split creates (valence 6 inside, 4 on a boundary), LoopRules' twins.
float loopLimitPoint6(float v, float ringSum) {
    precise float r = LOOP_LIMIT_CENTRE_6 * v + LOOP_LIMIT_RING_6 * ringSum;
    return r;
}
float loopLimitCreasePoint(float v, float p, float q) {
    precise float r = LOOP_LIMIT_CREASE_CENTRE * v + LOOP_LIMIT_CREASE_NEIGHBOUR * (p + q);
    return r;
}
float loopTangentU6(float q0, float q1, float q2, float q3, float q4, float q5) {
    precise float d = q0 - q3;
    precise float r = (d + d) + ((q1 + q5) - (q2 + q4));
    return r;
}
float loopTangentV6(float q0, float q1, float q2, float q3, float q4, float q5) {
    precise float r = (q1 + q2) - (q4 + q5);
    return r;
}
float loopTangentUBoundary(float q0, float q3) {
    precise float r = q0 - q3;
    return r;
}
float loopTangentVBoundary4(float v, float q0, float q1, float q2, float q3) {
    precise float d = (q1 + q2) - v;
    precise float r = (d + d) - (q0 + q3);
    return r;
}
float loopCross(float a1, float a2, float b1, float b2) {
    precise float r = a1 * b2 - a2 * b1;
    return r;
}
vec3 loopCross3(vec3 u, vec3 v) {
    return vec3(loopCross(u.y, u.z, v.y, v.z), loopCross(u.z, u.x, v.z, v.x), loopCross(u.x, u.y, v.x, v.y));
}
