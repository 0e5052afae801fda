// Pass 1 of a level, the edge test (twin of LoopFlagEdges.java and EdgeCriteria.java): evaluates
// the stop criteria on every spoke not yet complete and sets its complete bit. The loader defines
// CRIT_MAX_EDGE, CRIT_FLATNESS, CRIT_SCREEN, CRIT_CUSTOM for the criteria in use.
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
    precise float v = uRows[r] * srcP[a] + uRows[r + 1] * srcP[a + 1u] + uRows[r + 2] * srcP[a + 2u] + uRows[r + 3];
    return v;
}

bool lexLess(uint a, uint b) {
    for (uint x = 0u; x < 3u; x++) {
        if (srcP[a + x] != srcP[b + x]) return srcP[a + x] < srcP[b + x];
    }
    return false;
}

vec3 userPoint(uint a) {
    precise vec3 u;
    u.x = srcP[a] * uInvScale + uCentre.x;
    u.y = srcP[a + 1u] * uInvScale + uCentre.y;
    u.z = srcP[a + 2u] * uInvScale + uCentre.z;
    return u;
}

bool complete(uint a, uint b, int oc, int od) {
#ifdef CRIT_MAX_EDGE
    {
        precise float dx = srcP[a] - srcP[b];
        precise float dy = srcP[a + 1u] - srcP[b + 1u];
        precise float dz = srcP[a + 2u] - srcP[b + 2u];
        precise float s = dx * dx + dy * dy + dz * dz;
        if (!(s <= uMaxEdge2)) return false;
    }
#endif
#ifdef CRIT_FLATNESS
    if (oc >= 0) {
        precise float sum = 0.0;
        for (uint x = 0u; x < 3u; x++) {
            precise float d = loopEdgePoint(srcP[a + x], srcP[b + x], srcP[uint(oc) + x], srcP[uint(od) + x])
                    - loopMidpoint(srcP[a + x], srcP[b + x]);
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
    if (r >= uCount) return;
    uint pb = r * uint(POINT_FLOATS);
    uint mb = r * uint(META_INTS);
    uint m0 = srcM[mb];
    uint m1 = srcM[mb + 1u];
    for (int c = 0; c < 3; c++) {
        int k = valenceOf(m0, c);
        int g = gapOf(m1, c);
        for (int i = 0; i < k; i++) {
            int bit = ringBit(c, k, g, i);
            if (srcBit(mb, bit)) continue;
            uint b = pb + 3u * uint(ringSlot(c, k, g, i));
            int oc = -1;
            int od = -1;
            if (!isBoundarySpoke(k, g, i)) {
                oc = int(pb + 3u * uint(ringSlot(c, k, g, (i + k - 1) % k)));
                od = int(pb + 3u * uint(ringSlot(c, k, g, (i + 1) % k)));
            }
            if (complete(pb + 3u * uint(c), b, oc, od)) {
                setSrcBit(mb, bit);
                // The valence-3 corner's one D is both D spokes; keep their bits equal.
                if (k == 3 && g == NO_GAP && i == 2) setSrcBit(mb, 3 + 2 * c);
            }
        }
    }
}
