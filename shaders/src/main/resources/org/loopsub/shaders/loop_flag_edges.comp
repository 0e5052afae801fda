// Pass 1 of a level, the edge test (twin of LoopFlagEdges.java and EdgeCriteria.java): evaluates
// the stop criteria on every spoke not yet complete and sets its complete bit. The loader defines
// CRIT_MAX_EDGE, CRIT_FLATNESS, CRIT_SCREEN, CRIT_CUSTOM for the criteria in use.
#define WRITES_META
#include "loop_record.glsl"

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

// With CRIT_CUSTOM the loader has put the user's function before this file:
// bool loopsub_edge_complete(int level, vec3 a, vec3 b), given mesh-frame positions with a the
// lexicographically smaller end (StopCriterion.Custom).

float projRow(int r, uint a) {
    precise float v = uRows[r] * coord(a, 0) + uRows[r + 1] * coord(a, 1) + uRows[r + 2] * coord(a, 2) + uRows[r + 3];
    return v;
}

bool lexLess(uint a, uint b) {
    for (int x = 0; x < 3; x++) {
        if (coord(a, x) != coord(b, x)) return coord(a, x) < coord(b, x);
    }
    return false;
}

vec3 userPoint(uint a) {
    precise vec3 u;
    u.x = coord(a, 0) * uInvScale + uCentre.x;
    u.y = coord(a, 1) * uInvScale + uCentre.y;
    u.z = coord(a, 2) * uInvScale + uCentre.z;
    return u;
}

// a, b: the spoke's ends; oc, od: the vertices opposite it, when hasOpposite (points, as pointOf gives).
bool complete(uint a, uint b, bool hasOpposite, uint oc, uint od) {
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
    if (hasOpposite) {
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
        precise float wa = projRow(8, a);
        precise float wb = projRow(8, b);
        bool behindA = wa <= uNear;
        bool behindB = wb <= uNear;
        if (behindA || behindB) {
            if (!(behindA && behindB)) return false;
        } else {
            precise float xa = projRow(0, a);
            precise float xb = projRow(0, b);
            precise float ya = projRow(4, a);
            precise float yb = projRow(4, b);
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
        uint first = lexLess(b, a) ? b : a;
        uint second = first == a ? b : a;
        if (!loopsub_edge_complete(uLevel, userPoint(first), userPoint(second))) return false;
    }
#endif
    return true;
}

void main() {
    uint r = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
#ifdef RESIDENT
    if (r >= windowCount()) return;
#else
    if (r >= uCount) return;
#endif
    uint m0 = srcM[metaOf(r, 0)];
    uint m1 = srcM[metaOf(r, 1)];
    for (int c = 0; c < 3; c++) {
        int k = valenceOf(m0, c);
        int g = gapOf(m1, c);
        for (int i = 0; i < k; i++) {
            int bit = ringBit(c, k, g, i);
            if (srcBit(r, bit)) continue;
            uint b = pointOf(r, ringSlot(c, k, g, i));
            bool hasOpposite = !isBoundarySpoke(k, g, i);
            uint oc = 0u;
            uint od = 0u;
            if (hasOpposite) {
                oc = pointOf(r, ringSlot(c, k, g, (i + k - 1) % k));
                od = pointOf(r, ringSlot(c, k, g, (i + 1) % k));
            }
            if (complete(pointOf(r, c), b, hasOpposite, oc, od)) {
                setSrcBit(r, bit);
                // The valence-3 corner's one D is both D spokes; keep their bits equal.
                if (k == 3 && g == NO_GAP && i == 2) setSrcBit(r, 3 + 2 * c);
            }
        }
    }
}
