// The triangle writer of the split (twin of TriangleWriter.java): a record's slivers and, at the last
// level, its four children as output triangles, for both the general and the regular path
// (writeSlivers, writeDirect): the corners and the vertices born on the edges as the position and limit
// channels leave them, their normals and uvs beside them in their own buffers.

void sliverTriangle(uint o, vec3 a, vec3 b, vec3 m) {
    sliverP[o] = a.x; sliverP[o + 1u] = a.y; sliverP[o + 2u] = a.z;
    sliverP[o + 3u] = b.x; sliverP[o + 4u] = b.y; sliverP[o + 5u] = b.z;
    sliverP[o + 6u] = m.x; sliverP[o + 7u] = m.y; sliverP[o + 8u] = m.z;
}

#ifdef UVS
void sliverUvs(uint o, vec2 a, vec2 b, vec2 m) {
    uint u = OUT_UV_FLOAT(o);
    sliverUv[u] = a.x; sliverUv[u + 1u] = a.y;
    sliverUv[u + 2u] = b.x; sliverUv[u + 3u] = b.y;
    sliverUv[u + 4u] = m.x; sliverUv[u + 5u] = m.y;
}
#endif
#ifdef NORMALS
void sliverNormals(uint o, vec3 a, vec3 b, vec3 m) {
    a = outputNormal(a);
    b = outputNormal(b);
    m = outputNormal(m);
    sliverN[o] = a.x; sliverN[o + 1u] = a.y; sliverN[o + 2u] = a.z;
    sliverN[o + 3u] = b.x; sliverN[o + 4u] = b.y; sliverN[o + 5u] = b.z;
    sliverN[o + 6u] = m.x; sliverN[o + 7u] = m.y; sliverN[o + 8u] = m.z;
}
#endif

#ifdef DIRECT
// Four output triangles (a0 b0 c0 ... a3 b3 c3), 36 floats, at vec4 o4 of the output. The regular
// half stores 9 vec4s; the general half stores the 36 floats one by one (its registers are scarce,
// and a vec4 store wants four in a row: 9 vec4s made the direct pass after the fused one slower,
// docs/design.md).
//
// The fused pass's regular half (STAGED) writes 16 triangles, 36 vec4s, per parent: stored straight,
// each of a warp's stores would touch 32 lines 576 bytes apart. It stages each grandchild's 9 vec4s
// in shared memory instead, and the group stores them together, parent after parent (every lane a
// vec4 of a run of 9), which measured faster (docs/design.md). With limit data each output buffer (positions, normals,
// uvs) has a bank of its own, all stored behind one pair of barriers (storeFour); else one bank is
// stored behind a pair of barriers a buffer (FLUSH_BANK): with uvs alone the shared memory of a second
// bank cost more occupancy than its barriers saved (SplitSchedule.stageBanks,
// docs/design.md). Every invocation of the group therefore runs the regular
// path, a general or absent record's on junk that is never stored (sStageValid), so that the
// barriers are met in uniform control flow (split_halves.glsl's ownHalf, loop_split's splitOne). The
// schedule defines STAGED (split_schedule.glsl), from STAGED_STORES, STAGE_BANKS and a group whose
// banks fit the driver's shared memory (SplitSchedule.stagedGroup).
#ifdef STAGED
#define BANK_POINTS 0u
#if STAGE_BANKS == 1
// One bank: each buffer's 9 vec4s are stored as soon as they are staged. (Written with the bank's
// index folded away: with the banked form's arithmetic below, bank 0, linear uvs measured slower:
// docs/design.md.)
#define BANK_NORMALS 0u
#define BANK_UVS 0u
shared vec4 sStage[GROUP * int(CHILDREN_VEC4S)];
shared bool sStageValid[GROUP];
#define PUT4(dst, bank, i, p, q, r, s) sStage[CHILDREN_VEC4S * gl_LocalInvocationID.x + i] = vec4(p, q, r, s);
// The group's invocation l has o4 = first + 4n l (plus n per grandchild) in the buffer stored to:
// n = 9 vec4s of positions, 6 of uvs (o4 there is the uv buffer's); its n vec4s follow.
#define FLUSH_N(dst, n) \
    barrier(); \
    { \
        uint first_ = o4 - 4u * n * gl_LocalInvocationID.x; \
        for (uint t_ = 0u; t_ < n; t_++) { \
            uint s_ = t_ * uint(GROUP) + gl_LocalInvocationID.x; \
            uint l_ = s_ / n; \
            if (sStageValid[l_]) dst[first_ + 4u * n * l_ + (s_ - n * l_)] = sStage[CHILDREN_VEC4S * l_ + (s_ - n * l_)]; \
        } \
    } \
    barrier();
#define FLUSH_BANK(dst) FLUSH_N(dst, CHILDREN_VEC4S)
#define FLUSH_BANK6(dst) FLUSH_N(dst, CHILDREN_UV_VEC4S)
void storeFour(uint o4) {}
#elif defined(NORMALS)
#define BANK_NORMALS 1u
#define BANK_UVS 2u
shared vec4 sStage[GROUP * int(CHILDREN_VEC4S) * STAGE_BANKS];
shared bool sStageValid[GROUP];
#define PUT4(dst, bank, i, p, q, r, s) sStage[CHILDREN_VEC4S * uint(STAGE_BANKS) * gl_LocalInvocationID.x + CHILDREN_VEC4S * bank + i] = vec4(p, q, r, s);
// The group's invocation l has its n vec4s of each bank (9 for positions and normals, 6 for uvs)
// at first + 4n l (plus n per grandchild) of the buffer stored to.
#define STORE_BANK(dst, bank, first, n) \
    for (uint t_ = 0u; t_ < n; t_++) { \
        uint s_ = t_ * uint(GROUP) + gl_LocalInvocationID.x; \
        uint l_ = s_ / n; \
        uint i_ = s_ - n * l_; \
        if (sStageValid[l_]) dst[first + 4u * n * l_ + i_] = sStage[CHILDREN_VEC4S * uint(STAGE_BANKS) * l_ + CHILDREN_VEC4S * bank + i_]; \
    }
#define FLUSH_BANK(dst)
#define FLUSH_BANK6(dst)
void storeFour(uint o4) {
    barrier();
    uint first_ = o4 - GRANDCHILDREN_VEC4S * gl_LocalInvocationID.x;
    STORE_BANK(directP4, BANK_POINTS, first_, CHILDREN_VEC4S)
    STORE_BANK(directN4, BANK_NORMALS, first_, CHILDREN_VEC4S)
#ifdef UVS
    STORE_BANK(directUv4, BANK_UVS, OUT_UV_FLOAT(first_), CHILDREN_UV_VEC4S)
#endif
    barrier();
}
#else
#error "STAGE_BANKS: a bank a buffer with limit data only"
#endif
#else
#if defined(GENERAL_ONLY)
#define PUT4(dst, bank, i, p, q, r, s) dst[o4 + i].x = p; dst[o4 + i].y = q; dst[o4 + i].z = r; dst[o4 + i].w = s;
#else
#define PUT4(dst, bank, i, p, q, r, s) dst[o4 + i] = vec4(p, q, r, s);
#endif
#define BANK_POINTS 0u
#define BANK_NORMALS 0u
#define BANK_UVS 0u
#define FLUSH_BANK(dst)
#define FLUSH_BANK6(dst)
void storeFour(uint o4) {}
#endif
// Four triangles' 36 floats as 9 vec4s, into dst or (STAGED) its bank, stored by FLUSH_BANK or
// storeFour.
#define PUT_FOUR(dst, bank) \
    PUT4(dst, bank, 0u, a0.x, a0.y, a0.z, b0.x) \
    PUT4(dst, bank, 1u, b0.y, b0.z, c0.x, c0.y) \
    PUT4(dst, bank, 2u, c0.z, a1.x, a1.y, a1.z) \
    PUT4(dst, bank, 3u, b1.x, b1.y, b1.z, c1.x) \
    PUT4(dst, bank, 4u, c1.y, c1.z, a2.x, a2.y) \
    PUT4(dst, bank, 5u, a2.z, b2.x, b2.y, b2.z) \
    PUT4(dst, bank, 6u, c2.x, c2.y, c2.z, a3.x) \
    PUT4(dst, bank, 7u, a3.y, a3.z, b3.x, b3.y) \
    PUT4(dst, bank, 8u, b3.z, c3.x, c3.y, c3.z) \
    FLUSH_BANK(dst)
void putFourTriangles(uint o4, vec3 a0, vec3 b0, vec3 c0, vec3 a1, vec3 b1, vec3 c1,
                      vec3 a2, vec3 b2, vec3 c2, vec3 a3, vec3 b3, vec3 c3) {
    PUT_FOUR(directP4, BANK_POINTS)
}
#ifdef UVS
// Their corner uvs (u, v), 24 floats as 6 vec4s at the uv buffer's vec4 OUT_UV_FLOAT(o4) (the
// regular path hands them over as (u, v, 0), the positions' register shape).
void putFourUvs(uint p4, vec3 a0, vec3 b0, vec3 c0, vec3 a1, vec3 b1, vec3 c1,
                vec3 a2, vec3 b2, vec3 c2, vec3 a3, vec3 b3, vec3 c3) {
    uint o4 = OUT_UV_FLOAT(p4);
    PUT4(directUv4, BANK_UVS, 0u, a0.x, a0.y, b0.x, b0.y)
    PUT4(directUv4, BANK_UVS, 1u, c0.x, c0.y, a1.x, a1.y)
    PUT4(directUv4, BANK_UVS, 2u, b1.x, b1.y, c1.x, c1.y)
    PUT4(directUv4, BANK_UVS, 3u, a2.x, a2.y, b2.x, b2.y)
    PUT4(directUv4, BANK_UVS, 4u, c2.x, c2.y, a3.x, a3.y)
    PUT4(directUv4, BANK_UVS, 5u, b3.x, b3.y, c3.x, c3.y)
    FLUSH_BANK6(directUv4)
}
#endif
#ifdef NORMALS
// Their corner normals, at the same floats of the normal buffer.
void putFourNormals(uint o4, vec3 a0, vec3 b0, vec3 c0, vec3 a1, vec3 b1, vec3 c1,
                    vec3 a2, vec3 b2, vec3 c2, vec3 a3, vec3 b3, vec3 c3) {
    a0 = outputNormal(a0); b0 = outputNormal(b0); c0 = outputNormal(c0);
    a1 = outputNormal(a1); b1 = outputNormal(b1); c1 = outputNormal(c1);
    a2 = outputNormal(a2); b2 = outputNormal(b2); c2 = outputNormal(c2);
    a3 = outputNormal(a3); b3 = outputNormal(b3); c3 = outputNormal(c3);
    PUT_FOUR(directN4, BANK_NORMALS)
}
#endif
#endif

#ifndef UNIFORM
// The slivers of a record from sliver float o on, both paths' (TriangleWriter.writeSlivers): one
// (a, b, m) along each edge whose neighbour has finished, with a -> b as the edge runs here; a and b
// are frozen, so V' = V. P_c is what corner c shows, M_e what the vertex born on edge e shows.
void writeSlivers(uint r, uint nf, uint o, vec3 P0, vec3 P1, vec3 P2, vec3 M0, vec3 M1, vec3 M2) {
    for (int e = 0; e < 3; e++) {
        if ((nf & (1u << uint(e))) == 0u) continue;
        vec3 pa = e == 0 ? P0 : e == 1 ? P1 : P2;
        vec3 pb = e == 0 ? P1 : e == 1 ? P2 : P0;
        vec3 pm = e == 0 ? M0 : e == 1 ? M1 : M2;
        sliverTriangle(o, pa, pb, pm);
#ifdef NORMALS
        sliverNormals(o, cornerNormal(r, e), cornerNormal(r, (e + 1) % 3), bornNormal(e));
#endif
#ifdef UVS
        sliverUvs(o, loadOutputUv(r, e), loadOutputUv(r, (e + 1) % 3), bornOutUv(e));
#endif
        o += TRIANGLE_FLOATS;
    }
}
#endif

#ifdef DIRECT
// A record's four children as output triangles at vec4 o4 (corner children 0, 1, 2, then the
// centre), for both paths (TriangleWriter.writeDirect): P_c, PN_c and PU_c are what corner c shows,
// the vertex born on edge e shows M_e, bornNormal(e) and bornOutUv(e).
void writeDirect(uint o4, vec3 P0, vec3 P1, vec3 P2, vec3 M0, vec3 M1, vec3 M2, vec3 PN0, vec3 PN1, vec3 PN2,
                 vec2 PU0, vec2 PU1, vec2 PU2) {
    putFourTriangles(o4, P0, M0, M2, M0, P1, M1, M2, M1, P2, M1, M2, M0);
#ifdef NORMALS
    vec3 N0 = bornNormal(0), N1 = bornNormal(1), N2 = bornNormal(2);
    putFourNormals(o4, PN0, N0, N2, N0, PN1, N1, N2, N1, PN2, N1, N2, N0);
#endif
#ifdef UVS
    vec3 U0 = vec3(PU0, 0.0), U1 = vec3(PU1, 0.0), U2 = vec3(PU2, 0.0);
    vec3 W0 = vec3(bornOutUv(0), 0.0), W1 = vec3(bornOutUv(1), 0.0), W2 = vec3(bornOutUv(2), 0.0);
    putFourUvs(o4, U0, W0, W2, W0, U1, W1, W2, W1, U2, W1, W2, W0);
#endif
    storeFour(o4);
}
#endif

#if defined(UVS) && !defined(REGULAR_ONLY)
// The uv a corner child's corner shows when written as an output triangle (OUT_CORNER_UV).
vec2 outCornerUv(uint r, int c) {
#if defined(UV_LIMITS)
#if defined(CREASES) && defined(UNIFORM) && defined(DIRECT)
    if (sRenewAll[c]) return sRenewedUvLimit[c];
#endif
    return loadOutputUv(r, c);
#else
    return NEXT_CORNER_UV(r, c);
#endif
}
#endif

#if defined(DIRECT) && !defined(REGULAR_ONLY)
// What corner c of a general record shows in a direct triangle: its output position and its normal
// at the next level, or at the last uniform level those taken again from its ring (renewCorner).
vec3 directCorner(uint r, int c) {
#if defined(CREASES) && defined(NORMALS) && defined(UNIFORM) && defined(LIMIT)
    if (sRenewAll[c]) return sRenewLimit[c];
#endif
    return cornerOut(r, c);
}
vec3 directCornerNormal(uint r, int c) {
#if defined(CREASES) && defined(NORMALS) && defined(UNIFORM)
    if (sRenewAll[c]) return sRenewedNormal[c];
#endif
    return nextCornerNormal(r, c);
}
#endif
