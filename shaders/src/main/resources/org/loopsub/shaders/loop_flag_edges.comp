// Pass 1 of a level, the edge test (twin of LoopFlagEdges.java, EdgeCriteria.java and
// ViewCulling.java): evaluates the stop criteria on every spoke not yet complete and sets its
// complete bit, then filters the record (LoopFilter.java, record_filter.glsl) with its bits still in
// registers. The loader defines CRIT_MAX_EDGE, CRIT_FLATNESS, CRIT_SCREEN, CRIT_CUSTOM for the
// criteria in use, CULL_FRUSTUM and CULL_BACKFACE for the view culling.
#define WRITES_META
#include "loop_record.glsl"
#include "record_filter.glsl"

layout(local_size_x = 64) in;

uniform uint uCount;
uniform int uLevel;
uniform float uMaxEdge2;
uniform float uFlat2;
uniform float uRows[12];
uniform float uPix2;
uniform float uNear;
uniform vec3 uCentre;
uniform float uInvScale;
uniform float uCullPlanes[16];
uniform vec4 uCullEye;
uniform float uCullFrustum2;
uniform float uCullBackface2;
uniform float uCullAngle2;
uniform float uCullBend2;

// With CRIT_CUSTOM the loader has put the user's function before this file:
// bool loopsub_edge_complete(int level, vec3 a, vec3 b), given mesh-frame positions with a the
// lexicographically smaller end (StopCriterion.Custom).

float row(int r, uint a) {
    precise float v = uRows[r] * coord(a, 0) + uRows[r + 1] * coord(a, 1) + uRows[r + 2] * coord(a, 2) + uRows[r + 3];
    return v;
}

bool lexicographicallyLess(uint a, uint b) {
    for (int x = 0; x < 3; x++) {
        if (coord(a, x) != coord(b, x)) return coord(a, x) < coord(b, x);
    }
    return false;
}

vec3 user(uint a) {
    precise vec3 u;
    u.x = coord(a, 0) * uInvScale + uCentre.x;
    u.y = coord(a, 1) * uInvScale + uCentre.y;
    u.z = coord(a, 2) * uInvScale + uCentre.z;
    return u;
}

#if defined(CULL_FRUSTUM) || defined(CULL_BACKFACE)
int compare(uint a, uint b) {
    for (int x = 0; x < 3; x++) {
        if (coord(a, x) != coord(b, x)) return coord(a, x) < coord(b, x) ? -1 : 1;
    }
    return 0;
}

float larger(float x, float y) { return x > y ? x : y; }

float squaredLength(uint a, uint b) {
    precise float dx = coord(a, 0) - coord(b, 0);
    precise float dy = coord(a, 1) - coord(b, 1);
    precise float dz = coord(a, 2) - coord(b, 2);
    precise float s = dx * dx + dy * dy + dz * dz;
    return s;
}

bool outside(int plane, uint q, float margin) {
    precise float s = uCullPlanes[plane] * coord(q, 0) + uCullPlanes[plane + 1] * coord(q, 1)
            + uCullPlanes[plane + 2] * coord(q, 2) + uCullPlanes[plane + 3];
    precise float s2 = s * s;
    return s < 0.0 && s2 > margin;
}

// whether the triangle at corner q0 with normal n (its front's) faces away from the eye by the margins
bool facesAway(uint q0, vec3 n, float margin) {
    precise float vx = uCullEye.x - uCullEye.w * coord(q0, 0);
    precise float vy = uCullEye.y - uCullEye.w * coord(q0, 1);
    precise float vz = uCullEye.z - uCullEye.w * coord(q0, 2);
    precise float s = vx * n.x + vy * n.y + vz * n.z;
    if (!(s < 0.0)) return false;
    precise float vv = vx * vx + vy * vy + vz * vz;
    precise float nn = n.x * n.x + n.y * n.y + n.z * n.z;
    precise float lhs = s * s;
    precise float rhs = (uCullAngle2 * vv + margin) * nn;
    return lhs > rhs;
}

// whether two triangles' normals are within the bend bound of each other
bool flatEnough(vec3 n1, vec3 n2) {
    precise float dot = n1.x * n2.x + n1.y * n2.y + n1.z * n2.z;
    precise float nn1 = n1.x * n1.x + n1.y * n1.y + n1.z * n1.z;
    precise float nn2 = n2.x * n2.x + n2.y * n2.y + n2.z * n2.z;
    precise float lhs = dot * dot;
    precise float rhs = uCullBend2 * nn1 * nn2;
    return dot > 0.0 && lhs > rhs;
}

// ViewCulling.culled: the region of spoke (a, b), triangles (a, b, d) and (a, c, b) where they exist,
// lies outside one side plane or faces away from the eye, with margins
bool culled(uint a, uint b, bool hasC, uint c, bool hasD, uint d) {
    int order = compare(b, a);
    bool swap = order != 0 ? order < 0 : (!hasC || !hasD) ? hasC : compare(d, c) < 0;
    if (swap) {
        uint t = a; a = b; b = t;
        t = c; c = d; d = t;
        bool h = hasC; hasC = hasD; hasD = h;
    }
    float m2 = squaredLength(a, b);
    if (hasC) m2 = larger(m2, larger(squaredLength(a, c), squaredLength(b, c)));
    if (hasD) m2 = larger(m2, larger(squaredLength(a, d), squaredLength(b, d)));
#ifdef CULL_FRUSTUM
    {
        precise float margin = uCullFrustum2 * m2;
        for (int i = 0; i < 16; i += 4) {
            if (outside(i, a, margin) && outside(i, b, margin) && (!hasC || outside(i, c, margin))
                    && (!hasD || outside(i, d, margin))) return true;
        }
    }
#endif
#ifdef CULL_BACKFACE
    if (hasC && hasD) {
        precise float margin = uCullBackface2 * m2;
        precise float ex = coord(b, 0) - coord(a, 0);
        precise float ey = coord(b, 1) - coord(a, 1);
        precise float ez = coord(b, 2) - coord(a, 2);
        precise float dx = coord(d, 0) - coord(a, 0);
        precise float dy = coord(d, 1) - coord(a, 1);
        precise float dz = coord(d, 2) - coord(a, 2);
        precise float cx = coord(c, 0) - coord(a, 0);
        precise float cy = coord(c, 1) - coord(a, 1);
        precise float cz = coord(c, 2) - coord(a, 2);
        // the normals of (a, b, d) and (a, c, b): (b - a) x (d - a) and (c - a) x (b - a)
        precise vec3 n1 = vec3(ey * dz - ez * dy, ez * dx - ex * dz, ex * dy - ey * dx);
        precise vec3 n2 = vec3(cy * ez - cz * ey, cz * ex - cx * ez, cx * ey - cy * ex);
        return facesAway(a, n1, margin) && facesAway(a, n2, margin) && flatEnough(n1, n2);
    }
#endif
    return false;
}
#endif

// a, b: the spoke's ends; oc, od: the vertices of triangles (a, oc, b) and (a, b, od) where they
// exist (points, as pointOf gives). Whether every criterion says the spoke is complete.
bool criteriaSay(uint a, uint b, bool hasC, uint oc, bool hasD, uint od) {
#ifdef CRIT_MAX_EDGE
    {
        precise float dx = coord(a, 0) - coord(b, 0);
        precise float dy = coord(a, 1) - coord(b, 1);
        precise float dz = coord(a, 2) - coord(b, 2);
        precise float s = dx * dx + dy * dy + dz * dz;
        if (!(s <= uMaxEdge2)) return false;
    }
#endif
#ifdef CRIT_FLATNESS
    if (hasC && hasD) {
        precise float sum = 0.0;
        for (int x = 0; x < 3; x++) {
            precise float d = loopEdgePoint(coord(a, x), coord(b, x), coord(oc, x), coord(od, x))
                    - loopMidpoint(coord(a, x), coord(b, x));
            sum = sum + d * d;
        }
        if (!(sum <= uFlat2)) return false;
    }
#endif
#ifdef CRIT_SCREEN
    {
        precise float wa = row(8, a);
        precise float wb = row(8, b);
        bool behindA = wa <= uNear;
        bool behindB = wb <= uNear;
        if (behindA || behindB) {
            if (!(behindA && behindB)) return false;
        } else {
            precise float xa = row(0, a);
            precise float xb = row(0, b);
            precise float ya = row(4, a);
            precise float yb = row(4, b);
            precise float dx = xa * wb - xb * wa;
            precise float dy = ya * wb - yb * wa;
            precise float ww = wa * wb;
            precise float lhs = dx * dx + dy * dy;
            precise float rhs = uPix2 * (ww * ww);
            if (!(lhs <= rhs)) return false;
        }
    }
#endif
#ifdef CRIT_CUSTOM
    {
        uint first = lexicographicallyLess(b, a) ? b : a;
        uint second = first == a ? b : a;
        if (!loopsub_edge_complete(uLevel, user(first), user(second))) return false;
    }
#endif
    return true;
}

// complete when the criteria say so or the camera cannot see it (the cheaper test first)
bool complete(uint a, uint b, bool hasC, uint oc, bool hasD, uint od) {
#if defined(CULL_FRUSTUM) || defined(CULL_BACKFACE)
    return criteriaSay(a, b, hasC, oc, hasD, od) || culled(a, b, hasC, oc, hasD, od);
#else
    return criteriaSay(a, b, hasC, oc, hasD, od);
#endif
}

// The record's complete bits (`bits`, record_filter.glsl) are loaded once and stored once: tested and
// set in the global words, spoke after spoke, each set bit was a read-modify-write the next spoke's
// load had to wait for.
void setBit(int bit) { bits[bit >> 5] |= 1u << uint(bit & 31); }

void main() {
    uint r = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
#ifdef RESIDENT
    if (r >= uCap) return;
    if (r >= windowCount()) {
        filterNothing(r);
        return;
    }
#else
    if (r >= uCount) return;
#endif
    uint m0 = srcM[metaOf(r, 0)];
    uint m1 = srcM[metaOf(r, 1)];
    uint loaded[META_INTS - 2];
    for (int w = 0; w < META_INTS - 2; w++) {
        loaded[w] = srcM[metaOf(r, 2 + w)];
        bits[w] = loaded[w];
    }
    // The record's own edges lie in two corners' rings: a verdict is the same from either end
    // (criteria and culling take the spoke in a canonical order), so each is tested once.
    uint ownTested = 0u;
    for (int c = 0; c < 3; c++) {
        int k = valence(m0, c);
        int g = gap(m1, c);
        for (int i = 0; i < k; i++) {
            int bit = ringBit(c, k, g, i);
            if (hasBit(bit)) continue;
            if (bit < 3) {
                if ((ownTested & (1u << uint(bit))) != 0u) continue;
                ownTested |= 1u << uint(bit);
            }
            uint b = pointOf(r, ringSlot(c, k, g, i));
            bool hasC = hasPrevious(k, g, i);
            bool hasD = hasNext(k, g, i);
            uint oc = hasC ? pointOf(r, ringSlot(c, k, g, (i + k - 1) % k)) : 0u;
            uint od = hasD ? pointOf(r, ringSlot(c, k, g, (i + 1) % k)) : 0u;
            if (complete(pointOf(r, c), b, hasC, oc, hasD, od)) {
                setBit(bit);
                // The valence-3 corner's one D is both D spokes; keep their bits equal.
                if (k == 3 && g == NO_GAP && i == 2) setBit(3 + 2 * c);
            }
        }
    }
    for (int w = 0; w < META_INTS - 2; w++) {
        if (bits[w] != loaded[w]) srcM[metaOf(r, 2 + w)] = bits[w];
    }
    // the edge test runs below the maximum depth only
    filterRecord(r, m0, m1, false);
}
